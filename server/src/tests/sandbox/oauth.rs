//! The sandbox as GitLab's OAuth 2 provider, over real HTTP: its metadata, the device and
//! authorization code grants, tokens (refresh, revoke, info, introspection, userinfo), dynamic
//! registration, and the API taking, or refusing, the tokens it issued.

use std::time::Duration;

use gitlab_sandbox::{SANDBOX_OAUTH_CLIENT_ID, Sandbox};
use reqwest::header::{AUTHORIZATION, CONTENT_TYPE, LOCATION, WWW_AUTHENTICATE};
use reqwest::redirect::Policy;
use serde_json::{Value, json};
use url::Url;

const DEVICE_GRANT: &str = "urn:ietf:params:oauth:grant-type:device_code";
const CALLBACK: &str = "http://127.0.0.1:43210/callback";
/// A PKCE pair: the challenge is base64url(SHA-256(verifier)), unpadded.
const VERIFIER: &str = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWeFEjXk";
const CHALLENGE: &str = "JhRLAk0drFaqulKIxFsZaY6_9uBn5aimIFSFOdjfZf8";
const INVALID_GRANT: &str = "The provided authorization grant is invalid, expired, revoked, does \
                             not match the redirection URI used in the authorization request, or \
                             was issued to another client.";

struct Oauth {
    sandbox: Sandbox,
    http: reqwest::Client,
    /// `http://127.0.0.1:<port>`, no trailing slash.
    base: String,
}

struct Answer {
    status: u16,
    headers: reqwest::header::HeaderMap,
    body: Value,
}

async fn start() -> Oauth {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let base = sandbox.base_url().as_str().trim_end_matches('/').to_owned();
    let http = reqwest::Client::builder()
        .redirect(Policy::none())
        .build()
        .expect("a client");
    Oauth {
        sandbox,
        http,
        base,
    }
}

async fn answer(response: reqwest::Response) -> Answer {
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let text = response.text().await.expect("a body");
    let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
    Answer {
        status,
        headers,
        body,
    }
}

impl Oauth {
    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    async fn form(&self, path: &str, pairs: &[(&str, &str)]) -> Answer {
        let body = url::form_urlencoded::Serializer::new(String::new())
            .extend_pairs(pairs)
            .finish();
        let response = self
            .http
            .post(self.url(path))
            .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(body)
            .send()
            .await
            .expect("the sandbox answers");
        answer(response).await
    }

    async fn get(&self, path: &str, bearer: Option<&str>) -> Answer {
        let mut request = self.http.get(self.url(path));
        if let Some(token) = bearer {
            request = request.header(AUTHORIZATION, format!("Bearer {token}"));
        }
        answer(request.send().await.expect("the sandbox answers")).await
    }

    /// `GET /oauth/authorize` for the sandbox application with the PKCE challenge: the code
    /// from the redirect, after checking it goes back to `redirect_uri` with the state.
    async fn code(&self, redirect_uri: &str) -> String {
        let mut url = Url::parse(&self.url("/oauth/authorize")).unwrap();
        url.query_pairs_mut()
            .append_pair("client_id", SANDBOX_OAUTH_CLIENT_ID)
            .append_pair("redirect_uri", redirect_uri)
            .append_pair("response_type", "code")
            .append_pair("state", "xyz")
            .append_pair("scope", "api read_user")
            .append_pair("code_challenge", CHALLENGE)
            .append_pair("code_challenge_method", "S256");
        let response = self.http.get(url).send().await.unwrap();
        assert_eq!(response.status().as_u16(), 302);
        let location = Url::parse(response.headers()[LOCATION].to_str().unwrap()).unwrap();
        assert_eq!(
            location.as_str().split('?').next(),
            Some(redirect_uri),
            "{location}"
        );
        let query: Vec<(String, String)> = location.query_pairs().into_owned().collect();
        assert_eq!(query.len(), 2, "{query:?}");
        assert_eq!(query[1], ("state".to_owned(), "xyz".to_owned()));
        assert_eq!(query[0].0, "code");
        query[0].1.clone()
    }

