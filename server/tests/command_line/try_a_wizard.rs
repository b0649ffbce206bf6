//! `gitlab-mcp-server try`: the real binary driven through a pseudo-terminal, typing as a
//! user does, against a sandbox GitLab this test owns (so that what the wizard made can
//! be read afterwards) or the binary's own `--sandbox`.

use std::process::{Command, Stdio};

use gitlab_sandbox::Sandbox;
use rexpect::session::{PtySession, spawn_command};
use serde_json::Value;

/// Generous: the machine may be loaded by other builds.
const TIMEOUT_MS: u64 = 30_000;

const ENTER: &str = "\r";
const ESC: &str = "\x1b";

/// The binary with `args`, uncoloured so that the prompts read as plain text.
fn binary(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_gitlab-mcp-server"));
    command
        .args(args)
        .env("NO_COLOR", "1")
        .env_remove("GITLAB_TOKEN")
        .env_remove("GITLAB_MCP_READ_ONLY")
        .env_remove("GITLAB_MCP_ALLOWED_PROJECTS")
        .env_remove("GITLAB_MCP_TOOLSETS");
    command
}

/// `try issue` on a pseudo-terminal, against `sandbox`.
fn try_issue(sandbox: &Sandbox) -> PtySession {
    let url = sandbox.base_url().to_string();
    let command = binary(&[
        "try",
        "issue",
        "--project",
        "demo/sandbox",
        "--gitlab-url",
        &url,
        "--gitlab-token",
        "glpat-try-terminal",
    ]);
    spawn_command(command, Some(TIMEOUT_MS)).expect("the binary starts on a pty")
}

/// `text` as rexpect reads it: one char per byte, so that non-ASCII text matches.
fn as_read(text: &str) -> String {
    text.bytes().map(char::from).collect()
}

/// Waits for `question`, then types `answer` and Enter.
fn answer(session: &mut PtySession, question: &str, answer: &str) {
    session
        .exp_string(question)
        .unwrap_or_else(|error| panic!("waiting for {question:?}: {error}"));
    session.send(answer).expect("typed");
    session.send(ENTER).expect("entered");
    session.flush().expect("flushed");
}

/// How the process ended, once its output is read to the end.
fn exit_code(mut session: PtySession) -> (String, Option<i32>) {
    let rest = session.exp_eof().expect("the binary exits");
    let status = session.process().wait().expect("waited for");
    let code = match status {
        rexpect::process::WaitStatus::Exited(_, code) => Some(code),
        _ => None,
    };
    (rest, code)
}

/// A fresh sandbox on a runtime that serves it while the test thread types.
fn sandbox() -> (tokio::runtime::Runtime, Sandbox) {
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    let sandbox = runtime
        .block_on(Sandbox::start())
        .expect("the sandbox starts");
    (runtime, sandbox)
}

/// The demo project's issues, as GitLab lists them.
fn issues(runtime: &tokio::runtime::Runtime, sandbox: &Sandbox) -> Vec<Value> {
    let url = sandbox
        .base_url()
        .join("api/v4/projects/1/issues?per_page=100")
        .expect("a sandbox URL");
    let read = async { reqwest::get(url).await?.json::<Value>().await };
    let issues = runtime.block_on(read).expect("the issues read");
    issues.as_array().cloned().expect("a list")
}

#[test]
fn the_issue_wizard_creates_the_issue_after_the_yes_and_prints_its_url() {
    let (runtime, sandbox) = sandbox();
    let before = issues(&runtime, &sandbox).len();
    let mut session = try_issue(&sandbox);
    answer(
        &mut session,
        "Enter the issue title",
        "Login fails with `**`",
    );
    // Optional questions declined: Enter alone on the texts, `s` at the yes/no.
    answer(&mut session, "Enter the issue description", "");
    answer(&mut session, "Enter comma-separated labels", "bug, auth");
    answer(&mut session, "Should this issue be confidential?", "s");
    // The summary, escaped as a client shows it.
    session
        .exp_string("Title: `` Login fails with `**` ``")
        .expect("the summary shows the title escaped");
    session.exp_string("Labels: `bug, auth`").expect("labels");
    answer(&mut session, "Create the issue", "y");
    let (rest, code) = exit_code(session);
    assert_eq!(code, Some(0), "{rest}");
    let issues = issues(&runtime, &sandbox);
    assert_eq!(issues.len(), before + 1);
    let issue = issues
        .iter()
        .find(|issue| issue["title"] == "Login fails with `**`")
        .expect("the issue exists");
    let url = issue["web_url"].as_str().expect("a web URL");
    assert!(rest.contains(url), "the URL {url} is printed: {rest}");
    // Declined: neither a description nor confidentiality was sent.
    let created = sandbox
        .writes()
        .into_iter()
        .find(|request| request.method == "POST")
        .expect("one POST");
    let body = created.body;
    assert_eq!(body.get("description"), None, "{body}");
    assert_eq!(body.get("confidential"), None, "{body}");
    assert_eq!(body["labels"], "bug,auth");
}

