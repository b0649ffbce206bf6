//! Compact answers. Every byte an answer carries is read by the model, so each kind of
//! GitLab object keeps the fields a model needs to act and to answer: ids, title, state,
//! people as usernames, branch names, labels, the milestone's title, the pipeline's
//! status, dates, counts, description, `web_url`. Everything else GitLab sends — nulls
//! and empty values, avatars, `_links`, URLs that can be rebuilt, nested copies of whole
//! users, commits and pipelines — is left out. A caller who needs it all asks for it with
//! `raw: true` ([`RAW`]).
//!
//! A flag is sent only when true, a count only when not zero, `updated_at` only when it
//! differs from `created_at`. An object of no declared kind is still made compact, field
//! by field ([`brief`]), keeping every field that has a value.

use serde_json::{Map, Value, json};

/// The parameter that asks for GitLab's whole object instead of the compact one.
pub const RAW: &str = "raw";

/// What a kept field holds, and how GitLab's value becomes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ty {
    Text,
    Integer,
    Number,
    Bool,
    /// A list of words (`labels`, `topics`, `parent_ids`).
    Texts,
    /// A user object, kept as its username.
    Person,
    /// A list of users, kept as their usernames.
    People,
    /// A milestone object, kept as its title.
    Milestone,
    /// A nested pipeline: `{id, status, ref}`.
    Pipeline,
    /// A nested commit: `{id, title}`.
    Commit,
    /// The notes of a discussion, each as a [`NOTE`].
    Notes,
    /// Where a diff comment sits: `{new_path, new_line, old_path, old_line}`, the old
    /// path only when renamed.
    Position,
    /// What an item is about (a to-do's issue or merge request): `{id, iid, title, state}`.
    Target,
    /// A project object, kept as its path (`demo/sandbox`).
    ProjectPath,
    /// Anything else, made compact field by field.
    Any,
}

/// A kept field: its name (GitLab's, whose API documentation says what it means) and
/// what it holds.
pub type Field = (&'static str, Ty);

/// One kind of GitLab object and the fields its compact form keeps, in order.
#[derive(Debug, PartialEq, Eq)]
pub struct Kind {
    /// `merge_request`.
    pub name: &'static str,
    /// The path segments that name it (`merge_requests`).
    names: &'static [&'static str],
    pub fields: &'static [Field],
}

const ID: Field = ("id", Ty::Integer);
const IID: Field = ("iid", Ty::Integer);
const PROJECT_ID: Field = ("project_id", Ty::Integer);
const TITLE: Field = ("title", Ty::Text);
const DESCRIPTION: Field = ("description", Ty::Text);
const STATE: Field = ("state", Ty::Text);
const AUTHOR: Field = ("author", Ty::Person);
const ASSIGNEES: Field = ("assignees", Ty::People);
const LABELS: Field = ("labels", Ty::Texts);
const MILESTONE: Field = ("milestone", Ty::Milestone);
const CREATED: Field = ("created_at", Ty::Text);
const UPDATED: Field = ("updated_at", Ty::Text);
const CLOSED: Field = ("closed_at", Ty::Text);
const WEB_URL: Field = ("web_url", Ty::Text);
const NOTES_COUNT: Field = ("user_notes_count", Ty::Integer);

pub static MERGE_REQUEST: Kind = Kind {
    name: "merge_request",
    names: &["merge_requests"],
    fields: &[
        ID,
        IID,
        PROJECT_ID,
        TITLE,
        DESCRIPTION,
        STATE,
        ("draft", Ty::Bool),
        ("source_branch", Ty::Text),
        ("target_branch", Ty::Text),
        AUTHOR,
        ASSIGNEES,
        ("reviewers", Ty::People),
        LABELS,
        MILESTONE,
        ("detailed_merge_status", Ty::Text),
        ("has_conflicts", Ty::Bool),
        ("head_pipeline", Ty::Pipeline),
        ("sha", Ty::Text),
        ("merge_commit_sha", Ty::Text),
        ("squash_commit_sha", Ty::Text),
        ("merged_by", Ty::Person),
        ("merged_at", Ty::Text),
        CLOSED,
        CREATED,
        UPDATED,
        NOTES_COUNT,
        ("changes_count", Ty::Text),
        ("merge_when_pipeline_succeeds", Ty::Bool),
        ("merge_error", Ty::Text),
        WEB_URL,
    ],
};

