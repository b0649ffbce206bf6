//! A guard for a call that must not run without the user's yes: it proceeds when the
//! server approved it already or the user says yes to one yes/no (key `confirm`, on
//! either wire path); otherwise it is refused, and every failure fails closed.
//!
//! Whether a call counts as approved up front (an operator's setting, a flag in the
//! arguments) is the server's policy: the guard takes the decision, not the settings.
//!
//! ```no_run
//! use rmcp::model::{CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock};
//! use rmcp::service::{RequestContext, RoleServer};
//! use wizard::Flow;
//! use wizard::guard::{Destructive, guard};
//!
//! async fn cancel_booking(
//!     flow: &Flow,
//!     request: &CallToolRequestParams,
//!     context: &RequestContext<RoleServer>,
//! ) -> CallToolResponse {
//!     let call = Destructive {
//!         approved: false,
//!         may_ask: true,
//!         refusal: "cancel_booking is destructive: ask the user first.",
//!         question: "Cancel booking #7? This cannot be undone.",
//!         title: "Cancel the booking",
//!     };
//!     if let Some(response) = guard(&mut flow.prompter(request, context), call).await {
//!         // Refused, cancelled, failed, or (2026-07-28) the round that asks.
//!         return response;
//!     }
//!     // The yes may arrive in a round the client sends again (a retry after a lost
//!     // response): `once` cancels the booking once, and a repeat gets the same result.
//!     let cancel = async { CallToolResult::success(vec![ContentBlock::text("cancelled")]) };
//!     flow.once(request, cancel).await.into()
//! }
//! ```

use rmcp::model::CallToolResponse;

use serde_json::Value;

use crate::flow::outcome::error_result;
use crate::form::Prompt;
use crate::prompt::{CONFIRM_KEY, PromptError, Prompter};

/// One guarded call, as the guard sees it.
#[derive(Debug, Clone, Copy)]
pub struct Destructive<'a> {
    /// The server's own yes: its policy lets the call run unasked, or the call
    /// carries the user's explicit approval. Nothing is asked.
    pub approved: bool,
    /// Whether this call may ask the user (a surface that never asks: `false`).
    pub may_ask: bool,
    /// The whole result text when the call is neither approved nor can be asked.
    pub refusal: &'a str,
    /// The yes/no the user is asked.
    pub question: &'a str,
    /// The yes/no's label, saying what a tick does: `Delete the issue`.
    pub title: &'a str,
}

/// `None`: go ahead. `Some(response)`: return it and do nothing else — a refusal, a
/// cancellation ([`Texts::guard_cancelled`](crate::Texts::guard_cancelled), or
/// [`Texts::guard_unticked`](crate::Texts::guard_unticked) for an accept with the box
/// unticked), a
/// fail-closed error ([`Texts::guard_failed`](crate::Texts::guard_failed)), or on the
/// 2026-07-28 path the `input_required` round asking.
pub async fn guard(prompter: &mut Prompter, call: Destructive<'_>) -> Option<CallToolResponse> {
    if call.approved {
        return None;
    }
    let texts = prompter.flow().clone();
    let texts = texts.texts();
    let end = |text: String| Some(CallToolResponse::Complete(error_result(text)));
    if !call.may_ask || !prompter.can_ask() {
        return end(call.refusal.to_owned());
    }
    let prompt = Prompt::confirm(call.question).titled(call.title);
    match prompter.ask(CONFIRM_KEY, &prompt).await {
        Ok(Value::Bool(true)) => None,
        // Accept beside an unticked box: said as such, not as the user's cancel.
        Ok(_) => end(texts.guard_unticked(call.title)),
        Err(PromptError::Declined | PromptError::Cancelled) => end(texts.guard_cancelled()),
        Err(PromptError::Pending) => match prompter.input_required() {
            Some(input) => Some(CallToolResponse::InputRequired(input)),
            None => end(texts.guard_failed("the confirmation question could not be queued")),
        },
        Err(error) => end(texts.guard_failed(&error.to_string())),
    }
}
