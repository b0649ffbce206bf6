//! A call acts as its own caller and no other: a confirmed round belongs to the caller
//! whose token answered it (another caller's replay learns nothing and spoils nothing),
//! an HTTP request without a token of its own is refused unless the operator opted in,
//! and a stateful session serves only the caller that opened it.

use gitlab_sandbox::{RecordedRequest, Sandbox};
use serde_json::{Value, json};

use crate::support::client::{answering, call, connect_as};
use crate::support::redis::Redis;
use crate::support::rpc::{LEGACY, Reply, Rpc};
use crate::support::wizard::{asked, issue_body, say_yes, up_to_the_summary};
use crate::support::{KEY_A, Launch, Replica, SERVER, SERVER_TOKEN, isolated};

const TOKEN_A: &str = "glpat-caller-a";
const TOKEN_B: &str = "glpat-caller-b";

fn as_caller(token: &str) -> Rpc {
    Rpc::with_headers(&[("PRIVATE-TOKEN", token)])
}

fn token_of(request: &RecordedRequest) -> &gitlab_sandbox::RecordedSecret {
    request
        .private_token
        .as_ref()
        .unwrap_or_else(|| panic!("no PRIVATE-TOKEN on {request:?}"))
}

/// The one write GitLab received: the issue, made with `token`.
fn assert_one_issue_by(sandbox: &Sandbox, token: &str) {
    let writes = sandbox.writes();
    assert_eq!(writes.len(), 1, "{writes:?}");
    assert_eq!(writes[0].body, issue_body());
    assert!(token_of(&writes[0]).matches(token), "{:?}", writes[0]);
}

/// A replay by someone else: no result, no issue, not even an error naming A's round —
/// the questions start again for B, as for any state issued for another call.
fn assert_learns_nothing(reply: &Reply) {
    let question = asked(reply).unwrap_or_else(|| panic!("B was not asked again: {reply:?}"));
    assert_eq!(question.key, "title", "{reply:?}");
    let text = reply.body.to_string();
    assert!(!text.contains("web_url") && !text.contains("iid"), "{text}");
}

/// Two replicas sharing state keys and Redis, as behind a balancer.
fn two_replicas(gitlab: &str, redis: &Redis) -> (Replica, Replica) {
    let store = ["--redis-url", redis.url.as_str()];
    let one = Launch::new(gitlab).keys(KEY_A).args(&store).start();
    let two = Launch::new(gitlab).keys(KEY_A).args(&store).start();
    (one, two)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_callers_replay_after_the_yes_gets_nothing() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let Some(redis) = Redis::start() else {
        return;
    };
    let (one, two) = two_replicas(sandbox.base_url().as_str(), &redis);
    let (a, b) = (as_caller(TOKEN_A), as_caller(TOKEN_B));
    let summary = up_to_the_summary(&a, &one.url).await;
    let created = say_yes(&a, &one.url, &summary).await;
    assert!(!created.is_error(), "{created:?}");
    assert!(created.result()["structuredContent"]["web_url"].is_string());

    let replayed = say_yes(&b, &two.url, &summary).await;

    assert_learns_nothing(&replayed);
    assert_one_issue_by(&sandbox, TOKEN_A);
    // A's own repeat still gets A's result.
    let again = say_yes(&a, &two.url, &summary).await;
    assert_eq!(again.result(), created.result());
    assert_one_issue_by(&sandbox, TOKEN_A);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_callers_replay_before_the_yes_spoils_nothing() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let Some(redis) = Redis::start() else {
        return;
    };
    let (one, two) = two_replicas(sandbox.base_url().as_str(), &redis);
    let (a, b) = (as_caller(TOKEN_A), as_caller(TOKEN_B));
    let summary = up_to_the_summary(&a, &one.url).await;

    let first = say_yes(&b, &two.url, &summary).await;

    assert_learns_nothing(&first);
    assert!(sandbox.writes().is_empty(), "{:?}", sandbox.writes());
    let created = say_yes(&a, &one.url, &summary).await;
    assert!(!created.is_error(), "{created:?}");
    assert!(created.result()["structuredContent"]["web_url"].is_string());
    assert_one_issue_by(&sandbox, TOKEN_A);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guards_yes_belongs_to_the_caller_asked() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let gitlab = sandbox.base_url().to_string();
    let server = Launch::new(&gitlab).start();
    let (a, b) = (as_caller(TOKEN_A), as_caller(TOKEN_B));
    let tool = "gitlab_issue_delete";
    let arguments = json!({"project_id": 1, "issue_iid": 2});
    let asking = a
        .call_2026(&server.url, tool, arguments.clone(), None, None)
        .await;
    let question = asked(&asking).expect("the guard asks");
    let yes = json!({"confirm": {"action": "accept", "content": {"confirmed": true}}});
    let yes_from = |rpc: Rpc| {
        let (url, arguments, yes, state) = (
            server.url.clone(),
            arguments.clone(),
            yes.clone(),
            question.state.clone(),
        );
        async move {
            rpc.call_2026(&url, tool, arguments, Some(yes), Some(&state))
                .await
        }
    };

    let stolen = yes_from(b).await;

    assert_eq!(asked(&stolen).map(|q| q.key), Some("confirm".to_owned()));
    assert!(sandbox.writes().is_empty(), "{:?}", sandbox.writes());
    let deleted = yes_from(a).await;
    assert!(!deleted.is_error(), "{deleted:?}");
    let writes = sandbox.writes();
    assert_eq!(writes.len(), 1, "{writes:?}");
    assert!(token_of(&writes[0]).matches(TOKEN_A));
}

