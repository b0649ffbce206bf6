//! How a wizard call ends (SPEC.md §4), and the tool result each ending becomes.

use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock, InputRequiredResult};

use crate::wizard::{Wizard, WizardInfo};

/// Where a flow failed: at a question, at the final summary, or before either
/// because the echoed requestState was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    Question(&'static str),
    Summary,
    State,
}

/// A client fault, a transport failure or a bad state: never a user's decision.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    pub stage: Stage,
    pub why: String,
}

impl Failure {
    pub fn new(stage: Stage, why: impl Into<String>) -> Self {
        Failure {
            stage,
            why: why.into(),
        }
    }

    /// The error text: `collecting title: …`, `issue creation confirmation failed: …`,
    /// or `issue creation failed: …` for a refused requestState.
    pub fn message(&self, info: &WizardInfo) -> String {
        let noun = info.noun.to_lowercase();
        match self.stage {
            Stage::Question(key) => format!("collecting {key}: {}", self.why),
            Stage::Summary => format!("{noun} creation confirmation failed: {}", self.why),
            Stage::State => format!("{noun} creation failed: {}", self.why),
        }
    }
}

/// How a wizard call ended.
#[derive(Debug)]
pub enum Outcome<W> {
    /// Every answer is in and the user said yes: make the real call from `W`.
    Finished(W),
    /// Cancel anywhere, decline of a required question, or no at the summary.
    Cancelled,
    Failed(Failure),
    /// MRTR: return this `input_required` result as-is; the client answers and repeats
    /// the call.
    Pending(InputRequiredResult),
    /// The client declared no elicitation (or no channel reaches it); the text names
    /// the alternative action.
    Unsupported(String),
    /// The client declared url mode only.
    FormUnsupported(String),
}

impl<W: Wizard> Outcome<W> {
    /// The finished wizard, or the response to return for every other ending: the
    /// `input_required` result, or an error result (`isError: true`, no
    /// `structuredContent`) with the exact text of SPEC.md §4.
    #[allow(
        clippy::result_large_err,
        reason = "the response goes straight back to rmcp, which takes it by value"
    )]
    pub fn into_response(self) -> Result<W, CallToolResponse> {
        if let Some(text) = self.error_text() {
            return Err(CallToolResponse::Complete(error_result(text)));
        }
        match self {
            Outcome::Finished(wizard) => Ok(wizard),
            Outcome::Pending(input) => Err(CallToolResponse::InputRequired(input)),
            _ => unreachable!("every other ending has an error text"),
        }
    }

    /// The error result's text for an ending that is neither finished nor pending.
    pub fn error_text(&self) -> Option<String> {
        match self {
            Outcome::Finished(_) | Outcome::Pending(_) => None,
            Outcome::Cancelled => Some(cancelled_text(&W::INFO)),
            Outcome::Failed(failure) => Some(failure.message(&W::INFO)),
            Outcome::Unsupported(text) | Outcome::FormUnsupported(text) => Some(text.clone()),
        }
    }
}

/// `Issue creation cancelled by user.`
pub fn cancelled_text(info: &WizardInfo) -> String {
    format!("{} creation cancelled by user.", info.noun)
}

pub(crate) fn error_result(text: impl Into<String>) -> CallToolResult {
    CallToolResult::error(vec![ContentBlock::text(text.into())])
}

/// The texts that depend on the deployment (they may mention the server's product
/// or its tools): `{alternative}`, `{tool}` and `{flow}` are replaced by the
/// wizard's names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FlowTexts {
    /// When the client declared no elicitation.
    pub unsupported: String,
    /// When the client declared url mode only.
    pub form_unsupported: String,
}

impl Default for FlowTexts {
    fn default() -> Self {
        FlowTexts {
            unsupported: "This client does not support elicitation, so this wizard cannot ask \
                          its questions. Use the `{alternative}` action instead, passing every \
                          field in one call."
                .into(),
            form_unsupported: "This client does not support form elicitation (it declared url \
                               mode only), so this wizard cannot ask its questions. Use the \
                               `{alternative}` action instead, passing every field in one call."
                .into(),
        }
    }
}

impl FlowTexts {
    pub(crate) fn fill(template: &str, info: &WizardInfo) -> String {
        template
            .replace("{alternative}", info.alternative)
            .replace("{tool}", info.tool)
            .replace("{flow}", info.flow)
    }
}
