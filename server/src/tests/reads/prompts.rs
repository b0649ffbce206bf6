//! The prompts through a real rmcp client on both revisions, against the sandbox: each
//! prompt with its defaults and with every argument, what it embeds, the errors for bad
//! arguments, and the operator's settings.

use crate::access::Access;
use crate::catalog::Toolset;
use crate::surfaces::SurfaceKind;
use crate::tests::common::mcp::Harness;
use rmcp::ServiceError;
use rmcp::model::{
    ContentBlock, ErrorCode, GetPromptRequestParams, GetPromptResult, ResourceContents, Role,
};
use serde_json::{Map, Value, json};
use wizard::testkit::{Pair, Path};

pub(super) const REVISIONS: [Path; 2] = [Path::Sync, Path::Mrtr];

pub(super) fn arguments(arguments: Value) -> Map<String, Value> {
    arguments.as_object().expect("an object").clone()
}

pub(super) async fn get(client: &Pair, name: &str, args: Value) -> GetPromptResult {
    client
        .client
        .get_prompt(GetPromptRequestParams::new(name).with_arguments(arguments(args)))
        .await
        .unwrap_or_else(|error| panic!("prompt {name} failed: {error}"))
}

pub(super) async fn get_error(client: &Pair, name: &str, args: Value) -> rmcp::ErrorData {
    match client
        .client
        .get_prompt(GetPromptRequestParams::new(name).with_arguments(arguments(args)))
        .await
    {
        Err(ServiceError::McpError(error)) => error,
        other => panic!("prompt {name} did not fail: {other:?}"),
    }
}

/// Each message as `text: …` or `resource <uri> (<mime>): …`.
pub(super) fn messages(result: &GetPromptResult) -> Vec<String> {
    result
        .messages
        .iter()
        .map(|message| {
            assert_eq!(message.role, Role::User);
            match &message.content {
                ContentBlock::Text(text) => format!("text: {}", text.text),
                ContentBlock::Resource(embedded) => match &embedded.resource {
                    ResourceContents::TextResourceContents {
                        uri,
                        mime_type,
                        text,
                        ..
                    } => format!(
                        "resource {uri} ({}): {text}",
                        mime_type.as_deref().unwrap_or_default()
                    ),
                    other => panic!("{other:?}"),
                },
                other => panic!("{other:?}"),
            }
        })
        .collect()
}

#[tokio::test]
async fn every_prompt_is_listed_with_its_arguments() {
    let harness = Harness::new(SurfaceKind::Dynamic).await;
    for path in REVISIONS {
        let client = harness.client(path).await;
        let listed = client.client.list_prompts(None).await.unwrap();
        let shown: Vec<String> = listed
            .prompts
            .iter()
            .map(|prompt| {
                let arguments: Vec<String> = prompt
                    .arguments
                    .iter()
                    .flatten()
                    .map(|a| {
                        assert!(a.description.as_ref().is_some_and(|d| !d.is_empty()));
                        format!(
                            "{}{}",
                            a.name,
                            if a.required == Some(true) { "" } else { "?" }
                        )
                    })
                    .collect();
                format!("{}({})", prompt.name, arguments.join(", "))
            })
            .collect();
        assert_eq!(
            shown,
            [
                "review_merge_request(project, iid)",
                "explain_failed_pipeline(project, pipeline?)",
                "release_notes(project, from_tag, to_ref?)",
                "triage_issues(project, label?)",
                "my_day()",
                "what_blocks_merge_request(project, iid)",
                "explain_conflicts(project, iid)",
                "describe_merge_request(project, iid)",
                "summarize_issue(project, iid)",
                "standup(project, since?)",
                "milestone_report(project, milestone)",
                "whats_deployed(project)",
                "explain_project(project)",
            ]
        );
        client.close().await;
    }
}

#[tokio::test]
async fn review_merge_request_embeds_the_merge_request_and_its_diff() {
    let harness = Harness::new(SurfaceKind::Dynamic).await;
    for path in REVISIONS {
        let client = harness.client(path).await;
        for iid in [
            json!("1"),
            json!("!1"),
            json!(1),
            json!("1 — Fix off-by-one in tokenizer"),
        ] {
            let result = get(
                &client,
                "review_merge_request",
                json!({"project": "demo/sandbox", "iid": iid}),
            )
            .await;
            let shown = messages(&result);
            assert_eq!(shown.len(), 4, "{shown:#?}");
            assert_eq!(
                shown[0],
                "text: Review merge request !1 of `demo/sandbox`. Its description and discussion come first, then its diff."
            );
            assert!(
                shown[1].starts_with("resource gitlab://projects/demo%2Fsandbox/merge_requests/1 (text/markdown): # Merge request !1: Fix off-by-one"),
                "{}",
                shown[1]
            );
            assert!(shown[1].contains("### Open thread on `src/tokenizer.rs`"));
            assert!(
                shown[2].starts_with("resource gitlab://projects/demo%2Fsandbox/merge_requests/1/diff (text/x-diff): Merge request !1: 1 file changed."),
                "{}",
                shown[2]
            );
            assert!(shown[3].contains("verdict"), "{}", shown[3]);
        }
        client.close().await;
    }
    harness.nothing_written();
}

