//! A bad setting stops the real binary at startup, exit status 2, with an error naming
//! the variable; nothing is read as a silent default.

use std::process::{Command, Output, Stdio};

use crate::support::{SERVER, isolated};

/// Runs the server on stdio with only `env` set and stdin closed: a good configuration
/// starts and ends at once, no client having come (not status 2); a bad one never starts.
fn run(env: &[(&str, &str)], args: &[&str]) -> Output {
    let mut command = Command::new(SERVER);
    isolated(&mut command)
        .env("RUST_LOG", "warn")
        .envs(env.iter().copied())
        .args(["--gitlab-url", "http://127.0.0.1:9"])
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    command.output().expect("the server binary runs")
}

fn refused(env: &[(&str, &str)], args: &[&str], variable: &str) -> String {
    let output = run(env, args);
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(2), "{env:?} {args:?}: {stderr}");
    assert!(
        stderr.starts_with(&format!("gitlab-mcp-server: {variable} (--")),
        "{env:?} {args:?}: {stderr}"
    );
    stderr
}

#[test]
fn yes_no_settings_take_eight_words_in_any_case_and_nothing_else() {
    for (variable, args) in [
        ("GITLAB_MCP_YOLO_MODE", &[][..]),
        ("AUTOPILOT", &[][..]),
        ("GITLAB_MCP_READ_ONLY", &[][..]),
        ("GITLAB_MCP_STATELESS", &["--http", "127.0.0.1:0"][..]),
    ] {
        for bad in ["maybe", "", "2", "enabled", "ja"] {
            let stderr = refused(&[(variable, bad)], args, variable);
            assert!(stderr.contains("expected `true` or `false`"), "{stderr}");
        }
    }
    for good in ["1", "TRUE", "Yes", "on", "0", "false", "NO", "Off"] {
        for variable in ["GITLAB_MCP_YOLO_MODE", "AUTOPILOT", "GITLAB_MCP_READ_ONLY"] {
            let output = run(&[(variable, good)], &[]);
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_ne!(output.status.code(), Some(2), "{variable}={good}: {stderr}");
            assert!(stderr.contains("connection closed: initialize"), "{stderr}");
        }
    }
}

#[test]
fn yolo_maybe_names_the_variable_and_the_words_it_takes() {
    let stderr = refused(
        &[("GITLAB_MCP_YOLO_MODE", "maybe")],
        &[],
        "GITLAB_MCP_YOLO_MODE",
    );
    assert_eq!(
        stderr.trim_end(),
        "gitlab-mcp-server: GITLAB_MCP_YOLO_MODE (--yolo-mode): `maybe` is not a yes/no value; \
         expected `true` or `false` (also `1`/`0`, `yes`/`no`, `on`/`off`)"
    );
}

#[test]
fn an_empty_or_all_zero_state_key_stops_startup() {
    let stderr = refused(
        &[("GITLAB_MCP_STATE_KEYS", "")],
        &[],
        "GITLAB_MCP_STATE_KEYS",
    );
    assert!(stderr.contains("no state keys given"), "{stderr}");
    let zeros = "00".repeat(32);
    let stderr = refused(
        &[("GITLAB_MCP_STATE_KEYS", &zeros)],
        &[],
        "GITLAB_MCP_STATE_KEYS",
    );
    assert!(stderr.contains("state key 1 is all zeros"), "{stderr}");
    assert!(!stderr.contains(&zeros), "{stderr}");
}
