//! Answers the sandbox gives instead of the real one, for tests: GitLab's error statuses with
//! GitLab's bodies, canned answers, and a route that never answers.

use axum::http::header::{CONTENT_TYPE, RETRY_AFTER};
use axum::http::{HeaderName, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// What to answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FaultReply {
    /// That status with the body GitLab sends for it: 401 `{"message":"401 Unauthorized"}`,
    /// 403 `{"message":"403 Forbidden"}`, 404 `{"message":"404 Project Not Found"}`, 409
    /// `{"message":"Release already exists"}` (or the merge request conflict on merge request
    /// paths), 429 `Retry later` as plain text with `Retry-After: 30`, 500
    /// `{"message":"500 Internal Server Error"}`, others `{"message":"<code> <reason>"}`.
    Status(u16),
    /// Exactly this status, headers and body (JSON content type when the body parses as JSON).
    Raw {
        status: u16,
        headers: Vec<(String, String)>,
        body: String,
    },
    /// No answer until the sandbox shuts down: for client timeouts.
    Stall,
    /// That status with a JSON body of `len` bytes (`[`, spaces, `]`: an empty list),
    /// streamed without a length as it is made, so the sandbox never holds it: for
    /// answers too large to read.
    Large { status: u16, len: usize },
}

/// A reply and how many matching requests get it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FaultSpec {
    pub reply: FaultReply,
    pub times: usize,
}

impl FaultSpec {
    /// GitLab's answer for `status`, once.
    pub fn status(status: u16) -> FaultSpec {
        FaultSpec {
            reply: FaultReply::Status(status),
            times: 1,
        }
    }

    /// A canned answer, once; add headers with [`FaultSpec::header`].
    pub fn raw(status: u16, body: impl Into<String>) -> FaultSpec {
        FaultSpec {
            reply: FaultReply::Raw {
                status,
                headers: Vec::new(),
                body: body.into(),
            },
            times: 1,
        }
    }

    /// Never answers, once.
    pub fn stall() -> FaultSpec {
        FaultSpec {
            reply: FaultReply::Stall,
            times: 1,
        }
    }

    /// A JSON answer of `len` bytes with that status, streamed, once.
    pub fn large(status: u16, len: usize) -> FaultSpec {
        FaultSpec {
            reply: FaultReply::Large { status, len },
            times: 1,
        }
    }

    /// Adds a header to a [`FaultReply::Raw`] answer; other replies are left as they are.
    pub fn header(mut self, name: impl Into<String>, value: impl Into<String>) -> FaultSpec {
        if let FaultReply::Raw { headers, .. } = &mut self.reply {
            headers.push((name.into(), value.into()));
        }
        self
    }

    /// How many matching requests get this reply (`usize::MAX`: until cleared).
    pub fn times(mut self, times: usize) -> FaultSpec {
        self.times = times;
        self
    }
}

struct Armed {
    spec: FaultSpec,
    method: Option<Method>,
    path_prefix: Option<String>,
}

/// The faults waiting for requests, first armed first used.
#[derive(Default)]
pub(crate) struct Faults {
    armed: Vec<Armed>,
}

impl Faults {
    pub fn arm(&mut self, spec: FaultSpec, method: Option<Method>, path_prefix: Option<String>) {
        if spec.times > 0 {
            self.armed.push(Armed {
                spec,
                method,
                path_prefix,
            });
        }
    }

    pub fn clear(&mut self) {
        self.armed.clear();
    }

    /// The reply for this request, if a fault matches it; uses up one of its `times`. The
    /// prefix is matched against the decoded path with or without `/api/v4`.
    pub fn take(&mut self, method: &Method, path: &str) -> Option<FaultReply> {
        let api_path = path.strip_prefix("/api/v4").unwrap_or(path);
        let index = self.armed.iter().position(|armed| {
            armed.method.as_ref().is_none_or(|m| m == method)
                && armed
                    .path_prefix
                    .as_deref()
                    .is_none_or(|p| path.starts_with(p) || api_path.starts_with(p))
        })?;
        let armed = &mut self.armed[index];
        let reply = armed.spec.reply.clone();
        armed.spec.times = armed.spec.times.saturating_sub(1);
        if armed.spec.times == 0 {
            self.armed.remove(index);
        }
        Some(reply)
    }
}

/// The response for a status or canned fault (a stall is handled by the caller).
pub(crate) fn respond(reply: &FaultReply, path: &str) -> Response {
    match reply {
        FaultReply::Status(code) => status_reply(*code, path),
        FaultReply::Raw {
            status,
            headers,
            body,
        } => {
            let status = StatusCode::from_u16(*status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
            let content_type = if serde_json::from_str::<serde_json::Value>(body).is_ok() {
                "application/json"
            } else {
                "text/plain"
            };
            let mut response =
                (status, [(CONTENT_TYPE, content_type)], body.clone()).into_response();
            for (name, value) in headers {
                if let (Ok(name), Ok(value)) = (
                    HeaderName::try_from(name.as_str()),
                    HeaderValue::from_str(value),
                ) {
                    response.headers_mut().insert(name, value);
                }
            }
            response
        }
        FaultReply::Stall => StatusCode::SERVICE_UNAVAILABLE.into_response(),
        FaultReply::Large { status, len } => large_reply(*status, *len),
    }
}

/// `[`, `len - 2` spaces, `]`, made 64 KiB at a time as the client reads.
fn large_reply(status: u16, len: usize) -> Response {
    use tokio::io::AsyncReadExt as _;

    let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let spaces = u64::try_from(len.saturating_sub(2)).unwrap_or(u64::MAX);
    let body = (&b"["[..])
        .chain(tokio::io::repeat(b' ').take(spaces))
        .chain(&b"]"[..]);
    let stream = tokio_util::io::ReaderStream::with_capacity(body, 64 * 1024);
    (
        status,
        [(CONTENT_TYPE, "application/json")],
        axum::body::Body::from_stream(stream),
    )
        .into_response()
}

fn status_reply(code: u16, path: &str) -> Response {
    let status = StatusCode::from_u16(code).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let body = match code {
        404 => json!({"message": "404 Project Not Found"}),
        409 if path.contains("/merge_requests") => {
            json!({"message": ["Another open merge request already exists for this source branch: !1"]})
        }
        409 => json!({"message": "Release already exists"}),
        429 => {
            let headers = [(CONTENT_TYPE, "text/plain"), (RETRY_AFTER, "30")];
            return (status, headers, "Retry later\n").into_response();
        }
        _ => {
            json!({"message": format!("{} {}", status.as_u16(), status.canonical_reason().unwrap_or("Error"))})
        }
    };
    (status, axum::Json(body)).into_response()
}
