//! A wizard's call once the user said yes: its requests built, checked like any call's
//! (the answers may name what the arguments did not: a `/move` in a description, a
//! published draft's), sent once however often the client repeats the yes's round, and
//! GitLab's answer shaped as its alternative's. The same for `gitlab-mcp-server try`, on the terminal.

use rmcp::model::{CallToolResponse, CallToolResult};
use serde_json::{Map, Value};
use wizard::terminal::Unanswered;

use super::admit::invalid;
use super::check::{Call, check, check_published};
use super::send::send;
use crate::access::Access;
use crate::catalog::output::{Objects, Output, error_result};
use crate::catalog::wizard::{Calls, ReadyWizard, Unfinished, WizardCall};
use crate::gitlab::GitLab;
use crate::registry::catalog;

/// Runs `wizard` in a tool call: a question's round, an ending, or GitLab's answer to the
/// request the user said yes to. `params` are the call's parameters.
pub async fn run(
    wizard: ReadyWizard,
    call: WizardCall<'_>,
    access: &Access,
    params: &Map<String, Value>,
) -> CallToolResponse {
    let (flow, gitlab, request) = (call.flow, call.gitlab, call.request);
    let finish = Finish::of(&wizard);
    match wizard.run(call).await {
        // The yes's round acts once, however often the client repeats it.
        Ok(made) => {
            let act = finish.send(access, gitlab, made, params);
            flow.once(request, act).await.into()
        }
        Err(response) => response,
    }
}

/// How a wizard run on the terminal ended.
#[derive(Debug)]
pub enum InTerminal {
    /// The user said yes: GitLab's answer to the call (the object made, or an error).
    Sent(CallToolResult),
    /// A no at the summary, a refusal or a failure: the ending's text, as a client would
    /// read it.
    Ended(String),
    /// Left with Esc or Ctrl-C, or never started without a terminal.
    Unanswered(Unanswered),
}

/// Runs `wizard` on this process's terminal, then sends what the user said yes to.
pub async fn run_in_terminal(
    wizard: ReadyWizard,
    access: &Access,
    gitlab: &GitLab,
    params: &Map<String, Value>,
) -> InTerminal {
    let finish = Finish::of(&wizard);
    match wizard.run_in_terminal(gitlab).await {
        Ok(made) => InTerminal::Sent(finish.send(access, gitlab, made, params).await),
        Err(Unfinished::Ended(text)) => InTerminal::Ended(text),
        Err(Unfinished::Unanswered(unanswered)) => InTerminal::Unanswered(unanswered),
    }
}

/// What sending a wizard's calls needs to know of it.
struct Finish {
    /// How the answer is shaped, and the kind of object its alternative makes.
    output: Output,
    kind: Option<&'static crate::catalog::output::Kind>,
}

impl Finish {
    fn of(wizard: &ReadyWizard) -> Finish {
        Finish {
            output: wizard.output,
            kind: wizard.kind(),
        }
    }

    /// Builds and checks every call the user said yes to, then sends them in order, each
    /// as its catalog action would: a refusal of any sends none of them, and the first
    /// GitLab refuses stops the rest.
    async fn send(
        &self,
        access: &Access,
        gitlab: &GitLab,
        made: Calls,
        params: &Map<String, Value>,
    ) -> CallToolResult {
        let mut checked = Vec::with_capacity(made.requests.len());
        for (id, request) in made.requests {
            let built = match gitlab.build(request) {
                Ok(built) => built,
                Err(error) => return error_result(invalid(id, error).to_string()),
            };
            let endpoint = catalog()
                .get(id)
                .and_then(|action| action.endpoint.as_ref());
            match check(access, gitlab, Call { id, endpoint }, built).await {
                Ok(request) => checked.push(request.request),
                Err(refusal) => return error_result(refusal.to_string()),
            }
        }
        if let Err(refusal) = check_published(access, gitlab, &made.published).await {
            return error_result(refusal.to_string());
        }
        let objects = Objects::Compact(self.kind);
        let count = checked.len();
        let mut sent: Vec<String> = Vec::new();
        let mut last = None;
        for request in checked {
            let line = request.line();
            let result = send(gitlab, request, self.output, objects, params).await;
            if result.is_error == Some(true) && count > 1 {
                return error_result(stopped(&result, &line, &sent));
            }
            sent.push(line);
            last = Some(result);
        }
        match (made.done, last) {
            (Some(message), Some(last)) if last.is_error != Some(true) => {
                done_result(&message, &last)
            }
            (_, Some(last)) => last,
            (_, None) => error_result("the wizard made no call to send; nothing was sent"),
        }
    }
}

/// What a call stopped part way says: GitLab's refusal, what was sent before it, and
/// that nothing after it was.
fn stopped(result: &CallToolResult, line: &str, sent: &[String]) -> String {
    let refusal: Vec<String> = result
        .content
        .iter()
        .filter_map(|block| block.as_text().map(|text| text.text.clone()))
        .collect();
    let before = match sent {
        [] => "nothing was sent before it".to_owned(),
        sent => format!("sent before it: {}", sent.join(", ")),
    };
    format!(
        "GitLab refused `{line}`: {} ({before}); nothing after it was sent.",
        refusal.join(" ")
    )
}

/// The answer of calls that say what they did: `{done: true, status, message}`, the
/// status the last one answered with.
fn done_result(message: &str, last: &CallToolResult) -> CallToolResult {
    let status = last
        .structured_content
        .as_ref()
        .and_then(|content| content.get("status"))
        .cloned()
        .unwrap_or(Value::from(200));
    let content = serde_json::json!({"done": true, "status": status, "message": message});
    CallToolResult::structured(content)
}
