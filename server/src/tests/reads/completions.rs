//! `completion/complete` through a real rmcp client on both revisions, against the sandbox:
//! every kind of value, with and without the chosen project in the context, honest
//! `total` and `hasMore`, the short-lived cache, and the errors.

use std::collections::HashMap;

use crate::access::{Access, AllowedProjects};
use crate::catalog::Toolset;
use crate::surfaces::SurfaceKind;
use crate::tests::common::mcp::Harness;
use rmcp::ServiceError;
use rmcp::model::{CompletionContext, CompletionInfo, ErrorCode};
use wizard::testkit::{Pair, Path};

pub(super) const FILE: &str =
    "gitlab://projects/{project}/files/{ref}/{+path}{?first_line,last_line}";
const MERGE_REQUEST: &str = "gitlab://projects/{project}/merge_requests/{iid}";
const ISSUE: &str = "gitlab://projects/{project}/issues/{iid}";
const JOB_LOG: &str = "gitlab://projects/{project}/jobs/{job_id}/log{?tail_lines}";

pub(super) fn context(pairs: &[(&str, &str)]) -> Option<CompletionContext> {
    let arguments: HashMap<String, String> = pairs
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect();
    Some(CompletionContext::with_arguments(arguments))
}

pub(super) fn sandbox() -> Option<CompletionContext> {
    context(&[("project", "demo/sandbox")])
}

pub(super) async fn prompt(
    client: &Pair,
    name: &str,
    argument: &str,
    typed: &str,
    context: Option<CompletionContext>,
) -> CompletionInfo {
    client
        .client
        .complete_prompt_argument(name, argument, typed, context)
        .await
        .unwrap_or_else(|error| panic!("{name}.{argument} = {typed:?}: {error}"))
}

pub(super) async fn template(
    client: &Pair,
    uri: &str,
    variable: &str,
    typed: &str,
    context: Option<CompletionContext>,
) -> CompletionInfo {
    client
        .client
        .complete_resource_argument(uri, variable, typed, context)
        .await
        .unwrap_or_else(|error| panic!("{uri} {variable} = {typed:?}: {error}"))
}

pub(super) fn all(info: &CompletionInfo) -> (Vec<&str>, Option<u32>, Option<bool>) {
    (
        info.values.iter().map(String::as_str).collect(),
        info.total,
        info.has_more,
    )
}

