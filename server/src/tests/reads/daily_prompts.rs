//! The prompts about a person's or a project's day — `my_day`, `standup`,
//! `milestone_report`, `whats_deployed`, `explain_project` — through a real rmcp client,
//! against the sandbox: what each brings, before and after something happens, the errors
//! for bad arguments, and the operator's toolsets.

use std::time::{Duration, SystemTime};

use super::prompts::{REVISIONS, get, get_error, messages};
use super::templates::releases_and_deployments;
use crate::access::Access;
use crate::catalog::Toolset;
use crate::completions::dates::day;
use crate::surfaces::SurfaceKind;
use crate::tests::common::mcp::Harness;
use rmcp::model::ErrorCode;
use serde_json::json;
use wizard::testkit::Path;

#[tokio::test]
async fn my_day_gathers_what_waits_for_me() {
    let harness = Harness::new(SurfaceKind::Dynamic).await;
    let client = harness.client(Path::Sync).await;
    let result = get(&client, "my_day", json!({})).await;
    let shown = messages(&result);
    assert_eq!(shown.len(), 2, "{shown:#?}");
    for expected in [
        "# My day: @sandbox-user (Sandbox User)",
        "## Pending to-do items (2)\n\n- marked — merge request demo/sandbox!1 Fix off-by-one in tokenizer: @sandbox-user (Sandbox User)",
        "- mentioned — issue demo/sandbox#1 Tokenizer drops the last token: @alice (Alice Example)",
        "## Merge requests waiting for my review (0)\n\n_None._",
        "## My open merge requests (0)\n\n_None._",
        "## Issues assigned to me (0)\n\n_None._",
    ] {
        assert!(shown[0].contains(expected), "{expected}\n{}", shown[0]);
    }
    assert!(shown[1].contains("todo.done"), "{}", shown[1]);
    client.close().await;

    // A merge request of mine that asks my review too, with a pipeline; an issue for me.
    let me = harness.ok("user.current", json!({})).await["id"].clone();
    harness
        .ok(
            "merge_request.create",
            json!({"project_id": "demo/sandbox", "source_branch": "feature/x", "target_branch": "main", "title": "Word counter", "reviewer_ids": [me]}),
        )
        .await;
    let pipeline = harness
        .ok(
            "pipeline.create",
            json!({"project_id": "demo/sandbox", "ref": "feature/x"}),
        )
        .await;
    harness
        .ok(
            "issue.create",
            json!({"project_id": "demo/sandbox", "title": "Count sentences too", "labels": ["feature"], "assignee_ids": [me], "due_date": "2026-03-01"}),
        )
        .await;
    for path in REVISIONS {
        let client = harness.client(path).await;
        let shown = messages(&get(&client, "my_day", json!({})).await);
        for expected in [
            "## Merge requests waiting for my review (1)\n\n- demo/sandbox!2 Word counter — by @sandbox-user (Sandbox User)",
            &format!(
                "## My open merge requests (1)\n\n- demo/sandbox!2 Word counter — pipeline #{} {}",
                pipeline["id"],
                pipeline["status"].as_str().unwrap()
            ),
            "## Issues assigned to me (1)\n\n- demo/sandbox#3 Count sentences too — labels: `feature`; due 2026-03-01",
        ] {
            assert!(shown[0].contains(expected), "{expected}\n{}", shown[0]);
        }
        client.close().await;
    }
}

#[tokio::test]
async fn standup_tells_what_happened_since_a_moment() {
    let harness = Harness::new(SurfaceKind::Meta).await;
    let client = harness.client(Path::Mrtr).await;
    let result = get(
        &client,
        "standup",
        json!({"project": "demo/sandbox", "since": "2026-01-01"}),
    )
    .await;
    let shown = messages(&result);
    assert_eq!(shown.len(), 2, "{shown:#?}");
    for expected in [
        "# `demo/sandbox` since 2026-01-01 00:00 UTC",
        "## Merge requests merged: 0 items\n\n_None._",
        "## Merge requests opened: 1 item\n\n- !1 Fix off-by-one in tokenizer — by @alice (Alice Example)",
        "## Issues opened: 2 items",
        "- #1 Tokenizer drops the last token — by @bob (Bob Builder)",
        "## Issues closed: 0 items",
        "## Pipelines on `main` (1 failed): 2 items\n\n- #2 failed at `0b35d1ae`",
        "`gitlab://projects/demo%2Fsandbox/pipelines/2`",
    ] {
        assert!(shown[0].contains(expected), "{expected}\n{}", shown[0]);
    }
    assert!(shown[1].contains("**CI:**"), "{}", shown[1]);
    // After the seeded work: nothing (a moment given with its offset).
    let result = get(
        &client,
        "standup",
        json!({"project": "demo/sandbox", "since": "2026-01-20T10:00:00+02:00"}),
    )
    .await;
    let data = &messages(&result)[0];
    assert!(data.contains("since 2026-01-20 08:00 UTC"), "{data}");
    assert!(data.contains("## Issues opened: 0 items"), "{data}");
    assert!(data.contains("(0 failed): 0 items"), "{data}");
    client.close().await;

    // Today's work, seen by the default (a day ago): !1 merged, #2 closed, a new issue.
    for (action, params) in [
        (
            "merge_request.approve",
            json!({"project_id": "demo/sandbox", "merge_request_iid": 1}),
        ),
        (
            "merge_request.merge",
            json!({"project_id": "demo/sandbox", "merge_request_iid": 1}),
        ),
        (
            "issue.update",
            json!({"project_id": "demo/sandbox", "issue_iid": 2, "state_event": "close"}),
        ),
        (
            "issue.create",
            json!({"project_id": "demo/sandbox", "title": "Count sentences too"}),
        ),
    ] {
        harness.ok(action, params).await;
    }
    let client = harness.client(Path::Sync).await;
    let result = get(&client, "standup", json!({"project": "demo/sandbox"})).await;
    let data = &messages(&result)[0];
    let yesterday = day(SystemTime::now() - Duration::from_secs(86_400));
    for expected in [
        format!("# `demo/sandbox` since {yesterday}"),
        "## Merge requests merged: 1 item\n\n- !1 Fix off-by-one in tokenizer — by @alice (Alice Example), merged".to_owned(),
        "## Merge requests opened: 0 items".to_owned(),
        "## Issues opened: 1 item\n\n- #3 Count sentences too".to_owned(),
        "## Issues closed: 1 item\n\n- #2 Document feature X — closed".to_owned(),
    ] {
        assert!(data.contains(&expected), "{expected}\n{data}");
    }
    client.close().await;
}