#[test]
fn a_no_at_the_summary_creates_nothing() {
    let (_runtime, sandbox) = sandbox();
    let mut session = try_issue(&sandbox);
    answer(&mut session, "Enter the issue title", "Never sent");
    answer(&mut session, "Enter the issue description", "");
    answer(&mut session, "Enter comma-separated labels", "");
    // Enter alone takes the default: no.
    answer(&mut session, "Should this issue be confidential?", "");
    answer(&mut session, "Create the issue", "");
    session
        .exp_string("Issue creation cancelled by user.")
        .expect("the ending's text, as a client reads it");
    let (rest, code) = exit_code(session);
    assert_eq!(code, Some(1), "{rest}");
    assert!(sandbox.writes().is_empty(), "nothing was sent");
}

#[test]
fn esc_at_the_summary_cancels() {
    let (_runtime, sandbox) = sandbox();
    let mut session = try_issue(&sandbox);
    answer(&mut session, "Enter the issue title", "Never sent either");
    answer(&mut session, "Enter the issue description", "");
    answer(&mut session, "Enter comma-separated labels", "");
    answer(&mut session, "Should this issue be confidential?", "y");
    session
        .exp_string("Confidential: Yes")
        .expect("the summary");
    session.exp_string("Create the issue").expect("the yes/no");
    session.send(ESC).expect("Esc");
    session.flush().expect("flushed");
    session
        .exp_string("Issue creation cancelled by user.")
        .expect("cancelled");
    let (rest, code) = exit_code(session);
    assert_eq!(code, Some(130), "{rest}");
    assert!(sandbox.writes().is_empty(), "nothing was sent");
}

#[test]
fn esc_at_a_text_question_leaves_as_ctrl_c_does() {
    for key in [ESC, "\x03"] {
        let (_runtime, sandbox) = sandbox();
        let mut session = try_issue(&sandbox);
        answer(&mut session, "Enter the issue title", "Half typed");
        session
            .exp_string("Enter the issue description")
            .expect("the next question");
        session.send(key).expect("the key");
        session.flush().expect("flushed");
        session
            .exp_string(
                "Enter the issue description (Markdown supported, or leave empty) cancelled",
            )
            .expect("the question reads cancelled, spelled as the ending");
        session
            .exp_string("Issue creation cancelled by user.")
            .expect("the ending");
        let (rest, code) = exit_code(session);
        assert_eq!(code, Some(130), "{key:?}: {rest}");
        assert!(!rest.contains("<canceled>"), "{rest}");
        assert!(sandbox.writes().is_empty(), "nothing was sent");
    }
}

#[test]
fn a_refused_answer_is_cleared_and_its_reason_shown_above_the_question() {
    let (runtime, sandbox) = sandbox();
    let mut session = try_issue(&sandbox);
    answer(&mut session, "Enter the issue title", "   ");
    session
        .exp_string(&as_read("✗ `title` must not be empty"))
        .expect("the wire paths' reason, marked as a refusal");
    // The line is empty again: what is typed now is the whole answer.
    answer(&mut session, "? Enter the issue title", "Typed again");
    session
        .exp_string("> Enter the issue title Typed again")
        .expect("the answer, once taken");
    answer(&mut session, "Enter the issue description", "");
    session
        .exp_string("> Enter the issue description (Markdown supported, or leave empty) skipped")
        .expect("a skipped text reads skipped");
    answer(&mut session, "Enter comma-separated labels", "");
    answer(&mut session, "Should this issue be confidential?", "s");
    session
        .exp_string("> Should this issue be confidential? skipped")
        .expect("a skipped yes/no reads the same");
    answer(&mut session, "Create the issue", "y");
    let (rest, code) = exit_code(session);
    assert_eq!(code, Some(0), "{rest}");
    let titles: Vec<Value> = issues(&runtime, &sandbox)
        .iter()
        .map(|issue| issue["title"].clone())
        .collect();
    assert!(titles.contains(&"Typed again".into()), "{titles:?}");
}

