//! Steps 5 and 6 of a call: the checked request sent once (never retried), and GitLab's
//! answer shaped as the action's output says.

use rmcp::model::CallToolResult;
use serde_json::{Map, Value};

use crate::catalog::output::{Objects, Output, error_result};
use crate::gitlab::{BuiltRequest, GitLab, GitLabError};

/// GitLab's answer shaped, with the body as GitLab sent it when it was asked for (a binary
/// file's bytes, which the shaped result leaves out).
pub struct Answer {
    pub result: CallToolResult,
    pub body: Option<Value>,
}

/// Sends `request` and shapes the answer as `output` says, its objects kept as `objects`
/// says; `params` are the call's own parameters (some outputs read theirs, such as
/// `tail_lines` or `raw`). A failure to send, or an error answer, is GitLab's error.
pub async fn fetch(
    gitlab: &GitLab,
    request: BuiltRequest,
    output: Output,
    objects: Objects,
    params: &Map<String, Value>,
    keep_body: bool,
) -> Result<Answer, GitLabError> {
    let what = request.line();
    let response = gitlab.send_built(request).await?;
    let body = keep_body.then(|| response.body.clone());
    Ok(Answer {
        result: output.shape(&what, response, objects, params),
        body,
    })
}

/// [`fetch`] for a tool's answer: GitLab's error becomes an error result.
pub async fn send(
    gitlab: &GitLab,
    request: BuiltRequest,
    output: Output,
    objects: Objects,
    params: &Map<String, Value>,
) -> CallToolResult {
    match fetch(gitlab, request, output, objects, params, false).await {
        Ok(answer) => answer.result,
        Err(error) => error_result(error.to_string()),
    }
}
