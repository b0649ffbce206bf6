//! The calls an OAuth client makes to GitLab (its `/oauth/…` endpoints, beside the API):
//! start a device authorization, ask for tokens with a grant, refresh, revoke. Errors say
//! what GitLab said (`error`, `error_description`), never a token.

use std::time::Duration;

use serde::Deserialize;
use serde_json::Value;
use url::Url;

use super::printable::printable;
use super::store::{Login, now_seconds};
use crate::gitlab::Network;

/// The grant type of RFC 8628's device flow.
pub const DEVICE_GRANT: &str = "urn:ietf:params:oauth:grant-type:device_code";

/// GitLab's OAuth endpoints of one instance, with one application.
#[derive(Clone)]
pub struct OAuth {
    http: reqwest::Client,
    /// The instance's base URL, ending in `/`.
    base: Url,
    pub client_id: String,
    /// A confidential application's secret (the OAuth proxy's may be one); sent with every
    /// grant and revocation.
    client_secret: Option<String>,
}

/// What `POST /oauth/authorize_device` answers.
#[derive(Debug, Clone, Deserialize)]
pub struct DeviceAuthorization {
    pub device_code: String,
    pub user_code: String,
    pub verification_uri: String,
    pub verification_uri_complete: Option<String>,
    pub expires_in: u64,
    /// Seconds between polls (RFC 8628's default: 5).
    #[serde(default = "five")]
    pub interval: u64,
}

fn five() -> u64 {
    5
}

/// A token answer.
#[derive(Deserialize)]
struct Tokens {
    access_token: String,
    refresh_token: Option<String>,
    expires_in: Option<u64>,
    #[serde(default)]
    scope: String,
}

/// Why no device sign-in could start.
#[derive(Debug)]
pub enum Device {
    /// This GitLab, or this application, has no device grant: the browser flow may do.
    Off(String),
    Failed(String),
}

/// Why GitLab refused a grant: the RFC's `error` code and its words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub error: String,
    pub description: String,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.description.is_empty() {
            write!(f, "{}", self.error)
        } else {
            write!(f, "{}: {}", self.error, self.description)
        }
    }
}

impl OAuth {
    /// `network`'s client never follows a redirect: one would carry a refresh token elsewhere.
    pub fn new(
        base: &Url,
        client_id: &str,
        network: &Network,
        timeout: Duration,
    ) -> Result<OAuth, String> {
        let http = network
            .client(timeout)
            .build()
            .map_err(|error| format!("the HTTP client could not be set up: {error}"))?;
        Ok(OAuth {
            http,
            base: base.clone(),
            client_id: client_id.to_owned(),
            client_secret: None,
        })
    }

    /// The same application, confidential: `secret` goes with every grant and revocation.
    pub fn with_secret(mut self, secret: Option<String>) -> OAuth {
        self.client_secret = secret;
        self
    }

    /// The client's own fields of a form: its id, and its secret when it has one.
    fn client_fields(&self) -> Vec<(&str, &str)> {
        let mut fields = vec![("client_id", self.client_id.as_str())];
        if let Some(secret) = &self.client_secret {
            fields.push(("client_secret", secret.as_str()));
        }
        fields
    }

    pub fn url(&self, path: &str) -> Url {
        self.base
            .join(path)
            .expect("a relative path joins a base URL")
    }

    /// Starts a device authorization for `scope`; `Err(Device::Off)` where GitLab has no
    /// device grant (before 17.9) or the application may not use it.
    pub async fn device(&self, scope: &str) -> Result<DeviceAuthorization, Device> {
        let form = [("client_id", self.client_id.as_str()), ("scope", scope)];
        let answer = self
            .post("oauth/authorize_device", &form)
            .await
            .map_err(Device::Failed)?;
        let value = answer.map_err(|refusal| match refusal.error.as_str() {
            "not_found" | "unauthorized_client" | "unsupported_grant_type" => {
                Device::Off(refusal.to_string())
            }
            "invalid_client" => Device::Failed(format!(
                "GitLab does not know the OAuth application `{}` ({refusal}); register one (see the README's \"Sign in\") and give its id with --client-id or GITLAB_OAUTH_CLIENT_ID",
                self.client_id
            )),
            _ => Device::Failed(format!("GitLab refused to start the device sign-in: {refusal}")),
        })?;
        serde_json::from_value(value).map_err(|error| {
            Device::Failed(format!(
                "GitLab's device authorization is not what RFC 8628 describes: {error}"
            ))
        })
    }