pub static ISSUE: Kind = Kind {
    name: "issue",
    names: &["issues"],
    fields: &[
        ID,
        IID,
        PROJECT_ID,
        TITLE,
        DESCRIPTION,
        STATE,
        ("issue_type", Ty::Text),
        ("confidential", Ty::Bool),
        AUTHOR,
        ASSIGNEES,
        LABELS,
        MILESTONE,
        ("due_date", Ty::Text),
        ("weight", Ty::Integer),
        ("merge_requests_count", Ty::Integer),
        CLOSED,
        ("closed_by", Ty::Person),
        CREATED,
        UPDATED,
        NOTES_COUNT,
        WEB_URL,
    ],
};

pub static PIPELINE: Kind = Kind {
    name: "pipeline",
    names: &["pipelines", "pipeline"],
    fields: &[
        ID,
        IID,
        PROJECT_ID,
        ("status", Ty::Text),
        ("ref", Ty::Text),
        ("sha", Ty::Text),
        ("source", Ty::Text),
        ("user", Ty::Person),
        ("yaml_errors", Ty::Text),
        CREATED,
        ("started_at", Ty::Text),
        ("finished_at", Ty::Text),
        ("duration", Ty::Number),
        ("coverage", Ty::Text),
        WEB_URL,
    ],
};

pub static JOB: Kind = Kind {
    name: "job",
    names: &["jobs"],
    fields: &[
        ID,
        ("name", Ty::Text),
        ("stage", Ty::Text),
        ("status", Ty::Text),
        ("failure_reason", Ty::Text),
        ("allow_failure", Ty::Bool),
        ("ref", Ty::Text),
        ("pipeline", Ty::Pipeline),
        ("commit", Ty::Commit),
        ("user", Ty::Person),
        CREATED,
        ("started_at", Ty::Text),
        ("finished_at", Ty::Text),
        ("duration", Ty::Number),
        ("artifacts", Ty::Any),
        WEB_URL,
    ],
};

pub static BRANCH: Kind = Kind {
    name: "branch",
    names: &["branches"],
    fields: &[
        ("name", Ty::Text),
        ("commit", Ty::Commit),
        ("default", Ty::Bool),
        ("protected", Ty::Bool),
        ("merged", Ty::Bool),
        WEB_URL,
    ],
};

pub static TAG: Kind = Kind {
    name: "tag",
    names: &["tags"],
    fields: &[
        ("name", Ty::Text),
        ("message", Ty::Text),
        ("target", Ty::Text),
        ("commit", Ty::Commit),
        ("protected", Ty::Bool),
        ("created_at", Ty::Text),
    ],
};

/// No `web_url`: a commit's page is its project's `web_url` and `/-/commit/{id}`.
pub static COMMIT: Kind = Kind {
    name: "commit",
    names: &["commits"],
    fields: &[
        ("id", Ty::Text),
        ("short_id", Ty::Text),
        TITLE,
        ("message", Ty::Text),
        ("author_name", Ty::Text),
        ("authored_date", Ty::Text),
        ("committer_name", Ty::Text),
        ("committed_date", Ty::Text),
        ("parent_ids", Ty::Texts),
        ("stats", Ty::Any),
        ("status", Ty::Text),
        ("last_pipeline", Ty::Pipeline),
    ],
};

pub static RELEASE: Kind = Kind {
    name: "release",
    names: &["releases"],
    fields: &[
        ("tag_name", Ty::Text),
        ("name", Ty::Text),
        DESCRIPTION,
        AUTHOR,
        ("commit", Ty::Commit),
        ("milestones", Ty::Any),
        ("created_at", Ty::Text),
        ("released_at", Ty::Text),
        ("upcoming_release", Ty::Bool),
        ("assets", Ty::Any),
    ],
};

pub static MILESTONE_KIND: Kind = Kind {
    name: "milestone",
    names: &["milestones"],
    fields: &[
        ID,
        IID,
        PROJECT_ID,
        ("group_id", Ty::Integer),
        TITLE,
        DESCRIPTION,
        STATE,
        ("start_date", Ty::Text),
        ("due_date", Ty::Text),
        ("expired", Ty::Bool),
        WEB_URL,
    ],
};

