//! The resources through a real rmcp client on both revisions, against the sandbox: every
//! template read, the project listing, the errors for URIs that name nothing (as each
//! revision defines them), the caps on logs, diffs and files, and the operator's settings.

use crate::access::{Access, AllowedProjects};
use crate::catalog::Toolset;
use crate::catalog::output::{MAX_DIFF_BYTES, MAX_LOG_BYTES};
use crate::surfaces::SurfaceKind;
use crate::tests::common::mcp::Harness;
use base64::Engine as _;
use gitlab_sandbox::FaultSpec;
use reqwest::Method;
use rmcp::ServiceError;
use rmcp::model::{ErrorCode, ReadResourceRequestParams, ResourceContents};
use serde_json::{Value, json};
use wizard::testkit::{Pair, Path};

pub(super) const PROJECT: &str = "gitlab://projects/demo%2Fsandbox";
pub(super) const REVISIONS: [Path; 2] = [Path::Sync, Path::Mrtr];

/// Reads `uri`; the one content's text or blob, and its MIME type.
pub(super) async fn read(client: &Pair, uri: &str) -> (String, String) {
    let result = client
        .client
        .read_resource(ReadResourceRequestParams::new(uri))
        .await
        .unwrap_or_else(|error| panic!("reading {uri} failed: {error}"));
    assert_eq!(result.contents.len(), 1, "{result:?}");
    match &result.contents[0] {
        ResourceContents::TextResourceContents {
            uri: read,
            mime_type,
            text,
            ..
        } => {
            assert_eq!(read, uri);
            (text.clone(), mime_type.clone().unwrap_or_default())
        }
        ResourceContents::BlobResourceContents {
            uri: read,
            mime_type,
            blob,
            ..
        } => {
            assert_eq!(read, uri);
            (blob.clone(), mime_type.clone().unwrap_or_default())
        }
        other => panic!("unexpected contents {other:?}"),
    }
}

/// Reading `uri` fails; the JSON-RPC error.
pub(super) async fn read_error(client: &Pair, uri: &str) -> rmcp::ErrorData {
    match client
        .client
        .read_resource(ReadResourceRequestParams::new(uri))
        .await
    {
        Err(ServiceError::McpError(error)) => error,
        other => panic!("reading {uri} did not fail as expected: {other:?}"),
    }
}

