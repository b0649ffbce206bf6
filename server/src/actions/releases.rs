//! The `releases` toolset: `/projects/:id/releases[/:tag_name]`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::catalog::alternative::{Alternative, Extra};
use crate::catalog::body::Body;
use crate::catalog::params::{PageNumber, PerPage};
use crate::catalog::{Action, delete, get, post, put};
use crate::gitlab::ProjectId;
use crate::table;
use crate::wizards::ReleaseWizard;

pub fn actions() -> Vec<Action> {
    table![
        post::<ReleaseCreate>("release.create", "projects/{project_id}/releases"),
        get::<ReleaseGet>("release.get", "projects/{project_id}/releases/{tag_name}"),
        get::<ReleaseList>("release.list", "projects/{project_id}/releases").list(),
        put::<ReleaseUpdate>(
            "release.update",
            "projects/{project_id}/releases/{tag_name}"
        ),
        delete::<ReleaseDelete>(
            "release.delete",
            "projects/{project_id}/releases/{tag_name}"
        ),
    ]
}

/// `release.create`: every question of the release wizard, plus fields only GitLab knows.
pub type ReleaseCreate = Alternative<ReleaseWizard, ReleaseExtra>;

/// Create a release for an existing tag in one call: every question of the release wizard
/// as a parameter, plus milestones and release date. Returns the new release.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReleaseExtra {
    /// Milestone titles to attach.
    pub milestones: Option<Vec<String>>,
    /// When the release happened (ISO 8601, e.g. `2026-07-28T12:00:00Z`); default now.
    pub released_at: Option<String>,
}

impl Extra<ReleaseWizard> for ReleaseExtra {
    fn body(self, _: &ReleaseWizard) -> Result<Body, String> {
        Ok(Body::new()
            .opt("milestones", self.milestones)
            .opt("released_at", self.released_at))
    }
}

/// Get one release of a project by its tag name: name, notes, assets and dates.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReleaseGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The tag the release belongs to.
    pub tag_name: String,
}

/// Sort direction.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Sort {
    Asc,
    Desc,
}

/// List a project's releases, newest first unless `sort` says otherwise, one page at a
/// time.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReleaseList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// `asc` or `desc` by release date (GitLab's default: `desc`).
    pub sort: Option<Sort>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Change a release's name, notes, milestones or date; only the fields given change.
/// Returns the updated release.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
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

/// Delete a release; its tag stays (destructive).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReleaseDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The tag the release belongs to.
    pub tag_name: String,
}
