//! The updates commands gather before they are applied, and how GitLab shows them to the
//! client (`commands_changes`: only the keys GitLab lets through, under its names).

use serde_json::{Map, Value, json};

use crate::store::CURRENT_USER;
use crate::store::labels::LabelRef;

/// Time spent (`/spend`), or all of it taken back (`/remove_time_spent`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Spend {
    Add {
        seconds: i64,
        /// `YYYY-MM-DD`, when given.
        on: Option<String>,
    },
    Reset,
}

/// Every field is GitLab's update parameter of the same name; `None` (or empty) leaves the
/// target as it is. A later command overwrites an earlier one's value, as in GitLab's hash.
#[derive(Debug, Default)]
pub(super) struct Updates {
    /// `close` or `reopen`.
    pub state_event: Option<&'static str>,
    pub title: Option<String>,
    pub add_labels: Vec<LabelRef>,
    pub remove_labels: Vec<LabelRef>,
    /// Every label replaced by these (`/relabel`, or none by `/unlabel` alone).
    pub labels: Option<Vec<LabelRef>>,
    pub assignee_ids: Option<Vec<u64>>,
    pub reviewer_ids: Option<Vec<u64>>,
    /// `Some(None)` removes the milestone.
    pub milestone_id: Option<Option<u64>>,
    /// `Some(None)` removes the due date.
    pub due_date: Option<Option<String>>,
    pub discussion_locked: Option<bool>,
    pub confidential: Option<bool>,
    /// Seconds; 0 removes the estimate.
    pub time_estimate: Option<i64>,
    pub spend_time: Option<Spend>,
    /// `subscribe` or `unsubscribe`.
    pub subscription_event: Option<&'static str>,
    /// `add` or `done`.
    pub todo_event: Option<&'static str>,
    /// An emoji name whose reaction is toggled.
    pub emoji_award: Option<String>,
    /// `draft` or `ready`.
    pub wip_event: Option<&'static str>,
    pub target_branch: Option<String>,
    /// The issue this one duplicates (a global id).
    pub canonical_issue_id: Option<u64>,
    /// The project an issue moves to.
    pub move_to: Option<u64>,
    /// The project an issue is cloned into, and whether its notes go along.
    pub clone_to: Option<(u64, bool)>,
    /// The head the merge was asked for.
    pub merge: Option<String>,
    pub rebase: bool,
    pub tag_name: Option<String>,
    pub tag_message: Option<String>,
}

impl Updates {
    /// Whether the target's own fields change: not only the current user's subscription,
    /// to-do item or reaction, its time tracking, or what acts beside it (a move, a merge).
    pub fn change_fields(&self) -> bool {
        self.state_event.is_some()
            || self.title.is_some()
            || !self.add_labels.is_empty()
            || !self.remove_labels.is_empty()
            || self.labels.is_some()
            || self.assignee_ids.is_some()
            || self.reviewer_ids.is_some()
            || self.milestone_id.is_some()
            || self.due_date.is_some()
            || self.discussion_locked.is_some()
            || self.confidential.is_some()
            || self.wip_event.is_some()
            || self.target_branch.is_some()
    }

    /// GitLab's `commands_changes`: the updates of the keys its note entity shows (a move's
    /// or a clone's target is not one). `note_id` is the note that spent time, if saved.
    pub fn changes(&self, note_id: Option<u64>) -> Value {
        let mut shown = Map::new();
        let mut show = |key: &str, value: Value| {
            shown.insert(key.to_owned(), value);
        };
        let ids = |labels: &[LabelRef]| json!(labels.iter().map(|l| l.id).collect::<Vec<_>>());
        if let Some(event) = self.state_event {
            show("state_event", json!(event));
        }
        if let Some(title) = &self.title {
            show("title", json!(title));
        }
        if !self.add_labels.is_empty() {
            show("add_label_ids", ids(&self.add_labels));
        }
        if !self.remove_labels.is_empty() {
            show("remove_label_ids", ids(&self.remove_labels));
        }
        if let Some(labels) = &self.labels {
            show("label_ids", ids(labels));
        }
        if let Some(assignees) = &self.assignee_ids {
            show("assignee_ids", json!(assignees));
        }
        if let Some(reviewers) = &self.reviewer_ids {
            show("reviewer_ids", json!(reviewers));
        }
        if let Some(milestone) = self.milestone_id {
            show("milestone_id", json!(milestone));
        }
        if let Some(due) = &self.due_date {
            show("due_date", json!(due));
        }
        if let Some(locked) = self.discussion_locked {
            show("discussion_locked", json!(locked));
        }
        if let Some(confidential) = self.confidential {
            show("confidential", json!(confidential));
        }
        if let Some(estimate) = self.time_estimate {
            show("time_estimate", json!(estimate));
        }
        if let Some(spend) = &self.spend_time {
            let (duration, spent_at) = match spend {
                Spend::Add { seconds, on } => (json!(seconds), json!(on)),
                Spend::Reset => (json!("reset"), Value::Null),
            };
            show(
                "spend_time",
                json!({
                    "duration": duration,
                    "user_id": CURRENT_USER,
                    "spent_at": spent_at,
                    "category": null,
                    "note_id": note_id,
                }),
            );
        }
        if let Some(event) = self.subscription_event {
            show("subscription_event", json!(event));
        }
        if let Some(event) = self.todo_event {
            show("todo_event", json!(event));
        }
        if let Some(emoji) = &self.emoji_award {
            show("emoji_award", json!(emoji));
        }
        if let Some(event) = self.wip_event {
            show("wip_event", json!(event));
        }
        if let Some(branch) = &self.target_branch {
            show("target_branch", json!(branch));
        }
        if let Some(canonical) = self.canonical_issue_id {
            show("canonical_issue_id", json!(canonical));
        }
        if let Some((_, with_notes)) = self.clone_to {
            show("clone_with_notes", json!(with_notes));
        }
        if let Some(sha) = &self.merge {
            show("merge", json!(sha));
        }
        if self.rebase {
            show("rebase", json!(true));
        }
        if let Some(tag) = &self.tag_name {
            show("tag_name", json!(tag));
            show("tag_message", json!(self.tag_message));
        }
        Value::Object(shown)
    }
}

/// Adds `labels` to `list`, each once.
pub(super) fn add_each(list: &mut Vec<LabelRef>, labels: &[LabelRef]) {
    for label in labels {
        if !list.contains(label) {
            list.push(label.clone());
        }
    }
}
