//! The sandbox's CI/CD settings through the real client, refused where GitLab refuses them:
//! variables per key and environment scope, environments, deployments.

use crate::gitlab::{ApiRequest, GitLab, GitLabError};
use crate::tests::common::{
    at, call, demo_item, message, on_demo, pluck, refusal, setup, with_query,
};
use reqwest::Method;
use serde_json::{Value, json};

async fn get(gitlab: &GitLab, request: ApiRequest) -> Value {
    call(gitlab, request).await.unwrap()
}

async fn send(gitlab: &GitLab, request: ApiRequest) -> Result<(u16, Value), GitLabError> {
    let answer = gitlab.send(request).await?;
    Ok((answer.status, answer.body))
}

/// `DEPLOY_ENV` in `production`, then in `staging`.
async fn two_scopes(gitlab: &GitLab, variables: &dyn Fn(Method) -> ApiRequest) {
    for scope in ["production", "staging"] {
        let body = json!({"key": "DEPLOY_ENV", "value": scope, "environment_scope": scope});
        let made = get(gitlab, variables(Method::POST).json(body)).await;
        assert_eq!(made["environment_scope"], scope);
    }
}

const SEVERAL: &str =
    "There are multiple variables with provided parameters. Please use 'filter[environment_scope]'";

#[tokio::test]
async fn a_variable_key_lives_once_per_environment_scope() {
    let (_sandbox, gitlab) = setup().await;
    let variables = |method| on_demo(method, "variables");
    two_scopes(&gitlab, &variables).await;
    let listed = get(&gitlab, variables(Method::GET)).await;
    assert_eq!(
        pluck(&listed, "environment_scope"),
        json!(["production", "staging"])
    );

    let again = json!({"key": "DEPLOY_ENV", "value": "x", "environment_scope": "staging"});
    let err = call(&gitlab, variables(Method::POST).json(again))
        .await
        .unwrap_err();
    assert_eq!(
        refusal(err),
        (
            400,
            json!({"message": {"key": ["(DEPLOY_ENV) has already been taken"]}})
        )
    );

    // Without a filter the key names two variables: GitLab will not guess.
    let one = || demo_item(Method::GET, "variables", "DEPLOY_ENV", None);
    for request in [
        one(),
        demo_item(Method::PUT, "variables", "DEPLOY_ENV", None).json(json!({"value": "y"})),
        demo_item(Method::DELETE, "variables", "DEPLOY_ENV", None),
    ] {
        let err = call(&gitlab, request).await.unwrap_err();
        assert_eq!(message(err), (409, SEVERAL.to_owned()));
    }
    let staging = with_query(one(), &[("filter[environment_scope]", "staging")]);
    assert_eq!(get(&gitlab, staging).await["value"], "staging");
    let update = demo_item(Method::PUT, "variables", "DEPLOY_ENV", None)
        .json(json!({"value": "prod-2", "filter": {"environment_scope": "production"}}));
    let updated = get(&gitlab, update).await;
    assert_eq!(
        (
            updated["value"].clone(),
            updated["environment_scope"].clone()
        ),
        (json!("prod-2"), json!("production"))
    );
    let remove = with_query(
        demo_item(Method::DELETE, "variables", "DEPLOY_ENV", None),
        &[("filter[environment_scope]", "staging")],
    );
    assert_eq!(send(&gitlab, remove).await.unwrap().0, 204);
    // One left: the key alone names it again.
    assert_eq!(get(&gitlab, one()).await["value"], "prod-2");
    let missing = with_query(one(), &[("filter[environment_scope]", "review/*")]);
    let err = call(&gitlab, missing).await.unwrap_err();
    assert_eq!(message(err), (404, "404 Variable Not Found".to_owned()));
}