    async fn exchange(&self, code: &str, redirect_uri: &str, verifier: &str) -> Answer {
        self.form(
            "/oauth/token",
            &[
                ("grant_type", "authorization_code"),
                ("code", code),
                ("redirect_uri", redirect_uri),
                ("client_id", SANDBOX_OAUTH_CLIENT_ID),
                ("code_verifier", verifier),
            ],
        )
        .await
    }

    /// A working token pair: `(access, refresh)`.
    async fn tokens(&self) -> (String, String) {
        let code = self.code(CALLBACK).await;
        let tokens = self.exchange(&code, CALLBACK, VERIFIER).await;
        assert_eq!(tokens.status, 200, "{:?}", tokens.body);
        (
            tokens.body["access_token"].as_str().unwrap().to_owned(),
            tokens.body["refresh_token"].as_str().unwrap().to_owned(),
        )
    }

    async fn poll(&self, device_code: &str) -> Answer {
        self.form(
            "/oauth/token",
            &[
                ("grant_type", DEVICE_GRANT),
                ("device_code", device_code),
                ("client_id", SANDBOX_OAUTH_CLIENT_ID),
            ],
        )
        .await
    }

    /// `(device_code, user_code)` of a fresh device authorization.
    async fn device(&self) -> (String, String) {
        let device = self
            .form(
                "/oauth/authorize_device",
                &[
                    ("client_id", SANDBOX_OAUTH_CLIENT_ID),
                    ("scope", "read_api"),
                ],
            )
            .await;
        assert_eq!(device.status, 200, "{:?}", device.body);
        (
            device.body["device_code"].as_str().unwrap().to_owned(),
            device.body["user_code"].as_str().unwrap().to_owned(),
        )
    }
}

fn assert_error(answer: &Answer, status: u16, error: &str) {
    assert_eq!(answer.status, status, "{:?}", answer.body);
    assert_eq!(answer.body["error"], error, "{:?}", answer.body);
    assert!(
        answer.body["error_description"].is_string(),
        "{:?}",
        answer.body
    );
}

fn assert_token_pair(body: &Value, scope: &str) {
    for field in ["access_token", "refresh_token"] {
        let token = body[field].as_str().unwrap_or_default();
        assert!(
            token.len() == 64 && token.bytes().all(|b| b.is_ascii_hexdigit()),
            "{body}"
        );
    }
    assert_ne!(body["access_token"], body["refresh_token"]);
    assert_eq!(body["token_type"], "Bearer");
    assert_eq!(body["expires_in"], 7200);
    assert_eq!(body["scope"], scope);
    assert!(
        body["created_at"].as_u64().unwrap() > 1_700_000_000,
        "{body}"
    );
}

#[tokio::test]
async fn the_metadata_names_every_endpoint_at_the_root() {
    let oauth = start().await;
    let base = &oauth.base;
    let metadata = oauth
        .get("/.well-known/oauth-authorization-server", None)
        .await;
    assert_eq!(metadata.status, 200);
    let body = &metadata.body;
    assert_eq!(body["issuer"], *base);
    for (field, path) in [
        ("authorization_endpoint", "/oauth/authorize"),
        ("token_endpoint", "/oauth/token"),
        ("revocation_endpoint", "/oauth/revoke"),
        ("introspection_endpoint", "/oauth/introspect"),
        ("device_authorization_endpoint", "/oauth/authorize_device"),
        ("registration_endpoint", "/oauth/register"),
        ("userinfo_endpoint", "/oauth/userinfo"),
    ] {
        assert_eq!(body[field], format!("{base}{path}"), "{field}");
    }
    assert_eq!(body["response_types_supported"], json!(["code"]));
    assert_eq!(
        body["grant_types_supported"],
        json!(["authorization_code", "refresh_token", DEVICE_GRANT])
    );
    assert_eq!(
        body["token_endpoint_auth_methods_supported"],
        json!(["client_secret_basic", "client_secret_post", "none"])
    );
    assert_eq!(
        body["code_challenge_methods_supported"],
        json!(["plain", "S256"])
    );
    let scopes = body["scopes_supported"].as_array().unwrap();
    for scope in ["api", "read_api", "read_user", "openid", "mcp"] {
        assert!(scopes.contains(&json!(scope)), "{scope}");
    }
    let openid = oauth.get("/.well-known/openid-configuration", None).await;
    assert_eq!(openid.status, 200);
    assert_eq!(openid.body["issuer"], *base);
    assert_eq!(openid.body["token_endpoint"], body["token_endpoint"]);
    assert_eq!(openid.body["subject_types_supported"], json!(["public"]));
}

