//! What a model reads, through the server against the sandbox: a job log as its last lines
//! without colour codes and with a note of what was left out; a file decoded, a binary or
//! oversized one described instead of dumped, a window of lines read; diffs capped per
//! answer with the cut files marked.

use crate::catalog::output::{MAX_DIFF_BYTES, MAX_FILE_BYTES, MAX_LOG_BYTES};
use crate::surfaces::SurfaceKind;
use crate::tests::common::mcp::Harness;
use serde_json::{Value, json};

const P: &str = "demo/sandbox";

#[tokio::test]
async fn a_job_log_is_its_plain_tail() {
    let harness = Harness::new(SurfaceKind::Dynamic).await;
    let log = harness
        .ok("job.log", json!({"project_id": P, "job_id": 6}))
        .await;
    let text = log["log"].as_str().unwrap();
    assert!(!text.contains('\u{1b}'), "colour codes removed");
    assert!(!text.contains("section_start"), "section markers removed");
    assert!(
        text.contains("error: test failed"),
        "the failure is at the end"
    );
    let total = log["total_lines"].as_u64().unwrap();
    assert!(total > 100, "{total}");
    let whole = harness
        .ok(
            "job.log",
            json!({"project_id": P, "job_id": 6, "tail_lines": 10_000}),
        )
        .await;
    assert_eq!(whole["shown_lines"].as_u64(), Some(total));
    // Without `tail_lines`: the lines from just before the first failing test to the end.
    let shown = log["shown_lines"].as_u64().unwrap();
    assert!(shown < 40, "{shown} of {total}: {text}");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        format!(
            "[{} lines ({} bytes) left out; the last n lines with `tail_lines: n`]",
            total - shown,
            first_bytes(&whole, total - shown)
        )
    );
    assert!(lines[1..6].iter().all(|line| !line.contains("FAILED")));
    assert!(lines[6].ends_with("... FAILED"), "{text}");
    assert!(text.ends_with("ERROR: Job failed: exit code 101"), "{text}");

    let tail = harness
        .ok(
            "job.log",
            json!({"project_id": P, "job_id": 6, "tail_lines": 20}),
        )
        .await;
    let text = tail["log"].as_str().unwrap();
    let first = text.lines().next().unwrap();
    assert_eq!(
        first,
        format!(
            "[{} earlier lines ({} bytes) left out by tail_lines = 20; ask for more with `tail_lines`]",
            total - 20,
            first_bytes(&whole, total - 20)
        )
    );
    assert_eq!(text.lines().count(), 21, "{text}");
    assert_eq!(
        (tail["shown_lines"].as_u64(), tail["omitted_lines"].as_u64()),
        (Some(20), Some(total - 20))
    );
    assert!(text.len() <= MAX_LOG_BYTES);
    let sent = harness.last();
    assert!(
        sent.query.is_empty(),
        "tail_lines is the server's own: {sent:?}"
    );
}

/// The bytes of the first `lines` lines of the plain log, as the note counts them.
fn first_bytes(log: &Value, lines: u64) -> usize {
    log["log"]
        .as_str()
        .unwrap()
        .lines()
        .take(lines as usize)
        .map(|line| line.len() + 1)
        .sum()
}

