//! The sandbox's activity events, through the real client: derived from the demo's records
//! (the project's creation, three pushes, two issues, a merge request, six notes), with
//! GitLab's filters, order and refusals. The seed's events in time order: 1 alice created
//! community/handbook (Jan 5, before the demo) · 2 created the demo project (Jan 5) ·
//! 3 push main (Jan 7) · 4 issue #2 (Jan 11) · 5 push main, 6 issue #1, 7 note on #1
//! (Jan 12) · 8 push fix/tokenizer, 9 !1, 10 note on #1, 11–13 notes on !1 (Jan 13).

use crate::gitlab::GitLab;
use crate::tests::common::{at, call, issue, message, on_demo, pluck, setup, with_query};
use reqwest::Method;
use serde_json::{Value, json};

async fn demo_events(gitlab: &GitLab, query: &[(&str, &str)]) -> Value {
    call(gitlab, with_query(on_demo(Method::GET, "events"), query))
        .await
        .unwrap()
}

#[tokio::test]
async fn the_demo_projects_events_have_gitlabs_shape() {
    let (_sandbox, gitlab) = setup().await;
    let events = demo_events(&gitlab, &[("per_page", "100")]).await;
    assert_eq!(
        pluck(&events, "id"),
        json!([13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2])
    );
    let newest = &events[0];
    assert_eq!(newest["action_name"], "commented on");
    assert_eq!(newest["target_type"], "Note");
    assert_eq!(newest["target_title"], "Fix off-by-one in tokenizer");
    assert_eq!(newest["author"]["username"], "bob");
    assert_eq!(newest["author_username"], "bob");
    assert_eq!(newest["author_id"], newest["author"]["id"]);
    assert_eq!(
        newest["note"]["body"],
        "I'll approve once the pipeline is green."
    );
    assert_eq!(newest["note"]["noteable_type"], "MergeRequest");
    assert_eq!(newest["target_id"], newest["note"]["id"]);
    assert_eq!(
        (newest["imported"].clone(), newest["imported_from"].clone()),
        (json!(false), json!("none"))
    );

    let opened = &events[4];
    assert_eq!(opened["action_name"], "opened");
    assert_eq!(opened["target_type"], "MergeRequest");
    assert_eq!(opened["target_iid"], 1);
    assert_eq!(opened["target_title"], "Fix off-by-one in tokenizer");
    assert_eq!(opened["author_username"], "alice");

    let push = &events[5];
    assert_eq!(push["action_name"], "pushed to");
    assert_eq!(push["target_type"], Value::Null);
    assert_eq!(push["push_data"]["ref"], "fix/tokenizer");
    assert_eq!(push["push_data"]["ref_type"], "branch");
    assert!(push["push_data"]["commit_count"].as_u64().unwrap() >= 1);
    assert_eq!(
        push["push_data"]["commit_title"],
        "Fix off-by-one in tokenizer"
    );
    assert_eq!(push.get("note"), None, "only note events carry one");

    let created = &events[11];
    assert_eq!(created["action_name"], "created");
    assert_eq!(created["author_username"], "sandbox-user");
    assert_eq!(created["project_id"], 1);
}

#[tokio::test]
async fn events_filter_by_action_target_and_day() {
    let (_sandbox, gitlab) = setup().await;
    for (query, ids) in [
        (vec![("action", "pushed")], json!([8, 5, 3])),
        (vec![("action", "created")], json!([9, 6, 4, 2])),
        (vec![("action", "commented")], json!([13, 12, 11, 10, 7])),
        (vec![("action", "merged")], json!([])),
        (vec![("target_type", "issue")], json!([6, 4])),
        (vec![("target_type", "merge_request")], json!([9])),
        (vec![("target_type", "note")], json!([13, 12, 11, 10, 7])),
        (vec![("after", "2026-01-12")], json!([13, 12, 11, 10, 9, 8])),
        (vec![("before", "2026-01-12")], json!([4, 3, 2])),
        (
            vec![("after", "2026-01-11"), ("before", "2026-01-13")],
            json!([7, 6, 5]),
        ),
        (
            vec![("action", "pushed"), ("sort", "asc")],
            json!([3, 5, 8]),
        ),
    ] {
        let events = demo_events(&gitlab, &query).await;
        assert_eq!(pluck(&events, "id"), ids, "{query:?}");
    }
    let page = gitlab
        .send(with_query(
            on_demo(Method::GET, "events"),
            &[("per_page", "5"), ("page", "2")],
        ))
        .await
        .unwrap();
    assert_eq!(pluck(&page.body, "id"), json!([8, 7, 6, 5, 4]));
    assert_eq!(page.total, Some(12));
}

#[tokio::test]
async fn bad_filters_and_unknown_owners_get_gitlabs_refusals() {
    let (_sandbox, gitlab) = setup().await;
    for (query, expected) in [
        (("action", "opened"), "action does not have a valid value"),
        (
            ("target_type", "Issue"),
            "target_type does not have a valid value",
        ),
        (("before", "yesterday"), "before is invalid"),
        (("after", "2026-13-01"), "after is invalid"),
        (("sort", "up"), "sort does not have a valid value"),
    ] {
        let err = call(
            &gitlab,
            with_query(on_demo(Method::GET, "events"), &[query]),
        )
        .await
        .unwrap_err();
        assert_eq!(message(err), (400, expected.to_owned()), "{query:?}");
    }
    let err = call(&gitlab, at(Method::GET, &["users", "99", "events"]))
        .await
        .unwrap_err();
    assert_eq!(message(err), (404, "404 User Not Found".to_owned()));
    let err = call(&gitlab, at(Method::GET, &["users", "nobody", "events"]))
        .await
        .unwrap_err();
    assert_eq!(message(err), (404, "404 User Not Found".to_owned()));
    let err = call(&gitlab, at(Method::GET, &["projects", "999", "events"]))
        .await
        .unwrap_err();
    assert_eq!(message(err), (404, "404 Project Not Found".to_owned()));
}

#[tokio::test]
async fn a_users_events_are_what_they_did_and_new_actions_show_up() {
    let (_sandbox, gitlab) = setup().await;
    let alice = call(&gitlab, at(Method::GET, &["users", "alice", "events"]))
        .await
        .unwrap();
    assert_eq!(pluck(&alice, "id"), json!([12, 9, 8, 7, 5, 4, 1]));
    let by_id = call(&gitlab, at(Method::GET, &["users", "2", "events"]))
        .await
        .unwrap();
    assert_eq!(by_id, alice);

    let mine = call(&gitlab, at(Method::GET, &["events"])).await.unwrap();
    assert_eq!(pluck(&mine, "id"), json!([2]));
    call(
        &gitlab,
        issue(Method::PUT, 2).json(json!({"state_event": "close"})),
    )
    .await
    .unwrap();
    let mine = call(&gitlab, at(Method::GET, &["events"])).await.unwrap();
    assert_eq!(pluck(&mine, "action_name"), json!(["closed", "created"]));
    assert_eq!(mine[0]["target_type"], "Issue");
    assert_eq!(mine[0]["target_iid"], 2);
    assert_eq!(mine[0]["target_title"], "Document feature X");
}
