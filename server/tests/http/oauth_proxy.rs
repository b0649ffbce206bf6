//! The server as its own OAuth authorization server in front of the sandbox's GitLab
//! (`GITLAB_MCP_OAUTH_PROXY`): rmcp's OAuth client registers itself, signs its user in
//! through GitLab's authorize page (the test follows the browser's redirects), calls a
//! tool, refreshes; a second replica sharing Redis serves the same client; misuse is
//! refused. What reaches GitLab is checked on the sandbox's record.

use std::collections::HashMap;

use gitlab_sandbox::{SANDBOX_OAUTH_CLIENT_ID, Sandbox};
use reqwest::StatusCode;
use reqwest::redirect::Policy;
use rmcp::ServiceExt;
use rmcp::model::{CallToolRequestParams, ClientConfig};
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::transport::auth::{AuthClient, AuthorizationRequest, OAuthState};
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use serde_json::{Value, json};
use url::Url;

use crate::support::redis::{Redis, free_port};
use crate::support::rpc::Rpc;
use crate::support::{KEY_A, Launch, Replica};

const LIST: &str = "gitlab_issue_list";
/// Where the client's own listener would be: the test reads the redirect instead.
const CLIENT_REDIRECT: &str = "http://127.0.0.1:1/callback";

/// One replica with the OAuth proxy on, at `public` (`http://127.0.0.1:<port>`).
fn replica(sandbox: &Sandbox, public: &str, port: u16, more: &[(&str, &str)]) -> Replica {
    let mut env = vec![
        ("GITLAB_MCP_OAUTH_PROXY", "true"),
        ("GITLAB_OAUTH_CLIENT_ID", SANDBOX_OAUTH_CLIENT_ID),
        ("GITLAB_MCP_PUBLIC_URL", public),
    ];
    env.extend_from_slice(more);
    let address = format!("127.0.0.1:{port}");
    let base = sandbox.base_url();
    Launch::new(base.as_str())
        .address(&address)
        .env(&env)
        .start()
}

fn browser() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(Policy::none())
        .build()
        .expect("a client")
}

/// Follows a browser's redirects from `url` until one leads to `until`, which it returns.
async fn follow(url: &str, until: &str) -> Url {
    let browser = browser();
    let mut at = url.to_owned();
    for _ in 0..5 {
        let response = browser.get(&at).send().await.expect("the page answers");
        assert_eq!(
            response.status(),
            StatusCode::FOUND,
            "{at}: {}",
            response.text().await.unwrap_or_default()
        );
        at = response.headers()["location"]
            .to_str()
            .expect("a location")
            .to_owned();
        if at.starts_with(until) {
            return Url::parse(&at).expect("a URL");
        }
    }
    panic!("never sent to {until}; last {at}");
}

fn query(url: &Url) -> HashMap<String, String> {
    url.query_pairs().into_owned().collect()
}

/// Signs in as rmcp's OAuth client does: discovery from the MCP endpoint, dynamic
/// registration, PKCE; the browser's part played by [`follow`].
async fn sign_in_with_rmcp(public: &str) -> rmcp::transport::auth::AuthorizationManager {
    let mut state = OAuthState::new(format!("{public}/mcp"), None)
        .await
        .expect("an OAuth state");
    state
        .start_authorization(
            AuthorizationRequest::new(CLIENT_REDIRECT)
                .with_scopes(["api"])
                .with_client_name("rmcp test client"),
        )
        .await
        .expect("discovery and registration");
    let authorize = state.get_authorization_url().await.expect("a URL");
    let back = follow(&authorize, CLIENT_REDIRECT).await;
    state
        .handle_callback_url(back.as_str())
        .await
        .expect("the code is exchanged");
    match state {
        OAuthState::Authorized(manager) => manager,
        _ => panic!("not authorized"),
    }
}

