//! How the sandbox answers: GitLab's error bodies and plain answers. List pages, which read
//! the request's parameters, are in `pagination`.

use axum::http::StatusCode;
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

/// A refusal, in the body shape GitLab uses for that kind of refusal.
#[derive(Debug)]
pub(crate) struct ApiError {
    status: StatusCode,
    /// Serialized JSON, so field errors keep their order.
    body: String,
}

impl ApiError {
    fn json(status: StatusCode, body: &Value) -> ApiError {
        ApiError {
            status,
            body: body.to_string(),
        }
    }

    /// `{"message": "…"}`: not found, conflicts, service errors.
    pub fn message(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError::json(status, &json!({ "message": message.into() }))
    }

    /// `{"message": "…", "error_code": "…"}` with status 400: a refusal GitLab names with a
    /// code a client can act on (a cherry-pick that conflicts or is empty).
    pub fn coded(message: &str, code: &str) -> ApiError {
        ApiError::json(
            StatusCode::BAD_REQUEST,
            &json!({ "message": message, "error_code": code }),
        )
    }

    /// `{"message": "…"}` with status 400: a refused branch, tag or reference.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::message(StatusCode::BAD_REQUEST, message)
    }

    /// `{"message": {"error": "…"}}`: a service's refusal passed on by its route.
    pub fn service(status: StatusCode, message: &str) -> ApiError {
        ApiError::json(status, &json!({ "message": { "error": message } }))
    }

    /// `{"message": ["…"]}`: merge request branch rules.
    pub fn messages(status: StatusCode, messages: &[String]) -> ApiError {
        ApiError::json(status, &json!({ "message": messages }))
    }

    /// `{"message": {"field": ["…"]}}` with status 400: model validation, fields in this order.
    pub fn fields(fields: &[(&str, &str)]) -> ApiError {
        let mut grouped: Vec<(&str, Vec<&str>)> = Vec::new();
        for &(field, problem) in fields {
            match grouped.iter_mut().find(|(f, _)| *f == field) {
                Some((_, problems)) => problems.push(problem),
                None => grouped.push((field, vec![problem])),
            }
        }
        let entries: Vec<String> = grouped
            .iter()
            .map(|(field, problems)| format!("{}:{}", json!(field), json!(problems)))
            .collect();
        ApiError {
            status: StatusCode::BAD_REQUEST,
            body: format!("{{\"message\":{{{}}}}}", entries.join(",")),
        }
    }

    /// `{"error": "…"}` with status 400: parameter checks done before any model is built.
    pub fn error(message: impl Into<String>) -> ApiError {
        ApiError::error_with(StatusCode::BAD_REQUEST, message)
    }

    /// `{"error": "…"}` with another status: Grape's `error!` called by an endpoint
    /// (a webhook's `422 Invalid url given`).
    pub fn error_with(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError::json(status, &json!({ "error": message.into() }))
    }

    /// `400 {"message": "400 Bad request - <reason>"}`: GitLab's `bad_request!(reason)`
    /// (lowercase `request`).
    pub fn bad_request_because(reason: &str) -> ApiError {
        ApiError::bad_request(format!("400 Bad request - {reason}"))
    }

    /// `404 Project Not Found`, `404 Issue Not Found`, …; an empty `what` → `404 Not Found`.
    pub fn not_found(what: &str) -> ApiError {
        let message = if what.is_empty() {
            "404 Not Found".to_owned()
        } else {
            format!("404 {what} Not Found")
        };
        ApiError::message(StatusCode::NOT_FOUND, message)
    }

    /// Required parameters that were not sent: `title is missing, labels is missing`.
    pub fn missing(names: &[&str]) -> ApiError {
        let text: Vec<String> = names.iter().map(|n| format!("{n} is missing")).collect();
        ApiError::error(text.join(", "))
    }

    /// An update that sent none of the parameters it could change.
    pub fn none_of(names: &[&str]) -> ApiError {
        ApiError::error(format!(
            "{} are missing, at least one parameter must be provided",
            names.join(", ")
        ))
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, [(CONTENT_TYPE, "application/json")], self.body).into_response()
    }
}

/// Objects joined into one (`json!` has a nesting limit that GitLab-sized objects reach).
pub(crate) fn merged<const N: usize>(parts: [Value; N]) -> Value {
    let mut all = serde_json::Map::new();
    for part in parts {
        if let Value::Object(map) = part {
            all.extend(map);
        }
    }
    Value::Object(all)
}

/// A JSON answer.
pub(crate) fn ok(status: StatusCode, body: Value) -> Response {
    (status, axum::Json(body)).into_response()
}

/// GitLab's answer for a DELETE that worked: 204 and no body.
pub(crate) fn no_content() -> Response {
    StatusCode::NO_CONTENT.into_response()
}
