//! rmcp's own client on streamable HTTP, as a 2025-11-25 client that declares form
//! elicitation and answers every question of the issue wizard.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use rmcp::model::{
    CallToolRequestParams, CallToolResult, ClientCapabilities, ClientConfig, ElicitRequestParams,
    ElicitResult, ElicitationAction, ElicitationCapability, ErrorData, FormElicitationCapability,
    Implementation, ProtocolVersion,
};
use rmcp::service::{RequestContext, RoleClient, RunningService};
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::{ClientHandler, ServiceExt};
use serde_json::{Value, json};

use super::wizard::issue_answer;

/// Every rmcp call is bounded: a hang fails the test instead of stalling it.
pub const BOUND: Duration = Duration::from_secs(60);

/// Answers form questions; records the message of each.
#[derive(Clone, Default)]
pub struct Answering {
    asked: Arc<Mutex<Vec<String>>>,
}

impl Answering {
    pub fn asked(&self) -> Vec<String> {
        self.asked
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Connects with `initialize` on 2025-11-25.
    pub async fn connect(&self, url: &str) -> RunningService<RoleClient, Answering> {
        let transport = StreamableHttpClientTransport::from_uri(url.to_owned());
        tokio::time::timeout(BOUND, self.clone().serve(transport))
            .await
            .expect("initialize within the bound")
            .expect("initialize succeeds")
    }
}

/// Calls `tool`, bounded.
pub async fn call(
    client: &RunningService<RoleClient, Answering>,
    tool: &str,
    arguments: Value,
) -> CallToolResult {
    let Value::Object(arguments) = arguments else {
        panic!("tool arguments are an object");
    };
    let request = CallToolRequestParams::new(tool.to_owned()).with_arguments(arguments);
    tokio::time::timeout(BOUND, client.call_tool(request))
        .await
        .expect("the call returns within the bound")
        .expect("the call succeeds at the protocol level")
}

/// The text of a result's first content block.
pub fn text(result: &CallToolResult) -> String {
    let value = serde_json::to_value(result).expect("a result serialises");
    value["content"][0]["text"]
        .as_str()
        .unwrap_or_else(|| panic!("no text content: {value}"))
        .to_owned()
}

impl ClientHandler for Answering {
    fn get_info(&self) -> ClientConfig {
        let mut capabilities = ClientCapabilities::default();
        capabilities.elicitation =
            Some(ElicitationCapability::new().with_form(FormElicitationCapability::default()));
        ClientConfig::new(capabilities, Implementation::new("http-tests", "0"))
            .with_protocol_version(ProtocolVersion::V_2025_11_25)
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        let ElicitRequestParams::FormElicitationParams {
            message,
            requested_schema,
            ..
        } = request
        else {
            return Err(ErrorData::invalid_params("form questions only", None));
        };
        self.asked
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(message);
        let schema = serde_json::to_value(&requested_schema).expect("a schema serialises");
        let property = schema["properties"]
            .as_object()
            .and_then(|properties| properties.keys().next().cloned())
            .expect("a one-property form");
        // Yes/no questions all use `confirmed`: answer yes; text questions by their key.
        let content = if property == "confirmed" {
            json!({"confirmed": true})
        } else {
            issue_answer(&property)
        };
        Ok(ElicitResult::new(ElicitationAction::Accept).with_content(content))
    }
}
