//! `POST /oauth/token` (a code with its PKCE verifier, or a refresh token, for MCP
//! tokens) and `POST /oauth/revoke` (RFC 7009).
//!
//! A refresh token is used once: it is taken from the store in one step (of two replicas
//! seeing it at once, one gets it), GitLab's own sign-in is refreshed with it, and new
//! tokens replace the old. A refresh token presented again after its use ends the grant:
//! one of the two holders is not the client (OAuth 2.1's reuse detection).

use std::time::Duration;

use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::http::header::AUTHORIZATION;
use axum::response::Response;
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use serde_json::json;

use super::records::{Code, Grant, TOKEN_PREFIX, digest_key, now, s256, secret};
use super::store::StoreError;
use super::{
    ACCESS_LIFETIME, OAuthProxy, Params, REFRESH_LIFETIME, SIGN_IN_LIFETIME, grant_key, no_store,
    oauth_error, store_failed,
};

pub const PATH: &str = "/oauth/token";
pub const REVOKE: &str = "/oauth/revoke";

/// The largest form read: a real one is a few hundred bytes.
const MAX_BODY: usize = 16 * 1024;
/// An MCP access token ends this long before GitLab's behind it does.
const GITLAB_MARGIN: u64 = 60;

/// Why a token request fails.
enum Failure {
    /// RFC 6749's error code and what to say.
    Refused(&'static str, String),
    Store(StoreError),
}

impl From<StoreError> for Failure {
    fn from(error: StoreError) -> Failure {
        Failure::Store(error)
    }
}

fn invalid_grant(why: &str) -> Failure {
    Failure::Refused("invalid_grant", why.to_owned())
}

pub async fn token(State(proxy): State<OAuthProxy>, request: Request) -> Response {
    let form = match form(request).await {
        Ok(form) => form,
        Err(why) => return oauth_error(StatusCode::BAD_REQUEST, "invalid_request", &why),
    };
    let outcome = match form.get("grant_type") {
        Some("authorization_code") => proxy.redeem_code(&form).await,
        Some("refresh_token") => proxy.refresh(&form).await,
        Some(_) => Err(Failure::Refused(
            "unsupported_grant_type",
            "this server offers authorization_code and refresh_token".to_owned(),
        )),
        None => Err(Failure::Refused(
            "invalid_request",
            "grant_type is missing".to_owned(),
        )),
    };
    match outcome {
        Ok(answer) => no_store(StatusCode::OK, answer),
        Err(Failure::Refused(error, why)) => {
            let status = if error == "invalid_client" {
                StatusCode::UNAUTHORIZED
            } else {
                StatusCode::BAD_REQUEST
            };
            oauth_error(status, error, &why)
        }
        Err(Failure::Store(error)) => store_failed(&error),
    }
}

/// Revokes the grant of an access or refresh token, at GitLab too. Always 200, as the RFC
/// has it: an unknown token is as revoked as a known one.
pub async fn revoke(State(proxy): State<OAuthProxy>, request: Request) -> Response {
    let form = match form(request).await {
        Ok(form) => form,
        Err(why) => return oauth_error(StatusCode::BAD_REQUEST, "invalid_request", &why),
    };
    let Some(token) = form.get("token") else {
        return oauth_error(
            StatusCode::BAD_REQUEST,
            "invalid_request",
            "token is missing",
        );
    };
    let store = &proxy.inner.store;
    for kind in ["access", "refresh"] {
        match store.get::<String>(&digest_key(kind, token)).await {
            Ok(Some(grant_id)) => {
                if let Err(error) = proxy.end_grant(&grant_id).await {
                    return store_failed(&error);
                }
                break;
            }
            Ok(None) => {}
            Err(error) => return store_failed(&error),
        }
    }
    no_store(StatusCode::OK, json!({}))
}

impl OAuthProxy {
    async fn redeem_code(&self, form: &Params) -> Result<serde_json::Value, Failure> {
        let required = |key: &'static str| {
            form.get(key)
                .ok_or_else(|| Failure::Refused("invalid_request", format!("{key} is missing")))
        };
        let (code, client_id) = (required("code")?, required("client_id")?);
        let (redirect_uri, verifier) = (required("redirect_uri")?, required("code_verifier")?);
        let store = &self.inner.store;
        let Some(issued) = store.take::<Code>(&digest_key("code", code)).await? else {
            // A code used twice: the tokens of its first use are revoked (OAuth 2.1), as
            // one of its two users is not the client.
            if let Some(grant_id) = store.take::<String>(&digest_key("used_code", code)).await? {
                tracing::warn!("a code was used twice: the sign-in it gave is ended");
                self.end_grant(&grant_id).await?;
            }
            return Err(invalid_grant(
                "the code is unknown, expired or already used",
            ));
        };
        store
            .put(
                &digest_key("used_code", code),
                &issued.grant_id,
                SIGN_IN_LIFETIME,
            )
            .await?;
        let mismatch = if issued.client_id != client_id {
            Some("the code was issued to another client")
        } else if issued.redirect_uri != redirect_uri {
            Some("redirect_uri is not the one the code was issued for")
        } else if s256(verifier) != issued.code_challenge {
            Some("code_verifier does not match the code_challenge")
        } else {
            None
        };
        if let Some(why) = mismatch {
            // The code is spent: whoever holds it gets nothing from it.
            self.end_grant(&issued.grant_id).await?;
            return Err(invalid_grant(why));
        }
        let Some(grant) = store.get::<Grant>(&grant_key(&issued.grant_id)).await? else {
            return Err(invalid_grant("the sign-in behind the code has expired"));
        };
        self.issue(&issued.grant_id, grant).await
    }