pub static LABEL: Kind = Kind {
    name: "label",
    names: &["labels"],
    fields: &[
        ID,
        ("name", Ty::Text),
        ("color", Ty::Text),
        DESCRIPTION,
        ("priority", Ty::Integer),
        ("open_issues_count", Ty::Integer),
        ("open_merge_requests_count", Ty::Integer),
        ("subscribed", Ty::Bool),
    ],
};

pub static PROJECT: Kind = Kind {
    name: "project",
    names: &["projects", "forks"],
    fields: &[
        ID,
        ("name", Ty::Text),
        ("path_with_namespace", Ty::Text),
        DESCRIPTION,
        ("default_branch", Ty::Text),
        ("visibility", Ty::Text),
        ("archived", Ty::Bool),
        ("topics", Ty::Texts),
        ("star_count", Ty::Integer),
        ("forks_count", Ty::Integer),
        ("open_issues_count", Ty::Integer),
        ("forked_from_project", Ty::Any),
        ("empty_repo", Ty::Bool),
        ("created_at", Ty::Text),
        ("last_activity_at", Ty::Text),
        WEB_URL,
    ],
};

pub static GROUP: Kind = Kind {
    name: "group",
    names: &["groups", "subgroups"],
    fields: &[
        ID,
        ("name", Ty::Text),
        ("full_path", Ty::Text),
        DESCRIPTION,
        ("visibility", Ty::Text),
        ("parent_id", Ty::Integer),
        ("created_at", Ty::Text),
        WEB_URL,
    ],
};

pub static USER: Kind = Kind {
    name: "user",
    names: &["users", "user"],
    fields: &[
        ID,
        ("username", Ty::Text),
        ("name", Ty::Text),
        STATE,
        ("bot", Ty::Bool),
        ("public_email", Ty::Text),
        WEB_URL,
    ],
};

pub static MEMBER: Kind = Kind {
    name: "member",
    names: &["members", "all"],
    fields: &[
        ID,
        ("username", Ty::Text),
        ("name", Ty::Text),
        STATE,
        ("access_level", Ty::Integer),
        ("expires_at", Ty::Text),
    ],
};

pub static TODO: Kind = Kind {
    name: "todo",
    names: &["todos"],
    fields: &[
        ID,
        ("action_name", Ty::Text),
        ("target_type", Ty::Text),
        ("target", Ty::Target),
        ("target_url", Ty::Text),
        ("project", Ty::ProjectPath),
        AUTHOR,
        ("state", Ty::Text),
        CREATED,
    ],
};

pub static NOTE: Kind = Kind {
    name: "note",
    names: &["notes"],
    fields: &[
        ID,
        ("body", Ty::Text),
        AUTHOR,
        CREATED,
        ("updated_at", Ty::Text),
        ("system", Ty::Bool),
        ("type", Ty::Text),
        ("resolvable", Ty::Bool),
        ("resolved", Ty::Bool),
        ("resolved_by", Ty::Person),
        ("position", Ty::Position),
    ],
};

pub static DISCUSSION: Kind = Kind {
    name: "discussion",
    names: &["discussions"],
    fields: &[
        ("id", Ty::Text),
        ("individual_note", Ty::Bool),
        ("notes", Ty::Notes),
    ],
};

pub static WIKI_PAGE: Kind = Kind {
    name: "wiki_page",
    names: &["wikis"],
    fields: &[
        ("slug", Ty::Text),
        TITLE,
        ("format", Ty::Text),
        ("content", Ty::Text),
        ("encoding", Ty::Text),
    ],
};

/// Path verbs GitLab answers with the object they act on (`…/jobs/{job_id}/retry` is the
/// job retried, `…/merge_requests/{merge_request_iid}/merge` the merge request merged).
const VERBS: &[&str] = &[
    "merge",
    "retry",
    "cancel",
    "play",
    "erase",
    "fork",
    "archive",
    "unarchive",
    "star",
    "unstar",
    "transfer",
    "cherry_pick",
    "revert",
    "mark_as_done",
];

