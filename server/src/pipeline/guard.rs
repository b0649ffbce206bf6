//! The guards of a tool call: the one place a call may stop to ask the user before
//! GitLab is called (the asking itself is the runtime's, `wizard::guard`).
//!
//! - **Destructive actions** (deletes, merges, erasing, cancelling) proceed when the
//!   operator approved everything up front (YOLO/AUTOPILOT) or the call carries
//!   `"confirm": true`; otherwise the user is asked one yes/no where the surface may ask
//!   (not on the dynamic one), and refused with the way to re-send where it may not.
//! - **Argument guards** (`catalog::asks`: an action harmless most of the time, such as
//!   `project.update` unless it makes a project public) ask on every surface, the
//!   dynamic one included: an approved call runs without a read; otherwise one GET reads
//!   what the call would change, and when the guard says so the user is asked. A client
//!   that cannot be asked is refused with the way to re-send; a no, a decline or a cancel
//!   sends nothing; settings that cannot be read are a refusal too, never a guess. On the
//!   2026-07-28 path the call runs again with the answer and reads again, so a yes
//!   applies to the settings as they are when the call is sent.

use rmcp::model::{CallToolRequestParams, CallToolResponse};
use rmcp::service::{RequestContext, RoleServer};
use serde_json::{Map, Value};
use wizard::Flow;
use wizard::guard::{Destructive, guard};
use wizard::summary::escape_value;

use crate::catalog::Action;
use crate::catalog::asks::{ArgumentGuard, Before};
use crate::catalog::output::error_result;
use crate::catalog::wizard::REAPPROVE;
use crate::gitlab::{GitLab, GitLabError, text_without_credentials};
use crate::surfaces::kind::SurfaceKind;

/// The call a guard looks at.
pub struct Guarded<'a> {
    pub action: &'a Action,
    /// The call's parameters, already validated.
    pub params: &'a Map<String, Value>,
    /// Approved up front: YOLO/AUTOPILOT, or the call's `"confirm": true`.
    pub approved: bool,
    pub flow: &'a Flow,
    pub request: &'a CallToolRequestParams,
    pub context: &'a RequestContext<RoleServer>,
}

/// The destructive guard. `None`: go ahead. `Some`: return this response instead — a
/// refusal, a cancellation, or on the 2026-07-28 path the round that asks.
pub async fn destructive(
    call: &Guarded<'_>,
    surface: SurfaceKind,
    may_ask: bool,
) -> Option<CallToolResponse> {
    let refusal = refusal(surface, &call.request.name, call.action);
    let question = question(&call.action.title, call.action, call.params);
    let title = format!("{}?", call.action.title);
    let ask = Destructive {
        approved: call.approved,
        may_ask,
        refusal: &refusal,
        question: &question,
        title: &title,
    };
    guard(&mut call.flow.prompter(call.request, call.context), ask).await
}

/// The argument guard `guard` of the call (see the module's documentation). `None`: go
/// ahead; `Some`: return this response instead.
pub async fn arguments(
    call: &Guarded<'_>,
    guard: &ArgumentGuard,
    gitlab: &GitLab,
) -> Option<CallToolResponse> {
    if call.approved {
        return None;
    }
    let unreadable = |why: String| unreadable(call, &why);
    let read = match guard.read(call.params) {
        Ok(Before::Read(read)) => read,
        Ok(Before::Ask) => return ask(call, guard, &Value::Null).await,
        Ok(Before::Nothing) => return None,
        Err(why) => return unreadable(why),
    };
    let current = match gitlab.send(read).await {
        Ok(response) => response.body,
        // The thing read does not exist yet (a mirror never set up); a missing project
        // is GitLab's to answer when the call is sent.
        Err(GitLabError::Api(api)) if api.status == 404 => {
            if api
                .message
                .as_deref()
                .is_some_and(|m| m.contains("Project Not Found"))
            {
                return None;
            }
            Value::Null
        }
        Err(error) => return unreadable(error.to_string()),
    };
    ask(call, guard, &current).await
}

