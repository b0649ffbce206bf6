//! Every call acts as exactly its caller, within the operator's limits, and no single
//! request can exhaust the server: each way a determined client got around that, tried
//! on the real binary (stdio and HTTP) against a sandbox GitLab that records what it
//! received.

#[path = "../support/mod.rs"]
mod support;

mod allowed_projects;
mod bounded_requests;
mod callers;
mod logs;
mod parse_costs;
mod redis_persistence;
mod rewritten_paths;
mod small;
mod token_checks;
mod untrusted_text;

use gitlab_sandbox::Sandbox;
use serde_json::{Value, json};

/// The tool and arguments that run catalog action `id` with `params` on `surface`
/// (`dynamic`, `meta` or `individual`), with `confirm: true` when `confirm`.
pub fn tool_call(surface: &str, id: &str, params: Value, confirm: bool) -> (String, Value) {
    let confirmed = |mut arguments: Value| {
        if confirm {
            arguments["confirm"] = json!(true);
        }
        arguments
    };
    if surface == "dynamic" {
        let arguments = json!({"action": id, "params": params});
        return ("gitlab_execute_action".to_owned(), confirmed(arguments));
    }
    if let Some(wizard) = id.strip_prefix("interactive.") {
        let tool = wizard.replace("merge_request", "mr");
        return (format!("gitlab_interactive_{tool}"), params);
    }
    let (resource, verb) = id.split_once('.').expect("catalog ids are `resource.verb`");
    if surface == "meta" {
        let arguments = json!({"action": verb, "params": params});
        return (format!("gitlab_{resource}"), confirmed(arguments));
    }
    let resource = if resource == "merge_request" {
        "mr"
    } else {
        resource
    };
    (format!("gitlab_{resource}_{verb}"), confirmed(params))
}

/// POSTs `body` to the sandbox's API directly (not through the server): GitLab's answer.
pub async fn seed(sandbox: &Sandbox, path: &str, body: Value) -> Value {
    let url = sandbox
        .base_url()
        .join(&format!("api/v4/{path}"))
        .expect("a sandbox API path");
    let response = reqwest::Client::new()
        .post(url)
        .json(&body)
        .send()
        .await
        .expect("the sandbox answers");
    assert!(
        response.status().is_success(),
        "seeding {path}: {response:?}"
    );
    response.json().await.expect("a JSON answer")
}

/// The text of a `tools/call` answer's result, and whether it is an error.
pub fn result_text(answer: &Value) -> (bool, String) {
    let result = &answer["result"];
    let text = result["content"][0]["text"]
        .as_str()
        .unwrap_or_else(|| panic!("no text content: {answer}"))
        .to_owned();
    (result["isError"] == json!(true), text)
}
