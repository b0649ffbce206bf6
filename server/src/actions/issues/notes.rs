//! Comments (notes): `/projects/:id/issues/:issue_iid/notes[/:note_id]`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::actions::merge_requests::notes::{ActivityFilter, NoteOrder};
use crate::actions::releases::Sort;
use crate::catalog::params::{PageNumber, PerPage};
use crate::gitlab::ProjectId;

/// List the comments on an issue, newest first unless `sort` says otherwise — with GitLab's
/// activity notes ("changed the description") unless `activity_filter` is
/// `only_comments` —, one page at a time.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IssueNoteList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub issue_iid: u64,
    /// `asc` or `desc` (GitLab's default).
    pub sort: Option<Sort>,
    /// `created_at` (GitLab's default) or `updated_at`.
    pub order_by: Option<NoteOrder>,
    /// `all_notes` (GitLab's default), `only_comments` or `only_activity`.
    pub activity_filter: Option<ActivityFilter>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Comment on an issue. Returns the new note.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IssueNoteCreate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub issue_iid: u64,
    /// The comment, Markdown.
    pub body: String,
    /// Visible only to project members with at least the Reporter role.
    pub internal: Option<bool>,
}

/// Edit a comment on an issue: its text is replaced. Returns the updated note.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IssueNoteUpdate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub issue_iid: u64,
    /// The note's id (`id` in `issue.note_list`).
    pub note_id: u64,
    /// The new text, Markdown.
    pub body: String,
}

/// Get one comment on an issue by its id: its text, author, dates and whether it is
/// internal.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IssueNoteGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub issue_iid: u64,
    /// The note's id (`id` in `issue.note_list`).
    pub note_id: u64,
}

/// Delete a comment on an issue (destructive: its text is gone).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IssueNoteDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub issue_iid: u64,
    /// The note's id (`id` in `issue.note_list`).
    pub note_id: u64,
}