#[tokio::test]
async fn group_variables_follow_the_same_scopes() {
    let (_sandbox, gitlab) = setup().await;
    let variables = |method| at(method, &["groups", "4", "variables"]);
    two_scopes(&gitlab, &variables).await;
    let one = |method| at(method, &["groups", "4", "variables", "DEPLOY_ENV"]);
    let err = call(&gitlab, one(Method::GET)).await.unwrap_err();
    assert_eq!(message(err), (409, SEVERAL.to_owned()));
    let chosen = with_query(
        one(Method::GET),
        &[("filter[environment_scope]", "production")],
    );
    assert_eq!(get(&gitlab, chosen).await["value"], "production");
}

#[tokio::test]
async fn masked_and_hidden_makes_a_variable_whose_value_is_never_shown() {
    let (_sandbox, gitlab) = setup().await;
    let body = json!({"key": "TOKEN", "value": "s3cret-value-1", "masked_and_hidden": true});
    let made = get(&gitlab, on_demo(Method::POST, "variables").json(body)).await;
    assert_eq!(
        (
            made["masked"].clone(),
            made["hidden"].clone(),
            made["value"].clone()
        ),
        (json!(true), json!(true), Value::Null)
    );
    let read = get(&gitlab, demo_item(Method::GET, "variables", "TOKEN", None)).await;
    assert_eq!(
        (read["hidden"].clone(), read["value"].clone()),
        (json!(true), Value::Null)
    );
    // The update route takes no `masked_and_hidden`: it stays hidden.
    let update = demo_item(Method::PUT, "variables", "TOKEN", None)
        .json(json!({"value": "an0ther-value", "masked_and_hidden": false}));
    assert_eq!(get(&gitlab, update).await["hidden"], true);
    let plain = json!({"key": "PLAIN", "value": "v"});
    let plain = get(&gitlab, on_demo(Method::POST, "variables").json(plain)).await;
    assert_eq!(
        (plain["hidden"].clone(), plain["value"].clone()),
        (json!(false), json!("v"))
    );
    let short = json!({"key": "SHORT", "value": "short", "masked_and_hidden": true});
    let err = call(&gitlab, on_demo(Method::POST, "variables").json(short))
        .await
        .unwrap_err();
    assert_eq!(
        refusal(err),
        (400, json!({"message": {"value": ["is invalid"]}}))
    );
}

#[tokio::test]
async fn environments_are_named_once_searched_by_three_characters_and_deleted_when_stopped() {
    let (_sandbox, gitlab) = setup().await;
    let environments = |method| on_demo(method, "environments");
    let staging = get(
        &gitlab,
        environments(Method::POST).json(json!({"name": "staging"})),
    )
    .await;
    let err = call(
        &gitlab,
        environments(Method::POST).json(json!({"name": "staging"})),
    )
    .await
    .unwrap_err();
    assert_eq!(
        refusal(err),
        (
            400,
            json!({"message": {"name": ["has already been taken"]}})
        )
    );
    let slug = json!({"name": "review", "slug": "review"});
    let err = call(&gitlab, environments(Method::POST).json(slug))
        .await
        .unwrap_err();
    assert_eq!(
        message(err),
        (
            400,
            "slug is automatically generated and cannot be changed".to_owned()
        )
    );
    let tier = json!({"name": "review", "tier": "moon"});
    let err = call(&gitlab, environments(Method::POST).json(tier))
        .await
        .unwrap_err();
    assert_eq!(
        message(err),
        (400, "tier does not have a valid value".to_owned())
    );

    let both = with_query(
        environments(Method::GET),
        &[("name", "staging"), ("search", "sta")],
    );
    let err = call(&gitlab, both).await.unwrap_err();
    assert_eq!(
        refusal(err),
        (
            400,
            json!({"error": "name, search cannot be used together"})
        )
    );
    let short = with_query(environments(Method::GET), &[("search", "st")]);
    let err = call(&gitlab, short).await.unwrap_err();
    assert_eq!(
        refusal(err),
        (
            400,
            json!({"message": "400 Bad request - Search query is less than 3 characters"})
        )
    );
    let found = get(
        &gitlab,
        with_query(environments(Method::GET), &[("search", "tag")]),
    )
    .await;
    assert_eq!(pluck(&found, "name"), json!(["staging"]));

    // The update route takes no name.
    let id = staging["id"].clone();
    let renamed = demo_item(Method::PUT, "environments", &id, None)
        .json(json!({"name": "prod", "external_url": "https://staging.example.com"}));
    let renamed = get(&gitlab, renamed).await;
    assert_eq!(
        (renamed["name"].clone(), renamed["external_url"].clone()),
        (json!("staging"), json!("https://staging.example.com"))
    );

    let err = call(
        &gitlab,
        demo_item(Method::DELETE, "environments", &id, None),
    )
    .await
    .unwrap_err();
    assert_eq!(message(err), (403, "403 Forbidden".to_owned()));
    get(
        &gitlab,
        demo_item(Method::POST, "environments", &id, Some("stop")),
    )
    .await;
    let (status, _) = send(
        &gitlab,
        demo_item(Method::DELETE, "environments", &id, None),
    )
    .await
    .unwrap();
    assert_eq!(status, 204);
    let err = call(&gitlab, demo_item(Method::GET, "environments", &id, None))
        .await
        .unwrap_err();
    assert_eq!(message(err), (404, "404 Not found".to_owned()));
}

