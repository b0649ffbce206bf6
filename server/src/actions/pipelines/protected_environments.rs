//! Protected environments (`/projects/:id/protected_environments[/:name]`,
//! `/groups/:id/protected_environments[/:name]`, GitLab Premium): who may deploy to an
//! environment and who must approve a deployment first; and the approval itself
//! (`POST /projects/:id/deployments/:deployment_id/approval`).
//!
//! Approving lets a blocked deployment go out and rejecting fails its job: neither can be
//! taken back, so both ask the user first.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::catalog::params::{GroupId, PageNumber, PerPage, fixed_schema};
use crate::catalog::{Action, Output, delete, get, post, put};
use crate::gitlab::ProjectId;
use crate::table;

pub fn actions() -> Vec<Action> {
    table![
        get::<ProtectedEnvironmentList>(
            "protected_environment.list",
            "projects/{project_id}/protected_environments"
        )
        .list(),
        get::<ProtectedEnvironmentGet>(
            "protected_environment.get",
            "projects/{project_id}/protected_environments/{name}"
        ),
        post::<ProtectedEnvironmentProtect>(
            "protected_environment.protect",
            "projects/{project_id}/protected_environments"
        )
        .title("Protect an environment"),
        put::<ProtectedEnvironmentUpdate>(
            "protected_environment.update",
            "projects/{project_id}/protected_environments/{name}"
        ),
        // GitLab answers 204: the environment is still there, only its protection is gone.
        delete::<ProtectedEnvironmentUnprotect>(
            "protected_environment.unprotect",
            "projects/{project_id}/protected_environments/{name}"
        )
        .output(Output::Done)
        .title("Unprotect an environment"),
        get::<GroupProtectedEnvironmentList>(
            "protected_environment.group_list",
            "groups/{group_id}/protected_environments"
        )
        .list()
        .title("List a group's protected environments"),
        get::<GroupProtectedEnvironmentGet>(
            "protected_environment.group_get",
            "groups/{group_id}/protected_environments/{name}"
        )
        .title("Get a group's protected environment"),
        post::<DeploymentApprove>(
            "deployment.approve",
            "projects/{project_id}/deployments/{deployment_id}/approval"
        )
        .destructive(),
        post::<DeploymentReject>(
            "deployment.reject",
            "projects/{project_id}/deployments/{deployment_id}/approval"
        )
        .destructive(),
    ]
}

/// Who may deploy or approve: GitLab's access levels 20, 30, 40, 60.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(try_from = "u64", into = "u64")]
pub struct DeployAccessLevel(u64);

impl TryFrom<u64> for DeployAccessLevel {
    type Error = String;
    fn try_from(level: u64) -> Result<Self, String> {
        match level {
            20 | 30 | 40 | 60 => Ok(DeployAccessLevel(level)),
            other => Err(format!(
                "must be 20 (reporters), 30 (developers), 40 (maintainers) or 60 (admins), got {other}"
            )),
        }
    }
}

impl From<DeployAccessLevel> for u64 {
    fn from(level: DeployAccessLevel) -> u64 {
        level.0
    }
}

fixed_schema!(DeployAccessLevel, {
    "type": "integer",
    "enum": [20, 30, 40, 60],
    "description": "20 reporters, 30 developers, 40 maintainers, 60 admins (and the roles above each)"
});

/// Whether a group's members count directly only (0, GitLab's default) or through
/// subgroups too (1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(try_from = "u64", into = "u64")]
pub struct GroupInheritance(u64);

impl TryFrom<u64> for GroupInheritance {
    type Error = String;
    fn try_from(value: u64) -> Result<Self, String> {
        match value {
            0 | 1 => Ok(GroupInheritance(value)),
            other => Err(format!(
                "must be 0 (direct members) or 1 (inherited too), got {other}"
            )),
        }
    }
}

impl From<GroupInheritance> for u64 {
    fn from(value: GroupInheritance) -> u64 {
        value.0
    }
}

fixed_schema!(GroupInheritance, {"type": "integer", "enum": [0, 1]});

/// Who may deploy: one of `access_level`, `user_id` or `group_id`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Deployer {
    pub access_level: Option<DeployAccessLevel>,
    pub user_id: Option<u64>,
    pub group_id: Option<u64>,
    pub group_inheritance_type: Option<GroupInheritance>,
}

