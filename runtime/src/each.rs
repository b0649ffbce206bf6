//! **List steps**: the same few questions asked about each item of a list that the wizard
//! reads when it gets there — each draft comment of a review (keep, edit or drop?), each
//! failed job (retry?), each attendee (dietary needs?). How many items there are is known
//! only then, so a list step is one step of the wizard whose answer is the list of what
//! each item's answers made.
//!
//! An item's questions are a small wizard of their own, written as an [`Each`]: its
//! questions in order (a `'static` table, as a derived wizard's), which of them an item
//! is asked ([`Each::is_asked`], from the item and its answers so far), what the item is
//! ([`Each::about`], shown before each of its questions), a text pre-filled from it
//! ([`Each::default`]), and what its answers make ([`Each::finish`]). The wizard names
//! the list step in [`Wizard::list`](crate::Wizard::list) with a [`List`]: the step's
//! `Each` and the live function that reads its items.
//!
//! How a list step runs, on both wire paths and on the terminal alike:
//!
//! - Its items are read once, when the step is reached, through the server's context
//!   ([`Live`]). The items as read ride in the signed `requestState` with the answers, so
//!   every later round asks about exactly what the first one read. An `Err` from the read
//!   ends the wizard with its reason, nothing done (a [`Refusal`](crate::Refusal) at
//!   [`Stage::List`](crate::Stage::List)); so does a list of more than [`MAX_ITEMS`]
//!   items or [`MAX_ITEMS_BYTES`] in all. An empty list answers the step with no items.
//! - Each item's questions are asked in order, one form each: the item's
//!   [`about`](Each::about) text first, then the question. A question's key is the
//!   `inputRequests` key of its round, and its form is built and validated as any
//!   question's. Declining an optional question skips it; declining a required one, or a
//!   cancel, cancels the wizard; an [`Unusable::Refused`] from [`Each::apply`] asks the
//!   same question again with the reason ([`TRIES`](crate::live::TRIES) times at most).
//! - Once every item is answered, [`Each::finish`] makes one value per item, and the
//!   list of them is the step's answer, stored in the wizard's draft as any answer is.
//!
//! ```
//! use serde::{Deserialize, Serialize};
//! use serde_json::Value;
//! use wizard::each::{Each, Position, Unusable};
//! use wizard::question::{Kind, Question, Requirement};
//!
//! /// A failed job, as the server read it.
//! #[derive(Debug, Clone, Serialize, Deserialize)]
//! struct Job { id: u64, name: String }
//!
//! /// What the user said about one failed job.
//! #[derive(Debug, Clone, Serialize, Deserialize)]
//! struct Retry { job: u64, retry: bool }
//!
//! impl Each for Retry {
//!     type Item = Job;
//!     type Answers = Option<bool>;
//!     const QUESTIONS: &'static [Question] = &[Question {
//!         key: "retry",
//!         message: "Retry this job?",
//!         title: Some("Retry"),
//!         kind: Kind::YesNo,
//!         requirement: Requirement::Optional,
//!         when: None,
//!         default: None,
//!         checked: false,
//!         live_choices: false,
//!         each: None,
//!     }];
//!
//!     fn about(job: &Job, at: Position) -> String {
//!         format!("Failed job {} of {}: {}", at.number, at.count, wizard::summary::escape_value(&job.name))
//!     }
//!
//!     fn apply(answers: &mut Option<bool>, _: &Question, value: &Value) -> Result<(), Unusable> {
//!         *answers = value.as_bool();
//!         Ok(())
//!     }
//!
//!     fn finish(job: Job, retry: Option<bool>) -> Result<Self, String> {
//!         Ok(Retry { job: job.id, retry: retry.unwrap_or(false) })
//!     }
//! }
//! ```

use std::fmt::Debug;
use std::marker::PhantomData;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::live::{Live, Pending};
use crate::question::Question;
use crate::wizard::Wizard;

pub use crate::wizard::Unusable;

/// A list of more items than this is not asked about one by one: the wizard ends with
/// the reason instead.
pub const MAX_ITEMS: usize = 50;

/// A list whose items take more bytes than this in all (as JSON) is not asked about
/// either: the items ride in every `requestState` until the last one is answered.
pub const MAX_ITEMS_BYTES: usize = 32 * 1024;

/// Where an item stands in its list: `number` of `count`, from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    pub number: usize,
    pub count: usize,
}

/// The questions asked about each item of a list, and the value an item's answers make:
/// one element of the list step's answer. See the [module](self) for how it runs.
pub trait Each:
    Sized + Clone + Debug + Serialize + DeserializeOwned + Send + Sync + 'static
{
    /// One item of the list, as the read returned it; kept, with its answers, until the
    /// last item is answered.
    type Item: Clone + Debug + Serialize + DeserializeOwned + Send + Sync + 'static;
    /// The answers about one item so far, each unset until answered (rides in the
    /// `requestState` beside the item).
    type Answers: Clone + Default + Debug + Serialize + DeserializeOwned + Send + Sync + 'static;

    /// The questions asked about every item, in order. Their keys must differ from each
    /// other; `when` and `live_choices` are not read here ([`Each::is_asked`] decides).
    const QUESTIONS: &'static [Question];

    /// What the item is, shown before each of its questions: a paragraph such as
    /// ``Comment 2 of 4, on `src/lib.rs:12`: `Why minus one?` ``. Escape what came from
    /// a user or the model with [`escape_value`](crate::summary::escape_value).
    fn about(item: &Self::Item, at: Position) -> String;

    /// Whether `question` is asked about `item`, given its answers so far (the questions
    /// before it are answered or skipped). Every question is, unless told otherwise.
    fn is_asked(item: &Self::Item, answers: &Self::Answers, question: &Question) -> bool {
        let _ = (item, answers, question);
        true
    }

    /// The text `question` is pre-filled with for `item` (a text question): what the
    /// user sees in the field, and changes. `None`: the question's own default.
    fn default(item: &Self::Item, answers: &Self::Answers, question: &Question) -> Option<String> {
        let _ = (item, answers, question);
        None
    }

    /// Stores the answer to `question`, already validated against its form.
    /// [`Unusable::Refused`] asks it again with the reason; [`Unusable::Malformed`] is a
    /// client's fault and ends the wizard.
    fn apply(
        answers: &mut Self::Answers,
        question: &Question,
        value: &Value,
    ) -> Result<(), Unusable>;

    /// The value `item`'s answers make, once its last question is answered.
    fn finish(item: Self::Item, answers: Self::Answers) -> Result<Self, String>;
}