#[tokio::test]
async fn stopping_stale_environments_takes_a_date_from_ten_years_to_a_week_ago() {
    let (_sandbox, gitlab) = setup().await;
    let stale = |before: &str| {
        on_demo(Method::POST, "environments")
            .segment("stop_stale")
            .json(json!({"before": before}))
    };
    for before in ["2999-01-01T00:00:00Z", "2001-01-01T00:00:00Z"] {
        let err = call(&gitlab, stale(before)).await.unwrap_err();
        assert_eq!(
            refusal(err),
            (400, json!({"message": "400 Bad request - Invalid Date"})),
            "{before}"
        );
    }
    let err = call(&gitlab, stale("soon")).await.unwrap_err();
    assert_eq!(refusal(err), (400, json!({"error": "before is invalid"})));
    let done = get(&gitlab, stale("2020-06-01T00:00:00Z")).await;
    assert_eq!(
        done,
        json!({"message": "Successfully requested stop for all stale environments"})
    );
}

/// The head of `main`.
async fn main_head(gitlab: &GitLab) -> String {
    let branch = get(
        gitlab,
        at(
            Method::GET,
            &["projects", "1", "repository", "branches", "main"],
        ),
    )
    .await;
    branch["commit"]["id"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn deployments_report_what_ran_on_commits_that_exist() {
    let (_sandbox, gitlab) = setup().await;
    let deployments = |method| on_demo(method, "deployments");
    let sha = main_head(&gitlab).await;
    let body = |status: &str| json!({"environment": "production", "sha": sha, "ref": "main", "tag": false, "status": status});
    for status in ["created", "blocked", "skipped"] {
        let err = call(&gitlab, deployments(Method::POST).json(body(status)))
            .await
            .unwrap_err();
        assert_eq!(
            message(err),
            (400, "status does not have a valid value".to_owned())
        );
    }
    let unknown = json!({"environment": "production", "sha": "f".repeat(40), "ref": "main", "tag": false, "status": "success"});
    let err = call(&gitlab, deployments(Method::POST).json(unknown))
        .await
        .unwrap_err();
    assert_eq!(
        refusal(err),
        (
            400,
            json!({"message": {"sha": ["The commit does not exist"]}})
        )
    );
    let no_ref = json!({"environment": "production", "sha": sha, "ref": "nope", "tag": false, "status": "success"});
    let err = call(&gitlab, deployments(Method::POST).json(no_ref))
        .await
        .unwrap_err();
    assert_eq!(
        refusal(err),
        (
            400,
            json!({"message": {"ref": ["The branch or tag does not exist"]}})
        )
    );

    let first = get(&gitlab, deployments(Method::POST).json(body("running"))).await;
    let id = first["id"].clone();
    let update = |json: Value| demo_item(Method::PUT, "deployments", &id, None).json(json);
    let err = call(&gitlab, update(json!({"status": "created"})))
        .await
        .unwrap_err();
    assert_eq!(
        message(err),
        (400, "status does not have a valid value".to_owned())
    );
    let err = call(&gitlab, update(json!({"ref": "feature/x"})))
        .await
        .unwrap_err();
    assert_eq!(message(err), (400, "status is missing".to_owned()));
    let err = call(&gitlab, demo_item(Method::DELETE, "deployments", &id, None))
        .await
        .unwrap_err();
    assert_eq!(
        refusal(err),
        (400, json!({"message": "Cannot destroy running deployment"}))
    );
    let done = get(
        &gitlab,
        update(json!({"status": "success", "ref": "feature/x"})),
    )
    .await;
    assert_eq!(
        (done["status"].clone(), done["ref"].clone()),
        (json!("success"), json!("main"))
    );
    let err = call(&gitlab, demo_item(Method::DELETE, "deployments", &id, None))
        .await
        .unwrap_err();
    assert_eq!(
        refusal(err),
        (
            400,
            json!({"message": "Deployment currently deployed to environment"})
        )
    );
    get(&gitlab, deployments(Method::POST).json(body("success"))).await;
    let (status, _) = send(&gitlab, demo_item(Method::DELETE, "deployments", &id, None))
        .await
        .unwrap();
    assert_eq!(status, 204);
}

#[tokio::test]
async fn deployments_list_by_update_time_only_in_that_order() {
    let (_sandbox, gitlab) = setup().await;
    let sha = main_head(&gitlab).await;
    let body = json!({"environment": "production", "sha": sha, "ref": "main", "tag": false, "status": "success"});
    get(&gitlab, on_demo(Method::POST, "deployments").json(body)).await;
    let list = |pairs: &[(&str, &str)]| with_query(on_demo(Method::GET, "deployments"), pairs);
    let refused = [
        (
            vec![("updated_after", "2020-01-01T00:00:00Z")],
            "`updated_at` filter requires `updated_at` sort",
        ),
        (
            vec![
                ("updated_before", "2999-01-01T00:00:00Z"),
                ("order_by", "id"),
            ],
            "`updated_at` filter requires `updated_at` sort",
        ),
        (
            vec![
                ("finished_after", "2020-01-01T00:00:00Z"),
                ("order_by", "finished_at"),
            ],
            "`finished_at` filter must be combined with `success` status filter.",
        ),
        (
            vec![("order_by", "finished_at")],
            "`finished_at` sort requires `finished_at` filter or a filter with at least one of the finished statuses.",
        ),
    ];
    for (pairs, expected) in refused {
        let err = call(&gitlab, list(&pairs)).await.unwrap_err();
        assert_eq!(
            refusal(err),
            (
                400,
                json!({"message": format!("400 Bad request - {expected}")})
            ),
            "{pairs:?}"
        );
    }
    let err = call(&gitlab, list(&[("order_by", "ref")]))
        .await
        .unwrap_err();
    assert_eq!(
        message(err),
        (400, "order_by does not have a valid value".to_owned())
    );
    let paired = list(&[
        ("updated_after", "2020-01-01T00:00:00Z"),
        ("order_by", "updated_at"),
    ]);
    assert_eq!(get(&gitlab, paired).await.as_array().unwrap().len(), 1);
    let later = list(&[
        ("updated_after", "2999-01-01T00:00:00Z"),
        ("order_by", "updated_at"),
    ]);
    assert_eq!(get(&gitlab, later).await, json!([]));
}
