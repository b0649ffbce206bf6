//! The trait `#[derive(Wizard)]` implements: data (the names, the question table) that
//! an author may read, and generated glue that only the runtime calls.

use std::fmt::Debug;

use schemars::JsonSchema;
use serde::{Serialize, de::DeserializeOwned};
use serde_json::Value;

use crate::each::ListStep;
use crate::live::Offer;
use crate::live::verdict::{Intro, Pending, Verdict};
use crate::question::Question;
use crate::summary::SummaryPart;

/// The names a wizard is known by, from `#[wizard(..)]` and its doc comment.
///
/// ```
/// /// Adds a note.
/// #[derive(Debug, wizard::Wizard)]
/// #[wizard(tool = "notes_add", noun = "Note", summary = "Add {text}?")]
/// struct AddNote { #[ask("Text?")] text: String }
///
/// use wizard::Wizard;
/// let info = AddNote::INFO;
/// assert_eq!((info.tool, info.noun, info.doc), ("notes_add", "Note", "Adds a note."));
/// assert_eq!((info.id, info.alternative), (None, None));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WizardInfo {
    /// The MCP tool name, e.g. `rooms_book`.
    pub tool: &'static str,
    /// An id the server knows the wizard by besides its tool name (a catalog id such as
    /// `interactive.room_book`), when it has one.
    pub id: Option<&'static str>,
    /// The id of the action doing the same work in one call (`room.book`), named to a
    /// client that cannot be asked questions, when the server has one.
    pub alternative: Option<&'static str>,
    /// The label of the summary's yes/no, saying what a tick does (`Book the room`):
    /// `#[wizard(confirm = "..")]`; see [`WizardInfo::confirm_title`].
    pub confirm: Option<&'static str>,
    /// What the wizard makes, as the texts name it: `Booking`, `Merge request`.
    pub noun: &'static str,
    /// The struct's doc comment: the tool's description.
    pub doc: &'static str,
}

impl WizardInfo {
    /// The summary yes/no's label: the wizard's own, else `Go ahead`.
    pub fn confirm_title(&self) -> &'static str {
        self.confirm.unwrap_or("Go ahead")
    }
}