    /// Asks for tokens with `grant` (its form fields besides the client's); the login, or
    /// GitLab's refusal; `Err(String)` when GitLab could not be asked.
    pub async fn tokens(
        &self,
        grant: &[(&str, &str)],
        username: &str,
    ) -> Result<Result<Login, Refusal>, String> {
        let mut form = self.client_fields();
        form.extend_from_slice(grant);
        let answer = self.post("oauth/token", &form).await?;
        Ok(answer.and_then(|value| {
            let tokens: Tokens = serde_json::from_value(value).map_err(|error| Refusal {
                error: "invalid_response".to_owned(),
                description: format!("GitLab's token answer is not an OAuth one: {error}"),
            })?;
            Ok(Login {
                client_id: self.client_id.clone(),
                access_token: tokens.access_token,
                refresh_token: tokens.refresh_token,
                expires_at: tokens.expires_in.map(|seconds| now_seconds() + seconds),
                scope: tokens.scope,
                username: username.to_owned(),
            })
        }))
    }

    /// A new access token for `login`, with its refresh token.
    pub async fn refresh(&self, login: &Login) -> Result<Login, String> {
        let Some(refresh) = login.refresh_token.as_deref() else {
            return Err("the sign-in has no refresh token".to_owned());
        };
        let grant = [("grant_type", "refresh_token"), ("refresh_token", refresh)];
        match self.tokens(&grant, &login.username).await? {
            Ok(fresh) => Ok(Login {
                // GitLab may not repeat the scope; it did not change.
                scope: if fresh.scope.is_empty() {
                    login.scope.clone()
                } else {
                    fresh.scope
                },
                ..fresh
            }),
            Err(refusal) => Err(format!("GitLab refused to refresh it: {refusal}")),
        }
    }

    /// Revokes `token` (RFC 7009: GitLab answers 200 whether or not it knew it).
    pub async fn revoke(&self, token: &str) -> Result<(), String> {
        let mut form = self.client_fields();
        form.push(("token", token));
        match self.post("oauth/revoke", &form).await? {
            Ok(_) => Ok(()),
            Err(refusal) => Err(format!("GitLab refused to revoke the token: {refusal}")),
        }
    }

    /// Who a token belongs to (`GET /api/v4/user` with it).
    pub async fn username(&self, access_token: &str) -> Result<String, String> {
        let response = self
            .http
            .get(self.url("api/v4/user"))
            .bearer_auth(access_token)
            .send()
            .await
            .map_err(|error| format!("could not reach GitLab at {}: {error}", self.base))?;
        let status = response.status();
        let body: Value = response.json().await.unwrap_or_default();
        match body.get("username").and_then(Value::as_str) {
            Some(username) if status.is_success() => Ok(printable(username)),
            _ => Err(format!(
                "GitLab did not say who the token belongs to ({status})"
            )),
        }
    }

    /// POSTs `form`; GitLab's JSON answer, or its OAuth refusal.
    async fn post(
        &self,
        path: &str,
        form: &[(&str, &str)],
    ) -> Result<Result<Value, Refusal>, String> {
        let url = self.url(path);
        let response = self
            .http
            .post(url.clone())
            .form(form)
            .send()
            .await
            .map_err(|error| format!("could not reach GitLab at {}: {error}", self.base))?;
        let status = response.status();
        let body: Value = response.json().await.unwrap_or_default();
        if status.is_success() {
            return Ok(Ok(body));
        }
        // Shown on the terminal: nothing of GitLab's may drive it.
        let text = |key: &str| body.get(key).and_then(Value::as_str).map(printable);
        match text("error") {
            Some(error) => Ok(Err(Refusal {
                error,
                description: text("error_description").unwrap_or_default(),
            })),
            // GitLab without the endpoint (the device grant came in 17.9).
            None if status == reqwest::StatusCode::NOT_FOUND => Ok(Err(Refusal {
                error: "not_found".to_owned(),
                description: format!(
                    "{} answered 404: this GitLab has no such endpoint",
                    url.path()
                ),
            })),
            None => Err(format!("{} answered {status}", url.path())),
        }
    }
}