#[tokio::test]
async fn every_kind_completes_on_both_revisions() {
    let harness = Harness::new(SurfaceKind::Dynamic).await;
    for path in [Path::Sync, Path::Mrtr] {
        let client = harness.client(path).await;
        // Projects need no context: by name, by path, by the namespace too.
        for typed in ["", "sand", "demo/sa", "Demo/Sandbox"] {
            let info = prompt(&client, "review_merge_request", "project", typed, None).await;
            assert_eq!(
                all(&info),
                (vec!["demo/sandbox"], Some(1), Some(false)),
                "{typed}"
            );
        }
        let info = template(&client, MERGE_REQUEST, "project", "nothing", None).await;
        assert_eq!(all(&info), (vec![], Some(0), Some(false)));

        // Numbers with their titles in prompts, bare in URIs.
        let info = prompt(&client, "review_merge_request", "iid", "", sandbox()).await;
        assert_eq!(
            all(&info),
            (
                vec!["1 — Fix off-by-one in tokenizer"],
                Some(1),
                Some(false)
            )
        );
        let info = prompt(&client, "review_merge_request", "iid", "token", sandbox()).await;
        assert_eq!(info.values, ["1 — Fix off-by-one in tokenizer"]);
        let info = template(&client, MERGE_REQUEST, "iid", "1", sandbox()).await;
        assert_eq!(all(&info), (vec!["1"], Some(1), Some(false)));
        let info = template(
            &client,
            "gitlab://projects/{project}/issues/{iid}",
            "iid",
            "",
            sandbox(),
        )
        .await;
        assert_eq!(info.values, ["2", "1"], "newest first");

        // Refs: branches, then tags.
        let info = template(&client, FILE, "ref", "", sandbox()).await;
        assert_eq!(
            all(&info),
            (
                vec!["feature/x", "fix/tokenizer", "main", "v1.0.0"],
                Some(4),
                Some(false)
            )
        );
        let info = template(&client, FILE, "ref", "fix", sandbox()).await;
        assert_eq!(info.values, ["fix/tokenizer"]);
        let info = prompt(&client, "release_notes", "from_tag", "v", sandbox()).await;
        assert_eq!(all(&info), (vec!["v1.0.0"], Some(1), Some(false)));
        let info = prompt(&client, "release_notes", "to_ref", "ma", sandbox()).await;
        assert_eq!(info.values, ["main"]);

        // Paths at a ref, a directory at a time.
        let at_main = context(&[("project", "demo/sandbox"), ("ref", "main")]);
        let info = template(&client, FILE, "path", "", at_main.clone()).await;
        for entry in ["src/", "README.md", "assets/", ".gitlab-ci.yml"] {
            assert!(info.values.iter().any(|v| v == entry), "{entry}: {info:?}");
        }
        let info = template(&client, FILE, "path", "src/t", at_main).await;
        assert_eq!(info.values, ["src/tokenizer.rs"]);
        let at_branch = context(&[("project", "demo%2Fsandbox"), ("ref", "feature%2Fx")]);
        let info = template(&client, FILE, "path", "docs/", at_branch).await;
        assert_eq!(info.values, ["docs/guide.md"]);
        // A folder that is not there at the ref has nothing in it to offer: no error.
        let at_main = context(&[("project", "demo/sandbox"), ("ref", "main")]);
        let info = template(&client, FILE, "path", "nowhere/de", at_main).await;
        assert_eq!(all(&info), (vec![], Some(0), Some(false)));

        // Pipelines and jobs: failed ones first.
        let info = prompt(
            &client,
            "explain_failed_pipeline",
            "pipeline",
            "",
            sandbox(),
        )
        .await;
        assert_eq!(info.values[0], "2 — failed on main", "{info:?}");
        assert_eq!(info.values.len(), 3);
        let info = template(&client, JOB_LOG, "job_id", "", sandbox()).await;
        assert_eq!(info.values[0], "6", "{info:?}");
        let info = template(&client, JOB_LOG, "job_id", "lint", sandbox()).await;
        assert_eq!(info.values, ["11", "7", "3"]);

        // Labels.
        let info = prompt(&client, "triage_issues", "label", "fea", sandbox()).await;
        assert_eq!(all(&info), (vec!["feature"], Some(1), Some(false)));

        // Numbers nothing suggests.
        let info = template(&client, JOB_LOG, "tail_lines", "2", sandbox()).await;
        assert_eq!(all(&info), (vec![], Some(0), Some(false)));
        client.close().await;
    }
    harness.nothing_written();
}

/// A project is found by its group too, on the first keystrokes: GitLab is asked to
/// match the namespace (`search_namespaces`), not only the project's own name.
#[tokio::test]
async fn a_project_is_found_by_its_group() {
    for typed in ["de", "demo", "demo/"] {
        // A new server each time: nothing listed before to match against.
        let harness = Harness::new(SurfaceKind::Dynamic).await;
        let client = harness.client(Path::Sync).await;
        let info = prompt(&client, "review_merge_request", "project", typed, None).await;
        assert_eq!(info.values, ["demo/sandbox"], "{typed}");
    }
}

#[tokio::test]
async fn without_the_project_there_is_nothing_to_complete_yet() {
    let harness = Harness::new(SurfaceKind::Meta).await;
    let client = harness.client(Path::Mrtr).await;
    harness.sandbox.clear_requests();
    for (name, argument) in [
        ("review_merge_request", "iid"),
        ("explain_failed_pipeline", "pipeline"),
        ("release_notes", "from_tag"),
        ("triage_issues", "label"),
    ] {
        let info = prompt(&client, name, argument, "1", None).await;
        assert_eq!(
            all(&info),
            (vec![], Some(0), Some(false)),
            "{name}.{argument}"
        );
    }
    let info = template(&client, FILE, "ref", "ma", context(&[("ref", "x")])).await;
    assert!(info.values.is_empty());
    assert!(
        harness.sandbox.requests().is_empty(),
        "GitLab was not asked"
    );
    client.close().await;
}

