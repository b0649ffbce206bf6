//! A project's deploy keys (`/projects/:id/deploy_keys[/:key_id]`: SSH keys that read,
//! or push to, this one repository) and badges (`/projects/:id/badges[/:badge_id]`,
//! `/groups/:id/badges[/:badge_id]`: the images and links on its page).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::catalog::params::{DateTime, GroupId, PageNumber, PerPage};
use crate::catalog::{Action, delete, get, post, put};
use crate::gitlab::ProjectId;
use crate::table;

pub fn actions() -> Vec<Action> {
    table![
        get::<DeployKeyList>("deploy_key.list", "projects/{project_id}/deploy_keys").list(),
        get::<DeployKeyGet>(
            "deploy_key.get",
            "projects/{project_id}/deploy_keys/{key_id}"
        ),
        post::<DeployKeyCreate>("deploy_key.create", "projects/{project_id}/deploy_keys"),
        put::<DeployKeyUpdate>(
            "deploy_key.update",
            "projects/{project_id}/deploy_keys/{key_id}"
        ),
        delete::<DeployKeyDelete>(
            "deploy_key.delete",
            "projects/{project_id}/deploy_keys/{key_id}"
        ),
        get::<BadgeList>("badge.list", "projects/{project_id}/badges").list(),
        get::<BadgeGet>("badge.get", "projects/{project_id}/badges/{badge_id}"),
        post::<BadgeCreate>("badge.create", "projects/{project_id}/badges"),
        put::<BadgeUpdate>("badge.update", "projects/{project_id}/badges/{badge_id}"),
        delete::<BadgeDelete>("badge.delete", "projects/{project_id}/badges/{badge_id}"),
        get::<GroupBadgeList>("badge.group_list", "groups/{group_id}/badges")
            .list()
            .title("List a group's badges"),
        post::<GroupBadgeCreate>("badge.group_create", "groups/{group_id}/badges")
            .title("Add a group badge"),
        delete::<GroupBadgeDelete>("badge.group_delete", "groups/{group_id}/badges/{badge_id}")
            .title("Delete a group badge"),
    ]
}

/// List a project's deploy keys: title, fingerprint, whether each can push.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeployKeyList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one deploy key of a project.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeployKeyGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub key_id: u64,
}

/// Add a deploy key: an SSH key that may read (and, with `can_push`, write) this
/// repository. Returns the key.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeployKeyCreate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// What uses it (`CI deploy`).
    pub title: String,
    /// The SSH key, as `ssh-keygen` writes it (`ssh-ed25519 AAAA… name`).
    pub key: String,
    /// Allow pushing (default false: read only).
    pub can_push: Option<bool>,
    /// When it stops working.
    pub expires_at: Option<DateTime>,
}

/// Change a deploy key's title or whether it can push.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeployKeyUpdate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub key_id: u64,
    pub title: Option<String>,
    pub can_push: Option<bool>,
}

/// Remove a deploy key from the project (destructive): what used it loses access.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeployKeyDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub key_id: u64,
}

/// List a project's badges: name, link and image URLs (placeholders such as
/// `%{project_path}` filled in the rendered ones).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BadgeList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// Only the badge with this name.
    pub name: Option<String>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one badge of a project.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BadgeGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub badge_id: u64,
}

/// Add a badge to a project's page. Returns it.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BadgeCreate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// Where the badge links to; may hold `%{project_path}`, `%{default_branch}`, …
    pub link_url: String,
    /// The badge's image (`https://…/badges/%{default_branch}/pipeline.svg`).
    pub image_url: String,
    pub name: Option<String>,
}

/// Change a badge's link, image or name.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BadgeUpdate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub badge_id: u64,
    pub link_url: Option<String>,
    pub image_url: Option<String>,
    pub name: Option<String>,
}

/// Remove a badge from a project's page (destructive).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BadgeDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub badge_id: u64,
}

/// List a group's badges, which its projects show too.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupBadgeList {
    pub group_id: GroupId,
    pub name: Option<String>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Add a badge to a group; its projects show it too. Returns it.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupBadgeCreate {
    pub group_id: GroupId,
    /// Where the badge links to.
    pub link_url: String,
    /// The badge's image.
    pub image_url: String,
    pub name: Option<String>,
}

/// Remove a badge from a group and its projects' pages (destructive).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupBadgeDelete {
    pub group_id: GroupId,
    pub badge_id: u64,
}
