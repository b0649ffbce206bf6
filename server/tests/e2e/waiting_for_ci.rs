//! Waiting for CI through the binary, on both revisions: `pipeline.wait` reads the
//! pipeline until it settles, telling the client how it stands after each read (progress
//! notifications); it returns the moment the pipeline ends, returns it as it stands when
//! the time is up, and stops reading when the client gives up on the call.

use std::time::Duration;

use crate::common::{Launch, REVISIONS, Session, Surface};
use rmcp::service::{PeerRequestOptions, ServiceError};
use serde_json::json;

/// The GETs of pipeline 3 (running in the sandbox) GitLab received.
fn reads_of_pipeline_3(session: &Session) -> usize {
    session
        .sandbox
        .requests()
        .iter()
        .filter(|r| r.method == "GET" && r.path.ends_with("/pipelines/3"))
        .count()
}

#[tokio::test]
async fn a_running_pipeline_is_watched_until_the_time_is_up() {
    for revision in REVISIONS {
        let session = Session::start(Launch::new(Surface::Individual, revision)).await;
        let at = session.launch.to_string();
        session.sandbox.clear_requests();
        let params = json!({"project_id": "demo/sandbox", "pipeline_id": 3, "timeout_seconds": 3, "poll_seconds": 1});
        let (tool, arguments) = session.action("pipeline.wait", params, None);
        let result = session.call(&tool, arguments).await;
        assert_ne!(result.is_error, Some(true), "{at}");
        assert_eq!(
            result.structured_content.as_ref().unwrap()["status"],
            "running",
            "{at}"
        );
        let said = crate::common::text(&result);
        assert!(said.contains("Still `running` after 3 s"), "{at}: {said}");
        assert!(
            reads_of_pipeline_3(&session) >= 3,
            "{at}: {}",
            session.context()
        );
        let progress = session.client.progress();
        assert!(
            progress.len() >= 2 && progress[0].starts_with("pipeline 3 is running ("),
            "{at}: {progress:?}"
        );
        session.close().await;
    }
}

#[tokio::test]
async fn the_wait_ends_when_the_pipeline_does() {
    for revision in REVISIONS {
        let session = Session::start(Launch::new(Surface::Dynamic, revision)).await;
        let at = session.launch.to_string();
        let params = json!({"project_id": "demo/sandbox", "pipeline_id": 3, "timeout_seconds": 60, "poll_seconds": 1});
        let (tool, arguments) = session.action("pipeline.wait", params, None);
        let cancel = async {
            tokio::time::sleep(Duration::from_millis(1500)).await;
            let params = json!({"project_id": "demo/sandbox", "pipeline_id": 3});
            let (tool, arguments) = session.action("pipeline.cancel", params, Some(true));
            session.call(&tool, arguments).await
        };
        let (waited, canceled) = tokio::join!(session.call(&tool, arguments), cancel);
        assert_ne!(canceled.is_error, Some(true), "{at}");
        assert_ne!(waited.is_error, Some(true), "{at}");
        assert_eq!(
            waited.structured_content.unwrap()["status"],
            "canceled",
            "{at}"
        );
        session.close().await;
    }
}

#[tokio::test]
async fn a_call_the_client_gives_up_on_stops_reading() {
    for revision in REVISIONS {
        let session = Session::start(Launch::new(Surface::Individual, revision)).await;
        let at = session.launch.to_string();
        session.sandbox.clear_requests();
        let params = json!({"project_id": "demo/sandbox", "pipeline_id": 3, "timeout_seconds": 60, "poll_seconds": 1});
        let (tool, arguments) = session.action("pipeline.wait", params, None);
        let options = PeerRequestOptions::with_timeout(Duration::from_millis(1500));
        let ended = session.call_with(&tool, arguments, options).await;
        assert!(
            matches!(ended, Err(ServiceError::Timeout { .. })),
            "{at}: {ended:?}"
        );
        // The client said it gave up; within a poll the server stops reading.
        tokio::time::sleep(Duration::from_millis(1500)).await;
        let reads = reads_of_pipeline_3(&session);
        tokio::time::sleep(Duration::from_millis(2500)).await;
        assert_eq!(
            reads_of_pipeline_3(&session),
            reads,
            "{at}: {}",
            session.context()
        );
        session.close().await;
    }
}
