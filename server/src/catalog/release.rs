//! Release actions: `/projects/:id/releases[/:tag_name]`.

use schemars::JsonSchema;
use serde::Deserialize;

use super::alternative::Alternative;
use super::call::{Body, Query, RequestExt, request};
use super::params::{PageNumber, PerPage, require_change};
use super::{GitLabAction, extend_body, project_path};
use crate::gitlab::{ApiRequest, Method};
use crate::wizards::{ProjectId, ReleaseWizard};

/// `release.create`: every question of the release wizard, plus fields only GitLab knows.
pub type ReleaseCreate = Alternative<ReleaseWizard, ReleaseExtra>;

/// What `release.create` takes besides the wizard's questions.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReleaseExtra {
    /// Milestone titles to attach.
    pub milestones: Option<Vec<String>>,
    /// When the release happened (ISO 8601, e.g. `2026-07-28T12:00:00Z`); default now.
    pub released_at: Option<String>,
}

/// The body the release wizard sends. `name` is always sent: an empty one lets GitLab
/// use the tag name.
pub fn wizard_call(wizard: &ReleaseWizard) -> ApiRequest {
    let body = Body::new()
        .set("tag_name", &wizard.tag_name)
        .set("name", &wizard.name)
        .opt("description", wizard.description.as_ref());
    request(
        Method::POST,
        project_path(&wizard.project_id, &["releases"]),
    )
    .with_body(body)
}

impl GitLabAction for ReleaseCreate {
    fn call(self) -> Result<ApiRequest, String> {
        let extra = Body::new()
            .opt("milestones", self.extra.milestones)
            .opt("released_at", self.extra.released_at);
        Ok(extend_body(wizard_call(&self.wizard), extra))
    }
}

/// `release.get`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReleaseGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The tag the release belongs to.
    pub tag_name: String,
}

impl GitLabAction for ReleaseGet {
    fn call(self) -> Result<ApiRequest, String> {
        let path = project_path(&self.project_id, &["releases", &self.tag_name]);
        Ok(request(Method::GET, path))
    }
}

/// `release.list`, newest first unless `sort` says otherwise.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReleaseList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// `asc` or `desc` by release date (GitLab's default: `desc`).
    pub sort: Option<Sort>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Sort direction.
#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Sort {
    Asc,
    Desc,
}

impl Sort {
    pub fn as_str(self) -> &'static str {
        match self {
            Sort::Asc => "asc",
            Sort::Desc => "desc",
        }
    }
}

impl GitLabAction for ReleaseList {
    fn call(self) -> Result<ApiRequest, String> {
        let query = Query::new()
            .opt("sort", self.sort.map(Sort::as_str))
            .opt("page", self.page.map(|p| p.0))
            .opt("per_page", self.per_page.map(|p| p.0));
        let path = project_path(&self.project_id, &["releases"]);
        Ok(request(Method::GET, path).with_query(query))
    }
}

/// `release.update`: only the fields given change.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReleaseUpdate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The tag the release belongs to.
    pub tag_name: String,
    pub name: Option<String>,
    /// The release notes, Markdown.
    pub description: Option<String>,
    /// Replaces the milestones, by title.
    pub milestones: Option<Vec<String>>,
    /// ISO 8601 date and time.
    pub released_at: Option<String>,
}

impl GitLabAction for ReleaseUpdate {
    fn call(self) -> Result<ApiRequest, String> {
        let body = Body::new()
            .opt("name", self.name)
            .opt("description", self.description)
            .opt("milestones", self.milestones)
            .opt("released_at", self.released_at);
        require_change(&body, &["name", "description", "milestones", "released_at"])?;
        let path = project_path(&self.project_id, &["releases", &self.tag_name]);
        Ok(request(Method::PUT, path).with_body(body))
    }
}

/// `release.delete`: the tag stays.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReleaseDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The tag the release belongs to.
    pub tag_name: String,
}

impl GitLabAction for ReleaseDelete {
    fn call(self) -> Result<ApiRequest, String> {
        let path = project_path(&self.project_id, &["releases", &self.tag_name]);
        Ok(request(Method::DELETE, path))
    }
}
