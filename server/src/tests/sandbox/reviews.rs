//! The sandbox's merge request review routes, through the real client: diffs, changes,
//! commits and pipelines of a merge request, approvals, and rebasing.

use crate::gitlab::{ApiRequest, GitLab, GitLabError};
use crate::tests::common::{
    call, merge_request, merge_requests, message, pluck, setup, with_query,
};
use reqwest::Method;
use serde_json::{Value, json};

/// `feature/x` → `main` as !2: two commits, three files, two commits behind `main`.
async fn feature_mr(gitlab: &GitLab) -> Value {
    let body = json!({"source_branch": "feature/x", "target_branch": "main", "title": "Add X"});
    call(gitlab, merge_requests(Method::POST).json(body))
        .await
        .unwrap()
}

async fn get(gitlab: &GitLab, request: ApiRequest) -> Value {
    call(gitlab, request).await.unwrap()
}

async fn head_of(gitlab: &GitLab, branch: &str) -> String {
    let request = ApiRequest::get()
        .segment("projects")
        .segment(1)
        .segment("repository")
        .segment("branches")
        .segment(branch);
    get(gitlab, request).await["commit"]["id"]
        .as_str()
        .unwrap()
        .to_owned()
}

/// `POST …/approve` (with `sha` when given) on merge request `iid`.
async fn approve(gitlab: &GitLab, iid: u64, sha: Option<&str>) -> Result<Value, GitLabError> {
    let body = sha.map_or_else(|| json!({}), |sha| json!({"sha": sha}));
    let request = merge_request(Method::POST, iid).segment("approve");
    call(gitlab, request.json(body)).await
}

async fn unapprove(gitlab: &GitLab, iid: u64) -> Result<Value, GitLabError> {
    call(
        gitlab,
        merge_request(Method::POST, iid).segment("unapprove"),
    )
    .await
}

#[tokio::test]
async fn the_fix_shows_its_diff_commit_and_pipeline() {
    let (_sandbox, gitlab) = setup().await;
    let mr = get(&gitlab, merge_request(Method::GET, 1)).await;

    let response = gitlab
        .send(merge_request(Method::GET, 1).segment("diffs"))
        .await
        .unwrap();
    assert_eq!(response.total, Some(1));
    let diff = &response.body[0];
    assert_eq!(
        (diff["old_path"].clone(), diff["new_path"].clone()),
        (json!("src/tokenizer.rs"), json!("src/tokenizer.rs"))
    );
    assert_eq!(
        (diff["a_mode"].clone(), diff["new_file"].clone()),
        (json!("100644"), json!(false))
    );
    let text = diff["diff"].as_str().unwrap();
    assert!(text.starts_with("@@ "), "hunks only: {text}");
    assert!(text.contains("-    for i in 0..chars.len() {"), "{text}");
    assert!(text.contains("+    for i in 0..=chars.len() {"), "{text}");

    let changes = get(&gitlab, merge_request(Method::GET, 1).segment("changes")).await;
    assert_eq!(changes["changes"], json!([diff]));
    assert_eq!(changes["changes_count"], "1");
    assert_eq!(changes["overflow"], false);
    assert_eq!(changes["iid"], 1);
    assert_eq!(changes["diff_refs"], mr["diff_refs"]);

    let commits = get(&gitlab, merge_request(Method::GET, 1).segment("commits")).await;
    assert_eq!(
        pluck(&commits, "title"),
        json!(["Fix off-by-one in tokenizer"])
    );
    assert_eq!(commits[0]["id"], mr["sha"]);
    assert_eq!(commits[0]["author_name"], "Alice Example");

    let pipelines = get(&gitlab, merge_request(Method::GET, 1).segment("pipelines")).await;
    assert_eq!(pluck(&pipelines, "id"), json!([3]));
    assert_eq!(pipelines[0]["status"], "running");
    assert_eq!(pipelines[0]["sha"], mr["sha"]);
    assert_eq!(pipelines[0]["ref"], "fix/tokenizer");
}

