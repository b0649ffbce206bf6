//! What is checked is the URL that is sent. A path part the URL library would rewrite —
//! `.⟨TAB⟩.` loses its tab and resolves as `..`, and GitLab's router then squeezes the
//! `//` it leaves and drops a trailing `/` — must never reach GitLab: it would turn
//! "delete label `.⟨TAB⟩.`" into "delete the project", or a read of project 1 into a
//! read of project 2 past the allow list. Every such call is refused with nothing sent,
//! on every surface; the door checks every project its path names; and what the allow
//! list learnt of a project's path is forgotten after a while.

use std::time::Duration;

use gitlab_sandbox::Sandbox;
use serde_json::{Value, json};

use crate::support::rpc::Rpc;
use crate::support::stdio::StdioServer;
use crate::support::{Launch, wizard::asked};
use crate::{result_text, seed, tool_call};

const SURFACES: [&str; 3] = ["dynamic", "meta", "individual"];

/// Segments a URL parser reads as `..` once it has removed the tab, newline or carriage
/// return inside them.
const REWRITTEN: [&str; 3] = [".\t.", ".\n.", ".\r."];

/// The sandbox with project 2 beside the demo project, and nothing recorded yet.
async fn two_projects() -> Sandbox {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let other = seed(&sandbox, "projects", json!({"name": "other"})).await;
    assert_eq!(other["id"], 2, "{other}");
    sandbox.clear_requests();
    sandbox
}

/// GitLab received nothing but, at most, the reads that tell which project a path names.
fn assert_nothing_sent(sandbox: &Sandbox, what: &str) {
    let sent: Vec<String> = sandbox
        .requests()
        .iter()
        .filter(|r| {
            let looked_up = r.method == "GET"
                && r.raw_path
                    .strip_prefix("/api/v4/projects/")
                    .is_some_and(|project| !project.contains('/'));
            !looked_up
        })
        .map(|r| format!("{} {}", r.method, r.raw_path))
        .collect();
    assert!(sent.is_empty(), "{what}: GitLab received {sent:?}");
}

