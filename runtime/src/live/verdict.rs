//! What live functions return: a check's [`Verdict`], an [`Intro`], and the boxed future
//! ([`Pending`]) the derive hands the runtime either in.

use std::future::Future;
use std::pin::Pin;

use serde_json::Value;

/// The boxed future a live check, live choice or intro hands the runtime.
pub type Pending<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// A live check's word on a well-formed answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Keep the answer and go on.
    Accept,
    /// Ask the same question again with this reason first, a sentence such as
    /// ``There is no branch `featur/x` in `demo/sandbox`.``
    Reject(String),
}

impl Verdict {
    /// [`Verdict::Reject`] with `reason`.
    pub fn reject(reason: impl Into<String>) -> Self {
        Verdict::Reject(reason.into())
    }
}

/// What an intro found before the first question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Intro {
    /// Show this text before the first question and before the summary.
    Show(String),
    /// Nothing to show: ask the questions as they are.
    Nothing,
    /// End the wizard before asking anything, with this reason; nothing is done.
    Stop(String),
    /// Show a text, as [`Intro::Show`], and start some questions from what the server
    /// read: see [`Start`].
    Start(Start),
}

/// What an intro read that decides how some questions start: a yes/no that starts on
/// the server's own setting rather than on no, or a question not asked at all because
/// the server settled its answer. Built by the intro at run time, from what it read:
/// the user sees the starting value and may change it, unlike a default written in the
/// wizard (where a yes/no may only start on no).
///
/// ```
/// use wizard::live::{Intro, Start};
///
/// let intro = Intro::Start(
///     Start::new("Merge request !7: squash is on.")
///         .starts_on("squash", true)
///         .settles("auto_merge", None),
/// );
/// # let _ = intro;
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Start {
    pub(crate) text: String,
    pub(crate) presets: Vec<Preset>,
}

/// One question's start, as [`Start`] sets it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Preset {
    pub(crate) key: &'static str,
    /// The answer it starts with; `None`: no answer.
    pub(crate) value: Option<Value>,
    /// Whether the question is still asked (with `value` as its starting answer).
    pub(crate) asked: bool,
}

impl Start {
    /// Shows `text` before the first question and before the summary (empty: nothing).
    pub fn new(text: impl Into<String>) -> Self {
        Start {
            text: text.into(),
            presets: Vec::new(),
        }
    }

    /// The yes/no `key` starts on `yes`: its form offers it ticked or not, and skipping
    /// the question keeps it, so that the answer is what the server has unless the user
    /// changes it.
    #[must_use]
    pub fn starts_on(mut self, key: &'static str, yes: bool) -> Self {
        self.presets.push(Preset {
            key,
            value: Some(Value::Bool(yes)),
            asked: true,
        });
        self
    }

    /// The question `key` is not asked: its answer is `value` (`None`: none), as the
    /// server settled it. Say so in the text, since the user is not asked.
    #[must_use]
    pub fn settles(mut self, key: &'static str, value: Option<Value>) -> Self {
        self.presets.push(Preset {
            key,
            value,
            asked: false,
        });
        self
    }
}