#[tokio::test]
async fn milestone_report_finds_the_milestone_by_title_or_id() {
    let harness = Harness::new(SurfaceKind::Dynamic).await;
    for path in REVISIONS {
        let client = harness.client(path).await;
        for milestone in ["v1.1", "V1.1", "1", "1 — v1.1"] {
            let result = get(
                &client,
                "milestone_report",
                json!({"project": "demo/sandbox", "milestone": milestone}),
            )
            .await;
            let shown = messages(&result);
            assert_eq!(shown.len(), 3, "{shown:#?}");
            assert!(
                shown[0].contains(&format!("Today is {}.", day(SystemTime::now()))),
                "{}",
                shown[0]
            );
            assert!(
                shown[1].starts_with("resource gitlab://projects/demo%2Fsandbox/milestones/1 (text/markdown): # Milestone: v1.1"),
                "{}",
                shown[1]
            );
            assert!(
                shown[1].contains("0 of 1 issue closed (0%), 0 of 1 merge request merged"),
                "{}",
                shown[1]
            );
            assert!(
                shown[2].contains("on track, at risk or late"),
                "{}",
                shown[2]
            );
        }
        client.close().await;
    }
}

#[tokio::test]
async fn whats_deployed_compares_each_environment_with_the_default_branch() {
    let harness = Harness::new(SurfaceKind::Dynamic).await;
    let client = harness.client(Path::Sync).await;
    let data = messages(
        &get(
            &client,
            "whats_deployed",
            json!({"project": "demo/sandbox"}),
        )
        .await,
    )[0]
    .clone();
    assert!(
        data.contains("_No environments: nothing is deployed through GitLab._"),
        "{data}"
    );
    client.close().await;

    let v1 = releases_and_deployments(&harness).await;
    for path in REVISIONS {
        let client = harness.client(path).await;
        let shown = messages(
            &get(
                &client,
                "whats_deployed",
                json!({"project": "demo/sandbox"}),
            )
            .await,
        );
        assert_eq!(shown.len(), 2, "{shown:#?}");
        let data = &shown[0];
        for expected in [
            "Default branch: `main`.".to_owned(),
            "## production (production, available)\n\n- **Resource:** `gitlab://projects/demo%2Fsandbox/environments/production`".to_owned(),
            format!(" success: `v1.0.0` at `{}`, by @sandbox-user", &v1[..8]),
            "- **Behind `main`:** 3 commits not deployed:\n  - `0b35d1ae` Test tokenizing a whole sentence — Alice Example".to_owned(),
            "## staging (staging, available)".to_owned(),
            "- **Deployed:** nothing yet\n- **Latest attempt:** #".to_owned(),
            " failed: `main` at `0b35d1ae`".to_owned(),
        ] {
            assert!(data.contains(&expected), "{expected}\n{data}");
        }
        assert!(
            data.find("## production") < data.find("## staging"),
            "production first: {data}"
        );
        client.close().await;
    }
}