/// Every declared kind.
pub static KINDS: &[&Kind] = &[
    &MERGE_REQUEST,
    &ISSUE,
    &PIPELINE,
    &JOB,
    &BRANCH,
    &TAG,
    &COMMIT,
    &RELEASE,
    &MILESTONE_KIND,
    &LABEL,
    &PROJECT,
    &GROUP,
    &USER,
    &MEMBER,
    &NOTE,
    &DISCUSSION,
    &WIKI_PAGE,
    &TODO,
];

impl Kind {
    /// The kind GitLab answers with at `path` (an endpoint, fields in braces): named by
    /// its last fixed segment (`…/merge_requests/{merge_request_iid}` is a merge request,
    /// `…/pipelines/{pipeline_id}/retry` a pipeline). `None` when that segment names no
    /// declared kind: the answer is then made compact field by field.
    pub fn of_path(path: &str) -> Option<&'static Kind> {
        let mut fixed = path.split('/').rev().filter(|part| !part.starts_with('{'));
        let mut last = fixed.next()?;
        // A verb answered with the object it acts on: the collection before it.
        if VERBS.contains(&last) {
            last = fixed.next()?;
        }
        KINDS
            .iter()
            .copied()
            .find(|kind| kind.names.contains(&last))
    }

    /// The kind named `name` (`merge_request`).
    pub fn named(name: &str) -> Option<&'static Kind> {
        KINDS.iter().copied().find(|kind| kind.name == name)
    }

    /// The compact form of one GitLab object of this kind: its declared fields that have
    /// a value, each as its [`Ty`] keeps it.
    pub fn compact(&self, object: &Map<String, Value>) -> Map<String, Value> {
        let mut kept = Map::new();
        for &(name, ty) in self.fields {
            let Some(value) = object.get(name) else {
                continue;
            };
            let value = match (name, ty) {
                // The message only when it says more than the title.
                ("message", _) if self.name == "commit" => {
                    let title = object.get("title").and_then(Value::as_str).unwrap_or("");
                    match value.as_str() {
                        Some(message) if message.trim_end() == title => continue,
                        _ => value.clone(),
                    }
                }
                // The committer and the date of the commit only when not the author's.
                ("committer_name", _)
                    if object.get("committer_name") == object.get("author_name") =>
                {
                    continue;
                }
                ("committed_date", _)
                    if object.get("committed_date") == object.get("authored_date") =>
                {
                    continue;
                }
                ("updated_at", _) if object.get("updated_at") == object.get("created_at") => {
                    continue;
                }
                // A flag only when true; a count only when not zero.
                (_, Ty::Bool) if *value == Value::Bool(false) => continue,
                (name, Ty::Integer) if name.ends_with("_count") && value.as_u64() == Some(0) => {
                    continue;
                }
                _ => shaped(ty, value),
            };
            if has_value(&value) {
                kept.insert(name.to_owned(), value);
            }
        }
        kept
    }

    /// The output schema of this kind's compact form; `raw` holds GitLab's whole object
    /// instead when the call asked for it.
    pub fn schema(&self, what: &str) -> Map<String, Value> {
        let mut properties = Map::new();
        for &(name, ty) in self.fields {
            properties.insert(name.to_owned(), ty_schema(ty));
        }
        properties.insert(RAW.to_owned(), raw_schema());
        let schema = json!({
            "type": "object",
            "description": what,
            "properties": properties,
        });
        object(schema)
    }
}

/// The output schema of an object of no declared kind.
pub fn any_schema(what: &str) -> Map<String, Value> {
    object(json!({
        "type": "object",
        "description": what,
        "properties": {RAW: raw_schema()},
        "additionalProperties": true,
    }))
}

fn raw_schema() -> Value {
    json!({"type": "object"})
}

fn object(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(object) => object,
        _ => unreachable!("a JSON object literal"),
    }
}

