//! JSON-RPC over HTTP by hand: one POST per request, the answer read from a JSON body or
//! an SSE stream, every status visible.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use reqwest::header::{HeaderMap, HeaderName, HeaderValue};
use serde_json::{Value, json};

pub const MRTR: &str = "2026-07-28";
pub const LEGACY: &str = "2025-11-25";

/// A client; every request it sends carries its default headers.
pub struct Rpc {
    http: reqwest::Client,
    next_id: AtomicU64,
}

/// One HTTP answer.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    /// The JSON-RPC message (the response, when the body was an SSE stream); the plain
    /// text as a JSON string when the body was not JSON.
    pub body: Value,
}

impl Reply {
    /// The JSON-RPC `result`; panics with the whole reply when there is none.
    pub fn result(&self) -> &Value {
        assert_eq!(self.status, 200, "{self:?}");
        self.body
            .get("result")
            .unwrap_or_else(|| panic!("no result: {self:?}"))
    }

    /// The text of a tool result's first content block.
    pub fn text(&self) -> &str {
        self.result()["content"][0]["text"]
            .as_str()
            .unwrap_or_else(|| panic!("no text content: {self:?}"))
    }

    pub fn is_error(&self) -> bool {
        self.result()["isError"] == json!(true)
    }
}

/// A client acting as the caller every test uses unless it says otherwise: the server
/// serves no HTTP request without a token of its own.
impl Default for Rpc {
    fn default() -> Self {
        Rpc::with_headers(&[("PRIVATE-TOKEN", super::CALLER_TOKEN)])
    }
}

impl Rpc {
    /// A client sending `headers` with every request.
    pub fn with_headers(headers: &[(&str, &str)]) -> Self {
        let mut defaults = HeaderMap::new();
        for (name, value) in headers {
            defaults.insert(
                HeaderName::from_bytes(name.as_bytes()).expect("a header name"),
                HeaderValue::from_str(value).expect("a header value"),
            );
        }
        Rpc {
            http: reqwest::Client::builder()
                // Bounded: a hang is a failure, not a stuck test.
                .timeout(Duration::from_secs(60))
                .default_headers(defaults)
                .build()
                .expect("a reqwest client"),
            next_id: AtomicU64::new(1),
        }
    }

    /// POSTs `body` with the MCP headers plus `headers`.
    pub async fn post(&self, url: &str, headers: &[(&str, &str)], body: &Value) -> Reply {
        let mut request = self
            .http
            .post(url)
            .header("content-type", "application/json")
            .header("accept", "application/json, text/event-stream")
            .body(serde_json::to_vec(body).expect("JSON"));
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let response = request.send().await.expect("the server answers");
        let status = response.status().as_u16();
        let text = response.text().await.expect("a readable body");
        Reply {
            status,
            body: parse_body(&text),
        }
    }

    fn id(&self) -> u64 {
        self.next_id.fetch_add(1, Ordering::Relaxed)
    }

    /// A 2026-07-28 request: version and capabilities in `_meta` and the headers.
    pub async fn request_2026(
        &self,
        url: &str,
        method: &str,
        name: Option<&str>,
        mut params: Value,
        capabilities: Value,
    ) -> Reply {
        params["_meta"] = json!({
            "io.modelcontextprotocol/protocolVersion": MRTR,
            "io.modelcontextprotocol/clientCapabilities": capabilities,
            "io.modelcontextprotocol/clientInfo": {"name": "http-tests", "version": "0"},
        });
        let body = json!({"jsonrpc": "2.0", "id": self.id(), "method": method, "params": params});
        let mut headers = vec![("mcp-protocol-version", MRTR), ("mcp-method", method)];
        if let Some(name) = name {
            headers.push(("mcp-name", name));
        }
        self.post(url, &headers, &body).await
    }

    /// One MRTR round of `tools/call` from a client that declares form elicitation.
    pub async fn call_2026(
        &self,
        url: &str,
        tool: &str,
        arguments: Value,
        input_responses: Option<Value>,
        request_state: Option<&str>,
    ) -> Reply {
        let mut params = json!({"name": tool, "arguments": arguments});
        if let Some(responses) = input_responses {
            params["inputResponses"] = responses;
        }
        if let Some(state) = request_state {
            params["requestState"] = json!(state);
        }
        let capabilities = json!({"elicitation": {"form": {}}});
        self.request_2026(url, "tools/call", Some(tool), params, capabilities)
            .await
    }

    /// `tool` called on both wire paths, as a 2025-11-25 client and as a 2026-07-28 one,
    /// for a call that asks no question.
    pub async fn call_both(&self, url: &str, tool: &str, arguments: Value) -> [Reply; 2] {
        let legacy = self.call_legacy(url, tool, arguments.clone()).await;
        let current = self.call_2026(url, tool, arguments, None, None).await;
        [legacy, current]
    }

    /// `tools/call` as a 2025-11-25 client sends it on a stateless server: no session,
    /// the version in the header only.
    pub async fn call_legacy(&self, url: &str, tool: &str, arguments: Value) -> Reply {
        let body = json!({
            "jsonrpc": "2.0",
            "id": self.id(),
            "method": "tools/call",
            "params": {"name": tool, "arguments": arguments},
        });
        self.post(url, &[("mcp-protocol-version", LEGACY)], &body)
            .await
    }
}

/// A JSON body, or the JSON-RPC response among the `data:` lines of an SSE stream.
fn parse_body(text: &str) -> Value {
    if let Ok(value) = serde_json::from_str::<Value>(text) {
        return value;
    }
    let messages: Vec<Value> = text
        .lines()
        .filter_map(|line| line.strip_prefix("data:"))
        .filter_map(|data| serde_json::from_str::<Value>(data.trim()).ok())
        .collect();
    messages
        .iter()
        .rev()
        .find(|message| message.get("id").is_some() && message.get("method").is_none())
        .cloned()
        .unwrap_or_else(|| Value::String(text.to_owned()))
}
