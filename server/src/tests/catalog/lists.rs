//! The filters people type, through a tool against the sandbox, which filters as GitLab
//! does: whose work across projects ("what waits for my review"), author, assignee,
//! reviewer, milestone, labels left out, dates, drafts and order.

use serde_json::{Value, json};

use crate::surfaces::SurfaceKind;
use crate::tests::common::mcp::Harness;

const P: &str = "demo/sandbox";

fn iids(page: &Value) -> Vec<u64> {
    page["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|item| item["iid"].as_u64().unwrap())
        .collect()
}

#[tokio::test]
async fn what_waits_for_my_review_is_one_call() {
    let harness = Harness::new(SurfaceKind::Dynamic).await;
    let mine = json!({"project_id": P, "source_branch": "feature/x", "target_branch": "main",
        "title": "Draft: Count words", "reviewer_ids": [1]});
    let created = harness.ok("merge_request.create", mine).await;
    let iid = created["iid"].as_u64().unwrap();
    let waiting = harness
        .ok(
            "merge_request.list_all",
            json!({"scope": "reviews_for_me", "state": "opened"}),
        )
        .await;
    assert_eq!(iids(&waiting), [iid], "{waiting}");
    assert_eq!(harness.last().path, "/api/v4/merge_requests");
    // Across projects, by default: what the user created (here, this one too).
    let created_by_me = harness.ok("merge_request.list_all", json!({})).await;
    assert_eq!(iids(&created_by_me), [iid]);
    // Drafts, reviewers and authors in a project.
    for (filters, expected) in [
        (json!({"draft": true}), vec![iid]),
        (json!({"draft": false}), vec![1]),
        (json!({"reviewer_username": "bob"}), vec![1]),
        (json!({"reviewer_id": "None"}), vec![]),
        (json!({"author_username": "alice"}), vec![1]),
        (json!({"assignee_id": "None"}), vec![iid]),
        (json!({"not[labels]": ["bug"]}), vec![iid]),
        (json!({"milestone": "Any"}), vec![1]),
    ] {
        let mut params = filters.clone();
        params["project_id"] = json!(P);
        let page = harness.ok("merge_request.list", params).await;
        assert_eq!(iids(&page), expected, "{filters}");
    }
}

#[tokio::test]
async fn issues_filter_by_people_milestone_dates_and_order() {
    let harness = Harness::new(SurfaceKind::Dynamic).await;
    let mine = json!({"project_id": P, "title": "A is first by title"});
    let created = harness.ok("issue.create", mine).await;
    let new = created["iid"].as_u64().unwrap();
    for (filters, expected) in [
        (json!({"author_username": "sandbox-user"}), vec![new]),
        (json!({"assignee_username": ["alice"]}), vec![1]),
        (json!({"assignee_id": "Any"}), vec![1]),
        (
            json!({"milestone": "None", "scope": "created_by_me"}),
            vec![new],
        ),
        (json!({"created_after": "2999-01-01"}), vec![]),
        (
            json!({"created_before": "2999-01-01", "iids": [new]}),
            vec![new],
        ),
    ] {
        let mut params = filters.clone();
        params["project_id"] = json!(P);
        let page = harness.ok("issue.list", params).await;
        assert_eq!(iids(&page), expected, "{filters}");
    }
    let by_title = harness
        .ok(
            "issue.list",
            json!({"project_id": P, "order_by": "title", "sort": "asc"}),
        )
        .await;
    assert_eq!(iids(&by_title)[0], new, "{by_title}");
    // Across projects: assigned to me, none; created by me, the new one.
    let assigned = harness
        .ok("issue.list_all", json!({"scope": "assigned_to_me"}))
        .await;
    assert_eq!(iids(&assigned), Vec::<u64>::new());
    let created_by_me = harness.ok("issue.list_all", json!({})).await;
    assert_eq!(iids(&created_by_me), [new]);
    // A name no member has is refused after the one search, before the list is read.
    harness.sandbox.clear_requests();
    let refused = harness
        .error(
            "issue.list",
            json!({"project_id": P, "assignee_id": "somebody"}),
        )
        .await;
    assert!(
        refused.contains("`assignee_id` `somebody` names no user"),
        "{refused}"
    );
    let sent: Vec<_> = harness
        .sandbox
        .requests()
        .into_iter()
        .map(|r| r.path)
        .collect();
    assert_eq!(sent, [format!("/api/v4/projects/{P}/members/all")]);
}

#[tokio::test]
async fn my_to_do_list_is_read_and_cleared() {
    let harness = Harness::new(SurfaceKind::Dynamic).await;
    let pending = harness.ok("todo.list", json!({})).await;
    let items = pending["items"].as_array().unwrap();
    assert_eq!(items.len(), 2, "{pending}");
    // Newest first: the merge request marked, then the mention on issue #1.
    assert_eq!(items[0]["action_name"], "marked");
    assert_eq!(items[1]["action_name"], "mentioned");
    assert_eq!(items[1]["author"], "alice");
    assert_eq!(items[1]["target"]["iid"], 1);
    let url = items[1]["target_url"].as_str().unwrap();
    assert!(url.ends_with("/demo/sandbox/-/issues/1"), "{url}");
    assert!(
        items[1]["target"].get("description").is_none(),
        "the target compact"
    );
    assert_eq!(pending["shared"]["project"], "demo/sandbox", "{pending}");
    let mentions = harness
        .ok("todo.list", json!({"action": "mentioned"}))
        .await;
    assert_eq!(mentions["items"].as_array().unwrap().len(), 1);
    let id = items[1]["id"].clone();
    let done = harness.ok("todo.done", json!({"id": id})).await;
    assert_eq!(done["state"], "done");
    assert_eq!(
        harness.ok("todo.list", json!({})).await["items"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    harness.ok("todo.done_all", json!({})).await;
    assert!(
        harness.ok("todo.list", json!({})).await["items"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    let all_done = harness.ok("todo.list", json!({"state": "done"})).await;
    assert_eq!(all_done["items"].as_array().unwrap().len(), 2);
    let missing = harness.error("todo.done", json!({"id": 99})).await;
    assert!(
        missing.starts_with(
            "POST /api/v4/todos/99/mark_as_done: GitLab answered 404 Not Found: 404 Todo Not Found"
        ),
        "{missing}"
    );
}

#[tokio::test]
async fn who_takes_part_is_the_author_the_people_asked_and_the_commenters() {
    let harness = Harness::new(SurfaceKind::Dynamic).await;
    let mr = json!({"project_id": "demo/sandbox", "merge_request_iid": 1});
    let people = harness.ok("merge_request.participant_list", mr).await;
    let names: Vec<&str> = people["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|person| person["username"].as_str())
        .collect();
    // Alice opened !1 and bob reviews it; each is listed once.
    assert_eq!(&names[..2], ["alice", "bob"], "{people}");
    let mut unique = names.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), names.len(), "{people}");
}

#[tokio::test]
async fn a_thumbs_up_is_an_upvote_and_taking_it_back_removes_it() {
    let harness = Harness::new(SurfaceKind::Individual).await;
    let issue = json!({"project_id": "demo/sandbox", "issue_iid": 1, "raw": true});
    let mut react = json!({"project_id": "demo/sandbox", "issue_iid": 1, "name": "thumbsup"});
    let award = harness.ok("issue.emoji_create", react.clone()).await;
    react["name"] = json!("thumbsdown");
    harness.ok("issue.emoji_create", react).await;
    let raw = harness.ok("issue.get", issue.clone()).await;
    assert_eq!(
        (&raw["raw"]["upvotes"], &raw["raw"]["downvotes"]),
        (&json!(1), &json!(1))
    );
    let award_id = award["id"].clone();
    harness
        .ok(
            "issue.emoji_delete",
            json!({"project_id": "demo/sandbox", "issue_iid": 1, "award_id": award_id, "confirm": true}),
        )
        .await;
    let raw = harness.ok("issue.get", issue).await;
    assert_eq!(raw["raw"]["upvotes"], 0, "{raw}");
}

/// GitLab answers a subscription or a star that was already so with 304 Not Modified: an
/// answer saying nothing changed, not an error.
#[tokio::test]
async fn a_change_already_made_is_said_unchanged_not_failed() {
    let harness = Harness::new(SurfaceKind::Individual).await;
    let issue = json!({"project_id": 1, "issue_iid": 1});
    harness.run("issue.subscribe", issue.clone()).await;
    let again = harness.ok("issue.subscribe", issue).await;
    assert_eq!(again["unchanged"], json!(true), "{again}");
    assert!(
        again["message"].as_str().unwrap().contains("already so"),
        "{again}"
    );
    let project = json!({"project_id": 1});
    harness.run("project.star", project.clone()).await;
    let again = harness.ok("project.star", project).await;
    assert_eq!(again["unchanged"], json!(true), "{again}");
}

/// GitLab refuses, with a 400, a person named both by id and by username; the action
/// refuses it first and says which to keep.
#[tokio::test]
async fn a_person_named_two_ways_is_refused_before_gitlab() {
    let harness = Harness::new(SurfaceKind::Individual).await;
    harness.sandbox.clear_requests();
    let both = json!({"project_id": 1, "author_id": 1, "author_username": "alice"});
    let error = harness.error("merge_request.list", both).await;
    assert!(
        error.contains("`author_id` and `author_username`"),
        "{error}"
    );
    assert!(harness.sandbox.requests().is_empty());
}
