//! The sandbox's security and deployment records through the real client, with GitLab's
//! rules: vulnerability states (304 when already there), findings and dependencies by
//! filter, protected environments, the approval rules of a blocked deployment, feature
//! flags' strategies and their user lists, a project's export.

use crate::gitlab::{ApiRequest, GitLab};
use crate::tests::common::{at, call, demo_item, on_demo, pluck, refusal, setup, with_query};
use reqwest::Method;
use serde_json::{Value, json};

async fn get(gitlab: &GitLab, request: ApiRequest) -> Value {
    call(gitlab, request).await.unwrap()
}

async fn refused(gitlab: &GitLab, request: ApiRequest) -> (u16, Value) {
    refusal(call(gitlab, request).await.unwrap_err())
}

fn vulnerability(id: u64, action: &str) -> ApiRequest {
    at(Method::POST, &["vulnerabilities", &id.to_string(), action])
}

#[tokio::test]
async fn a_vulnerability_moves_between_states_once() {
    let (_sandbox, gitlab) = setup().await;
    let states = pluck(
        &get(&gitlab, on_demo(Method::GET, "vulnerabilities")).await,
        "state",
    );
    assert_eq!(states, json!(["detected", "confirmed", "dismissed"]));
    let confirmed = get(&gitlab, vulnerability(1, "confirm")).await;
    assert_eq!(confirmed["state"], "confirmed");
    assert_eq!(confirmed["confirmed_by_id"], 1);
    assert_eq!(confirmed["project"]["path_with_namespace"], "demo/sandbox");
    // Already confirmed: GitLab answers 304 Not Modified, with nothing.
    let answer = gitlab.send(vulnerability(1, "confirm")).await.unwrap();
    assert_eq!(answer.status, 304);
    let detected = get(&gitlab, vulnerability(1, "revert")).await;
    assert_eq!(detected["state"], "detected");
    assert_eq!(detected["confirmed_by_id"], Value::Null);
    assert_eq!(
        get(&gitlab, vulnerability(3, "resolve")).await["resolved_by_id"],
        1
    );
    let missing = at(Method::GET, &["vulnerabilities", "99"]);
    assert_eq!(
        refused(&gitlab, missing).await,
        (404, json!({"message": "404 Not found"}))
    );
}

#[tokio::test]
async fn findings_leave_dismissed_ones_out_unless_asked() {
    let (_sandbox, gitlab) = setup().await;
    let findings =
        |pairs: &[(&str, &str)]| with_query(on_demo(Method::GET, "vulnerability_findings"), pairs);
    let open = get(&gitlab, findings(&[])).await;
    assert_eq!(pluck(&open, "vulnerability_id"), json!([1, 2]));
    let all = get(
        &gitlab,
        findings(&[("scope", "all"), ("severity", "critical,high")]),
    )
    .await;
    assert_eq!(pluck(&all, "vulnerability_id"), json!([1, 3]));
    assert_eq!(all[0]["scanner"]["name"], "Gemnasium");
    let elsewhere = get(&gitlab, findings(&[("pipeline_id", "424242")])).await;
    assert_eq!(elsewhere, json!([]));
    assert_eq!(
        refused(&gitlab, findings(&[("severity", "urgent")])).await,
        (
            400,
            json!({"error": "severity does not have a valid value"})
        )
    );
}

#[tokio::test]
async fn dependencies_by_package_manager() {
    let (_sandbox, gitlab) = setup().await;
    let dependencies =
        |pairs: &[(&str, &str)]| with_query(on_demo(Method::GET, "dependencies"), pairs);
    let cargo = get(&gitlab, dependencies(&[("package_manager", "cargo")])).await;
    assert_eq!(pluck(&cargo, "name"), json!(["regex", "serde"]));
    assert_eq!(cargo[0]["vulnerabilities"][0]["severity"], "high");
    assert_eq!(
        refused(&gitlab, dependencies(&[("package_manager", "cpan")])).await,
        (
            400,
            json!({"error": "package_manager does not have a valid value"})
        )
    );
}

