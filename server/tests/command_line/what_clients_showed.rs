//! What people met in the binary when they tried it (issue "What the real clients
//! showed"): each subcommand's `--help` leads with its own options and names the settings
//! only the environment sets, a bad credential store stops every command, `try` without
//! a token says so once, `auth --sandbox` says what is true of a sandbox, and `try
//! mr_merge --sandbox` offers a merge request that can be merged and starts from its own
//! settings, with yes/nos edited as text lines are.

use std::process::{Command, Stdio};

use rexpect::session::{PtySession, spawn_command};

use crate::support::{SERVER, isolated};

const TIMEOUT_MS: u64 = 30_000;
const ENTER: &str = "\r";

/// The binary's output for `args`, run without a terminal: (exit code, stdout, stderr).
fn run(args: &[&str], env: &[(&str, &str)]) -> (Option<i32>, String, String) {
    let mut command = Command::new(SERVER);
    isolated(&mut command).args(args).stdin(Stdio::null());
    for (name, value) in env {
        command.env(name, value);
    }
    let output = command.output().expect("the binary runs");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// The lines of `help` before the server settings' heading: the subcommand's own part.
fn own_part(help: &str) -> &str {
    help.split("Server settings").next().unwrap_or(help)
}

#[test]
fn a_subcommands_help_leads_with_its_own_options() {
    for (args, own) in [
        (&["try", "--help"][..], &["--project", "--mr"][..]),
        (&["auth", "login", "--help"], &["--scopes", "--browser"]),
    ] {
        let (code, help, _) = run(args, &[]);
        assert_eq!(code, Some(0), "{args:?}");
        let own_part = own_part(&help);
        for option in own {
            assert!(
                own_part.contains(option),
                "{option} before the settings in {help}"
            );
        }
        // The 31 server settings come after, under their own heading.
        assert!(help.contains("Server settings"), "{help}");
        assert!(!own_part.contains("--gitlab-url"), "{help}");
    }
}

#[test]
fn every_help_names_the_settings_only_the_environment_sets() {
    for args in [
        &["--help"][..],
        &["try", "--help"],
        &["auth", "login", "--help"],
    ] {
        let (_, help, _) = run(args, &[]);
        for variable in [
            "GITLAB_MCP_CREDENTIAL_STORE",
            "GITLAB_MCP_CONFIG_DIR",
            "RUST_LOG",
        ] {
            assert!(help.contains(variable), "{variable} in {args:?}:\n{help}");
        }
    }
}

#[test]
fn a_bad_credential_store_stops_every_command() {
    for args in [
        &["--gitlab-url", "http://127.0.0.1:9/"][..],
        &["auth", "status", "--gitlab-url", "http://127.0.0.1:9/"],
        &["try", "issue", "--sandbox"],
    ] {
        let (code, _, stderr) = run(args, &[("GITLAB_MCP_CREDENTIAL_STORE", "keyrign")]);
        assert_ne!(code, Some(0), "{args:?}: {stderr}");
        assert!(
            stderr.contains("GITLAB_MCP_CREDENTIAL_STORE") && stderr.contains("`keyrign`"),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn try_without_a_token_says_so_once_and_logs_nothing_before() {
    let mut command = Command::new(SERVER);
    isolated(&mut command)
        .args(["try", "issue", "--project", "a/b"])
        .args(["--gitlab-url", "http://127.0.0.1:9/"])
        .env("NO_COLOR", "1");
    let mut session = spawn_command(command, Some(TIMEOUT_MS)).expect("started");
    let all = session.exp_eof().expect("it exits");
    assert_eq!(all.matches("no GitLab token").count(), 1, "{all}");
    assert!(
        all.trim_start()
            .starts_with("gitlab-mcp-server try: no GitLab token"),
        "its own message first: {all}"
    );
}

#[test]
fn auth_against_the_sandbox_says_what_is_true_of_a_sandbox() {
    let (code, _, stderr) = run(&["auth", "status", "--sandbox"], &[]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("not signed in to the sandbox GitLab"),
        "{stderr}"
    );
    let (code, _, stderr) = run(&["auth", "logout", "--sandbox"], &[]);
    assert_eq!(code, Some(0), "{stderr}");
    // A device code is approved only at a login without --browser.
    assert!(!stderr.contains("approve the code"), "{stderr}");
}

/// `text` as rexpect reads it: one char per byte.
fn as_read(text: &str) -> String {
    text.bytes().map(char::from).collect()
}

fn expect(session: &mut PtySession, text: &str) -> String {
    session
        .exp_string(&as_read(text))
        .unwrap_or_else(|error| panic!("waiting for {text:?}: {error}"))
}

fn send(session: &mut PtySession, keys: &str) {
    session.send(keys).expect("typed");
    session.flush().expect("flushed");
}

#[test]
fn try_mr_merge_offers_the_mergeable_merge_requests_and_starts_from_their_settings() {
    let mut command = Command::new(SERVER);
    isolated(&mut command)
        .args(["try", "mr_merge", "--sandbox"])
        .env("NO_COLOR", "1")
        .env("TERM", "xterm");
    let mut session = spawn_command(command, Some(TIMEOUT_MS)).expect("started");
    // The showcase's !2 is offered; !1, which waits for an approval, is not.
    let before = expect(&mut session, "Which merge request should be merged?");
    let offered = expect(&mut session, "!2 Say what a token is in the README");
    assert!(
        !format!("{before}{offered}").contains("!1 "),
        "{before}{offered}"
    );
    send(&mut session, ENTER);
    // Its author asked for a squash: the yes/no starts on yes.
    expect(&mut session, "Squash commits on merge?");
    expect(&mut session, "Y/n");
    // Ctrl-U clears what was typed and Ctrl-A goes to the line's start, as at a text:
    // "x" is typed, cleared, then "y" typed and Home pressed: the line holds "y".
    send(&mut session, "x\x15y\x01");
    send(&mut session, ENTER);
    expect(&mut session, "Squash commits on merge? yes");
    expect(&mut session, "Remove the source branch after merge?");
    send(&mut session, ENTER);
    let summary = expect(&mut session, "Merge the merge request");
    assert!(summary.contains("- Squash commits: Yes"), "{summary}");
    assert!(
        summary.contains("- Source branch: removed after the merge"),
        "{summary}"
    );
    assert!(
        !summary.contains("Merge when the pipeline succeeds?"),
        "{summary}"
    );
    send(&mut session, "y");
    send(&mut session, ENTER);
    let rest = session.exp_eof().expect("it exits");
    let status = session.process().wait().expect("waited for");
    assert!(
        matches!(status, rexpect::process::WaitStatus::Exited(_, 0)),
        "{status:?}: {rest}"
    );
}

/// A yes/no is a line edited as a text is: Ctrl-U clears it and Ctrl-A goes to its start
/// (they were typed as letters), so "n", Ctrl-U, "es", Ctrl-A, "y" answers yes.
#[test]
fn a_yes_no_is_edited_with_ctrl_u_and_ctrl_a() {
    let mut command = Command::new(SERVER);
    isolated(&mut command)
        .args(["try", "issue", "--sandbox"])
        .env("NO_COLOR", "1")
        .env("TERM", "xterm");
    let mut session = spawn_command(command, Some(TIMEOUT_MS)).expect("started");
    for (question, typed) in [
        ("Enter the issue title", "Typed"),
        ("Enter the issue description", ""),
        ("Enter comma-separated labels", ""),
    ] {
        expect(&mut session, question);
        send(&mut session, typed);
        send(&mut session, ENTER);
    }
    expect(&mut session, "Should this issue be confidential?");
    send(&mut session, "n\x15es\x01y");
    send(&mut session, ENTER);
    expect(&mut session, "Should this issue be confidential? yes");
    expect(&mut session, "- Confidential: Yes");
    expect(&mut session, "Create the issue");
    send(&mut session, "n");
    send(&mut session, ENTER);
    session.exp_eof().expect("it exits");
}

/// Each question's sentence is drawn once (the yes/no was drawn twice, once more per key
/// typed), and a refusal's reason once, above the question asked again.
#[test]
fn a_question_and_a_refusals_reason_are_each_said_once() {
    let mut command = Command::new(SERVER);
    isolated(&mut command)
        .args(["try", "issue", "--sandbox"])
        .env("NO_COLOR", "1")
        .env("TERM", "xterm");
    let mut session = spawn_command(command, Some(TIMEOUT_MS)).expect("started");
    // Everything drawn, in order: what came before each awaited text, and the text.
    let mut drawn = String::new();
    for (question, typed) in [
        ("Enter the issue title", "   "),
        ("must not be empty", "Typed"),
        ("Enter the issue description", ""),
        ("Enter comma-separated labels", ""),
        ("Should this issue be confidential?", "n"),
        ("Create the issue", "n"),
    ] {
        drawn.push_str(&expect(&mut session, question));
        drawn.push_str(question);
        send(&mut session, typed);
        send(&mut session, ENTER);
    }
    drawn.push_str(&session.exp_eof().expect("it exits"));
    assert!(
        drawn.contains("Issue creation cancelled by user."),
        "{drawn}"
    );
    assert_eq!(drawn.matches("must not be empty").count(), 1, "{drawn:?}");
    assert_eq!(
        drawn.matches("Should this issue be confidential?").count(),
        2,
        "the question, then its answer: {drawn:?}"
    );
}
