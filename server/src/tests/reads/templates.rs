//! The templates for what surrounds the code — jobs, milestones, releases, wiki pages,
//! commits, comparisons and environments — through a real rmcp client on both revisions,
//! against the sandbox: what each holds, the errors for what names nothing, and the
//! operator's toolsets.

use super::resources::{PROJECT, REVISIONS, read, read_error};
use crate::access::Access;
use crate::catalog::Toolset;
use crate::surfaces::SurfaceKind;
use crate::tests::common::mcp::Harness;
use rmcp::model::ErrorCode;
use serde_json::{Value, json};
use wizard::testkit::{Pair, Path};

/// A release of `v1.0.0` with notes and an asset link, and deployments: `v1.0.0` to
/// production, a failed one of `main` to staging. Returns the commit `v1.0.0` is at.
pub(super) async fn releases_and_deployments(harness: &Harness) -> String {
    harness
        .ok(
            "release.create",
            json!({"project_id": "demo/sandbox", "tag_name": "v1.0.0", "name": "First release", "description": "## Fixes\n\n- Tokens are split on every space"}),
        )
        .await;
    harness
        .ok(
            "release_link.create",
            json!({"project_id": "demo/sandbox", "tag_name": "v1.0.0", "name": "Linux binary", "url": "https://example.com/sandbox-linux", "link_type": "package"}),
        )
        .await;
    let tag = harness
        .ok(
            "tag.get",
            json!({"project_id": "demo/sandbox", "tag_name": "v1.0.0"}),
        )
        .await;
    let v1 = tag["commit"]["id"].as_str().expect("a commit").to_owned();
    let main = harness
        .ok(
            "commit.get",
            json!({"project_id": "demo/sandbox", "sha": "main"}),
        )
        .await;
    for (environment, sha, reference, tag, status) in [
        ("production", v1.as_str(), "v1.0.0", true, "success"),
        (
            "staging",
            main["id"].as_str().expect("a commit"),
            "main",
            false,
            "failed",
        ),
    ] {
        harness
            .ok(
                "deployment.create",
                json!({"project_id": "demo/sandbox", "environment": environment, "sha": sha, "ref": reference, "tag": tag, "status": status}),
            )
            .await;
    }
    v1
}

async fn has(client: &Pair, uri: &str, expected: &[&str]) -> String {
    let (text, mime) = read(client, &format!("{PROJECT}/{uri}")).await;
    assert_eq!(mime, "text/markdown", "{uri}");
    for line in expected {
        assert!(text.contains(line), "{uri}: {line}\n{text}");
    }
    text
}

#[tokio::test]
async fn each_template_reads_what_surrounds_the_code() {
    let harness = Harness::new(SurfaceKind::Dynamic).await;
    let v1 = releases_and_deployments(&harness).await;
    harness
        .ok(
            "wiki.create",
            json!({"project_id": "demo/sandbox", "title": "guides/deploy", "content": "Deploy with `make deploy`."}),
        )
        .await;
    for path in REVISIONS {
        let client = harness.client(path).await;
        has(
            &client,
            "jobs/6",
            &[
                "# Job 6: `test` failed",
                "- **Stage:** `test`",
                "- **Pipeline:** #2: `gitlab://projects/demo%2Fsandbox/pipelines/2`",
                "- **Failure reason:** script_failure",
                "- **Log:** `gitlab://projects/demo%2Fsandbox/jobs/6/log`",
            ],
        )
        .await;
        has(
            &client,
            "milestones/1",
            &[
                "# Milestone: v1.1",
                "- **Dates:** 2026-01-05 to 2026-02-27",
                "- **Progress:** 0 of 1 issue closed (0%), 0 of 1 merge request merged",
                "Tokenizer fixes and the word counter",
                "## Issues\n\n- #1 Tokenizer drops the last token — opened; assignees: @alice (Alice Example); labels: `bug`",
                "## Merge requests\n\n- !1 Fix off-by-one in tokenizer — opened",
            ],
        )
        .await;
        has(
            &client,
            "releases/v1.0.0",
            &[
                "# Release First release\n\n- **Tag:** `v1.0.0`",
                "- **Commit:** `abef5dfa` Add CI pipeline",
                "## Release notes\n\n## Fixes\n\n- Tokens are split on every space",
                "- [Linux binary](https://example.com/sandbox-linux) (package)",
                "Source code: [zip](",
            ],
        )
        .await;
        has(
            &client,
            "wiki/home",
            &[
                "# Wiki page: Home\n\n- **Slug:** `home`\n- **Format:** markdown",
                "Welcome to the wiki of the `sandbox` crate.",
            ],
        )
        .await;
        has(
            &client,
            "wiki/guides/deploy",
            &["- **Slug:** `guides/deploy`", "Deploy with `make deploy`."],
        )
        .await;
        has(
            &client,
            "commits/main",
            &[
                "# Commit 0b35d1ae: Test tokenizing a whole sentence",
                "- **Parents:** `e537c500`",
                "- **Lines:** +8 −0",
                "- **Last pipeline:** #2 failed",
                "> A sentence that does not end in punctuation keeps its last word.",
                "1 file changed, +8 −0.\n\n- `tests/tokenizer.rs` +8 −0",
            ],
        )
        .await;
        has(
            &client,
            &format!("commits/{}", &v1[..8]),
            &["# Commit abef5dfa: Add CI pipeline", "(new)"],
        )
        .await;
        let compared = has(
            &client,
            "compare/v1.0.0...main",
            &[
                "# Comparison of `v1.0.0` and `main`",
                "3 commits in `main` that `v1.0.0` does not have.",
                "- `06b11631` Add user guide — Alice Example",
                "4 files changed, +27 −0.",
                "- `docs/guide.md` +13 −0 (new)",
            ],
        )
        .await;
        // Oldest first, as the work was done.
        assert!(
            compared.find("Add user guide") < compared.find("Test tokenizing"),
            "{compared}"
        );
        has(
            &client,
            "compare/main...feature%2Fx",
            &["in `feature/x` that `main` does not have."],
        )
        .await;
        has(
            &client,
            "environments/production",
            &[
                "# Environment: production",
                "- **Tier:** production",
                &format!(" success: `v1.0.0` at `{}`, by @sandbox-user", &v1[..8]),
            ],
        )
        .await;
        has(
            &client,
            "environments/staging",
            &[
                "- **Deployed now:** nothing yet",
                " failed: `main` at `0b35d1ae`",
            ],
        )
        .await;
        client.close().await;
    }
}

