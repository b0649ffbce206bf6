//! A user who takes their time. A client gives up on a call it has waited too long for
//! (the MCP Inspector after 60 s) unless the server says it is still at work: while a
//! question is open, a progress notification goes out every keep-alive, so a client that
//! resets its timeout on progress waits as long as the user thinks. A call the client
//! gives up on ends there: its question is withdrawn, nothing more is asked and nothing
//! reaches GitLab. On 2026-07-28 no call is open while the user thinks (each answer is a
//! new round), so the same slow user finishes there without any keep-alive.

use std::time::Duration;

use crate::common::session::Launch;
use crate::common::spec::{self, CONFIRM};
use crate::common::{
    REVISIONS, Revision, Session, Surface, accept, answer, assert_nothing_written, yes,
};
use rmcp::service::{PeerRequestOptions, ServiceError};
use serde_json::json;

/// How long the user takes over each question: longer than the client waits.
const THINKING: Duration = Duration::from_millis(1_200);
/// The client's own request timeout.
const CLIENT_TIMEOUT: Duration = Duration::from_millis(500);

fn launch(revision: Revision) -> Launch {
    Launch::new(Surface::Dynamic, revision).env(&[("GITLAB_MCP_ELICITATION_KEEPALIVE", "150ms")])
}

fn replies() -> Vec<crate::common::Reply> {
    vec![
        answer("title", "Thought it over"),
        accept(json!({})),
        accept(json!({})),
        accept(json!({})),
        yes(),
    ]
}

#[tokio::test]
async fn a_question_may_stay_open_longer_than_the_client_waits_for_a_call() {
    for revision in REVISIONS {
        let session = Session::start(launch(revision)).await;
        let at = format!("{}", session.launch);
        session.client.think(THINKING);
        session.client.script(replies());
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
            session.call(&tool, arguments).await
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
            // Kept alive: several notifications per question, the same text repeated.
            let progress = session.client.progress();
            assert!(progress.len() > 5 * 3, "{at}: {progress:?}");
            assert!(
                progress
                    .iter()
                    .any(|message| message == "Question 1 of 5: Title"),
                "{at}: {progress:?}"
            );
        }
        session.close().await;
    }
}

#[tokio::test]
async fn a_call_the_client_gives_up_on_asks_nothing_more_and_sends_nothing() {
    let session = Session::start(launch(Revision::Legacy)).await;
    let at = format!("{}", session.launch);
    session.client.think(THINKING);
    session.client.script(replies());
    let (tool, arguments) =
        session.action(spec::ISSUE.id, json!({"project_id": "demo/sandbox"}), None);
    // A client that does not reset its timeout on progress gives up, and says so
    // (`notifications/cancelled`).
    let ended = session
        .call_with(
            &tool,
            arguments,
            PeerRequestOptions::with_timeout(CLIENT_TIMEOUT),
        )
        .await;
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
    session.client.think(Duration::ZERO);
    session.client.script(replies());
    let (tool, arguments) =
        session.action(spec::ISSUE.id, json!({"project_id": "demo/sandbox"}), None);
    let result = session.call(&tool, arguments).await;
    assert_ne!(result.is_error, Some(true), "{at}: {result:?}");
    session.close().await;
}
