//! Protected tags (`/projects/:id/protected_tags[/:name]`): who may create tags whose
//! name matches (`v*`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::branches::AccessLevel;
use crate::catalog::params::{PageNumber, PerPage};
use crate::catalog::{Action, Output, delete, get, post};
use crate::gitlab::ProjectId;
use crate::table;

pub fn actions() -> Vec<Action> {
    table![
        get::<ProtectedTagList>("tag.protected_list", "projects/{project_id}/protected_tags")
            .list()
            .title("List protected tags"),
        get::<ProtectedTagGet>(
            "tag.protected_get",
            "projects/{project_id}/protected_tags/{name}"
        )
        .title("Get a protected tag"),
        post::<TagProtect>("tag.protect", "projects/{project_id}/protected_tags")
            .title("Protect tags"),
        // GitLab answers 204; the tags are then unprotected.
        delete::<TagUnprotect>(
            "tag.unprotect",
            "projects/{project_id}/protected_tags/{name}"
        )
        .output(Output::Done)
        .title("Unprotect tags"),
    ]
}

/// List a project's protected tag names and wildcards, with who may create each.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProtectedTagList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one protected tag name or wildcard, with who may create such tags.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProtectedTagGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The tag name or wildcard as protected (`v1.0.0`, `v*`).
    pub name: String,
}

/// Protect the tags matching a name or wildcard: only the role given (maintainers by
/// default) may create them. Returns the protected tag.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TagProtect {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// A tag name or a wildcard (`v*`, `release-*`).
    pub name: String,
    /// 0 no one, 30 developers, 40 maintainers (default), 60 administrators.
    pub create_access_level: Option<AccessLevel>,
}

/// Lift the protection of a tag name or wildcard (destructive: anyone who may push can
/// then create and delete such tags).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TagUnprotect {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The tag name or wildcard as protected.
    pub name: String,
}