fn ty_schema(ty: Ty) -> Value {
    match ty {
        Ty::Text | Ty::Person | Ty::Milestone => json!({"type": "string"}),
        Ty::Integer => json!({"type": "integer"}),
        Ty::Number => json!({"type": "number"}),
        Ty::Bool => json!({"type": "boolean"}),
        Ty::Texts | Ty::People => json!({"type": "array", "items": {"type": "string"}}),
        Ty::Pipeline | Ty::Commit | Ty::Position | Ty::Target => json!({"type": "object"}),
        Ty::ProjectPath => json!({"type": "string"}),
        Ty::Notes => json!({"type": "array", "items": {"type": "object"}}),
        Ty::Any => json!({}),
    }
}

/// `value` as `ty` keeps it. A value of another shape than GitLab documents is kept,
/// made compact, rather than lost.
fn shaped(ty: Ty, value: &Value) -> Value {
    match (ty, value) {
        (Ty::Person, Value::Object(person)) => username(person),
        (Ty::People, Value::Array(people)) => people
            .iter()
            .map(|person| match person {
                Value::Object(person) => username(person),
                other => brief(other),
            })
            .collect(),
        (Ty::Milestone, Value::Object(milestone)) => field(milestone, "title"),
        (Ty::Pipeline, Value::Object(pipeline)) => pick(pipeline, &["id", "status", "ref"]),
        (Ty::Commit, Value::Object(commit)) => pick(commit, &["id", "title"]),
        (Ty::Target, Value::Object(target)) => pick(target, &["id", "iid", "title", "state"]),
        (Ty::ProjectPath, Value::Object(project)) => field(project, "path_with_namespace"),
        (Ty::Position, Value::Object(position)) => {
            let mut kept = pick(position, &["new_path", "new_line", "old_path", "old_line"]);
            if let Value::Object(kept) = &mut kept
                && kept.get("old_path") == kept.get("new_path")
            {
                kept.remove("old_path");
            }
            kept
        }
        (Ty::Notes, Value::Array(notes)) => notes
            .iter()
            .map(|note| match note {
                Value::Object(note) => Value::Object(NOTE.compact(note)),
                other => brief(other),
            })
            .collect(),
        _ => brief(value),
    }
}

fn username(person: &Map<String, Value>) -> Value {
    match person.get("username") {
        Some(Value::String(name)) => Value::String(name.clone()),
        _ => brief(&Value::Object(person.clone())),
    }
}

fn field(object: &Map<String, Value>, name: &str) -> Value {
    object
        .get(name)
        .cloned()
        .unwrap_or_else(|| brief(&Value::Object(object.clone())))
}

fn pick(object: &Map<String, Value>, names: &[&str]) -> Value {
    let kept: Map<String, Value> = names
        .iter()
        .filter_map(|&name| Some((name.to_owned(), object.get(name)?.clone())))
        .filter(|(_, value)| has_value(value))
        .collect();
    Value::Object(kept)
}

/// Fields no answer needs: links and pictures GitLab can give again, and status
/// decorations (`detailed_status` repeats `status` with icon paths).
const NOISE: &[&str] = &[
    "_links",
    "avatar_url",
    "detailed_status",
    "time_stats",
    "task_completion_status",
    "references",
    "extended_trailers",
    "trailers",
    "permissions",
];

/// Any value made compact field by field: empty values and [`NOISE`] left out, a user
/// kept as its username, a milestone as its title.
pub fn brief(value: &Value) -> Value {
    match value {
        // A user object (GitLab always sends its `username` and `state` or `name`).
        Value::Object(object)
            if object.contains_key("username") && object.contains_key("avatar_url") =>
        {
            username(object)
        }
        Value::Object(object) => Value::Object(brief_object(object)),
        Value::Array(items) => Value::Array(items.iter().map(brief).collect()),
        other => other.clone(),
    }
}

/// An answer's own object made compact field by field: kept an object even when it is a
/// user (`GET /user`), the users inside it becoming usernames.
pub fn brief_object(object: &Map<String, Value>) -> Map<String, Value> {
    let mut kept = Map::new();
    for (name, value) in object {
        if NOISE.contains(&name.as_str()) || name.ends_with("_avatar_url") {
            continue;
        }
        let value = match (name.as_str(), value) {
            ("milestone", Value::Object(milestone)) => field(milestone, "title"),
            _ => brief(value),
        };
        if has_value(&value) {
            kept.insert(name.clone(), value);
        }
    }
    kept
}

