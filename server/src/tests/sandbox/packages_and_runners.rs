//! The sandbox's package registry, container registry and runners, through the real
//! client: what deleting does, GitLab's filters, its refusals and their wording.

use crate::gitlab::GitLab;
use crate::tests::common::{
    at, call, demo_item, message, on_demo, pluck, refusal, setup, with_query,
};
use reqwest::Method;
use serde_json::{Value, json};

async fn ok(gitlab: &GitLab, request: crate::gitlab::ApiRequest) -> Value {
    call(gitlab, request).await.unwrap()
}

#[tokio::test]
async fn a_deleted_package_is_hidden_unless_asked_for_and_its_files_go_one_by_one() {
    let (_sandbox, gitlab) = setup().await;
    let listed = ok(&gitlab, on_demo(Method::GET, "packages")).await;
    assert_eq!(pluck(&listed, "id"), json!([1, 2, 3]));
    let pypi = with_query(
        on_demo(Method::GET, "packages"),
        &[("package_type", "pypi"), ("package_name", "TOKEN")],
    );
    assert_eq!(pluck(&ok(&gitlab, pypi).await, "version"), json!(["0.3.1"]));
    ok(&gitlab, demo_item(Method::DELETE, "packages", 2, None)).await;
    let listed = ok(&gitlab, on_demo(Method::GET, "packages")).await;
    assert_eq!(pluck(&listed, "id"), json!([1, 3]));
    let pending = with_query(
        on_demo(Method::GET, "packages"),
        &[("status", "pending_destruction")],
    );
    assert_eq!(pluck(&ok(&gitlab, pending).await, "id"), json!([2]));
    let gone = call(&gitlab, demo_item(Method::GET, "packages", 2, None)).await;
    assert_eq!(
        message(gone.unwrap_err()),
        (404, "404 Not found".to_owned())
    );

    let files = demo_item(Method::GET, "packages", 1, Some("package_files"));
    assert_eq!(
        pluck(&ok(&gitlab, files.clone()).await, "id"),
        json!([1, 2])
    );
    let file = demo_item(Method::DELETE, "packages", 1, Some("package_files"));
    ok(&gitlab, file.clone().segment("2")).await;
    assert_eq!(pluck(&ok(&gitlab, files).await, "id"), json!([1]));
    let again = call(&gitlab, file.segment("2")).await;
    assert_eq!(
        message(again.unwrap_err()),
        (404, "404 Not Found".to_owned())
    );
}

#[tokio::test]
async fn package_lists_follow_gitlabs_rules() {
    let (_sandbox, gitlab) = setup().await;
    let group = ok(
        &gitlab,
        with_query(
            at(Method::GET, &["groups", "demo", "packages"]),
            &[("sort", "desc")],
        ),
    )
    .await;
    assert_eq!(pluck(&group, "id"), json!([3, 2, 1]));
    assert_eq!(group[0]["project_path"], "demo/sandbox");
    let package = ok(&gitlab, demo_item(Method::GET, "packages", 1, None)).await;
    assert_eq!(package["pipeline"]["status"], "success");
    let bad = with_query(on_demo(Method::GET, "packages"), &[("status", "gone")]);
    assert_eq!(
        message(call(&gitlab, bad).await.unwrap_err()),
        (400, "status does not have a valid value".to_owned())
    );
    let pipelines = demo_item(Method::GET, "packages", 1, Some("pipelines"));
    assert_eq!(
        ok(&gitlab, pipelines.clone())
            .await
            .as_array()
            .unwrap()
            .len(),
        1
    );
    let too_many = with_query(pipelines, &[("per_page", "21")]);
    assert_eq!(
        message(call(&gitlab, too_many).await.unwrap_err()),
        (400, "per_page does not have a valid value".to_owned())
    );
}

fn repository(method: Method, id: u64) -> crate::gitlab::ApiRequest {
    on_demo(method, "registry")
        .segment("repositories")
        .segment(id.to_string())
}