#[tokio::test]
async fn a_merge_requests_changes_are_paginated() {
    let (_sandbox, gitlab) = setup().await;
    feature_mr(&gitlab).await;
    let page = |tail: &'static str, page: &'static str| {
        with_query(
            merge_request(Method::GET, 2).segment(tail),
            &[("per_page", "1"), ("page", page)],
        )
    };
    let first = gitlab.send(page("commits", "1")).await.unwrap();
    assert_eq!((first.total, first.next_page), (Some(2), Some(2)));
    assert_eq!(
        pluck(&first.body, "title"),
        json!(["Document the word counter"])
    );
    let second = gitlab.send(page("commits", "2")).await.unwrap();
    assert_eq!((second.total, second.next_page), (Some(2), None));
    assert_eq!(pluck(&second.body, "title"), json!(["Add word counter"]));

    let diffs = get(&gitlab, merge_request(Method::GET, 2).segment("diffs")).await;
    assert_eq!(
        pluck(&diffs, "new_path"),
        json!(["docs/guide.md", "src/counter.rs", "src/lib.rs"]),
        "main's own changes since the fork are not in it"
    );
    assert_eq!(diffs[1]["new_file"], true);
    let third = gitlab.send(page("diffs", "3")).await.unwrap();
    assert_eq!(
        (third.total, third.body[0].clone()),
        (Some(3), diffs[2].clone())
    );
    let none = get(&gitlab, merge_request(Method::GET, 2).segment("pipelines")).await;
    assert_eq!(none, json!([]));
}

#[tokio::test]
async fn unknown_merge_requests_and_projects_are_gitlabs_404s() {
    let (_sandbox, gitlab) = setup().await;
    for tail in [
        "diffs",
        "changes",
        "commits",
        "pipelines",
        "approvals",
        "approval_state",
    ] {
        let err = call(&gitlab, merge_request(Method::GET, 9).segment(tail))
            .await
            .unwrap_err();
        assert_eq!(message(err), (404, "404 Not found".to_owned()), "{tail}");
    }
    let elsewhere = ApiRequest::get()
        .segment("projects")
        .segment(99)
        .segment("merge_requests")
        .segment(1)
        .segment("diffs");
    let err = call(&gitlab, elsewhere).await.unwrap_err();
    assert_eq!(message(err), (404, "404 Project Not Found".to_owned()));
    let err = call(
        &gitlab,
        merge_requests(Method::GET).segment("x").segment("commits"),
    )
    .await
    .unwrap_err();
    assert_eq!(
        message(err),
        (400, "merge_request_iid is invalid".to_owned())
    );
}

