//! Every JSON-RPC POST body is read here before rmcp sees it: bounded in size and in time,
//! then read through [`crate::incoming`] so that a bad message gets its JSON-RPC error.
//!
//! rmcp answers a body it cannot parse with 415 and a line of text, and a standard method
//! with ill-typed parameters as an unknown method. Here instead:
//!
//! - not JSON, not UTF-8 (-32700) or not one message, a batch included (-32600): HTTP 400
//!   with the JSON-RPC error, `id: null` when unreadable;
//! - a request whose parameters do not have its method's types: the JSON-RPC error -32602
//!   with the request's id, HTTP 200 (the request was read and answered);
//! - a bad notification or response, which JSON-RPC never answers: HTTP 400;
//! - a body over `GITLAB_MCP_MAX_REQUEST_BODY`: 413; a body that has not arrived within
//!   `GITLAB_MCP_BODY_TIMEOUT` of its headers (a trickled body): 408, and the connection
//!   closes.
//!
//! A well-formed message goes on to rmcp with its body unchanged, and with [`Checked`]
//! in its extensions for the layers after this one.

use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::header::{CONNECTION, CONTENT_LENGTH, CONTENT_TYPE};
use axum::http::request::Parts;
use axum::http::{Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http_body_util::BodyExt;
use rmcp::model::{ClientJsonRpcMessage, ErrorCode, RequestId};
use serde::Serialize;

use crate::incoming::{self, Incoming, Refusal};
use crate::units::show_size;

/// The bounds on one request body.
#[derive(Debug, Clone, Copy)]
pub(super) struct BodyLimits {
    pub max: usize,
    pub timeout: Duration,
}

/// What the message of a POST turned out to be, for the layers after this one.
#[derive(Debug, Clone)]
pub(super) struct Checked {
    /// A request's method.
    pub method: Option<String>,
    /// A request's id.
    pub id: Option<RequestId>,
}

pub(super) async fn check(
    State(limits): State<BodyLimits>,
    request: Request,
    next: Next,
) -> Response {
    if request.method() != Method::POST || !is_json(&request) {
        // rmcp's own answers: 405, 406, 415.
        return next.run(request).await;
    }
    let (mut parts, body) = request.into_parts();
    let announced = parts
        .headers
        .get(CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<u64>().ok());
    if announced.is_some_and(|length| length > limits.max as u64) {
        return too_large(limits.max);
    }
    // The announced length (within the limit) sizes the buffer once, rather than by doubling.
    let expected = announced.map_or(0, |length| length as usize);
    let bytes =
        match tokio::time::timeout(limits.timeout, collect(body, limits.max, expected)).await {
            Err(_) => {
                return refused(
                    StatusCode::REQUEST_TIMEOUT,
                    &invalid_request(format!(
                        "Invalid Request: the request body did not arrive within {} of its headers \
                     (GITLAB_MCP_BODY_TIMEOUT); send the whole body at once",
                        humantime::format_duration(limits.timeout)
                    )),
                    true,
                );
            }
            Ok(Err(Collect::TooLarge)) => return too_large(limits.max),
            Ok(Err(Collect::Failed(reason))) => {
                return refused(
                    StatusCode::BAD_REQUEST,
                    &invalid_request(format!(
                        "Invalid Request: the request body could not be read ({reason})"
                    )),
                    true,
                );
            }
            Ok(Ok(bytes)) => bytes,
        };
    // rmcp reads JSON without a byte order mark; `incoming` allows one, as stdio does.
    let bytes = match bytes.strip_prefix(incoming::UTF8_BOM) {
        Some(rest) => bytes.slice_ref(rest),
        None => bytes,
    };
    match incoming::read(&bytes) {
        Incoming::Refused(refusal) if removed_in_its_revision(&parts, &refusal, &bytes) => {
            next.run(Request::from_parts(parts, Body::from(bytes)))
                .await
        }
        Incoming::Refused(refusal) => {
            let status = if refusal.code == ErrorCode::INVALID_PARAMS && refusal.id.is_some() {
                StatusCode::OK
            } else {
                StatusCode::BAD_REQUEST
            };
            refused(status, &refusal, false)
        }
        Incoming::Message(message) => {
            parts.extensions.insert(checked(&message));
            next.run(Request::from_parts(parts, Body::from(bytes)))
                .await
        }
    }
}

/// The methods 2026-07-28 removed. Their parameters are not checked on that revision:
/// rmcp answers them 404 with -32601 whatever they carry, since the method, not its
/// parameters, is what is wrong.
const REMOVED_IN_2026_07_28: [&str; 5] = [
    "initialize",
    "ping",
    "logging/setLevel",
    "resources/subscribe",
    "resources/unsubscribe",
];

fn removed_in_its_revision(parts: &Parts, refusal: &Refusal, bytes: &[u8]) -> bool {
    let on_2026 = parts
        .headers
        .get("mcp-protocol-version")
        .is_some_and(|version| version.as_bytes() == b"2026-07-28");
    on_2026
        && refusal.code == ErrorCode::INVALID_PARAMS
        && serde_json::from_slice::<serde_json::Value>(bytes).is_ok_and(|message| {
            message["method"]
                .as_str()
                .is_some_and(|method| REMOVED_IN_2026_07_28.contains(&method))
        })
}

fn is_json(request: &Request) -> bool {
    request
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| {
            let essence = value.split(';').next().unwrap_or_default();
            essence.trim().eq_ignore_ascii_case("application/json")
        })
}