#[tokio::test]
async fn an_environment_is_protected_once_and_keeps_a_deployer() {
    let (_sandbox, gitlab) = setup().await;
    let protect = |body: Value| on_demo(Method::POST, "protected_environments").json(body);
    // GitLab protects a name before anything is deployed to it.
    let made = get(
        &gitlab,
        protect(json!({"name": "canary", "deploy_access_levels": [{"access_level": 30}], "approval_rules": [{"user_id": 2}]})),
    )
    .await;
    assert_eq!(
        made["deploy_access_levels"][0]["access_level_description"],
        "Developers + Maintainers"
    );
    assert_eq!(made["approval_rules"][0]["required_approvals"], 1);
    assert_eq!(
        made["approval_rules"][0]["access_level_description"],
        "Alice Example"
    );
    assert_eq!(
        refused(
            &gitlab,
            protect(json!({"name": "canary", "deploy_access_levels": [{"access_level": 40}]}))
        )
        .await,
        (
            409,
            json!({"message": "Environment 'canary' is already protected"})
        )
    );
    assert_eq!(
        refused(
            &gitlab,
            protect(json!({"name": "qa", "deploy_access_levels": []}))
        )
        .await,
        (
            422,
            json!({"message": ["Deploy access levels is too short (minimum is 1 character)"]})
        )
    );
    assert_eq!(
        refused(
            &gitlab,
            protect(json!({"name": "qa", "deploy_access_levels": [{"access_level": 50}]}))
        )
        .await,
        (
            400,
            json!({"error": "deploy_access_levels[0][access_level] does not have a valid value"})
        )
    );
    assert_eq!(
        refused(&gitlab, protect(json!({"name": "qa", "deploy_access_levels": [{"access_level": 40}], "approval_rules": [{"required_approvals": 2}]}))).await,
        (
            400,
            json!({"error": "approval_rules[0][access_level], approval_rules[0][user_id], approval_rules[0][group_id] are missing, at least one parameter must be provided"})
        )
    );
    let update =
        |body: Value| demo_item(Method::PUT, "protected_environments", "canary", None).json(body);
    let deployer = made["deploy_access_levels"][0]["id"].clone();
    assert_eq!(
        refused(
            &gitlab,
            update(json!({"deploy_access_levels": [{"id": deployer, "_destroy": true}]}))
        )
        .await
        .0,
        422
    );
    let changed = get(
        &gitlab,
        update(json!({"deploy_access_levels": [{"id": deployer, "access_level": 40}, {"group_id": 4}]})),
    )
    .await;
    assert_eq!(
        pluck(&changed["deploy_access_levels"], "access_level_description"),
        json!(["Maintainers", "Demo"])
    );
    let names = get(&gitlab, on_demo(Method::GET, "protected_environments")).await;
    assert_eq!(pluck(&names, "name"), json!(["canary"]));
}

#[tokio::test]
async fn a_deployment_is_approved_by_someone_else_while_it_waits() {
    let (_sandbox, gitlab) = setup().await;
    let approval_in = |project: &str, deployment: u64, status: &str| {
        let deployment = deployment.to_string();
        at(
            Method::POST,
            &["projects", project, "deployments", &deployment, "approval"],
        )
        .json(json!({"status": status, "comment": "Looked at it"}))
    };
    let approval = |deployment, status: &str| approval_in("community/handbook", deployment, status);
    assert_eq!(
        refused(&gitlab, approval(1001, "maybe")).await,
        (400, json!({"error": "status does not have a valid value"}))
    );
    let approved = get(&gitlab, approval(1001, "approved")).await;
    assert_eq!(approved["status"], "approved");
    assert_eq!(approved["user"]["username"], "sandbox-user");
    let deployment = get(
        &gitlab,
        at(
            Method::GET,
            &["projects", "community/handbook", "deployments", "1001"],
        ),
    )
    .await;
    assert_eq!(deployment["pending_approval_count"], 0);
    assert_eq!(
        refused(&gitlab, approval(1001, "approved")).await,
        (
            400,
            json!({"message": "This deployment is not waiting for approvals."})
        )
    );
    assert_eq!(
        refused(&gitlab, approval(404, "approved")).await,
        (404, json!({"message": "404 Not found"}))
    );
    // In the demo project: the current user's own deployment to an environment protected
    // with approvals, and one to an environment nobody protected.
    let protect = on_demo(Method::POST, "protected_environments").json(
        json!({"name": "production", "deploy_access_levels": [{"access_level": 40}], "approval_rules": [{"access_level": 40}]}),
    );
    get(&gitlab, protect).await;
    let approval = |deployment, status: &str| approval_in("demo/sandbox", deployment, status);
    let deploy = |environment: &str| {
        on_demo(Method::POST, "deployments").json(
            json!({"environment": environment, "sha": "main", "ref": "main", "tag": false, "status": "running"}),
        )
    };
    let own = get(&gitlab, deploy("production")).await["id"]
        .as_u64()
        .unwrap();
    assert_eq!(
        refused(&gitlab, approval(own, "approved")).await,
        (
            400,
            json!({"message": "You cannot approve your own deployment. This configuration can be adjusted in the protected environment settings."})
        )
    );
    let open = get(&gitlab, deploy("review")).await["id"].as_u64().unwrap();
    assert_eq!(
        refused(&gitlab, approval(open, "rejected")).await,
        (
            400,
            json!({"message": "This environment is not protected."})
        )
    );
}

#[tokio::test]
async fn a_rejected_deployment_fails() {
    let (_sandbox, gitlab) = setup().await;
    let deployment = ["projects", "community/handbook", "deployments", "1001"];
    let reject = at(Method::POST, &[&deployment[..], &["approval"]].concat())
        .json(json!({"status": "rejected"}));
    assert_eq!(get(&gitlab, reject).await["status"], "rejected");
    let deployment = get(&gitlab, at(Method::GET, &deployment)).await;
    assert_eq!(deployment["status"], "failed");
}

