//! What a merge request relates to: the issues it mentions or closes
//! (`…/related_issues`, `…/closes_issues`), its reviewers and their review state
//! (`…/reviewers`), the approval rules and who satisfied them (`…/approval_state`), and
//! the merge requests that must merge first (`…/blocks[/:block_id]`, GitLab Premium).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::catalog::params::{MergeRequestIid, PageNumber, PerPage};
use crate::catalog::{Action, delete, get, post};
use crate::gitlab::ProjectId;
use crate::table;

pub fn actions() -> Vec<Action> {
    table![
        get::<MergeRequestRelatedIssues>(
            "merge_request.related_issue_list",
            "projects/{project_id}/merge_requests/{merge_request_iid}/related_issues"
        )
        .list()
        .title("List the issues a merge request mentions"),
        get::<MergeRequestClosesIssues>(
            "merge_request.closes_issue_list",
            "projects/{project_id}/merge_requests/{merge_request_iid}/closes_issues"
        )
        .list()
        .title("List the issues a merge request closes"),
        get::<MergeRequestReviewers>(
            "merge_request.reviewer_list",
            "projects/{project_id}/merge_requests/{merge_request_iid}/reviewers"
        )
        .list()
        .title("List a merge request's reviewers and their review state"),
        get::<MergeRequestApprovalState>(
            "merge_request.approval_state",
            "projects/{project_id}/merge_requests/{merge_request_iid}/approval_state"
        )
        .title("Get a merge request's approval rules and who approved"),
        get::<MergeRequestBlockList>(
            "merge_request.dependency_list",
            "projects/{project_id}/merge_requests/{merge_request_iid}/blocks"
        )
        .list()
        .title("List the merge requests that must merge first"),
        get::<MergeRequestBlockGet>(
            "merge_request.dependency_get",
            "projects/{project_id}/merge_requests/{merge_request_iid}/blocks/{block_id}"
        )
        .title("Get a merge request dependency"),
        post::<MergeRequestBlockCreate>(
            "merge_request.dependency_create",
            "projects/{project_id}/merge_requests/{merge_request_iid}/blocks"
        )
        .title("Make a merge request wait for another"),
        delete::<MergeRequestBlockDelete>(
            "merge_request.dependency_delete",
            "projects/{project_id}/merge_requests/{merge_request_iid}/blocks/{block_id}"
        )
        .title("Remove a merge request dependency"),
    ]
}

/// List the issues a merge request mentions in its title, description, commits and
/// comments: iid, title, state, web_url.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestRelatedIssues {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// List the issues a merge request closes when it merges (`Closes #12` in its description
/// or commits): iid, title, state, web_url.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestClosesIssues {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// List a merge request's reviewers, each with their review state (`unreviewed`,
/// `reviewed`, `requested_changes`, `approved`, `unapproved`).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestReviewers {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
}

/// Get a merge request's approval state (GitLab Premium): each approval rule, its
/// eligible approvers, who approved, and whether it is satisfied.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestApprovalState {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
}

/// List the merge requests that block this one: it cannot merge before they do (GitLab
/// Premium).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestBlockList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The blocked merge request's number inside the project.
    pub merge_request_iid: MergeRequestIid,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one dependency of a merge request: the blocking and the blocked merge request.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestBlockGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The blocked merge request's number inside the project.
    pub merge_request_iid: MergeRequestIid,
    /// The dependency's id (from `merge_request.dependency_list`).
    pub block_id: u64,
}

/// Make a merge request wait for another to merge first. Returns the dependency.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestBlockCreate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The merge request that is to wait, by its number inside the project.
    pub merge_request_iid: MergeRequestIid,
    /// The merge request to merge first, by its global `id` (not its iid).
    pub blocking_merge_request_id: u64,
}

/// Let a merge request no longer wait for another (destructive).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestBlockDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The blocked merge request's number inside the project.
    pub merge_request_iid: MergeRequestIid,
    /// The dependency's id (from `merge_request.dependency_list`).
    pub block_id: u64,
}