fn checked(message: &ClientJsonRpcMessage) -> Checked {
    match message {
        ClientJsonRpcMessage::Request(request) => Checked {
            method: Some(request.request.method().to_owned()),
            id: Some(request.id.clone()),
        },
        ClientJsonRpcMessage::Notification(_)
        | ClientJsonRpcMessage::Response(_)
        | ClientJsonRpcMessage::Error(_) => Checked {
            method: None,
            id: None,
        },
    }
}

enum Collect {
    TooLarge,
    Failed(String),
}

/// The whole body, or `TooLarge` as soon as it passes `max` bytes (read no further);
/// `expected` bytes are made room for at once.
async fn collect(body: Body, max: usize, expected: usize) -> Result<Bytes, Collect> {
    let mut body = body;
    let mut bytes = Vec::with_capacity(expected);
    while let Some(frame) = body.frame().await {
        let frame = frame.map_err(|error| Collect::Failed(error.to_string()))?;
        if let Ok(data) = frame.into_data() {
            if data.len() > max - bytes.len() {
                return Err(Collect::TooLarge);
            }
            bytes.extend_from_slice(&data);
        }
    }
    Ok(Bytes::from(bytes))
}

fn invalid_request(message: String) -> Refusal {
    Refusal {
        code: ErrorCode::INVALID_REQUEST,
        message,
        id: None,
        answerable: true,
    }
}

fn too_large(max: usize) -> Response {
    refused(
        StatusCode::PAYLOAD_TOO_LARGE,
        &invalid_request(format!(
            "Invalid Request: the request body is larger than {} (GITLAB_MCP_MAX_REQUEST_BODY); \
             send a smaller message",
            show_size(max)
        )),
        true,
    )
}

/// `status` with the refusal's JSON-RPC error as a JSON body; `close` when the rest of
/// the body may still be on its way.
pub(super) fn refused(status: StatusCode, refusal: &Refusal, close: bool) -> Response {
    let mut response = json(status, &refusal.response());
    if close {
        response
            .headers_mut()
            .insert(CONNECTION, axum::http::HeaderValue::from_static("close"));
    }
    response
}

pub(super) fn json(status: StatusCode, body: &impl Serialize) -> Response {
    let bytes = serde_json::to_vec(body).unwrap_or_default();
    (status, [(CONTENT_TYPE, "application/json")], bytes).into_response()
}