/// The typed actions whose path takes a name the caller chooses, with that name.
fn named_by(segment: &str) -> Vec<(&'static str, Value)> {
    vec![
        (
            "release.update",
            json!({"project_id": 1, "tag_name": segment, "name": "RENAMED"}),
        ),
        (
            "label.delete",
            json!({"project_id": 1, "label_id": segment}),
        ),
        (
            "branch.unprotect",
            json!({"project_id": 1, "name": segment}),
        ),
        ("tag.unprotect", json!({"project_id": 1, "name": segment})),
        (
            "release.delete",
            json!({"project_id": 1, "tag_name": segment}),
        ),
        ("wiki.delete", json!({"project_id": 1, "slug": segment})),
        ("branch.get", json!({"project_id": 1, "branch": segment})),
    ]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_path_part_the_url_library_rewrites_is_refused_with_nothing_sent() {
    let sandbox = two_projects().await;
    let gitlab = sandbox.base_url().to_string();
    for surface in SURFACES {
        let mut server = StdioServer::with_env(&gitlab, &[("GITLAB_MCP_TOOL_SURFACE", surface)]);
        server.initialize();
        for segment in REWRITTEN {
            for (action, params) in named_by(segment) {
                let destructive = !matches!(action, "release.update" | "branch.get");
                let (tool, arguments) = tool_call(surface, action, params, destructive);
                let (refused, text) = result_text(&server.call(&tool, &arguments));
                let what = format!("{surface} {action} {segment:?}");
                assert!(refused, "{what}: not refused: {text}");
                assert!(
                    text.contains("control character"),
                    "{what}: the refusal says why: {text}"
                );
                assert_nothing_sent(&sandbox, &what);
            }
        }
    }
    let project = seed(
        &sandbox,
        "projects/1/issues",
        json!({"title": "still here"}),
    )
    .await;
    assert_eq!(project["project_id"], 1, "project 1 is untouched");
}

/// `api.request` calls with the allow list `1` that would reach project 2 or every
/// project, each by a path that starts with project 1.
fn door_calls() -> Vec<(&'static str, String)> {
    let mut calls = Vec::new();
    for tab in ["%09", "%0A", "%0D", "%0a", "%0d"] {
        calls.push(("GET", format!("projects/1/.{tab}./2/issues")));
        calls.push(("GET", format!("projects/1/.{tab}.")));
        calls.push(("DELETE", format!("projects/1/.{tab}./2")));
    }
    // A second project named further along the path.
    calls.push(("POST", "projects/1/fork/2".to_owned()));
    calls.push(("POST", "projects/1/import_project_members/2".to_owned()));
    calls.push((
        "POST",
        "projects/1/import_project_members/demo%2Fother".to_owned(),
    ));
    calls.push(("GET", "groups/1/projects/2".to_owned()));
    calls
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_door_is_judged_by_every_project_its_sent_path_names() {
    let sandbox = two_projects().await;
    let gitlab = sandbox.base_url().to_string();
    for surface in SURFACES {
        let mut server = StdioServer::with_env(
            &gitlab,
            &[
                ("GITLAB_MCP_TOOL_SURFACE", surface),
                ("GITLAB_MCP_ALLOWED_PROJECTS", "1"),
            ],
        );
        server.initialize();
        for (method, path) in door_calls() {
            let params = json!({"method": method, "path": path});
            let (tool, arguments) = tool_call(surface, "api.request", params, true);
            let (refused, text) = result_text(&server.call(&tool, &arguments));
            let what = format!("{surface} {method} {path}");
            assert!(refused, "{what}: not refused: {text}");
            assert_nothing_sent(&sandbox, &what);
        }
        // Project 1 itself still works through the door.
        let params = json!({"method": "GET", "path": "projects/1/issues"});
        let (tool, arguments) = tool_call(surface, "api.request", params, false);
        let (failed, text) = result_text(&server.call(&tool, &arguments));
        assert!(!failed, "{surface}: {text}");
        sandbox.clear_requests();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn over_http_a_rewritten_path_is_refused_before_anything_is_asked() {
    let sandbox = two_projects().await;
    let gitlab = sandbox.base_url().to_string();
    let rpc = Rpc::default();
    let server = Launch::new(&gitlab)
        .surface("meta")
        .args(&["--allowed-projects", "1"])
        .start();
    let calls = [
        (
            "api.request",
            json!({"method": "DELETE", "path": "projects/1/.%09./2"}),
        ),
        ("label.delete", json!({"project_id": 1, "label_id": ".\t."})),
    ];
    for (action, params) in calls {
        let (tool, arguments) = tool_call("meta", action, params, false);
        let legacy = rpc.call_legacy(&server.url, &tool, arguments.clone()).await;
        assert!(legacy.is_error(), "{action}: {}", legacy.text());
        let mrtr = rpc
            .call_2026(&server.url, &tool, arguments, None, None)
            .await;
        assert!(asked(&mrtr).is_none(), "{action}: asked before refusing");
        assert!(mrtr.is_error(), "{action}: {}", mrtr.text());
        assert_nothing_sent(&sandbox, action);
    }
}

/// What the allow list learnt of a project (its id and path) does not outlive a rename:
/// a project named by id, allowed by its path, is refused once it is renamed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn what_the_allow_list_learnt_of_a_path_expires() {
    let sandbox = two_projects().await;
    let gitlab = sandbox.base_url().to_string();
    let mut server = StdioServer::with_env(
        &gitlab,
        &[
            ("GITLAB_MCP_TOOL_SURFACE", "individual"),
            ("GITLAB_MCP_ALLOWED_PROJECTS", "demo/sandbox"),
        ],
    );
    server.initialize();
    let read = json!({"project_id": 1});
    let (failed, text) = result_text(&server.call("gitlab_project_get", &read));
    assert!(!failed, "{text}");
    let renamed = reqwest::Client::new()
        .put(sandbox.base_url().join("api/v4/projects/1").unwrap())
        .json(&json!({"path": "renamed"}))
        .send()
        .await
        .expect("the sandbox answers");
    assert!(renamed.status().is_success(), "{renamed:?}");
    tokio::time::sleep(Duration::from_secs(11)).await;
    let (refused, text) = result_text(&server.call("gitlab_project_get", &read));
    assert!(refused, "the renamed project is still allowed: {text}");
    assert!(text.contains("GITLAB_MCP_ALLOWED_PROJECTS"), "{text}");
}
