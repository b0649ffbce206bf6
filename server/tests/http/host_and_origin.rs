//! `Host` and `Origin` are checked before anything else: a request from a foreign host or
//! origin gets 403 whether or not it brings a token, and GitLab is asked nothing. The
//! addresses the 401 challenge and the OAuth metadata name come from `--public-url`, or
//! from a `Host` the operator's list names — never from whatever `Host` a request sent —
//! and a `Host` that is not a host name cannot add parameters to the challenge.

use gitlab_sandbox::Sandbox;
use reqwest::header::{HeaderMap, HeaderValue};
use serde_json::{Value, json};

use crate::support::Launch;
use crate::support::rpc::LEGACY;

const METADATA: &str = "/.well-known/oauth-protected-resource";

/// What the server answered.
#[derive(Debug)]
struct Answer {
    status: u16,
    challenge: Option<String>,
    body: String,
}

/// A tokenless `tools/call` (or, with `token`, a bearer one) with `headers` added.
async fn call(url: &str, headers: &[(&str, &str)], token: Option<&str>) -> Answer {
    let mut request = reqwest::Client::new()
        .post(url)
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .header("mcp-protocol-version", LEGACY)
        .headers(header_map(headers))
        .json(&json!({
            "jsonrpc": "2.0", "id": 1, "method": "tools/call",
            "params": {"name": "gitlab_issue_list", "arguments": {"project_id": 1}},
        }));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    answer(request.send().await.expect("answered")).await
}

/// The protected resource metadata, asked with `headers`.
async fn metadata(server_url: &str, headers: &[(&str, &str)]) -> Answer {
    let url = server_url.replace("/mcp", METADATA);
    let response = reqwest::Client::new()
        .get(url)
        .headers(header_map(headers))
        .send()
        .await
        .expect("answered");
    answer(response).await
}

fn header_map(headers: &[(&str, &str)]) -> HeaderMap {
    let mut map = HeaderMap::new();
    for (name, value) in headers {
        map.insert(
            reqwest::header::HeaderName::from_bytes(name.as_bytes()).expect("a name"),
            HeaderValue::from_str(value).expect("a header value"),
        );
    }
    map
}

async fn answer(response: reqwest::Response) -> Answer {
    let status = response.status().as_u16();
    let challenge = response
        .headers()
        .get("www-authenticate")
        .map(|value| String::from_utf8_lossy(value.as_bytes()).into_owned());
    let body = response.text().await.unwrap_or_default();
    Answer {
        status,
        challenge,
        body,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_foreign_host_or_origin_gets_403_before_any_token_is_asked_for() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let server = Launch::new(sandbox.base_url().as_str()).start();
    let evil_host = ("host", "evil.example.com");
    let evil_origin = ("origin", "https://evil.example.com");

    for (headers, token) in [
        (&[evil_host][..], None),
        (&[evil_origin], None),
        (&[evil_host], Some("gloas-some-token")),
        (&[evil_origin], Some("gloas-some-token")),
    ] {
        let answer = call(&server.url, headers, token).await;
        assert_eq!(answer.status, 403, "{headers:?} {token:?}: {answer:?}");
        assert_eq!(answer.challenge, None, "{answer:?}");
    }
    let document = metadata(&server.url, &[evil_host]).await;
    assert_eq!(document.status, 403, "{document:?}");
    assert!(!document.body.contains("evil"), "{document:?}");
    assert!(sandbox.requests().is_empty(), "{:?}", sandbox.requests());

    // The same requests from this machine: the token is asked for.
    let tokenless = call(&server.url, &[("origin", "http://localhost:6274")], None).await;
    assert_eq!(tokenless.status, 401, "{tokenless:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_sign_in_addresses_never_name_a_host_the_operator_did_not() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let gitlab = sandbox.base_url().to_string();
    let evil_host = ("host", "evil.example.com");

    // Any Host accepted: still none of them is named.
    let anyone = Launch::new(&gitlab).args(&["--allowed-hosts", "*"]).start();
    let refused = call(&anyone.url, &[evil_host], None).await;
    assert_eq!(refused.status, 401, "{refused:?}");
    let challenge = refused.challenge.unwrap_or_default();
    assert!(challenge.starts_with("Bearer realm="), "{challenge}");
    assert!(!challenge.contains("evil"), "{challenge}");
    let document = metadata(&anyone.url, &[evil_host]).await;
    assert!(!document.body.contains("evil"), "{document:?}");
    assert!(
        document.body.contains("GITLAB_MCP_PUBLIC_URL"),
        "{document:?}"
    );

    // A Host the list names is named, with its port.
    let named = Launch::new(&gitlab)
        .args(&["--allowed-hosts", "mcp.example.com"])
        .start();
    let refused = call(&named.url, &[("host", "mcp.example.com:8443")], None).await;
    let expected = format!("resource_metadata=\"http://mcp.example.com:8443{METADATA}\"");
    let challenge = refused.challenge.unwrap_or_default();
    assert!(challenge.ends_with(&expected), "{challenge}");
    let document = metadata(&named.url, &[("host", "mcp.example.com:8443")]).await;
    let document: Value = serde_json::from_str(&document.body).expect("JSON");
    assert_eq!(document["resource"], "http://mcp.example.com:8443/mcp");

    // The public URL, whatever the Host.
    let public = Launch::new(&gitlab)
        .args(&[
            "--allowed-hosts",
            "*",
            "--public-url",
            "https://mcp.example.com",
        ])
        .start();
    let refused = call(&public.url, &[evil_host], None).await;
    let challenge = refused.challenge.unwrap_or_default();
    assert!(
        challenge.ends_with(&format!(
            "resource_metadata=\"https://mcp.example.com{METADATA}\""
        )),
        "{challenge}"
    );
    let document = metadata(&public.url, &[evil_host]).await;
    let document: Value = serde_json::from_str(&document.body).expect("JSON");
    assert_eq!(document["resource"], "https://mcp.example.com/mcp");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_host_with_quotes_adds_no_parameter_to_the_challenge() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let server = Launch::new(sandbox.base_url().as_str())
        .args(&["--allowed-hosts", "*"])
        .start();
    let injecting = ("host", r#"localhost", error="injected"#);

    let answer = call(&server.url, &[injecting], None).await;

    assert_eq!(answer.status, 400, "{answer:?}");
    let challenge = answer.challenge.unwrap_or_default();
    assert!(!challenge.contains("injected"), "{challenge}");
    let document = metadata(&server.url, &[injecting]).await;
    assert!(!document.body.contains("injected"), "{document:?}");
}
