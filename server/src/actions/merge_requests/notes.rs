//! Comments (notes): `/projects/:id/merge_requests/:merge_request_iid/notes[/:note_id]`. The
//! ordering types serve issue notes too.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::actions::releases::Sort;
use crate::catalog::params::{MergeRequestIid, PageNumber, PerPage};
use crate::gitlab::ProjectId;

/// What to order notes by.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum NoteOrder {
    CreatedAt,
    UpdatedAt,
}

/// Which notes: people's comments, GitLab's own activity notes, or both.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ActivityFilter {
    AllNotes,
    OnlyComments,
    OnlyActivity,
}

/// List the comments on a merge request, newest first unless `sort` says otherwise — with
/// GitLab's activity notes ("added 1 commit") unless `activity_filter` is `only_comments` —,
/// one page at a time.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestNoteList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    /// `asc` or `desc` (GitLab's default).
    pub sort: Option<Sort>,
    /// `created_at` (GitLab's default) or `updated_at`.
    pub order_by: Option<NoteOrder>,
    /// `all_notes` (GitLab's default), `only_comments` or `only_activity`.
    pub activity_filter: Option<ActivityFilter>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Comment on a merge request as a whole (for a comment on a line of its diff, start a
/// discussion with a `position`). Returns the new note.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestNoteCreate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    /// The comment, Markdown.
    pub body: String,
    /// Visible only to project members with at least the Reporter role.
    pub internal: Option<bool>,
    /// The SHA of the merge request's head commit, which a `/merge` line in the comment
    /// needs (GitLab then merges only that head); better: use `merge_request.merge`.
    pub merge_request_diff_head_sha: Option<String>,
}

/// Edit a comment on a merge request: its text is replaced. Returns the updated note.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestNoteUpdate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    /// The note's id (`id` in `merge_request.note_list`).
    pub note_id: u64,
    /// The new text, Markdown.
    pub body: String,
}

/// Get one comment on a merge request by its id: its text, author, dates, and where it
/// sits in the diff for a review comment.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestNoteGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    /// The note's id (`id` in `merge_request.note_list`).
    pub note_id: u64,
}

/// Delete a comment on a merge request (destructive: its text is gone).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestNoteDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    /// The note's id (`id` in `merge_request.note_list`).
    pub note_id: u64,
}
