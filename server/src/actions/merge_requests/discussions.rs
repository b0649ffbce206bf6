//! Review threads: `/projects/:id/merge_requests/:merge_request_iid/discussions[/…]`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::catalog::params::{MergeRequestIid, PageNumber, PerPage};
use crate::gitlab::ProjectId;

/// List a merge request's discussions — its review threads, each with its comments, its place
/// in the code and whether it is resolved —, one page at a time.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestDiscussionList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// What a diff comment points at.
#[derive(Debug, Clone, Copy, Default, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PositionType {
    #[default]
    Text,
}

/// A line of a merge request's diff. The three SHAs are the merge request's `diff_refs`
/// (from `merge_request.get`).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DiffPosition {
    /// `diff_refs.base_sha` of the merge request.
    pub base_sha: String,
    /// `diff_refs.start_sha` of the merge request.
    pub start_sha: String,
    /// `diff_refs.head_sha` of the merge request.
    pub head_sha: String,
    /// `text`, a line of a text diff (the default).
    #[serde(default)]
    pub position_type: PositionType,
    /// The file's path before the change (its path, for a new or unrenamed file).
    pub old_path: String,
    /// The file's path after the change (its path, for a deleted or unrenamed file).
    pub new_path: String,
    /// The line in the old file: alone for a removed line, with `new_line` for an unchanged one.
    pub old_line: Option<u64>,
    /// The line in the new file: alone for an added line, with `old_line` for an unchanged one.
    pub new_line: Option<u64>,
}

/// Start a review thread on a merge request — a general one, or a comment on a line of its
/// diff when `position` is given. Returns the new discussion, whose `id` replies and
/// resolving take.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestDiscussionStart {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    /// The comment, Markdown.
    pub body: String,
    /// The diff line to comment on; a general thread without it.
    pub position: Option<DiffPosition>,
}

impl DiffPosition {
    /// A text position names a line: GitLab would otherwise answer with an opaque
    /// line-code error.
    pub fn names_a_line(&self) -> Result<(), String> {
        for (field, line) in [("old_line", self.old_line), ("new_line", self.new_line)] {
            if line == Some(0) {
                return Err(format!("`position.{field}`: lines count from 1, got 0"));
            }
        }
        if self.old_line.is_none() && self.new_line.is_none() {
            return Err(
                "`position`: give `new_line` for an added line, `old_line` for a removed one, or both for an unchanged line"
                    .to_owned(),
            );
        }
        Ok(())
    }

    /// [`DiffPosition::names_a_line`] for a position that may be left out.
    pub fn check(position: &Option<DiffPosition>) -> Result<(), String> {
        position.as_ref().map_or(Ok(()), DiffPosition::names_a_line)
    }
}

impl MergeRequestDiscussionStart {
    pub fn position_names_a_line(&self) -> Result<(), String> {
        DiffPosition::check(&self.position)
    }
}

/// Reply to a discussion (a review thread) of a merge request. Returns the reply.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestDiscussionReply {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    /// The discussion's `id` (40 hex characters) from `merge_request.discussion_list`.
    pub discussion_id: String,
    /// The reply, Markdown.
    pub body: String,
}

/// Resolve a review thread of a merge request, or reopen it with `resolved: false`. Returns
/// the discussion.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestDiscussionResolve {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    /// The discussion's `id` (40 hex characters) from `merge_request.discussion_list`.
    pub discussion_id: String,
    /// `true` to resolve, `false` to reopen.
    pub resolved: bool,
}

/// Edit one comment of a review thread of a merge request: its text is replaced. Returns
/// the note.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestThreadNoteUpdate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    /// The discussion's `id` (40 hex characters) from `merge_request.discussion_list`.
    pub discussion_id: String,
    /// The note's id in the thread.
    pub note_id: u64,
    /// The new text, Markdown.
    pub body: String,
}

/// Delete one comment of a review thread of a merge request (destructive: its text is
/// gone; the thread goes with its last comment).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestThreadNoteDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    /// The discussion's `id` (40 hex characters) from `merge_request.discussion_list`.
    pub discussion_id: String,
    /// The note's id in the thread.
    pub note_id: u64,
}
