//! The server started by hand: in a terminal it says it waits for an MCP client and how to
//! try a wizard instead; without a token it warns that calls are anonymous.

use std::process::{Command, Stdio};

use rexpect::session::spawn_command;

use crate::support::{SERVER, isolated};

const TIMEOUT_MS: u64 = 30_000;

#[test]
fn started_by_hand_in_a_terminal_it_says_it_waits_for_an_mcp_client() {
    let mut command = Command::new(SERVER);
    command.arg("--sandbox").env("NO_COLOR", "1");
    let mut session = spawn_command(command, Some(TIMEOUT_MS)).expect("started");
    session
        .exp_string("this is an MCP server: it speaks JSON-RPC on stdin and stdout")
        .expect("the hint");
    session
        .exp_string("gitlab-mcp-server try issue --sandbox")
        .expect("how to try a wizard instead");
    // Ctrl-D: the end of stdin ends the server.
    session.send_control('d').expect("Ctrl-D");
    session.exp_eof().expect("the server exits");
}

#[test]
fn without_a_token_it_warns_that_calls_are_anonymous() {
    let mut command = Command::new(SERVER);
    // No token and no sign-in of the developer's.
    isolated(&mut command)
        .args(["--gitlab-url", "http://127.0.0.1:9/"])
        .env("RUST_LOG", "info")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    let child = command.spawn().expect("started");
    // No client: closing stdin ends the server.
    let output = child.wait_with_output().expect("it exits");
    let log = String::from_utf8_lossy(&output.stderr);
    assert!(
        log.contains("no GitLab token (GITLAB_TOKEN or --gitlab-token) and no stored sign-in: calls act anonymously")
            && log.contains("gitlab-mcp-server auth login"),
        "{log}"
    );
    assert!(
        !log.contains("this is an MCP server"),
        "not a terminal: {log}"
    );
    assert!(
        !log.contains("peer_info"),
        "rmcp's initialize is not logged: {log}"
    );
}
