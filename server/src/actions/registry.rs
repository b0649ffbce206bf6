//! The `packages` toolset, container registry half: `/projects/:id/registry/repositories
//! [/…]`, `/groups/:id/registry/repositories`, `/registry/repositories/:id` and
//! `/projects/:id/registry/protection/repository/rules[/:id]`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::packages::{ProtectionLevel, push_or_delete};
use crate::catalog::params::{GroupId, PageNumber, PerPage};
use crate::catalog::{Action, delete, get, patch, post};
use crate::gitlab::ProjectId;
use crate::table;

pub fn actions() -> Vec<Action> {
    table![
        get::<RegistryList>(
            "registry.list",
            "projects/{project_id}/registry/repositories"
        )
        .list(),
        get::<RegistryGroupList>(
            "registry.group_list",
            "groups/{group_id}/registry/repositories"
        )
        .list()
        .title("List a group's container repositories"),
        get::<RegistryGet>("registry.get", "registry/repositories/{id}"),
        delete::<RegistryDelete>(
            "registry.delete",
            "projects/{project_id}/registry/repositories/{repository_id}"
        ),
        get::<RegistryTagList>(
            "registry_tag.list",
            "projects/{project_id}/registry/repositories/{repository_id}/tags"
        )
        .list()
        // An image's tags, not git's.
        .not_the_kind_of_its_path(),
        get::<RegistryTagGet>(
            "registry_tag.get",
            "projects/{project_id}/registry/repositories/{repository_id}/tags/{tag_name}"
        )
        .not_the_kind_of_its_path(),
        delete::<RegistryTagDelete>(
            "registry_tag.delete",
            "projects/{project_id}/registry/repositories/{repository_id}/tags/{tag_name}"
        ),
        delete::<RegistryTagBulkDelete>(
            "registry_tag.bulk_delete",
            "projects/{project_id}/registry/repositories/{repository_id}/tags"
        )
        .title("Delete container image tags in bulk"),
        get::<RegistryRuleList>(
            "registry_rule.list",
            "projects/{project_id}/registry/protection/repository/rules"
        )
        .list(),
        post::<RegistryRuleCreate>(
            "registry_rule.create",
            "projects/{project_id}/registry/protection/repository/rules"
        )
        .check(a_level),
        patch::<RegistryRuleUpdate>(
            "registry_rule.update",
            "projects/{project_id}/registry/protection/repository/rules/{protection_rule_id}"
        ),
        delete::<RegistryRuleDelete>(
            "registry_rule.delete",
            "projects/{project_id}/registry/protection/repository/rules/{protection_rule_id}"
        ),
    ]
}

/// List a project's container repositories (its images): path, location, and with
/// `tags_count` how many tags each has.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RegistryList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// true: each repository's tags too.
    pub tags: Option<bool>,
    /// true: each repository's number of tags.
    pub tags_count: Option<bool>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// List the container repositories of every project in a group.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RegistryGroupList {
    pub group_id: GroupId,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one container repository by its id (from any project): path, location, and on
/// request its tags, their count and its size.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RegistryGet {
    /// The repository's id.
    pub id: u64,
    pub tags: Option<bool>,
    pub tags_count: Option<bool>,
    /// true: its size in bytes.
    pub size: Option<bool>,
}

/// Delete a container repository and every image in it (destructive; GitLab deletes it in
/// the background).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RegistryDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub repository_id: u64,
}

/// List the tags of a container repository: name, path, location.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RegistryTagList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub repository_id: u64,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one image tag: digest, revision, size and when it was made.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RegistryTagGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub repository_id: u64,
    /// The tag (`v1.0.0`, `latest`).
    pub tag_name: String,
}

/// Delete one image tag from a container repository (destructive).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RegistryTagDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub repository_id: u64,
    pub tag_name: String,
}

/// Delete the tags of a container repository whose names match a pattern, keeping the
/// newest `keep_n` and any newer than `older_than`; `latest` is always kept. GitLab runs it
/// in the background, at most once an hour per repository (destructive).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RegistryTagBulkDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub repository_id: u64,
    /// Tags to delete, a regular expression matched against the whole name (`.*`: all).
    pub name_regex_delete: String,
    /// Tags to keep even when they match, a regular expression (`v.+`).
    pub name_regex_keep: Option<String>,
    /// How many of the newest matching tags to keep.
    pub keep_n: Option<u32>,
    /// Only tags older than this: `1h`, `7d`, `1month`.
    pub older_than: Option<String>,
}

/// A level a rule's update sets, or `""` to unset it (one of the two stays set).
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ImageLevelChange {
    Maintainer,
    Owner,
    Admin,
    #[serde(rename = "")]
    Unset,
}

/// List a project's container repository protection rules: which repository paths only
/// some roles may push to or delete from.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RegistryRuleList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
}

/// Protect container repositories by path pattern: only the roles given may push images
/// to them (or delete them). Returns the rule.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RegistryRuleCreate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// Repository paths it protects, from the project's path; `*` is a wildcard
    /// (`group/project/app-*`).
    pub repository_path_pattern: String,
    /// Give this or `minimum_access_level_for_delete`, or both.
    pub minimum_access_level_for_push: Option<ProtectionLevel>,
    pub minimum_access_level_for_delete: Option<ProtectionLevel>,
}

fn a_level(rule: &RegistryRuleCreate) -> Result<(), String> {
    push_or_delete(
        rule.minimum_access_level_for_push.is_some(),
        rule.minimum_access_level_for_delete.is_some(),
    )
}

/// Change a container repository protection rule; only what is given changes.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RegistryRuleUpdate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub protection_rule_id: u64,
    pub repository_path_pattern: Option<String>,
    pub minimum_access_level_for_push: Option<ImageLevelChange>,
    pub minimum_access_level_for_delete: Option<ImageLevelChange>,
}

/// Delete a container repository protection rule (destructive).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RegistryRuleDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub protection_rule_id: u64,
}