/// A tool call with `token`, on both wire paths (2025-11-25 and 2026-07-28), which must
/// answer alike: the HTTP status and the 2025-11-25 body.
async fn call_with(url: &str, token: &str) -> (u16, String) {
    let [legacy, current] = Rpc::with_headers(&[("authorization", &format!("Bearer {token}"))])
        .call_both(url, LIST, json!({"project_id": 1}))
        .await;
    assert_eq!(
        legacy.status, current.status,
        "{} / {}",
        legacy.body, current.body
    );
    if legacy.status == 200 {
        assert!(!current.is_error(), "{}", current.body);
    }
    (legacy.status, legacy.body.to_string())
}

/// Whether any request GitLab received carried `token`.
fn reached_gitlab(sandbox: &Sandbox, token: &str) -> bool {
    sandbox.requests().iter().any(|request| {
        request
            .private_token
            .as_ref()
            .is_some_and(|t| t.matches(token))
    })
}

#[tokio::test]
async fn a_client_registers_signs_in_calls_refreshes_and_any_replica_serves_it() {
    let Some(redis) = Redis::start() else { return };
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let port = free_port();
    let public = format!("http://127.0.0.1:{port}");
    let shared = [
        ("GITLAB_MCP_REDIS_URL", redis.url.as_str()),
        ("GITLAB_MCP_STATE_KEYS", KEY_A),
    ];
    let first = replica(&sandbox, &public, port, &shared);
    // A second replica behind the same public address (a balancer's).
    let second = replica(&sandbox, &public, free_port(), &shared);

    // The protected resource names this server as its authorization server.
    let metadata: Value = browser()
        .get(format!("{public}/.well-known/oauth-protected-resource/mcp"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(metadata["authorization_servers"], json!([public]));

    let manager = sign_in_with_rmcp(&public).await;
    let access = manager.get_access_token().await.expect("an access token");
    assert!(access.starts_with("gmcp_at_"), "{access}");

    // rmcp's client calls a tool with it, on the first replica.
    let transport = StreamableHttpClientTransport::with_client(
        AuthClient::new(reqwest::Client::default(), manager),
        StreamableHttpClientTransportConfig::with_uri(first.url.clone()),
    );
    let client = ClientConfig::default()
        .serve(transport)
        .await
        .expect("initialize");
    let result = client
        .call_tool(
            CallToolRequestParams::new(LIST)
                .with_arguments(json!({"project_id": 1}).as_object().unwrap().clone()),
        )
        .await
        .expect("the call");
    assert_ne!(result.is_error, Some(true), "{result:?}");
    // GitLab got GitLab's token, never ours.
    let issues = sandbox
        .requests()
        .into_iter()
        .filter(|request| request.path == "/api/v4/projects/1/issues")
        .collect::<Vec<_>>();
    assert_eq!(issues.len(), 1);
    assert!(issues[0].private_token.is_some());
    assert!(!reached_gitlab(&sandbox, &access));

    // The second replica serves the same token: the grant is in Redis.
    let (status, body) = call_with(&second.url, &access).await;
    assert_eq!(status, 200, "{body}");
    assert!(!body.contains("\"isError\":true"), "{body}");
    let _ = client.cancel().await;

    // A refresh at the second replica rotates what the first one issued.
    let raw = Raw::register(&public).await;
    let (access, refresh) = raw.signed_in().await;
    let second_base = second.url.trim_end_matches("/mcp");
    let fresh: Value = browser()
        .post(format!("{second_base}/oauth/token"))
        .form(&[
            ("grant_type", "refresh_token"),
            ("refresh_token", refresh.as_str()),
            ("client_id", &raw.client_id),
        ])
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let renewed = fresh["access_token"]
        .as_str()
        .unwrap_or_else(|| panic!("{fresh}"));
    assert_eq!(call_with(&first.url, renewed).await.0, 200);
    assert_eq!(call_with(&first.url, &access).await.0, 401);
}

/// A client registered and signed in by hand (the raw requests a client sends), for the
/// refusals: its id, and a code with its verifier.
struct Raw {
    public: String,
    client_id: String,
}

const VERIFIER: &str = "a-verifier-of-at-least-forty-three-characters-0123456789";

impl Raw {
    async fn register(public: &str) -> Raw {
        let answer = browser()
            .post(format!("{public}/oauth/register"))
            .json(&json!({"redirect_uris": [CLIENT_REDIRECT], "client_name": "raw"}))
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), StatusCode::CREATED);
        let answer: Value = answer.json().await.unwrap();
        assert_eq!(answer["token_endpoint_auth_method"], "none");
        Raw {
            public: public.to_owned(),
            client_id: answer["client_id"].as_str().unwrap().to_owned(),
        }
    }

    fn authorize_url(&self, extra: &[(&str, &str)]) -> String {
        let mut url = Url::parse(&format!("{}/oauth/authorize", self.public)).unwrap();
        url.query_pairs_mut()
            .append_pair("client_id", &self.client_id)
            .append_pair("redirect_uri", CLIENT_REDIRECT)
            .append_pair("state", "client-state")
            .extend_pairs(extra);
        url.to_string()
    }

    /// The client's code after a sign-in with PKCE.
    async fn code(&self) -> String {
        let challenge = {
            use base64::Engine;
            use sha2::Digest;
            base64::engine::general_purpose::URL_SAFE_NO_PAD
                .encode(sha2::Sha256::digest(VERIFIER.as_bytes()))
        };
        let url = self.authorize_url(&[
            ("response_type", "code"),
            ("code_challenge", &challenge),
            ("code_challenge_method", "S256"),
            ("scope", "api"),
        ]);
        let back = query(&follow(&url, CLIENT_REDIRECT).await);
        assert_eq!(back["state"], "client-state");
        assert_eq!(back["iss"], self.public);
        back.get("code")
            .cloned()
            .unwrap_or_else(|| panic!("{back:?}"))
    }

    async fn token(&self, form: &[(&str, &str)]) -> (StatusCode, Value) {
        let mut all = vec![("client_id", self.client_id.as_str())];
        all.extend_from_slice(form);
        let answer = browser()
            .post(format!("{}/oauth/token", self.public))
            .form(&all)
            .send()
            .await
            .unwrap();
        (answer.status(), answer.json().await.unwrap())
    }

    async fn redeem(&self, code: &str) -> (StatusCode, Value) {
        self.token(&[
            ("grant_type", "authorization_code"),
            ("code", code),
            ("redirect_uri", CLIENT_REDIRECT),
            ("code_verifier", VERIFIER),
        ])
        .await
    }

    async fn signed_in(&self) -> (String, String) {
        let code = self.code().await;
        let (status, tokens) = self.redeem(&code).await;
        assert_eq!(status, StatusCode::OK, "{tokens}");
        (
            tokens["access_token"].as_str().unwrap().to_owned(),
            tokens["refresh_token"].as_str().unwrap().to_owned(),
        )
    }

    async fn refresh(&self, refresh: &str) -> (StatusCode, Value) {
        self.token(&[("grant_type", "refresh_token"), ("refresh_token", refresh)])
            .await
    }
}