#[tokio::test]
async fn every_template_reads_the_sandbox_on_both_revisions() {
    let harness = Harness::new(SurfaceKind::Dynamic).await;
    for path in REVISIONS {
        let client = harness.client(path).await;
        let templates = client.client.list_resource_templates(None).await.unwrap();
        let names: Vec<&str> = templates
            .resource_templates
            .iter()
            .map(|t| t.uri_template.as_str())
            .collect();
        assert_eq!(
            names,
            [
                "gitlab://projects/{project}",
                "gitlab://projects/{project}/issues/{iid}",
                "gitlab://projects/{project}/merge_requests/{iid}",
                "gitlab://projects/{project}/merge_requests/{iid}/diff",
                "gitlab://projects/{project}/files/{ref}/{+path}{?first_line,last_line}",
                "gitlab://projects/{project}/pipelines/{pipeline_id}",
                "gitlab://projects/{project}/jobs/{job_id}/log{?tail_lines}",
                "gitlab://projects/{project}/jobs/{job_id}",
                "gitlab://projects/{project}/milestones/{milestone_id}",
                "gitlab://projects/{project}/releases/{tag}",
                "gitlab://projects/{project}/wiki/{+slug}",
                "gitlab://projects/{project}/commits/{sha}",
                "gitlab://projects/{project}/compare/{from}...{to}",
                "gitlab://projects/{project}/environments/{environment}",
            ]
        );
        let listed = client.client.list_resources(None).await.unwrap();
        assert_eq!(listed.resources.len(), 1, "{listed:?}");
        assert_eq!(listed.resources[0].uri, PROJECT);
        assert_eq!(listed.resources[0].name, "demo/sandbox");

        let (project, mime) = read(&client, PROJECT).await;
        assert_eq!(mime, "text/markdown");
        for expected in [
            "# Demo / sandbox",
            "- **Path:** `demo/sandbox` (id 1)",
            "- **Visibility:** private",
            "- **Default branch:** `main`",
            "- **Open issues:** 2",
            "- **Open merge requests:** 1",
            "- **Latest pipeline on `main`:** #2 failed at `",
            "`gitlab://projects/demo%2Fsandbox/pipelines/2`",
            "`gitlab://projects/demo%2Fsandbox/files/main/{path}`",
        ] {
            assert!(project.contains(expected), "{expected}\n{project}");
        }
        // By id too; the URIs it points at use the path.
        let (by_id, _) = read(&client, "gitlab://projects/1").await;
        assert_eq!(by_id, project);

        let (issue, _) = read(&client, &format!("{PROJECT}/issues/1")).await;
        for expected in [
            "# Issue #1: Tokenizer drops the last token",
            "- **State:** opened",
            "- **Author:** @bob (Bob Builder)",
            "- **Assignees:** @alice (Alice Example)",
            "- **Labels:** `bug`",
            "- **Milestone:** v1.1 (due 2026-02-27)",
            "## Discussion\n\n1 thread.",
        ] {
            assert!(issue.contains(expected), "{expected}\n{issue}");
        }

        let (mr, _) = read(&client, &format!("{PROJECT}/merge_requests/1")).await;
        for expected in [
            "# Merge request !1: Fix off-by-one in tokenizer",
            "- **Branches:** `fix/tokenizer` → `main`",
            "- **Reviewers:** @bob (Bob Builder)",
            "1 unresolved thread, 1 comment.",
            "### Open thread on `src/tokenizer.rs` line",
            "**@alice (Alice Example)**",
        ] {
            assert!(mr.contains(expected), "{expected}\n{mr}");
        }

        let (diff, mime) = read(&client, &format!("{PROJECT}/merge_requests/1/diff")).await;
        assert_eq!(mime, "text/x-diff");
        assert!(
            diff.starts_with("Merge request !1: 1 file changed.\n"),
            "{diff}"
        );
        assert!(
            diff.contains(
                "diff --git a/src/tokenizer.rs b/src/tokenizer.rs\n--- a/src/tokenizer.rs\n+++ b/src/tokenizer.rs\n@@"
            ),
            "{diff}"
        );

        let (readme, mime) = read(&client, &format!("{PROJECT}/files/main/README.md")).await;
        assert_eq!(mime, "text/markdown");
        assert!(readme.starts_with('#'), "{readme}");
        let (lib, mime) = read(&client, &format!("{PROJECT}/files/main/src/lib.rs")).await;
        assert_eq!(mime, "text/x-rust");
        assert!(lib.contains("pub mod tokenizer"), "{lib}");
        let (window, _) = read(
            &client,
            &format!("{PROJECT}/files/main/src/lib.rs?first_line=1&last_line=1"),
        )
        .await;
        assert_eq!(window, lib.split_inclusive('\n').next().unwrap());
        let (guide, _) = read(
            &client,
            &format!("{PROJECT}/files/feature%2Fx/docs/guide.md"),
        )
        .await;
        assert!(
            guide.contains("word counter") || guide.contains("Word"),
            "{guide}"
        );
        let (logo, mime) = read(&client, &format!("{PROJECT}/files/main/assets/logo.png")).await;
        assert_eq!(mime, "image/png");
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(logo)
            .unwrap();
        assert!(bytes.starts_with(b"\x89PNG"), "{bytes:?}");

        let (pipeline, _) = read(&client, &format!("{PROJECT}/pipelines/2")).await;
        for expected in [
            "# Pipeline #2: failed",
            "- **Ref:** `main`",
            "- **build:** `build` success",
            "1 failed job.",
            "### `test` (stage `test`, job 6)",
            "`gitlab://projects/demo%2Fsandbox/jobs/6/log`",
        ] {
            assert!(pipeline.contains(expected), "{expected}\n{pipeline}");
        }

        let (log, mime) = read(&client, &format!("{PROJECT}/jobs/6/log")).await;
        assert_eq!(mime, "text/plain");
        assert!(log.contains("error: test failed"), "{log}");
        assert!(!log.contains('\u{1b}'), "colour codes removed");
        let (tail, _) = read(&client, &format!("{PROJECT}/jobs/6/log?tail_lines=20")).await;
        let tail = said_untrusted(&tail);
        assert_eq!(tail.lines().count(), 21, "{tail}");
        assert!(
            tail.starts_with('[') && tail.contains("tail_lines = 20"),
            "{tail}"
        );
        let (empty, _) = read(&client, &format!("{PROJECT}/jobs/12/log")).await;
        assert!(empty.contains("empty"), "{empty}");
        client.close().await;
    }
    harness.nothing_written();
}

