//! Parameters that may name their object loosely — a merge request by a text in its title
//! or source branch, a branch by part of its name, a user by name, a project by the last
//! part of its path —, and how such a name is looked up. The call path finds what they
//! name before anything is built (`crate::call::resolve`): one match is used, several are
//! asked about, none is refused.
//!
//! A parameter is a reference by its type. The type's schema carries [`KEYWORD`] naming the
//! kind of object it refers to ([`Refers`]); when an action is described, [`take`] takes
//! the keyword out of the schema the clients get and keeps the action's [`Reference`]s.
//! The schema is where a parameter type tells the catalog about itself: schemars walks
//! every field for us, in flattened halves and lists too, so no action lists its
//! references by hand. Each kind knows when a value names its object exactly, how to
//! search GitLab for what a loose value may mean, and how to title what it finds.
//!
//! A field whose type stays plain text is marked by an attribute instead, which puts the
//! same keyword in its schema:
//!
//! ```text
//! #[schemars(extend("x-refers-to" = "branch"))]
//! pub ref_name: String,
//! ```

mod branch;
mod merge_request;
mod project;
mod user;

use schemars::Schema;
use serde_json::{Map, Value};

use crate::catalog::endpoint::Endpoint;
use crate::gitlab::ProjectId;

pub use branch::Branch;
pub use merge_request::MergeRequestIid;
pub use user::{UserId, Username};

/// The schema keyword naming what a parameter type refers to; never published.
pub const KEYWORD: &str = "x-refers-to";

/// The kinds of object a parameter may name loosely.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refers {
    /// A project: by id or full path exactly, by the last part of its path loosely.
    Project,
    /// A merge request of the call's project: by iid exactly, by a text in its title or
    /// source branch loosely.
    MergeRequest,
    /// A branch of the call's project: by its name, or part of it.
    Branch,
    /// A user, sent as their id: by id exactly, by username or name loosely.
    User,
    /// A user, sent as their username: by username or name.
    Username,
}

/// One parameter of an action that may name its object loosely.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reference {
    /// The parameter: `merge_request_iid`.
    pub field: String,
    pub refers: Refers,
    /// A list of references (`assignee_ids`): each item is looked up on its own.
    pub list: bool,
}

/// A GitLab read that finds candidates: the endpoint and the fields that fill it.
#[derive(Debug, Clone)]
pub struct Search {
    pub endpoint: Endpoint,
    pub fields: Map<String, Value>,
}

/// An object a loose value may mean.
#[derive(Debug, Clone, PartialEq)]
pub struct Candidate {
    /// What the parameter becomes when this one is meant: `12`, `feature/login`.
    pub value: Value,
    /// How the user sees it, on one line: `!12 Fix login (feature/login)`.
    pub title: String,
    /// It is named exactly as written (a branch's whole name, a username): it is meant,
    /// whatever else matched.
    pub exact: bool,
    /// The project it is, for a project: its id and full path, which an allow list must
    /// admit before it is offered.
    pub project: Option<(u64, String)>,
}

impl Candidate {
    /// The value as a form's option carries it.
    pub fn option(&self) -> String {
        match &self.value {
            Value::String(text) => text.clone(),
            other => other.to_string(),
        }
    }
}

/// What each kind of object knows: when a value names it exactly, how to search for it and
/// title it, and the words that tell a user or a model about it.
trait Kind: Sync {
    /// `merge request`, `branch`; the call path makes the plural (`branches`).
    fn noun(&self) -> &'static str;

    /// The text to look up when `value` does not name its object exactly; `None`: the value
    /// is taken as written (an iid, an id, a full path, a wildcard, or something the
    /// parameter's own type refuses).
    fn loose<'a>(&self, value: &'a Value) -> Option<&'a str>;

    /// The reads that find candidates for `text`, tried in turn until one finds some;
    /// `project` is the call's (already resolved).
    fn searches(&self, text: &str, project: Option<&ProjectId>) -> Vec<Search>;

    /// `object`, one of a search's answers, as a candidate for `text`; `None` when it does
    /// not match.
    fn candidate(&self, text: &str, object: &Value) -> Option<Candidate>;

    /// What no candidate matched, `text` given escaped: `no merge request of project
    /// `demo/sandbox` has `login` in its title or source branch`.
    fn searched(&self, text: &str, project: Option<&ProjectId>) -> String;

    /// How to find one and name it exactly.
    fn instead(&self) -> &'static str;

    /// The sentence a parameter's description gets.
    fn described(&self) -> &'static str;
}

