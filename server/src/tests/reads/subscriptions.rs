//! Watching resources: `resources/subscribe` on 2025-11-25 and `subscriptions/listen` on
//! 2026-07-28, through real rmcp clients against the sandbox — a change to a watched
//! pipeline is heard, an unsubscribed one is not, and what cannot be watched says why.

#![allow(
    deprecated,
    reason = "resources/subscribe is what a 2025-11-25 client sends"
)]

use std::time::Duration;

use crate::resources::subscriptions::MAX_WATCHED;
use crate::surfaces::SurfaceKind;
use crate::tests::common::mcp::Harness;
use rmcp::model::{
    ClientCapabilities, ErrorCode, Implementation, ProtocolVersion,
    ResourceUpdatedNotificationParam, ServerNotification, SubscribeRequestParams,
    SubscriptionFilter, UnsubscribeRequestParams,
};
use rmcp::service::{NotificationContext, RoleClient, RunningService};
use rmcp::{ClientHandler, ServiceError, ServiceExt};
use serde_json::json;
use tokio::sync::mpsc;
use wizard::testkit::Path;

const PIPELINE: &str = "gitlab://projects/demo%2Fsandbox/pipelines/3";
const POLL: Duration = Duration::from_millis(100);
const HEARD_WITHIN: Duration = Duration::from_secs(10);

/// A 2025-11-25 client that hears resource updates.
#[derive(Clone)]
struct Watcher {
    updates: mpsc::UnboundedSender<String>,
}

impl ClientHandler for Watcher {
    fn get_info(&self) -> rmcp::model::ClientConfig {
        rmcp::model::ClientConfig::new(
            ClientCapabilities::default(),
            Implementation::new("watcher", "0.0.0"),
        )
        .with_protocol_version(ProtocolVersion::V_2025_11_25)
    }

    async fn on_resource_updated(
        &self,
        params: ResourceUpdatedNotificationParam,
        _context: NotificationContext<RoleClient>,
    ) {
        let _ = self.updates.send(params.uri);
    }
}

async fn watcher(
    harness: &Harness,
) -> (
    RunningService<RoleClient, Watcher>,
    mpsc::UnboundedReceiver<String>,
) {
    let server = harness.server.clone().polling_every(POLL);
    let (server_io, client_io) = tokio::io::duplex(64 * 1024);
    tokio::spawn(async move {
        if let Ok(running) = server.into_service().serve(server_io).await {
            let _ = running.waiting().await;
        }
    });
    let (updates, heard) = mpsc::unbounded_channel();
    let client = Watcher { updates }
        .serve(client_io)
        .await
        .expect("the watcher connects");
    (client, heard)
}

fn error(result: Result<(), ServiceError>) -> rmcp::ErrorData {
    match result {
        Err(ServiceError::McpError(error)) => error,
        other => panic!("expected an error: {other:?}"),
    }
}

#[tokio::test]
async fn a_subscribed_pipeline_is_heard_when_it_changes() {
    let harness = Harness::new(SurfaceKind::Meta).await;
    let (client, mut heard) = watcher(&harness).await;
    assert_eq!(
        client
            .peer_info()
            .unwrap()
            .capabilities
            .resources
            .as_ref()
            .and_then(|r| r.subscribe),
        Some(true)
    );
    client
        .subscribe(SubscribeRequestParams::new(PIPELINE))
        .await
        .unwrap();
    // Nothing changed: nothing is heard.
    assert!(tokio::time::timeout(POLL * 5, heard.recv()).await.is_err());
    harness
        .ok(
            "pipeline.cancel",
            json!({"project_id": 1, "pipeline_id": 3}),
        )
        .await;
    let uri = tokio::time::timeout(HEARD_WITHIN, heard.recv())
        .await
        .expect("the change is heard")
        .unwrap();
    assert_eq!(uri, PIPELINE);
    // Heard once per change.
    assert!(tokio::time::timeout(POLL * 5, heard.recv()).await.is_err());

    client
        .unsubscribe(UnsubscribeRequestParams::new(PIPELINE))
        .await
        .unwrap();
    harness
        .ok("pipeline.retry", json!({"project_id": 1, "pipeline_id": 3}))
        .await;
    assert!(
        tokio::time::timeout(POLL * 10, heard.recv()).await.is_err(),
        "not heard once unsubscribed"
    );
    let _ = client.cancel().await;
}

