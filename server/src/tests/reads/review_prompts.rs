//! The prompts about one merge request or issue — `what_blocks_merge_request`,
//! `describe_merge_request`, `summarize_issue` — through a real rmcp client on both
//! revisions, against the sandbox: what each embeds, the errors for bad arguments, and
//! the operator's toolsets.

use super::prompts::{REVISIONS, get, get_error, messages};
use crate::access::Access;
use crate::catalog::Toolset;
use crate::surfaces::SurfaceKind;
use crate::tests::common::mcp::Harness;
use rmcp::model::ErrorCode;
use serde_json::json;
use wizard::testkit::Path;

const MERGE_REQUEST: &str = "resource gitlab://projects/demo%2Fsandbox/merge_requests/1 (text/markdown): # Merge request !1: Fix off-by-one in tokenizer";

#[tokio::test]
async fn what_blocks_a_merge_request_lists_each_blocker() {
    let harness = Harness::new(SurfaceKind::Dynamic).await;
    for path in REVISIONS {
        let client = harness.client(path).await;
        let result = get(
            &client,
            "what_blocks_merge_request",
            json!({"project": "demo/sandbox", "iid": "!1"}),
        )
        .await;
        let shown = messages(&result);
        assert_eq!(shown.len(), 4, "{shown:#?}");
        assert!(
            shown[0].contains(
                "4 blockers found:\n\n- It needs 1 more approval.\n- 1 unresolved thread (see the merge request below).\n- Its pipeline #3 is `running`: wait for it to finish.\n- GitLab's merge status is `not_approved`: approvals are missing.\n"
            ),
            "{}",
            shown[0]
        );
        assert!(
            shown[0].contains("**Approvals:** 0 of 1 required given; approved by none."),
            "{}",
            shown[0]
        );
        assert!(shown[1].starts_with(MERGE_REQUEST), "{}", shown[1]);
        assert!(shown[1].contains("### Open thread on `src/tokenizer.rs`"));
        assert!(
            shown[2].starts_with(
                "resource gitlab://projects/demo%2Fsandbox/pipelines/3 (text/markdown): # Pipeline #3: running"
            ),
            "{}",
            shown[2]
        );
        assert!(shown[3].contains("who can act"), "{}", shown[3]);
        client.close().await;
    }

    // Approved: that blocker is gone, and the approver named.
    harness
        .ok(
            "merge_request.approve",
            json!({"project_id": "demo/sandbox", "merge_request_iid": 1}),
        )
        .await;
    let client = harness.client(Path::Mrtr).await;
    let result = get(
        &client,
        "what_blocks_merge_request",
        json!({"project": "demo/sandbox", "iid": "1 — Fix off-by-one in tokenizer"}),
    )
    .await;
    let summary = &messages(&result)[0];
    assert!(!summary.contains("more approval"), "{summary}");
    assert!(
        summary.contains(
            "**Approvals:** 1 of 1 required given; approved by @sandbox-user (Sandbox User)."
        ),
        "{summary}"
    );
    client.close().await;
}

#[tokio::test]
async fn describe_merge_request_brings_its_commits_and_files() {
    let harness = Harness::new(SurfaceKind::Individual).await;
    for path in REVISIONS {
        let client = harness.client(path).await;
        let result = get(
            &client,
            "describe_merge_request",
            json!({"project": "demo/sandbox", "iid": 1}),
        )
        .await;
        let shown = messages(&result);
        assert_eq!(shown.len(), 2, "{shown:#?}");
        for expected in [
            "# Merge request !1: `fix/tokenizer` → `main`",
            "- **Current title:** Fix off-by-one in tokenizer",
            "> Closes #1",
            "## Commits (1, oldest first)\n\n### `ce24e4be` Fix off-by-one in tokenizer",
            "> The loop stopped before the end-of-text sentinel",
            "## Files changed\n\n1 file changed, +1 −1.\n\n- `src/tokenizer.rs` +1 −1",
        ] {
            assert!(shown[0].contains(expected), "{expected}\n{}", shown[0]);
        }
        assert!(shown[1].contains("merge_request.update"), "{}", shown[1]);
        client.close().await;
    }
    harness.nothing_written();
}

