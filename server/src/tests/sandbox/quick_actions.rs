//! The sandbox runs quick actions as GitLab does, through the real client: where they are
//! found (a line of their own, outside code and quotes), which endpoints run them (notes,
//! discussions, commit comments, published drafts, descriptions), what the API answers
//! (202 for nothing but commands, 201 with the command lines gone), and what each command
//! does.

use crate::gitlab::{ApiRequest, ApiResponse, GitLab, GitLabError, ProjectId};
use crate::tests::common::{
    at, call, issue, issues, merge_request, merge_requests, message, on_demo, pluck, setup,
};
use reqwest::Method;
use serde_json::{Value, json};

async fn get(gitlab: &GitLab, request: ApiRequest) -> Value {
    call(gitlab, request).await.unwrap()
}

/// `POST …/notes` with `body` on what `on` names (`issue(POST, 2)`, `merge_request(POST, 1)`).
async fn try_note(gitlab: &GitLab, on: ApiRequest, body: &str) -> Result<ApiResponse, GitLabError> {
    gitlab
        .send(on.segment("notes").json(json!({"body": body})))
        .await
}

async fn note(gitlab: &GitLab, on: ApiRequest, body: &str) -> ApiResponse {
    try_note(gitlab, on, body).await.unwrap()
}

/// A note of nothing but commands: GitLab's 202, and what the commands said.
async fn commands(gitlab: &GitLab, on: ApiRequest, body: &str) -> (Value, String) {
    let response = note(gitlab, on, body).await;
    assert_eq!(response.status, 202, "{body}: {}", response.body);
    let summary = response.body["summary"][0]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    (response.body["commands_changes"].clone(), summary)
}

/// `feature/x` → `main` as !2: nothing blocks merging it (no approval needed, no pipeline).
async fn feature_mr(gitlab: &GitLab) -> Value {
    let body = json!({"source_branch": "feature/x", "target_branch": "main", "title": "Add X"});
    get(gitlab, merge_requests(Method::POST).json(body)).await
}

/// A project of the current user's, `sandbox-user/<name>` (id 2 for the first).
async fn project(gitlab: &GitLab, name: &str) -> Value {
    get(
        gitlab,
        at(Method::POST, &["projects"]).json(json!({"name": name})),
    )
    .await
}

fn other_issues(method: Method) -> ApiRequest {
    ApiRequest::new(method)
        .project(&ProjectId::Id(2))
        .segment("issues")
}