#[tokio::test]
async fn an_approval_makes_the_fix_mergeable_and_can_be_taken_back() {
    let (_sandbox, gitlab) = setup().await;
    let approvals = get(&gitlab, merge_request(Method::GET, 1).segment("approvals")).await;
    assert_eq!(
        (
            approvals["approved"].clone(),
            approvals["approvals_required"].clone(),
            approvals["approvals_left"].clone()
        ),
        (json!(false), json!(1), json!(1))
    );
    assert_eq!(approvals["approved_by"], json!([]));
    assert_eq!(
        (
            approvals["user_can_approve"].clone(),
            approvals["user_has_approved"].clone()
        ),
        (json!(true), json!(false))
    );
    assert_eq!(approvals["iid"], 1);
    assert_eq!(
        approvals["approval_rules_left"][0]["rule_type"],
        "any_approver"
    );
    let merge = merge_request(Method::PUT, 1).segment("merge");
    let err = call(&gitlab, merge).await.unwrap_err();
    assert_eq!(message(err).0, 405, "not approved yet");

    let head = head_of(&gitlab, "fix/tokenizer").await;
    let err = approve(&gitlab, 1, Some(&"0".repeat(40)))
        .await
        .unwrap_err();
    assert_eq!(
        message(err),
        (
            409,
            format!("SHA does not match HEAD of source branch: {head}")
        )
    );
    let approved = approve(&gitlab, 1, Some(&head)).await.unwrap();
    assert_eq!(approved["approved"], true);
    assert_eq!(approved["approvals_left"], 0);
    assert_eq!(
        approved["approved_by"][0]["user"]["username"],
        "sandbox-user"
    );
    assert!(approved["approved_by"][0]["approved_at"].is_string());
    assert_eq!(
        (
            approved["user_has_approved"].clone(),
            approved["user_can_approve"].clone()
        ),
        (json!(true), json!(false))
    );
    let err = approve(&gitlab, 1, None).await.unwrap_err();
    assert_eq!(message(err), (401, "401 Unauthorized".to_owned()), "twice");

    let mr = get(&gitlab, merge_request(Method::GET, 1)).await;
    assert_eq!(mr["detailed_merge_status"], "mergeable");
    assert_eq!(mr["user_notes_count"], 3, "a system note is not a comment");
    let state = get(
        &gitlab,
        merge_request(Method::GET, 1).segment("approval_state"),
    )
    .await;
    let rule = &state["rules"][0];
    assert_eq!(state["approval_rules_overwritten"], false);
    assert_eq!(
        (rule["name"].clone(), rule["approved"].clone()),
        (json!("All Members"), json!(true))
    );
    assert_eq!(
        pluck(&rule["approved_by"], "username"),
        json!(["sandbox-user"])
    );
    assert_eq!(
        pluck(&rule["eligible_approvers"], "username"),
        json!(["sandbox-user", "bob"]),
        "developers and up, not the author"
    );

    let unapproved = unapprove(&gitlab, 1).await.unwrap();
    assert_eq!(
        (
            unapproved["approved"].clone(),
            unapproved["approved_by"].clone()
        ),
        (json!(false), json!([]))
    );
    let err = unapprove(&gitlab, 1).await.unwrap_err();
    assert_eq!(message(err), (404, "404 Not Found".to_owned()));
    let mr = get(&gitlab, merge_request(Method::GET, 1)).await;
    assert_eq!(mr["detailed_merge_status"], "not_approved");
    let activity = with_query(
        merge_request(Method::GET, 1).segment("notes"),
        &[("activity_filter", "only_activity"), ("sort", "asc")],
    );
    let notes = get(&gitlab, activity).await;
    assert_eq!(
        pluck(&notes, "body"),
        json!([
            "approved this merge request",
            "unapproved this merge request"
        ])
    );
    assert_eq!(pluck(&notes, "system"), json!([true, true]));

    approve(&gitlab, 1, None).await.unwrap();
    let merged = call(&gitlab, merge_request(Method::PUT, 1).segment("merge")).await;
    assert_eq!(merged.unwrap()["state"], "merged");
    let err = unapprove(&gitlab, 1).await.unwrap_err();
    assert_eq!(
        message(err).0,
        404,
        "a merged merge request keeps its approvals"
    );
}

#[tokio::test]
async fn the_author_cannot_approve_and_no_rule_means_approved() {
    let (_sandbox, gitlab) = setup().await;
    feature_mr(&gitlab).await;
    let approvals = get(&gitlab, merge_request(Method::GET, 2).segment("approvals")).await;
    assert_eq!(
        (
            approvals["approved"].clone(),
            approvals["approvals_required"].clone(),
            approvals["user_can_approve"].clone()
        ),
        (json!(true), json!(0), json!(false))
    );
    let state = get(
        &gitlab,
        merge_request(Method::GET, 2).segment("approval_state"),
    )
    .await;
    assert_eq!(state["rules"], json!([]));
    let err = approve(&gitlab, 2, None).await.unwrap_err();
    assert_eq!(message(err), (401, "401 Unauthorized".to_owned()));
}

/// !2 with `rebase_in_progress` and `diverged_commits_count`.
async fn detail(gitlab: &GitLab) -> Result<Value, GitLabError> {
    let request = with_query(
        merge_request(Method::GET, 2),
        &[
            ("include_rebase_in_progress", "true"),
            ("include_diverged_commits_count", "true"),
        ],
    );
    call(gitlab, request).await
}

