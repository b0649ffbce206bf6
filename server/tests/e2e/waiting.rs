//! A user who takes their time. A client gives up on a call it has waited too long for
//! (the MCP Inspector after 60 s) unless the server says it is still at work: while a
//! question is open, a progress notification goes out every keep-alive (5 s by default),
//! so a client that resets its timeout on progress waits as long as the user thinks. A
//! call the client gives up on ends there: its question is withdrawn, nothing more is
//! asked and nothing reaches GitLab. On 2026-07-28 no call is open while the user thinks
//! (each answer is a new round), so the same slow user finishes there without any
//! keep-alive.

use std::time::Duration;

use crate::common::session::Launch;
use crate::common::spec::{self, CONFIRM};
use crate::common::{
    REVISIONS, Reply, Revision, Session, Surface, accept, answer, assert_nothing_written,
    concurrently, yes,
};
use rmcp::service::{PeerRequestOptions, ServiceError};
use serde_json::json;

fn replies() -> Vec<Reply> {
    vec![
        answer("title", "Thought it over"),
        accept(json!({})),
        accept(json!({})),
        accept(json!({})),
        yes(),
    ]
}

/// The Inspector's request timeout, reset by each progress notification; the user takes
/// three minutes over the first question; the server keeps its default keep-alive.
#[tokio::test]
async fn a_user_may_think_three_minutes_while_the_client_waits_sixty_seconds() {
    const THINKING: Duration = Duration::from_secs(180);
    const CLIENT_TIMEOUT: Duration = Duration::from_secs(60);
    concurrently(REVISIONS.map(|revision| async move {
        // The harness bounds each answer to 20 s; here the user has the default 10 minutes.
        let launch = Launch::new(Surface::Dynamic, revision)
            .env(&[("GITLAB_MCP_ELICITATION_TIMEOUT", "10m")]);
        let session = Session::start(launch).await;
        let at = format!("{}", session.launch);
        session.client.script(replies());
        session.client.think(THINKING);
        let (tool, arguments) =
            session.action(spec::ISSUE.id, json!({"project_id": "demo/sandbox"}), None);
        let result = if revision == Revision::Legacy {
            let options =
                PeerRequestOptions::with_timeout(CLIENT_TIMEOUT).reset_timeout_on_progress();
            session
                .call_with(&tool, arguments, options)
                .await
                .unwrap_or_else(|error| {
                    panic!("{at}: the call ended early: {error}; {}", session.context())
                })
        } else {
            session.call_within(&tool, arguments, THINKING * 2).await
        };
        assert_ne!(result.is_error, Some(true), "{at}: {result:?}");
        let asked: Vec<String> = session.client.asked().into_iter().map(|a| a.key).collect();
        assert_eq!(
            asked,
            ["title", "description", "labels", "confidential", CONFIRM],
            "{at}"
        );
        let writes = session.sandbox.writes();
        assert_eq!(writes.len(), 1, "{at}: {writes:?}");
        assert_eq!(writes[0].body["title"], "Thought it over", "{at}");
        if revision == Revision::Legacy {
            // Kept alive: the first question announced again every 5 s while the user thought.
            let progress = session.client.progress();
            let first = progress
                .iter()
                .filter(|message| *message == "Question 1 of 5: Title")
                .count();
            assert!(first >= 30, "{at}: {progress:?}");
        }
        session.close().await;
    }))
    .await;
}

#[tokio::test]
async fn a_call_the_client_gives_up_on_asks_nothing_more_and_sends_nothing() {
    const THINKING: Duration = Duration::from_millis(1_200);
    let launch = Launch::new(Surface::Dynamic, Revision::Legacy)
        .env(&[("GITLAB_MCP_ELICITATION_KEEPALIVE", "150ms")]);
    let session = Session::start(launch).await;
    let at = format!("{}", session.launch);
    session.client.script(replies());
    session.client.think(THINKING);
    let (tool, arguments) =
        session.action(spec::ISSUE.id, json!({"project_id": "demo/sandbox"}), None);
    // A client that does not reset its timeout on progress gives up, and says so
    // (`notifications/cancelled`), although the server sends progress.
    let options = PeerRequestOptions::with_timeout(Duration::from_millis(500));
    let ended = session.call_with(&tool, arguments, options).await;
    assert!(
        matches!(ended, Err(ServiceError::Timeout { .. })),
        "{at}: {ended:?}"
    );
    // The user answers the open question after all; the server asks nothing more.
    tokio::time::sleep(THINKING * 3).await;
    let asked: Vec<String> = session.client.asked().into_iter().map(|a| a.key).collect();
    assert_eq!(asked, ["title"], "{at}: {}", session.context());
    assert_nothing_written(&session, &at);
    // And the server goes on serving.
    session.client.script(replies());
    let (tool, arguments) =
        session.action(spec::ISSUE.id, json!({"project_id": "demo/sandbox"}), None);
    let result = session.call(&tool, arguments).await;
    assert_ne!(result.is_error, Some(true), "{at}: {result:?}");
    session.close().await;
}