/// The bodies of an issue's system notes, oldest first.
async fn system_notes(gitlab: &GitLab, on: ApiRequest) -> Vec<String> {
    let notes = get(gitlab, on.segment("notes").query("sort", "asc")).await;
    notes
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| n["system"] == true)
        .map(|n| n["body"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn a_note_of_only_commands_runs_them_and_is_not_saved() {
    let (_sandbox, gitlab) = setup().await;
    let (changes, summary) = commands(&gitlab, issue(Method::POST, 2), "/close").await;
    assert_eq!(changes, json!({"state_event": "close"}));
    assert_eq!(summary, "Closed this issue.");
    let closed = get(&gitlab, issue(Method::GET, 2)).await;
    assert_eq!(closed["state"], "closed");
    assert_eq!(closed["user_notes_count"], 0, "no note was saved");

    let (_, summary) = commands(&gitlab, issue(Method::POST, 2), "/REOPEN\r\n").await;
    assert_eq!(
        summary, "Reopened this issue.",
        "names are case-insensitive"
    );
    assert_eq!(get(&gitlab, issue(Method::GET, 2)).await["state"], "opened");
}

#[tokio::test]
async fn commands_with_text_leave_a_note_without_the_command_lines() {
    let (_sandbox, gitlab) = setup().await;
    let response = note(
        &gitlab,
        issue(Method::POST, 2),
        "Documented now.\n/label ~bug\n/close\n\nThanks!",
    )
    .await;
    assert_eq!(response.status, 201);
    assert_eq!(response.body["body"], "Documented now.\nThanks!");
    assert_eq!(
        response.body["commands_changes"],
        json!({"add_label_ids": [1], "state_event": "close"})
    );
    let documented = get(&gitlab, issue(Method::GET, 2)).await;
    assert_eq!(documented["labels"], json!(["feature", "bug"]));
    assert_eq!(documented["state"], "closed");
    let stored = get(&gitlab, issue(Method::GET, 2).segment("notes")).await;
    assert_eq!(pluck(&stored, "body"), json!(["Documented now.\nThanks!"]));
    assert_eq!(
        stored[0]["commands_changes"],
        json!({}),
        "only the answer shows them"
    );
}

#[tokio::test]
async fn commands_in_code_quotes_or_mid_line_are_text() {
    let (_sandbox, gitlab) = setup().await;
    for body in [
        "```\n/close\n```",
        "~~~\n/close\n~~~",
        "> /close",
        "> Quoted\n/close",
        ">>>\n/close\n>>>",
        "Please /close this",
        "/close.",
        "  /close",
    ] {
        let response = note(&gitlab, issue(Method::POST, 2), body).await;
        assert_eq!(
            (response.status, response.body["body"].clone()),
            (201, json!(body))
        );
    }
    assert_eq!(get(&gitlab, issue(Method::GET, 2)).await["state"], "opened");
}

#[tokio::test]
async fn commands_that_do_not_apply_are_removed_and_skipped() {
    let (_sandbox, gitlab) = setup().await;
    let (changes, summary) = commands(&gitlab, issue(Method::POST, 2), "/merge\n/reopen").await;
    assert_eq!(changes, json!({}));
    assert_eq!(
        summary,
        "Could not apply merge command. Could not apply reopen command."
    );
    let response = note(&gitlab, issue(Method::POST, 2), "Noted.\n/tag v9").await;
    assert_eq!(
        response.body["body"], "Noted.",
        "a commit's command goes too"
    );

    // A command that applies but says nothing: GitLab's 400.
    let err = try_note(&gitlab, issue(Method::POST, 2), "/label ~nope")
        .await
        .unwrap_err();
    assert_eq!(
        message(err),
        (
            400,
            "400 Bad request - Failed to apply commands.".to_owned()
        )
    );
    assert_eq!(
        get(&gitlab, issue(Method::GET, 2)).await["labels"],
        json!(["feature"])
    );
}

#[tokio::test]
async fn merge_needs_the_head_sha_and_a_mergeable_merge_request() {
    let (_sandbox, gitlab) = setup().await;
    let mr = feature_mr(&gitlab).await;
    let head = mr["sha"].as_str().unwrap().to_owned();

    // Without the head, today's GitLab does not merge.
    let response = note(&gitlab, merge_request(Method::POST, 2), "LGTM\n/merge").await;
    assert_eq!(
        (response.status, response.body["body"].clone()),
        (201, json!("LGTM"))
    );
    assert_eq!(response.body["commands_changes"], json!({}));
    let (_, summary) = commands(&gitlab, merge_request(Method::POST, 2), "/merge").await;
    assert_eq!(
        summary,
        "The `/merge` quick action requires the SHA of the head of the branch."
    );
    let stale = json!({"body": "/merge", "merge_request_diff_head_sha": "0".repeat(40)});
    let response = gitlab
        .send(merge_request(Method::POST, 2).segment("notes").json(stale))
        .await
        .unwrap();
    assert_eq!(
        response.body["summary"],
        json!(["Branch has been updated since the merge was requested."])
    );
    assert_eq!(
        get(&gitlab, merge_request(Method::GET, 2)).await["state"],
        "opened"
    );

    let body = json!({"body": "LGTM\n/merge", "merge_request_diff_head_sha": head});
    let response = gitlab
        .send(merge_request(Method::POST, 2).segment("notes").json(body))
        .await
        .unwrap();
    assert_eq!(response.status, 201);
    assert_eq!(response.body["commands_changes"], json!({"merge": head}));
    let merged = get(&gitlab, merge_request(Method::GET, 2)).await;
    assert_eq!(merged["state"], "merged");
    assert!(merged["merge_commit_sha"].is_string());

    // Merged: nothing to merge any more, GitLab refuses the command.
    let body = json!({"body": "/merge", "merge_request_diff_head_sha": head});
    let response = gitlab
        .send(merge_request(Method::POST, 2).segment("notes").json(body))
        .await
        .unwrap();
    assert_eq!(
        response.body["summary"],
        json!(["Could not apply merge command."])
    );
}

#[tokio::test]
async fn approve_then_merge_waits_for_the_running_pipeline() {
    let (_sandbox, gitlab) = setup().await;
    let head = get(&gitlab, merge_request(Method::GET, 1)).await["sha"].clone();
    let body = json!({"body": "/approve\n/merge", "merge_request_diff_head_sha": head});
    let response = gitlab
        .send(merge_request(Method::POST, 1).segment("notes").json(body))
        .await
        .unwrap();
    assert_eq!(response.status, 202);
    assert_eq!(
        response.body["summary"],
        json!([
            "Approved the current merge request. Scheduled to merge this merge request (Merge when checks pass)."
        ])
    );
    let mr = get(&gitlab, merge_request(Method::GET, 1)).await;
    assert_eq!(
        (
            mr["state"].clone(),
            mr["merge_when_pipeline_succeeds"].clone()
        ),
        (json!("opened"), json!(true)),
        "its pipeline still runs"
    );
}

#[tokio::test]
async fn approve_and_unapprove_act_at_once() {
    let (_sandbox, gitlab) = setup().await;
    let (changes, summary) = commands(&gitlab, merge_request(Method::POST, 1), "/approve").await;
    assert_eq!(
        (changes, summary.as_str()),
        (json!({}), "Approved the current merge request.")
    );
    let approvals = get(&gitlab, merge_request(Method::GET, 1).segment("approvals")).await;
    assert_eq!(
        approvals["approved_by"][0]["user"]["username"],
        "sandbox-user"
    );
    assert_eq!(
        system_notes(&gitlab, merge_request(Method::GET, 1)).await,
        ["approved this merge request"]
    );
    let (_, summary) = commands(&gitlab, merge_request(Method::POST, 1), "/approve").await;
    assert_eq!(summary, "Could not apply approve command.");

    let (_, summary) = commands(&gitlab, merge_request(Method::POST, 1), "/unapprove").await;
    assert_eq!(summary, "Unapproved the current merge request.");
    let approvals = get(&gitlab, merge_request(Method::GET, 1).segment("approvals")).await;
    assert_eq!(approvals["approved_by"], json!([]));
}

#[tokio::test]
async fn labels_are_added_removed_and_replaced_from_existing_ones() {
    let (_sandbox, gitlab) = setup().await;
    let label = json!({"name": "needs review", "color": "#00ff00"});
    let needs_review = get(&gitlab, on_demo(Method::POST, "labels").json(label)).await;
    let on = || issue(Method::POST, 2);

    let (changes, summary) =
        commands(&gitlab, on(), "/label ~bug ~\"needs review\" ~unknown").await;
    assert_eq!(changes, json!({"add_label_ids": [1, needs_review["id"]]}));
    assert_eq!(summary, "Added ~\"bug\" ~\"needs review\" labels.");
    let labels = || async { get(&gitlab, issue(Method::GET, 2)).await["labels"].clone() };
    assert_eq!(labels().await, json!(["feature", "bug", "needs review"]));

    let (_, summary) = commands(&gitlab, on(), "/unlabel ~feature").await;
    assert_eq!(summary, "Removed ~\"feature\" label.");
    let (_, summary) = commands(&gitlab, on(), "/relabel feature").await;
    assert_eq!(summary, "Replaced all labels with ~\"feature\" label.");
    assert_eq!(labels().await, json!(["feature"]));
    let (changes, summary) = commands(&gitlab, on(), "/unlabel").await;
    assert_eq!(
        (changes, summary.as_str()),
        (json!({"label_ids": []}), "Removed all labels.")
    );
    assert_eq!(labels().await, json!([]));
    let (_, summary) = commands(&gitlab, on(), "/relabel ~bug").await;
    assert_eq!(
        summary, "Could not apply relabel command.",
        "it had no label left"
    );
    let (_, summary) = commands(&gitlab, on(), "/labels bug").await;
    assert_eq!(summary, "Added ~\"bug\" label.");
}

#[tokio::test]
async fn assign_and_unassign_people() {
    let (_sandbox, gitlab) = setup().await;
    let assignees = || async {
        pluck(
            &get(&gitlab, issue(Method::GET, 2)).await["assignees"],
            "username",
        )
    };
    let (changes, summary) = commands(&gitlab, issue(Method::POST, 2), "/assign @bob").await;
    assert_eq!(
        (changes, summary.as_str()),
        (json!({"assignee_ids": [3]}), "Assigned @bob.")
    );
    assert_eq!(assignees().await, json!(["bob"]));
    // Community Edition keeps one assignee: the first named.
    let (_, summary) = commands(&gitlab, issue(Method::POST, 2), "/assign me and @alice").await;
    assert_eq!(summary, "Assigned @sandbox-user.");
    assert_eq!(assignees().await, json!(["sandbox-user"]));
    let (_, summary) = commands(&gitlab, issue(Method::POST, 2), "/assign @nobody").await;
    assert_eq!(summary, "Failed to find users for @nobody");
    let (_, summary) = commands(&gitlab, issue(Method::POST, 2), "/unassign").await;
    assert_eq!(summary, "Removed assignee @sandbox-user.");
    assert_eq!(assignees().await, json!([]));
    let (_, summary) = commands(&gitlab, issue(Method::POST, 2), "/unassign").await;
    assert_eq!(summary, "Could not apply unassign command.");
}

#[tokio::test]
async fn milestones_are_set_by_name_and_removed() {
    let (_sandbox, gitlab) = setup().await;
    let next = json!({"title": "Next release"});
    get(&gitlab, on_demo(Method::POST, "milestones").json(next)).await;
    let milestone =
        || async { get(&gitlab, issue(Method::GET, 2)).await["milestone"]["title"].clone() };

    let (changes, summary) = commands(&gitlab, issue(Method::POST, 2), "/milestone %v1.1").await;
    assert_eq!(
        (changes, summary.as_str()),
        (
            json!({"milestone_id": 1}),
            "Set the milestone to %\"v1.1\"."
        )
    );
    assert_eq!(milestone().await, "v1.1");
    commands(
        &gitlab,
        issue(Method::POST, 2),
        "/milestone %\"Next release\"",
    )
    .await;
    assert_eq!(milestone().await, "Next release");
    let (changes, summary) = commands(&gitlab, issue(Method::POST, 2), "/remove_milestone").await;
    assert_eq!(
        (changes, summary.as_str()),
        (
            json!({"milestone_id": null}),
            "Removed %\"Next release\" milestone."
        )
    );
    assert_eq!(milestone().await, Value::Null);
}

#[tokio::test]
async fn copy_metadata_takes_the_labels_and_milestone_of_another_item() {
    let (_sandbox, gitlab) = setup().await;
    let (changes, summary) = commands(&gitlab, issue(Method::POST, 2), "/copy_metadata #1").await;
    assert_eq!(changes, json!({"add_label_ids": [1], "milestone_id": 1}));
    assert_eq!(summary, "Copied labels and milestone from #1.");
    let copied = get(&gitlab, issue(Method::GET, 2)).await;
    assert_eq!(copied["labels"], json!(["feature", "bug"]));
    assert_eq!(copied["milestone"]["title"], "v1.1");
}

#[tokio::test]
async fn title_lock_due_date_and_confidentiality() {
    let (_sandbox, gitlab) = setup().await;
    let on = || issue(Method::POST, 2);
    let (changes, summary) = commands(&gitlab, on(), "/title Document feature X fully").await;
    assert_eq!(changes, json!({"title": "Document feature X fully"}));
    assert_eq!(
        summary,
        "Changed the title to \"Document feature X fully\"."
    );
    let (_, summary) = commands(&gitlab, on(), "/lock").await;
    assert_eq!(summary, "Locked the discussion.");
    let (changes, summary) = commands(&gitlab, on(), "/due 2026-03-01").await;
    assert_eq!(
        (changes, summary.as_str()),
        (
            json!({"due_date": "2026-03-01"}),
            "Set the due date to Mar 1, 2026."
        )
    );
    let (_, summary) = commands(&gitlab, on(), "/confidential").await;
    assert_eq!(summary, "Made this issue confidential.");
    let changed = get(&gitlab, issue(Method::GET, 2)).await;
    assert_eq!(changed["title"], "Document feature X fully");
    assert_eq!(changed["discussion_locked"], true);
    assert_eq!(changed["due_date"], "2026-03-01");
    assert_eq!(changed["confidential"], true);

    let (_, summary) = commands(&gitlab, on(), "/due someday").await;
    assert_eq!(
        summary,
        "Failed to set due date because the date format is invalid."
    );
    commands(&gitlab, on(), "/unlock\n/remove_due_date").await;
    let changed = get(&gitlab, issue(Method::GET, 2)).await;
    assert_eq!(
        (
            changed["discussion_locked"].clone(),
            changed["due_date"].clone()
        ),
        (json!(false), Value::Null)
    );
    let (_, summary) = commands(&gitlab, merge_request(Method::POST, 1), "/due tomorrow").await;
    assert_eq!(
        summary, "Could not apply due command.",
        "merge requests have no due date"
    );
}

#[tokio::test]
async fn move_remakes_the_issue_in_the_other_project_and_closes_it_here() {
    let (_sandbox, gitlab) = setup().await;
    project(&gitlab, "other").await;
    let (changes, summary) =
        commands(&gitlab, issue(Method::POST, 1), "/move sandbox-user/other").await;
    assert_eq!(
        (changes, summary.as_str()),
        (json!({}), "Moved this item to sandbox-user/other.")
    );

    let moved = get(&gitlab, other_issues(Method::GET).segment(1)).await;
    assert_eq!(moved["title"], "Tokenizer drops the last token");
    assert_eq!(moved["author"]["username"], "bob");
    assert_eq!(pluck(&moved["assignees"], "username"), json!(["alice"]));
    assert_eq!(
        moved["labels"],
        json!([]),
        "the other project has no `bug` label"
    );
    assert_eq!(moved["user_notes_count"], 2, "its notes came along");
    let original = get(&gitlab, issue(Method::GET, 1)).await;
    assert_eq!(original["state"], "closed");
    assert_eq!(original["moved_to_id"], moved["id"]);
    assert_eq!(
        system_notes(&gitlab, issue(Method::GET, 1)).await,
        ["moved to sandbox-user/other#1"]
    );
    assert_eq!(
        system_notes(&gitlab, other_issues(Method::GET).segment(1)).await,
        ["moved from demo/sandbox#1"]
    );

    let (_, summary) = commands(&gitlab, issue(Method::POST, 2), "/move nowhere/at-all").await;
    assert_eq!(
        summary,
        "Unable to move. Target project or group doesn't exist or doesn't support this item type."
    );
}

#[tokio::test]
async fn clone_copies_the_issue_with_its_notes_on_request() {
    let (_sandbox, gitlab) = setup().await;
    project(&gitlab, "other").await;
    let (changes, summary) = commands(&gitlab, issue(Method::POST, 1), "/clone --with_notes").await;
    assert_eq!(
        (changes, summary.as_str()),
        (
            json!({"clone_with_notes": true}),
            "Cloned this item to demo/sandbox."
        )
    );
    let copy = get(&gitlab, issue(Method::GET, 3)).await;
    assert_eq!(copy["title"], "Tokenizer drops the last token");
    assert_eq!(copy["labels"], json!(["bug"]));
    assert_eq!(copy["milestone"]["title"], "v1.1");
    assert_eq!(
        copy["author"]["username"], "sandbox-user",
        "a clone is the cloner's"
    );
    assert_eq!(copy["user_notes_count"], 2);
    assert_eq!(get(&gitlab, issue(Method::GET, 1)).await["state"], "opened");
    assert_eq!(
        system_notes(&gitlab, issue(Method::GET, 1)).await,
        ["cloned to #3"]
    );

    commands(&gitlab, issue(Method::POST, 1), "/clone sandbox-user/other").await;
    let elsewhere = get(&gitlab, other_issues(Method::GET).segment(1)).await;
    assert_eq!(
        elsewhere["user_notes_count"], 0,
        "no notes without --with_notes"
    );
    let (_, summary) = commands(&gitlab, issue(Method::POST, 1), "/clone a b").await;
    assert_eq!(summary, "Failed to clone this item: wrong parameters.");
}

#[tokio::test]
async fn a_commit_comment_tags_its_commit() {
    let (_sandbox, gitlab) = setup().await;
    let head = get(
        &gitlab,
        on_demo(Method::GET, "repository")
            .segment("branches")
            .segment("main"),
    )
    .await["commit"]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let comments = || {
        on_demo(Method::POST, "repository")
            .segment("commits")
            .segment(&head)
            .segment("comments")
    };
    let response = gitlab
        .send(comments().json(json!({"note": "/tag v9 Release nine"})))
        .await
        .unwrap();
    assert_eq!(response.status, 202);
    assert_eq!(
        response.body,
        json!({
            "commands_changes": {"tag_name": "v9", "tag_message": "Release nine"},
            "summary": ["Tagged this commit to v9 with \"Release nine\"."],
        })
    );
    let tag = get(
        &gitlab,
        on_demo(Method::GET, "repository")
            .segment("tags")
            .segment("v9"),
    )
    .await;
    assert_eq!(
        (tag["commit"]["id"].clone(), tag["message"].clone()),
        (json!(head), json!("Release nine"))
    );

    let response = gitlab
        .send(comments().json(json!({"note": "Shipped.\n/tag v9.1"})))
        .await
        .unwrap();
    assert_eq!(
        (response.status, response.body["note"].clone()),
        (201, json!("Shipped."))
    );
    let tag = get(
        &gitlab,
        on_demo(Method::GET, "repository")
            .segment("tags")
            .segment("v9.1"),
    )
    .await;
    assert_eq!(tag["message"], Value::Null, "no message: a lightweight tag");
    let listed = get(
        &gitlab,
        on_demo(Method::GET, "repository")
            .segment("commits")
            .segment(&head)
            .segment("comments"),
    )
    .await;
    assert_eq!(pluck(&listed, "note"), json!(["Shipped."]));

    let (changes, summary) = commands(&gitlab, issue(Method::POST, 2), "/tag v10").await;
    assert_eq!(
        (changes, summary.as_str()),
        (json!({}), "Could not apply tag command.")
    );
}

#[tokio::test]
async fn relate_and_unlink_issues_by_reference() {
    let (_sandbox, gitlab) = setup().await;
    project(&gitlab, "other").await;
    get(
        &gitlab,
        other_issues(Method::POST).json(json!({"title": "Elsewhere"})),
    )
    .await;
    let (_, summary) = commands(
        &gitlab,
        issue(Method::POST, 2),
        "/relate #1 sandbox-user/other#1",
    )
    .await;
    assert_eq!(
        summary,
        "Added #1 and sandbox-user/other#1 as a linked item related to this issue."
    );
    let links = get(&gitlab, issue(Method::GET, 2).segment("links")).await;
    assert_eq!(
        pluck(&links, "title"),
        json!(["Tokenizer drops the last token", "Elsewhere"])
    );
    assert_eq!(
        pluck(&links, "link_type"),
        json!(["relates_to", "relates_to"])
    );

    let (_, summary) = commands(&gitlab, issue(Method::POST, 2), "/unlink #1").await;
    assert_eq!(summary, "Removed linked item #1.");
    let links = get(&gitlab, issue(Method::GET, 2).segment("links")).await;
    assert_eq!(pluck(&links, "title"), json!(["Elsewhere"]));
}

#[tokio::test]
async fn duplicate_closes_the_issue_and_links_it_to_the_original() {
    let (sandbox, gitlab) = setup().await;
    let (changes, summary) = commands(&gitlab, issue(Method::POST, 2), "/duplicate #1").await;
    assert_eq!(changes, json!({"canonical_issue_id": 1}));
    assert_eq!(
        summary,
        format!(
            "Closed this Issue. Marked as related to, and a duplicate of, {}demo/sandbox/-/issues/1.",
            sandbox.base_url()
        )
    );
    assert_eq!(get(&gitlab, issue(Method::GET, 2)).await["state"], "closed");
    assert_eq!(
        system_notes(&gitlab, issue(Method::GET, 2)).await,
        [
            "marked this issue as a duplicate of #1",
            "marked this issue as related to #1"
        ]
    );
    assert!(
        system_notes(&gitlab, issue(Method::GET, 1))
            .await
            .contains(&"marked #2 as a duplicate of this issue".to_owned())
    );
    let (_, summary) = commands(&gitlab, issue(Method::POST, 1), "/duplicate #1").await;
    assert_eq!(summary, "Failed to mark the Issue as duplicate of itself.");
}

#[tokio::test]
async fn subscriptions_to_dos_and_reactions_are_the_current_users() {
    let (_sandbox, gitlab) = setup().await;
    let on = || issue(Method::POST, 2);
    let (changes, summary) = commands(&gitlab, on(), "/subscribe\n/todo\n/award :thumbsup:").await;
    assert_eq!(
        changes,
        json!({"subscription_event": "subscribe", "todo_event": "add", "emoji_award": "thumbsup"})
    );
    assert_eq!(
        summary,
        "Subscribed to notifications. Added a to-do item. Toggled :thumbsup: emoji reaction."
    );
    let shown = get(&gitlab, issue(Method::GET, 2)).await;
    assert_eq!(
        (shown["subscribed"].clone(), shown["upvotes"].clone()),
        (json!(true), json!(1))
    );
    // The current user's pending to-do items on issue #2 (the seed has others on #1).
    let todos_on_2 = || async {
        let todos = get(&gitlab, at(Method::GET, &["todos"]).query("type", "Issue")).await;
        let on_2 = todos
            .as_array()
            .unwrap()
            .iter()
            .filter(|t| t["target"]["iid"] == 2);
        on_2.map(|t| t["action_name"].clone()).collect::<Vec<_>>()
    };
    assert_eq!(todos_on_2().await, [json!("marked")]);

    let (_, summary) = commands(&gitlab, on(), "/todo").await;
    assert_eq!(
        summary, "Could not apply todo command.",
        "there is one already"
    );
    commands(&gitlab, on(), "/unsubscribe\n/done\n/react :thumbsup:").await;
    let shown = get(&gitlab, issue(Method::GET, 2)).await;
    assert_eq!(
        (shown["subscribed"].clone(), shown["upvotes"].clone()),
        (json!(false), json!(0))
    );
    assert_eq!(todos_on_2().await, Vec::<Value>::new());
}

#[tokio::test]
async fn time_is_estimated_spent_and_removed() {
    let (_sandbox, gitlab) = setup().await;
    let stats = || async { get(&gitlab, issue(Method::GET, 2).segment("time_stats")).await };
    let (changes, summary) = commands(&gitlab, issue(Method::POST, 2), "/estimate 1d").await;
    assert_eq!(
        (changes, summary.as_str()),
        (json!({"time_estimate": 28_800}), "Set time estimate to 1d.")
    );
    let response = note(
        &gitlab,
        issue(Method::POST, 2),
        "Worked on it.\n/spend 1h30m 2026-01-09",
    )
    .await;
    let spent = &response.body["commands_changes"]["spend_time"];
    assert_eq!(
        (
            spent["duration"].clone(),
            spent["spent_at"].clone(),
            spent["note_id"].clone()
        ),
        (
            json!(5_400),
            json!("2026-01-09"),
            response.body["id"].clone()
        )
    );
    let (_, summary) = commands(&gitlab, issue(Method::POST, 2), "/spend -30m").await;
    assert_eq!(summary, "Subtracted 30m spent time.");
    let now = stats().await;
    assert_eq!(
        (
            now["time_estimate"].clone(),
            now["total_time_spent"].clone()
        ),
        (json!(28_800), json!(3_600))
    );

    let (_, summary) = commands(
        &gitlab,
        issue(Method::POST, 2),
        "/remove_time_spent\n/remove_estimate",
    )
    .await;
    assert_eq!(summary, "Removed spent time. Removed time estimate.");
    let now = stats().await;
    assert_eq!(
        (
            now["time_estimate"].clone(),
            now["total_time_spent"].clone()
        ),
        (json!(0), json!(0))
    );
}

#[tokio::test]
async fn draft_ready_and_target_branch() {
    let (_sandbox, gitlab) = setup().await;
    feature_mr(&gitlab).await;
    let on = || merge_request(Method::POST, 2);
    let (changes, summary) = commands(&gitlab, on(), "/draft").await;
    assert_eq!(
        (changes, summary.as_str()),
        (
            json!({"wip_event": "draft"}),
            "Marked this merge request as a draft."
        )
    );
    let mr = get(&gitlab, merge_request(Method::GET, 2)).await;
    assert_eq!(
        (mr["title"].clone(), mr["draft"].clone()),
        (json!("Draft: Add X"), json!(true))
    );
    let (_, summary) = commands(&gitlab, on(), "/ready").await;
    assert_eq!(summary, "Marked this merge request as ready.");
    let (_, summary) = commands(&gitlab, on(), "/ready").await;
    assert_eq!(summary, "No change to this merge request's draft status.");
    let (_, summary) = commands(&gitlab, on(), "/target_branch fix/tokenizer").await;
    assert_eq!(summary, "Set target branch to fix/tokenizer.");
    let mr = get(&gitlab, merge_request(Method::GET, 2)).await;
    assert_eq!(
        (mr["title"].clone(), mr["target_branch"].clone()),
        (json!("Add X"), json!("fix/tokenizer"))
    );
}

#[tokio::test]
async fn reviewers_are_assigned_and_unassigned() {
    let (_sandbox, gitlab) = setup().await;
    let reviewers = || async {
        pluck(
            &get(&gitlab, merge_request(Method::GET, 1)).await["reviewers"],
            "username",
        )
    };
    let (changes, summary) = commands(
        &gitlab,
        merge_request(Method::POST, 1),
        "/assign_reviewer @alice",
    )
    .await;
    assert_eq!(
        (changes, summary.as_str()),
        (json!({"reviewer_ids": [2]}), "Assigned @alice as reviewer.")
    );
    assert_eq!(
        reviewers().await,
        json!(["alice"]),
        "one reviewer in Community Edition"
    );
    let (_, summary) = commands(
        &gitlab,
        merge_request(Method::POST, 1),
        "/unassign_reviewer",
    )
    .await;
    assert_eq!(summary, "Removed reviewer @alice.");
    assert_eq!(reviewers().await, json!([]));
    let (_, summary) = commands(
        &gitlab,
        merge_request(Method::POST, 1),
        "/request_review @bob",
    )
    .await;
    assert_eq!(summary, "Requested a review from @bob.");
    assert_eq!(reviewers().await, json!(["bob"]));
}

#[tokio::test]
async fn rebase_replays_the_source_branch_at_once() {
    let (_sandbox, gitlab) = setup().await;
    let before = feature_mr(&gitlab).await;
    let (changes, summary) = commands(&gitlab, merge_request(Method::POST, 2), "/rebase").await;
    assert_eq!(
        (changes, summary.as_str()),
        (
            json!({"rebase": true}),
            "Scheduled a rebase of branch feature/x."
        )
    );
    let after = get(
        &gitlab,
        merge_request(Method::GET, 2).query("include_diverged_commits_count", "true"),
    )
    .await;
    assert_ne!(after["sha"], before["sha"]);
    assert_eq!(after["diverged_commits_count"], 0);

    // A rebase in the same note cancels the merge.
    let body = json!({"body": "/rebase\n/merge", "merge_request_diff_head_sha": after["sha"]});
    gitlab
        .send(merge_request(Method::POST, 2).segment("notes").json(body))
        .await
        .unwrap();
    assert_eq!(
        get(&gitlab, merge_request(Method::GET, 2)).await["state"],
        "opened"
    );
}

#[tokio::test]
async fn a_draft_notes_commands_run_when_it_is_published() {
    let (_sandbox, gitlab) = setup().await;
    feature_mr(&gitlab).await;
    let drafts = |method| merge_request(method, 2).segment("draft_notes");
    let draft = get(
        &gitlab,
        drafts(Method::POST).json(json!({"note": "Done here.\n/close"})),
    )
    .await;
    assert_eq!(
        draft["note"], "Done here.\n/close",
        "a draft keeps its text"
    );
    assert_eq!(
        get(&gitlab, merge_request(Method::GET, 2)).await["state"],
        "opened"
    );

    let publish = drafts(Method::PUT)
        .segment(draft["id"].clone())
        .segment("publish");
    assert_eq!(gitlab.send(publish).await.unwrap().status, 204);
    assert_eq!(
        get(&gitlab, merge_request(Method::GET, 2)).await["state"],
        "closed"
    );
    let notes = get(&gitlab, merge_request(Method::GET, 2).segment("notes")).await;
    assert_eq!(pluck(&notes, "body"), json!(["Done here."]));

    // Bulk: a draft of nothing but commands makes no note.
    get(
        &gitlab,
        drafts(Method::POST).json(json!({"note": "/reopen"})),
    )
    .await;
    get(
        &gitlab,
        drafts(Method::POST).json(json!({"note": "Reopened."})),
    )
    .await;
    let bulk = drafts(Method::POST).segment("bulk_publish");
    assert_eq!(gitlab.send(bulk).await.unwrap().status, 204);
    assert_eq!(
        get(&gitlab, merge_request(Method::GET, 2)).await["state"],
        "opened"
    );
    let notes = get(&gitlab, merge_request(Method::GET, 2).segment("notes")).await;
    assert_eq!(pluck(&notes, "body"), json!(["Reopened.", "Done here."]));
}

#[tokio::test]
async fn submit_review_publishes_the_drafts_and_approves() {
    let (_sandbox, gitlab) = setup().await;
    let drafts = |method| merge_request(method, 1).segment("draft_notes");
    get(
        &gitlab,
        drafts(Method::POST).json(json!({"note": "Nice fix.\n/label ~bug"})),
    )
    .await;
    let (_, summary) = commands(
        &gitlab,
        merge_request(Method::POST, 1),
        "/submit_review approve",
    )
    .await;
    assert_eq!(
        summary,
        "Submitted the current review. Approved the current merge request."
    );
    assert_eq!(get(&gitlab, drafts(Method::GET)).await, json!([]));
    let mr = get(&gitlab, merge_request(Method::GET, 1)).await;
    assert_eq!(mr["labels"], json!(["bug"]));
    let notes = get(&gitlab, merge_request(Method::GET, 1).segment("notes")).await;
    assert!(
        pluck(&notes, "body")
            .as_array()
            .unwrap()
            .contains(&json!("Nice fix."))
    );
    let approvals = get(&gitlab, merge_request(Method::GET, 1).segment("approvals")).await;
    assert_eq!(approvals["approved"], true);
}

#[tokio::test]
async fn a_note_edited_down_to_commands_is_deleted() {
    let (_sandbox, gitlab) = setup().await;
    let created = note(&gitlab, issue(Method::POST, 2), "Will close.")
        .await
        .body;
    let edit = |body: &str| {
        let request = issue(Method::PUT, 2)
            .segment("notes")
            .segment(created["id"].clone());
        gitlab.send(request.json(json!({"body": body})))
    };
    let edited = edit("Closing.\n/label ~bug").await.unwrap();
    assert_eq!(
        (edited.status, edited.body["body"].clone()),
        (200, json!("Closing."))
    );
    assert_eq!(
        edited.body["commands_changes"],
        json!({"add_label_ids": [1]})
    );

    let response = edit("/close").await.unwrap();
    assert_eq!(response.status, 202);
    assert_eq!(response.body["summary"], json!(["Closed this issue."]));
    assert_eq!(get(&gitlab, issue(Method::GET, 2)).await["state"], "closed");
    let err = call(
        &gitlab,
        issue(Method::GET, 2)
            .segment("notes")
            .segment(created["id"].clone()),
    )
    .await
    .unwrap_err();
    assert_eq!(message(err).0, 404, "the note is gone");
}

#[tokio::test]
async fn discussions_and_replies_run_commands_too() {
    let (_sandbox, gitlab) = setup().await;
    let response = gitlab
        .send(
            issue(Method::POST, 2)
                .segment("discussions")
                .json(json!({"body": "Thread.\n/label ~bug"})),
        )
        .await
        .unwrap();
    assert_eq!(response.status, 201);
    assert_eq!(response.body["notes"][0]["body"], "Thread.");
    assert_eq!(
        response.body["notes"][0]["commands_changes"],
        json!({"add_label_ids": [1]})
    );
    let thread = response.body["id"].as_str().unwrap().to_owned();

    let reply = issue(Method::POST, 2)
        .segment("discussions")
        .segment(&thread)
        .segment("notes");
    let response = gitlab
        .send(reply.json(json!({"body": "/close"})))
        .await
        .unwrap();
    assert_eq!(
        (response.status, response.body["summary"].clone()),
        (202, json!(["Closed this issue."]))
    );
    let issue_now = get(&gitlab, issue(Method::GET, 2)).await;
    assert_eq!(
        (issue_now["state"].clone(), issue_now["labels"].clone()),
        (json!("closed"), json!(["feature", "bug"]))
    );
    let thread_now = get(
        &gitlab,
        issue(Method::GET, 2)
            .segment("discussions")
            .segment(&thread),
    )
    .await;
    assert_eq!(
        thread_now["notes"].as_array().unwrap().len(),
        1,
        "the reply was only commands"
    );
}

#[tokio::test]
async fn descriptions_run_their_commands_and_are_stored_without_them() {
    let (_sandbox, gitlab) = setup().await;
    let body =
        json!({"title": "Crash", "description": "Steps below.\n/label ~bug\n/assign @bob\n/close"});
    let created = get(&gitlab, issues(Method::POST).json(body)).await;
    assert_eq!(created["description"], "Steps below.");
    assert_eq!(created["labels"], json!(["bug"]));
    assert_eq!(pluck(&created["assignees"], "username"), json!(["bob"]));
    assert_eq!(
        created["state"], "opened",
        "a new issue cannot be closed by its description"
    );

    let update = json!({"description": "Steps below, and more.\n/label ~feature\n/close"});
    let updated = get(&gitlab, issue(Method::PUT, 3).json(update)).await;
    assert_eq!(updated["description"], "Steps below, and more.");
    assert_eq!(updated["labels"], json!(["bug", "feature"]));
    assert_eq!(updated["state"], "closed");
    let only = get(
        &gitlab,
        issue(Method::PUT, 3).json(json!({"description": "/reopen"})),
    )
    .await;
    assert_eq!(
        (only["description"].clone(), only["state"].clone()),
        (json!(""), json!("opened"))
    );

    let body = json!({
        "source_branch": "feature/x",
        "target_branch": "main",
        "title": "Add X",
        "description": "Adds X.\n/draft\n/label ~feature",
    });
    let mr = get(&gitlab, merge_requests(Method::POST).json(body)).await;
    assert_eq!(
        (mr["description"].clone(), mr["draft"].clone()),
        (json!("Adds X."), json!(true))
    );
    assert_eq!(mr["labels"], json!(["feature"]));
    // `/merge` in a description has no head sha to go with it: nothing merges.
    let update = json!({"description": "Adds X.\n/ready\n/merge"});
    let mr = get(&gitlab, merge_request(Method::PUT, 2).json(update)).await;
    assert_eq!(
        (mr["title"].clone(), mr["state"].clone()),
        (json!("Add X"), json!("opened"))
    );
}