    async fn refresh(&self, form: &Params) -> Result<serde_json::Value, Failure> {
        let (Some(refresh), Some(client_id)) = (form.get("refresh_token"), form.get("client_id"))
        else {
            return Err(Failure::Refused(
                "invalid_request",
                "refresh_token and client_id are required".to_owned(),
            ));
        };
        let store = &self.inner.store;
        let key = digest_key("refresh", refresh);
        let Some(grant_id) = store.take::<String>(&key).await? else {
            if let Some(grant_id) = store.get::<String>(&digest_key("used", refresh)).await? {
                tracing::warn!(
                    "a refresh token was presented again after its use: the sign-in behind it is ended"
                );
                self.end_grant(&grant_id).await?;
                return Err(invalid_grant(
                    "this refresh token was already used, so the sign-in is ended; sign in again",
                ));
            }
            return Err(invalid_grant(
                "the refresh token is unknown, expired or revoked",
            ));
        };
        store
            .put(&digest_key("used", refresh), &grant_id, REFRESH_LIFETIME)
            .await?;
        let Some(mut grant) = store.get::<Grant>(&grant_key(&grant_id)).await? else {
            return Err(invalid_grant(
                "the sign-in behind the refresh token has ended",
            ));
        };
        if grant.client_id != client_id {
            self.end_grant(&grant_id).await?;
            return Err(invalid_grant(
                "the refresh token was issued to another client",
            ));
        }
        // GitLab's sign-in is refreshed with ours: a GitLab that no longer takes it ends
        // the grant, and the client signs its user in again.
        let Some(gitlab_refresh) = grant.gitlab.refresh_token.clone() else {
            self.end_grant(&grant_id).await?;
            return Err(invalid_grant(
                "GitLab's sign-in cannot be renewed; sign in again",
            ));
        };
        let renewal = [
            ("grant_type", "refresh_token"),
            ("refresh_token", gitlab_refresh.as_str()),
        ];
        match self
            .inner
            .gitlab
            .tokens(&renewal, &grant.gitlab.username)
            .await
        {
            Ok(Ok(fresh)) => {
                let scope = grant.gitlab.scope.clone();
                grant.gitlab = fresh;
                if grant.gitlab.scope.is_empty() {
                    grant.gitlab.scope = scope;
                }
            }
            Ok(Err(refusal)) => {
                self.end_grant(&grant_id).await?;
                return Err(invalid_grant(&format!(
                    "GitLab no longer accepts this sign-in ({refusal}); sign in again"
                )));
            }
            Err(why) => {
                // Nothing changed at GitLab: the refresh token stays good for a retry.
                tracing::warn!("the OAuth proxy could not refresh a GitLab sign-in: {why}");
                store.delete(&[digest_key("used", refresh)]).await?;
                store.put(&key, &grant_id, REFRESH_LIFETIME).await?;
                return Err(Failure::Refused(
                    "temporarily_unavailable",
                    "GitLab could not be reached to renew the sign-in; try again shortly"
                        .to_owned(),
                ));
            }
        }
        self.issue(&grant_id, grant).await
    }