#[tokio::test]
async fn what_names_nothing_is_the_error_each_revision_defines() {
    let harness = Harness::new(SurfaceKind::Dynamic).await;
    let cases = [
        (
            "gitlab://projects/demo%2Fsandbox/issues/99",
            "GitLab does not know it",
        ),
        (
            "gitlab://projects/nobody%2Fnothing",
            "GitLab does not know it",
        ),
        (
            "gitlab://projects/demo%2Fsandbox/files/main/no/such.rs",
            "GitLab does not know it",
        ),
        (
            "gitlab://projects/demo%2Fsandbox/pipelines/99",
            "GitLab does not know it",
        ),
        (
            "gitlab://projects/demo/sandbox/issues/1",
            "`gitlab://projects/demo%2Fsandbox/issues/1`",
        ),
        ("gitlab://projects/1/issues/first", "positive whole number"),
        ("gitlab://projects/1/wikis/home", "after the project comes"),
        (
            "https://gitlab.com/demo/sandbox",
            "start with `gitlab://projects/`",
        ),
    ];
    for (path, code) in [
        (Path::Sync, ErrorCode::RESOURCE_NOT_FOUND),
        (Path::Mrtr, ErrorCode::INVALID_PARAMS),
    ] {
        let client = harness.client(path).await;
        for (uri, says) in cases {
            let error = read_error(&client, uri).await;
            assert_eq!(error.code, code, "{uri}: {error:?}");
            assert!(error.message.contains(uri), "{error:?}");
            assert!(error.message.contains(says), "{says}: {error:?}");
            assert_eq!(error.data, Some(json!({"uri": uri})), "{error:?}");
        }
        client.close().await;
    }
}

