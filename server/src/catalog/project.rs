//! Project actions: `/projects[/:id]`.

use schemars::JsonSchema;
use serde::Deserialize;
use wizard::Choice as _;

use super::alternative::Alternative;
use super::call::{Body, Query, RequestExt, request};
use super::params::{PageNumber, PerPage, require_change};
use super::release::Sort;
use super::{GitLabAction, extend_body, project_path};
use crate::gitlab::{ApiRequest, Method};
use crate::wizards::{ProjectId, ProjectWizard, Visibility};

/// `project.create`: every question of the project wizard, plus fields only GitLab knows.
pub type ProjectCreate = Alternative<ProjectWizard, ProjectExtra>;

/// What `project.create` takes besides the wizard's questions.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProjectExtra {
    /// URL path of the project (GitLab's default: derived from the name).
    pub path: Option<String>,
    /// Group to create the project in, by id (default: your personal namespace).
    pub namespace_id: Option<u64>,
    /// Topics to tag the project with.
    pub topics: Option<Vec<String>>,
}

/// The body the project wizard sends. `default_branch` is sent only with a README:
/// GitLab applies it only then, and the wizard asks for it only after a yes.
pub fn wizard_call(wizard: &ProjectWizard) -> ApiRequest {
    let readme = wizard.initialize_with_readme;
    let body = Body::new()
        .set("name", &wizard.name)
        .opt("description", wizard.description.as_ref())
        .set("visibility", wizard.visibility)
        .set("initialize_with_readme", readme)
        .opt(
            "default_branch",
            wizard.default_branch.as_ref().filter(|_| readme),
        );
    request(Method::POST, vec!["projects".to_owned()]).with_body(body)
}

impl GitLabAction for ProjectCreate {
    fn call(self) -> Result<ApiRequest, String> {
        if self.wizard.default_branch.is_some() && !self.wizard.initialize_with_readme {
            return Err(
                "`default_branch` needs `initialize_with_readme: true`; GitLab applies a default branch only together with a README"
                    .to_owned(),
            );
        }
        let extra = Body::new()
            .opt("path", self.extra.path)
            .opt("namespace_id", self.extra.namespace_id)
            .opt("topics", self.extra.topics);
        Ok(extend_body(wizard_call(&self.wizard), extra))
    }
}

/// `project.get`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProjectGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
}

impl GitLabAction for ProjectGet {
    fn call(self) -> Result<ApiRequest, String> {
        Ok(request(Method::GET, project_path(&self.project_id, &[])))
    }
}

/// `project.list`: projects the token can see.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProjectList {
    /// Only projects whose name or path contains this text.
    pub search: Option<String>,
    /// Only projects you own.
    pub owned: Option<bool>,
    /// Only projects you are a member of.
    pub membership: Option<bool>,
    pub visibility: Option<Visibility>,
    /// `asc` or `desc` (GitLab's default: `desc`).
    pub sort: Option<Sort>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

impl GitLabAction for ProjectList {
    fn call(self) -> Result<ApiRequest, String> {
        let query = Query::new()
            .opt("search", self.search)
            .opt("owned", self.owned)
            .opt("membership", self.membership)
            .opt("visibility", self.visibility.map(|v| v.wire_value()))
            .opt("sort", self.sort.map(Sort::as_str))
            .opt("page", self.page.map(|p| p.0))
            .opt("per_page", self.per_page.map(|p| p.0));
        Ok(request(Method::GET, vec!["projects".to_owned()]).with_query(query))
    }
}

/// `project.update`: only the fields given change.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProjectUpdate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub name: Option<String>,
    pub description: Option<String>,
    pub visibility: Option<Visibility>,
    /// An existing branch to make the default.
    pub default_branch: Option<String>,
    /// Replaces the topics.
    pub topics: Option<Vec<String>>,
}

impl GitLabAction for ProjectUpdate {
    fn call(self) -> Result<ApiRequest, String> {
        let body = Body::new()
            .opt("name", self.name)
            .opt("description", self.description)
            .opt("visibility", self.visibility)
            .opt("default_branch", self.default_branch)
            .opt("topics", self.topics);
        require_change(
            &body,
            &[
                "name",
                "description",
                "visibility",
                "default_branch",
                "topics",
            ],
        )?;
        let path = project_path(&self.project_id, &[]);
        Ok(request(Method::PUT, path).with_body(body))
    }
}

/// `project.delete`: GitLab may keep it for a grace period first.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProjectDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
}

impl GitLabAction for ProjectDelete {
    fn call(self) -> Result<ApiRequest, String> {
        let path = project_path(&self.project_id, &[]);
        Ok(request(Method::DELETE, path))
    }
}
