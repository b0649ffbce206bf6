//! The `merge_requests` toolset: `/projects/:id/merge_requests[/:merge_request_iid[/…]]`.
//! The merge request itself is here; what it changes, its approvals, comments and review
//! threads each have a file.

mod approval_rules;
pub mod approvals;
pub mod changes;
pub mod discussions;
mod draft_notes;
mod emoji;
mod merge_trains;
pub mod notes;
mod relations;
mod versions;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::issues::StateEvent;
use crate::catalog::alternative::{Alternative, Extra};
use crate::catalog::body::Body;
use crate::catalog::params::{Branch, CommaList, MergeRequestIid, UserId};
use crate::catalog::{Action, Output, delete, get, post, put};
use crate::gitlab::ProjectId;
use crate::table;
use crate::wizards::{MergeRequestWizard, MergeWizard};
use approvals::{MergeRequestApprovals, MergeRequestApprove, MergeRequestUnapprove};
use changes::{MergeRequestCommits, MergeRequestDiffs, MergeRequestPipelines};
use discussions::{
    MergeRequestDiscussionList, MergeRequestDiscussionReply, MergeRequestDiscussionResolve,
    MergeRequestDiscussionStart, MergeRequestThreadNoteDelete, MergeRequestThreadNoteUpdate,
};
use notes::{
    MergeRequestNoteCreate, MergeRequestNoteDelete, MergeRequestNoteGet, MergeRequestNoteList,
    MergeRequestNoteUpdate,
};

pub fn actions() -> Vec<Action> {
    [table![
        post::<MergeRequestCreate>(
            "merge_request.create",
            "projects/{project_id}/merge_requests"
        ),
        get::<MergeRequestGet>(
            "merge_request.get",
            "projects/{project_id}/merge_requests/{merge_request_iid}"
        ),
        get::<MergeRequestList>("merge_request.list", "projects/{project_id}/merge_requests")
            .list()
            .check(MergeRequestList::check),
        get::<MergeRequestListAll>("merge_request.list_all", "merge_requests")
            .list()
            .check(MergeRequestListAll::check)
            .across_projects()
            .title("List merge requests across projects"),
        put::<MergeRequestUpdate>(
            "merge_request.update",
            "projects/{project_id}/merge_requests/{merge_request_iid}"
        ),
        delete::<MergeRequestDelete>(
            "merge_request.delete",
            "projects/{project_id}/merge_requests/{merge_request_iid}"
        ),
        put::<MergeRequestMerge>(
            "merge_request.merge",
            "projects/{project_id}/merge_requests/{merge_request_iid}/merge"
        )
        .destructive(),
        put::<MergeRequestRebase>(
            "merge_request.rebase",
            "projects/{project_id}/merge_requests/{merge_request_iid}/rebase"
        ),
        get::<MergeRequestDiffs>(
            "merge_request.diff_list",
            "projects/{project_id}/merge_requests/{merge_request_iid}/diffs"
        )
        .output(Output::Diffs),
        get::<MergeRequestCommits>(
            "merge_request.commit_list",
            "projects/{project_id}/merge_requests/{merge_request_iid}/commits"
        )
        .list(),
        get::<MergeRequestPipelines>(
            "merge_request.pipeline_list",
            "projects/{project_id}/merge_requests/{merge_request_iid}/pipelines"
        )
        .list(),
        get::<MergeRequestApprovals>(
            "merge_request.approvals",
            "projects/{project_id}/merge_requests/{merge_request_iid}/approvals"
        ),
        post::<MergeRequestApprove>(
            "merge_request.approve",
            "projects/{project_id}/merge_requests/{merge_request_iid}/approve"
        ),
        post::<MergeRequestUnapprove>(
            "merge_request.unapprove",
            "projects/{project_id}/merge_requests/{merge_request_iid}/unapprove"
        ),
        get::<MergeRequestNoteList>(
            "merge_request.note_list",
            "projects/{project_id}/merge_requests/{merge_request_iid}/notes"
        )
        .list(),
        post::<MergeRequestNoteCreate>(
            "merge_request.note_create",
            "projects/{project_id}/merge_requests/{merge_request_iid}/notes"
        ),
        put::<MergeRequestNoteUpdate>(
            "merge_request.note_update",
            "projects/{project_id}/merge_requests/{merge_request_iid}/notes/{note_id}"
        ),
        get::<MergeRequestNoteGet>(
            "merge_request.note_get",
            "projects/{project_id}/merge_requests/{merge_request_iid}/notes/{note_id}"
        ),
        delete::<MergeRequestNoteDelete>(
            "merge_request.note_delete",
            "projects/{project_id}/merge_requests/{merge_request_iid}/notes/{note_id}"
        ),
        get::<MergeRequestDiscussionList>(
            "merge_request.discussion_list",
            "projects/{project_id}/merge_requests/{merge_request_iid}/discussions"
        )
        .list(),
        post::<MergeRequestDiscussionStart>(
            "merge_request.discussion_start",
            "projects/{project_id}/merge_requests/{merge_request_iid}/discussions"
        )
        .check(MergeRequestDiscussionStart::position_names_a_line),
        post::<MergeRequestDiscussionReply>(
            "merge_request.discussion_reply",
            "projects/{project_id}/merge_requests/{merge_request_iid}/discussions/{discussion_id}/notes"
        )
        .title("Reply to merge request discussion"),
        put::<MergeRequestDiscussionResolve>(
            "merge_request.discussion_resolve",
            "projects/{project_id}/merge_requests/{merge_request_iid}/discussions/{discussion_id}"
        ),
        put::<MergeRequestThreadNoteUpdate>(
            "merge_request.discussion_note_update",
            "projects/{project_id}/merge_requests/{merge_request_iid}/discussions/{discussion_id}/notes/{note_id}"
        )
        .title("Edit merge request thread comment"),
        delete::<MergeRequestThreadNoteDelete>(
            "merge_request.discussion_note_delete",
            "projects/{project_id}/merge_requests/{merge_request_iid}/discussions/{discussion_id}/notes/{note_id}"
        )
        .title("Delete merge request thread comment"),
    ], emoji::actions(), relations::actions(), approval_rules::actions(), merge_trains::actions(), draft_notes::actions(), versions::actions(), super::participants::merge_request_actions(), super::subscriptions::merge_request_actions(), super::time_tracking::merge_request_actions()]
    .into_iter()
    .flatten()
    .collect()
}