#[tokio::test]
async fn logs_diffs_and_files_are_capped_as_the_tools_cap_them() {
    let harness = Harness::new(SurfaceKind::Dynamic).await;
    let client = harness.client(Path::Mrtr).await;

    // A huge log with no error: its last 60 lines; with `tail_lines`, as many as fit the
    // byte cap; each saying what was left out.
    let long_line = format!("\u{1b}[32m{}\u{1b}[0m", "x".repeat(900));
    let huge: String = (0..5_000).map(|n| format!("{n} {long_line}\n")).collect();
    let huge_log = || {
        harness.sandbox.fail_matching(
            Method::GET,
            "/projects/demo/sandbox/jobs/6/trace",
            FaultSpec::raw(200, huge.clone()).header("content-type", "text/plain"),
        );
    };
    huge_log();
    let (log, _) = read(&client, &format!("{PROJECT}/jobs/6/log")).await;
    let log = said_untrusted(&log);
    assert!(log.starts_with("[4940 lines ("), "{}", &log[..80]);
    assert!(log.ends_with(&format!("4999 {}", "x".repeat(900))));
    huge_log();
    let (log, _) = read(&client, &format!("{PROJECT}/jobs/6/log?tail_lines=200")).await;
    let log = said_untrusted(&log);
    assert!(log.len() <= MAX_LOG_BYTES + 200, "{}", log.len());
    assert!(log.starts_with("[4"), "{}", &log[..80]);
    assert!(log.contains("64 KiB cap"), "{}", &log[..200]);
    assert!(log.ends_with(&format!("4999 {}", "x".repeat(900))));

    // A merge request whose diff is larger than an answer carries.
    let lines: String = (0..6_000)
        .map(|n| format!("line {n:>6} of a generated file\n"))
        .collect();
    harness
        .ok(
            "commit.create",
            json!({"project_id": "demo/sandbox", "branch": "big", "start_branch": "main", "commit_message": "Generated", "actions": [
                {"action": "create", "file_path": "gen/a.txt", "content": lines},
                {"action": "create", "file_path": "gen/b.txt", "content": lines}
            ]}),
        )
        .await;
    let mr = harness
        .ok(
            "merge_request.create",
            json!({"project_id": "demo/sandbox", "source_branch": "big", "target_branch": "main", "title": "Generated files"}),
        )
        .await;
    let iid = mr["iid"].as_u64().unwrap();
    let (diff, _) = read(&client, &format!("{PROJECT}/merge_requests/{iid}/diff")).await;
    assert!(diff.len() <= MAX_DIFF_BYTES + 2_000, "{}", diff.len());
    assert!(
        diff.starts_with(&format!("Merge request !{iid}: 2 files changed.\nNote: the diff of `gen/a.txt`, `gen/b.txt` was cut")),
        "{}",
        &diff[..300]
    );
    assert!(diff.contains("\\ Diff cut here"), "the cut file says so");
    assert!(diff.contains("diff --git a/gen/b.txt b/gen/b.txt\nnew file mode"));
    assert!(diff.contains("Diff not shown: left out to stay under the size cap"));

    // A merge request of many small files: the headers count too, within the cap.
    let small: String = (0..34)
        .map(|n| format!("line {n:>3} of a small file\n"))
        .collect();
    let actions: Vec<Value> = (0..120)
        .map(|n| json!({"action": "create", "file_path": format!("many/file_{n:03}.txt"), "content": small}))
        .collect();
    harness
        .ok(
            "commit.create",
            json!({"project_id": "demo/sandbox", "branch": "many", "start_branch": "main", "commit_message": "Many files", "actions": actions}),
        )
        .await;
    let many = harness
        .ok(
            "merge_request.create",
            json!({"project_id": "demo/sandbox", "source_branch": "many", "target_branch": "main", "title": "Many files"}),
        )
        .await;
    let iid = many["iid"].as_u64().unwrap();
    let (diff, _) = read(&client, &format!("{PROJECT}/merge_requests/{iid}/diff")).await;
    assert!(diff.len() <= MAX_DIFF_BYTES, "{} bytes", diff.len());
    assert!(diff.contains("left out to stay under"), "{}", &diff[..400]);

    // A text file larger than an answer: refused with the URI of a window that fits.
    let error = read_error(&client, &format!("{PROJECT}/files/big/gen/a.txt")).await;
    assert_eq!(error.code, ErrorCode::INVALID_PARAMS, "{error:?}");
    let suggested = error
        .message
        .split('`')
        .find(|part| part.starts_with("gitlab://") && part.contains("first_line=1"))
        .unwrap_or_else(|| panic!("{}", error.message))
        .to_owned();
    let (part, _) = read(&client, &suggested).await;
    assert!(
        part.starts_with("line      0 of a generated file\n"),
        "{}",
        &part[..80]
    );
    assert!(part.len() < 128 * 1024);
    client.close().await;
}