#[tokio::test]
async fn the_device_flow_waits_for_the_user_then_gives_tokens_once() {
    let oauth = start().await;
    oauth.sandbox.set_device_interval(1);
    let device = oauth
        .form(
            "/oauth/authorize_device",
            &[
                ("client_id", SANDBOX_OAUTH_CLIENT_ID),
                ("scope", "read_api"),
            ],
        )
        .await;
    assert_eq!(device.status, 200, "{:?}", device.body);
    let body = &device.body;
    let user_code = body["user_code"].as_str().unwrap();
    let device_code = body["device_code"].as_str().unwrap();
    assert_eq!(body["verification_uri"], oauth.url("/oauth/device"));
    assert_eq!(
        body["verification_uri_complete"],
        oauth.url(&format!("/oauth/device?user_code={user_code}"))
    );
    assert_eq!(body["expires_in"], 300);
    assert_eq!(body["interval"], 1);

    let pending = oauth.poll(device_code).await;
    assert_error(&pending, 400, "authorization_pending");
    let too_soon = oauth.poll(device_code).await;
    assert_error(&too_soon, 400, "slow_down");

    let page = oauth
        .get(&format!("/oauth/device?user_code={user_code}"), None)
        .await;
    assert_eq!(page.status, 200);
    let html = page.body.as_str().unwrap();
    assert!(html.contains("<form") && html.contains(user_code), "{html}");
    // Typed in lower case, as a person might.
    let approved = oauth
        .form("/oauth/device", &[("user_code", &user_code.to_lowercase())])
        .await;
    assert_eq!(approved.status, 200);
    assert!(
        approved.body.as_str().unwrap().contains("authorized"),
        "{:?}",
        approved.body
    );

    tokio::time::sleep(Duration::from_millis(1100)).await;
    let tokens = oauth.poll(device_code).await;
    assert_eq!(tokens.status, 200, "{:?}", tokens.body);
    assert_token_pair(&tokens.body, "read_api");
    assert_eq!(oauth.sandbox.oauth_access_tokens_live(), 1);

    tokio::time::sleep(Duration::from_millis(1100)).await;
    let again = oauth.poll(device_code).await;
    assert_error(&again, 400, "invalid_grant");
    assert_eq!(again.body["error_description"], INVALID_GRANT);
    // The user code is used up too.
    assert!(!oauth.sandbox.approve_device(user_code));
}

#[tokio::test]
async fn a_denied_device_gets_access_denied() {
    let oauth = start().await;
    let (device_code, user_code) = oauth.device().await;
    let unclear = oauth
        .form(
            "/oauth/device",
            &[("user_code", &user_code), ("decision", "denied")],
        )
        .await;
    assert_eq!(unclear.status, 400);
    let denied = oauth
        .form(
            "/oauth/device",
            &[("user_code", &user_code), ("decision", "deny")],
        )
        .await;
    assert_eq!(denied.status, 200);
    assert!(denied.body.as_str().unwrap().contains("denied"));
    assert_error(&oauth.poll(&device_code).await, 400, "access_denied");
    let unknown = oauth
        .form("/oauth/device", &[("user_code", "NOTACODE")])
        .await;
    assert_eq!(unknown.status, 400);
}