/// A `tools/call` with no token at all.
async fn call_with_token(url: &str, authorization: &str) -> (u16, Option<String>, Value) {
    send_call(url, Some(authorization)).await
}

async fn tokenless_call(url: &str) -> (u16, Option<String>, Value) {
    send_call(url, None).await
}

/// One `tools/call` on 2025-11-25, with the `Authorization` header given; the status,
/// the challenge and the body.
async fn send_call(url: &str, authorization: Option<&str>) -> (u16, Option<String>, Value) {
    let mut request = reqwest::Client::new().post(url);
    if let Some(authorization) = authorization {
        request = request.header("authorization", authorization);
    }
    let response = request
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .header("mcp-protocol-version", LEGACY)
        .json(&json!({
            "jsonrpc": "2.0", "id": 7, "method": "tools/call",
            "params": {"name": "gitlab_issue_list", "arguments": {"project_id": 1}},
        }))
        .send()
        .await
        .expect("answered");
    let status = response.status().as_u16();
    let challenge = response
        .headers()
        .get("www-authenticate")
        .map(|value| value.to_str().expect("ASCII").to_owned());
    let body = response.json().await.unwrap_or(Value::Null);
    (status, challenge, body)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_http_request_without_a_token_is_refused_by_default() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let server = Launch::new(sandbox.base_url().as_str()).start();

    let (status, challenge, body) = tokenless_call(&server.url).await;

    assert_eq!(status, 401, "{body}");
    assert!(challenge.is_some_and(|c| c.starts_with("Bearer")));
    assert_eq!(body["jsonrpc"], "2.0", "{body}");
    let message = body["error"]["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("PRIVATE-TOKEN") && message.contains("Authorization: Bearer"),
        "{body}"
    );
    assert!(sandbox.requests().is_empty(), "{:?}", sandbox.requests());
}

