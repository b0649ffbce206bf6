//! Several GitLab instances in one stdio server (`GITLAB_MCP_INSTANCES`), on both
//! revisions: a call goes to the instance it names with that instance's token and allowed
//! projects; one naming none goes to the instance the workspace's git remote is on, else
//! the first. The two instances are one sandbox reached by two host names (`127.0.0.1` and
//! `localhost`), told apart by the token each request carries.

use gitlab_sandbox::Sandbox;
use serde_json::json;

use crate::common::{Launch, REVISIONS, Session, Surface, text};

const LIST: &str = "gitlab_issue_list";

/// `&'static` text for a launch's environment.
fn leak(text: String) -> &'static str {
    Box::leak(text.into_boxed_str())
}

/// How many issue lists GitLab received with `token`.
fn lists_with(sandbox: &Sandbox, token: &str) -> usize {
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

/// Alpha at `127.0.0.1`, beta at `localhost`, each with its own token; `more` besides.
fn launch(
    gitlab: &Sandbox,
    revision: crate::common::Revision,
    more: &[(&'static str, &'static str)],
) -> Launch {
    let alpha = gitlab.base_url().to_string();
    let beta = alpha.replace("127.0.0.1", "localhost");
    Launch::new(Surface::Individual, revision)
        .without_token()
        .env(&[
            (
                "GITLAB_MCP_INSTANCES",
                leak(format!("alpha={alpha},beta={beta}")),
            ),
            ("GITLAB_TOKEN_ALPHA", "glpat-alpha"),
            ("GITLAB_TOKEN_BETA", "glpat-beta"),
        ])
        .env(more)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_call_goes_to_the_instance_it_names_with_that_instance_s_token_and_limits() {
    for revision in REVISIONS {
        let at = format!("{revision}");
        let gitlab = Sandbox::start().await.expect("a sandbox");
        // Alpha may name project 2 only (the server-wide list); beta its own list, project 1.
        let limits = [
            ("GITLAB_MCP_ALLOWED_PROJECTS", "2"),
            ("GITLAB_MCP_ALLOWED_PROJECTS_BETA", "demo/sandbox"),
        ];
        let session = Session::start(launch(&gitlab, revision, &limits)).await;

        let named = session
            .call(LIST, json!({"project_id": 1, "instance": "beta"}))
            .await;
        assert_ne!(named.is_error, Some(true), "{at}: {}", text(&named));
        assert_eq!(lists_with(&gitlab, "glpat-beta"), 1, "{at}");

        // No instance named, no workspace remote: the first, with its own limits.
        let unnamed = session.call(LIST, json!({"project_id": 1})).await;
        assert_eq!(unnamed.is_error, Some(true), "{at}");
        assert!(
            text(&unnamed).contains("GITLAB_MCP_ALLOWED_PROJECTS"),
            "{at}: {}",
            text(&unnamed)
        );

        let unknown = session
            .call(LIST, json!({"project_id": 1, "instance": "gamma"}))
            .await;
        assert_eq!(unknown.is_error, Some(true), "{at}");
        assert!(
            text(&unknown).contains("`alpha`, `beta`"),
            "{at}: {}",
            text(&unknown)
        );
        // Only beta was called (its list, and the read of project 1 its path list needs).
        let requests = gitlab.requests();
        assert!(
            requests.iter().all(|r| r
                .private_token
                .as_ref()
                .is_some_and(|t| t.matches("glpat-beta"))),
            "{at}: {:?}",
            requests.iter().map(|r| &r.path).collect::<Vec<_>>()
        );
        session.close().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_call_naming_no_instance_goes_to_the_one_the_workspace_remote_is_on() {
    for revision in REVISIONS {
        let at = format!("{revision}");
        let gitlab = Sandbox::start().await.expect("a sandbox");
        let workspace = tempfile::tempdir().unwrap();
        std::fs::create_dir(workspace.path().join(".git")).unwrap();
        let beta = gitlab.base_url().as_str().replace("127.0.0.1", "localhost");
        std::fs::write(
            workspace.path().join(".git/config"),
            format!("[remote \"origin\"]\n\turl = {beta}demo/sandbox.git\n"),
        )
        .unwrap();
        let session = Session::start(launch(&gitlab, revision, &[]).in_dir(workspace.path())).await;
        let unnamed = session.call(LIST, json!({})).await;
        assert_ne!(unnamed.is_error, Some(true), "{at}: {}", text(&unnamed));
        assert_eq!(lists_with(&gitlab, "glpat-beta"), 1, "{at}");
        assert_eq!(lists_with(&gitlab, "glpat-alpha"), 0, "{at}");
        let named = session
            .call(LIST, json!({"project_id": 1, "instance": "alpha"}))
            .await;
        assert_ne!(named.is_error, Some(true), "{at}: {}", text(&named));
        assert_eq!(lists_with(&gitlab, "glpat-alpha"), 1, "{at}");
        session.close().await;
    }
}