#[tokio::test]
async fn an_expired_device_code_is_refused_and_can_no_longer_be_approved() {
    let oauth = start().await;
    let (device_code, user_code) = oauth.device().await;
    oauth.sandbox.expire_device_codes();
    assert!(!oauth.sandbox.approve_device(&user_code));
    assert_error(&oauth.poll(&device_code).await, 400, "expired_token");
}

#[tokio::test]
async fn the_approval_shortcut_approves_like_the_form() {
    let oauth = start().await;
    oauth.sandbox.set_device_interval(1);
    let (device_code, user_code) = oauth.device().await;
    assert!(oauth.sandbox.approve_device(&user_code));
    let tokens = oauth.poll(&device_code).await;
    assert_eq!(tokens.status, 200, "{:?}", tokens.body);
}

#[tokio::test]
async fn a_device_request_needs_a_known_client_and_granted_scopes() {
    let oauth = start().await;
    let unknown = oauth
        .form("/oauth/authorize_device", &[("client_id", "nobody")])
        .await;
    assert_error(&unknown, 401, "invalid_client");
    assert_eq!(
        unknown.body["error_description"],
        "Client authentication failed due to unknown client, no client authentication \
         included, or unsupported authentication method."
    );
    let sudo = oauth
        .form(
            "/oauth/authorize_device",
            &[("client_id", SANDBOX_OAUTH_CLIENT_ID), ("scope", "sudo")],
        )
        .await;
    assert_error(&sudo, 400, "invalid_scope");
}

#[tokio::test]
async fn pkce_s256_gives_tokens_for_the_right_verifier_once() {
    let oauth = start().await;
    let code = oauth.code(CALLBACK).await;
    let tokens = oauth.exchange(&code, CALLBACK, VERIFIER).await;
    assert_eq!(tokens.status, 200, "{:?}", tokens.body);
    assert_token_pair(&tokens.body, "api read_user");
    let reused = oauth.exchange(&code, CALLBACK, VERIFIER).await;
    assert_error(&reused, 400, "invalid_grant");
    assert_eq!(reused.body["error_description"], INVALID_GRANT);
}

#[tokio::test]
async fn a_wrong_verifier_is_refused_and_uses_the_code_up() {
    let oauth = start().await;
    let code = oauth.code(CALLBACK).await;
    let wrong = oauth.exchange(&code, CALLBACK, "not-the-verifier").await;
    assert_error(&wrong, 400, "invalid_grant");
    // Sending the challenge itself is not knowing the verifier.
    let code = oauth.code(CALLBACK).await;
    assert_error(
        &oauth.exchange(&code, CALLBACK, CHALLENGE).await,
        400,
        "invalid_grant",
    );
    assert_error(
        &oauth.exchange(&code, CALLBACK, VERIFIER).await,
        400,
        "invalid_grant",
    );
}

#[tokio::test]
async fn the_redirect_uri_must_be_the_one_authorized_and_a_loopback_one() {
    let oauth = start().await;
    // Any loopback port will do, but the exchange must name the same URI.
    let elsewhere = "http://localhost:5555/done";
    let code = oauth.code(elsewhere).await;
    let mismatch = oauth.exchange(&code, CALLBACK, VERIFIER).await;
    assert_error(&mismatch, 400, "invalid_grant");

    for (client_id, redirect_uri) in [
        (SANDBOX_OAUTH_CLIENT_ID, "https://attacker.example/callback"),
        ("nobody", CALLBACK),
    ] {
        let mut url = Url::parse(&oauth.url("/oauth/authorize")).unwrap();
        url.query_pairs_mut()
            .append_pair("client_id", client_id)
            .append_pair("redirect_uri", redirect_uri)
            .append_pair("response_type", "code")
            .append_pair("code_challenge", CHALLENGE)
            .append_pair("code_challenge_method", "S256");
        let refused = answer(oauth.http.get(url).send().await.unwrap()).await;
        assert_eq!(refused.status, 400, "{client_id}");
        assert!(refused.headers.get(LOCATION).is_none());
        assert!(refused.body.as_str().unwrap().contains("<html>"));
    }
}

