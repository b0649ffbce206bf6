//! A wizard's call once the user said yes: its request built, checked like any call's
//! (the answers may name what the arguments did not: a `/move` in a description), sent
//! once however often the client repeats the yes's round, and GitLab's object shaped as
//! its alternative's. The same for `gitlab-mcp-server try`, on the terminal.

use rmcp::model::{CallToolResponse, CallToolResult};
use serde_json::{Map, Value};
use wizard::terminal::Unanswered;

use super::admit::invalid;
use super::check::{Call, check};
use super::send::send;
use crate::access::Access;
use crate::catalog::output::{Objects, Output, error_result};
use crate::catalog::wizard::{ReadyWizard, Unfinished, WizardCall};
use crate::gitlab::{ApiRequest, GitLab};
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

/// What sending a wizard's request needs to know of it.
struct Finish {
    /// Its alternative, which makes the same request: `issue.create`.
    alternative: &'static str,
    kind: Option<&'static crate::catalog::output::Kind>,
}

impl Finish {
    fn of(wizard: &ReadyWizard) -> Finish {
        Finish {
            alternative: wizard.info.alternative,
            kind: wizard.kind(),
        }
    }

    /// Builds, checks and sends `made`, the request the user said yes to, as its
    /// alternative would.
    async fn send(
        &self,
        access: &Access,
        gitlab: &GitLab,
        made: ApiRequest,
        params: &Map<String, Value>,
    ) -> CallToolResult {
        let alternative = self.alternative;
        let built = match gitlab.build(made) {
            Ok(built) => built,
            Err(error) => return error_result(invalid(alternative, error).to_string()),
        };
        let endpoint = catalog()
            .get(alternative)
            .and_then(|action| action.endpoint.as_ref());
        let call = Call {
            id: alternative,
            endpoint,
        };
        match check(access, gitlab, call, built).await {
            Ok(checked) => {
                let objects = Objects::Compact(self.kind);
                send(gitlab, checked.request, Output::Object, objects, params).await
            }
            Err(refusal) => error_result(refusal.to_string()),
        }
    }
}
