//! A merge request's draft notes (`/projects/:id/merge_requests/:merge_request_iid/
//! draft_notes[/:draft_note_id]`): review comments only their author sees, published one
//! by one or all at once as a review.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::discussions::DiffPosition;
use crate::catalog::params::MergeRequestIid;
use crate::catalog::{Action, Output, delete, get, post, put};
use crate::gitlab::ProjectId;
use crate::table;

pub fn actions() -> Vec<Action> {
    table![
        get::<DraftNoteList>(
            "merge_request.draft_note_list",
            "projects/{project_id}/merge_requests/{merge_request_iid}/draft_notes"
        )
        .list()
        .title("List my draft review comments"),
        get::<DraftNoteGet>(
            "merge_request.draft_note_get",
            "projects/{project_id}/merge_requests/{merge_request_iid}/draft_notes/{draft_note_id}"
        )
        .title("Get a draft review comment"),
        post::<DraftNoteCreate>(
            "merge_request.draft_note_create",
            "projects/{project_id}/merge_requests/{merge_request_iid}/draft_notes"
        )
        .check(|draft| DiffPosition::check(&draft.position))
        .title("Write a draft review comment"),
        put::<DraftNoteUpdate>(
            "merge_request.draft_note_update",
            "projects/{project_id}/merge_requests/{merge_request_iid}/draft_notes/{draft_note_id}"
        )
        .check(|draft| DiffPosition::check(&draft.position))
        .title("Edit a draft review comment"),
        delete::<DraftNoteDelete>(
            "merge_request.draft_note_delete",
            "projects/{project_id}/merge_requests/{merge_request_iid}/draft_notes/{draft_note_id}"
        )
        .title("Delete a draft review comment"),
        put::<DraftNotePublish>(
            "merge_request.draft_note_publish",
            "projects/{project_id}/merge_requests/{merge_request_iid}/draft_notes/{draft_note_id}/publish"
        )
        .output(Output::Done)
        .title("Publish one draft review comment"),
        post::<DraftNotesPublishAll>(
            "merge_request.draft_note_publish_all",
            "projects/{project_id}/merge_requests/{merge_request_iid}/draft_notes/bulk_publish"
        )
        .output(Output::Done)
        .title("Publish my review (every draft comment)"),
    ]
}

/// List my draft review comments on a merge request, not yet published.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DraftNoteList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
}

/// Get one of my draft review comments.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DraftNoteGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    pub draft_note_id: u64,
}

/// Write a review comment as a draft, general or on a changed line (`position`): nobody
/// else sees it until it is published, alone or with the whole review. Returns the draft.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DraftNoteCreate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    /// The comment, in Markdown.
    pub note: String,
    /// Reply in this thread (its id) rather than start one.
    pub in_reply_to_discussion_id: Option<String>,
    /// The commit the comment is about.
    pub commit_id: Option<String>,
    /// Resolve the thread it replies to when published.
    pub resolve_discussion: Option<bool>,
    /// The changed line to comment on; a general comment without it.
    pub position: Option<DiffPosition>,
}

/// Change a draft review comment's text, or the line it sits on.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DraftNoteUpdate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    pub draft_note_id: u64,
    /// The comment, in Markdown.
    pub note: Option<String>,
    /// The changed line it sits on.
    pub position: Option<DiffPosition>,
}

/// Delete a draft review comment (destructive: it was never published, so it is gone).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DraftNoteDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    pub draft_note_id: u64,
}

/// Publish one draft review comment: everyone sees it now.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DraftNotePublish {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    pub draft_note_id: u64,
}

/// Publish my whole review: every draft comment on the merge request, at once, with one
/// notification.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DraftNotesPublishAll {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    /// Set my state as a reviewer (GitLab 19.2 and later): `requested_changes`, or
    /// `reviewed`. An approval is `merge_request.approve`, not a state.
    pub reviewer_state: Option<ReviewerState>,
    /// A summary comment published with the review (GitLab 19.2 and later).
    pub note: Option<String>,
    /// Make the summary comment internal: only project members see it.
    pub internal: Option<bool>,
}

/// The state a published review sets for its reviewer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReviewerState {
    RequestedChanges,
    Reviewed,
}