#[tokio::test]
async fn an_authorization_without_pkce_goes_back_to_the_client_refused() {
    let oauth = start().await;
    let mut url = Url::parse(&oauth.url("/oauth/authorize")).unwrap();
    url.query_pairs_mut()
        .append_pair("client_id", SANDBOX_OAUTH_CLIENT_ID)
        .append_pair("redirect_uri", CALLBACK)
        .append_pair("response_type", "code")
        .append_pair("state", "s1");
    let response = oauth.http.get(url).send().await.unwrap();
    assert_eq!(response.status().as_u16(), 302);
    let location = Url::parse(response.headers()[LOCATION].to_str().unwrap()).unwrap();
    let query: Vec<(String, String)> = location.query_pairs().into_owned().collect();
    assert_eq!(query[0], ("error".into(), "invalid_request".into()));
    assert_eq!(query[2], ("state".into(), "s1".into()));
}

#[tokio::test]
async fn refreshing_rotates_the_pair() {
    let oauth = start().await;
    let (access, refresh) = oauth.tokens().await;
    // A JSON body works as well as a form.
    let response = oauth
        .http
        .post(oauth.url("/oauth/token"))
        .json(&json!({
            "grant_type": "refresh_token",
            "refresh_token": refresh,
            "client_id": SANDBOX_OAUTH_CLIENT_ID,
        }))
        .send()
        .await
        .unwrap();
    let rotated = answer(response).await;
    assert_eq!(rotated.status, 200, "{:?}", rotated.body);
    assert_token_pair(&rotated.body, "api read_user");
    let new_access = rotated.body["access_token"].as_str().unwrap();
    assert_ne!(new_access, access);
    assert_ne!(rotated.body["refresh_token"], refresh.as_str());

    assert_eq!(
        oauth.get("/api/v4/user", Some(new_access)).await.status,
        200
    );
    assert_eq!(oauth.get("/api/v4/user", Some(&access)).await.status, 401);
    let reused = oauth
        .form(
            "/oauth/token",
            &[
                ("grant_type", "refresh_token"),
                ("refresh_token", &refresh),
                ("client_id", SANDBOX_OAUTH_CLIENT_ID),
            ],
        )
        .await;
    assert_error(&reused, 400, "invalid_grant");
    assert_eq!(oauth.sandbox.oauth_access_tokens_live(), 1);
}

#[tokio::test]
async fn revoking_the_refresh_token_revokes_its_access_token() {
    let oauth = start().await;
    let (access, refresh) = oauth.tokens().await;
    let revoked = oauth
        .form(
            "/oauth/revoke",
            &[("token", &refresh), ("client_id", SANDBOX_OAUTH_CLIENT_ID)],
        )
        .await;
    assert_eq!(revoked.status, 200);
    assert_eq!(revoked.body, json!({}));
    let info = oauth.get("/oauth/token/info", Some(&access)).await;
    assert_error(&info, 401, "invalid_token");
    assert_eq!(
        info.body["error_description"],
        "The access token was revoked"
    );
    assert_eq!(oauth.sandbox.oauth_access_tokens_live(), 0);
    // A token the sandbox never issued: nothing to do, and nothing said.
    let unknown = oauth
        .form(
            "/oauth/revoke",
            &[
                ("token", "feedface"),
                ("client_id", SANDBOX_OAUTH_CLIENT_ID),
            ],
        )
        .await;
    assert_eq!((unknown.status, unknown.body), (200, json!({})));
}

