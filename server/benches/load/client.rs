//! One client's work: the issue wizard, round by round, each round timed.

use std::time::{Duration, Instant};

use reqwest::header::{HeaderMap, HeaderValue};
use serde_json::{Value, json};

const TOOL: &str = "gitlab_interactive_issue_create";

/// What the clients measured.
#[derive(Default)]
pub struct Stats {
    /// Microseconds per completed round.
    pub latencies: Vec<u32>,
    pub wizards: u64,
    pub errors: u64,
    pub first_error: Option<String>,
}

impl Stats {
    pub fn failed(&mut self, error: String) {
        self.errors += 1;
        self.first_error.get_or_insert(error);
    }

    pub fn merge(&mut self, other: Stats) {
        self.latencies.extend(other.latencies);
        self.wizards += other.wizards;
        self.errors += other.errors;
        if self.first_error.is_none() {
            self.first_error = other.first_error;
        }
    }
}

/// Shares one connection pool; clone it per task.
#[derive(Clone)]
pub struct WizardClient {
    http: reqwest::Client,
    url: reqwest::Url,
}

impl WizardClient {
    pub fn new(url: &str, clients: usize) -> Result<WizardClient, String> {
        // Every round sends the same headers: set them once.
        let mut headers = HeaderMap::new();
        for (name, value) in [
            ("content-type", "application/json"),
            ("accept", "application/json, text/event-stream"),
            ("mcp-protocol-version", "2026-07-28"),
            ("mcp-method", "tools/call"),
            ("mcp-name", TOOL),
            // The server acts as each request's own caller.
            ("private-token", "glpat-load-bench-caller"),
        ] {
            headers.insert(name, HeaderValue::from_static(value));
        }
        let http = reqwest::Client::builder()
            .default_headers(headers)
            .pool_max_idle_per_host(clients)
            .tcp_nodelay(true)
            .timeout(Duration::from_secs(10))
            .build()
            .map_err(|e| format!("no HTTP client: {e}"))?;
        let url = reqwest::Url::parse(url).map_err(|e| format!("`{url}` is not a URL: {e}"))?;
        Ok(WizardClient { http, url })
    }

    /// Runs one wizard to the created issue; every completed round's latency goes into
    /// `stats`. An error ends the wizard.
    pub async fn wizard(&self, stats: &mut Stats) -> Result<(), String> {
        let mut answer: Option<(String, String)> = None;
        for _ in 0..6 {
            let body = request_body(answer.as_ref());
            let started = Instant::now();
            let result = self.round(&body).await?;
            stats
                .latencies
                .push(u32::try_from(started.elapsed().as_micros()).unwrap_or(u32::MAX));
            match result["resultType"].as_str() {
                Some("input_required") => answer = Some(question(&result)?),
                Some("complete") if result["isError"] != json!(true) => {
                    if result["structuredContent"]["iid"].is_u64() {
                        stats.wizards += 1;
                        return Ok(());
                    }
                    return Err(format!("complete without the created issue: {result}"));
                }
                _ => return Err(format!("unexpected result: {result}")),
            }
        }
        Err("the wizard asked more than five questions".to_owned())
    }

    async fn round(&self, body: &Value) -> Result<Value, String> {
        let response = self
            .http
            .post(self.url.clone())
            .body(serde_json::to_vec(body).map_err(|e| e.to_string())?)
            .send()
            .await
            .map_err(|e| format!("request failed: {e}"))?;
        let status = response.status();
        let bytes = response
            .bytes()
            .await
            .map_err(|e| format!("reading the answer failed: {e}"))?;
        if !status.is_success() {
            return Err(format!(
                "HTTP {status}: {}",
                String::from_utf8_lossy(&bytes)
            ));
        }
        let mut message: Value =
            serde_json::from_slice(&bytes).map_err(|e| format!("not JSON ({e}): {status}"))?;
        match message.get_mut("result") {
            Some(result) => Ok(result.take()),
            None => Err(format!("no result: {message}")),
        }
    }
}

/// The `(key, requestState)` of an `input_required` result.
fn question(result: &Value) -> Result<(String, String), String> {
    let key = result["inputRequests"]
        .as_object()
        .and_then(|requests| requests.keys().next())
        .ok_or_else(|| format!("input_required without a question: {result}"))?;
    let state = result["requestState"]
        .as_str()
        .ok_or_else(|| format!("input_required without requestState: {result}"))?;
    Ok((key.clone(), state.to_owned()))
}

fn answer(key: &str) -> Value {
    match key {
        "title" => json!({"title": "Slow under load"}),
        "description" => json!({"description": "Thirty-two clients at once."}),
        "labels" => json!({"labels": "bench, load"}),
        _ => json!({"confirmed": true}),
    }
}

fn request_body(previous: Option<&(String, String)>) -> Value {
    let mut params = json!({
        "name": TOOL,
        "arguments": {"project_id": 1},
        "_meta": {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}},
        },
    });
    if let Some((key, state)) = previous {
        params["inputResponses"] = json!({key: {"action": "accept", "content": answer(key)}});
        params["requestState"] = json!(state);
    }
    json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params})
}
