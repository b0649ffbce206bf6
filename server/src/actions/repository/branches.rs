//! Branches and their protection: `/projects/:id/repository/branches[/:branch]` and
//! `/projects/:id/protected_branches[/:name]`.

use std::borrow::Cow;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Serialize};

use crate::catalog::alternative::{Alternative, Extra};
use crate::catalog::body::Body;
use crate::catalog::params::{Branch, PageNumber, PerPage};
use crate::gitlab::ProjectId;
use crate::wizards::BranchWizard;

/// How to order branches.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum BranchSort {
    NameAsc,
    UpdatedAsc,
    UpdatedDesc,
}

/// List a project's branches, or those whose name contains `search`, one page at a time:
/// each with its last commit and whether it is protected, merged or the default branch.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BranchList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// Only branches whose name contains this text (`^fix` for a prefix, `fix$` for a suffix).
    pub search: Option<String>,
    /// Only branches whose name matches this regular expression (RE2: `^release/\d+`).
    pub regex: Option<String>,
    /// `name_asc` (GitLab's default), `updated_desc` for the most recently pushed first.
    pub sort: Option<BranchSort>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one branch by name: its last commit and whether it is protected, merged or the
/// default branch.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BranchGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The branch name (`feature/login`).
    pub branch: Branch,
}

/// `branch.create`: every question of the branch wizard as a parameter.
pub type BranchCreate = Alternative<BranchWizard, BranchExtra>;

/// Create a branch from another branch, a tag or a commit SHA. Returns the new branch with
/// its commit.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BranchExtra {}

/// The wizard's questions are every parameter GitLab takes here.
impl Extra<BranchWizard> for BranchExtra {
    fn body(self, _: &BranchWizard) -> Result<Body, String> {
        Ok(Body::new())
    }
}

/// Delete a branch (destructive: commits no other branch or tag holds are lost).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BranchDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The branch name.
    pub branch: Branch,
}

/// Who may push to or merge into a protected branch: GitLab's access levels 0, 30, 40, 60.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(try_from = "u64", into = "u64")]
pub enum AccessLevel {
    NoOne,
    Developers,
    Maintainers,
    Admins,
}

impl TryFrom<u64> for AccessLevel {
    type Error = String;
    fn try_from(level: u64) -> Result<Self, String> {
        match level {
            0 => Ok(AccessLevel::NoOne),
            30 => Ok(AccessLevel::Developers),
            40 => Ok(AccessLevel::Maintainers),
            60 => Ok(AccessLevel::Admins),
            other => Err(format!(
                "must be 0 (no one), 30 (developers and maintainers), 40 (maintainers) or 60 (admins), got {other}"
            )),
        }
    }
}

impl From<AccessLevel> for u64 {
    fn from(level: AccessLevel) -> u64 {
        match level {
            AccessLevel::NoOne => 0,
            AccessLevel::Developers => 30,
            AccessLevel::Maintainers => 40,
            AccessLevel::Admins => 60,
        }
    }
}

impl JsonSchema for AccessLevel {
    fn schema_name() -> Cow<'static, str> {
        "AccessLevel".into()
    }
    fn inline_schema() -> bool {
        true
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "integer",
            "enum": [0, 30, 40, 60],
            "description": "0 no one, 30 developers and maintainers, 40 maintainers, 60 admins"
        })
    }
}

/// Protect a branch, or every branch matching a wildcard such as `release/*`: who may push
/// and who may merge (maintainers unless given), and whether force-push is allowed. Returns
/// the protection.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BranchProtect {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The branch name or wildcard (`main`, `release/*`). Taken as written, not looked up:
    /// GitLab protects a name before any branch has it.
    pub name: String,
    /// Who may push: 0 no one, 30 developers too, 40 maintainers (default), 60 admins.
    pub push_access_level: Option<AccessLevel>,
    /// Who may merge: 0 no one, 30 developers too, 40 maintainers (default), 60 admins.
    pub merge_access_level: Option<AccessLevel>,
    /// Allow force-pushing to it (default false).
    pub allow_force_push: Option<bool>,
}

/// Remove a branch's protection, so anyone who may push can force-push to it or delete it
/// (destructive: the protection's settings are lost). The branch itself stays.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BranchUnprotect {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The protected branch name or wildcard, as it was protected.
    pub name: String,
}

/// List a project's protected branches (names or wildcards) with who may push and merge,
/// and whether force pushes are allowed.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProtectedBranchList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// Only those whose name contains this text.
    pub search: Option<String>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one protected branch (a name or wildcard): who may push and merge, and whether force
/// pushes are allowed.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProtectedBranchGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The protected branch name or wildcard, as it was protected.
    pub name: String,
}
