//! Notes and discussions, shared by issues and merge requests. GitLab keeps every note in a
//! discussion: a lone comment is an "individual note" discussion of one; a thread is a
//! discussion whose notes are `DiscussionNote`s, or `DiffNote`s when it starts on a diff
//! line. Merge request threads are resolvable; a discussion is resolved when all its
//! resolvable notes are. GitLab's note and discussion entities are in `render`.

mod render;

use serde_json::{Value, json};

use super::ids::Ids;

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
    /// Written by GitLab itself ("approved this merge request").
    pub system: bool,
    /// An internal note: only project members see it.
    pub internal: bool,
    pub resolvable: bool,
    pub resolved_by: Option<u64>,
    pub resolved_at: Option<String>,
    /// Where on the diff a `DiffNote` sits.
    pub position: Option<Position>,
}

/// A diff position, as GitLab's `position` object has it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Position {
    pub base_sha: String,
    pub start_sha: String,
    pub head_sha: String,
    pub old_path: String,
    pub new_path: String,
    /// `None` on an added line (and on image and file positions).
    pub old_line: Option<u32>,
    /// `None` on a removed line (and on image and file positions).
    pub new_line: Option<u32>,
    pub kind: PositionKind,
}

/// GitLab's `position_type`: a line of a text diff, a point on an image, or a whole file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PositionKind {
    Text,
    Image {
        width: Option<u64>,
        height: Option<u64>,
        x: Option<u64>,
        y: Option<u64>,
    },
    File,
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
            internal: false,
            resolvable: false,
            resolved_by: None,
            resolved_at: None,
            position: None,
        }
    }

    /// A note GitLab writes itself ("approved this merge request"): never resolvable.
    pub fn system(ids: &mut Ids, author_id: u64, body: &str, at: &str) -> Note {
        Note {
            system: true,
            ..Note::new(ids, author_id, body, at)
        }
    }

    pub fn resolved(&self) -> bool {
        self.resolved_by.is_some()
    }

    /// The same note under a new id, as GitLab copies notes to a moved or cloned issue.
    pub fn copy(&self, ids: &mut Ids) -> Note {
        Note {
            id: Ids::next(&mut ids.note),
            body: self.body.clone(),
            author_id: self.author_id,
            created_at: self.created_at.clone(),
            updated_at: self.updated_at.clone(),
            system: self.system,
            internal: self.internal,
            resolvable: self.resolvable,
            resolved_by: self.resolved_by,
            resolved_at: self.resolved_at.clone(),
            position: self.position.clone(),
        }
    }
}

impl Discussion {
    /// The same discussion and notes under new ids.
    pub fn copy(&self, ids: &mut Ids) -> Discussion {
        Discussion {
            id: ids.discussion_id(),
            individual_note: self.individual_note,
            notes: self.notes.iter().map(|n| n.copy(ids)).collect(),
        }
    }

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

    /// Adds a reply; in a resolvable thread it is resolvable too, and in a thread on a diff
    /// it is a `DiffNote` at the same position (GitLab's `reply_attributes`).
    pub fn reply(&mut self, mut note: Note) {
        let first = self.notes.first();
        note.resolvable = first.is_some_and(|n| n.resolvable);
        if note.position.is_none() {
            note.position = first.and_then(|n| n.position.clone());
        }
        self.notes.push(note);
    }

    /// GitLab's `can_convert_to_discussion?`: a lone comment can become a thread by a reply;
    /// a system note cannot.
    pub fn can_take_replies(&self) -> bool {
        !self.individual_note || self.notes.first().is_some_and(|n| !n.system)
    }

    /// A reply to a lone comment makes it a thread (its note a `DiscussionNote`); on a merge
    /// request threads are resolvable.
    pub fn make_thread(&mut self, resolvable: bool) {
        if self.individual_note {
            self.individual_note = false;
            if let Some(first) = self.notes.first_mut() {
                first.resolvable = resolvable && !first.system;
            }
        }
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

/// Where the note `id` is among `discussions`: (discussion, note) indexes.
pub(crate) fn find_note(discussions: &[Discussion], id: u64) -> Option<(usize, usize)> {
    discussions.iter().enumerate().find_map(|(d, discussion)| {
        discussion
            .notes
            .iter()
            .position(|n| n.id == id)
            .map(|n| (d, n))
    })
}

/// Removes the note `id`; a discussion left with no note goes too, as GitLab's do.
pub(crate) fn remove_note(discussions: &mut Vec<Discussion>, id: u64) -> Option<Note> {
    let (d, n) = find_note(discussions, id)?;
    let note = discussions[d].notes.remove(n);
    if discussions[d].notes.is_empty() {
        discussions.remove(d);
    }
    Some(note)
}

impl Position {
    /// GitLab's `Position#to_h`: line numbers for text, the point for images, neither for
    /// whole files.
    pub fn json(&self) -> Value {
        let mut value = json!({
            "base_sha": self.base_sha,
            "start_sha": self.start_sha,
            "head_sha": self.head_sha,
            "old_path": self.old_path,
            "new_path": self.new_path,
        });
        match self.kind {
            PositionKind::Text => {
                value["position_type"] = json!("text");
                value["old_line"] = json!(self.old_line);
                value["new_line"] = json!(self.new_line);
                value["line_range"] = Value::Null;
            }
            PositionKind::Image {
                width,
                height,
                x,
                y,
            } => {
                value["position_type"] = json!("image");
                value["width"] = json!(width);
                value["height"] = json!(height);
                value["x"] = json!(x);
                value["y"] = json!(y);
            }
            PositionKind::File => value["position_type"] = json!("file"),
        }
        value
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