#[tokio::test]
async fn token_info_describes_a_working_token_only() {
    let oauth = start().await;
    let (access, refresh) = oauth.tokens().await;
    let info = oauth.get("/oauth/token/info", Some(&access)).await;
    assert_eq!(info.status, 200, "{:?}", info.body);
    assert_eq!(info.body["resource_owner_id"], 1);
    assert_eq!(info.body["scope"], json!(["api", "read_user"]));
    assert_eq!(info.body["application"]["uid"], SANDBOX_OAUTH_CLIENT_ID);
    let expires_in = info.body["expires_in"].as_u64().unwrap();
    assert!((7100..=7200).contains(&expires_in), "{expires_in}");
    assert!(info.body["created_at"].is_u64());

    let unknown = oauth.get("/oauth/token/info", Some("feedface")).await;
    assert_error(&unknown, 401, "invalid_token");
    assert_error(
        &oauth.get("/oauth/token/info", Some(&refresh)).await,
        401,
        "invalid_token",
    );
    oauth.sandbox.expire_oauth_tokens();
    let expired = oauth.get("/oauth/token/info", Some(&access)).await;
    assert_eq!(
        expired.body["error_description"],
        "The access token expired"
    );
}

#[tokio::test]
async fn introspection_and_userinfo_speak_of_the_sandbox_user() {
    let oauth = start().await;
    let (access, _refresh) = oauth.tokens().await;
    let active = oauth
        .form(
            "/oauth/introspect",
            &[("token", &access), ("client_id", SANDBOX_OAUTH_CLIENT_ID)],
        )
        .await;
    assert_eq!(active.status, 200, "{:?}", active.body);
    let body = &active.body;
    assert_eq!(body["active"], true);
    assert_eq!(body["scope"], "api read_user");
    assert_eq!(body["client_id"], SANDBOX_OAUTH_CLIENT_ID);
    assert_eq!(body["username"], "sandbox-user");
    assert_eq!(body["token_type"], "Bearer");
    assert_eq!(body["sub"], "1");
    assert!(body["exp"].as_u64().unwrap() > body["iat"].as_u64().unwrap());

    let inactive = oauth
        .form(
            "/oauth/introspect",
            &[
                ("token", "feedface"),
                ("client_id", SANDBOX_OAUTH_CLIENT_ID),
            ],
        )
        .await;
    assert_eq!(inactive.body, json!({"active": false}));
    let nobody = oauth.form("/oauth/introspect", &[("token", &access)]).await;
    assert_error(&nobody, 401, "invalid_client");

    let userinfo = oauth.get("/oauth/userinfo", Some(&access)).await;
    assert_eq!(userinfo.status, 200, "{:?}", userinfo.body);
    assert_eq!(userinfo.body["sub"], "1");
    assert_eq!(userinfo.body["nickname"], "sandbox-user");
    assert_eq!(userinfo.body["name"], "Sandbox User");
    assert_eq!(userinfo.body["email"], "sandbox-user@example.com");
    assert_error(
        &oauth.get("/oauth/userinfo", None).await,
        401,
        "invalid_token",
    );
}

#[tokio::test]
async fn the_api_takes_working_oauth_tokens_and_refuses_expired_or_revoked_ones() {
    let oauth = start().await;
    let (access, refresh) = oauth.tokens().await;
    let user = oauth.get("/api/v4/user", Some(&access)).await;
    assert_eq!(user.status, 200);
    assert_eq!(user.body["username"], "sandbox-user");
    let graphql = oauth
        .http
        .post(oauth.url("/api/graphql"))
        .bearer_auth(&access)
        .json(&json!({"query": "{ currentUser { username } }"}))
        .send()
        .await
        .unwrap();
    assert_eq!(graphql.status().as_u16(), 200);

    oauth.sandbox.expire_oauth_tokens();
    let expired = oauth.get("/api/v4/user", Some(&access)).await;
    let description = "Token is expired. You can either do re-authorization or token refresh.";
    assert_eq!(expired.status, 401);
    assert_eq!(
        expired.body,
        json!({"error": "invalid_token", "error_description": description})
    );
    assert_eq!(
        expired.headers[WWW_AUTHENTICATE],
        format!(
            "Bearer realm=\"Protected by OAuth 2.0\", error=\"invalid_token\", \
             error_description=\"{description}\""
        )
        .as_str()
    );
    let graphql = oauth
        .http
        .post(oauth.url("/api/graphql"))
        .bearer_auth(&access)
        .json(&json!({"query": "{ currentUser { username } }"}))
        .send()
        .await
        .unwrap();
    assert_eq!(graphql.status().as_u16(), 401);

    oauth
        .form(
            "/oauth/revoke",
            &[("token", &access), ("client_id", SANDBOX_OAUTH_CLIENT_ID)],
        )
        .await;
    let revoked = oauth.get("/api/v4/user", Some(&access)).await;
    assert_eq!(revoked.status, 401);
    assert_eq!(
        revoked.body["error_description"],
        "Token was revoked. You have to re-authorize from the user."
    );
    // Refreshing a revoked pair does not bring it back.
    let refreshed = oauth
        .form(
            "/oauth/token",
            &[
                ("grant_type", "refresh_token"),
                ("refresh_token", &refresh),
                ("client_id", SANDBOX_OAUTH_CLIENT_ID),
            ],
        )
        .await;
    assert_error(&refreshed, 400, "invalid_grant");

    // Tokens the sandbox never issued act as the sandbox user, as before.
    assert_eq!(oauth.get("/api/v4/user", Some("made-up")).await.status, 200);
    let private = oauth
        .http
        .get(oauth.url("/api/v4/user"))
        .header("PRIVATE-TOKEN", "anything")
        .send()
        .await
        .unwrap();
    assert_eq!(private.status().as_u16(), 200);
}

