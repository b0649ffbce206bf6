//! What a command sees while it is interpreted: the store, what it is written on, the
//! request's options, and the updates gathered so far; and what it answers.

use super::updates::Updates;
use super::{On, Options};
use crate::store::Project;
use crate::store::state::Store;
use crate::store::tracking::Issuable;

pub(super) struct Context<'a> {
    pub store: &'a mut Store,
    pub on: &'a On,
    pub options: &'a Options,
    /// Applied once every command is interpreted (and the note saved), as GitLab applies them.
    pub updates: Updates,
}

/// What interpreting one command gave.
pub(super) enum Outcome {
    /// Its condition does not hold: GitLab says "Could not apply <name> command.".
    NotApplicable,
    /// It was interpreted (perhaps changing nothing) and says this, if anything.
    Said(Option<String>),
}

/// A command that was interpreted and says `text`.
pub(super) fn said(text: impl Into<String>) -> Outcome {
    Outcome::Said(Some(text.into()))
}

/// A command that was interpreted and says nothing (GitLab's message block gave none).
pub(super) fn silent() -> Outcome {
    Outcome::Said(None)
}

/// What commands read of an issue or a merge request alike, as it is before any update.
pub(super) struct Seen {
    /// `issue` or `merge request`, as GitLab's messages name it.
    pub noun: &'static str,
    pub state: &'static str,
    pub labels: Vec<String>,
    pub assignee_ids: Vec<u64>,
    pub milestone_id: Option<u64>,
    pub locked: bool,
}

impl Seen {
    /// GitLab's `open?`: an open issue, or a merge request neither closed nor merged.
    pub fn open(&self) -> bool {
        self.state == "opened" || self.state == "locked"
    }
}

impl Context<'_> {
    pub fn issuable(&self) -> Option<Issuable> {
        self.on.issuable()
    }

    /// The project the target lives in.
    pub fn project(&self) -> &Project {
        &self.store.projects[&self.on.project_id()]
    }

    /// Whether the target existed before this text: a description being created is not.
    pub fn persisted(&self) -> bool {
        self.options.persisted
    }

    /// The issue or merge request as commands read it; `None` on a commit.
    pub fn seen(&self) -> Option<Seen> {
        let project = self.project();
        Some(match self.issuable()? {
            Issuable::Issue(_, iid) => {
                let issue = &project.issues[&iid];
                Seen {
                    noun: "issue",
                    state: issue.state,
                    labels: issue.labels.clone(),
                    assignee_ids: issue.assignee_ids.clone(),
                    milestone_id: issue.milestone_id,
                    locked: issue.discussion_locked == Some(true),
                }
            }
            Issuable::MergeRequest(_, iid) => {
                let mr = &project.merge_requests[&iid];
                Seen {
                    noun: "merge request",
                    state: mr.state,
                    labels: mr.labels.clone(),
                    assignee_ids: mr.assignee_ids.clone(),
                    milestone_id: mr.milestone_id,
                    locked: mr.discussion_locked == Some(true),
                }
            }
        })
    }
}
