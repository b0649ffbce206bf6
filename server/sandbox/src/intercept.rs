//! The layer in front of the routes: it records each request, then answers an armed fault or
//! passes the request on.

use axum::body::{Body, to_bytes};
use axum::extract::{FromRequest, Multipart};
use axum::extract::{Request, State};
use axum::http::header::CONTENT_TYPE;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use percent_encoding::percent_decode_str;
use serde_json::{Map, Value, json};

use crate::app::App;
use crate::faults::{self, FaultReply};
use crate::paths::ReceivedPath;
use crate::recording::{RecordedRequest, RecordedSecret};
use crate::reply::ApiError;

/// Bodies above this are refused; GitLab's own limit for API bodies is larger, but no test needs more.
const MAX_BODY: usize = 8 * 1024 * 1024;

/// Records the request, then answers with an armed fault or passes it on to the routes.
pub(crate) async fn intercept(State(app): State<App>, request: Request, next: Next) -> Response {
    let (parts, body) = request.into_parts();
    let Ok(bytes) = to_bytes(body, MAX_BODY).await else {
        return ApiError::error("the request body is too large").into_response();
    };
    // Recorded as sent; the routes and the faults see the path as Grape reads it (`paths`).
    let raw_path = parts.extensions.get::<ReceivedPath>().map_or_else(
        || parts.uri.path().to_owned(),
        |received| received.0.clone(),
    );
    let decoded = |path: &str| percent_decode_str(path).decode_utf8_lossy().into_owned();
    let path = decoded(&raw_path);
    let served = decoded(parts.uri.path());
    let header = |name: &str| {
        parts
            .headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
    };
    let recorded = RecordedRequest {
        method: parts.method.clone(),
        path,
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
        // GitLab reads a token from either header; OAuth tokens come as bearer tokens.
        private_token: header("private-token")
            .or_else(|| {
                header("authorization").and_then(|value| {
                    let (scheme, token) = value.split_once(' ')?;
                    scheme
                        .eq_ignore_ascii_case("bearer")
                        .then(|| token.trim().to_owned())
                })
            })
            .map(RecordedSecret),
        content_type: header(CONTENT_TYPE.as_str()),
        body: match header(CONTENT_TYPE.as_str()) {
            Some(kind) if kind.starts_with("multipart/form-data") => {
                form_fields(&kind, bytes.clone()).await
            }
            _ if bytes.is_empty() => Value::Null,
            _ => serde_json::from_slice(&bytes)
                .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned())),
        },
    };
    app.lock_requests().push(recorded);

    let fault = app.lock_faults().take(&parts.method, &served);
    match fault {
        Some(FaultReply::Stall) => {
            let mut shutdown = app.shutdown.clone();
            // An error means the sandbox is gone; either way the stall is over.
            let _ = shutdown.wait_for(|stopped| *stopped).await;
            faults::respond(&FaultReply::Stall, &served)
        }
        Some(reply) => faults::respond(&reply, &served),
        None => {
            next.run(Request::from_parts(parts, Body::from(bytes)))
                .await
        }
    }
}

/// A `multipart/form-data` body as tests read it: each field by name, a file as its
/// `filename`, `size` and `content` (as text), a plain field as its text.
async fn form_fields(content_type: &str, bytes: axum::body::Bytes) -> Value {
    let request = Request::builder()
        .header(CONTENT_TYPE, content_type)
        .body(Body::from(bytes))
        .expect("a content type and a body make a request");
    let Ok(mut form) = Multipart::from_request(request, &()).await else {
        return Value::Null;
    };
    let mut fields = Map::new();
    while let Ok(Some(field)) = form.next_field().await {
        let name = field.name().unwrap_or_default().to_owned();
        let file_name = field.file_name().map(str::to_owned);
        let Ok(content) = field.bytes().await else {
            break;
        };
        let text = String::from_utf8_lossy(&content).into_owned();
        let value = match file_name {
            Some(file_name) => {
                json!({"filename": file_name, "size": content.len(), "content": text})
            }
            None => Value::String(text),
        };
        fields.insert(name, value);
    }
    Value::Object(fields)
}