#[test]
fn a_text_is_edited_as_in_a_shell() {
    let (runtime, sandbox) = sandbox();
    let mut session = try_issue(&sandbox);
    session
        .exp_string("Enter the issue title")
        .expect("the first question");
    // Ctrl-U clears the line, Ctrl-W takes back a word, Ctrl-A goes to its start, and
    // the arrows move within it.
    for keys in [
        "all wrong",
        "\x15",
        "Login fials",
        "\x17",
        "fails",
        "\x01",
        "Bug: ",
        "\x1b[C\x1b[D",
    ] {
        session.send(keys).expect("typed");
    }
    session.send(ENTER).expect("entered");
    session.flush().expect("flushed");
    answer(&mut session, "Enter the issue description", "");
    answer(&mut session, "Enter comma-separated labels", "");
    answer(&mut session, "Should this issue be confidential?", "");
    answer(&mut session, "Create the issue", "y");
    let (rest, code) = exit_code(session);
    assert_eq!(code, Some(0), "{rest}");
    let titles: Vec<Value> = issues(&runtime, &sandbox)
        .iter()
        .map(|issue| issue["title"].clone())
        .collect();
    assert!(titles.contains(&"Bug: Login fails".into()), "{titles:?}");
}

#[test]
fn with_its_own_sandbox_it_creates_the_issue_on_the_demo_project() {
    let command = binary(&["try", "issue", "--sandbox"]);
    let mut session = spawn_command(command, Some(TIMEOUT_MS)).expect("started");
    answer(&mut session, "Enter the issue title", "From the sandbox");
    answer(&mut session, "Enter the issue description", "");
    answer(&mut session, "Enter comma-separated labels", "");
    answer(&mut session, "Should this issue be confidential?", "n");
    session
        .exp_string("Create issue in project `demo/sandbox`?")
        .expect("the summary");
    answer(&mut session, "Create the issue", "y");
    session
        .exp_string("/demo/sandbox/-/issues/")
        .expect("the issue's web URL");
    let (rest, code) = exit_code(session);
    assert_eq!(code, Some(0), "{rest}");
}

#[test]
fn without_a_terminal_it_says_so_before_starting_anything() {
    let output = binary(&["try", "issue", "--sandbox"])
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("standard input is not a terminal"),
        "{stderr}"
    );
    assert!(!stderr.contains("Sandbox GitLab at"), "{stderr}");
}

/// `try issue` on a pty with `args`, expected to stop with `code` before any question,
/// saying `said`.
fn stops_before_asking(args: &[&str], code: i32, said: &str) {
    let mut all = vec!["try"];
    all.extend(args);
    let session = spawn_command(binary(&all), Some(TIMEOUT_MS)).expect("started");
    let (rest, exited) = exit_code(session);
    assert_eq!(exited, Some(code), "{rest}");
    assert!(rest.contains(said), "{said:?} in {rest}");
    assert!(!rest.contains("? "), "no question was asked: {rest}");
}

#[test]
fn without_a_token_it_stops_before_the_first_question() {
    stops_before_asking(
        &[
            "issue",
            "--project",
            "a/b",
            "--gitlab-url",
            "http://127.0.0.1:9/",
        ],
        3,
        "no GitLab token: sign in with `gitlab-mcp-server auth login`",
    );
}

#[test]
fn an_unreachable_gitlab_stops_it_before_the_first_question() {
    // Port 9 (discard) on loopback: nothing listens there.
    stops_before_asking(
        &[
            "issue",
            "--project",
            "a/b",
            "--gitlab-url",
            "http://127.0.0.1:9/",
            "--gitlab-token",
            "glpat-unused",
        ],
        3,
        "could not connect to GitLab",
    );
}

#[test]
fn a_merge_that_cannot_happen_is_said_before_the_questions() {
    // The demo merge request waits for an approval.
    stops_before_asking(
        &["mr_merge", "--sandbox", "--mr", "1"],
        1,
        "Merge request !1 in `demo/sandbox` cannot be merged now: it needs its approvals first",
    );
}

#[test]
fn serving_over_http_is_refused_rather_than_ignored() {
    let output = binary(&["try", "issue", "--sandbox", "--http", "127.0.0.1:0"])
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("`--http` serves MCP clients"), "{stderr}");
}

#[test]
fn read_only_refuses_before_asking() {
    stops_before_asking(
        &["issue", "--sandbox", "--read-only", "true"],
        1,
        "this server is read-only",
    );
}

#[test]
fn alone_it_lists_the_wizards_with_their_questions() {
    let output = binary(&["try"]).output().expect("the binary runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    for expected in [
        "issue --project …: Create issue step by step",
        "  1. Enter the issue title",
        "mr_merge --project … --mr …: Merge merge request step by step",
        "Select the project visibility (one of Private, Internal, Public)",
    ] {
        assert!(stdout.contains(expected), "{expected:?} in\n{stdout}");
    }
}

