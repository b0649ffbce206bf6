//! What live functions return: a check's [`Verdict`], an [`Intro`], and the boxed future
//! ([`Pending`]) the derive hands the runtime either in.

use std::future::Future;
use std::pin::Pin;

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
}
