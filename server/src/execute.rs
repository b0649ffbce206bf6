//! Sending a catalog action's request to GitLab and turning the answer into a tool result:
//! the GitLab object as text and as `structuredContent`, matching the action's output
//! schema, or one clear error result.

use rmcp::model::{CallToolResult, ContentBlock};
use serde_json::{Map, Value};

use crate::catalog::Output;
use crate::catalog::call::{Deleted, Page};
use crate::gitlab::{ApiRequest, ApiResponse, GitLab};

/// An error result (`isError: true`) with `text` and no structured content.
pub fn error_result(text: impl Into<String>) -> CallToolResult {
    CallToolResult::error(vec![ContentBlock::text(text.into())])
}

/// Sends `request` once (never retried) and shapes the answer as `output` says.
pub async fn send(gitlab: &GitLab, request: ApiRequest, output: Output) -> CallToolResult {
    let what = describe(&request);
    match gitlab.send(request).await {
        Ok(response) => shape(&what, output, response),
        Err(error) => error_result(error.to_string()),
    }
}

/// `POST projects/demo/sandbox/issues`, for messages about GitLab's answer.
fn describe(request: &ApiRequest) -> String {
    format!("{} {}", request.method, request.path.join("/"))
}

/// The structured result for a successful answer. Every shape is checked here, so what
/// reaches the client always matches the tool's output schema.
pub fn shape(what: &str, output: Output, response: ApiResponse) -> CallToolResult {
    let unexpected = |expected: &str, body: &Value| {
        error_result(format!(
            "{what}: GitLab answered {} with {} where {expected} was expected",
            response.status,
            kind(body)
        ))
    };
    match output {
        Output::Object => match response.body {
            Value::Object(object) => CallToolResult::structured(Value::Object(object)),
            other => unexpected("an object", &other),
        },
        Output::List => {
            let items = match response.body {
                Value::Array(items) => items,
                other => return unexpected("a list", &other),
            };
            let mut objects: Vec<Map<String, Value>> = Vec::with_capacity(items.len());
            for item in items {
                match item {
                    Value::Object(object) => objects.push(object),
                    other => return unexpected("a list of objects", &other),
                }
            }
            structured(&Page {
                items: objects,
                next_page: response.next_page,
                total: response.total,
            })
        }
        Output::Deleted => {
            let message = match &response.body {
                Value::Object(object) => object
                    .get("message")
                    .and_then(Value::as_str)
                    .map(str::to_owned),
                Value::String(text) if !text.trim().is_empty() => Some(text.trim().to_owned()),
                _ => None,
            };
            structured(&Deleted {
                deleted: true,
                status: response.status,
                message,
            })
        }
    }
}

fn structured(value: &impl serde::Serialize) -> CallToolResult {
    // The catalog's own output structs always serialise.
    CallToolResult::structured(serde_json::to_value(value).expect("output structs serialise"))
}

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "nothing",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "text",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn response(status: u16, body: Value) -> ApiResponse {
        ApiResponse {
            status,
            body,
            next_page: Some(2),
            total: Some(3),
        }
    }

    #[test]
    fn objects_are_text_and_structured() {
        let result = shape("GET x", Output::Object, response(200, json!({"id": 1})));
        assert_eq!(result.is_error, Some(false));
        assert_eq!(result.structured_content, Some(json!({"id": 1})));
        assert_eq!(result.content[0].as_text().unwrap().text, r#"{"id":1}"#);
    }

    #[test]
    fn lists_carry_the_next_page() {
        let result = shape("GET x", Output::List, response(200, json!([{"id": 1}])));
        assert_eq!(
            result.structured_content,
            Some(json!({"items": [{"id": 1}], "next_page": 2, "total": 3}))
        );
    }

    #[test]
    fn deletions_report_status_and_message() {
        let result = shape("DELETE x", Output::Deleted, response(204, Value::Null));
        assert_eq!(
            result.structured_content,
            Some(json!({"deleted": true, "status": 204}))
        );
        let result = shape(
            "DELETE x",
            Output::Deleted,
            response(202, json!({"message": "202 Accepted"})),
        );
        assert_eq!(
            result.structured_content,
            Some(json!({"deleted": true, "status": 202, "message": "202 Accepted"}))
        );
    }

    #[test]
    fn wrong_shapes_are_errors() {
        let result = shape("GET projects/1", Output::Object, response(200, json!([1])));
        assert_eq!(result.is_error, Some(true));
        assert_eq!(
            result.content[0].as_text().unwrap().text,
            "GET projects/1: GitLab answered 200 with a list where an object was expected"
        );
        assert!(result.structured_content.is_none());
    }
}