#[test]
fn a_missing_argument_is_named_by_its_flag() {
    let output = binary(&["try", "issue", "--gitlab-url", "http://127.0.0.1:9/"])
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("`try issue` needs --project"), "{stderr}");
}

/// The arrow down, as a terminal sends it.
const DOWN: &str = "\x1b[B";

/// Picks the option `downs` below the first at a choice.
fn choose(session: &mut PtySession, question: &str, downs: usize) {
    session
        .exp_string(question)
        .unwrap_or_else(|error| panic!("waiting for {question:?}: {error}"));
    for _ in 0..downs {
        session.send(DOWN).expect("the arrow");
    }
    session.send(ENTER).expect("entered");
    session.flush().expect("flushed");
}

const DECIDE: &str = "Keep this comment as it is, edit it, or drop it?";

#[test]
fn the_review_wizard_on_its_own_sandbox_publishes_what_was_kept_and_approves() {
    // Without --mr: on the sandbox, the review is of the demo merge request !1.
    let command = binary(&["try", "mr_review", "--sandbox"]);
    let mut session = spawn_command(command, Some(TIMEOUT_MS)).expect("started");
    session
        .exp_string("Drafted 3 review comments on !1, as a model would")
        .expect("the model's part, played on the sandbox");
    session
        .exp_string("Draft comment 1 of 3, a general comment:")
        .expect("each draft shown where it sits");
    choose(&mut session, DECIDE, 0);
    session
        .exp_string("Draft comment 2 of 3, on `src/tokenizer.rs:16`:")
        .expect("a draft on a line of the diff");
    choose(&mut session, DECIDE, 1);
    // The line starts as the draft's text: Ctrl-W takes back its last word.
    session
        .exp_string("Edit the comment (Markdown)")
        .expect("the edit");
    for keys in ["\x17", "it, please?", ENTER] {
        session.send(keys).expect("typed");
    }
    session.flush().expect("flushed");
    session
        .exp_string("Draft comment 3 of 3, a general comment:")
        .expect("the last draft");
    choose(&mut session, DECIDE, 2);
    choose(&mut session, "Publish the review with which verdict?", 1);
    session
        .exp_string("Publish 2 comments on !1 in `demo/sandbox` and approve it?")
        .expect("the summary");
    session
        .exp_string("- Edited, on `src/tokenizer.rs:16`: `Could this loop stop at the sentinel itself, rather than one before it, please?`")
        .expect("the edit in the summary");
    session
        .exp_string("- Dropped, a general comment:")
        .expect("the drop in the summary");
    // A comment of two lines shows on two, the second indented under the first.
    session
        .exp_regex(r"`Please add a test for an empty input\.`\r?\n {30}`/label ~bug`")
        .expect("a value's lines kept in the summary");
    answer(&mut session, "Publish the review", "y");
    session
        .exp_string(
            "Published 2 comments on !1 (1 edited first), deleted 1 dropped draft and approved it.",
        )
        .expect("what was done");
    let (rest, code) = exit_code(session);
    assert_eq!(code, Some(0), "{rest}");
}

#[test]
fn esc_during_a_review_publishes_nothing() {
    let (runtime, sandbox) = sandbox();
    let drafts = sandbox
        .base_url()
        .join("api/v4/projects/1/merge_requests/1/draft_notes")
        .expect("a sandbox URL");
    let write = async {
        let client = reqwest::Client::new();
        client
            .post(drafts)
            .json(&serde_json::json!({"note": "Hm"}))
            .send()
            .await
    };
    runtime.block_on(write).expect("the draft is written");
    sandbox.clear_requests();
    let url = sandbox.base_url().to_string();
    let command = binary(&[
        "try",
        "mr_review",
        "--project",
        "demo/sandbox",
        "--mr",
        "1",
        "--gitlab-url",
        &url,
        "--gitlab-token",
        "glpat-try-terminal",
    ]);
    let mut session = spawn_command(command, Some(TIMEOUT_MS)).expect("started");
    choose(&mut session, DECIDE, 1);
    session
        .exp_string("Edit the comment (Markdown)")
        .expect("the edit");
    session.send(" changed").expect("typed");
    session.send(ESC).expect("Esc");
    session.flush().expect("flushed");
    session
        .exp_string("Review cancelled by user.")
        .expect("the ending");
    let (rest, code) = exit_code(session);
    assert_eq!(code, Some(130), "{rest}");
    assert!(sandbox.writes().is_empty(), "nothing was sent");
}