/// A file URI as people write it: a `#fragment` (a line, as GitLab's pages link them) is
/// the reader's, not part of the path; a ref with a raw `/` reads as a shorter ref and a
/// longer path, and the error says how to write it; a window of lines past the end is
/// the caller's mistake.
#[tokio::test]
async fn a_file_uri_with_a_fragment_or_a_raw_slash_in_its_ref() {
    let harness = Harness::new(SurfaceKind::Dynamic).await;
    let client = harness.client(Path::Sync).await;
    let result = client
        .client
        .read_resource(ReadResourceRequestParams::new(format!(
            "{PROJECT}/files/main/README.md#L3"
        )))
        .await
        .expect("a fragment is the reader's");
    let ResourceContents::TextResourceContents { uri, text, .. } = &result.contents[0] else {
        panic!("{result:?}");
    };
    // The resource read is the file, named without the fragment.
    assert_eq!(uri, &format!("{PROJECT}/files/main/README.md"));
    assert!(text.starts_with("# sandbox"), "{text}");
    let error = read_error(&client, &format!("{PROJECT}/files/feature/x/docs/guide.md")).await;
    assert!(
        error
            .message
            .contains("`gitlab://projects/demo%2Fsandbox/files/feature%2Fx/docs/guide.md`"),
        "{}",
        error.message
    );
    // A window past the end is the caller's mistake, told with the numbers as asked.
    let error = read_error(
        &client,
        &format!("{PROJECT}/files/main/README.md?first_line=50&last_line=60"),
    )
    .await;
    assert_eq!(error.code, ErrorCode::INVALID_PARAMS, "{error:?}");
    assert!(
        error
            .message
            .contains("the file has 13 lines; `first_line` 50 and `last_line` 60 select none"),
        "{}",
        error.message
    );
    client.close().await;
}

#[tokio::test]
async fn the_operators_settings_apply_before_gitlab_is_asked() {
    // Toolsets: only the repository's templates, and nothing else reaches GitLab.
    let access = Access {
        toolsets: vec![Toolset::Repository],
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
    assert_eq!(names, ["file", "commit", "compare"]);
    let listed = client.client.list_resources(None).await.unwrap();
    assert!(listed.resources.is_empty(), "{listed:?}");
    harness.sandbox.clear_requests();
    let error = read_error(&client, &format!("{PROJECT}/issues/1")).await;
    assert_eq!(error.code, ErrorCode::INVALID_PARAMS);
    assert!(error.message.contains("GITLAB_MCP_TOOLSETS"), "{error:?}");
    let error = read_error(&client, PROJECT).await;
    assert!(error.message.contains("GITLAB_MCP_TOOLSETS"), "{error:?}");
    assert!(
        harness.sandbox.requests().is_empty(),
        "{:?}",
        harness.sandbox.requests()
    );
    let (lib, _) = read(&client, &format!("{PROJECT}/files/main/src/lib.rs")).await;
    assert!(lib.contains("pub mod tokenizer"));
    client.close().await;

    // Read-only: resources only read, so all of them are there.
    let access = Access {
        read_only: true,
        ..Access::default()
    };
    let harness = Harness::with_access(SurfaceKind::Meta, access).await;
    let client = harness.client(Path::Mrtr).await;
    let templates = client.client.list_resource_templates(None).await.unwrap();
    assert_eq!(templates.resource_templates.len(), 14);
    read(&client, &format!("{PROJECT}/merge_requests/1")).await;
    client.close().await;

    // Allowed projects: another project is refused unsent, and the listing shows only
    // the allowed ones.
    let access = Access {
        projects: Some(AllowedProjects::parse("other/project").unwrap()),
        ..Access::default()
    };
    let harness = Harness::with_access(SurfaceKind::Meta, access).await;
    let client = harness.client(Path::Mrtr).await;
    let error = read_error(&client, &format!("{PROJECT}/jobs/6/log")).await;
    assert!(
        error
            .message
            .contains("GITLAB_MCP_ALLOWED_PROJECTS=other/project"),
        "{error:?}"
    );
    let sent: Vec<String> = harness
        .sandbox
        .requests()
        .iter()
        .map(|r| r.path.clone())
        .collect();
    assert!(sent.iter().all(|p| !p.contains("/jobs")), "{sent:?}");
    let listed = client.client.list_resources(None).await.unwrap();
    assert!(listed.resources.is_empty(), "{listed:?}");
    client.close().await;
}

/// A job log as its resource reads it, after the paragraph saying who wrote it.
fn said_untrusted(log: &str) -> &str {
    let said = format!("{}\n\n", crate::catalog::output::untrusted::JOB_LOG);
    log.strip_prefix(said.as_str())
        .unwrap_or_else(|| panic!("a log says first who wrote it: {log:.200}"))
}