/// The live function a list step reads its items with: the items, or why the wizard
/// cannot go on.
pub type ReadItems<W, Item> = for<'a> fn(Live<'a, W>) -> Pending<'a, Result<Vec<Item>, String>>;

/// A list step of wizard `W`: the [`Each`] asked about every item, and the live function
/// that reads the items. Declare it as a `static` and return it from
/// [`Wizard::list`](crate::Wizard::list) for its step.
///
/// ```ignore
/// static COMMENTS: List<Review, Reviewed> = List::new(drafts);
///
/// fn drafts(live: Live<'_, Review>) -> Pending<'_, Result<Vec<Draft>, String>> {
///     Box::pin(async move { read_the_drafts(live.context, live.args).await })
/// }
/// ```
pub struct List<W: Wizard, E: Each> {
    read: ReadItems<W, E::Item>,
    each: PhantomData<fn() -> E>,
}

impl<W: Wizard, E: Each> List<W, E> {
    /// The list step that reads its items with `read`: the items to ask about, or why
    /// the wizard cannot go on (shown to the user, nothing done).
    pub const fn new(read: ReadItems<W, E::Item>) -> Self {
        List {
            read,
            each: PhantomData,
        }
    }
}

/// A list step as the flow walks it, whatever its [`Each`]: items and answers as JSON,
/// as they ride in the `requestState`. Implemented by [`List`].
pub trait ListStep<W: Wizard>: Send + Sync {
    /// Reads the items, each as JSON.
    fn read<'a>(&self, live: Live<'a, W>) -> Pending<'a, Result<Vec<Value>, String>>;
    /// [`Each::QUESTIONS`].
    fn questions(&self) -> &'static [Question];
    /// [`Each::about`].
    fn about(&self, item: &Value, at: Position) -> Result<String, String>;
    /// [`Each::is_asked`] of the question at `index`.
    fn is_asked(&self, item: &Value, answers: Option<&Value>, index: usize)
    -> Result<bool, String>;
    /// [`Each::default`] of the question at `index`.
    fn default(
        &self,
        item: &Value,
        answers: Option<&Value>,
        index: usize,
    ) -> Result<Option<String>, String>;
    /// [`Each::apply`] of the question at `index`.
    fn apply(
        &self,
        answers: Option<&Value>,
        index: usize,
        value: &Value,
    ) -> Result<Value, Unusable>;
    /// [`Each::finish`], as JSON.
    fn finish(&self, item: &Value, answers: Option<&Value>) -> Result<Value, String>;
}

/// What an item or its answers, as stored, turned out to be unreadable as.
fn read<T: DeserializeOwned>(value: &Value, what: &str) -> Result<T, String> {
    T::deserialize(value).map_err(|error| format!("the stored {what} could not be read: {error}"))
}

fn answers<E: Each>(stored: Option<&Value>) -> Result<E::Answers, String> {
    stored.map_or_else(|| Ok(E::Answers::default()), |value| read(value, "answers"))
}

fn to_json<T: Serialize>(value: &T, what: &str) -> Result<Value, String> {
    serde_json::to_value(value).map_err(|error| format!("the {what} could not be stored: {error}"))
}

impl<W: Wizard, E: Each> ListStep<W> for List<W, E> {
    fn read<'a>(&self, live: Live<'a, W>) -> Pending<'a, Result<Vec<Value>, String>> {
        let items = (self.read)(live);
        Box::pin(async move {
            items
                .await?
                .iter()
                .map(|item| to_json(item, "item"))
                .collect()
        })
    }

    fn questions(&self) -> &'static [Question] {
        E::QUESTIONS
    }

    fn about(&self, item: &Value, at: Position) -> Result<String, String> {
        Ok(E::about(&read(item, "item")?, at))
    }

    fn is_asked(
        &self,
        item: &Value,
        answers: Option<&Value>,
        index: usize,
    ) -> Result<bool, String> {
        let (item, answers) = (read(item, "item")?, self::answers::<E>(answers)?);
        Ok(E::is_asked(&item, &answers, &E::QUESTIONS[index]))
    }

    fn default(
        &self,
        item: &Value,
        answers: Option<&Value>,
        index: usize,
    ) -> Result<Option<String>, String> {
        let (item, answers) = (read(item, "item")?, self::answers::<E>(answers)?);
        Ok(E::default(&item, &answers, &E::QUESTIONS[index]))
    }

    fn apply(
        &self,
        answers: Option<&Value>,
        index: usize,
        value: &Value,
    ) -> Result<Value, Unusable> {
        let mut answers = self::answers::<E>(answers)?;
        E::apply(&mut answers, &E::QUESTIONS[index], value)?;
        Ok(to_json(&answers, "answers")?)
    }

    fn finish(&self, item: &Value, answers: Option<&Value>) -> Result<Value, String> {
        let made = E::finish(read(item, "item")?, self::answers::<E>(answers)?)?;
        to_json(&made, "item's answers")
    }
}