#[tokio::test]
async fn explain_conflicts_sets_both_sides_of_each_file_side_by_side() {
    let harness = Harness::new(SurfaceKind::Meta).await;
    // `main` changes the file the merge request changes, after they diverged.
    harness
        .ok(
            "commit.create",
            json!({"project_id": "demo/sandbox", "branch": "main", "commit_message": "Trim tokens",
                   "actions": [{"action": "update", "file_path": "src/tokenizer.rs", "content": "pub fn tokenize(text: &str) -> Vec<&str> { text.split_whitespace().map(str::trim).collect() }\n"}]}),
        )
        .await;
    harness.sandbox.clear_requests();
    for path in REVISIONS {
        let client = harness.client(path).await;
        let result = get(
            &client,
            "explain_conflicts",
            json!({"project": "demo/sandbox", "iid": 1}),
        )
        .await;
        let shown = messages(&result);
        assert_eq!(shown.len(), 2, "{shown:#?}");
        for expected in [
            "# Conflicts of merge request !1: `fix/tokenizer` → `main`",
            "- **Title:** Fix off-by-one in tokenizer",
            "## Files both branches changed since they diverged (1)",
            "### `src/tokenizer.rs`",
            "The merge request's change (`fix/tokenizer`):\n\n```diff\n",
            "The target branch's change (`main`):\n\n```diff\n",
        ] {
            assert!(shown[0].contains(expected), "{expected}\n{}", shown[0]);
        }
        assert!(shown[1].contains("propose how to resolve"), "{}", shown[1]);
        client.close().await;
    }
    harness.nothing_written();
}

#[tokio::test]
async fn summarize_issue_embeds_the_issue_and_its_thread() {
    let harness = Harness::new(SurfaceKind::Meta).await;
    for path in REVISIONS {
        let client = harness.client(path).await;
        let result = get(
            &client,
            "summarize_issue",
            json!({"project": "demo/sandbox", "iid": "#1"}),
        )
        .await;
        let shown = messages(&result);
        assert_eq!(shown.len(), 3, "{shown:#?}");
        assert_eq!(
            shown[0],
            "text: Summarize issue #1 of `demo/sandbox`. The issue and its discussion come first."
        );
        assert!(
            shown[1].starts_with("resource gitlab://projects/demo%2Fsandbox/issues/1 (text/markdown): # Issue #1: Tokenizer drops the last token"),
            "{}",
            shown[1]
        );
        assert!(
            shown[1].contains("> Thanks! I'll review it."),
            "{}",
            shown[1]
        );
        assert!(shown[2].contains("Open questions"), "{}", shown[2]);
        client.close().await;
    }
}

#[tokio::test]
async fn bad_arguments_name_the_merge_request_or_issue() {
    let harness = Harness::new(SurfaceKind::Dynamic).await;
    let client = harness.client(Path::Sync).await;
    let cases = [
        (
            "what_blocks_merge_request",
            json!({"project": "demo/sandbox", "iid": 99}),
            "`project`, `iid`: GitLab does not know merge request !99 of `demo/sandbox`",
        ),
        (
            "describe_merge_request",
            json!({"project": "demo/sandbox", "iid": "ninety"}),
            "`iid` must be a number",
        ),
        (
            "describe_merge_request",
            json!({"project": "nobody/nothing", "iid": 1}),
            "GitLab does not know merge request !1 of `nobody/nothing`",
        ),
        (
            "summarize_issue",
            json!({"project": "demo/sandbox"}),
            "`iid` is required",
        ),
        (
            "summarize_issue",
            json!({"project": "demo/sandbox", "iid": 42}),
            "GitLab does not know issue #42 of `demo/sandbox`",
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
async fn a_prompt_whose_reads_are_not_offered_is_refused_unsent() {
    // Merge requests without pipelines: a description can be drafted, blockers not read.
    let access = Access {
        toolsets: vec![Toolset::MergeRequests],
        ..Access::default()
    };
    let harness = Harness::with_access(SurfaceKind::Meta, access).await;
    let client = harness.client(Path::Mrtr).await;
    let listed = client.client.list_prompts(None).await.unwrap();
    let names: Vec<&str> = listed.prompts.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["review_merge_request", "describe_merge_request"]);
    harness.sandbox.clear_requests();
    for prompt in ["what_blocks_merge_request", "summarize_issue"] {
        let error = get_error(
            &client,
            prompt,
            json!({"project": "demo/sandbox", "iid": "1"}),
        )
        .await;
        assert_eq!(error.code, ErrorCode::INVALID_PARAMS, "{error:?}");
        assert!(error.message.contains("GITLAB_MCP_TOOLSETS"), "{error:?}");
    }
    assert!(harness.sandbox.requests().is_empty());
    let result = get(
        &client,
        "describe_merge_request",
        json!({"project": "demo/sandbox", "iid": "1"}),
    )
    .await;
    assert_eq!(result.messages.len(), 2);
    client.close().await;
}