#[tokio::test]
async fn refresh_tokens_rotate_a_reused_one_ends_the_sign_in_and_revocation_reaches_gitlab() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let port = free_port();
    let public = format!("http://127.0.0.1:{port}");
    let server = replica(&sandbox, &public, port, &[]);
    let raw = Raw::register(&public).await;
    let (access, refresh) = raw.signed_in().await;
    assert_eq!(call_with(&server.url, &access).await.0, 200);

    let (status, fresh) = raw.refresh(&refresh).await;
    assert_eq!(status, StatusCode::OK, "{fresh}");
    let new_access = fresh["access_token"].as_str().unwrap().to_owned();
    // The old access token is gone with its refresh token; the new one works.
    let (status, body) = call_with(&server.url, &access).await;
    assert_eq!(status, 401, "{body}");
    assert_eq!(call_with(&server.url, &new_access).await.0, 200);
    // The spent refresh token, presented again, ends the whole sign-in.
    let (status, answer) = raw.refresh(&refresh).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(answer["error"], "invalid_grant");
    assert!(
        answer["error_description"]
            .as_str()
            .unwrap()
            .contains("already used")
    );
    assert_eq!(call_with(&server.url, &new_access).await.0, 401);

    // Revocation ends ours and GitLab's.
    let (access, _) = raw.signed_in().await;
    let live = sandbox.oauth_access_tokens_live();
    let revoked = browser()
        .post(format!("{public}/oauth/revoke"))
        .form(&[("token", access.as_str()), ("client_id", &raw.client_id)])
        .send()
        .await
        .unwrap();
    assert_eq!(revoked.status(), StatusCode::OK);
    assert_eq!(sandbox.oauth_access_tokens_live(), live - 1);
    let answer = browser()
        .post(&server.url)
        .bearer_auth(&access)
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .body(json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}).to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), StatusCode::UNAUTHORIZED);
    let challenge = answer.headers()["www-authenticate"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(challenge.contains("invalid_token"), "{challenge}");
    assert!(challenge.contains(&format!("{public}/.well-known/oauth-protected-resource")));

    // GitLab expiring its token is a 401 for ours; a refresh then renews both.
    let (access, refresh) = raw.signed_in().await;
    sandbox.expire_oauth_tokens();
    assert_eq!(call_with(&server.url, &access).await.0, 401);
    let (status, fresh) = raw.refresh(&refresh).await;
    assert_eq!(status, StatusCode::OK, "{fresh}");
    assert_eq!(
        call_with(&server.url, fresh["access_token"].as_str().unwrap())
            .await
            .0,
        200
    );
}

