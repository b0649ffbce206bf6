//! The test kit's scripted client ([`wizard::testkit::ScriptedClient`]) on rmcp's
//! streamable HTTP transport, as a 2025-11-25 client that declares form elicitation.

use std::time::Duration;

use rmcp::ServiceExt;
use rmcp::model::{CallToolRequestParams, CallToolResult};
use rmcp::service::{RoleClient, RunningService};
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use serde_json::Value;
use wizard::testkit::{Elicit, Reply, ScriptedClient, accept};

use super::wizard::{ISSUE_KEYS, issue_answer};

/// Every rmcp call is bounded: a hang fails the test instead of stalling it.
pub const BOUND: Duration = Duration::from_secs(60);

/// A form client scripted with every answer of the issue wizard, in order.
pub fn answering() -> ScriptedClient {
    let replies: Vec<Reply> = ISSUE_KEYS
        .iter()
        .map(|key| accept(issue_answer(key)))
        .collect();
    ScriptedClient::new(Elicit::Form, replies)
}

/// Connects `client` to `url` with `initialize` on 2025-11-25, as the tests' caller.
pub async fn connect(
    client: &ScriptedClient,
    url: &str,
) -> RunningService<RoleClient, ScriptedClient> {
    connect_as(client, url, super::CALLER_TOKEN).await
}

/// Connects `client` to `url` with `initialize` on 2025-11-25, sending `token` with every
/// request (`Authorization: Bearer`).
pub async fn connect_as(
    client: &ScriptedClient,
    url: &str,
    token: &str,
) -> RunningService<RoleClient, ScriptedClient> {
    let config = StreamableHttpClientTransportConfig::with_uri(url.to_owned()).auth_header(token);
    let transport = StreamableHttpClientTransport::from_config(config);
    tokio::time::timeout(BOUND, client.clone().serve(transport))
        .await
        .expect("initialize within the bound")
        .expect("initialize succeeds")
}

/// Calls `tool`, bounded.
pub async fn call(
    client: &RunningService<RoleClient, ScriptedClient>,
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