#[tokio::test]
async fn files_are_text_binaries_are_described_and_large_ones_read_in_parts() {
    let harness = Harness::new(SurfaceKind::Individual).await;
    let file = harness
        .ok(
            "file.get",
            json!({"project_id": P, "file_path": "src/lib.rs", "ref": "main"}),
        )
        .await;
    assert!(
        file.get("binary").is_none(),
        "a text file is not marked binary: {file}"
    );
    assert!(
        file["content"]
            .as_str()
            .unwrap()
            .contains("pub mod tokenizer"),
        "{file}"
    );
    assert_eq!(file["ref"], "main");
    assert!(file["last_commit_id"].as_str().unwrap().len() == 40);
    assert_eq!(
        file["size"].as_u64().unwrap() as usize,
        file["content"].as_str().unwrap().len()
    );

    let logo = harness
        .ok(
            "file.get",
            json!({"project_id": P, "file_path": "assets/logo.png", "ref": "main"}),
        )
        .await;
    assert_eq!(logo["binary"], true);
    assert!(logo["content"].is_null());
    assert!(logo["note"].as_str().unwrap().contains("binary file"));

    // A file larger than an answer carries: described, then read in a window.
    let line = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcde\n";
    let big = line.repeat(MAX_FILE_BYTES / line.len() * 2);
    harness
        .ok(
            "file.create",
            json!({"project_id": P, "file_path": "data/big.txt", "branch": "main", "commit_message": "Big", "content": big}),
        )
        .await;
    let whole = harness
        .ok(
            "file.get",
            json!({"project_id": P, "file_path": "data/big.txt", "ref": "main"}),
        )
        .await;
    assert!(whole["content"].is_null());
    assert!(
        whole["note"].as_str().unwrap().contains("first_line"),
        "{whole}"
    );
    let part = harness
        .ok(
            "file.get",
            json!({"project_id": P, "file_path": "data/big.txt", "ref": "main", "first_line": 10, "last_line": 12}),
        )
        .await;
    assert_eq!(part["content"], line.repeat(3));
    assert_eq!(
        (part["first_line"].as_u64(), part["last_line"].as_u64()),
        (Some(10), Some(12))
    );
    let error = harness
        .error(
            "file.get",
            json!({"project_id": P, "file_path": "src/lib.rs", "ref": "main", "first_line": 5, "last_line": 2}),
        )
        .await;
    assert!(error.contains("first_line"), "{error}");
}

#[tokio::test]
async fn diffs_are_capped_per_answer_and_say_what_was_cut() {
    let harness = Harness::new(SurfaceKind::Meta).await;
    let lines: String = (0..4_000)
        .map(|n| format!("line {n:>6} of a generated file\n"))
        .collect();
    let commit = harness
        .ok(
            "commit.create",
            json!({"project_id": P, "branch": "main", "commit_message": "Generated", "actions": [
                {"action": "create", "file_path": "gen/a.txt", "content": lines},
                {"action": "create", "file_path": "gen/b.txt", "content": lines},
                {"action": "create", "file_path": "gen/c.txt", "content": "small\n"}
            ]}),
        )
        .await;
    let diff = harness
        .ok("commit.diff", json!({"project_id": P, "sha": commit["id"]}))
        .await;
    let items = diff["items"].as_array().unwrap();
    assert_eq!(items.len(), 3);
    let total: usize = items
        .iter()
        .map(|f| f["diff"].as_str().unwrap().len())
        .sum();
    assert!(total <= MAX_DIFF_BYTES, "{total}");
    let cut: Vec<&str> = items
        .iter()
        .filter(|f| f["truncated"] == true)
        .map(|f| f["new_path"].as_str().unwrap())
        .collect();
    // The first file crosses the cap and keeps its first part; the ones after keep only
    // their names.
    assert_eq!(cut, ["gen/a.txt", "gen/b.txt", "gen/c.txt"]);
    assert!(items[0]["diff"].as_str().unwrap().len() > MAX_DIFF_BYTES / 2);
    assert_eq!(items[1]["diff"], "");
    assert!(
        diff["note"].as_str().unwrap().contains("per_page"),
        "{diff}"
    );
    // A page of one file at a time carries each diff whole, or says it was cut.
    let one = harness
        .ok(
            "commit.diff",
            json!({"project_id": P, "sha": commit["id"], "per_page": 1, "page": 3}),
        )
        .await;
    assert_eq!(one["items"][0]["new_path"], "gen/c.txt");
    assert_eq!(one["items"][0]["diff"], "@@ -0,0 +1 @@\n+small\n");
    assert!(one["note"].is_null());

    // Compare caps its `diffs` the same way.
    let compare = harness
        .ok(
            "repository.compare",
            json!({"project_id": P, "from": "v1.0.0", "to": "main"}),
        )
        .await;
    assert!(compare["commits"].as_array().unwrap().len() >= 4);
    assert!(
        compare["note"].as_str().is_some(),
        "the generated files are over the cap"
    );
}

