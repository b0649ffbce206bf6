//! The `todos` toolset: the current user's to-do list — what GitLab put on it (a mention,
//! a review asked of them, a failed pipeline, an item they marked) —, and marking items
//! done.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::catalog::params::{PageNumber, PerPage};
use crate::catalog::{Action, Output, get, post};
use crate::table;

pub fn actions() -> Vec<Action> {
    table![
        get::<TodoList>("todo.list", "todos")
            .list()
            .across_projects()
            .title("List my to-do items"),
        post::<TodoDone>("todo.done", "todos/{id}/mark_as_done").title("Mark a to-do item done"),
        post::<TodoAllDone>("todo.done_all", "todos/mark_as_done")
            .output(Output::Done)
            .title("Mark all to-do items done"),
    ]
}

/// Why an item is on the list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TodoAction {
    Assigned,
    Mentioned,
    BuildFailed,
    Marked,
    ApprovalRequired,
    Unmergeable,
    DirectlyAddressed,
    ReviewRequested,
    MergeTrainRemoved,
    MemberAccessRequested,
    ReviewSubmitted,
    OkrCheckinRequested,
    AddedApprover,
    SshKeyExpired,
    SshKeyExpiringSoon,
}

/// `pending` (GitLab's default) or `done`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TodoState {
    Pending,
    Done,
}

/// What an item is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
pub enum TodoType {
    Issue,
    MergeRequest,
    Commit,
    Epic,
    #[serde(rename = "DesignManagement::Design")]
    Design,
    #[serde(rename = "AlertManagement::Alert")]
    Alert,
}

/// List my to-do items (what needs my attention: mentions, reviews asked of me, failed
/// pipelines, items I marked), newest first; by default the pending ones. Returns each with
/// why it is there, what it is about and its URL.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TodoList {
    /// Only items there for this reason (`review_requested`, `mentioned`, …).
    pub action: Option<TodoAction>,
    /// Only items caused by this user (an id).
    pub author_id: Option<u64>,
    /// Only items of this project, by its numeric id (GitLab filters to-dos by id only;
    /// `project.get` gives a path's id).
    pub project_id: Option<u64>,
    /// Only items of this group (its id).
    pub group_id: Option<u64>,
    /// `pending` (the default) or `done`.
    pub state: Option<TodoState>,
    /// Only items about this kind of thing.
    #[serde(rename = "type")]
    pub kind: Option<TodoType>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Mark one to-do item done. Returns the item.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TodoDone {
    /// The item's id (`id` in `todo.list`).
    pub id: u64,
}

/// Mark every pending to-do item of mine done.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TodoAllDone {}
