//! What the client and sandbox tests share: a sandbox with a client pointed at it, the demo
//! project's REST paths, and reading GitLab's answers. Requests are built the way the catalog
//! builds them: an `ApiRequest` given to `GitLab::send`.

#![allow(
    dead_code,
    reason = "each test binary uses its own part of this module"
)]

use crate::gitlab::{ApiRequest, GitLab, GitLabConfig, GitLabError, ProjectId, Token};
use gitlab_sandbox::Sandbox;
use reqwest::Method;
use serde_json::Value;

/// A fresh sandbox and a client pointed at it, sending no token.
pub async fn setup() -> (Sandbox, GitLab) {
    setup_with_token(None).await
}

/// A fresh sandbox and a client pointed at it, sending `token` when given.
pub async fn setup_with_token(token: Option<&str>) -> (Sandbox, GitLab) {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let mut config = GitLabConfig::new(sandbox.base_url());
    if let Some(token) = token {
        config = config.with_token(Token::new(token).expect("a well-formed token"));
    }
    let gitlab = GitLab::new(config).expect("a valid configuration");
    (sandbox, gitlab)
}

/// The demo project, by path: every call through it also checks the path's encoding.
pub fn demo() -> ProjectId {
    ProjectId::Path("demo/sandbox".to_owned())
}

/// `<method> projects/demo%2Fsandbox/issues`.
pub fn issues(method: Method) -> ApiRequest {
    ApiRequest::new(method).project(&demo()).segment("issues")
}

/// `<method> projects/demo%2Fsandbox/merge_requests`.
pub fn merge_requests(method: Method) -> ApiRequest {
    ApiRequest::new(method)
        .project(&demo())
        .segment("merge_requests")
}

/// `<method> projects/demo%2Fsandbox/issues/:iid`: add segments for what hangs on it.
pub fn issue(method: Method, iid: u64) -> ApiRequest {
    issues(method).segment(iid)
}

/// `<method> projects/demo%2Fsandbox/merge_requests/:iid`: add segments for what hangs on it.
pub fn merge_request(method: Method, iid: u64) -> ApiRequest {
    merge_requests(method).segment(iid)
}

/// `<method> projects/demo%2Fsandbox/releases`.
pub fn releases(method: Method) -> ApiRequest {
    ApiRequest::new(method).project(&demo()).segment("releases")
}

/// `<method> projects/<id>/repository/branches`.
pub fn branches(method: Method, project: u64) -> ApiRequest {
    ApiRequest::new(method)
        .project(&ProjectId::Id(project))
        .segment("repository")
        .segment("branches")
}

/// `<method> projects/demo%2Fsandbox/<resource>`: pipelines, jobs, labels, milestones, wikis…
pub fn on_demo(method: Method, resource: &str) -> ApiRequest {
    ApiRequest::new(method).project(&demo()).segment(resource)
}

/// `<method> projects/demo%2Fsandbox/<resource>/<id>[/<action>]`.
pub fn demo_item(
    method: Method,
    resource: &str,
    id: impl std::fmt::Display,
    action: Option<&str>,
) -> ApiRequest {
    let request = on_demo(method, resource).segment(id);
    match action {
        Some(action) => request.segment(action),
        None => request,
    }
}

/// `<method> <segments…>` from the API root: `users`, `groups/4/projects`, `search`.
pub fn at(method: Method, segments: &[&str]) -> ApiRequest {
    segments
        .iter()
        .fold(ApiRequest::new(method), |request, segment| {
            request.segment(segment)
        })
}

/// `request` with the query parameters `pairs`, in order.
pub fn with_query(request: ApiRequest, pairs: &[(&str, &str)]) -> ApiRequest {
    pairs
        .iter()
        .fold(request, |request, (key, value)| request.query(*key, value))
}

/// Sends `request`; GitLab's JSON answer.
pub async fn call(gitlab: &GitLab, request: ApiRequest) -> Result<Value, GitLabError> {
    Ok(gitlab.send(request).await?.body)
}

/// `key` of every object of a list answer, in the order GitLab listed them.
pub fn pluck(list: &Value, key: &str) -> Value {
    let items = list.as_array().expect("a list answer");
    items.iter().map(|item| item[key].clone()).collect()
}

/// GitLab's status and message, as the client reads them.
pub fn message(error: GitLabError) -> (u16, String) {
    match error {
        GitLabError::Api(api) => (api.status, api.message.unwrap_or_default()),
        other => panic!("expected GitLab's answer, got {other}"),
    }
}

/// GitLab's status and whole JSON body, for refusals whose shape matters
/// (`{"message": {"base": […]}}`, `{"message": ["…"]}`).
pub fn refusal(error: GitLabError) -> (u16, Value) {
    match error {
        GitLabError::Api(api) => (api.status, api.body),
        other => panic!("expected GitLab's answer, got {other}"),
    }
}

pub mod cases;
pub mod mcp;