impl Refers {
    /// The keyword's value for this kind.
    fn name(self) -> &'static str {
        match self {
            Refers::Project => "project",
            Refers::MergeRequest => "merge_request",
            Refers::Branch => "branch",
            Refers::User => "user",
            Refers::Username => "username",
        }
    }

    /// The sentence a parameter of this kind gets: what it may name besides an id.
    pub fn described(self) -> &'static str {
        self.kind().described()
    }

    fn named(name: &str) -> Option<Refers> {
        [
            Refers::Project,
            Refers::MergeRequest,
            Refers::Branch,
            Refers::User,
            Refers::Username,
        ]
        .into_iter()
        .find(|refers| refers.name() == name)
    }

    fn kind(self) -> &'static dyn Kind {
        match self {
            Refers::Project => &project::Projects,
            Refers::MergeRequest => &merge_request::MergeRequests,
            Refers::Branch => &branch::Branches,
            Refers::User => &user::Users { by_id: true },
            Refers::Username => &user::Users { by_id: false },
        }
    }

    pub fn noun(self) -> &'static str {
        self.kind().noun()
    }

    /// The text to look up when `value` does not name its object exactly.
    pub fn loose(self, value: &Value) -> Option<&str> {
        self.kind().loose(value)
    }

    pub fn searches(self, text: &str, project: Option<&ProjectId>) -> Vec<Search> {
        self.kind().searches(text, project)
    }

    pub fn candidate(self, text: &str, object: &Value) -> Option<Candidate> {
        self.kind().candidate(text, object)
    }

    pub fn searched(self, text: &str, project: Option<&ProjectId>) -> String {
        self.kind().searched(text, project)
    }

    pub fn instead(self) -> &'static str {
        self.kind().instead()
    }
}

/// The schema of a reference type: `schema` with the keyword naming what it refers to.
pub(crate) fn schema(refers: Refers, schema: Value) -> Schema {
    let Value::Object(mut object) = schema else {
        panic!("a reference type's schema is an object");
    };
    object.insert(KEYWORD.to_owned(), Value::String(refers.name().to_owned()));
    Schema::from(object)
}

/// Takes the keyword out of an action's input schema — its properties, their list items,
/// the parts of a flattened struct — and returns the references it marked, in field order.
/// Each one's description gets its kind's sentence, so a client reads what it may give.
pub fn take(schema: &mut Map<String, Value>) -> Vec<Reference> {
    let mut found = Vec::new();
    if let Some(Value::Object(properties)) = schema.get_mut("properties") {
        for (field, property) in properties.iter_mut() {
            let Value::Object(property) = property else {
                continue;
            };
            let (refers, list) = match marked(property) {
                Some(refers) => (refers, false),
                None => match property.get_mut("items") {
                    Some(Value::Object(items)) => match marked(items) {
                        Some(refers) => (refers, true),
                        None => continue,
                    },
                    _ => continue,
                },
            };
            describe(property, refers.kind().described());
            found.push(Reference {
                field: field.clone(),
                refers,
                list,
            });
        }
    }
    for part in ["allOf", "anyOf", "oneOf"] {
        if let Some(Value::Array(parts)) = schema.get_mut(part) {
            for sub in parts.iter_mut() {
                if let Value::Object(sub) = sub {
                    found.extend(take(sub));
                }
            }
        }
    }
    found
}

/// The kind a (sub)schema is marked with, the mark removed.
fn marked(schema: &mut Map<String, Value>) -> Option<Refers> {
    let name = schema.remove(KEYWORD)?;
    let refers = name.as_str().and_then(Refers::named);
    Some(refers.unwrap_or_else(|| panic!("`{KEYWORD}` names no kind of object: {name}")))
}