#[tokio::test]
async fn an_expired_access_token_can_still_be_refreshed() {
    let oauth = start().await;
    let (_access, refresh) = oauth.tokens().await;
    oauth.sandbox.expire_oauth_tokens();
    assert_eq!(oauth.sandbox.oauth_access_tokens_live(), 0);
    let refreshed = oauth
        .form(
            "/oauth/token",
            &[
                ("grant_type", "refresh_token"),
                ("refresh_token", &refresh),
                ("client_id", SANDBOX_OAUTH_CLIENT_ID),
            ],
        )
        .await;
    assert_eq!(refreshed.status, 200, "{:?}", refreshed.body);
    let access = refreshed.body["access_token"].as_str().unwrap();
    assert_eq!(oauth.get("/api/v4/user", Some(access)).await.status, 200);
}

#[tokio::test]
async fn a_client_may_name_itself_with_http_basic() {
    use base64::Engine;
    let oauth = start().await;
    let (_access, refresh) = oauth.tokens().await;
    let credentials =
        base64::engine::general_purpose::STANDARD.encode(format!("{SANDBOX_OAUTH_CLIENT_ID}:"));
    let body = url::form_urlencoded::Serializer::new(String::new())
        .append_pair("grant_type", "refresh_token")
        .append_pair("refresh_token", &refresh)
        .finish();
    let response = oauth
        .http
        .post(oauth.url("/oauth/token"))
        .header(AUTHORIZATION, format!("Basic {credentials}"))
        .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(body)
        .send()
        .await
        .unwrap();
    let refreshed = answer(response).await;
    assert_eq!(refreshed.status, 200, "{:?}", refreshed.body);
    // Without it, and without `client_id`, the client is unknown.
    let anonymous = oauth
        .form(
            "/oauth/token",
            &[("grant_type", "refresh_token"), ("refresh_token", "x")],
        )
        .await;
    assert_error(&anonymous, 401, "invalid_client");
}

#[tokio::test]
async fn the_token_endpoint_refuses_unknown_clients_and_grants() {
    let oauth = start().await;
    let unknown = oauth
        .form(
            "/oauth/token",
            &[
                ("grant_type", "refresh_token"),
                ("refresh_token", "x"),
                ("client_id", "nobody"),
            ],
        )
        .await;
    assert_error(&unknown, 401, "invalid_client");
    let password = oauth
        .form(
            "/oauth/token",
            &[
                ("grant_type", "password"),
                ("client_id", SANDBOX_OAUTH_CLIENT_ID),
            ],
        )
        .await;
    assert_error(&password, 400, "unsupported_grant_type");
    let missing = oauth
        .form(
            "/oauth/token",
            &[
                ("grant_type", "authorization_code"),
                ("client_id", SANDBOX_OAUTH_CLIENT_ID),
            ],
        )
        .await;
    assert_error(&missing, 400, "invalid_request");
    assert_eq!(
        missing.body["error_description"],
        "Missing required parameter: code."
    );
}

