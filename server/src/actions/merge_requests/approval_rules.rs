//! Approval rules (GitLab Premium): a project's (`/projects/:id/approval_rules[/:approval_rule_id]`),
//! its approval settings (`/projects/:id/approvals`), and one merge request's own
//! (`/projects/:id/merge_requests/:merge_request_iid/approval_rules[/:approval_rule_id]`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::catalog::params::{MergeRequestIid, PageNumber, PerPage, UserId};
use crate::catalog::{Action, delete, get, post, put};
use crate::gitlab::ProjectId;
use crate::table;

pub fn actions() -> Vec<Action> {
    let project = "projects/{project_id}/approval_rules";
    let one = "projects/{project_id}/approval_rules/{approval_rule_id}";
    let mr = "projects/{project_id}/merge_requests/{merge_request_iid}/approval_rules";
    let mr_one = "projects/{project_id}/merge_requests/{merge_request_iid}/approval_rules/{approval_rule_id}";
    table![
        get::<ApprovalRuleList>("approval_rule.list", project)
            .list()
            .title("List a project's approval rules"),
        get::<ApprovalRuleGet>("approval_rule.get", one).title("Get a project approval rule"),
        post::<ApprovalRuleCreate>("approval_rule.create", project)
            .title("Create a project approval rule"),
        put::<ApprovalRuleUpdate>("approval_rule.update", one)
            .title("Update a project approval rule"),
        delete::<ApprovalRuleDelete>("approval_rule.delete", one)
            .title("Delete a project approval rule"),
        get::<ApprovalSettingsGet>(
            "approval_rule.settings_get",
            "projects/{project_id}/approvals"
        )
        .title("Get a project's approval settings"),
        post::<ApprovalSettingsUpdate>(
            "approval_rule.settings_update",
            "projects/{project_id}/approvals"
        )
        .title("Change a project's approval settings"),
        get::<MergeRequestApprovalRuleList>("merge_request.approval_rule_list", mr)
            .list()
            .title("List a merge request's approval rules"),
        get::<MergeRequestApprovalRuleGet>("merge_request.approval_rule_get", mr_one)
            .title("Get a merge request approval rule"),
        post::<MergeRequestApprovalRuleCreate>("merge_request.approval_rule_create", mr)
            .title("Add an approval rule to a merge request"),
        put::<MergeRequestApprovalRuleUpdate>("merge_request.approval_rule_update", mr_one)
            .title("Update a merge request approval rule"),
        delete::<MergeRequestApprovalRuleDelete>("merge_request.approval_rule_delete", mr_one)
            .title("Delete a merge request approval rule"),
    ]
}

/// List a project's approval rules (GitLab Premium): name, approvals required, eligible
/// approvers, protected branches.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ApprovalRuleList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one approval rule of a project.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ApprovalRuleGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub approval_rule_id: u64,
}

/// Create a project approval rule: how many approvals its merge requests require, and from
/// whom. Returns the rule.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ApprovalRuleCreate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The rule's name (`Security`).
    pub name: String,
    /// Approvals needed from the rule's approvers (0: optional).
    pub approvals_required: u32,
    /// Who may approve, by user id or username.
    pub user_ids: Option<Vec<UserId>>,
    /// Groups whose members may approve, by id.
    pub group_ids: Option<Vec<u64>>,
    /// Only for these protected branches, by id.
    pub protected_branch_ids: Option<Vec<u64>>,
    /// For every protected branch.
    pub applies_to_all_protected_branches: Option<bool>,
}

/// Change a project approval rule; only the fields given change. Returns the rule.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ApprovalRuleUpdate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub approval_rule_id: u64,
    pub name: Option<String>,
    pub approvals_required: Option<u32>,
    /// Replaces who may approve, by user id or username.
    pub user_ids: Option<Vec<UserId>>,
    /// Replaces the groups, by id.
    pub group_ids: Option<Vec<u64>>,
    pub protected_branch_ids: Option<Vec<u64>>,
    pub applies_to_all_protected_branches: Option<bool>,
}

/// Delete a project approval rule (destructive).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ApprovalRuleDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub approval_rule_id: u64,
}

/// Get a project's approval settings: approvals before merge, whether a push resets them,
/// whether authors and committers may approve, whether approving needs a password.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ApprovalSettingsGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
}

/// Change a project's approval settings; give at least one. Returns the settings.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ApprovalSettingsUpdate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// Approvals a merge request needs (deprecated by GitLab for rules, still honoured).
    pub approvals_before_merge: Option<u32>,
    /// A new push takes back the approvals given.
    pub reset_approvals_on_push: Option<bool>,
    /// A push takes back only the approvals of code owners whose files changed.
    pub selective_code_owner_removals: Option<bool>,
    /// Merge requests may not change their approval rules.
    pub disable_overriding_approvers_per_merge_request: Option<bool>,
    /// `true`: authors may not approve their own merge requests.
    pub merge_requests_author_approval: Option<bool>,
    /// Committers may not approve merge requests they committed to.
    pub merge_requests_disable_committers_approval: Option<bool>,
    /// Approving asks for the user's password.
    pub require_password_to_approve: Option<bool>,
    /// Approving asks the user to sign in again (password or SAML).
    pub require_reauthentication_to_approve: Option<bool>,
}

/// List a merge request's approval rules: each rule's approvers, approvals required, who
/// approved and whether it is satisfied.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestApprovalRuleList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one approval rule of a merge request.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestApprovalRuleGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    pub approval_rule_id: u64,
}

/// Add an approval rule to one merge request. Returns the rule.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestApprovalRuleCreate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    pub name: String,
    /// Approvals needed from the rule's approvers.
    pub approvals_required: u32,
    /// The project rule it is made from, by id.
    pub approval_project_rule_id: Option<u64>,
    /// Who may approve, by user id or username.
    pub user_ids: Option<Vec<UserId>>,
    /// Groups whose members may approve, by id.
    pub group_ids: Option<Vec<u64>>,
}

/// Change a merge request's approval rule; only the fields given change. Returns the rule.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestApprovalRuleUpdate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    pub approval_rule_id: u64,
    pub name: Option<String>,
    pub approvals_required: Option<u32>,
    /// Replaces who may approve, by user id or username.
    pub user_ids: Option<Vec<UserId>>,
    /// Replaces the groups, by id.
    pub group_ids: Option<Vec<u64>>,
}

/// Delete an approval rule of a merge request (destructive).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestApprovalRuleDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    pub approval_rule_id: u64,
}
