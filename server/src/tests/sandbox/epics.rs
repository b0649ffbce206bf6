//! The sandbox's epics and iterations, through the real client: the seeded epic tree and
//! its issues, the list's filters, assigning issues and moving child epics, GitLab's
//! refusals; the demo group's iterations as a project and the group see them.

use crate::gitlab::{ApiRequest, GitLab};
use crate::tests::common::{at, call, message, pluck, setup, with_query};
use reqwest::Method;
use serde_json::{Value, json};

fn epics(method: Method) -> ApiRequest {
    at(method, &["groups", "demo", "epics"])
}

fn epic(method: Method, iid: u64) -> ApiRequest {
    epics(method).segment(iid)
}

async fn get(gitlab: &GitLab, request: ApiRequest) -> Value {
    call(gitlab, request).await.unwrap()
}

#[tokio::test]
async fn the_seeded_epics_hold_the_demo_issues() {
    let (_sandbox, gitlab) = setup().await;
    let all = get(&gitlab, epics(Method::GET)).await;
    assert_eq!(
        pluck(&all, "title"),
        json!(["Word counter", "Tokenizer 1.1"])
    );
    let first = get(&gitlab, epic(Method::GET, 1)).await;
    assert_eq!(first["references"]["full"], "demo&1");
    assert_eq!(first["due_date"], "2026-02-27");
    let issues = get(&gitlab, epic(Method::GET, 1).segment("issues")).await;
    assert_eq!(pluck(&issues, "iid"), json!([1]));
    assert_eq!(issues[0]["epic_issue_id"], 1);
    let children = get(&gitlab, epic(Method::GET, 1).segment("epics")).await;
    assert_eq!(pluck(&children, "iid"), json!([2]));
    assert_eq!(children[0]["parent_iid"], 1);
    let missing = call(&gitlab, epic(Method::GET, 9)).await.unwrap_err();
    assert_eq!(message(missing), (403, "403 Forbidden".to_owned()));
}

#[tokio::test]
async fn the_list_filters_and_orders() {
    let (_sandbox, gitlab) = setup().await;
    let close = epic(Method::PUT, 2).json(json!({"state_event": "close"}));
    assert_eq!(get(&gitlab, close).await["state"], "closed");
    let open = with_query(epics(Method::GET), &[("state", "opened")]);
    assert_eq!(pluck(&get(&gitlab, open).await, "iid"), json!([1]));
    let by_title = with_query(
        epics(Method::GET),
        &[("order_by", "title"), ("sort", "asc")],
    );
    assert_eq!(
        pluck(&get(&gitlab, by_title).await, "title"),
        json!(["Tokenizer 1.1", "Word counter"])
    );
    let bob = with_query(epics(Method::GET), &[("author_username", "bob")]);
    assert_eq!(pluck(&get(&gitlab, bob).await, "iid"), json!([2]));
    let search = with_query(epics(Method::GET), &[("search", "release of the")]);
    assert_eq!(pluck(&get(&gitlab, search).await, "iid"), json!([1]));
    let bad = with_query(epics(Method::GET), &[("state", "merged")]);
    let refused = call(&gitlab, bad).await.unwrap_err();
    assert_eq!(
        message(refused),
        (400, "state does not have a valid value".to_owned())
    );
}

#[tokio::test]
async fn issues_and_children_move_between_epics() {
    let (_sandbox, gitlab) = setup().await;
    // Issue #2 (id 2) leaves &2 for &1.
    let assigned = get(&gitlab, epic(Method::POST, 1).segment("issues").segment(2)).await;
    assert_eq!(assigned["epic"]["iid"], 1);
    assert_eq!(assigned["issue"]["iid"], 2);
    let issues = get(&gitlab, epic(Method::GET, 1).segment("issues")).await;
    assert_eq!(pluck(&issues, "iid"), json!([1, 2]));
    assert_eq!(
        get(&gitlab, epic(Method::GET, 2).segment("issues")).await,
        json!([])
    );
    let again = call(&gitlab, epic(Method::POST, 1).segment("issues").segment(2))
        .await
        .unwrap_err();
    assert_eq!(
        message(again),
        (409, "Issue(s) already assigned".to_owned())
    );
    let removed = epic(Method::DELETE, 1).segment("issues").segment(1);
    assert_eq!(get(&gitlab, removed).await["issue"]["iid"], 1);

    // &1 cannot go under its own child; a new epic can.
    let cycle = call(&gitlab, epic(Method::POST, 2).segment("epics").segment(1))
        .await
        .unwrap_err();
    assert_eq!(message(cycle).0, 409);
    let made = get(&gitlab, epics(Method::POST).json(json!({"title": "Docs"}))).await;
    let child = made["id"].as_u64().unwrap();
    let adopted = get(
        &gitlab,
        epic(Method::POST, 2).segment("epics").segment(child),
    )
    .await;
    assert_eq!(adopted["parent_id"], 2);
    let unknown = call(&gitlab, epic(Method::POST, 2).segment("epics").segment(99))
        .await
        .unwrap_err();
    assert_eq!(message(unknown).0, 404);
    let freed = get(
        &gitlab,
        epic(Method::DELETE, 2).segment("epics").segment(child),
    )
    .await;
    assert_eq!(freed["id"], json!(child));
    assert_eq!(
        get(&gitlab, epic(Method::GET, 2).segment("epics")).await,
        json!([])
    );

    // Deleting &1 frees its child &2.
    assert_eq!(
        gitlab.send(epic(Method::DELETE, 1)).await.unwrap().status,
        204
    );
    assert_eq!(
        get(&gitlab, epic(Method::GET, 2)).await["parent_id"],
        Value::Null
    );
}

#[tokio::test]
async fn iterations_are_the_groups_and_searchable() {
    let (_sandbox, gitlab) = setup().await;
    let project = at(Method::GET, &["projects", "demo/sandbox", "iterations"]);
    let all = get(&gitlab, project).await;
    assert_eq!(
        pluck(&all, "title"),
        json!(["Sprint 1", "Sprint 2", "Sprint 3"])
    );
    let web_url = all[0]["web_url"].as_str().unwrap();
    assert!(
        web_url.ends_with("/groups/demo/-/iterations/1"),
        "{web_url}"
    );
    let group = at(Method::GET, &["groups", "demo", "iterations"]);
    let by_cadence = with_query(
        group.clone(),
        &[("search", "tokenizer"), ("in[]", "cadence_title")],
    );
    assert_eq!(get(&gitlab, by_cadence).await.as_array().unwrap().len(), 3);
    let by_title = with_query(group.clone(), &[("search", "tokenizer")]);
    assert_eq!(get(&gitlab, by_title).await, json!([]));
    let bad = with_query(group, &[("state", "finished")]);
    let refused = call(&gitlab, bad).await.unwrap_err();
    assert_eq!(message(refused).0, 400);
}
