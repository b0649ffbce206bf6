//! Notes and discussions, shared by issues and merge requests. GitLab keeps every note in a
//! discussion: a lone comment is an "individual note" discussion of one; a thread is a
//! discussion whose notes are `DiscussionNote`s, or `DiffNote`s when it starts on a diff
//! line. Merge request threads are resolvable; a discussion is resolved when all its
//! resolvable notes are.

#![allow(
    dead_code,
    reason = "the notes and discussions routes come next; until then only the seed and the notes counts use them"
)]

use serde_json::{Value, json};

use super::{Ids, Project, Store};

pub(crate) struct Discussion {
    /// 40 hex digits, like GitLab's.
    pub id: String,
    pub individual_note: bool,
    pub notes: Vec<Note>,
}

pub(crate) struct Note {
    pub id: u64,
    pub body: String,
    pub author_id: u64,
    pub created_at: String,
    pub updated_at: String,
    /// Written by GitLab itself ("changed the description", "added ~bug label").
    pub system: bool,
    pub resolvable: bool,
    pub resolved_by: Option<u64>,
    pub resolved_at: Option<String>,
    /// Where on the diff a `DiffNote` sits.
    pub position: Option<Position>,
}

/// A diff position, as GitLab's `position` object has it (`position_type` `text`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Position {
    pub base_sha: String,
    pub start_sha: String,
    pub head_sha: String,
    pub old_path: String,
    pub new_path: String,
    /// `None` on an added line.
    pub old_line: Option<u32>,
    /// `None` on a removed line.
    pub new_line: Option<u32>,
}

/// What a note belongs to, for the fields that name it.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Noteable {
    Issue { id: u64, iid: u64 },
    MergeRequest { id: u64, iid: u64 },
}

impl Note {
    pub fn new(ids: &mut Ids, author_id: u64, body: &str, at: &str) -> Note {
        Note {
            id: Ids::next(&mut ids.note),
            body: body.to_owned(),
            author_id,
            created_at: at.to_owned(),
            updated_at: at.to_owned(),
            system: false,
            resolvable: false,
            resolved_by: None,
            resolved_at: None,
            position: None,
        }
    }

    pub fn resolved(&self) -> bool {
        self.resolved_by.is_some()
    }
}

impl Discussion {
    /// A lone comment.
    pub fn individual(ids: &mut Ids, note: Note) -> Discussion {
        Discussion {
            id: ids.discussion_id(),
            individual_note: true,
            notes: vec![note],
        }
    }

    /// A thread starting with `first`; on a merge request its notes can be resolved.
    pub fn thread(ids: &mut Ids, mut first: Note, resolvable: bool) -> Discussion {
        first.resolvable = resolvable;
        Discussion {
            id: ids.discussion_id(),
            individual_note: false,
            notes: vec![first],
        }
    }

    /// Adds a reply; in a resolvable thread it is resolvable too.
    pub fn reply(&mut self, mut note: Note) {
        note.resolvable = self.notes.first().is_some_and(|n| n.resolvable);
        self.notes.push(note);
    }

    pub fn resolvable(&self) -> bool {
        self.notes.iter().any(|n| n.resolvable)
    }

    pub fn resolved(&self) -> bool {
        self.resolvable()
            && self
                .notes
                .iter()
                .filter(|n| n.resolvable)
                .all(Note::resolved)
    }

    /// Resolves (or unresolves) every resolvable note, as resolving a thread does.
    pub fn set_resolved(&mut self, by: Option<u64>, at: &str) {
        for note in self.notes.iter_mut().filter(|n| n.resolvable) {
            note.resolved_by = by;
            note.resolved_at = by.map(|_| at.to_owned());
        }
    }
}

/// Comments people wrote (GitLab's `user_notes_count`): system notes do not count.
pub(crate) fn user_notes_count(discussions: &[Discussion]) -> usize {
    discussions
        .iter()
        .flat_map(|d| &d.notes)
        .filter(|n| !n.system)
        .count()
}

impl Position {
    pub fn json(&self) -> Value {
        json!({
            "base_sha": self.base_sha,
            "start_sha": self.start_sha,
            "head_sha": self.head_sha,
            "old_path": self.old_path,
            "new_path": self.new_path,
            "position_type": "text",
            "old_line": self.old_line,
            "new_line": self.new_line,
            "line_range": null,
        })
    }
}

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
            "confidential": false,
            "internal": false,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_thread_is_resolved_when_all_its_resolvable_notes_are() {
        let mut ids = Ids::default();
        let first = Note::new(&mut ids, 3, "Off by one?", "t");
        let mut thread = Discussion::thread(&mut ids, first, true);
        thread.reply(Note::new(&mut ids, 2, "Yes, fixed", "t"));
        assert!(thread.resolvable() && !thread.resolved());
        assert!(thread.notes.iter().all(|n| n.resolvable));
        thread.set_resolved(Some(2), "later");
        assert!(thread.resolved());
        assert_eq!(thread.notes[1].resolved_at.as_deref(), Some("later"));
        thread.set_resolved(None, "again");
        assert!(!thread.resolved());
        let lgtm = Note::new(&mut ids, 1, "LGTM", "t");
        let lone = Discussion::individual(&mut ids, lgtm);
        assert!(!lone.resolvable() && !lone.resolved());
        assert_ne!(lone.id, thread.id);
        assert_eq!(lone.id.len(), 40);
        assert_eq!(user_notes_count(&[thread, lone]), 3);
    }
}
