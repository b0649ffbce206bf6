//! The `packages` toolset, package registry half: `/projects/:id/packages[/…]`,
//! `/groups/:id/packages` and `/projects/:id/packages/protection/rules[/:id]`. The container
//! registry half is in `registry`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::releases::Sort;
use crate::catalog::params::{GroupId, PageNumber, PerPage};
use crate::catalog::{Action, delete, get, patch, post};
use crate::gitlab::ProjectId;
use crate::table;

pub fn actions() -> Vec<Action> {
    table![
        get::<PackageList>("package.list", "projects/{project_id}/packages").list(),
        get::<PackageGroupList>("package.group_list", "groups/{group_id}/packages")
            .list()
            .title("List a group's packages"),
        get::<PackageGet>("package.get", "projects/{project_id}/packages/{package_id}"),
        delete::<PackageDelete>(
            "package.delete",
            "projects/{project_id}/packages/{package_id}"
        ),
        get::<PackagePipelines>(
            "package.pipeline_list",
            "projects/{project_id}/packages/{package_id}/pipelines"
        )
        .list()
        .title("List the pipelines that published a package"),
        get::<PackageFileList>(
            "package_file.list",
            "projects/{project_id}/packages/{package_id}/package_files"
        )
        .list(),
        delete::<PackageFileDelete>(
            "package_file.delete",
            "projects/{project_id}/packages/{package_id}/package_files/{package_file_id}"
        ),
        get::<PackageRuleList>(
            "package_rule.list",
            "projects/{project_id}/packages/protection/rules"
        )
        .list(),
        post::<PackageRuleCreate>(
            "package_rule.create",
            "projects/{project_id}/packages/protection/rules"
        )
        .check(a_level),
        patch::<PackageRuleUpdate>(
            "package_rule.update",
            "projects/{project_id}/packages/protection/rules/{package_protection_rule_id}"
        ),
        delete::<PackageRuleDelete>(
            "package_rule.delete",
            "projects/{project_id}/packages/protection/rules/{package_protection_rule_id}"
        ),
    ]
}

/// A package format, as GitLab names it.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PackageType {
    Composer,
    Conan,
    Generic,
    Golang,
    Helm,
    Maven,
    Npm,
    Nuget,
    Pypi,
    TerraformModule,
}

/// Where a package is in its life.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PackageStatus {
    Default,
    Hidden,
    Processing,
    Error,
    PendingDestruction,
    Deprecated,
}

/// How a project's packages are ordered.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PackageOrder {
    CreatedAt,
    Name,
    Version,
    Type,
}

/// How a group's packages are ordered: as a project's, or by project.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum GroupPackageOrder {
    CreatedAt,
    Name,
    Version,
    Type,
    ProjectPath,
}

/// List a project's packages (npm, Maven, PyPI, generic…): name, version, type, status and
/// the pipeline that published each. Packages being deleted or hidden are left out unless
/// `status` asks for them.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PackageList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// Names containing this text.
    pub package_name: Option<String>,
    /// This exact version.
    pub package_version: Option<String>,
    pub package_type: Option<PackageType>,
    pub status: Option<PackageStatus>,
    /// true: also packages without a version.
    pub include_versionless: Option<bool>,
    /// Default `created_at`.
    pub order_by: Option<PackageOrder>,
    /// Default `asc`.
    pub sort: Option<Sort>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// List the packages of every project in a group (and its subgroups), each with its
/// project's path.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PackageGroupList {
    pub group_id: GroupId,
    /// true: leave out the subgroups' projects.
    pub exclude_subgroups: Option<bool>,
    /// Names containing this text.
    pub package_name: Option<String>,
    pub package_version: Option<String>,
    pub package_type: Option<PackageType>,
    pub status: Option<PackageStatus>,
    pub include_versionless: Option<bool>,
    /// Default `created_at`.
    pub order_by: Option<GroupPackageOrder>,
    /// Default `asc`.
    pub sort: Option<Sort>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one package of a project: name, version, type, status, the pipeline that published it.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PackageGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub package_id: u64,
}

/// Delete a package and all its files from the project's registry (destructive).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PackageDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub package_id: u64,
}

/// List the pipelines that built and published a package, newest first.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PackagePipelines {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub package_id: u64,
    /// At most 20 (GitLab's limit here).
    #[schemars(range(min = 1, max = 20))]
    pub per_page: Option<u8>,
    /// The next page's cursor, from the previous answer.
    pub cursor: Option<String>,
}

/// List a package's files: name, size, checksums.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PackageFileList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub package_id: u64,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Delete one file of a package (destructive).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PackageFileDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub package_id: u64,
    pub package_file_id: u64,
}

/// A package format a protection rule can cover.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ProtectedPackageType {
    Conan,
    Maven,
    Npm,
    Pypi,
}

/// The least role a protection rule lets push a package (or push or delete a container
/// image).
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ProtectionLevel {
    Maintainer,
    Owner,
    Admin,
}

/// The least role that may delete a protected package.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PackageDeleteLevel {
    Owner,
    Admin,
}

/// List a project's package protection rules: which package names (by pattern and type)
/// only some roles may push or delete.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PackageRuleList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
}

/// Protect packages by name pattern and type: only the roles given may push (or delete)
/// them. Returns the rule.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PackageRuleCreate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// Package names it protects; `*` is a wildcard (`@my-scope/my-package-*`).
    pub package_name_pattern: String,
    pub package_type: ProtectedPackageType,
    /// Give this or `minimum_access_level_for_delete`, or both.
    pub minimum_access_level_for_push: Option<ProtectionLevel>,
    pub minimum_access_level_for_delete: Option<PackageDeleteLevel>,
}

fn a_level(rule: &PackageRuleCreate) -> Result<(), String> {
    push_or_delete(
        rule.minimum_access_level_for_push.is_some(),
        rule.minimum_access_level_for_delete.is_some(),
    )
}

/// A new protection rule, of packages or of container images: GitLab needs at least one
/// of its two levels.
pub fn push_or_delete(push: bool, delete: bool) -> Result<(), String> {
    if push || delete {
        Ok(())
    } else {
        Err("give `minimum_access_level_for_push` or `minimum_access_level_for_delete`".to_owned())
    }
}

/// Change a package protection rule; only what is given changes.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PackageRuleUpdate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub package_protection_rule_id: u64,
    pub package_name_pattern: Option<String>,
    pub package_type: Option<ProtectedPackageType>,
    pub minimum_access_level_for_push: Option<ProtectionLevel>,
    pub minimum_access_level_for_delete: Option<PackageDeleteLevel>,
}

/// Delete a package protection rule: its packages are no longer protected (destructive).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PackageRuleDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub package_protection_rule_id: u64,
}
