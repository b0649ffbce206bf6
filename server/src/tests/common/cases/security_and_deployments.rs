//! The cases of the security and deployments actions: the demo project's seeded
//! vulnerabilities (1 detected, 2 confirmed, 3 dismissed) and dependencies; the community
//! handbook's protected `production` environment with bob's deployment 1001 waiting for
//! approval, and the community group's protected `production` tier.

use serde_json::{Value, json};

use super::{Case, P, after, case};
use crate::tests::common::mcp::Harness;

/// Bob's deployment to the handbook's `production`, blocked until approved.
const BLOCKED: u64 = 1001;
/// The project with a protected environment and a deployment waiting for approval.
const HANDBOOK: &str = "community/handbook";

pub(super) fn cases() -> Vec<Case> {
    let flag = [(
        "feature_flag.create",
        json!({"project_id": P, "name": "new_checkout", "strategies": [{"name": "default", "parameters": {}}]}),
    )];
    let user_list = [(
        "feature_flag_user_list.create",
        json!({"project_id": P, "name": "beta-testers", "user_xids": "user1,user42"}),
    )];
    vec![
        // security
        case("vulnerability.list", json!({"project_id": P})),
        case("vulnerability.get", json!({"vulnerability_id": 1})),
        case(
            "vulnerability.confirm",
            json!({"vulnerability_id": 1, "comment": "Reproduced on main"}),
        ),
        case(
            "vulnerability.resolve",
            json!({"vulnerability_id": 2, "comment": "Input is escaped now"}),
        ),
        case("vulnerability.dismiss", json!({"vulnerability_id": 1})),
        case(
            "vulnerability.revert",
            json!({"vulnerability_id": 3, "comment": "Still reachable"}),
        ),
        case(
            "vulnerability.finding_list",
            json!({"project_id": P, "severity": ["high", "critical"], "report_type": ["dependency_scanning"], "scope": "all"}),
        ),
        case(
            "dependency.list",
            json!({"project_id": P, "package_manager": ["cargo"]}),
        ),
        // protected environments and deployment approvals
        case(
            "protected_environment.list",
            json!({"project_id": HANDBOOK}),
        ),
        case(
            "protected_environment.get",
            json!({"project_id": HANDBOOK, "name": "production"}),
        ),
        case(
            "protected_environment.protect",
            json!({"project_id": P, "name": "staging", "deploy_access_levels": [{"access_level": 30}], "approval_rules": [{"user_id": 2, "required_approvals": 1}]}),
        ),
        case(
            "protected_environment.update",
            json!({"project_id": HANDBOOK, "name": "production", "deploy_access_levels": [{"access_level": 30}], "approval_rules": [{"id": 2, "_destroy": true}]}),
        ),
        case(
            "protected_environment.unprotect",
            json!({"project_id": HANDBOOK, "name": "production"}),
        ),
        case(
            "protected_environment.group_list",
            json!({"group_id": "community"}),
        ),
        case(
            "protected_environment.group_get",
            json!({"group_id": "community", "name": "production"}),
        ),
        case(
            "deployment.approve",
            json!({"project_id": HANDBOOK, "deployment_id": BLOCKED, "comment": "Checked the diff"}),
        ),
        case(
            "deployment.reject",
            json!({"project_id": HANDBOOK, "deployment_id": BLOCKED, "comment": "Wrong commit"}),
        ),
        // feature flags and their user lists
        after(
            &flag,
            "feature_flag.list",
            json!({"project_id": P, "scope": "enabled"}),
        ),
        after(
            &flag,
            "feature_flag.get",
            json!({"project_id": P, "feature_flag_name": "new_checkout"}),
        ),
        case(
            "feature_flag.create",
            json!({"project_id": P, "name": "new_checkout", "description": "The one-page checkout", "active": true, "strategies": [
                {"name": "gradualRolloutUserId", "parameters": {"groupId": "default", "percentage": "25"}, "scopes": [{"environment_scope": "production"}]}
            ]}),
        ),
        after(
            &flag,
            "feature_flag.update",
            json!({"project_id": P, "feature_flag_name": "new_checkout", "active": false, "strategies": [
                {"id": 1, "name": "userWithId", "parameters": {"userIds": "user1"}},
                {"name": "default", "parameters": {}, "scopes": [{"environment_scope": "staging"}]}
            ]}),
        ),
        after(
            &flag,
            "feature_flag.delete",
            json!({"project_id": P, "feature_flag_name": "new_checkout"}),
        ),
        after(
            &user_list,
            "feature_flag_user_list.list",
            json!({"project_id": P, "search": "beta"}),
        ),
        after(
            &user_list,
            "feature_flag_user_list.get",
            json!({"project_id": P, "iid": 1}),
        ),
        case(
            "feature_flag_user_list.create",
            json!({"project_id": P, "name": "beta-testers", "user_xids": "user1,user42"}),
        ),
        after(
            &user_list,
            "feature_flag_user_list.update",
            json!({"project_id": P, "iid": 1, "user_xids": "user1,user42,user7"}),
        ),
        after(
            &user_list,
            "feature_flag_user_list.delete",
            json!({"project_id": P, "iid": 1}),
        ),
        // import and export
        case("project.export_status", json!({"project_id": P})),
        case(
            "project.export",
            json!({"project_id": P, "description": "A snapshot"}),
        ),
        case("project.import_status", json!({"project_id": P})),
    ]
}

/// A `$name` value these cases use, or `None` when the name is another area's.
pub(super) async fn lookup(_harness: &Harness, _name: &str) -> Option<Value> {
    None
}