#[tokio::test]
async fn what_cannot_be_watched_says_why() {
    let harness = Harness::new(SurfaceKind::Meta).await;
    let (client, _heard) = watcher(&harness).await;
    let missing = "gitlab://projects/demo%2Fsandbox/issues/99";
    let refused = error(client.subscribe(SubscribeRequestParams::new(missing)).await);
    assert_eq!(refused.code, ErrorCode::RESOURCE_NOT_FOUND);
    assert_eq!(refused.data, Some(json!({"uri": missing})));
    let refused = error(
        client
            .subscribe(SubscribeRequestParams::new(
                "gitlab://projects/1/wikis/home",
            ))
            .await,
    );
    assert_eq!(refused.code, ErrorCode::RESOURCE_NOT_FOUND);
    assert!(
        refused.message.contains("after the project comes"),
        "{refused:?}"
    );

    let mut many: Vec<String> = (1..=12)
        .map(|job| format!("gitlab://projects/1/jobs/{job}/log"))
        .collect();
    many.extend((1..=3).map(|id| format!("gitlab://projects/1/pipelines/{id}")));
    many.extend((1..=2).map(|iid| format!("gitlab://projects/1/issues/{iid}")));
    many.extend([
        "gitlab://projects/1".to_owned(),
        "gitlab://projects/1/merge_requests/1".to_owned(),
        "gitlab://projects/1/merge_requests/1/diff".to_owned(),
    ]);
    assert_eq!(many.len(), MAX_WATCHED);
    for uri in many {
        client
            .subscribe(SubscribeRequestParams::new(uri))
            .await
            .unwrap();
    }
    let refused = error(
        client
            .subscribe(SubscribeRequestParams::new(PIPELINE))
            .await,
    );
    assert_eq!(refused.code, ErrorCode::INVALID_PARAMS);
    assert!(
        refused.message.contains("already watches 20 resources"),
        "{refused:?}"
    );
    // Subscribing again to one already watched is fine.
    client
        .subscribe(SubscribeRequestParams::new(
            "gitlab://projects/1/jobs/1/log",
        ))
        .await
        .unwrap();
    let _ = client.cancel().await;
    harness.nothing_written();
}

#[tokio::test]
async fn a_listen_stream_hears_its_pipeline_change() {
    let mut harness = Harness::new(SurfaceKind::Dynamic).await;
    harness.server = harness.server.clone().polling_every(POLL);
    let pair = harness.client(Path::Mrtr).await;
    let filter = SubscriptionFilter::builder()
        .resource_subscriptions([PIPELINE, "gitlab://nowhere"])
        .tools_list_changed()
        .build();
    let mut subscription = pair.client.listen(filter).await.unwrap();
    // Only the resource is accepted: the lists never change, and `gitlab://nowhere`
    // names nothing.
    assert_eq!(
        subscription.acknowledged().resource_subscriptions,
        Some(vec![PIPELINE.to_owned()])
    );
    assert_eq!(subscription.acknowledged().tools_list_changed, None);
    // The stream reads what it watches once it is acknowledged: change the pipeline only
    // after that first read has reached GitLab, or the change is its starting point.
    let first_read = async {
        while !harness
            .sandbox
            .requests()
            .iter()
            .any(|request| request.method == "GET" && request.path.contains("/pipelines/3"))
        {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    };
    tokio::time::timeout(HEARD_WITHIN, first_read)
        .await
        .expect("the stream reads its pipeline");
    harness
        .ok(
            "pipeline.cancel",
            json!({"project_id": 1, "pipeline_id": 3}),
        )
        .await;
    let notification = tokio::time::timeout(HEARD_WITHIN, subscription.next())
        .await
        .expect("the change is heard")
        .unwrap()
        .expect("a notification");
    match notification {
        ServerNotification::ResourceUpdatedNotification(update) => {
            assert_eq!(update.params.uri, PIPELINE);
        }
        other => panic!("unexpected {other:?}"),
    }
    drop(subscription);
    pair.close().await;
}