/// The MCP authorization spec's discovery: the refusal names the protected resource
/// metadata, which names GitLab as where to sign in; behind a proxy, its public address.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_client_learns_where_to_sign_its_user_in() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let gitlab = sandbox.base_url().as_str().trim_end_matches('/').to_owned();
    let server = Launch::new(sandbox.base_url().as_str()).start();
    let origin = server.url.trim_end_matches("/mcp").to_owned();
    let (status, challenge, _) = tokenless_call(&server.url).await;
    assert_eq!(status, 401);
    let metadata = format!("{origin}/.well-known/oauth-protected-resource");
    assert_eq!(
        challenge.as_deref(),
        Some(
            format!("Bearer realm=\"gitlab-mcp-server\", resource_metadata=\"{metadata}\"")
                .as_str()
        )
    );
    for url in [metadata.clone(), format!("{metadata}/mcp")] {
        let document: Value = reqwest::get(&url).await.unwrap().json().await.unwrap();
        assert_eq!(document["resource"], format!("{origin}/mcp"), "{url}");
        assert_eq!(document["authorization_servers"], json!([gitlab]), "{url}");
        assert_eq!(document["bearer_methods_supported"], json!(["header"]));
    }
    assert!(
        sandbox.requests().is_empty(),
        "discovery asks GitLab nothing"
    );

    let proxied = Launch::new(sandbox.base_url().as_str())
        .args(&["--public-url", "https://mcp.example.com/"])
        .start();
    let (_, challenge, _) = tokenless_call(&proxied.url).await;
    assert!(challenge.is_some_and(|c| c.ends_with(
        "resource_metadata=\"https://mcp.example.com/.well-known/oauth-protected-resource\""
    )));
    let url = proxied
        .url
        .replace("/mcp", "/.well-known/oauth-protected-resource");
    let document: Value = reqwest::get(&url).await.unwrap().json().await.unwrap();
    assert_eq!(document["resource"], "https://mcp.example.com/mcp");
}

/// A GitLab OAuth access token of the sandbox's user, signed in with the device flow.
async fn oauth_token(sandbox: &Sandbox) -> String {
    let http = reqwest::Client::new();
    let base = sandbox.base_url();
    sandbox.set_device_interval(1);
    let client = gitlab_sandbox::SANDBOX_OAUTH_CLIENT_ID;
    let device: Value = http
        .post(format!("{base}oauth/authorize_device"))
        .form(&[("client_id", client), ("scope", "api")])
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert!(sandbox.approve_device(device["user_code"].as_str().unwrap()));
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    let grant = [
        ("grant_type", "urn:ietf:params:oauth:grant-type:device_code"),
        ("device_code", device["device_code"].as_str().unwrap()),
        ("client_id", client),
    ];
    let tokens: Value = http
        .post(format!("{base}oauth/token"))
        .form(&grant)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    tokens["access_token"]
        .as_str()
        .expect("an access token")
        .to_owned()
}

/// A request with a GitLab OAuth token is served with it, as a bearer token; GitLab is
/// asked once a minute whether the token is good; one GitLab refuses gets the 401 that
/// sends an MCP client to sign its user in again, and nothing is served.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_oauth_token_is_the_requests_credential_until_gitlab_refuses_it() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let server = Launch::new(sandbox.base_url().as_str()).start();
    let token = oauth_token(&sandbox).await;
    sandbox.clear_requests();
    let bearer = format!("Bearer {token}");
    let rpc = Rpc::with_headers(&[("Authorization", bearer.as_str())]);
    for _ in 0..2 {
        let reply = rpc
            .call_legacy(&server.url, "gitlab_issue_list", json!({"project_id": 1}))
            .await;
        assert!(!reply.is_error(), "{reply:?}");
    }
    let sent: Vec<String> = sandbox
        .requests()
        .iter()
        .map(|r| format!("{} {}", r.method, r.path))
        .collect();
    assert_eq!(
        sent,
        [
            "GET /api/v4/user",
            "GET /api/v4/projects/1/issues",
            "GET /api/v4/projects/1/issues"
        ],
        "one check of the token, then its calls"
    );
    assert!(token_of(&sandbox.requests()[1]).matches(&token));

    // Expired: refused at the door once the minute's answer is stale (a new server here).
    sandbox.expire_oauth_tokens();
    let server = Launch::new(sandbox.base_url().as_str()).start();
    sandbox.clear_requests();
    let (status, challenge, body) = call_with_token(&server.url, &bearer).await;
    assert_eq!(status, 401, "{body}");
    let challenge = challenge.unwrap_or_default();
    assert!(
        challenge.contains("error=\"invalid_token\"") && challenge.contains("resource_metadata="),
        "{challenge}"
    );
    let sent: Vec<String> = sandbox
        .requests()
        .iter()
        .map(|r| format!("{} {}", r.method, r.path))
        .collect();
    assert_eq!(sent, ["GET /api/v4/user"], "nothing served");
    assert!(!body.to_string().contains(&token), "{body}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_servers_own_token_serves_tokenless_requests_only_when_the_operator_says_so() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let gitlab = sandbox.base_url().to_string();
    let server = Launch::new(&gitlab)
        .args(&["--tokenless-as-server"])
        .start();
    let (status, _, body) = tokenless_call(&server.url).await;
    assert_eq!(status, 200, "{body}");
    assert!(token_of(&sandbox.requests()[0]).matches(SERVER_TOKEN));
    assert_named_in_the_log(&server);

    // Beyond loopback it takes a second, explicit setting.
    let refused = isolated(&mut std::process::Command::new(SERVER))
        .env("GITLAB_URL", &gitlab)
        .env("GITLAB_TOKEN", SERVER_TOKEN)
        .args(["--http", "0.0.0.0:0", "--tokenless-as-server"])
        .output()
        .expect("the binary runs");
    assert_eq!(refused.status.code(), Some(2));
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(
        said.contains("GITLAB_MCP_TOKENLESS_AS_SERVER")
            && said.contains("GITLAB_MCP_TOKENLESS_BEYOND_LOOPBACK"),
        "{said}"
    );
    let anywhere = Launch::new(&gitlab)
        .args(&[
            "--tokenless-as-server",
            "--tokenless-beyond-loopback",
            "--allowed-hosts",
            "*",
        ])
        .address("0.0.0.0:0")
        .start();
    assert_named_in_the_log(&anywhere);
}