#[tokio::test]
async fn image_tags_are_read_and_deleted_and_a_repository_deletion_is_scheduled() {
    let (_sandbox, gitlab) = setup().await;
    let tag = ok(
        &gitlab,
        repository(Method::GET, 1).segment("tags").segment("v1.0.0"),
    )
    .await;
    assert_eq!(tag["location"], "registry.sandbox.test/demo/sandbox:v1.0.0");
    assert!(tag["digest"].as_str().unwrap().starts_with("sha256:"));
    ok(
        &gitlab,
        repository(Method::DELETE, 1)
            .segment("tags")
            .segment("v0.9.0"),
    )
    .await;
    let missing = call(
        &gitlab,
        repository(Method::GET, 1).segment("tags").segment("v0.9.0"),
    )
    .await;
    assert_eq!(
        message(missing.unwrap_err()),
        (404, "404 Tag Not Found".to_owned())
    );
    ok(&gitlab, repository(Method::DELETE, 2)).await;
    let scheduled = ok(
        &gitlab,
        with_query(
            at(Method::GET, &["registry", "repositories", "2"]),
            &[("tags_count", "true")],
        ),
    )
    .await;
    assert_eq!(scheduled["status"], "delete_scheduled");
    assert_eq!(scheduled["tags_count"], 1);
}

#[tokio::test]
async fn a_bulk_tag_deletion_keeps_latest_the_kept_and_the_newest_once_an_hour() {
    let (_sandbox, gitlab) = setup().await;
    let tags = || repository(Method::DELETE, 1).segment("tags");
    assert_eq!(
        message(
            call(&gitlab, with_query(tags(), &[("keep_n", "1")]))
                .await
                .unwrap_err()
        ),
        (
            400,
            "name_regex, name_regex_delete are missing, at least one parameter must be provided"
                .to_owned()
        )
    );
    let bad = with_query(tags(), &[("name_regex_delete", "(")]);
    assert_eq!(
        message(call(&gitlab, bad).await.unwrap_err()),
        (400, "name_regex_delete is an invalid regexp".to_owned())
    );
    let all = with_query(
        tags(),
        &[
            ("name_regex_delete", ".*"),
            ("name_regex_keep", "v1.*"),
            ("keep_n", "1"),
        ],
    );
    ok(&gitlab, all.clone()).await;
    let left = ok(&gitlab, repository(Method::GET, 1).segment("tags")).await;
    assert_eq!(
        pluck(&left, "name"),
        json!(["dev-main", "latest", "v1.0.0"])
    );
    assert_eq!(
        message(call(&gitlab, all).await.unwrap_err()),
        (
            400,
            "This request has already been made. You can run this at most once an hour for a given container repository".to_owned()
        )
    );
}

#[tokio::test]
async fn protection_rules_are_made_once_changed_with_patch_and_deleted() {
    let (_sandbox, gitlab) = setup().await;
    let rules = || {
        on_demo(Method::POST, "packages")
            .segment("protection")
            .segment("rules")
    };
    let body = json!({"package_name_pattern": "@demo/*", "package_type": "npm", "minimum_access_level_for_push": "maintainer"});
    let rule = ok(&gitlab, rules().json(body.clone())).await;
    assert_eq!(
        rule,
        json!({"id": rule["id"], "project_id": 1, "package_name_pattern": "@demo/*", "package_type": "npm", "minimum_access_level_for_delete": null, "minimum_access_level_for_push": "maintainer"})
    );
    assert_eq!(
        refusal(call(&gitlab, rules().json(body)).await.unwrap_err()),
        (
            422,
            json!({"message": {"error": "Package name pattern has already been taken"}})
        )
    );
    let levels = json!({"package_name_pattern": "x", "package_type": "npm"});
    assert_eq!(
        message(call(&gitlab, rules().json(levels)).await.unwrap_err()).0,
        400
    );
    let id = rule["id"].to_string();
    let one = |method| {
        on_demo(method, "packages")
            .segment("protection")
            .segment("rules")
            .segment(&id)
    };
    let changed = ok(
        &gitlab,
        one(Method::PATCH).json(json!({"minimum_access_level_for_push": "owner"})),
    )
    .await;
    assert_eq!(changed["minimum_access_level_for_push"], "owner");
    let put = call(
        &gitlab,
        one(Method::PUT).json(json!({"package_type": "pypi"})),
    )
    .await;
    assert_eq!(message(put.unwrap_err()).0, 405);
    ok(&gitlab, one(Method::DELETE)).await;
    let list = on_demo(Method::GET, "packages")
        .segment("protection")
        .segment("rules");
    let listed = ok(&gitlab, list).await;
    assert_eq!(listed, json!([]));
}