#[tokio::test]
async fn misuse_is_refused_pkce_redirects_tokens_and_floods() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let port = free_port();
    let public = format!("http://127.0.0.1:{port}");
    let server = replica(
        &sandbox,
        &public,
        port,
        &[("GITLAB_MCP_OAUTH_REGISTRATIONS_PER_MINUTE", "3")],
    );
    let register = |uris: Value| {
        let public = public.clone();
        async move {
            browser()
                .post(format!("{public}/oauth/register"))
                .json(&json!({"redirect_uris": uris}))
                .send()
                .await
                .unwrap()
        }
    };
    // A redirect URI that is neither https nor loopback.
    let answer = register(json!(["http://evil.example/cb"])).await;
    assert_eq!(answer.status(), StatusCode::BAD_REQUEST);
    let answer: Value = answer.json().await.unwrap();
    assert_eq!(answer["error"], "invalid_redirect_uri");
    let raw = Raw::register(&public).await;

    // An unregistered redirect URI gets a page, never a redirect.
    let url = raw
        .authorize_url(&[("response_type", "code")])
        .replace("127.0.0.1%3A1", "127.0.0.1%3A2");
    let answer = browser().get(&url).send().await.unwrap();
    assert_eq!(answer.status(), StatusCode::BAD_REQUEST);
    assert!(answer.headers().get("location").is_none());
    // No PKCE: back to the client with invalid_request.
    let answer = browser()
        .get(raw.authorize_url(&[("response_type", "code")]))
        .send()
        .await
        .unwrap();
    let back = query(&Url::parse(answer.headers()["location"].to_str().unwrap()).unwrap());
    assert_eq!(back["error"], "invalid_request");
    assert!(back["error_description"].contains("PKCE"));

    // A wrong verifier spends the code.
    let code = raw.code().await;
    let (status, answer) = raw
        .token(&[
            ("grant_type", "authorization_code"),
            ("code", &code),
            ("redirect_uri", CLIENT_REDIRECT),
            (
                "code_verifier",
                "another-verifier-of-at-least-forty-three-characters-000",
            ),
        ])
        .await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("invalid_grant"))
    );
    let (status, answer) = raw.redeem(&code).await;
    assert_eq!(
        (status, answer["error"].as_str()),
        (StatusCode::BAD_REQUEST, Some("invalid_grant"))
    );

    // A code redeemed a second time takes the tokens of its first use with it.
    let code = raw.code().await;
    let (status, tokens) = raw.redeem(&code).await;
    assert_eq!(status, StatusCode::OK, "{tokens}");
    let access = tokens["access_token"].as_str().unwrap().to_owned();
    assert_eq!(call_with(&server.url, &access).await.0, 200);
    assert_eq!(raw.redeem(&code).await.0, StatusCode::BAD_REQUEST);
    assert_eq!(call_with(&server.url, &access).await.0, 401);

    // A bearer token this server did not issue (GitLab's own, say) does not pass through.
    let (status, body) = call_with(&server.url, "glpat-not-issued-here").await;
    assert_eq!(status, 401, "{body}");
    assert!(!reached_gitlab(&sandbox, "glpat-not-issued-here"));

    // Registrations from one address: 3 a minute here (one made above, one refused).
    assert_eq!(
        register(json!([CLIENT_REDIRECT])).await.status(),
        StatusCode::CREATED
    );
    let flooded = register(json!([CLIENT_REDIRECT])).await;
    assert_eq!(flooded.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(flooded.headers().contains_key("retry-after"));
}