#[tokio::test]
async fn explain_failed_pipeline_defaults_to_the_latest_failure_of_the_default_branch() {
    let harness = Harness::new(SurfaceKind::Meta).await;
    for path in REVISIONS {
        let client = harness.client(path).await;
        let result = get(
            &client,
            "explain_failed_pipeline",
            json!({"project": "demo/sandbox"}),
        )
        .await;
        let shown = messages(&result);
        assert_eq!(shown.len(), 4, "{shown:#?}");
        assert!(
            shown[0].contains("pipeline #2 of `demo/sandbox`"),
            "{}",
            shown[0]
        );
        assert!(shown[1].starts_with("resource gitlab://projects/demo%2Fsandbox/pipelines/2 (text/markdown): # Pipeline #2: failed"), "{}", shown[1]);
        assert!(
            shown[2]
                .starts_with("resource gitlab://projects/demo%2Fsandbox/jobs/6/log (text/plain): "),
            "{}",
            &shown[2][..120]
        );
        assert!(shown[2].contains("error: test failed") && !shown[2].contains('\u{1b}'));
        assert!(shown[3].contains("root cause"), "{}", shown[3]);

        // A pipeline that did not fail is explained as such.
        let result = get(
            &client,
            "explain_failed_pipeline",
            json!({"project": "1", "pipeline": "1 — success on main"}),
        )
        .await;
        let shown = messages(&result);
        assert_eq!(shown.len(), 3, "{shown:#?}");
        assert!(
            shown[2].contains("status is `success` and none of its jobs failed"),
            "{}",
            shown[2]
        );
        client.close().await;
    }

    // Once main's latest pipeline is not the failed one, the failed one is still found.
    harness
        .ok(
            "pipeline.create",
            json!({"project_id": "demo/sandbox", "ref": "main"}),
        )
        .await;
    let client = harness.client(Path::Mrtr).await;
    let result = get(
        &client,
        "explain_failed_pipeline",
        json!({"project": "demo/sandbox"}),
    )
    .await;
    assert!(messages(&result)[0].contains("pipeline #2"));
    client.close().await;
}

#[tokio::test]
async fn release_notes_group_what_was_merged_since_the_tag() {
    let harness = Harness::new(SurfaceKind::Individual).await;
    let client = harness.client(Path::Sync).await;
    let result = get(
        &client,
        "release_notes",
        json!({"project": "demo/sandbox", "from_tag": "v1.0.0"}),
    )
    .await;
    let shown = messages(&result);
    assert_eq!(shown.len(), 2, "{shown:#?}");
    let data = &shown[0];
    assert!(
        data.contains("# Changes in `demo/sandbox` from `v1.0.0` to `main`"),
        "{data}"
    );
    assert!(data.contains("3 commits in the range (0 of them merge commits, left out below), 0 merged merge requests."), "{data}");
    for title in [
        "Add user guide",
        "Add logo",
        "Test tokenizing a whole sentence",
    ] {
        assert!(data.contains(title), "{title}: {data}");
    }
    assert!(
        data.contains("every change in the range was pushed directly"),
        "{data}"
    );
    client.close().await;

    // Merge !1 (approved first), and it is the release's fix.
    harness
        .ok(
            "merge_request.approve",
            json!({"project_id": "demo/sandbox", "merge_request_iid": 1}),
        )
        .await;
    harness
        .ok(
            "merge_request.merge",
            json!({"project_id": "demo/sandbox", "merge_request_iid": 1}),
        )
        .await;
    let client = harness.client(Path::Mrtr).await;
    let result = get(
        &client,
        "release_notes",
        json!({"project": "demo/sandbox", "from_tag": "v1.0.0", "to_ref": "main"}),
    )
    .await;
    let data = &messages(&result)[0];
    assert!(data.contains("1 merged merge request."), "{data}");
    assert!(
        data.contains(
            "### Fixes\n\n- !1 Fix off-by-one in tokenizer — by @alice (Alice Example), merged"
        ),
        "{data}"
    );
    assert!(
        data.contains("Fix off-by-one in tokenizer — Alice Example"),
        "its commit: {data}"
    );
    client.close().await;
}

