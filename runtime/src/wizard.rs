//! The trait `#[derive(Wizard)]` implements: data (the question table, the names) and
//! thin glue (apply an answer, evaluate a condition, build the result and the summary).

use std::fmt::Debug;

use schemars::JsonSchema;
use serde::{Serialize, de::DeserializeOwned};
use serde_json::Value;

use crate::question::Question;

/// The names a wizard is known by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WizardInfo {
    /// The MCP tool name, e.g. `gitlab_interactive_issue_create`.
    pub tool: &'static str,
    /// The catalog id, e.g. `interactive.issue_create`.
    pub flow: &'static str,
    /// The catalog id of the action doing the same work in one call, e.g. `issue.create`.
    pub alternative: &'static str,
    /// What the wizard creates, capitalised: `Issue`, `Merge request`; used in
    /// `Issue creation cancelled by user.`
    pub noun: &'static str,
    /// The struct's doc comment, the first line of the tool description.
    pub doc: &'static str,
}

/// One piece of a summary: the wizard's own words, or a value that must be escaped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SummaryPart {
    Literal(&'static str),
    Value {
        text: String,
        /// Cut to this many characters (plus `...`) before escaping.
        truncate: Option<usize>,
    },
}

/// A wizard: an ordered list of questions whose answers build `Self`.
///
/// Implement it with `#[derive(Wizard)]`; see the crate documentation.
pub trait Wizard: Sized + Send + 'static {
    /// Every answer so far, every field optional; rides inside `requestState`.
    type Draft: Clone + Default + Debug + Serialize + DeserializeOwned + Send + Sync + 'static;
    /// The fields that are tool arguments rather than questions (e.g. `project_id`).
    type Args: Clone + Debug + Serialize + DeserializeOwned + JsonSchema + Send + Sync + 'static;
    /// One variant per question, in question order.
    type Step: Copy + Eq + Debug + Send + Sync + 'static;

    const INFO: WizardInfo;
    /// The questions in field order, conditional ones included.
    const QUESTIONS: &'static [Question];
    /// The steps, in the same order as [`Wizard::QUESTIONS`].
    const STEPS: &'static [Self::Step];

    /// The position of `step` in [`Wizard::QUESTIONS`].
    fn index(step: Self::Step) -> usize;

    /// Whether `step`'s condition (`when = field`) holds for the answers so far.
    fn is_asked(draft: &Self::Draft, step: Self::Step) -> bool;

    /// Stores an answer already validated against the question's kind.
    fn apply(draft: &mut Self::Draft, step: Self::Step, value: &Value) -> Result<(), String>;

    /// Builds the finished value once every required question has an answer.
    fn finish(draft: Self::Draft, args: Self::Args) -> Result<Self, String>;

    /// The summary shown at the final yes/no, in parts the runtime escapes.
    fn summary(draft: &Self::Draft, args: &Self::Args) -> Vec<SummaryPart>;

    /// The question asked at `step`.
    fn question(step: Self::Step) -> &'static Question {
        &Self::QUESTIONS[Self::index(step)]
    }

    /// The first step at or after position `from` whose condition holds.
    fn next_step(draft: &Self::Draft, from: usize) -> Option<Self::Step> {
        Self::STEPS
            .iter()
            .skip(from)
            .copied()
            .find(|step| Self::is_asked(draft, *step))
    }
}
