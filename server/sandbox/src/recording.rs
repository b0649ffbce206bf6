//! Every request the sandbox receives, kept for tests to inspect; and the layer in front of the
//! routes that records each request and answers armed faults.

use std::fmt;

use axum::body::{Body, to_bytes};
use axum::extract::{Request, State};
use axum::http::Method;
use axum::http::header::CONTENT_TYPE;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use percent_encoding::percent_decode_str;
use serde_json::Value;

use super::App;
use super::faults::{self, FaultReply};
use super::reply::ApiError;

/// Bodies above this are refused; GitLab's own limit for API bodies is larger, but no test needs more.
const MAX_BODY: usize = 8 * 1024 * 1024;

/// One request as the sandbox received it.
#[derive(Debug, Clone, PartialEq)]
pub struct RecordedRequest {
    pub method: Method,
    /// Percent-decoded: `/api/v4/projects/demo/sandbox/issues`.
    pub path: String,
    /// As sent: `/api/v4/projects/demo%2Fsandbox/issues`.
    pub raw_path: String,
    /// Decoded query pairs in order.
    pub query: Vec<(String, String)>,
    /// The `PRIVATE-TOKEN` header, if sent; its `Debug` never shows the value.
    pub private_token: Option<RecordedSecret>,
    pub content_type: Option<String>,
    /// The JSON body; `null` when empty, a string when it was not JSON.
    pub body: Value,
}

impl RecordedRequest {
    /// POST, PUT, PATCH or DELETE.
    pub fn is_write(&self) -> bool {
        !matches!(self.method, Method::GET | Method::HEAD | Method::OPTIONS)
    }
}

/// A header value tests may compare but logs never show.
#[derive(Clone, PartialEq, Eq)]
pub struct RecordedSecret(String);

impl RecordedSecret {
    pub fn matches(&self, expected: &str) -> bool {
        self.0 == expected
    }
}

impl fmt::Debug for RecordedSecret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[redacted]")
    }
}

/// Records the request, then answers with an armed fault or passes it on to the routes.
pub(crate) async fn intercept(State(app): State<App>, request: Request, next: Next) -> Response {
    let (parts, body) = request.into_parts();
    let Ok(bytes) = to_bytes(body, MAX_BODY).await else {
        return ApiError::error("the request body is too large").into_response();
    };
    let raw_path = parts.uri.path().to_owned();
    let path = percent_decode_str(&raw_path)
        .decode_utf8_lossy()
        .into_owned();
    let header = |name: &str| {
        parts
            .headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
    };
    let recorded = RecordedRequest {
        method: parts.method.clone(),
        path: path.clone(),
        raw_path,
        query: parts
            .uri
            .query()
            .map(|q| {
                url::form_urlencoded::parse(q.as_bytes())
                    .into_owned()
                    .collect()
            })
            .unwrap_or_default(),
        private_token: header("private-token").map(RecordedSecret),
        content_type: header(CONTENT_TYPE.as_str()),
        body: if bytes.is_empty() {
            Value::Null
        } else {
            serde_json::from_slice(&bytes)
                .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()))
        },
    };
    app.lock_requests().push(recorded);

    let fault = app.lock_faults().take(&parts.method, &path);
    match fault {
        Some(FaultReply::Stall) => {
            let mut shutdown = app.shutdown.clone();
            // An error means the sandbox is gone; either way the stall is over.
            let _ = shutdown.wait_for(|stopped| *stopped).await;
            faults::respond(&FaultReply::Stall, &path)
        }
        Some(reply) => faults::respond(&reply, &path),
        None => {
            next.run(Request::from_parts(parts, Body::from(bytes)))
                .await
        }
    }
}
