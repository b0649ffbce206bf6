//! A project's approval settings (GitLab Premium): `GET` and `POST /projects/:id/approvals`.

use serde_json::{Map, Value, json};

/// The settings `POST …/approvals` takes, with the type Grape coerces each to.
pub(crate) const SETTINGS: [(&str, Kind); 8] = [
    ("approvals_before_merge", Kind::Integer),
    ("reset_approvals_on_push", Kind::Bool),
    ("selective_code_owner_removals", Kind::Bool),
    ("disable_overriding_approvers_per_merge_request", Kind::Bool),
    ("merge_requests_author_approval", Kind::Bool),
    ("merge_requests_disable_committers_approval", Kind::Bool),
    ("require_password_to_approve", Kind::Bool),
    ("require_reauthentication_to_approve", Kind::Bool),
];

#[derive(Debug, Clone, Copy)]
pub(crate) enum Kind {
    Integer,
    Bool,
}

/// A new project's settings, GitLab's defaults (`ApprovalSettings` entity, no approvers).
pub(crate) fn defaults() -> Map<String, Value> {
    let mut settings = Map::new();
    for (name, kind) in SETTINGS {
        let value = match (name, kind) {
            ("reset_approvals_on_push", _) => json!(true),
            (_, Kind::Integer) => json!(0),
            (_, Kind::Bool) => json!(false),
        };
        settings.insert(name.to_owned(), value);
    }
    settings.insert("approvers".to_owned(), json!([]));
    settings.insert("approver_groups".to_owned(), json!([]));
    settings
}
