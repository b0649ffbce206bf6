//! Several GitLab instances in one stdio server (`GITLAB_MCP_INSTANCES`): every tool takes
//! `instance`; each instance has its own token and allowed projects; a call that names none
//! goes to the instance the workspace's git remote is on, else the first. Two sandboxes,
//! one reached as `127.0.0.1`, the other as `localhost`, tell the hosts apart.

use gitlab_sandbox::Sandbox;
use serde_json::{Value, json};

use crate::support::stdio::StdioServer;

const LIST: &str = "gitlab_issue_list";

struct Two {
    alpha: Sandbox,
    beta: Sandbox,
    /// `http://localhost:<port>/`: beta by another host name.
    beta_url: String,
}

async fn two() -> Two {
    let alpha = Sandbox::start().await.expect("a sandbox");
    let beta = Sandbox::start().await.expect("a sandbox");
    let beta_url = beta.base_url().as_str().replace("127.0.0.1", "localhost");
    Two {
        alpha,
        beta,
        beta_url,
    }
}

fn start(two: &Two, dir: Option<&std::path::Path>, more: &[(&str, &str)]) -> StdioServer {
    let instances = format!("alpha={},beta={}", two.alpha.base_url(), two.beta_url);
    let mut env = vec![
        ("GITLAB_MCP_INSTANCES", instances.as_str()),
        ("GITLAB_TOKEN_ALPHA", "glpat-alpha"),
        ("GITLAB_TOKEN_BETA", "glpat-beta"),
        ("RUST_LOG", "warn"),
    ];
    env.extend_from_slice(more);
    let mut server = StdioServer::with_env_in(two.alpha.base_url().as_str(), &env, dir);
    server.initialize();
    server
}

fn list_calls(sandbox: &Sandbox, token: &str) -> usize {
    sandbox
        .requests()
        .iter()
        .filter(|request| request.path.ends_with("/issues"))
        .filter(|request| {
            request
                .private_token
                .as_ref()
                .is_some_and(|t| t.matches(token))
        })
        .count()
}

fn text(answer: &Value) -> String {
    answer["result"]["content"][0]["text"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

fn is_error(answer: &Value) -> bool {
    answer["result"]["isError"] == json!(true)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_call_goes_to_the_instance_it_names_with_that_instance_s_token_and_limits() {
    let two = two().await;
    // Alpha may name project 2 only (the server-wide list); beta its own list, project 1.
    let mut server = start(
        &two,
        None,
        &[
            ("GITLAB_MCP_ALLOWED_PROJECTS", "2"),
            ("GITLAB_MCP_ALLOWED_PROJECTS_BETA", "demo/sandbox"),
        ],
    );
    let tools = server.request("tools/list", &json!({}));
    let list = tools["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .find(|tool| tool["name"] == LIST)
        .unwrap();
    assert_eq!(
        list["inputSchema"]["properties"]["instance"]["enum"],
        json!(["alpha", "beta"])
    );

    let answer = server.call(LIST, &json!({"project_id": 1, "instance": "beta"}));
    assert!(!is_error(&answer), "{answer}");
    assert_eq!(list_calls(&two.beta, "glpat-beta"), 1);
    assert!(two.alpha.requests().is_empty());

    // No instance named, no workspace remote: the first, with its own limits.
    let answer = server.call(LIST, &json!({"project_id": 1}));
    assert!(is_error(&answer), "{answer}");
    assert!(
        text(&answer).contains("GITLAB_MCP_ALLOWED_PROJECTS"),
        "{answer}"
    );
    assert!(two.alpha.requests().is_empty());

    let answer = server.call(LIST, &json!({"project_id": 1, "instance": "gamma"}));
    assert!(is_error(&answer));
    assert!(text(&answer).contains("`alpha`, `beta`"), "{answer}");
    assert_eq!(list_calls(&two.beta, "glpat-beta"), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_call_naming_no_instance_goes_to_the_one_the_workspace_remote_is_on() {
    let two = two().await;
    let workspace = tempfile::tempdir().unwrap();
    std::fs::create_dir(workspace.path().join(".git")).unwrap();
    let remote = format!("{}demo/sandbox.git", two.beta_url);
    std::fs::write(
        workspace.path().join(".git/config"),
        format!("[remote \"origin\"]\n\turl = {remote}\n"),
    )
    .unwrap();
    let mut server = start(&two, Some(workspace.path()), &[]);
    let answer = server.call(LIST, &json!({}));
    assert!(!is_error(&answer), "{answer}");
    assert_eq!(list_calls(&two.beta, "glpat-beta"), 1);
    assert!(two.alpha.requests().is_empty());
    // Named, the other one.
    let answer = server.call(LIST, &json!({"project_id": 1, "instance": "alpha"}));
    assert!(!is_error(&answer), "{answer}");
    assert_eq!(list_calls(&two.alpha, "glpat-alpha"), 1);
}

#[test]
fn several_instances_are_for_stdio_and_each_takes_its_own_token() {
    for (args, env, says) in [
        (vec!["--http", "127.0.0.1:0"], vec![], "stdio only"),
        (
            vec![],
            vec![("GITLAB_TOKEN", "glpat-x")],
            "GITLAB_TOKEN_<NAME>",
        ),
        (vec![], vec![("GITLAB_TOKEN_A", " ")], "GITLAB_TOKEN_A"),
    ] {
        let output =
            crate::support::isolated(&mut std::process::Command::new(crate::support::SERVER))
                .env(
                    "GITLAB_MCP_INSTANCES",
                    "a=https://gitlab.example.com,b=https://gitlab.com",
                )
                .envs(env)
                .args(args)
                .output()
                .expect("the server runs");
        assert!(!output.status.success());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(says), "{stderr}");
    }
}
