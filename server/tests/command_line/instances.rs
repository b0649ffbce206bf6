//! Several GitLab instances in one stdio server (`GITLAB_MCP_INSTANCES`): the tools'
//! `instance` argument, and what stops startup. Where calls go, on both revisions, is
//! `tests/e2e/instances.rs`.

use gitlab_sandbox::Sandbox;
use serde_json::json;

use crate::support::stdio::StdioServer;

const LIST: &str = "gitlab_issue_list";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_tool_but_find_takes_the_instance_by_name() {
    let gitlab = Sandbox::start().await.expect("a sandbox");
    let alpha = gitlab.base_url().to_string();
    let instances = format!(
        "alpha={alpha},beta={}",
        alpha.replace("127.0.0.1", "localhost")
    );
    let mut server = StdioServer::with_env(&alpha, &[("GITLAB_MCP_INSTANCES", &instances)]);
    server.initialize();
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
