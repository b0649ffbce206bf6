//! Running an action's argument guard (`catalog::guard`) inside the call, on every
//! surface, the dynamic one included: a call the operator (YOLO/AUTOPILOT) or the user
//! (`"confirm": true`) approved runs without a read; otherwise one GET reads what the call
//! would change, and when the guard asks, the user is asked through the runtime's guard
//! (one yes/no, key `confirm`). A client that cannot be asked is refused with the way to
//! re-send; a no, a decline or a cancel sends nothing; settings that cannot be read are a
//! refusal too, never a guess. On the 2026-07-28 path the call runs again with the answer
//! and reads again, so a yes applies to the settings as they are when the call is sent.

use rmcp::model::{CallToolRequestParams, CallToolResponse};
use rmcp::service::{RequestContext, RoleServer};
use serde_json::{Map, Value};
use wizard::Flow;
use wizard::guard::{Destructive, guard};

use crate::catalog::Action;
use crate::catalog::guard::ArgumentGuard;
use crate::catalog::output::error_result;
use crate::catalog::wizard::REAPPROVE;
use crate::gitlab::{GitLab, GitLabError};

/// One call to an action with an argument guard.
pub struct Guarded<'a> {
    pub action: &'a Action,
    pub guard: &'a ArgumentGuard,
    /// The call's parameters, already validated.
    pub params: &'a Map<String, Value>,
    /// Approved up front: YOLO/AUTOPILOT, or the call's `"confirm": true`.
    pub approved: bool,
}

/// `None`: go ahead and send the call. `Some`: return this response instead — a
/// refusal, a cancellation, or on the 2026-07-28 path the round that asks.
pub async fn check(
    flow: &Flow,
    gitlab: &GitLab,
    call: Guarded<'_>,
    request: &CallToolRequestParams,
    context: &RequestContext<RoleServer>,
) -> Option<CallToolResponse> {
    if call.approved {
        return None;
    }
    let tool = &request.name;
    let id = call.action.id;
    let refuse = |text: String| Some(CallToolResponse::Complete(error_result(text)));
    let unreadable = |why: String| {
        refuse(format!(
            "{tool}: action \"{id}\" could not read what it would change ({why}), so it cannot \
             tell whether to ask first and sent nothing. {REAPPROVE}"
        ))
    };
    let read = match call.guard.read(call.params) {
        Ok(Some(read)) => read,
        Ok(None) => return None,
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
    let question = match call.guard.question(call.params, &current) {
        Ok(Some(question)) => question,
        Ok(None) => return None,
        Err(why) => return unreadable(why),
    };
    let refusal = format!(
        "{tool}: action \"{id}\" would {} and this client cannot be asked to confirm it (it \
         declared no form elicitation). {REAPPROVE}",
        call.guard.when
    );
    let ask = Destructive {
        approved: false,
        may_ask: true,
        refusal: &refusal,
        question: &question,
    };
    guard(&mut flow.prompter(request, context), ask).await
}