fn describe(property: &mut Map<String, Value>, sentence: &str) {
    let description = match property.get("description").and_then(Value::as_str) {
        Some(own) => {
            let own = own.trim_end();
            let stop = if own.ends_with('.') { "" } else { "." };
            format!("{own}{stop} {sentence}")
        }
        None => sentence.to_owned(),
    };
    property.insert("description".to_owned(), Value::String(description));
}

/// Whether `text` holds `part`, ignoring case.
fn holds(text: &str, part: &str) -> bool {
    text.to_lowercase().contains(&part.to_lowercase())
}

/// A text GitLab users wrote, fit for a form's option: on one line, without characters
/// that hide or reorder text, at most 100 characters.
fn one_line(text: &str) -> String {
    let visible: String = text
        .chars()
        .map(|c| if c.is_whitespace() { ' ' } else { c })
        .filter(|c| !c.is_control() && !hides(*c))
        .collect();
    let words: Vec<&str> = visible.split_whitespace().collect();
    let line = words.join(" ");
    match line.char_indices().nth(100) {
        Some((end, _)) => format!("{}…", &line[..end]),
        None => line,
    }
}

/// A character that changes or hides text without showing itself (zero-width, bidi
/// controls, tags).
fn hides(c: char) -> bool {
    matches!(c,
        '\u{061C}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2069}'
        | '\u{FEFF}' | '\u{FFF9}'..='\u{FFFB}' | '\u{E0000}'..='\u{E007F}')
}

/// `of project `demo/sandbox``, or nothing without a project.
fn of_project(project: Option<&ProjectId>) -> String {
    project.map_or_else(String::new, |project| format!(" of project `{project}`"))
}

/// The fields of a search: each pair, nulls left out.
fn fields<const N: usize>(pairs: [(&str, Value); N]) -> Map<String, Value> {
    pairs
        .into_iter()
        .filter(|(_, value)| !value.is_null())
        .map(|(key, value)| (key.to_owned(), value))
        .collect()
}

/// How many objects one search reads: GitLab's largest page.
const PAGE: u64 = 100;

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_keyword_is_taken_out_and_the_references_kept() {
        let mut schema = json!({
            "type": "object",
            "properties": {
                "project_id": {"type": "string", "description": "The project.", KEYWORD: "project"},
                "assignee_ids": {"type": "array", "items": {"type": ["integer", "string"], KEYWORD: "user"}},
                "title": {"type": "string"}
            },
            "allOf": [{"properties": {"branch": {"type": "string", KEYWORD: "branch"}}}]
        });
        let Value::Object(object) = &mut schema else {
            unreachable!()
        };
        let references = take(object);
        let kinds: Vec<(&str, Refers, bool)> = references
            .iter()
            .map(|r| (r.field.as_str(), r.refers, r.list))
            .collect();
        assert_eq!(
            kinds,
            [
                ("assignee_ids", Refers::User, true),
                ("project_id", Refers::Project, false),
                ("branch", Refers::Branch, false),
            ]
        );
        assert!(!schema.to_string().contains(KEYWORD), "{schema}");
        let description = schema["properties"]["project_id"]["description"]
            .as_str()
            .unwrap();
        assert!(description.starts_with("The project. "), "{description}");
    }

    /// A plain text field becomes a reference by one attribute on the params struct.
    #[test]
    fn an_attribute_marks_a_plain_field() {
        #[derive(schemars::JsonSchema)]
        #[allow(dead_code)]
        struct Params {
            #[schemars(extend("x-refers-to" = "branch"))]
            ref_name: Option<String>,
            title: String,
        }
        let Value::Object(mut schema) = schemars::schema_for!(Params).to_value() else {
            unreachable!()
        };
        let references = take(&mut schema);
        assert_eq!(
            references,
            [Reference {
                field: "ref_name".to_owned(),
                refers: Refers::Branch,
                list: false,
            }]
        );
    }

    #[test]
    fn titles_keep_to_one_visible_line() {
        assert_eq!(one_line("Fix\nlogin\u{202E} now"), "Fix login now");
        let long = "x".repeat(120);
        assert_eq!(one_line(&long).chars().count(), 101);
    }
}
