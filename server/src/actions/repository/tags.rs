//! Tags: `/projects/:id/repository/tags[/:tag_name]`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::actions::releases::Sort;
use crate::catalog::params::{PageNumber, PerPage};
use crate::gitlab::ProjectId;

/// What to order tags by.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TagOrder {
    Name,
    Updated,
    Version,
}

/// List a project's tags, most recently updated first unless ordered otherwise, or those
/// whose name contains `search`, one page at a time: each with its commit, message and
/// release.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TagList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// Only tags whose name contains this text (`^v1` for a prefix, `-rc$` for a suffix).
    pub search: Option<String>,
    /// `name`, `updated` (GitLab's default) or `version` (`v1.10` after `v1.9`).
    pub order_by: Option<TagOrder>,
    /// `asc` or `desc` (GitLab's default).
    pub sort: Option<Sort>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one tag by name: its commit, message (for an annotated tag) and release.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TagGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The tag name (`v1.2.0`).
    pub tag_name: String,
}

/// Create a tag at a branch, a tag or a commit SHA; with a `message` it is an annotated
/// tag. Returns the new tag.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TagCreate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The new tag's name (`v1.2.0`).
    pub tag_name: String,
    /// What it points at: a branch, a tag or a commit SHA.
    #[serde(rename = "ref")]
    pub reference: String,
    /// The annotation; without it the tag is lightweight.
    pub message: Option<String>,
}

/// Delete a tag (destructive; GitLab deletes the tag's release with it).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TagDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The tag name.
    pub tag_name: String,
}