#[tokio::test]
async fn a_person_typing_asks_gitlab_once() {
    let harness = Harness::new(SurfaceKind::Meta).await;
    let client = harness.client(Path::Sync).await;
    harness.sandbox.clear_requests();
    for typed in ["fe", "fea", "feat", "feature/"] {
        let info = template(&client, FILE, "ref", typed, sandbox()).await;
        assert_eq!(info.values, ["feature/x"], "{typed}");
    }
    let asked: Vec<String> = harness
        .sandbox
        .requests()
        .iter()
        .map(|r| r.path.clone())
        .collect();
    assert_eq!(
        asked,
        [
            "/api/v4/projects/demo/sandbox/repository/branches",
            "/api/v4/projects/demo/sandbox/repository/tags"
        ],
        "one round trip, both lists side by side"
    );
    // The iid typed one digit at a time: the latest merge requests, asked once.
    harness.sandbox.clear_requests();
    for typed in ["", "1"] {
        prompt(&client, "review_merge_request", "iid", typed, sandbox()).await;
    }
    assert_eq!(harness.sandbox.requests().len(), 1);
    client.close().await;
}

#[tokio::test]
async fn totals_are_honest_when_gitlab_has_more() {
    let harness = Harness::new(SurfaceKind::Dynamic).await;
    for n in 0..105 {
        harness
            .ok(
                "branch.create",
                serde_json::json!({"project_id": "demo/sandbox", "branch": format!("topic-{n:03}"), "ref": "main"}),
            )
            .await;
    }
    let client = harness.client(Path::Mrtr).await;
    // More than a page: at most 100 values, and more said to exist.
    let info = template(&client, FILE, "ref", "", sandbox()).await;
    assert_eq!(info.values.len(), 100);
    assert_eq!((info.total, info.has_more), (None, Some(true)));
    // A branch past the first hundred is found by what is typed.
    let info = template(&client, FILE, "ref", "mai", sandbox()).await;
    assert!(info.values.iter().any(|v| v == "main"), "{info:?}");
    // A search GitLab answers whole is counted exactly.
    let info = template(&client, FILE, "ref", "topic-10", sandbox()).await;
    assert_eq!(
        all(&info),
        (
            vec![
                "topic-100",
                "topic-101",
                "topic-102",
                "topic-103",
                "topic-104"
            ],
            Some(5),
            Some(false)
        )
    );
    client.close().await;
}

#[tokio::test]
async fn what_cannot_be_completed_says_why() {
    let access = Access {
        toolsets: vec![Toolset::Repository, Toolset::Projects],
        projects: Some(AllowedProjects::parse("demo/sandbox").unwrap()),
        ..Access::default()
    };
    let harness = Harness::with_access(SurfaceKind::Meta, access).await;
    harness
        .ok(
            "project.create",
            serde_json::json!({"name": "other", "visibility": "private"}),
        )
        .await;
    let client = harness.client(Path::Mrtr).await;
    let error = |result: Result<CompletionInfo, ServiceError>| match result {
        Err(ServiceError::McpError(error)) => error,
        other => panic!("expected an error: {other:?}"),
    };
    let cases = [
        (
            client
                .client
                .complete_prompt_argument("nothing", "x", "", None)
                .await,
            "no prompt `nothing`",
        ),
        (
            client
                .client
                .complete_prompt_argument("release_notes", "tag", "", None)
                .await,
            "has no argument `tag`; its arguments are `project`, `from_tag`, `to_ref`",
        ),
        (
            client
                .client
                .complete_resource_argument("gitlab://x/{y}", "y", "", None)
                .await,
            "no resource template `gitlab://x/{y}`",
        ),
        (
            client
                .client
                .complete_resource_argument(MERGE_REQUEST, "iid", "", sandbox())
                .await,
            "GITLAB_MCP_TOOLSETS",
        ),
        (
            client
                .client
                .complete_resource_argument(
                    FILE,
                    "ref",
                    "",
                    context(&[("project", "sandbox-user/other")]),
                )
                .await,
            "GITLAB_MCP_ALLOWED_PROJECTS=demo/sandbox",
        ),
    ];
    for (result, says) in cases {
        let error = error(result);
        assert_eq!(error.code, ErrorCode::INVALID_PARAMS, "{error:?}");
        assert!(error.message.contains(says), "{says}\n{error:?}");
    }
    // Only the allowed projects are offered.
    let info = template(&client, FILE, "project", "", None).await;
    assert_eq!(info.values, ["demo/sandbox"]);
    let info = template(&client, FILE, "ref", "m", sandbox()).await;
    assert_eq!(info.values, ["main"]);
    client.close().await;
}