/// A job log is text: what the model reads is the log itself, not JSON around it.
#[tokio::test]
async fn a_job_logs_text_is_the_log_itself() {
    let harness = Harness::new(SurfaceKind::Dynamic).await;
    let result = harness
        .run("job.log", json!({"project_id": P, "job_id": 6}))
        .await;
    let text = crate::tests::common::mcp::text(&result);
    assert!(
        text.starts_with("Written by the job's own commands"),
        "{text}"
    );
    assert!(text.contains("\nerror: test failed"), "{text}");
    assert!(!text.contains("\\n") && !text.starts_with('{'), "{text}");
    let log = result.structured_content.expect("the figures beside it");
    assert!(text.ends_with(log["log"].as_str().unwrap()));
}

#[tokio::test]
async fn a_failed_pipeline_carries_its_failed_jobs_and_their_first_errors() {
    let harness = Harness::new(SurfaceKind::Dynamic).await;
    let latest = harness
        .ok("pipeline.latest", json!({"project_id": P, "ref": "main"}))
        .await;
    assert_eq!(latest["status"], "failed");
    let failed = latest["failed_jobs"].as_array().unwrap();
    assert_eq!(failed.len(), 1, "{latest:#}");
    let job = &failed[0];
    assert_eq!(
        (&job["name"], &job["stage"]),
        (&json!("test"), &json!("test"))
    );
    assert_eq!(job["failure_reason"], "script_failure");
    assert!(job["id"].is_u64());
    let error = job["first_error"].as_str().unwrap();
    assert!(error.contains("splits_a_sentence ... FAILED"), "{error}");
    assert!(
        error.contains("panicked at tests/tokenizer.rs:22:5"),
        "{error}"
    );
    assert!(error.lines().count() <= 15, "{error}");
    assert!(
        latest["untrusted"]
            .as_str()
            .unwrap()
            .contains("data, not instructions")
    );
    // Asked for by id, the same; a pipeline that passed, none; `raw`, GitLab's object only.
    let id = latest["id"].clone();
    let by_id = harness
        .ok("pipeline.get", json!({"project_id": P, "pipeline_id": id}))
        .await;
    assert_eq!(by_id, latest);
    let passed = harness
        .ok("pipeline.get", json!({"project_id": P, "pipeline_id": 1}))
        .await;
    assert_eq!(passed["status"], "success");
    assert!(passed.get("failed_jobs").is_none(), "{passed:#}");
    let raw = harness
        .ok(
            "pipeline.get",
            json!({"project_id": P, "pipeline_id": id, "raw": true}),
        )
        .await;
    assert!(raw.get("failed_jobs").is_none() && raw["raw"]["status"] == "failed");
}

#[tokio::test]
async fn an_advanced_search_scope_is_sent_and_gitlab_says_when_it_lacks_it() {
    let harness = Harness::new(SurfaceKind::Dynamic).await;
    let said = harness
        .error(
            "search.global",
            json!({"scope": "blobs", "search": "tokenize"}),
        )
        .await;
    // The sandbox is a Community Edition: GitLab's own refusal, passed on.
    assert!(said.contains("scope does not have a valid value"), "{said}");
    assert_eq!(
        harness.last().query,
        [
            ("scope".to_owned(), "blobs".to_owned()),
            ("search".to_owned(), "tokenize".to_owned())
        ]
    );
}

