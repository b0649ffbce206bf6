//! The guarded door (`api.request`) through the binary, on both revisions: a GET runs at
//! once, in read-only mode too; a write asks with the exact request, sends nothing on a no
//! and exactly once on a yes; read-only refuses writes and a client that cannot be asked
//! is refused; with an allow list, a path naming another project, or none, is refused.

use crate::common::spec::CONFIRM;
use crate::common::{Elicit, Launch, REVISIONS, Session, Surface, assert_nothing_sent, no, yes};
use serde_json::json;

fn label(name: &str) -> serde_json::Value {
    json!({
        "method": "POST",
        "path": "projects/demo%2Fsandbox/labels",
        "body": {"name": name, "color": "#00aa00"}
    })
}

#[tokio::test]
async fn a_read_runs_and_a_write_asks_with_the_exact_request() {
    for revision in REVISIONS {
        let session = Session::start(Launch::new(Surface::Dynamic, revision)).await;
        let at = session.launch.to_string();
        // A read: no question, GitLab's page compact.
        session.sandbox.clear_requests();
        let read = json!({"method": "GET", "path": "projects/demo%2Fsandbox/issues", "query": {"state": "opened"}});
        let run = session.run_action("api.request", read, None, []).await;
        assert!(!run.is_error(), "{at}: {}", run.text());
        assert!(run.asked.is_empty(), "{at}");
        let page = run.result.structured_content.clone().unwrap();
        assert!(page["items"][0]["iid"].is_u64(), "{at}: {page}");
        assert!(page["items"][0].get("_links").is_none(), "{at}: compact");
        // A write: the question shows the method, path and body; a no sends nothing.
        session.sandbox.clear_requests();
        let run = session
            .run_action("api.request", label("door-no"), None, [no()])
            .await;
        assert_eq!(run.keys(), [CONFIRM], "{at}");
        let question = &run.asked[0].message;
        assert!(
            question.contains("`POST /api/v4/projects/demo%2Fsandbox/labels`")
                && question.contains(r##""name":"door-no""##),
            "{at}: {question}"
        );
        assert!(run.is_error(), "{at}");
        assert_nothing_sent(&session, &at);
        // A yes sends it once.
        let run = session
            .run_action("api.request", label("door-yes"), None, [yes()])
            .await;
        assert!(!run.is_error(), "{at}: {}", run.text());
        let sent: Vec<_> = session
            .sandbox
            .requests()
            .into_iter()
            .map(|r| (r.method.to_string(), r.raw_path))
            .collect();
        assert_eq!(
            sent,
            [(
                "POST".to_owned(),
                "/api/v4/projects/demo%2Fsandbox/labels".to_owned()
            )],
            "{at}"
        );
        assert_eq!(run.result.structured_content.unwrap()["name"], "door-yes");
    }
}

#[tokio::test]
async fn read_only_refuses_writes_and_a_client_that_cannot_be_asked_is_refused() {
    for revision in REVISIONS {
        let launch =
            Launch::new(Surface::Individual, revision).env(&[("GITLAB_MCP_READ_ONLY", "true")]);
        let session = Session::start(launch).await;
        let at = session.launch.to_string();
        session.sandbox.clear_requests();
        let result = session
            .call(
                "gitlab_api_request",
                json!({"method": "GET", "path": "user"}),
            )
            .await;
        assert_ne!(result.is_error, Some(true), "{at}");
        session.sandbox.clear_requests();
        let result = session.call("gitlab_api_request", label("read-only")).await;
        assert_eq!(result.is_error, Some(true), "{at}");
        let text = crate::common::text(&result);
        assert!(text.contains("GITLAB_MCP_READ_ONLY=true"), "{at}: {text}");
        assert_nothing_sent(&session, &at);

        let launch = Launch::new(Surface::Individual, revision).elicit(Elicit::None);
        let session = Session::start(launch).await;
        session.sandbox.clear_requests();
        let result = session.call("gitlab_api_request", label("unasked")).await;
        assert_eq!(result.is_error, Some(true), "{at}");
        let text = crate::common::text(&result);
        assert!(
            text.contains("send a request that changes GitLab"),
            "{at}: {text}"
        );
        assert_nothing_sent(&session, &at);
        // With the user's explicit yes given as `confirm`, it is sent.
        let mut confirmed = label("confirmed");
        confirmed["confirm"] = json!(true);
        let result = session.call("gitlab_api_request", confirmed).await;
        assert_ne!(
            result.is_error,
            Some(true),
            "{at}: {}",
            crate::common::text(&result)
        );
        assert_eq!(session.sandbox.requests().len(), 1, "{at}");
    }
}

#[tokio::test]
async fn the_allow_list_checks_the_project_a_path_names() {
    for revision in REVISIONS {
        let launch = Launch::new(Surface::Individual, revision)
            .env(&[("GITLAB_MCP_ALLOWED_PROJECTS", "demo/sandbox")]);
        let session = Session::start(launch).await;
        let at = session.launch.to_string();
        session.sandbox.clear_requests();
        let ok = json!({"method": "GET", "path": "projects/demo%2Fsandbox/labels"});
        let result = session.call("gitlab_api_request", ok).await;
        assert_ne!(
            result.is_error,
            Some(true),
            "{at}: {}",
            crate::common::text(&result)
        );
        for (path, says) in [
            (
                "projects/other%2Fproject/labels",
                "GITLAB_MCP_ALLOWED_PROJECTS",
            ),
            ("groups/demo/issues", "names no project"),
            ("issues", "names no project"),
        ] {
            session.sandbox.clear_requests();
            let call = json!({"method": "GET", "path": path});
            let result = session.call("gitlab_api_request", call).await;
            assert_eq!(result.is_error, Some(true), "{at}: {path}");
            let text = crate::common::text(&result);
            assert!(text.contains(says), "{at}: {path}: {text}");
            assert_nothing_sent(&session, &at);
        }
    }
}

/// The GraphQL door through the binary: a query runs unasked, in read-only mode too; a
/// mutation is a write — asked with its document, nothing sent on a no, sent once on a
/// yes, refused in read-only mode; with an allow list, any document is refused.
#[tokio::test]
async fn a_graphql_mutation_is_a_write_and_a_query_a_read() {
    const MUTATION: &str = r#"mutation { createIssue(input: {projectPath: "demo/sandbox", title: "Through GraphQL"}) { issue { iid title } errors } }"#;
    for revision in REVISIONS {
        let session = Session::start(Launch::new(Surface::Dynamic, revision)).await;
        let at = session.launch.to_string();
        session.sandbox.clear_requests();
        let query = json!({"query": "{ currentUser { username } }"});
        let run = session.run_action("api.graphql", query, None, []).await;
        assert!(!run.is_error(), "{at}: {}", run.text());
        assert!(run.asked.is_empty(), "{at}: a query is a read");
        let answer = run.result.structured_content.clone().unwrap();
        assert_eq!(
            answer["data"]["currentUser"]["username"], "sandbox-user",
            "{at}"
        );

        session.sandbox.clear_requests();
        let mutation = json!({"query": MUTATION});
        let run = session
            .run_action("api.graphql", mutation.clone(), None, [no()])
            .await;
        assert_eq!(run.keys(), [CONFIRM], "{at}");
        assert!(
            run.asked[0].message.contains(MUTATION),
            "{at}: {}",
            run.asked[0].message
        );
        assert!(run.is_error(), "{at}");
        assert_nothing_sent(&session, &at);
        let run = session
            .run_action("api.graphql", mutation, None, [yes()])
            .await;
        assert!(!run.is_error(), "{at}: {}", run.text());
        let sent: Vec<_> = session
            .sandbox
            .requests()
            .into_iter()
            .map(|r| (r.method.to_string(), r.raw_path))
            .collect();
        assert_eq!(
            sent,
            [("POST".to_owned(), "/api/graphql".to_owned())],
            "{at}"
        );
        let created = run.result.structured_content.unwrap();
        assert_eq!(
            created["data"]["createIssue"]["issue"]["title"],
            "Through GraphQL"
        );

        for (setting, value, says) in [
            ("GITLAB_MCP_READ_ONLY", "true", "GITLAB_MCP_READ_ONLY=true"),
            (
                "GITLAB_MCP_ALLOWED_PROJECTS",
                "demo/sandbox",
                "GraphQL document",
            ),
        ] {
            let launch = Launch::new(Surface::Individual, revision).env(&[(setting, value)]);
            let session = Session::start(launch).await;
            session.sandbox.clear_requests();
            let result = session
                .call(
                    "gitlab_api_graphql",
                    json!({"query": MUTATION, "confirm": true}),
                )
                .await;
            assert_eq!(result.is_error, Some(true), "{at} {setting}");
            let text = crate::common::text(&result);
            assert!(text.contains(says), "{at} {setting}: {text}");
            assert_nothing_sent(&session, &at);
        }
    }
}