#[tokio::test]
async fn feature_flag_strategies_are_checked_and_merged() {
    let (_sandbox, gitlab) = setup().await;
    let create = |body: Value| on_demo(Method::POST, "feature_flags").json(body);
    let cases = [
        (
            json!({"name": "Checkout"}),
            "Name can contain only lowercase letters, digits, '_' and '-'. Must start with a letter, and cannot end with '-' or '_'",
        ),
        (
            json!({"name": "checkout", "strategies": [{"name": "everyone", "parameters": {}}]}),
            "Strategies name strategy name is invalid",
        ),
        (
            json!({"name": "checkout", "strategies": [{"name": "userWithId", "parameters": {}}]}),
            "Strategies parameters parameters are invalid",
        ),
        (
            json!({"name": "checkout", "strategies": [{"name": "gradualRolloutUserId", "parameters": {"groupId": "default", "percentage": "150"}}]}),
            "Strategies parameters percentage must be a string between 0 and 100 inclusive",
        ),
        (
            json!({"name": "checkout", "strategies": [{"name": "gitlabUserList", "parameters": {}}]}),
            "Strategies user list can't be blank",
        ),
    ];
    for (body, expected) in cases {
        assert_eq!(
            refused(&gitlab, create(body.clone())).await,
            (400, json!({"message": [expected]})),
            "{body}"
        );
    }
    let list = get(
        &gitlab,
        on_demo(Method::POST, "feature_flags_user_lists")
            .json(json!({"name": "beta", "user_xids": "user1,user2"})),
    )
    .await;
    let flag = get(
        &gitlab,
        create(json!({"name": "checkout", "active": false, "strategies": [
            {"name": "gitlabUserList", "parameters": {}, "user_list_id": list["id"], "scopes": [{"environment_scope": "production"}]}
        ]})),
    )
    .await;
    assert_eq!(flag["version"], "new_version_flag");
    assert_eq!(flag["strategies"][0]["user_list"]["name"], "beta");
    assert_eq!(
        refused(&gitlab, create(json!({"name": "checkout"}))).await,
        (400, json!({"message": ["Name has already been taken"]}))
    );
    // A list in use stays.
    let delete_list = demo_item(
        Method::DELETE,
        "feature_flags_user_lists",
        list["iid"].clone(),
        None,
    );
    assert_eq!(
        refused(&gitlab, delete_list).await,
        (
            409,
            json!({"message": ["User list is associated with a strategy"]})
        )
    );
    let strategy = flag["strategies"][0]["id"].clone();
    let scope = flag["strategies"][0]["scopes"][0]["id"].clone();
    let updated = get(
        &gitlab,
        demo_item(Method::PUT, "feature_flags", "checkout", None).json(json!({"strategies": [
            {"id": strategy, "scopes": [{"id": scope, "_destroy": true}, {"environment_scope": "staging"}]},
            {"name": "default", "parameters": {}}
        ]})),
    )
    .await;
    assert_eq!(
        pluck(&updated["strategies"], "name"),
        json!(["gitlabUserList", "default"])
    );
    assert_eq!(
        pluck(&updated["strategies"][0]["scopes"], "environment_scope"),
        json!(["staging"])
    );
    let enabled = with_query(
        on_demo(Method::GET, "feature_flags"),
        &[("scope", "enabled")],
    );
    assert_eq!(get(&gitlab, enabled).await, json!([]));
    let deleted = get(
        &gitlab,
        demo_item(Method::DELETE, "feature_flags", "checkout", None),
    )
    .await;
    assert_eq!(deleted["name"], "checkout");
    assert_eq!(
        refused(
            &gitlab,
            demo_item(Method::GET, "feature_flags", "checkout", None)
        )
        .await,
        (404, json!({"message": "404 Not found"}))
    );
}

#[tokio::test]
async fn an_export_scheduled_is_finished_when_next_asked() {
    let (_sandbox, gitlab) = setup().await;
    let status = get(&gitlab, on_demo(Method::GET, "export")).await;
    assert_eq!(status["export_status"], "none");
    assert_eq!(status.get("_links"), None);
    let scheduled = get(&gitlab, on_demo(Method::POST, "export")).await;
    assert_eq!(scheduled, json!({"message": "202 Accepted"}));
    let status = get(&gitlab, on_demo(Method::GET, "export")).await;
    assert_eq!(status["export_status"], "finished");
    assert!(
        status["_links"]["api_url"]
            .as_str()
            .unwrap()
            .ends_with("/export/download")
    );
    let import = get(&gitlab, on_demo(Method::GET, "import")).await;
    assert_eq!(import["import_status"], "none");
}
