//! Issue actions: `/projects/:id/issues[/:issue_iid]`.

use schemars::JsonSchema;
use serde::Deserialize;

use super::GitLabAction;
use super::alternative::{Alternative, Extra};
use super::call::{Body, comma_list};
use super::params::{Date, PageNumber, PerPage};
use super::wizards::GitLabWizard;
use crate::gitlab::{ApiRequest, ProjectId};
use crate::wizards::IssueWizard;

/// `issue.create`: every question of the issue wizard, plus fields only GitLab knows.
pub type IssueCreate = Alternative<IssueWizard, IssueExtra>;

/// What `issue.create` takes besides the wizard's questions.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IssueExtra {
    /// Users to assign, by user id.
    pub assignee_ids: Option<Vec<u64>>,
    /// Milestone to file the issue under, by id.
    pub milestone_id: Option<u64>,
    /// When the issue is due.
    pub due_date: Option<Date>,
}

/// The issue wizard sends only the fields that were set, labels joined with `,`.
impl GitLabWizard for IssueWizard {
    fn request(&self) -> ApiRequest {
        let body = Body::new()
            .set("title", &self.title)
            .opt("description", self.description.as_ref())
            .labels("labels", self.labels.as_deref())
            .opt("confidential", self.confidential);
        ApiRequest::post()
            .project(&self.project_id)
            .segment("issues")
            .json(body.into())
    }
}

impl Extra<IssueWizard> for IssueExtra {
    fn body(self, _: &IssueWizard) -> Result<Body, String> {
        Ok(Body::new()
            .opt("assignee_ids", self.assignee_ids)
            .opt("milestone_id", self.milestone_id)
            .opt("due_date", self.due_date))
    }
}

/// `issue.get`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IssueGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The issue's number inside the project (`#12` → 12).
    pub issue_iid: u64,
}

impl GitLabAction for IssueGet {
    fn call(self) -> Result<ApiRequest, String> {
        Ok(ApiRequest::get()
            .project(&self.project_id)
            .segment("issues")
            .segment(self.issue_iid))
    }
}

/// Which issues to list by state.
#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum IssueState {
    Opened,
    Closed,
    All,
}

impl IssueState {
    fn as_str(self) -> &'static str {
        match self {
            IssueState::Opened => "opened",
            IssueState::Closed => "closed",
            IssueState::All => "all",
        }
    }
}

/// `issue.list`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IssueList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// Only issues in this state (GitLab's default: all).
    pub state: Option<IssueState>,
    /// Only issues carrying every one of these labels.
    pub labels: Option<Vec<String>>,
    /// Only issues whose title or description contains this text.
    pub search: Option<String>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

impl GitLabAction for IssueList {
    fn call(self) -> Result<ApiRequest, String> {
        Ok(ApiRequest::get()
            .project(&self.project_id)
            .segment("issues")
            .query_opt("state", self.state.map(IssueState::as_str))
            .query_opt("labels", comma_list(self.labels.as_deref()))
            .query_opt("search", self.search)
            .page(self.page.map(|p| p.0), self.per_page.map(|p| p.0)))
    }
}

/// Close or reopen.
#[derive(Debug, Clone, Copy, Deserialize, JsonSchema, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StateEvent {
    Close,
    Reopen,
}

/// `issue.update`: only the fields given change.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IssueUpdate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The issue's number inside the project.
    pub issue_iid: u64,
    pub title: Option<String>,
    /// Markdown.
    pub description: Option<String>,
    /// Replaces every label of the issue.
    pub labels: Option<Vec<String>>,
    pub state_event: Option<StateEvent>,
    pub confidential: Option<bool>,
    /// Replaces the assignees, by user id (an empty list unassigns everyone).
    pub assignee_ids: Option<Vec<u64>>,
    pub milestone_id: Option<u64>,
    pub due_date: Option<Date>,
}

impl GitLabAction for IssueUpdate {
    fn call(self) -> Result<ApiRequest, String> {
        let body = Body::new()
            .opt("title", self.title)
            .opt("description", self.description)
            .opt("labels", self.labels.map(|labels| labels.join(",")))
            .opt("state_event", self.state_event)
            .opt("confidential", self.confidential)
            .opt("assignee_ids", self.assignee_ids)
            .opt("milestone_id", self.milestone_id)
            .opt("due_date", self.due_date);
        body.require_change()?;
        Ok(ApiRequest::put()
            .project(&self.project_id)
            .segment("issues")
            .segment(self.issue_iid)
            .json(body.into()))
    }
}

/// `issue.delete`: needs an owner or admin token.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IssueDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The issue's number inside the project.
    pub issue_iid: u64,
}

impl GitLabAction for IssueDelete {
    fn call(self) -> Result<ApiRequest, String> {
        Ok(ApiRequest::delete()
            .project(&self.project_id)
            .segment("issues")
            .segment(self.issue_iid))
    }
}
