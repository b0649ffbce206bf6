//! One error type for everything a GitLab call can run into, each saying what to do next.

use std::fmt;
use std::time::Duration;

use reqwest::Method;
use reqwest::StatusCode;
use serde_json::Value;

/// A failed call. `Display` names the method and API path (never the token, never the URL's
/// credentials), GitLab's own message and a hint.
#[derive(Debug, thiserror::Error)]
pub enum GitLabError {
    /// GitLab answered with a status other than 2xx.
    #[error("{0}")]
    Api(Box<ApiError>),
    #[error(
        "{method} {path}: GitLab did not answer within {after:?}; {}",
        timeout_advice(method)
    )]
    Timeout {
        method: Method,
        path: String,
        after: Duration,
    },
    #[error(
        "{method} {path}: could not connect to GitLab at {origin}: {reason}; {}",
        connect_advice(reason)
    )]
    Connect {
        method: Method,
        path: String,
        origin: String,
        reason: String,
    },
    #[error("{method} {path}: the connection to GitLab failed: {reason}")]
    Transport {
        method: Method,
        path: String,
        reason: String,
    },
    /// Nothing was sent: the HTTP client could not be built (its TLS set-up failed).
    #[error(
        "{method} {path}: not sent, the HTTP client could not be set up: {reason}; check the \
         system's CA certificates (SSL_CERT_FILE, SSL_CERT_DIR) and restart the server"
    )]
    NoClient {
        method: Method,
        path: String,
        reason: String,
    },
    /// A successful answer larger than the limit: read no further, none of it used.
    #[error(
        "{method} {path}: GitLab answered {status} with more than {} (the limit set by GITLAB_MCP_MAX_RESPONSE_BODY); \
         the answer was not read further and nothing of it is used. Ask for less (a smaller `per_page`, a \
         narrower filter, one file or a log tail instead of everything), or raise the limit",
        crate::units::show_size(*limit)
    )]
    TooLarge {
        method: Method,
        path: String,
        status: u16,
        limit: usize,
    },
    /// Refused before anything was sent.
    #[error("invalid GitLab request: {reason}")]
    InvalidRequest { reason: String },
    /// The stored sign-in could not give a token (its refresh was refused): nothing sent.
    #[error(
        "not sent: the stored GitLab sign-in no longer works ({reason}); run          `gitlab-mcp-server auth login` again, or set GITLAB_TOKEN"
    )]
    SignIn { reason: String },
}

impl GitLabError {
    /// The HTTP status GitLab answered with, if it answered.
    pub fn status(&self) -> Option<u16> {
        match self {
            GitLabError::Api(api) => Some(api.status),
            _ => None,
        }
    }

    #[cfg(test)]
    /// Seconds to wait, from a 429's `Retry-After`.
    pub fn retry_after_secs(&self) -> Option<u64> {
        match self {
            GitLabError::Api(api) => api
                .retry_after
                .as_deref()
                .and_then(|v| v.trim().parse().ok()),
            _ => None,
        }
    }
}

fn timeout_advice(method: &Method) -> &'static str {
    if *method == Method::GET || *method == Method::HEAD {
        "try again, or raise the timeout"
    } else {
        "the change may or may not have been made, check before sending it again"
    }
}

/// GitLab's non-2xx answer, with the message taken from whichever body shape it used.
#[derive(Debug, Clone, PartialEq)]
pub struct ApiError {
    pub status: u16,
    pub method: Method,
    /// The URL path as sent (`/api/v4/projects/demo%2Fsandbox/issues`), without host or query.
    pub path: String,
    /// GitLab's message in one line (`title is too long; labels is invalid`), `None` for an empty body.
    pub message: Option<String>,
    /// The `Retry-After` header as sent.
    pub retry_after: Option<String>,
    /// The `Location` header of a redirect, credentials removed.
    pub location: Option<String>,
    /// The body: parsed JSON, or the text as a string, or `null`.
    pub body: Value,
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let reason = StatusCode::from_u16(self.status)
            .ok()
            .and_then(|s| s.canonical_reason())
            .unwrap_or("");
        write!(
            f,
            "{} {}: GitLab answered {} {}",
            self.method, self.path, self.status, reason
        )?;
        // GitLab's message is often the status line again (`405 Method Not Allowed`):
        // said once.
        let status_line = format!("{} {reason}", self.status);
        match &self.message {
            Some(message) if message.trim().eq_ignore_ascii_case(&status_line) => {}
            Some(message) => write!(f, ": {message}")?,
            None => f.write_str(" with an empty body")?,
        }
        if let Some(hint) = self.hint() {
            write!(f, " — {hint}")?;
        }
        Ok(())
    }
}

impl ApiError {
    fn hint(&self) -> Option<String> {
        let hint = match self.status {
            300..=399 => match &self.location {
                Some(to) => format!("GitLab redirects to {to}; set the GitLab URL to that address"),
                None => "GitLab redirects elsewhere; check the GitLab URL".to_owned(),
            },
            401 => "check the token: it is missing, expired or revoked; sign in with \
                    `gitlab-mcp-server auth login`, or set GITLAB_TOKEN to an access token"
                .to_owned(),
            403 => "the token lacks the role or the scope (`api`) this needs".to_owned(),
            404 => "check the project id or path and the iid or tag name; GitLab also answers 404 \
                    when the token cannot see the project"
                .to_owned(),
            405 => "GitLab does not allow this in the object's current state".to_owned(),
            409 => {
                "it already exists or conflicts with the current state; read it first".to_owned()
            }
            429 => match self.retry_after.as_deref().map(str::trim) {
                Some(v) if v.parse::<u64>().is_ok() => {
                    format!("rate limited: retry after {v} seconds")
                }
                Some(v) => format!("rate limited: retry after {v}"),
                None => "rate limited: wait a moment before retrying".to_owned(),
            },
            500..=599 => "GitLab failed on its side; try again later".to_owned(),
            _ => return None,
        };
        Some(hint)
    }
}

/// What to check when no connection could be made: a certificate the system does not
/// trust is a company's CA more often than an attack, and has its own setting.
fn connect_advice(reason: &str) -> &'static str {
    if reason.to_ascii_lowercase().contains("certificate") {
        "GitLab's certificate is not trusted here: if your organisation's CA signs it, give \
         that CA's PEM file with GITLAB_CA_CERT (there is no way to turn the check off)"
    } else {
        "check the GitLab URL, the network and the proxy the server goes through (HTTPS_PROXY, \
         HTTP_PROXY, NO_PROXY; the startup log names it)"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answered(status: u16) -> String {
        said(status, None)
    }

    fn said(status: u16, message: Option<&str>) -> String {
        let error = ApiError {
            status,
            method: Method::POST,
            path: "/api/v4/projects/1/merge_requests/4/approve".to_owned(),
            message: message.map(str::to_owned),
            retry_after: None,
            location: None,
            body: Value::Null,
        };
        error.to_string()
    }

    #[test]
    fn a_redirect_says_where() {
        assert!(answered(302).contains("GitLab redirects elsewhere"));
    }

    #[test]
    fn a_message_that_is_the_status_line_again_is_said_once() {
        assert_eq!(
            said(405, Some("405 Method Not Allowed")),
            "POST /api/v4/projects/1/merge_requests/4/approve: GitLab answered 405 Method Not \
             Allowed — GitLab does not allow this in the object's current state"
        );
        assert!(said(405, Some("Branch cannot be merged")).contains(": Branch cannot be merged —"));
    }
}
