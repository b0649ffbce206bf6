//! Every request the sandbox receives, as kept for tests to inspect (the layer that records
//! them is `intercept`).

use std::fmt;

use axum::http::Method;
use serde_json::Value;

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
    /// The token sent, as `PRIVATE-TOKEN` or `Authorization: Bearer`; its `Debug` never
    /// shows the value.
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
pub struct RecordedSecret(pub(crate) String);

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
