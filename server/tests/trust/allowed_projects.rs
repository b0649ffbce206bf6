//! `GITLAB_MCP_ALLOWED_PROJECTS` holds whatever JSON form names a project: `2.0`, `2e0`,
//! `20e-1`, `"2"` and `"02"` all name project 2, and are refused like `2` on every
//! surface, over stdio and HTTP, for reads, writes, destructive actions, a second
//! project (`target_project_id`) and the wizards. GitLab receives nothing for project 2
//! but the one read that tells which project it is.

use gitlab_sandbox::Sandbox;
use serde_json::{Value, json};

use crate::support::rpc::Rpc;
use crate::support::stdio::StdioServer;
use crate::support::{Launch, wizard::asked};
use crate::{result_text, seed, tool_call};

const SURFACES: [&str; 3] = ["dynamic", "meta", "individual"];

/// Project 2 as the JSON text a client may write it, each of them its own JSON value.
const FORMS: [&str; 6] = ["2", "2.0", "2e0", "20e-1", "\"2\"", "\"02\""];

/// `(catalog id, params, confirm)` for each kind of call, naming project 2 as `form`.
fn calls(form: &str) -> Vec<(&'static str, String, bool)> {
    vec![
        ("project.get", format!(r#"{{"project_id":{form}}}"#), false),
        (
            "issue.create",
            format!(r#"{{"project_id":{form},"title":"smuggled"}}"#),
            false,
        ),
        (
            "project.delete",
            format!(r#"{{"project_id":{form}}}"#),
            true,
        ),
        (
            "issue.link_create",
            format!(
                r#"{{"project_id":1,"issue_iid":1,"target_project_id":{form},"target_issue_iid":1}}"#
            ),
            false,
        ),
        ("project.fork", format!(r#"{{"project_id":{form}}}"#), false),
        (
            "interactive.issue_create",
            format!(r#"{{"project_id":{form}}}"#),
            false,
        ),
    ]
}

/// The sandbox with project 2 beside the demo project, and nothing recorded yet.
async fn two_projects() -> Sandbox {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let other = seed(&sandbox, "projects", json!({"name": "other"})).await;
    assert_eq!(other["id"], 2, "{other}");
    sandbox.clear_requests();
    sandbox
}

/// GitLab saw nothing but reads of projects by id, which settle what an id names when
/// the list holds paths.
fn assert_only_looked_up(sandbox: &Sandbox, what: &str) {
    for request in sandbox.requests() {
        let id = request
            .path
            .strip_prefix("/api/v4/projects/")
            .unwrap_or_default();
        assert!(
            request.method.as_str() == "GET"
                && !id.is_empty()
                && id.bytes().all(|b| b.is_ascii_digit()),
            "{what}: GitLab received {} {}",
            request.method,
            request.path
        );
    }
}

fn assert_refused(refused: bool, text: &str, what: &str) {
    assert!(refused, "{what}: not refused: {text}");
    assert!(
        text.contains("GITLAB_MCP_ALLOWED_PROJECTS=demo/sandbox"),
        "{what}: {text}"
    );
}

/// Splices the raw JSON `params` into the arguments of the tool that runs `id`.
fn raw_arguments(surface: &str, id: &str, params: &str, confirm: bool) -> (String, String) {
    if surface == "individual" {
        // The arguments are the parameters themselves.
        let (tool, _) = tool_call(surface, id, json!({}), false);
        let confirmed = params.replacen('{', r#"{"confirm":true,"#, 1);
        return (
            tool,
            if confirm {
                confirmed
            } else {
                params.to_owned()
            },
        );
    }
    let (tool, arguments) = tool_call(surface, id, json!("PARAMS"), confirm);
    let arguments = arguments.to_string().replace("\"PARAMS\"", params);
    (tool, arguments)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_stdio_every_form_of_another_project_is_refused() {
    let sandbox = two_projects().await;
    let gitlab = sandbox.base_url().to_string();
    for surface in SURFACES {
        let mut server = StdioServer::with_env(
            &gitlab,
            &[
                ("GITLAB_MCP_TOOL_SURFACE", surface),
                ("GITLAB_MCP_ALLOWED_PROJECTS", "demo/sandbox"),
            ],
        );
        server.initialize();
        let mut id = 10;
        for form in FORMS {
            for (action, params, confirm) in calls(form) {
                let (tool, arguments) = raw_arguments(surface, action, &params, confirm);
                id += 1;
                // The line as written: `2e0` stays `2e0` on the wire.
                let line = format!(
                    r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/call","params":{{"name":"{tool}","arguments":{arguments}}}}}"#
                );
                server.send(line.as_bytes());
                let (refused, text) = result_text(&server.answer());
                let what = format!("stdio {surface} {action} {params}");
                assert_refused(refused, &text, &what);
                assert_only_looked_up(&sandbox, &what);
            }
        }
        // The allowed project still works, by either form.
        for params in [
            json!({"project_id": 1.0}),
            json!({"project_id": "demo/sandbox"}),
        ] {
            let (tool, arguments) = tool_call(surface, "project.get", params, false);
            let (failed, text) = result_text(&server.call(&tool, &arguments));
            assert!(!failed, "{surface}: {text}");
        }
        sandbox.clear_requests();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn over_http_every_form_of_another_project_is_refused_on_both_revisions() {
    let sandbox = two_projects().await;
    let gitlab = sandbox.base_url().to_string();
    let rpc = Rpc::default();
    for surface in SURFACES {
        let server = Launch::new(&gitlab)
            .surface(surface)
            .args(&["--allowed-projects", "demo/sandbox"])
            .start();
        for form in FORMS {
            for (action, params, confirm) in calls(form) {
                let params: Value = serde_json::from_str(&params).expect("JSON params");
                let (tool, arguments) = tool_call(surface, action, params.clone(), confirm);
                let legacy = rpc.call_legacy(&server.url, &tool, arguments.clone()).await;
                let what = format!("http 2025-11-25 {surface} {action} {params}");
                assert_refused(legacy.is_error(), legacy.text(), &what);
                let mrtr = rpc
                    .call_2026(&server.url, &tool, arguments, None, None)
                    .await;
                let what = format!("http 2026-07-28 {surface} {action} {params}");
                assert!(asked(&mrtr).is_none(), "{what}: asked before refusing");
                assert_refused(mrtr.is_error(), mrtr.text(), &what);
                assert_only_looked_up(&sandbox, &what);
            }
        }
    }
    let project = seed(
        &sandbox,
        "projects/2/issues",
        json!({"title": "still here"}),
    )
    .await;
    assert_eq!(project["project_id"], 2, "project 2 was not deleted");
}
