//! The project a call leaves out, through the binary on both revisions: the operator's
//! `GITLAB_MCP_DEFAULT_PROJECT`, the git remote of the client's root or of the server's
//! working directory, and the error that says what to do when there is none. With one,
//! "why did the last pipeline on main fail?" is two calls on the default surface.

use serde_json::{Value, json};
use tempfile::TempDir;

use crate::common::{Launch, REVISIONS, Revision, Session, Surface, text};

/// A folder that is a git checkout whose `origin` is `demo/sandbox` on the sandbox's host
/// (`127.0.0.1`; the port of a remote is not GitLab's, so only the host is matched).
fn checkout() -> TempDir {
    let dir = tempfile::tempdir().expect("a temporary folder");
    std::fs::create_dir_all(dir.path().join(".git")).unwrap();
    std::fs::write(
        dir.path().join(".git/config"),
        "[core]\n\tbare = false\n[remote \"origin\"]\n\turl = git@127.0.0.1:demo/sandbox.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n",
    )
    .unwrap();
    dir
}

/// `pipeline.latest` of `main` with no project; the answer and the path GitLab was asked.
async fn latest_on_main(session: &Session) -> (Value, String, String) {
    session.sandbox.clear_requests();
    let result = session
        .call(
            "gitlab_execute_action",
            json!({"action": "pipeline.latest", "params": {"ref": "main"}}),
        )
        .await;
    let said = text(&result);
    assert_ne!(result.is_error, Some(true), "{}: {said}", session.launch);
    let asked = session.sandbox.requests()[0].raw_path.clone();
    (result.structured_content.expect("structured"), said, asked)
}

#[tokio::test]
async fn the_setting_names_it_and_the_last_failure_is_two_calls_away() {
    let empty = tempfile::tempdir().unwrap();
    for revision in REVISIONS {
        let launch = Launch::new(Surface::Dynamic, revision)
            .env(&[("GITLAB_MCP_DEFAULT_PROJECT", "demo/sandbox")])
            .in_dir(empty.path());
        let session = Session::start(launch).await;
        // Call 1: find the action.
        let found = session
            .call(
                "gitlab_find_action",
                json!({"query": "why did the last pipeline on main fail"}),
            )
            .await;
        let found = found.structured_content.expect("structured");
        assert_eq!(found["actions"][0]["id"], "pipeline.latest", "{found}");
        // Call 2: run it without a project; the answer carries why it failed.
        let (pipeline, said, asked) = latest_on_main(&session).await;
        assert_eq!(asked, "/api/v4/projects/demo%2Fsandbox/pipelines/latest");
        assert_eq!(pipeline["status"], "failed");
        let job = &pipeline["failed_jobs"][0];
        assert_eq!(
            (&job["name"], &job["stage"]),
            (&json!("test"), &json!("test"))
        );
        let error = job["first_error"].as_str().unwrap();
        assert!(
            error.contains("panicked at tests/tokenizer.rs:22:5"),
            "{error}"
        );
        assert!(
            said.ends_with(
                "project: `demo/sandbox`, the default project (GITLAB_MCP_DEFAULT_PROJECT)"
            ),
            "{said}"
        );
    }
}

#[tokio::test]
async fn the_working_directorys_git_remote_names_it() {
    let checkout = checkout();
    let nested = checkout.path().join("src");
    std::fs::create_dir_all(&nested).unwrap();
    for revision in REVISIONS {
        let launch = Launch::new(Surface::Dynamic, revision).in_dir(&nested);
        let session = Session::start(launch).await;
        let (_, said, asked) = latest_on_main(&session).await;
        assert_eq!(asked, "/api/v4/projects/demo%2Fsandbox/pipelines/latest");
        let from = format!("the git remote `origin` of {}", nested.display());
        assert!(
            said.ends_with(&format!("the default project ({from})")),
            "{said}"
        );
        // A project given is the one used.
        session.sandbox.clear_requests();
        session
            .call(
                "gitlab_execute_action",
                json!({"action": "pipeline.latest", "params": {"project_id": 1}}),
            )
            .await;
        assert_eq!(
            session.sandbox.requests()[0].raw_path,
            "/api/v4/projects/1/pipelines/latest"
        );
    }
}

#[tokio::test]
async fn the_clients_root_names_it_where_the_client_is_asked() {
    let checkout = checkout();
    let root = url::Url::from_file_path(checkout.path())
        .unwrap()
        .to_string();
    let empty = tempfile::tempdir().unwrap();
    // Legacy: the server asks `roots/list`. MRTR has no request from server to client
    // outside a tool's rounds, so there the working directory decides (here: none).
    for revision in [Revision::Legacy, Revision::Mrtr] {
        let launch = Launch::new(Surface::Dynamic, revision)
            .roots(vec![root.clone()])
            .in_dir(empty.path());
        let session = Session::start(launch).await;
        if revision == Revision::Legacy {
            let (_, said, asked) = latest_on_main(&session).await;
            assert_eq!(asked, "/api/v4/projects/demo%2Fsandbox/pipelines/latest");
            let from = format!(
                "the git remote `origin` of the client's root {}",
                checkout.path().display()
            );
            assert!(said.ends_with(&format!("({from})")), "{said}");
        } else {
            let result = session
                .call(
                    "gitlab_execute_action",
                    json!({"action": "pipeline.latest", "params": {}}),
                )
                .await;
            assert_eq!(result.is_error, Some(true), "{}", text(&result));
        }
    }
}

#[tokio::test]
async fn without_one_the_error_says_what_to_do_and_nothing_is_sent() {
    let empty = tempfile::tempdir().unwrap();
    for revision in REVISIONS {
        let launch = Launch::new(Surface::Individual, revision).in_dir(empty.path());
        let session = Session::start(launch).await;
        session.sandbox.clear_requests();
        let result = session
            .call("gitlab_pipeline_latest", json!({"ref": "main"}))
            .await;
        assert_eq!(result.is_error, Some(true));
        let said = text(&result);
        let host = session.sandbox.base_url().host_str().unwrap().to_owned();
        assert_eq!(
            said,
            format!(
                "invalid parameters for `pipeline.latest`: give `project_id` (a numeric id or `group/project`): there is no default project — GITLAB_MCP_DEFAULT_PROJECT is not set, and neither the client's roots nor {} are a git checkout with a remote on {host}",
                empty.path().display()
            )
        );
        assert!(session.sandbox.requests().is_empty());
    }
}