/// Who must approve deployments, and how many of them: one of `access_level`, `user_id` or
/// `group_id`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Approver {
    pub access_level: Option<DeployAccessLevel>,
    pub user_id: Option<u64>,
    pub group_id: Option<u64>,
    pub group_inheritance_type: Option<GroupInheritance>,
    /// How many approvals this rule needs (GitLab's default: 1).
    pub required_approvals: Option<u64>,
}

/// A change to one deployer or approver of a protected environment: `id` names an existing
/// one (with `_destroy: true` to remove it); without `id`, one is added.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AccessChange {
    pub id: Option<u64>,
    #[serde(rename = "_destroy")]
    pub destroy: Option<bool>,
    pub access_level: Option<DeployAccessLevel>,
    pub user_id: Option<u64>,
    pub group_id: Option<u64>,
    pub group_inheritance_type: Option<GroupInheritance>,
}

/// A change to one approval rule: as [`AccessChange`], with the approvals it needs.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ApproverChange {
    pub id: Option<u64>,
    #[serde(rename = "_destroy")]
    pub destroy: Option<bool>,
    pub access_level: Option<DeployAccessLevel>,
    pub user_id: Option<u64>,
    pub group_id: Option<u64>,
    pub group_inheritance_type: Option<GroupInheritance>,
    pub required_approvals: Option<u64>,
}

/// List a project's protected environments: who may deploy to each and who must approve.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProtectedEnvironmentList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one protected environment of a project by its name: who is allowed to deploy to it
/// and who must approve.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProtectedEnvironmentGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The environment's name (`production`).
    pub name: String,
}

/// Protect an environment by name (it need not exist yet): only the deployers given may
/// deploy to it, and the approval rules make deployments wait for approvals. Returns it.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProtectedEnvironmentProtect {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The environment's name (`production`).
    pub name: String,
    /// Who may deploy: at least one.
    pub deploy_access_levels: Vec<Deployer>,
    /// Who must approve a deployment first.
    pub approval_rules: Option<Vec<Approver>>,
}

/// Change who may deploy to a protected environment or approve its deployments: entries
/// with an `id` change or (with `_destroy`) remove one, others are added. Returns it.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProtectedEnvironmentUpdate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The protected environment's name.
    pub name: String,
    pub deploy_access_levels: Option<Vec<AccessChange>>,
    pub approval_rules: Option<Vec<ApproverChange>>,
}

/// Unprotect an environment (destructive: its deployers and approval rules are lost, and
/// anyone who may run its jobs may deploy). The environment stays.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProtectedEnvironmentUnprotect {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The protected environment's name.
    pub name: String,
}

/// List a group's protected environments, each a deployment tier protected in every
/// project of the group.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupProtectedEnvironmentList {
    pub group_id: GroupId,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one protected environment of a group by its tier: deployers and approval rules.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupProtectedEnvironmentGet {
    pub group_id: GroupId,
    /// The tier: `production`, `staging`, `testing`, `development` or `other`.
    pub name: String,
}

/// What an approval says.
#[derive(Debug, Default, Clone, Copy, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
enum Verdict {
    #[default]
    Approved,
    Rejected,
}

fn rejected() -> Verdict {
    Verdict::Rejected
}

/// Approve a deployment waiting for approval on a protected environment (destructive:
/// once approved it may go out). GitLab refuses your own deployment. Returns the approval.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeploymentApprove {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub deployment_id: u64,
    pub comment: Option<String>,
    /// The user, group or role to approve as, when you are in several approval rules.
    pub represented_as: Option<String>,
    #[serde(skip_deserializing)]
    #[schemars(skip)]
    status: Verdict,
}

/// Reject a deployment waiting for approval (destructive: its deploy job fails). Returns
/// the rejection.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeploymentReject {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub deployment_id: u64,
    /// Why.
    pub comment: Option<String>,
    /// The user, group or role to reject as, when you are in several approval rules.
    pub represented_as: Option<String>,
    #[serde(skip_deserializing, default = "rejected")]
    #[schemars(skip)]
    status: Verdict,
}