#[tokio::test]
async fn triage_issues_lists_what_each_open_issue_needs() {
    let harness = Harness::new(SurfaceKind::Dynamic).await;
    for path in REVISIONS {
        let client = harness.client(path).await;
        let result = get(&client, "triage_issues", json!({"project": "demo/sandbox"})).await;
        let shown = messages(&result);
        assert_eq!(shown.len(), 2, "{shown:#?}");
        let data = &shown[0];
        assert!(
            data.contains("1 of the 2 open issues have no assignee or no milestone."),
            "{data}"
        );
        assert!(
            data.contains("## #2 Document feature X\n\n- **Needs:** an assignee, a milestone"),
            "{data}"
        );
        assert!(!data.contains("## #1 "), "{data}");
        assert!(data.contains("- **Labels:** `bug`, `feature`"), "{data}");
        assert!(
            data.contains("- **Active milestones:** `v1.1` (id 1, due 2026-02-27)"),
            "{data}"
        );
        assert!(
            data.contains("@alice (Alice Example)") && data.contains("@bob (Bob Builder)"),
            "{data}"
        );
        assert!(shown[1].contains("issue.update"), "{}", shown[1]);

        let result = get(
            &client,
            "triage_issues",
            json!({"project": "demo/sandbox", "label": "bug"}),
        )
        .await;
        assert!(
            messages(&result)[0].contains("0 of the 1 open issue labelled `bug`"),
            "{:?}",
            messages(&result)
        );
        client.close().await;
    }
}

#[tokio::test]
async fn bad_arguments_say_what_was_wrong() {
    let harness = Harness::new(SurfaceKind::Dynamic).await;
    let client = harness.client(Path::Mrtr).await;
    let cases = [
        (
            "review_merge_request",
            json!({"iid": "1"}),
            "`project` is required",
        ),
        (
            "review_merge_request",
            json!({"project": "demo/sandbox"}),
            "`iid` is required",
        ),
        (
            "review_merge_request",
            json!({"project": "demo/sandbox", "iid": "first"}),
            "`iid` must be a number",
        ),
        (
            "review_merge_request",
            json!({"project": "demo/sandbox", "iid": "1", "extra": "x"}),
            "`extra` is not an argument of `review_merge_request`; it takes `project`, `iid`",
        ),
        (
            "review_merge_request",
            json!({"project": "demo/sandbox", "iid": 99}),
            "prompt `review_merge_request`: `project`, `iid`: GitLab does not know merge request !99 of `demo/sandbox`",
        ),
        (
            "review_merge_request",
            json!({"project": "demo/sandbox", "iid": ["1"]}),
            "`iid` must be text",
        ),
        (
            "explain_failed_pipeline",
            json!({"project": "nobody/nothing"}),
            "prompt `explain_failed_pipeline`: `project`: GitLab found no pipeline on the default branch of `nobody/nothing`",
        ),
        (
            "explain_failed_pipeline",
            json!({"project": "demo/sandbox", "pipeline": "99"}),
            "prompt `explain_failed_pipeline`: `project`, `pipeline`: GitLab does not know pipeline #99 of `demo/sandbox`",
        ),
        (
            "triage_issues",
            json!({"project": "nobody/nothing"}),
            "prompt `triage_issues`: `project`: GitLab does not know the open issues of `nobody/nothing`",
        ),
        (
            "release_notes",
            json!({"project": "nobody/nothing", "from_tag": "v1.0.0", "to_ref": "main"}),
            "prompt `release_notes`: `project`, `from_tag`: `nobody/nothing` has no tag `v1.0.0`",
        ),
        (
            "release_notes",
            json!({"project": "demo/sandbox", "from_tag": "v9"}),
            "`from_tag`: `demo/sandbox` has no tag `v9`",
        ),
        (
            "release_notes",
            json!({"project": "demo/sandbox", "from_tag": "v1.0.0", "to_ref": "nowhere"}),
            "`to_ref`: `demo/sandbox` has no branch, tag or commit `nowhere`",
        ),
        (
            "triage_issues",
            json!({"project": "demo/sandbox", "label": "urgent"}),
            "`label`: `demo/sandbox` has no label `urgent`; its labels are `bug`, `feature`",
        ),
        ("nothing_here", json!({}), "unknown prompt `nothing_here`"),
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
async fn prompts_follow_the_operators_toolsets() {
    let access = Access {
        toolsets: vec![Toolset::Pipelines, Toolset::Issues],
        ..Access::default()
    };
    let harness = Harness::with_access(SurfaceKind::Meta, access).await;
    let client = harness.client(Path::Sync).await;
    let listed = client.client.list_prompts(None).await.unwrap();
    let names: Vec<&str> = listed.prompts.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["explain_failed_pipeline", "summarize_issue"]);
    harness.sandbox.clear_requests();
    let error = get_error(
        &client,
        "review_merge_request",
        json!({"project": "demo/sandbox", "iid": "1"}),
    )
    .await;
    assert!(error.message.contains("GITLAB_MCP_TOOLSETS"), "{error:?}");
    assert!(harness.sandbox.requests().is_empty());
    // Still works where its actions are offered.
    let result = get(
        &client,
        "explain_failed_pipeline",
        json!({"project": "demo/sandbox", "pipeline": "2"}),
    )
    .await;
    assert_eq!(result.messages.len(), 4);
    client.close().await;
}
