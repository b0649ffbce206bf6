//! A user, by id, username or name: the assignees, reviewers and authors calls name.

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Value, json};

use super::{Candidate, Kind, PAGE, Refers, Search, fields, holds, of_project, one_line};
use crate::catalog::endpoint::Endpoint;
use crate::gitlab::{ProjectId, whole_id};

/// A user's numeric id. A username (`alice`, `@alice`) or a name is looked up before the
/// call is built, so only an id reaches the request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct UserId(pub u64);

impl<'de> Deserialize<'de> for UserId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(deserializer)?;
        let id = match &value {
            Value::Number(number) => number
                .as_u64()
                .or_else(|| number.as_f64().and_then(whole_id)),
            Value::String(text) => text.trim().parse().ok(),
            _ => None,
        };
        id.filter(|id| *id > 0).map(UserId).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "expected a user id, got {value}; a username or name is looked up before the call is built"
            ))
        })
    }
}

impl JsonSchema for UserId {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> std::borrow::Cow<'static, str> {
        "UserId".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let schema = json_schema!({
            "type": ["integer", "string"],
            "description": "A user's id (`42`)."
        });
        super::schema(Refers::User, schema.to_value())
    }
}

/// A username (`alice`), as GitLab's filters take it; a name or part of a username is
/// looked up before the call is built.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Username(pub String);

impl JsonSchema for Username {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Username".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let schema = json_schema!({
            "type": "string",
            "minLength": 1,
            "description": "A username (`alice`)."
        });
        super::schema(Refers::Username, schema.to_value())
    }
}

/// Users, found among the members of the call's project (those who can be assigned or
/// asked to review there), or among every user when the call names no project.
pub(super) struct Users {
    /// The parameter takes the user's id; otherwise their username.
    pub by_id: bool,
}

/// Whether `text` has the characters of a GitLab username (letters, digits, `_`, `.`, `-`,
/// not starting with `-`).
fn is_username(text: &str) -> bool {
    !text.is_empty()
        && !text.starts_with('-')
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-'))
}

/// What a user filter takes as written: nobody, or anybody.
const NOBODY_OR_ANYBODY: [&str; 2] = ["none", "any"];

impl Kind for Users {
    fn noun(&self) -> &'static str {
        "user"
    }

    fn loose<'a>(&self, value: &'a Value) -> Option<&'a str> {
        let Value::String(text) = value else {
            return None;
        };
        let text = text.trim();
        // A username filter takes what reads as a whole username as written: GitLab
        // matches it exactly, and looking it up would cost a search on every filtered
        // list. A name (`Alice Example`) or `@alice` is looked up.
        let as_written = match self.by_id {
            true => {
                text.parse::<u64>().is_ok()
                    || NOBODY_OR_ANYBODY.contains(&text.to_lowercase().as_str())
            }
            false => is_username(text),
        };
        match as_written || text.trim_start_matches('@').is_empty() {
            true => None,
            false => Some(text.trim_start_matches('@')),
        }
    }

    fn searches(&self, text: &str, project: Option<&ProjectId>) -> Vec<Search> {
        let search = match project {
            Some(project) => Search {
                endpoint: Endpoint::new(reqwest::Method::GET, "projects/{project_id}/members/all"),
                fields: fields([
                    ("project_id", json!(project)),
                    ("query", json!(text)),
                    ("per_page", json!(PAGE)),
                ]),
            },
            None => Search {
                endpoint: Endpoint::new(reqwest::Method::GET, "users"),
                fields: fields([("search", json!(text)), ("per_page", json!(PAGE))]),
            },
        };
        vec![search]
    }

    fn candidate(&self, text: &str, object: &Value) -> Option<Candidate> {
        let id = object.get("id")?.as_u64()?;
        let username = object.get("username")?.as_str()?;
        let name = object
            .get("name")
            .and_then(Value::as_str)
            .unwrap_or_default();
        // GitLab's search reads emails too, which a candidate's title does not show.
        if !holds(username, text) && !holds(name, text) {
            return None;
        }
        Some(Candidate {
            value: match self.by_id {
                true => json!(id),
                false => json!(username),
            },
            title: one_line(&format!("@{username} ({name})")),
            exact: username.eq_ignore_ascii_case(text) || name.eq_ignore_ascii_case(text),
            project: None,
        })
    }

    fn searched(&self, text: &str, project: Option<&ProjectId>) -> String {
        match project {
            Some(_) => format!(
                "no member{} has {text} in their username or name",
                of_project(project)
            ),
            None => format!("no user has {text} in their username or name"),
        }
    }

    fn instead(&self) -> &'static str {
        "find them with `member.list` (`query`) or `user.list` (`search`) and give their user id or username"
    }

    fn described(&self) -> &'static str {
        match self.by_id {
            true => "Or a username or name, looked up among the project's members.",
            false => {
                "A name or `@` and part of a username is looked up among the project's members."
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_filters_are_taken_as_written_and_names_looked_up() {
        let by_id = Users { by_id: true };
        for as_written in [
            json!(7),
            json!("7"),
            json!("None"),
            json!("any"),
            json!("@"),
        ] {
            assert_eq!(by_id.loose(&as_written), None, "{as_written}");
        }
        assert_eq!(by_id.loose(&json!("@alice")), Some("alice"));
        let by_username = Users { by_id: false };
        assert_eq!(by_username.loose(&json!("alice")), None);
        assert_eq!(by_username.loose(&json!("@alice")), Some("alice"));
        assert_eq!(
            by_username.loose(&json!("Alice Example")),
            Some("Alice Example")
        );
        let alice = json!({"id": 2, "username": "alice", "name": "Alice Example"});
        let found = by_id.candidate("Alice", &alice).unwrap();
        assert_eq!((found.value, found.exact), (json!(2), true));
        assert_eq!(found.title, "@alice (Alice Example)");
        let found = Users { by_id: false }.candidate("exam", &alice).unwrap();
        assert_eq!((found.value, found.exact), (json!("alice"), false));
        assert_eq!(
            serde_json::from_value::<UserId>(json!("12")).unwrap(),
            UserId(12)
        );
        assert!(serde_json::from_value::<UserId>(json!("alice")).is_err());
    }
}