#[tokio::test]
async fn a_number_is_asked_for_past_the_latest_hundred() {
    let harness = Harness::new(SurfaceKind::Dynamic).await;
    for n in 0..125 {
        let issue =
            serde_json::json!({"project_id": "demo/sandbox", "title": format!("Issue {n}")});
        harness.ok("issue.create", issue).await;
    }
    for path in [Path::Sync, Path::Mrtr] {
        let client = harness.client(path).await;
        // The latest hundred start well above 1: 1 and 10-19 are asked for by number;
        // the exact match first, then newest first, as GitLab lists them.
        let info = template(&client, ISSUE, "iid", "1", sandbox()).await;
        let expected: Vec<String> = std::iter::once(1)
            .chain((10..20).rev())
            .map(|n: u64| n.to_string())
            .collect();
        assert_eq!(info.values, expected, "{path:?}");
        let sent = harness.last();
        assert!(
            sent.query.contains(&("iids[]".to_owned(), "1".to_owned())),
            "{sent:?}"
        );
        // `12` is not served from the answer for `1`, which cannot hold 120-124.
        let info = template(&client, ISSUE, "iid", "12", sandbox()).await;
        // (The sandbox's 2 issues and 125 more: 120-127 exist.)
        let expected = ["12", "127", "126", "125", "124", "123", "122", "121", "120"];
        assert_eq!(info.values, expected, "{path:?}");
        // A prompt's argument shows the title after the number.
        let info = prompt(&client, "review_merge_request", "iid", "1", sandbox()).await;
        assert_eq!(
            info.values.first().map(String::as_str),
            Some("1 — Fix off-by-one in tokenizer"),
            "{info:?}"
        );
        client.close().await;
    }
}

#[tokio::test]
async fn a_folder_is_read_past_its_first_hundred_entries() {
    let harness = Harness::new(SurfaceKind::Dynamic).await;
    let actions: Vec<serde_json::Value> = (0..105)
        .map(|n| serde_json::json!({"action": "create", "file_path": format!("many/f-{n:03}.txt"), "content": "x"}))
        .collect();
    let commit = serde_json::json!({"project_id": "demo/sandbox", "branch": "main", "commit_message": "Many files", "actions": actions});
    harness.ok("commit.create", commit).await;
    let client = harness.client(Path::Mrtr).await;
    let at_main = context(&[("project", "demo/sandbox"), ("ref", "main")]);
    let info = template(&client, FILE, "path", "many/f-10", at_main.clone()).await;
    assert_eq!(
        all(&info),
        (
            vec![
                "many/f-100.txt",
                "many/f-101.txt",
                "many/f-102.txt",
                "many/f-103.txt",
                "many/f-104.txt"
            ],
            Some(5),
            Some(false)
        )
    );
    // Two pages read, once: the folder's answer then serves what is typed next.
    let pages = harness.sandbox.requests().len();
    template(&client, FILE, "path", "many/f-09", at_main).await;
    assert_eq!(harness.sandbox.requests().len(), pages);
    client.close().await;
}