#[tokio::test]
async fn explain_project_embeds_its_overview_and_guides() {
    let harness = Harness::new(SurfaceKind::Dynamic).await;
    let client = harness.client(Path::Mrtr).await;
    let shown = messages(
        &get(
            &client,
            "explain_project",
            json!({"project": "demo/sandbox"}),
        )
        .await,
    );
    assert_eq!(shown.len(), 5, "{shown:#?}");
    assert!(
        shown[1].starts_with(
            "resource gitlab://projects/demo%2Fsandbox (text/markdown): # Demo / sandbox"
        ),
        "{}",
        shown[1]
    );
    for expected in [
        "## The top of the repository at `main`\n\n- `assets/`",
        "- `Cargo.toml`",
        "## The latest commits of `main`\n\n- `0b35d1ae` Test tokenizing a whole sentence",
        "- `c13b37ff` Initial commit — Sandbox User",
    ] {
        assert!(shown[2].contains(expected), "{expected}\n{}", shown[2]);
    }
    assert!(
        shown[3].starts_with("resource gitlab://projects/demo%2Fsandbox/files/main/README.md (text/markdown): # sandbox"),
        "{}",
        shown[3]
    );
    assert!(shown[4].contains("How to contribute"), "{}", shown[4]);
    client.close().await;

    // A contributing guide is embedded too.
    harness
        .ok(
            "commit.create",
            json!({"project_id": "demo/sandbox", "branch": "main", "commit_message": "Add a contributing guide", "actions": [
                {"action": "create", "file_path": "CONTRIBUTING.md", "content": "# Contributing\n\nOpen a merge request against `main`.\n"}
            ]}),
        )
        .await;
    let client = harness.client(Path::Sync).await;
    let shown = messages(
        &get(
            &client,
            "explain_project",
            json!({"project": "demo/sandbox"}),
        )
        .await,
    );
    assert_eq!(shown.len(), 6, "{shown:#?}");
    assert!(
        shown[2].contains("Add a contributing guide"),
        "{}",
        shown[2]
    );
    assert!(
        shown[4].starts_with("resource gitlab://projects/demo%2Fsandbox/files/main/CONTRIBUTING.md (text/markdown): # Contributing"),
        "{}",
        shown[4]
    );
    client.close().await;
}

#[tokio::test]
async fn bad_arguments_say_what_was_wrong() {
    let harness = Harness::new(SurfaceKind::Dynamic).await;
    let client = harness.client(Path::Mrtr).await;
    let cases = [
        (
            "my_day",
            json!({"project": "demo/sandbox"}),
            "`project` is not an argument of `my_day`; it takes ",
        ),
        (
            "standup",
            json!({"project": "demo/sandbox", "since": "yesterday"}),
            "`since` must be a date (`2026-07-28`) or a date and time (`2026-07-28T09:00:00Z`), not `yesterday`",
        ),
        (
            "standup",
            json!({"project": "demo/sandbox", "since": "2026-02-30"}),
            "not `2026-02-30`",
        ),
        (
            "standup",
            json!({"project": "demo/sandbox", "since": "2999-01-01"}),
            "`since` is in the future",
        ),
        (
            "standup",
            json!({"project": "nobody/nothing"}),
            "`project`: GitLab does not know the activity of `nobody/nothing`",
        ),
        (
            "milestone_report",
            json!({"project": "demo/sandbox", "milestone": "v9"}),
            "`milestone`: `demo/sandbox` has no milestone titled `v9`; its milestones are `v1.1` (id 1)",
        ),
        (
            "milestone_report",
            json!({"project": "demo/sandbox", "milestone": "42"}),
            "`project`, `milestone`: GitLab does not know milestone 42 of `demo/sandbox`",
        ),
        (
            "milestone_report",
            json!({"project": "demo/sandbox"}),
            "`milestone` is required",
        ),
        (
            "whats_deployed",
            json!({"project": "nobody/nothing"}),
            "GitLab does not know the environments of `nobody/nothing`",
        ),
        (
            "explain_project",
            json!({"project": "nobody/nothing"}),
            "GitLab does not know the project `nobody/nothing`",
        ),
    ];
    for (prompt, args, says) in cases {
        let error = get_error(&client, prompt, args).await;
        assert_eq!(error.code, ErrorCode::INVALID_PARAMS, "{prompt}: {error:?}");
        assert!(error.message.contains(says), "{says}\n{error:?}");
    }
    client.close().await;
    harness.nothing_written();
}

#[tokio::test]
async fn daily_prompts_follow_the_operators_toolsets() {
    // No to-do list offered: `my_day` is left out, and refused unsent.
    let access = Access {
        toolsets: vec![
            Toolset::MergeRequests,
            Toolset::Issues,
            Toolset::Users,
            Toolset::Milestones,
        ],
        ..Access::default()
    };
    let harness = Harness::with_access(SurfaceKind::Meta, access).await;
    let client = harness.client(Path::Sync).await;
    let listed = client.client.list_prompts(None).await.unwrap();
    let names: Vec<&str> = listed.prompts.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "review_merge_request",
            "describe_merge_request",
            "summarize_issue",
            "milestone_report"
        ]
    );
    harness.sandbox.clear_requests();
    let error = get_error(&client, "my_day", json!({})).await;
    assert!(error.message.contains("GITLAB_MCP_TOOLSETS"), "{error:?}");
    assert!(harness.sandbox.requests().is_empty());
    client.close().await;
}
