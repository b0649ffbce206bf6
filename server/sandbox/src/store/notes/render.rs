//! GitLab's note and discussion entities.

use serde_json::{Value, json};

use super::{Discussion, Note, Noteable};
use crate::store::project::Project;
use crate::store::state::Store;

impl Store {
    /// GitLab's note entity; `discussion` is the one holding it (its kind decides `type`).
    pub fn note_json(
        &self,
        project: &Project,
        on: Noteable,
        discussion: &Discussion,
        note: &Note,
    ) -> Value {
        let (noteable_type, noteable_id, noteable_iid) = match on {
            Noteable::Issue { id, iid } => ("Issue", id, iid),
            Noteable::MergeRequest { id, iid } => ("MergeRequest", id, iid),
        };
        let kind = match (&note.position, discussion.individual_note) {
            (Some(_), _) => Some("DiffNote"),
            (None, false) => Some("DiscussionNote"),
            (None, true) => None,
        };
        let mut value = json!({
            "id": note.id,
            "type": kind,
            "body": note.body,
            "attachment": null,
            "author": self.user_json(note.author_id),
            "created_at": note.created_at,
            "updated_at": note.updated_at,
            "system": note.system,
            "noteable_id": noteable_id,
            "noteable_type": noteable_type,
            "project_id": project.id,
            "resolvable": note.resolvable,
            "confidential": note.internal,
            "internal": note.internal,
            "imported": false,
            "imported_from": "none",
            "noteable_iid": noteable_iid,
            "commands_changes": {},
        });
        if note.resolvable {
            value["resolved"] = json!(note.resolved());
            value["resolved_by"] = note.resolved_by.map_or(Value::Null, |u| self.user_json(u));
            value["resolved_at"] = json!(note.resolved_at);
        }
        if let Some(position) = &note.position {
            value["commit_id"] = json!(position.head_sha);
            value["position"] = position.json();
        }
        value
    }

    /// GitLab's discussion entity: its id, whether it is a lone note, and its notes.
    pub fn discussion_json(
        &self,
        project: &Project,
        on: Noteable,
        discussion: &Discussion,
    ) -> Value {
        let notes: Vec<Value> = discussion
            .notes
            .iter()
            .map(|n| self.note_json(project, on, discussion, n))
            .collect();
        json!({
            "id": discussion.id,
            "individual_note": discussion.individual_note,
            "notes": notes,
        })
    }
}
