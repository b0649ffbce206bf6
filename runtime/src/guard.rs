//! The destructive-action guard (SPEC.md §7): a destructive call proceeds on the
//! first of YOLO/AUTOPILOT, `"confirm": true`, or a yes to one elicited yes/no (key
//! `confirm`, either path); otherwise it is refused, and every failure fails closed.

use rmcp::model::{CallToolResponse, JsonObject};
use serde_json::Value;

use crate::flow::outcome::error_result;
use crate::flow::{PromptError, Prompter};
use crate::schema::CONFIRM_KEY;

/// The sentence every refusal ends with.
pub const REAPPROVE: &str =
    "Re-send with confirm=true only after the user explicitly approves this operation.";
/// The result of a no, a decline or a cancel.
pub const CANCELED: &str = "Operation canceled by user.";

/// Whether the operator lets destructive actions run unasked, from the raw values of
/// the YOLO and AUTOPILOT settings: `1`, `true` or `yes` (trimmed, any case) are true.
/// When YOLO is set at all it decides alone (`false` beats AUTOPILOT=true); only when
/// it is unset does AUTOPILOT count.
pub fn autonomy(yolo: Option<&str>, autopilot: Option<&str>) -> bool {
    match yolo {
        Some(yolo) => truthy(yolo),
        None => autopilot.is_some_and(truthy),
    }
}

fn truthy(raw: &str) -> bool {
    let raw = raw.trim();
    ["1", "true", "yes"]
        .iter()
        .any(|yes| raw.eq_ignore_ascii_case(yes))
}

/// Whether the call's arguments carry `"confirm": true` (the boolean, nothing else).
pub fn confirm_flag(arguments: Option<&JsonObject>) -> bool {
    arguments.and_then(|arguments| arguments.get("confirm")) == Some(&Value::Bool(true))
}

/// One destructive call, as the guard sees it.
#[derive(Debug, Clone, Copy)]
pub struct Destructive<'a> {
    /// [`autonomy`] of the operator's settings.
    pub autonomous: bool,
    /// [`confirm_flag`] of the call.
    pub confirmed: bool,
    /// Whether this surface may ask (the dynamic surface never does).
    pub may_elicit: bool,
    /// The refusal's first sentence(s), e.g. `gitlab_execute_action: action
    /// "issue.delete" is destructive.`; [`REAPPROVE`] follows.
    pub refusal: &'a str,
    /// The yes/no the user is asked.
    pub question: &'a str,
}

/// `None`: go ahead. `Some(response)`: return it and do nothing else — a refusal, a
/// cancellation, a fail-closed error, or on MRTR the `input_required` round asking.
pub async fn guard(prompter: &mut Prompter, call: Destructive<'_>) -> Option<CallToolResponse> {
    if call.autonomous || call.confirmed {
        return None;
    }
    let refuse = |text: String| Some(CallToolResponse::Complete(error_result(text)));
    if !call.may_elicit || !prompter.can_ask() {
        return refuse(format!("{} {REAPPROVE}", call.refusal));
    }
    match prompter.confirm(CONFIRM_KEY, call.question).await {
        Ok(true) => None,
        Ok(false) | Err(PromptError::Declined | PromptError::Cancelled) => {
            refuse(CANCELED.to_owned())
        }
        Err(PromptError::Pending) => match prompter.input_required() {
            Some(input) => Some(CallToolResponse::InputRequired(input)),
            None => refuse(failed("the confirmation question could not be queued")),
        },
        Err(error) => refuse(failed(&error.to_string())),
    }
}

/// `Confirmation failed: <why>. The action was not executed. Re-send with …`
pub fn failed(why: &str) -> String {
    let why = why.trim_end_matches('.');
    format!(
        "Confirmation failed: {why}. The action was not executed. Re-send with \"confirm\": true \
         only after the user explicitly approves this operation."
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yolo_decides_alone_when_set() {
        assert!(autonomy(Some(" TRUE "), None));
        assert!(autonomy(Some("yes"), Some("false")));
        assert!(autonomy(Some("1"), None));
        assert!(!autonomy(Some("false"), Some("true")));
        assert!(!autonomy(Some(""), Some("true")));
        assert!(!autonomy(Some("on"), None));
    }

    #[test]
    fn autopilot_counts_only_without_yolo() {
        assert!(autonomy(None, Some("Yes")));
        assert!(!autonomy(None, Some("0")));
        assert!(!autonomy(None, None));
    }

    #[test]
    fn confirm_must_be_the_boolean_true() {
        let args = |v: Value| serde_json::json!({ "confirm": v }).as_object().cloned();
        assert!(confirm_flag(args(Value::Bool(true)).as_ref()));
        assert!(!confirm_flag(args(Value::from("true")).as_ref()));
        assert!(!confirm_flag(args(Value::Bool(false)).as_ref()));
        assert!(!confirm_flag(None));
    }

    #[test]
    fn failure_text_is_exact() {
        assert_eq!(
            failed("no answer arrived within 600 seconds."),
            "Confirmation failed: no answer arrived within 600 seconds. The action was not executed. \
             Re-send with \"confirm\": true only after the user explicitly approves this operation."
        );
    }
}