#[tokio::test]
async fn the_runners_each_list_shows_and_pausing_is_paused_not_active() {
    let (_sandbox, gitlab) = setup().await;
    let ids = |list: &Value| pluck(list, "id");
    assert_eq!(
        ids(&ok(&gitlab, at(Method::GET, &["runners"])).await),
        json!([3, 1])
    );
    assert_eq!(
        ids(&ok(&gitlab, on_demo(Method::GET, "runners")).await),
        json!([2, 1])
    );
    let group = ok(&gitlab, at(Method::GET, &["groups", "demo", "runners"])).await;
    assert_eq!(ids(&group), json!([3, 2]));
    let paused = ok(
        &gitlab,
        at(Method::PUT, &["runners", "1"]).json(json!({"paused": true})),
    )
    .await;
    assert_eq!(
        (paused["paused"].clone(), paused["active"].clone()),
        (json!(true), json!(false))
    );
    assert!(paused.get("token").is_none());
    let only_paused = with_query(at(Method::GET, &["runners"]), &[("paused", "true")]);
    assert_eq!(ids(&ok(&gitlab, only_paused).await), json!([1]));
    let cases = [
        (json!({}), 400),
        (json!({"paused": true, "active": true}), 400),
        (json!({"maximum_timeout": 60}), 400),
    ];
    for (body, status) in cases {
        let answer = call(
            &gitlab,
            at(Method::PUT, &["runners", "1"]).json(body.clone()),
        )
        .await;
        assert_eq!(message(answer.unwrap_err()).0, status, "{body}");
    }
    let instance = call(
        &gitlab,
        at(Method::PUT, &["runners", "2"]).json(json!({"locked": true})),
    )
    .await;
    assert_eq!(
        message(instance.unwrap_err()),
        (403, "403 Forbidden - No access granted".to_owned())
    );
    let jobs = ok(&gitlab, at(Method::GET, &["runners", "1", "jobs"])).await;
    assert_eq!(jobs[0]["project"]["path_with_namespace"], "demo/sandbox");
    assert_eq!(jobs[0]["runner"]["id"], 1);
    let managers = ok(&gitlab, at(Method::GET, &["runners", "1", "managers"])).await;
    assert_eq!(pluck(&managers, "system_id"), json!(["s_4f0e21b7a3c9"]));
    let shared = call(&gitlab, at(Method::GET, &["runners", "2", "jobs"])).await;
    assert_eq!(message(shared.unwrap_err()).0, 403);
}

#[tokio::test]
async fn enabling_disabling_and_deleting_runners_follow_gitlabs_refusals() {
    let (_sandbox, gitlab) = setup().await;
    ok(
        &gitlab,
        at(Method::POST, &["projects"]).json(json!({"name": "tools"})),
    )
    .await;
    let tools = || at(Method::POST, &["projects", "sandbox-user/tools", "runners"]);
    let refused = |runner: u64| tools().json(json!({"runner_id": runner}));
    for (runner, why) in [
        (3, "403 Forbidden - Runner is a group runner"),
        (2, "403 Forbidden - No access granted"),
        (9, "404 Runner Not Found"),
    ] {
        let answer = call(&gitlab, refused(runner)).await;
        let status = if runner == 9 { 404 } else { 403 };
        assert_eq!(message(answer.unwrap_err()), (status, why.to_owned()));
    }
    let last = call(&gitlab, demo_item(Method::DELETE, "runners", 1, None)).await;
    assert_eq!(
        message(last.unwrap_err()),
        (
            403,
            "403 Forbidden - Only one project associated with the runner. Please remove the runner instead".to_owned()
        )
    );
    let enabled = ok(&gitlab, refused(1)).await;
    assert_eq!(enabled["id"], 1);
    let shared = call(&gitlab, at(Method::DELETE, &["runners", "1"])).await;
    assert_eq!(
        message(shared.unwrap_err()),
        (
            403,
            "403 Forbidden - Runner associated with more than one project".to_owned()
        )
    );
    ok(&gitlab, demo_item(Method::DELETE, "runners", 1, None)).await;
    let projects = ok(&gitlab, at(Method::GET, &["runners", "1"])).await["projects"].clone();
    assert_eq!(
        pluck(&projects, "path_with_namespace"),
        json!(["sandbox-user/tools"])
    );
    ok(
        &gitlab,
        at(Method::PUT, &["runners", "1"]).json(json!({"locked": true})),
    )
    .await;
    let locked = call(
        &gitlab,
        on_demo(Method::POST, "runners").json(json!({"runner_id": 1})),
    )
    .await;
    assert_eq!(
        message(locked.unwrap_err()),
        (403, "403 Forbidden - Runner is locked".to_owned())
    );
    ok(&gitlab, at(Method::DELETE, &["runners", "1"])).await;
    let gone = call(&gitlab, at(Method::GET, &["runners", "1"])).await;
    assert_eq!(
        message(gone.unwrap_err()),
        (404, "404 Runner Not Found".to_owned())
    );
}