    /// New access and refresh tokens for a grant, replacing its old ones.
    async fn issue(&self, grant_id: &str, mut grant: Grant) -> Result<serde_json::Value, Failure> {
        let store = &self.inner.store;
        let old: Vec<String> = grant
            .access
            .take()
            .into_iter()
            .chain(grant.refresh.take())
            .collect();
        store.delete(&old).await?;
        let access = secret(&format!("{TOKEN_PREFIX}at_"));
        let refresh = secret(&format!("{TOKEN_PREFIX}rt_"));
        let gitlab_left = grant
            .gitlab
            .expires_at
            .map(|at| at.saturating_sub(now()).saturating_sub(GITLAB_MARGIN));
        let lifetime = gitlab_left
            .map_or(ACCESS_LIFETIME, |left| {
                ACCESS_LIFETIME.min(Duration::from_secs(left))
            })
            .max(Duration::from_secs(60));
        grant.access = Some(digest_key("access", &access));
        grant.refresh = Some(digest_key("refresh", &refresh));
        store
            .put(&grant_key(grant_id), &grant, REFRESH_LIFETIME)
            .await?;
        store
            .put(&digest_key("access", &access), &grant_id, lifetime)
            .await?;
        store
            .put(
                &digest_key("refresh", &refresh),
                &grant_id,
                REFRESH_LIFETIME,
            )
            .await?;
        Ok(json!({
            "access_token": access,
            "token_type": "Bearer",
            "expires_in": lifetime.as_secs(),
            "refresh_token": refresh,
            "scope": grant.gitlab.scope,
        }))
    }

    /// Removes a grant and its tokens, and revokes GitLab's (best effort: GitLab's tokens
    /// expire on their own, and nothing of ours points at them any more).
    async fn end_grant(&self, grant_id: &str) -> Result<(), StoreError> {
        let store = &self.inner.store;
        let Some(grant) = store.get::<Grant>(&grant_key(grant_id)).await? else {
            return Ok(());
        };
        let mut keys = vec![grant_key(grant_id)];
        keys.extend(grant.access.clone());
        keys.extend(grant.refresh.clone());
        store.delete(&keys).await?;
        for token in [
            Some(&grant.gitlab.access_token),
            grant.gitlab.refresh_token.as_ref(),
        ]
        .into_iter()
        .flatten()
        {
            if let Err(why) = self.inner.gitlab.revoke(token).await {
                tracing::warn!("GitLab's token behind an ended sign-in was not revoked: {why}");
            }
        }
        Ok(())
    }
}

/// The form of a token or revocation request (`application/x-www-form-urlencoded`), with
/// the client's id from HTTP Basic authentication when the form does not name it. A
/// parameter given twice is refused.
async fn form(request: Request) -> Result<Params, String> {
    let basic_client = request
        .headers()
        .get(AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.strip_prefix("Basic "))
        .and_then(|encoded| STANDARD.decode(encoded.trim()).ok())
        .and_then(|decoded| String::from_utf8(decoded).ok())
        .and_then(|decoded| decoded.split(':').next().map(str::to_owned))
        .map(|user| {
            percent_encoding::percent_decode_str(&user)
                .decode_utf8_lossy()
                .into_owned()
        });
    let body = axum::body::to_bytes(request.into_body(), MAX_BODY)
        .await
        .map_err(|_| {
            format!(
                "the form is larger than {} KiB, or did not arrive",
                MAX_BODY / 1024
            )
        })?;
    let mut form = Params::parse(&body)?;
    if let Some(client) = basic_client.filter(|client| !client.is_empty())
        && form.get("client_id").is_none()
    {
        form.0.insert("client_id".to_owned(), client);
    }
    Ok(form)
}