fn assert_named_in_the_log(server: &Replica) {
    let log = server.log().join("\n");
    assert!(
        log.contains("WARN")
            && log.contains(
                "GITLAB_MCP_TOKENLESS_AS_SERVER: HTTP requests without a token of their own act with GITLAB_TOKEN"
            ),
        "{log}"
    );
}

/// `initialize` on a stateful server as the caller with `token`; the session id.
async fn open_session(url: &str, token: &str) -> String {
    let response = reqwest::Client::new()
        .post(url)
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .header("private-token", token)
        .json(&json!({
            "jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": {"protocolVersion": LEGACY, "capabilities": {},
                       "clientInfo": {"name": "t", "version": "0"}},
        }))
        .send()
        .await
        .expect("answered");
    assert_eq!(response.status(), 200);
    response
        .headers()
        .get("mcp-session-id")
        .expect("a session id")
        .to_str()
        .expect("ASCII")
        .to_owned()
}

/// `tools/list` inside `session`, with `token` when given; the status.
async fn list_in(url: &str, session: &str, token: Option<&str>) -> (u16, String) {
    let mut request = reqwest::Client::new()
        .post(url)
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .header("mcp-protocol-version", LEGACY)
        .header("mcp-session-id", session)
        .json(&json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}));
    if let Some(token) = token {
        request = request.header("private-token", token);
    }
    let response = request.send().await.expect("answered");
    let status = response.status().as_u16();
    (status, response.text().await.unwrap_or_default())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stateful_session_serves_only_the_caller_that_opened_it() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let gitlab = sandbox.base_url().to_string();
    // Even with tokenless requests served as the operator, a session stays its opener's.
    let server = Launch::new(&gitlab)
        .args(&["--stateless=false", "--tokenless-as-server"])
        .start();
    let session = open_session(&server.url, TOKEN_A).await;
    let (unknown, _) = list_in(&server.url, "no-such-session", Some(TOKEN_A)).await;

    let (as_b, b_saw) = list_in(&server.url, &session, Some(TOKEN_B)).await;
    let (as_nobody, nobody_saw) = list_in(&server.url, &session, None).await;
    let (as_a, _) = list_in(&server.url, &session, Some(TOKEN_A)).await;

    assert_eq!(unknown, 404);
    assert_eq!((as_b, as_nobody), (404, 404), "{b_saw} / {nobody_saw}");
    assert_eq!(b_saw, "Not Found: Session not found");
    assert_eq!(nobody_saw, b_saw);
    assert_eq!(as_a, 200);

    // And the rmcp client of the test kit, session and all, as A.
    let client = connect_as(&answering(), &server.url, TOKEN_A).await;
    let listed = call(&client, "gitlab_issue_list", json!({"project_id": 1})).await;
    assert_ne!(listed.is_error, Some(true), "{listed:?}");
    assert!(token_of(&sandbox.requests()[0]).matches(TOKEN_A));
}
