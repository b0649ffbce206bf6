//! Merge trains (GitLab Premium): `/projects/:id/merge_trains[/:target_branch]` and
//! `/projects/:id/merge_trains/merge_requests/:merge_request_iid`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::super::releases::Sort;
use crate::catalog::params::{Branch, MergeRequestIid, PageNumber, PerPage};
use crate::catalog::{Action, Output, get, post};
use crate::gitlab::ProjectId;
use crate::table;

pub fn actions() -> Vec<Action> {
    table![
        get::<MergeTrainList>("merge_train.list", "projects/{project_id}/merge_trains")
            .list()
            .title("List a project's merge trains"),
        get::<MergeTrainBranch>(
            "merge_train.branch_list",
            "projects/{project_id}/merge_trains/{target_branch}"
        )
        .list()
        .title("List the merge train of a target branch"),
        get::<MergeTrainStatus>(
            "merge_train.status",
            "projects/{project_id}/merge_trains/merge_requests/{merge_request_iid}"
        )
        // A car of the train: its status and pipeline, the merge request inside.
        .not_the_kind_of_its_path()
        .title("Get a merge request's place on its merge train"),
        post::<MergeTrainAdd>(
            "merge_train.add",
            "projects/{project_id}/merge_trains/merge_requests/{merge_request_iid}"
        )
        // The whole train, as a page: a write's answer, not a list read.
        .output(Output::Any)
        .destructive()
        .title("Add a merge request to its merge train"),
    ]
}

/// Which cars of a merge train to list.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TrainScope {
    /// Still queued or running.
    Active,
    /// Merged or dropped.
    Complete,
}

/// List the merge requests on a project's merge trains, every target branch mixed (GitLab
/// Premium): each car's merge request, status, pipeline and who added it.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeTrainList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// `active` (queued or running) or `complete`.
    pub scope: Option<TrainScope>,
    /// By creation, `desc` (GitLab's default) or `asc`.
    pub sort: Option<Sort>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// List the merge train of one target branch, in order (GitLab Premium).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeTrainBranch {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The branch the train merges into (`main`).
    pub target_branch: Branch,
    /// `active` (queued or running) or `complete`.
    pub scope: Option<TrainScope>,
    /// By creation, `desc` (GitLab's default) or `asc`.
    pub sort: Option<Sort>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get a merge request's car on its merge train: status, pipeline, when added; GitLab
/// answers 404 when it is not on a train.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeTrainStatus {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
}

/// Put a merge request on the merge train of its target branch, which merges it once its
/// train pipeline passes (destructive: it merges). Returns the whole train, in order.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeTrainAdd {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    /// Add only if the source branch's HEAD is still this commit.
    pub sha: Option<String>,
    /// Squash its commits into one on merge.
    pub squash: Option<bool>,
    /// Join the train when its pipeline succeeds rather than now.
    pub auto_merge: Option<bool>,
}