#[tokio::test]
async fn a_registered_client_signs_in_with_its_own_redirect_uri() {
    let oauth = start().await;
    let response = oauth
        .http
        .post(oauth.url("/oauth/register"))
        .json(&json!({
            "client_name": "My MCP client",
            "redirect_uris": ["http://127.0.0.1:7777/oauth/callback"],
            "scope": "api",
            "token_endpoint_auth_method": "none",
        }))
        .send()
        .await
        .unwrap();
    let registered = answer(response).await;
    assert_eq!(registered.status, 201, "{:?}", registered.body);
    let body = &registered.body;
    let client_id = body["client_id"].as_str().unwrap();
    assert_ne!(client_id, SANDBOX_OAUTH_CLIENT_ID);
    assert_eq!(body["client_name"], "My MCP client");
    assert_eq!(
        body["redirect_uris"],
        json!(["http://127.0.0.1:7777/oauth/callback"])
    );
    assert_eq!(
        body["grant_types"],
        json!(["authorization_code", "refresh_token"])
    );
    assert_eq!(body["token_endpoint_auth_method"], "none");
    // GitLab's rule: asked `api`, given `mcp` alone.
    assert_eq!(body["scope"], "mcp");
    assert!(body["client_id_issued_at"].is_u64());

    // Its loopback redirect URI on another port, and its own scope.
    let redirect_uri = "http://127.0.0.1:8888/oauth/callback";
    let mut url = Url::parse(&oauth.url("/oauth/authorize")).unwrap();
    url.query_pairs_mut()
        .append_pair("client_id", client_id)
        .append_pair("redirect_uri", redirect_uri)
        .append_pair("response_type", "code")
        .append_pair("code_challenge", VERIFIER)
        .append_pair("code_challenge_method", "plain");
    let response = oauth.http.get(url).send().await.unwrap();
    assert_eq!(response.status().as_u16(), 302);
    let location = Url::parse(response.headers()[LOCATION].to_str().unwrap()).unwrap();
    let code = location.query_pairs().next().unwrap().1.into_owned();
    let tokens = oauth
        .form(
            "/oauth/token",
            &[
                ("grant_type", "authorization_code"),
                ("code", &code),
                ("redirect_uri", redirect_uri),
                ("client_id", client_id),
                ("code_verifier", VERIFIER),
            ],
        )
        .await;
    assert_eq!(tokens.status, 200, "{:?}", tokens.body);
    assert_eq!(tokens.body["scope"], "mcp");
    // An `mcp` token reaches no REST endpoint.
    let token = tokens.body["access_token"].as_str().unwrap();
    let refused = oauth
        .http
        .get(oauth.url("/api/v4/user"))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    assert_error(&answer(refused).await, 403, "insufficient_scope");
    // It did not register for the device grant.
    let device = oauth
        .form("/oauth/authorize_device", &[("client_id", client_id)])
        .await;
    assert_error(&device, 400, "unauthorized_client");
}

#[tokio::test]
async fn registration_refuses_redirect_uris_that_are_not_https_or_loopback() {
    let oauth = start().await;
    let response = oauth
        .http
        .post(oauth.url("/oauth/register"))
        .json(&json!({
            "client_name": "Sneaky",
            "redirect_uris": ["http://example.com/callback"],
        }))
        .send()
        .await
        .unwrap();
    assert_error(&answer(response).await, 400, "invalid_redirect_uri");
    let response = oauth
        .http
        .post(oauth.url("/oauth/register"))
        .json(&json!({"redirect_uris": ["https://app.example/cb"]}))
        .send()
        .await
        .unwrap();
    assert_error(&answer(response).await, 400, "invalid_client_metadata");
}