/// `merge_request.create`: every question of the merge request wizard, plus fields only
/// GitLab knows.
pub type MergeRequestCreate = Alternative<MergeRequestWizard, MergeRequestExtra>;

/// Open a merge request in one call: every question of the merge request wizard as a
/// parameter, plus assignees, reviewers and milestone. Returns the new merge request with
/// its iid and web_url.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestExtra {
    /// Users to assign, by user id.
    pub assignee_ids: Option<Vec<UserId>>,
    /// Users to ask for a review, by user id.
    pub reviewer_ids: Option<Vec<UserId>>,
    /// Milestone, by id.
    pub milestone_id: Option<u64>,
}

impl Extra<MergeRequestWizard> for MergeRequestExtra {
    fn body(self, _: &MergeRequestWizard) -> Result<Body, String> {
        Ok(Body::new()
            .opt("assignee_ids", self.assignee_ids)
            .opt("reviewer_ids", self.reviewer_ids)
            .opt("milestone_id", self.milestone_id))
    }
}

/// Get one merge request of a project by its iid: title, description, branches, state,
/// merge status, pipeline, author, reviewers and web_url.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    /// Also say whether a rebase is running (`rebase_in_progress`).
    pub include_rebase_in_progress: Option<bool>,
    /// Also count the target branch's commits the source branch lacks
    /// (`diverged_commits_count`).
    pub include_diverged_commits_count: Option<bool>,
}

/// Which merge requests to list by state.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum MergeRequestState {
    Opened,
    Closed,
    Locked,
    Merged,
    All,
}

crate::merge_request_list! {
    /// List a project's merge requests, filtered by state, branches, labels, text, author,
    /// assignee, reviewer, milestone, drafts, whose work (`scope`) or dates, one page at a
    /// time.
    pub struct MergeRequestList {
        /// The project's numeric id or its path (`group/project`).
        pub project_id: ProjectId,
        /// Only those with these numbers (iids).
        pub iids: Option<Vec<u64>>,
    }
}

crate::merge_request_list! {
    /// List merge requests across every project the token can see, such as what waits
    /// for my review (`scope: reviews_for_me`) or what is assigned to me (`scope:
    /// assigned_to_me`); by default those the user created. Filters as
    /// `merge_request.list`; one page at a time.
    pub struct MergeRequestListAll {}
}

/// Change a merge request's title, description, target branch, labels, state, merge
/// options, assignees, reviewers or milestone; only the fields given change. Returns the
/// updated merge request.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestUpdate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    pub title: Option<String>,
    /// Markdown.
    pub description: Option<String>,
    pub target_branch: Option<Branch>,
    /// Replaces every label of the merge request.
    pub labels: Option<CommaList>,
    /// `close` or `reopen`.
    pub state_event: Option<StateEvent>,
    pub remove_source_branch: Option<bool>,
    pub squash: Option<bool>,
    /// Replaces the assignees, by user id.
    pub assignee_ids: Option<Vec<UserId>>,
    /// Replaces the reviewers, by user id.
    pub reviewer_ids: Option<Vec<UserId>>,
    pub milestone_id: Option<u64>,
}

/// Delete a merge request for good (destructive; needs an owner or admin token).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
}

/// `merge_request.merge`: every question of the merge wizard as a parameter, plus what only
/// GitLab's merge takes.
pub type MergeRequestMerge = Alternative<MergeWizard, MergeExtra>;

/// Merge a merge request now, or when its pipeline succeeds, optionally only if its source
/// branch is still at `sha` (destructive). Returns the merge request, merged or set to
/// merge when the pipeline succeeds.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeExtra {
    /// Merge only if the source branch's HEAD is still this commit.
    pub sha: Option<String>,
    /// The merge commit's message.
    pub merge_commit_message: Option<String>,
    /// The squash commit's message.
    pub squash_commit_message: Option<String>,
}

impl Extra<MergeWizard> for MergeExtra {
    fn body(self, _: &MergeWizard) -> Result<Body, String> {
        Ok(Body::new()
            .opt("sha", self.sha)
            .opt("merge_commit_message", self.merge_commit_message)
            .opt("squash_commit_message", self.squash_commit_message))
    }
}

/// Rebase a merge request's source branch onto its target branch; GitLab does it in the
/// background and answers `rebase_in_progress`: read the merge request again for its new
/// `sha`, or a `merge_error` when it failed.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestRebase {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    /// Do not start a pipeline for the rebased branch.
    pub skip_ci: Option<bool>,
}
