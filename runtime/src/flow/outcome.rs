//! How a wizard call ends, and the tool result each ending becomes.

use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock, InputRequiredResult};

use crate::texts::Texts;
use crate::wizard::Wizard;

/// Where a flow failed or was refused: at a question, at the final summary, before
/// either because the echoed requestState was refused, or at the wizard's intro.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// At the question with this key.
    Question(&'static str),
    Summary,
    State,
    /// Before the first question, where the wizard's intro runs.
    Intro,
    /// At the list step with this key, whose items could not be read or were too many
    /// to ask about (see [`each`](crate::each)).
    List(&'static str),
}

/// A client fault, a transport failure or a bad state: never a user's decision.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    pub stage: Stage,
    /// What went wrong, e.g. ``"`title` must not be empty, expected a non-empty string"``.
    pub why: String,
    /// The error result's text, from the flow's [`Texts`].
    pub text: String,
}

/// The wizard could not go on, for a reason the server gave (see [`live`](crate::live)):
/// a live check refused the answer to one question [`TRIES`](crate::live::TRIES) times,
/// or the intro found nothing to do. Nothing was done.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// [`Stage::Question`] after the refusals, [`Stage::Intro`] for an intro's stop,
    /// [`Stage::List`] for a list that could not be read.
    pub stage: Stage,
    /// The server's reason, e.g. ``"There is no branch `featur/x` in `demo/sandbox`."``
    pub reason: String,
    /// The error result's text, from the flow's [`Texts`] ([`Texts::gave_up`] or
    /// [`Texts::stopped`]).
    pub text: String,
}

/// How a wizard call ended.
///
/// [`Outcome::into_response`] is what most handlers need; match on it to tell the
/// endings apart:
///
/// ```
/// # #[derive(Debug, wizard::Wizard)]
/// # #[wizard(tool = "notes_add", noun = "Note", summary = "Add {text}?")]
/// # struct AddNote { #[ask("Text?")] text: String }
/// use wizard::Outcome;
///
/// fn log(outcome: &Outcome<AddNote>) -> &'static str {
///     match outcome {
///         Outcome::Finished(_) => "the user said yes",
///         Outcome::Pending(_) => "the next question is on its way",
///         Outcome::Cancelled(_) => "the user said no",
///         Outcome::Failed(_) => "the client sent something unusable",
///         Outcome::Refused(_) => "the server refused the answers, with its reason",
///         Outcome::Unsupported(_) | Outcome::FormUnsupported(_) => "the client cannot be asked",
///     }
/// }
/// ```
#[derive(Debug)]
pub enum Outcome<W> {
    /// Every answer is in and the user said yes: do the real work with `W`.
    Finished(W),
    /// The next question, on the 2026-07-28 path: return this `input_required` result
    /// as it is; the client answers and repeats the call.
    Pending(InputRequiredResult),
    /// Cancel anywhere, decline of a required question, or no at the summary; the text
    /// is [`Texts::cancelled`], or [`Texts::unticked`] when the summary was accepted with
    /// its box unticked.
    Cancelled(String),
    /// A malformed answer, a transport failure or a refused requestState.
    Failed(Failure),
    /// A live check refused one question's answer too often, or the intro stopped the
    /// wizard: the server's reason.
    Refused(Refusal),
    /// The client declared no elicitation, or no channel reaches it
    /// ([`Texts::unsupported`]).
    Unsupported(String),
    /// The client declared url mode only ([`Texts::form_unsupported`]).
    FormUnsupported(String),
}

impl<W> Outcome<W> {
    /// The finished wizard, or the response to return for every other ending: the
    /// `input_required` result, or an error result (`isError: true`, no
    /// `structuredContent`) with the ending's text.
    #[allow(
        clippy::result_large_err,
        reason = "the response goes straight back to rmcp, which takes it by value"
    )]
    pub fn into_response(self) -> Result<W, CallToolResponse> {
        match self {
            Outcome::Finished(wizard) => Ok(wizard),
            Outcome::Pending(input) => Err(CallToolResponse::InputRequired(input)),
            Outcome::Cancelled(text)
            | Outcome::Failed(Failure { text, .. })
            | Outcome::Refused(Refusal { text, .. })
            | Outcome::Unsupported(text)
            | Outcome::FormUnsupported(text) => Err(CallToolResponse::Complete(error_result(text))),
        }
    }

    /// The error result's text for an ending that is neither finished nor pending.
    pub fn error_text(&self) -> Option<&str> {
        match self {
            Outcome::Finished(_) | Outcome::Pending(_) => None,
            Outcome::Cancelled(text)
            | Outcome::Failed(Failure { text, .. })
            | Outcome::Refused(Refusal { text, .. })
            | Outcome::Unsupported(text)
            | Outcome::FormUnsupported(text) => Some(text),
        }
    }
}

/// How a driver stopped, before the deployment's texts are applied.
#[derive(Debug)]
pub(crate) enum Ended<W> {
    Finished(W),
    Pending(InputRequiredResult),
    Cancelled,
    /// The summary was accepted with its box unticked.
    Unticked,
    Failed(Stage, String),
    /// The server's reason to stop: at a question after its last refusal, or at the
    /// intro.
    Refused(Stage, String),
}

impl<W: Wizard> Ended<W> {
    /// The public outcome, with `texts` for every ending that shows one.
    pub(crate) fn with_texts(self, texts: &dyn Texts) -> Outcome<W> {
        let info = &W::INFO;
        match self {
            Ended::Finished(wizard) => Outcome::Finished(wizard),
            Ended::Pending(input) => Outcome::Pending(input),
            Ended::Cancelled => Outcome::Cancelled(texts.cancelled(info)),
            Ended::Unticked => Outcome::Cancelled(texts.unticked(info)),
            Ended::Failed(stage, why) => {
                let text = match stage {
                    Stage::Question(key) | Stage::List(key) => {
                        texts.question_failed(info, key, &why)
                    }
                    Stage::Summary => texts.summary_failed(info, &why),
                    Stage::State | Stage::Intro => texts.state_refused(info, &why),
                };
                Outcome::Failed(Failure { stage, why, text })
            }
            Ended::Refused(stage, reason) => {
                let text = match stage {
                    Stage::Question(key) => texts.gave_up(info, key, &reason),
                    Stage::Summary | Stage::State | Stage::Intro | Stage::List(_) => {
                        texts.stopped(info, &reason)
                    }
                };
                Outcome::Refused(Refusal {
                    stage,
                    reason,
                    text,
                })
            }
        }
    }
}

pub(crate) fn error_result(text: impl Into<String>) -> CallToolResult {
    CallToolResult::error(vec![ContentBlock::text(text.into())])
}