#[tokio::test]
async fn a_rebase_replays_the_source_on_the_target() {
    let (_sandbox, gitlab) = setup().await;
    let before = feature_mr(&gitlab).await;
    let diffs_before = get(&gitlab, merge_request(Method::GET, 2).segment("diffs")).await;
    assert_eq!(detail(&gitlab).await.unwrap()["diverged_commits_count"], 2);

    let response = gitlab
        .send(merge_request(Method::PUT, 2).segment("rebase"))
        .await
        .unwrap();
    assert_eq!(
        (response.status, response.body),
        (202, json!({"rebase_in_progress": true}))
    );
    let main = head_of(&gitlab, "main").await;
    let after = detail(&gitlab).await.unwrap();
    assert_eq!(
        (
            after["rebase_in_progress"].clone(),
            after["merge_error"].clone(),
            after["diverged_commits_count"].clone()
        ),
        (json!(false), Value::Null, json!(0))
    );
    assert_ne!(after["sha"], before["sha"]);
    assert_eq!(
        after["sha"].as_str(),
        Some(head_of(&gitlab, "feature/x").await.as_str())
    );
    assert_eq!(after["diff_refs"]["base_sha"], json!(main));
    assert_eq!(after["diff_refs"]["start_sha"], json!(main));
    let commits = get(&gitlab, merge_request(Method::GET, 2).segment("commits")).await;
    assert_eq!(
        pluck(&commits, "title"),
        json!(["Document the word counter", "Add word counter"])
    );
    assert_eq!(commits[1]["parent_ids"], json!([main]));
    assert_eq!(commits[0]["author_name"], "Bob Builder", "authors are kept");
    assert_eq!(commits[0]["committer_name"], "Sandbox User");
    let diffs_after = get(&gitlab, merge_request(Method::GET, 2).segment("diffs")).await;
    assert_eq!(
        diffs_after, diffs_before,
        "the same changes, on a newer base"
    );

    let again = call(&gitlab, merge_request(Method::PUT, 2).segment("rebase")).await;
    assert_eq!(again.unwrap(), json!({"rebase_in_progress": true}));
    assert_eq!(
        detail(&gitlab).await.unwrap()["sha"],
        after["sha"],
        "already up to date"
    );
}

#[tokio::test]
async fn a_conflicting_rebase_leaves_the_branch_and_says_why() {
    let (_sandbox, gitlab) = setup().await;
    let before = feature_mr(&gitlab).await;
    let commit = ApiRequest::post()
        .segment("projects")
        .segment(1)
        .segment("repository")
        .segment("commits")
        .json(json!({"branch": "main", "commit_message": "Rewrite the guide",
                     "actions": [{"action": "update", "file_path": "docs/guide.md", "content": "# Guide\n"}]}));
    call(&gitlab, commit).await.unwrap();

    let rebased = call(&gitlab, merge_request(Method::PUT, 2).segment("rebase")).await;
    assert_eq!(rebased.unwrap(), json!({"rebase_in_progress": true}));
    let mr = get(&gitlab, merge_request(Method::GET, 2)).await;
    assert_eq!(
        mr["merge_error"],
        "Rebase failed: Rebase locally, resolve all conflicts, then push the branch."
    );
    assert_eq!(mr["sha"], before["sha"], "the branch did not move");
    assert_eq!(mr["has_conflicts"], true);
}

#[tokio::test]
async fn rebases_are_refused_as_gitlab_refuses_them() {
    let (_sandbox, gitlab) = setup().await;
    feature_mr(&gitlab).await;
    let close = merge_request(Method::PUT, 2).json(json!({"state_event": "close"}));
    call(&gitlab, close).await.unwrap();
    let err = call(&gitlab, merge_request(Method::PUT, 2).segment("rebase"))
        .await
        .unwrap_err();
    assert_eq!(
        message(err),
        (409, "409 Conflict: Resource lock".to_owned())
    );

    let delete = ApiRequest::delete()
        .segment("projects")
        .segment(1)
        .segment("repository")
        .segment("branches")
        .segment("fix/tokenizer");
    call(&gitlab, delete).await.unwrap();
    let err = call(&gitlab, merge_request(Method::PUT, 1).segment("rebase"))
        .await
        .unwrap_err();
    assert_eq!(
        message(err),
        (
            403,
            "403 Forbidden - Source branch does not exist".to_owned()
        )
    );
    let err = call(&gitlab, merge_request(Method::PUT, 9).segment("rebase"))
        .await
        .unwrap_err();
    assert_eq!(message(err), (404, "404 Not found".to_owned()));
}

#[tokio::test]
async fn a_merged_merge_request_keeps_showing_what_it_merged() {
    let (_sandbox, gitlab) = setup().await;
    approve(&gitlab, 1, None).await.unwrap();
    let before = get(&gitlab, merge_request(Method::GET, 1).segment("diffs")).await;
    call(&gitlab, merge_request(Method::PUT, 1).segment("merge"))
        .await
        .unwrap();
    let after = get(&gitlab, merge_request(Method::GET, 1).segment("diffs")).await;
    assert_eq!(after, before);
    let commits = get(&gitlab, merge_request(Method::GET, 1).segment("commits")).await;
    assert_eq!(
        pluck(&commits, "title"),
        json!(["Fix off-by-one in tokenizer"])
    );
}
