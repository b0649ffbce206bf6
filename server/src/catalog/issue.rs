//! Issue actions: `/projects/:id/issues[/:issue_iid]`.

use schemars::JsonSchema;
use serde::Deserialize;

use super::alternative::Alternative;
use super::call::{Body, Query, RequestExt, request};
use super::params::{Date, PageNumber, PerPage, require_change};
use super::{GitLabAction, extend_body, project_path};
use crate::gitlab::{ApiRequest, Method};
use crate::wizards::{IssueWizard, ProjectId};

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

/// The body the issue wizard sends: only the fields that were set, labels joined with `,`.
pub fn wizard_call(wizard: &IssueWizard) -> ApiRequest {
    let body = Body::new()
        .set("title", &wizard.title)
        .opt("description", wizard.description.as_ref())
        .labels("labels", wizard.labels.as_deref())
        .opt("confidential", wizard.confidential);
    request(Method::POST, project_path(&wizard.project_id, &["issues"])).with_body(body)
}

impl GitLabAction for IssueCreate {
    fn call(self) -> Result<ApiRequest, String> {
        let extra = Body::new()
            .opt("assignee_ids", self.extra.assignee_ids)
            .opt("milestone_id", self.extra.milestone_id)
            .opt("due_date", self.extra.due_date);
        Ok(extend_body(wizard_call(&self.wizard), extra))
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
        Ok(request(
            Method::GET,
            project_path(&self.project_id, &["issues", &self.issue_iid.to_string()]),
        ))
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
        let query = Query::new()
            .opt("state", self.state.map(IssueState::as_str))
            .labels("labels", self.labels.as_deref())
            .opt("search", self.search)
            .opt("page", self.page.map(|p| p.0))
            .opt("per_page", self.per_page.map(|p| p.0));
        Ok(request(Method::GET, project_path(&self.project_id, &["issues"])).with_query(query))
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
        require_change(
            &body,
            &[
                "title",
                "description",
                "labels",
                "state_event",
                "confidential",
                "assignee_ids",
                "milestone_id",
                "due_date",
            ],
        )?;
        let path = project_path(&self.project_id, &["issues", &self.issue_iid.to_string()]);
        Ok(request(Method::PUT, path).with_body(body))
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
        let path = project_path(&self.project_id, &["issues", &self.issue_iid.to_string()]);
        Ok(request(Method::DELETE, path))
    }
}