/// A wizard: an ordered list of questions whose answers build `Self`.
///
/// ```
/// use wizard::Wizard;
///
/// #[derive(Debug, Wizard)]
/// #[wizard(tool = "notes_add", noun = "Note", summary = "Add {text}?")]
/// struct AddNote {
///     #[tool_arg]
///     board: String,
///     #[ask("What should the note say?")]
///     text: String,
/// }
///
/// assert_eq!(AddNote::QUESTIONS[0].key, "text");
/// assert_eq!(AddNote::QUESTIONS[0].property(), "text");
/// let args = AddNoteArgs { board: "team".into() }; // the tool's input
/// # let _ = args;
/// ```
///
/// Implement it with `#[derive(Wizard)]` (see the crate documentation) and run it with
/// [`Flow::run`](crate::Flow::run). What an author of a derived wizard reads:
/// [`Wizard::INFO`], [`Wizard::QUESTIONS`] and [`Wizard::Args`]; the rest is what the
/// derive writes. A wizard the derive cannot express — one with a list step
/// ([`Wizard::list`], see [`each`](crate::each)) — implements every item by hand, as
/// `tests/flow/lists.rs` in this crate does.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a wizard",
    label = "expected a struct with `#[derive(Wizard)]`",
    note = "a wizard is a struct with named fields, each `#[ask(\"question text\")]` or `#[tool_arg]`, and `#[derive(wizard::Wizard)]`"
)]
pub trait Wizard: Sized + Send + 'static {
    /// The tool arguments: the `#[tool_arg]` fields, in a struct named `{Name}Args`
    /// (serde, `JsonSchema`): the tool's input schema.
    type Args: Clone + Debug + Serialize + DeserializeOwned + JsonSchema + Send + Sync + 'static;
    /// Every answer so far, every field optional (`{Name}Draft`); rides inside the
    /// signed `requestState` between rounds, so it must stay small and hold no secret.
    type Draft: Clone + Default + Debug + Serialize + DeserializeOwned + Send + Sync + 'static;
    /// What the server hands its live checks, live choices and intro
    /// (`#[wizard(context = Type)]`; `()` without one): see [`live`](crate::live).
    type Context: Send + Sync + 'static;
    type Step: Copy + Eq + Debug + Send + Sync + 'static;

    const INFO: WizardInfo;
    /// The questions in field order, conditional ones included.
    const QUESTIONS: &'static [Question];
    const STEPS: &'static [Self::Step];

    /// The position of `step` in [`Wizard::QUESTIONS`].
    fn index(step: Self::Step) -> usize;

    /// Whether `step`'s condition (`when = field`) holds for the answers so far.
    fn is_asked(draft: &Self::Draft, step: Self::Step) -> bool;

    /// Stores an answer already validated against the question's kind.
    fn apply(draft: &mut Self::Draft, step: Self::Step, value: &Value) -> Result<(), Unusable>;

    /// Builds the finished value once every required question has an answer.
    fn finish(draft: Self::Draft, args: Self::Args) -> Result<Self, String>;

    /// The summary shown at the final yes/no, in parts the runtime escapes.
    fn summary(draft: &Self::Draft, args: &Self::Args) -> Vec<SummaryPart>;

    /// The live check of `step` on the answer the draft holds for it, when it has one.
    fn check<'a>(live: Live<'a, Self>, step: Self::Step) -> Option<Pending<'a, Verdict>> {
        let _ = (live, step);
        None
    }

    /// The options of `step`, fetched now, when it is a live choice.
    fn choices<'a>(
        live: Live<'a, Self>,
        step: Self::Step,
    ) -> Option<Pending<'a, Result<Vec<Offer>, String>>> {
        let _ = (live, step);
        None
    }

    /// What to show before the first question, when the wizard has an intro.
    fn intro<'a>(live: Live<'a, Self>) -> Option<Pending<'a, Intro>> {
        let _ = live;
        None
    }

    /// The list step at `step`, when it is one: the same questions asked about each item
    /// of a list read when the step is reached (see [`each`](crate::each)). Its answer,
    /// the list of what each item's answers made, is stored with [`Wizard::apply`] as a
    /// JSON array.
    fn list(step: Self::Step) -> Option<&'static dyn ListStep<Self>> {
        let _ = step;
        None
    }

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

/// What a live check, a live choice or an intro sees (see [`live`](crate::live)).
///
/// Defined here, beside the trait whose methods take it and whose types it holds, and
/// named as `wizard::live::Live`.
pub struct Live<'a, W: Wizard> {
    /// The server's own context, `#[wizard(context = Type)]` (`()` without one).
    pub context: &'a W::Context,
    /// The tool arguments.
    pub args: &'a W::Args,
    /// The answers so far (`{Name}Draft`, every field an `Option`); in a check, the
    /// answer being checked is in it already.
    pub draft: &'a W::Draft,
}

impl<W: Wizard> Clone for Live<'_, W> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<W: Wizard> Copy for Live<'_, W> {}

impl<W: Wizard> std::fmt::Debug for Live<'_, W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Live")
            .field("args", self.args)
            .field("draft", self.draft)
            .finish_non_exhaustive()
    }
}

/// Why an answer could not be stored in the draft.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unusable {
    /// It does not fit the question: a client fault, never used.
    Malformed(String),
    /// The question's `parse` function refused it: the user is asked again with this
    /// reason.
    Refused(String),
}

impl From<String> for Unusable {
    fn from(why: String) -> Self {
        Unusable::Malformed(why)
    }
}

impl std::fmt::Display for Unusable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unusable::Malformed(why) | Unusable::Refused(why) => f.write_str(why),
        }
    }
}
