//! Merge request actions: `/projects/:id/merge_requests[/:merge_request_iid[/merge]]`.

use schemars::JsonSchema;
use serde::Deserialize;

use super::GitLabAction;
use super::alternative::{Alternative, Extra};
use super::call::{Body, comma_list};
use super::issue::StateEvent;
use super::params::{PageNumber, PerPage};
use super::wizards::GitLabWizard;
use crate::gitlab::{ApiRequest, ProjectId};
use crate::wizards::MergeRequestWizard;

/// `merge_request.create`: every question of the merge request wizard, plus fields only
/// GitLab knows.
pub type MergeRequestCreate = Alternative<MergeRequestWizard, MergeRequestExtra>;

/// What `merge_request.create` takes besides the wizard's questions.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestExtra {
    /// Users to assign, by user id.
    pub assignee_ids: Option<Vec<u64>>,
    /// Users to ask for a review, by user id.
    pub reviewer_ids: Option<Vec<u64>>,
    /// Milestone, by id.
    pub milestone_id: Option<u64>,
}

/// The merge request wizard sends only the fields that were set.
impl GitLabWizard for MergeRequestWizard {
    fn request(&self) -> ApiRequest {
        let body = Body::new()
            .set("source_branch", &self.source_branch)
            .set("target_branch", &self.target_branch)
            .set("title", &self.title)
            .opt("description", self.description.as_ref())
            .labels("labels", self.labels.as_deref())
            .opt("remove_source_branch", self.remove_source_branch)
            .opt("squash", self.squash);
        ApiRequest::post()
            .project(&self.project_id)
            .segment("merge_requests")
            .json(body.into())
    }
}

impl Extra<MergeRequestWizard> for MergeRequestExtra {
    fn body(self, _: &MergeRequestWizard) -> Result<Body, String> {
        Ok(Body::new()
            .opt("assignee_ids", self.assignee_ids)
            .opt("reviewer_ids", self.reviewer_ids)
            .opt("milestone_id", self.milestone_id))
    }
}

/// `merge_request.get`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The merge request's number inside the project (`!7` → 7).
    pub merge_request_iid: u64,
}

impl GitLabAction for MergeRequestGet {
    fn call(self) -> Result<ApiRequest, String> {
        Ok(ApiRequest::get()
            .project(&self.project_id)
            .segment("merge_requests")
            .segment(self.merge_request_iid))
    }
}

/// Which merge requests to list by state.
#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum MergeRequestState {
    Opened,
    Closed,
    Locked,
    Merged,
    All,
}

impl MergeRequestState {
    fn as_str(self) -> &'static str {
        match self {
            MergeRequestState::Opened => "opened",
            MergeRequestState::Closed => "closed",
            MergeRequestState::Locked => "locked",
            MergeRequestState::Merged => "merged",
            MergeRequestState::All => "all",
        }
    }
}

/// `merge_request.list`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// Only merge requests in this state (GitLab's default: all).
    pub state: Option<MergeRequestState>,
    /// Only merge requests from this branch.
    pub source_branch: Option<String>,
    /// Only merge requests into this branch.
    pub target_branch: Option<String>,
    /// Only merge requests carrying every one of these labels.
    pub labels: Option<Vec<String>>,
    /// Only merge requests whose title or description contains this text.
    pub search: Option<String>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

impl GitLabAction for MergeRequestList {
    fn call(self) -> Result<ApiRequest, String> {
        Ok(ApiRequest::get()
            .project(&self.project_id)
            .segment("merge_requests")
            .query_opt("state", self.state.map(MergeRequestState::as_str))
            .query_opt("source_branch", self.source_branch)
            .query_opt("target_branch", self.target_branch)
            .query_opt("labels", comma_list(self.labels.as_deref()))
            .query_opt("search", self.search)
            .page(self.page.map(|p| p.0), self.per_page.map(|p| p.0)))
    }
}

/// `merge_request.update`: only the fields given change.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestUpdate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The merge request's number inside the project.
    pub merge_request_iid: u64,
    pub title: Option<String>,
    /// Markdown.
    pub description: Option<String>,
    pub target_branch: Option<String>,
    /// Replaces every label of the merge request.
    pub labels: Option<Vec<String>>,
    pub state_event: Option<StateEvent>,
    pub remove_source_branch: Option<bool>,
    pub squash: Option<bool>,
    /// Replaces the assignees, by user id.
    pub assignee_ids: Option<Vec<u64>>,
    /// Replaces the reviewers, by user id.
    pub reviewer_ids: Option<Vec<u64>>,
    pub milestone_id: Option<u64>,
}

impl GitLabAction for MergeRequestUpdate {
    fn call(self) -> Result<ApiRequest, String> {
        let body = Body::new()
            .opt("title", self.title)
            .opt("description", self.description)
            .opt("target_branch", self.target_branch)
            .opt("labels", self.labels.map(|labels| labels.join(",")))
            .opt("state_event", self.state_event)
            .opt("remove_source_branch", self.remove_source_branch)
            .opt("squash", self.squash)
            .opt("assignee_ids", self.assignee_ids)
            .opt("reviewer_ids", self.reviewer_ids)
            .opt("milestone_id", self.milestone_id);
        body.require_change()?;
        Ok(ApiRequest::put()
            .project(&self.project_id)
            .segment("merge_requests")
            .segment(self.merge_request_iid)
            .json(body.into()))
    }
}

/// `merge_request.delete`: needs an owner or admin token.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The merge request's number inside the project.
    pub merge_request_iid: u64,
}

impl GitLabAction for MergeRequestDelete {
    fn call(self) -> Result<ApiRequest, String> {
        Ok(ApiRequest::delete()
            .project(&self.project_id)
            .segment("merge_requests")
            .segment(self.merge_request_iid))
    }
}

/// `merge_request.merge`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestMerge {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The merge request's number inside the project.
    pub merge_request_iid: u64,
    /// Merge only if the source branch's HEAD is still this commit.
    pub sha: Option<String>,
    /// Squash the commits into one.
    pub squash: Option<bool>,
    /// Delete the source branch after merging.
    pub should_remove_source_branch: Option<bool>,
    /// The merge commit's message.
    pub merge_commit_message: Option<String>,
    /// The squash commit's message.
    pub squash_commit_message: Option<String>,
}

impl GitLabAction for MergeRequestMerge {
    fn call(self) -> Result<ApiRequest, String> {
        let body = Body::new()
            .opt("sha", self.sha)
            .opt("squash", self.squash)
            .opt(
                "should_remove_source_branch",
                self.should_remove_source_branch,
            )
            .opt("merge_commit_message", self.merge_commit_message)
            .opt("squash_commit_message", self.squash_commit_message);
        let call = ApiRequest::put()
            .project(&self.project_id)
            .segment("merge_requests")
            .segment(self.merge_request_iid)
            .segment("merge");
        Ok(if body.is_empty() {
            call
        } else {
            call.json(body.into())
        })
    }
}
