//! Sending a catalog action's request to GitLab and turning the answer into a tool result:
//! the structured result the action's output promises, or one clear error result.

use rmcp::model::CallToolResult;
use serde_json::{Map, Value};

use crate::catalog::Output;
use crate::gitlab::{ApiRequest, GitLab};

pub use crate::catalog::output::error_result;

/// Sends `request` once (never retried) and shapes the answer as `output` says; `params`
/// are the call's own parameters (some outputs read theirs, such as `tail_lines`).
pub async fn send(
    gitlab: &GitLab,
    request: ApiRequest,
    output: Output,
    params: &Map<String, Value>,
) -> CallToolResult {
    let what = format!("{} {}", request.method, request.path.join("/"));
    match gitlab.send(request).await {
        Ok(response) => output.shape(&what, response, params),
        Err(error) => error_result(error.to_string()),
    }
}
