//! The sync path waits a bounded time for each answer (rmcp gap 5).

use std::time::Duration;

use crate::common::{Issue, flow, text};
use rmcp::model::{
    CallToolRequestParams, ClientConfig, ElicitRequestParams, ElicitResult, ErrorData,
    Implementation, ProtocolVersion,
};
use rmcp::service::{RequestContext, RoleClient};
use rmcp::{ClientHandler, ServiceExt};
use serde_json::json;
use wizard::testkit::WizardServer;
use wizard::{Flow, Serve};

/// A client that declares form elicitation and never answers.
#[derive(Clone)]
struct Silent;

impl ClientHandler for Silent {
    fn get_info(&self) -> ClientConfig {
        ClientConfig::new(crate::common::form(), Implementation::new("silent", "0"))
            .with_protocol_version(ProtocolVersion::V_2025_11_25)
    }

    async fn create_elicitation(
        &self,
        _request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        std::future::pending().await
    }
}

#[test]
fn the_default_timeout_is_ten_minutes() {
    assert_eq!(flow().elicitation_timeout(), Duration::from_secs(600));
    assert_eq!(flow().state_ttl(), Duration::from_secs(600));
    assert_eq!(Flow::DEFAULT_TIMEOUT, Duration::from_secs(600));
}

#[tokio::test]
async fn an_unanswered_question_fails_the_step_after_the_timeout() {
    let (server_io, client_io) = tokio::io::duplex(64 * 1024);
    let server = Serve::new(WizardServer::<Issue>::new(
        flow().with_elicitation_timeout(Duration::from_millis(50)),
    ));
    let server = tokio::spawn(async move {
        server
            .serve(server_io)
            .await
            .expect("serves")
            .waiting()
            .await
    });
    let client = Silent.serve(client_io).await.expect("connects");
    let mut request = CallToolRequestParams::new("demo_issue_create");
    request.arguments = Some(crate::common::object(json!({"project_id": "42"})));
    let result = client.call_tool(request).await.expect("answered");
    assert_eq!(
        text(&result),
        "collecting title: no answer arrived within 50ms"
    );
    assert_eq!(result.is_error, Some(true));
    // The silent client's handler never ends; stop the pair without waiting for it.
    server.abort();
    drop(client);
}
