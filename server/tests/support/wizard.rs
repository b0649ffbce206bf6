//! The issue wizard driven round by round over raw 2026-07-28 `tools/call`s, each round
//! sent wherever the test says.

use serde_json::{Value, json};

use super::rpc::{Reply, Rpc};

pub const ISSUE_TOOL: &str = "gitlab_interactive_issue_create";

/// The wizard's tool arguments: the demo project.
pub fn issue_args() -> Value {
    json!({"project_id": 1})
}

/// The answer the tests give to each question of the issue wizard.
pub fn issue_answer(key: &str) -> Value {
    match key {
        "title" => json!({"title": "Login fails behind the balancer"}),
        "description" => json!({"description": "Rounds alternate between replicas."}),
        "labels" => json!({"labels": "bug, scale"}),
        "confidential" => json!({"confirmed": true}),
        "confirm" => json!({"confirmed": true}),
        other => panic!("the issue wizard asked an unexpected question `{other}`"),
    }
}

/// What GitLab must receive once the wizard is done.
pub fn issue_body() -> Value {
    json!({
        "title": "Login fails behind the balancer",
        "description": "Rounds alternate between replicas.",
        "labels": "bug,scale",
        "confidential": true,
    })
}

/// The questions, in order.
pub const ISSUE_KEYS: [&str; 5] = ["title", "description", "labels", "confidential", "confirm"];

/// A question the server asked: its key and the state to echo.
#[derive(Debug, Clone)]
pub struct Asked {
    pub key: String,
    pub state: String,
}

/// The question of an `input_required` result; `None` for a complete one.
pub fn asked(reply: &Reply) -> Option<Asked> {
    let result = reply.result();
    if result["resultType"] != json!("input_required") {
        return None;
    }
    let requests = result["inputRequests"]
        .as_object()
        .unwrap_or_else(|| panic!("input_required without inputRequests: {reply:?}"));
    assert_eq!(requests.len(), 1, "one question per round: {reply:?}");
    let (key, request) = requests.iter().next().expect("one entry");
    assert_eq!(request["method"], json!("elicitation/create"), "{reply:?}");
    Some(Asked {
        key: key.clone(),
        state: result["requestState"]
            .as_str()
            .unwrap_or_else(|| panic!("input_required without requestState: {reply:?}"))
            .to_owned(),
    })
}

/// One round at `url`: the first call when `previous` is `None`, else the answer to it.
pub async fn round(rpc: &Rpc, url: &str, previous: Option<&Asked>) -> Reply {
    let Some(previous) = previous else {
        return rpc
            .call_2026(url, ISSUE_TOOL, issue_args(), None, None)
            .await;
    };
    let responses = json!({
        &previous.key: {"action": "accept", "content": issue_answer(&previous.key)}
    });
    rpc.call_2026(
        url,
        ISSUE_TOOL,
        issue_args(),
        Some(responses),
        Some(&previous.state),
    )
    .await
}

/// Answers the issue wizard at `url` up to its summary; the summary's round.
pub async fn up_to_the_summary(rpc: &Rpc, url: &str) -> Asked {
    let mut previous = None;
    loop {
        let reply = round(rpc, url, previous.as_ref()).await;
        let question = asked(&reply).unwrap_or_else(|| panic!("ended early: {reply:?}"));
        if question.key == "confirm" {
            return question;
        }
        previous = Some(question);
    }
}

/// The yes to the summary asked at `url`.
pub async fn say_yes(rpc: &Rpc, url: &str, summary: &Asked) -> Reply {
    round(rpc, url, Some(summary)).await
}

/// Runs the wizard to the end, round `n` at `urls[n % urls.len()]`; the final reply and
/// the keys asked.
pub async fn run_issue(rpc: &Rpc, urls: &[&str]) -> (Reply, Vec<String>) {
    let mut keys = Vec::new();
    let mut previous = None;
    for n in 0..=ISSUE_KEYS.len() {
        let reply = round(rpc, urls[n % urls.len()], previous.as_ref()).await;
        match asked(&reply) {
            Some(question) => {
                keys.push(question.key.clone());
                previous = Some(question);
            }
            None => return (reply, keys),
        }
    }
    panic!(
        "the wizard asked more than {} questions: {keys:?}",
        ISSUE_KEYS.len()
    );
}