#[tokio::test]
async fn only_the_users_and_groups_listed_may_sign_in() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    for (setting, admitted) in [
        (("GITLAB_MCP_OAUTH_ALLOWED_USERS", "alice,bob"), false),
        (("GITLAB_MCP_OAUTH_ALLOWED_USERS", "@Sandbox-User"), true),
        (("GITLAB_MCP_OAUTH_ALLOWED_GROUPS", "no-such-group"), false),
    ] {
        let port = free_port();
        let public = format!("http://127.0.0.1:{port}");
        let _server = replica(&sandbox, &public, port, &[setting]);
        let raw = Raw::register(&public).await;
        let url = raw.authorize_url(&[
            ("response_type", "code"),
            (
                "code_challenge",
                "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
            ),
            ("code_challenge_method", "S256"),
        ]);
        let back = query(&follow(&url, CLIENT_REDIRECT).await);
        if admitted {
            assert!(back.contains_key("code"), "{setting:?}: {back:?}");
        } else {
            assert_eq!(back["error"], "access_denied", "{setting:?}");
            assert!(
                back["error_description"].contains("sandbox-user"),
                "{back:?}"
            );
        }
    }
}

#[test]
fn the_proxy_needs_a_public_url_and_a_shared_ring_with_redis() {
    for (env, says) in [
        (vec![], "GITLAB_MCP_PUBLIC_URL"),
        (
            vec![
                ("GITLAB_MCP_PUBLIC_URL", "https://mcp.example.com"),
                ("GITLAB_MCP_REDIS_URL", "redis://127.0.0.1:1"),
            ],
            "GITLAB_MCP_STATE_KEYS",
        ),
        (
            vec![("GITLAB_MCP_PUBLIC_URL", "http://mcp.example.com")],
            "https",
        ),
    ] {
        let output =
            crate::support::isolated(&mut std::process::Command::new(crate::support::SERVER))
                .env("GITLAB_URL", "https://gitlab.example.com")
                .env("GITLAB_OAUTH_CLIENT_ID", "app")
                .env("GITLAB_MCP_OAUTH_PROXY", "true")
                .envs(env)
                .args(["--http", "127.0.0.1:0"])
                .output()
                .expect("the server runs");
        assert!(!output.status.success());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(says), "{stderr}");
    }
}
