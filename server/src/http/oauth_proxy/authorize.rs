//! `GET /oauth/authorize` and `GET /oauth/callback`: the user goes from the MCP client to
//! GitLab's own authorize page and back through this server, which turns GitLab's code into
//! GitLab's tokens (kept here) and gives the client a code of its own.
//!
//! Until the client and its exact redirect URI check out, an error is a page for the
//! person, never a redirect (RFC 6749 §4.1.2.1): an unchecked URI would make this server an
//! open redirector. After that, errors go back to the client with its `state`.

use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::http::header::LOCATION;
use axum::response::{IntoResponse, Response};
use url::Url;

use crate::auth::printable::printable;

use super::records::{Client, Code, Grant, Pending, digest_key, s256, secret};
use super::settings::UNUSED_CLIENT_EXPIRY;
use super::store::client_key;
use super::{OAuthProxy, Params, SCOPES, SIGN_IN_LIFETIME, grant_key, page};
use crate::auth::store::Login;
use crate::gitlab::{ApiRequest, Token};

pub const PATH: &str = "/oauth/authorize";
pub const CALLBACK: &str = "/oauth/callback";

/// RFC 7636: a verifier, hence its S256 challenge, is 43 to 128 unreserved characters.
fn is_challenge(challenge: &str) -> bool {
    (43..=128).contains(&challenge.len())
        && challenge
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~'))
}

pub async fn authorize(State(proxy): State<OAuthProxy>, request: Request) -> Response {
    if !proxy.inner.authorizations.take(request.extensions()) {
        return page(
            StatusCode::TOO_MANY_REQUESTS,
            "Too many sign-ins were started from this address in the last minute.",
        );
    }
    let params = match Params::parse(request.uri().query().unwrap_or("").as_bytes()) {
        Ok(params) => params,
        Err(why) => return page(StatusCode::BAD_REQUEST, &why),
    };
    let param = |key: &str| params.get(key);
    let store = &proxy.inner.store;
    let Some(client_id) = param("client_id") else {
        return page(
            StatusCode::BAD_REQUEST,
            "The sign-in link names no client_id.",
        );
    };
    let client = match store.get::<Client>(&client_key(client_id)).await {
        Ok(Some(client)) => client,
        Ok(None) => {
            return page(
                StatusCode::BAD_REQUEST,
                "This server does not know the client that sent you here (clients unused for \
                 30 days are forgotten; the client registers again).",
            );
        }
        Err(error) => return super::store_failed(&error),
    };
    let Some(redirect_uri) = param("redirect_uri")
        .filter(|uri| client.redirect_uris.iter().any(|known| known == uri))
        .map(str::to_owned)
    else {
        return page(
            StatusCode::BAD_REQUEST,
            "The sign-in link's redirect_uri is not one the client registered, so you are not \
             sent there.",
        );
    };
    let back = Back {
        redirect_uri: &redirect_uri,
        state: param("state"),
        issuer: proxy.issuer(),
    };
    if param("response_type") != Some("code") {
        return back.error("unsupported_response_type", "only `code` is offered");
    }
    let Some(challenge) = param("code_challenge").filter(|c| is_challenge(c)) else {
        return back.error(
            "invalid_request",
            "PKCE is required: send code_challenge (43 to 128 characters) with \
             code_challenge_method=S256",
        );
    };
    if param("code_challenge_method") != Some("S256") {
        return back.error("invalid_request", "code_challenge_method must be S256");
    }
    let asked: Vec<&str> = param("scope").unwrap_or("").split_whitespace().collect();
    if let Some(unknown) = asked.iter().find(|scope| !SCOPES.contains(scope)) {
        return back.error(
            "invalid_scope",
            &format!("the scope `{unknown}` is not offered; ask for `api` or `read_api`"),
        );
    }
    // Read-only when that is all the client asked for.
    let scope = if asked.is_empty() || asked.contains(&"api") {
        "api"
    } else {
        "read_api"
    };
    if let Some(resource) = param("resource")
        && resource.trim_end_matches('/') != proxy.resource()
    {
        return back.error(
            "invalid_target",
            &format!("this server issues tokens for {} only", proxy.resource()),
        );
    }
    if let Err(error) = store
        .touch_client(&client.client_id, &client, UNUSED_CLIENT_EXPIRY)
        .await
    {
        return super::store_failed(&error);
    }
    let state = secret("");
    let pending = Pending {
        client_id: client.client_id.clone(),
        redirect_uri: redirect_uri.clone(),
        code_challenge: challenge.to_owned(),
        state: param("state").map(str::to_owned),
        scope: scope.to_owned(),
        gitlab_verifier: secret(""),
    };
    if let Err(error) = store
        .put(&digest_key("pending", &state), &pending, SIGN_IN_LIFETIME)
        .await
    {
        return super::store_failed(&error);
    }
    let mut gitlab = proxy.inner.gitlab.url("oauth/authorize");
    gitlab
        .query_pairs_mut()
        .append_pair("client_id", &proxy.inner.settings.client_id)
        .append_pair("redirect_uri", &proxy.endpoint(CALLBACK))
        .append_pair("response_type", "code")
        .append_pair("state", &state)
        .append_pair("scope", scope)
        .append_pair("code_challenge", &s256(&pending.gitlab_verifier))
        .append_pair("code_challenge_method", "S256");
    redirect(gitlab.as_str())
}

