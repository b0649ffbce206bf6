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
        get::<ReleaseLinkList>(
            "release_link.list",
            "projects/{project_id}/releases/{tag_name}/assets/links"
        )
        .list()
        .title("List a release's asset links"),
        get::<ReleaseLinkGet>(
            "release_link.get",
            "projects/{project_id}/releases/{tag_name}/assets/links/{link_id}"
        )
        .title("Get a release asset link"),
        post::<ReleaseLinkCreate>(
            "release_link.create",
            "projects/{project_id}/releases/{tag_name}/assets/links"
        )
        .title("Add an asset link to a release"),
        put::<ReleaseLinkUpdate>(
            "release_link.update",
            "projects/{project_id}/releases/{tag_name}/assets/links/{link_id}"
        )
        .title("Update a release asset link"),
        delete::<ReleaseLinkDelete>(
            "release_link.delete",
            "projects/{project_id}/releases/{tag_name}/assets/links/{link_id}"
        )
        .title("Delete a release asset link"),
    ]
}

/// What a release asset link points to.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum LinkType {
    Other,
    Runbook,
    Image,
    Package,
}

/// List a release's asset links (binaries, packages, runbooks): name, URL, type.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReleaseLinkList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The tag the release belongs to.
    pub tag_name: String,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one asset link of a release.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReleaseLinkGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The tag the release belongs to.
    pub tag_name: String,
    pub link_id: u64,
}

/// Add an asset link to a release (a binary, a package, a runbook). Returns the link.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReleaseLinkCreate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The tag the release belongs to.
    pub tag_name: String,
    /// What users see (`Linux binary`).
    pub name: String,
    /// Where it is (`https://…/app-linux-x86_64.tar.gz`).
    pub url: String,
    /// A stable path under the release's download URL (`/binaries/app-linux`).
    pub direct_asset_path: Option<String>,
    /// `other` (default), `runbook`, `image` or `package`.
    pub link_type: Option<LinkType>,
}

/// Change a release asset link; only what is given changes.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReleaseLinkUpdate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The tag the release belongs to.
    pub tag_name: String,
    pub link_id: u64,
    pub name: Option<String>,
    pub url: Option<String>,
    pub direct_asset_path: Option<String>,
    pub link_type: Option<LinkType>,
}

/// Delete an asset link from a release (destructive).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReleaseLinkDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The tag the release belongs to.
    pub tag_name: String,
    pub link_id: u64,
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
