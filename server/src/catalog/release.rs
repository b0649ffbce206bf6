//! Release actions: `/projects/:id/releases[/:tag_name]`.

use schemars::JsonSchema;
use serde::Deserialize;

use super::GitLabAction;
use super::alternative::{Alternative, Extra};
use super::call::Body;
use super::params::{PageNumber, PerPage};
use super::wizards::GitLabWizard;
use crate::gitlab::{ApiRequest, ProjectId};
use crate::wizards::ReleaseWizard;

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

/// The release wizard always sends `name`: an empty one lets GitLab use the tag name.
impl GitLabWizard for ReleaseWizard {
    fn request(&self) -> ApiRequest {
        let body = Body::new()
            .set("tag_name", &self.tag_name)
            .set("name", &self.name)
            .opt("description", self.description.as_ref());
        ApiRequest::post()
            .project(&self.project_id)
            .segment("releases")
            .json(body.into())
    }
}

impl Extra<ReleaseWizard> for ReleaseExtra {
    fn body(self, _: &ReleaseWizard) -> Result<Body, String> {
        Ok(Body::new()
            .opt("milestones", self.milestones)
            .opt("released_at", self.released_at))
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
        Ok(ApiRequest::get()
            .project(&self.project_id)
            .segment("releases")
            .segment(self.tag_name))
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
        Ok(ApiRequest::get()
            .project(&self.project_id)
            .segment("releases")
            .query_opt("sort", self.sort.map(Sort::as_str))
            .page(self.page.map(|p| p.0), self.per_page.map(|p| p.0)))
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
        body.require_change()?;
        Ok(ApiRequest::put()
            .project(&self.project_id)
            .segment("releases")
            .segment(self.tag_name)
            .json(body.into()))
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
        Ok(ApiRequest::delete()
            .project(&self.project_id)
            .segment("releases")
            .segment(self.tag_name))
    }
}