pub async fn callback(State(proxy): State<OAuthProxy>, request: Request) -> Response {
    let params = match Params::parse(request.uri().query().unwrap_or("").as_bytes()) {
        Ok(params) => params,
        Err(why) => return page(StatusCode::BAD_REQUEST, &why),
    };
    let param = |key: &str| params.get(key);
    let inner = &proxy.inner;
    let pending = match param("state") {
        Some(state) => {
            inner
                .store
                .take::<Pending>(&digest_key("pending", state))
                .await
        }
        None => Ok(None),
    };
    let pending = match pending {
        Ok(Some(pending)) => pending,
        Ok(None) => {
            return page(
                StatusCode::BAD_REQUEST,
                "This sign-in has expired (after 10 minutes) or was already used.",
            );
        }
        Err(error) => return super::store_failed(&error),
    };
    let back = Back {
        redirect_uri: &pending.redirect_uri,
        state: pending.state.as_deref(),
        issuer: proxy.issuer(),
    };
    if let Some(error) = param("error") {
        let said = param("error_description").unwrap_or(error);
        return back.error(
            "access_denied",
            &format!(
                "GitLab: {}",
                printable(said).chars().take(300).collect::<String>()
            ),
        );
    }
    let Some(code) = param("code") else {
        return back.error("server_error", "GitLab sent the user back without a code");
    };
    let callback = proxy.endpoint(CALLBACK);
    let grant = [
        ("grant_type", "authorization_code"),
        ("code", code),
        ("redirect_uri", callback.as_str()),
        ("code_verifier", pending.gitlab_verifier.as_str()),
    ];
    let login = match inner.gitlab.tokens(&grant, "").await {
        Ok(Ok(login)) => login,
        Ok(Err(refusal)) => {
            return back.error(
                "access_denied",
                &format!("GitLab refused the sign-in: {refusal}"),
            );
        }
        Err(why) => {
            tracing::warn!("the OAuth proxy could not finish a sign-in with GitLab: {why}");
            return back.error(
                "temporarily_unavailable",
                "GitLab could not be reached; try again",
            );
        }
    };
    let username = match proxy.admitted(&login).await {
        Ok(username) => username,
        Err(why) => {
            // GitLab issued a token nobody will use: take it back.
            let _ = inner.gitlab.revoke(&login.access_token).await;
            return back.error("access_denied", &why);
        }
    };
    tracing::info!(user = %username, client = %pending.client_id, "signed in through the OAuth proxy");
    let grant_id = secret("");
    let grant = Grant {
        client_id: pending.client_id.clone(),
        gitlab: Login { username, ..login },
        access: None,
        refresh: None,
    };
    let ours = secret("");
    let code = Code {
        client_id: pending.client_id,
        redirect_uri: pending.redirect_uri.clone(),
        code_challenge: pending.code_challenge,
        grant_id: grant_id.clone(),
    };
    let store = &inner.store;
    let kept = async {
        store
            .put(&grant_key(&grant_id), &grant, SIGN_IN_LIFETIME)
            .await?;
        store
            .put(&digest_key("code", &ours), &code, SIGN_IN_LIFETIME)
            .await
    };
    if let Err(error) = kept.await {
        return super::store_failed(&error);
    }
    back.with(&[("code", &ours)])
}

impl OAuthProxy {
    /// Who signed in, when the allow lists let them in; else why not.
    async fn admitted(&self, login: &Login) -> Result<String, String> {
        let settings = &self.inner.settings;
        let token = Token::bearer(&login.access_token)
            .map_err(|_| "GitLab issued a token that cannot be sent".to_owned())?;
        let gitlab = self.inner.api.with_token(token);
        let user = gitlab
            .send(ApiRequest::get().segment("user"))
            .await
            .map_err(|error| format!("GitLab did not say who signed in: {error}"))?
            .body;
        let (Some(username), Some(id)) = (
            user.get("username").and_then(serde_json::Value::as_str),
            user.get("id").and_then(serde_json::Value::as_u64),
        ) else {
            return Err("GitLab did not say who signed in".to_owned());
        };
        let username = printable(username);
        if settings.allowed_users.is_empty() && settings.allowed_groups.is_empty() {
            return Ok(username);
        }
        if settings
            .allowed_users
            .iter()
            .any(|allowed| allowed.eq_ignore_ascii_case(&username))
        {
            return Ok(username);
        }
        for group in &settings.allowed_groups {
            let membership = ApiRequest::get()
                .segment("groups")
                .segment(group)
                .segment("members")
                .segment("all")
                .segment(id);
            if gitlab.send(membership).await.is_ok() {
                return Ok(username);
            }
        }
        Err(format!(
            "the GitLab user `{username}` may not use this server (it admits only the users \
             and groups its operator lists); ask its operator"
        ))
    }
}

/// Where the browser goes back to the client, with what.
struct Back<'a> {
    redirect_uri: &'a str,
    state: Option<&'a str>,
    issuer: &'a str,
}

impl Back<'_> {
    fn with(&self, pairs: &[(&str, &str)]) -> Response {
        let Ok(mut url) = Url::parse(self.redirect_uri) else {
            return page(
                StatusCode::BAD_REQUEST,
                "The client's redirect URI is not a URI.",
            );
        };
        {
            let mut query = url.query_pairs_mut();
            for (key, value) in pairs {
                query.append_pair(key, value);
            }
            if let Some(state) = self.state {
                query.append_pair("state", state);
            }
            // RFC 9207: the client checks who answered.
            query.append_pair("iss", self.issuer);
        }
        redirect(url.as_str())
    }

    fn error(&self, error: &str, description: &str) -> Response {
        self.with(&[("error", error), ("error_description", description)])
    }
}

fn redirect(to: &str) -> Response {
    match axum::http::HeaderValue::from_str(to) {
        Ok(location) => (StatusCode::FOUND, [(LOCATION, location)]).into_response(),
        Err(_) => page(
            StatusCode::BAD_REQUEST,
            "The address to send you to is not one.",
        ),
    }
}
