//! Project actions: `/projects[/:id]`.

use schemars::JsonSchema;
use serde::Deserialize;
use wizard::Choice as _;

use super::GitLabAction;
use super::alternative::{Alternative, Extra};
use super::call::Body;
use super::params::{PageNumber, PerPage};
use super::release::Sort;
use super::wizards::GitLabWizard;
use crate::gitlab::{ApiRequest, ProjectId};
use crate::wizards::{ProjectWizard, Visibility};

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

/// The project wizard sends `default_branch` only with a README: GitLab applies it only
/// then, and the wizard asks for it only after a yes.
impl GitLabWizard for ProjectWizard {
    fn request(&self) -> ApiRequest {
        let readme = self.initialize_with_readme;
        let body = Body::new()
            .set("name", &self.name)
            .opt("description", self.description.as_ref())
            .set("visibility", self.visibility)
            .set("initialize_with_readme", readme)
            .opt(
                "default_branch",
                self.default_branch.as_ref().filter(|_| readme),
            );
        ApiRequest::post().segment("projects").json(body.into())
    }
}

impl Extra<ProjectWizard> for ProjectExtra {
    fn body(self, wizard: &ProjectWizard) -> Result<Body, String> {
        if wizard.default_branch.is_some() && !wizard.initialize_with_readme {
            return Err(
                "`default_branch` needs `initialize_with_readme: true`; GitLab applies a default branch only together with a README"
                    .to_owned(),
            );
        }
        Ok(Body::new()
            .opt("path", self.path)
            .opt("namespace_id", self.namespace_id)
            .opt("topics", self.topics))
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
        Ok(ApiRequest::get().project(&self.project_id))
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
        Ok(ApiRequest::get()
            .segment("projects")
            .query_opt("search", self.search)
            .query_opt("owned", self.owned)
            .query_opt("membership", self.membership)
            .query_opt("visibility", self.visibility.map(|v| v.wire_value()))
            .query_opt("sort", self.sort.map(Sort::as_str))
            .page(self.page.map(|p| p.0), self.per_page.map(|p| p.0)))
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
        body.require_change()?;
        Ok(ApiRequest::put()
            .project(&self.project_id)
            .json(body.into()))
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
        Ok(ApiRequest::delete().project(&self.project_id))
    }
}