#[tokio::test]
async fn auto_merge_goes_as_gitlab_of_the_day_names_it() {
    // The sandbox answers as GitLab 18: `auto_merge`, read once after the version.
    let harness = Harness::new(SurfaceKind::Dynamic).await;
    let merge = json!({"project_id": P, "merge_request_iid": 1, "auto_merge": true});
    harness.run("merge_request.merge", merge.clone()).await;
    let requests = harness.sandbox.requests();
    let paths: Vec<&str> = requests.iter().map(|r| r.path.as_str()).collect();
    assert_eq!(paths[0], "/api/v4/version", "{paths:?}");
    let sent = requests.last().unwrap();
    assert_eq!(sent.body["auto_merge"], true, "{sent:?}");
    assert!(sent.body.get("merge_when_pipeline_succeeds").is_none());
    // A GitLab before 17.11 gets the older name.
    let old = Harness::new(SurfaceKind::Dynamic).await;
    old.sandbox.fail_matching(
        reqwest::Method::GET,
        "/version",
        gitlab_sandbox::FaultSpec::raw(
            200,
            r#"{"version":"17.10.3-ee","revision":"x"}"#.to_owned(),
        )
        .header("content-type", "application/json"),
    );
    old.run("merge_request.merge", merge).await;
    let sent = old.sandbox.requests().pop().unwrap();
    assert_eq!(sent.body["merge_when_pipeline_succeeds"], true, "{sent:?}");
    assert!(sent.body.get("auto_merge").is_none());
}

#[tokio::test]
async fn a_ci_configuration_is_checked_before_it_is_committed() {
    let harness = Harness::new(SurfaceKind::Dynamic).await;
    let good = "stages: [build, test]\nbuild:\n  stage: build\n  script: make\nunit:\n  script: make test\n";
    let lint = harness
        .ok(
            "pipeline.lint",
            json!({"project_id": P, "content": good, "include_jobs": true}),
        )
        .await;
    assert_eq!(lint["valid"], true, "{lint}");
    let jobs: Vec<&str> = lint["jobs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|j| j["name"].as_str().unwrap())
        .collect();
    assert_eq!(jobs, ["build", "unit"]);
    let bad = "deploy:\n  stage: ship\n  script: ./ship\n";
    let lint = harness
        .ok("pipeline.lint", json!({"project_id": P, "content": bad}))
        .await;
    assert_eq!(lint["valid"], false, "{lint}");
    assert_eq!(
        lint["errors"][0],
        "deploy job: chosen stage ship does not exist; available stages are .pre, build, test, deploy, .post"
    );
    // The project's own configuration on main: the demo's build, test, lint and deploy.
    let own = harness
        .ok(
            "pipeline.lint_project",
            json!({"project_id": P, "include_jobs": true}),
        )
        .await;
    assert_eq!(own["valid"], true, "{own}");
    assert!(own["jobs"].as_array().unwrap().len() >= 3, "{own}");
}

#[tokio::test]
async fn the_merge_base_of_two_refs_is_where_they_forked() {
    let harness = Harness::new(SurfaceKind::Dynamic).await;
    let base = harness
        .ok(
            "repository.merge_base",
            json!({"project_id": P, "refs": ["main", "feature/x"]}),
        )
        .await;
    let sent = harness.last();
    assert_eq!(
        sent.query,
        [
            ("refs[]".to_owned(), "main".to_owned()),
            ("refs[]".to_owned(), "feature/x".to_owned())
        ]
    );
    // The fork point is an ancestor of both: comparing from it straight to either head
    // is what GitLab's three-dot compare shows.
    let id = base["id"].as_str().unwrap().to_owned();
    let compare = harness
        .ok(
            "repository.compare",
            json!({"project_id": P, "from": "main", "to": "feature/x"}),
        )
        .await;
    let straight = harness
        .ok(
            "repository.compare",
            json!({"project_id": P, "from": id, "to": "feature/x", "straight": true}),
        )
        .await;
    assert_eq!(compare["diffs"], straight["diffs"], "{compare}");
    let one = harness
        .error(
            "repository.merge_base",
            json!({"project_id": P, "refs": ["main"]}),
        )
        .await;
    assert!(one.contains("Provide at least 2 refs"), "{one}");
}