/// Asks the user the guard's question for what was read (`current`), or refuses where the
/// client cannot be asked; `None` when the question says there is nothing to ask.
async fn ask(
    call: &Guarded<'_>,
    guard: &ArgumentGuard,
    current: &Value,
) -> Option<CallToolResponse> {
    let tool = &call.request.name;
    let id = call.action.id;
    let question = match guard.question(call.params, current) {
        Ok(Some(question)) => question,
        Ok(None) => return None,
        Err(why) => return unreadable(call, &why),
    };
    let refusal = format!(
        "{tool}: action \"{id}\" would {} and this client cannot be asked to confirm it (it \
         declared no form elicitation). {REAPPROVE}",
        guard.when
    );
    let title = format!("{}?", call.action.title);
    let ask = Destructive {
        approved: false,
        may_ask: true,
        refusal: &refusal,
        question: &question,
        title: &title,
    };
    wizard::guard::guard(&mut call.flow.prompter(call.request, call.context), ask).await
}

/// The refusal of a call whose guard could not tell whether to ask.
fn unreadable(call: &Guarded<'_>, why: &str) -> Option<CallToolResponse> {
    let (tool, id) = (&call.request.name, call.action.id);
    Some(CallToolResponse::Complete(error_result(format!(
        "{tool}: action \"{id}\" could not read what it would change ({why}), so it cannot \
         tell whether to ask first and sent nothing. {REAPPROVE}"
    ))))
}

/// The refusal of a call that may not ask. On the dynamic surface:
/// `gitlab_execute_action: action "issue.delete" is destructive. Re-send with
/// confirm=true only after the user explicitly approves this operation.`
fn refusal(surface: SurfaceKind, tool: &str, action: &Action) -> String {
    let first = match surface {
        SurfaceKind::Dynamic => format!("{tool}: action \"{}\" is destructive.", action.id),
        SurfaceKind::Meta | SurfaceKind::Individual => format!(
            "{tool}: action \"{}\" is destructive and this client cannot be asked to confirm it (it declared no form elicitation).",
            action.id
        ),
    };
    format!("{first} {REAPPROVE}")
}

/// `Delete issue (project_id `demo/sandbox`, issue_iid `5`)? This cannot be undone.`
/// Every value is escaped: it came from the model, and must not read as the server's words;
/// a URL's credentials are left out.
fn question(title: &str, action: &Action, params: &Map<String, Value>) -> String {
    let details: Vec<String> = action
        .parameters()
        .iter()
        .filter_map(|name| {
            let value = params.get(name)?;
            let text = match value {
                Value::String(text) => text_without_credentials(text),
                other => other.to_string(),
            };
            Some(format!("{name} {}", escape_value(&text)))
        })
        .collect();
    let tail = consequence(action.verb);
    if details.is_empty() {
        format!("{title}?{tail}")
    } else {
        format!("{title} ({})?{tail}", details.join(", "))
    }
}

/// What the user must know before saying yes, by the kind of loss: a delete or an erase is
/// final; a cancel stops jobs part way, losing what they had done; a merge, an unprotect or
/// a new push mirror say what they do in their title and can be undone by another call.
fn consequence(verb: &str) -> &'static str {
    if verb.ends_with("delete") || verb == "erase" {
        " This cannot be undone."
    } else if verb == "cancel" {
        " The work in progress is lost: its running jobs stop where they are."
    } else {
        ""
    }
}

#[cfg(test)]
mod tests {
    use super::consequence;

    #[test]
    fn only_a_delete_or_an_erase_is_final() {
        for verb in ["delete", "note_delete", "erase"] {
            assert_eq!(consequence(verb), " This cannot be undone.", "{verb}");
        }
        assert!(consequence("cancel").contains("work in progress is lost"));
        for verb in ["merge", "unprotect", "push_mirror_add"] {
            assert_eq!(consequence(verb), "", "{verb}");
        }
    }
}