/// Whether a value says anything: not null, not an empty text, list or object.
fn has_value(value: &Value) -> bool {
    match value {
        Value::Null => false,
        Value::String(text) => !text.is_empty(),
        Value::Array(items) => !items.is_empty(),
        Value::Object(object) => !object.is_empty(),
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_are_named_by_the_last_fixed_segment() {
        let of = |path| Kind::of_path(path).map(|kind| kind.name);
        assert_eq!(
            of("projects/{project_id}/merge_requests/{merge_request_iid}"),
            Some("merge_request")
        );
        assert_eq!(
            of("projects/{project_id}/merge_requests/{merge_request_iid}/merge"),
            Some("merge_request")
        );
        assert_eq!(
            of("projects/{project_id}/pipelines/{pipeline_id}/retry"),
            Some("pipeline")
        );
        assert_eq!(
            of("projects/{project_id}/repository/branches"),
            Some("branch")
        );
        assert_eq!(
            of("projects/{project_id}/merge_requests/{merge_request_iid}/approvals"),
            None
        );
        assert_eq!(
            of("projects/{project_id}/merge_requests/{merge_request_iid}/discussions"),
            Some("discussion")
        );
        assert_eq!(
            of("projects/{project_id}/jobs/{job_id}/cancel"),
            Some("job")
        );
        assert_eq!(of("projects/{project_id}/fork"), Some("project"));
        assert_eq!(of("projects"), Some("project"));
    }

    #[test]
    fn an_object_keeps_its_kinds_fields_people_as_usernames_and_nothing_empty() {
        let alice = json!({"id": 2, "username": "alice", "name": "Alice", "avatar_url": null, "web_url": "u"});
        let mr = json!({
            "id": 11, "iid": 1, "title": "Fix", "description": "", "state": "opened",
            "author": alice, "assignees": [alice], "reviewers": [], "labels": ["bug"],
            "milestone": {"id": 1, "title": "v1.1", "due_date": "2026-02-27"},
            "head_pipeline": {"id": 3, "status": "running", "ref": "fix", "detailed_status": {"icon": "x"}},
            "merged_at": null, "_links": {"self": "x"}, "time_stats": {"time_estimate": 0},
            "web_url": "http://gitlab/demo/sandbox/-/merge_requests/1",
        });
        let compact = MERGE_REQUEST.compact(mr.as_object().unwrap());
        assert_eq!(
            Value::Object(compact),
            json!({
                "id": 11, "iid": 1, "title": "Fix", "state": "opened", "author": "alice",
                "assignees": ["alice"], "labels": ["bug"], "milestone": "v1.1",
                "head_pipeline": {"id": 3, "status": "running", "ref": "fix"},
                "web_url": "http://gitlab/demo/sandbox/-/merge_requests/1",
            })
        );
    }

    #[test]
    fn a_commit_message_is_kept_only_when_it_says_more_than_the_title() {
        let commit = |message: &str| {
            let commit = json!({"id": "abc", "title": "Add logo", "message": message,
                "author_name": "Bob", "committer_name": "Bob"});
            Value::Object(COMMIT.compact(commit.as_object().unwrap()))
        };
        assert_eq!(
            commit("Add logo\n"),
            json!({"id": "abc", "title": "Add logo", "author_name": "Bob"})
        );
        assert_eq!(commit("Add logo\n\nWhy.")["message"], "Add logo\n\nWhy.");
    }

    #[test]
    fn an_object_of_no_kind_keeps_every_field_with_a_value() {
        let approvals = json!({
            "approved": false, "approvals_left": 1, "approved_by": [],
            "suggested_approvers": [{"username": "bob", "avatar_url": null, "id": 3}],
            "_links": {"self": "x"}, "merge_status": null,
        });
        assert_eq!(
            brief(&approvals),
            json!({"approved": false, "approvals_left": 1, "suggested_approvers": ["bob"]})
        );
    }

    #[test]
    fn every_kinds_schema_lists_its_fields_and_raw() {
        for kind in KINDS {
            let schema = kind.schema("x");
            let properties = schema["properties"].as_object().unwrap();
            assert_eq!(properties.len(), kind.fields.len() + 1, "{}", kind.name);
            assert!(properties.contains_key(RAW));
        }
    }
}