#[tokio::test]
async fn what_names_nothing_says_so() {
    let harness = Harness::new(SurfaceKind::Dynamic).await;
    let client = harness.client(Path::Mrtr).await;
    let cases = [
        ("jobs/999", "GitLab does not know it"),
        ("milestones/99", "GitLab does not know it"),
        ("releases/v9.9.9", "GitLab does not know it"),
        ("wiki/no-such-page", "GitLab does not know it"),
        ("commits/0000000", "GitLab does not know it"),
        ("compare/main...nowhere", "GitLab does not know it"),
        (
            "environments/production",
            "`demo/sandbox` has no environment named `production`",
        ),
        (
            "milestones/v1.1",
            "`milestone_id` must be a positive whole number",
        ),
        ("compare/main", "a comparison is `…/compare/{from}...{to}`"),
        ("compare/...main", "the `from` ref is empty"),
        ("wiki/guides/", "the wiki page's slug has an empty part"),
    ];
    for (uri, says) in cases {
        let error = read_error(&client, &format!("{PROJECT}/{uri}")).await;
        assert_eq!(error.code, ErrorCode::INVALID_PARAMS, "{uri}: {error:?}");
        assert!(error.message.contains(says), "{says}: {error:?}");
    }
    client.close().await;
    harness.nothing_written();
}

#[tokio::test]
async fn templates_follow_the_operators_toolsets() {
    let access = Access {
        toolsets: vec![Toolset::Wiki, Toolset::Pipelines],
        ..Access::default()
    };
    let harness = Harness::with_access(SurfaceKind::Meta, access).await;
    let client = harness.client(Path::Sync).await;
    let templates = client.client.list_resource_templates(None).await.unwrap();
    let names: Vec<&str> = templates
        .resource_templates
        .iter()
        .map(|t| t.name.as_str())
        .collect();
    assert_eq!(
        names,
        ["pipeline", "job_log", "job", "wiki_page", "environment"]
    );
    harness.sandbox.clear_requests();
    for uri in [
        "milestones/1",
        "releases/v1.0.0",
        "commits/main",
        "compare/v1.0.0...main",
    ] {
        let error = read_error(&client, &format!("{PROJECT}/{uri}")).await;
        assert_eq!(error.code, ErrorCode::INVALID_PARAMS, "{uri}");
        assert!(
            error.message.contains("GITLAB_MCP_TOOLSETS"),
            "{uri}: {error:?}"
        );
    }
    let sent: Vec<Value> = harness
        .sandbox
        .requests()
        .iter()
        .map(|r| json!(r.path))
        .collect();
    assert!(sent.is_empty(), "nothing reaches GitLab: {sent:?}");
    has(&client, "wiki/home", &["# Wiki page: Home"]).await;
    client.close().await;
}
