//! Questions that know the server: a **live check** that may refuse a well-formed answer
//! and have the same question asked again with the reason, **live choices** fetched when a
//! question is asked, and an **intro** read before the first question.
//!
//! The wizard struct declares them; the server provides them as async functions that see
//! the server's own context (`#[wizard(context = Type)]`: a client for its service, a
//! store), the tool arguments and the answers so far, through [`Live`]:
//!
//! ```
//! use wizard::Wizard;
//! use wizard::live::{Live, Verdict};
//!
//! /// The rooms of each building, as the server knows them.
//! pub struct Rooms(Vec<(&'static str, &'static str)>);
//!
//! /// Books a room.
//! #[derive(Debug, Wizard)]
//! #[wizard(tool = "rooms_book", noun = "Booking", context = Rooms,
//!          summary = "Book {room} in {building}?")]
//! struct Book {
//!     #[tool_arg]
//!     building: String,
//!     #[ask("Which room?", choices_from = rooms_of, check = room_exists)]
//!     room: String,
//! }
//!
//! /// Offered when the question is asked.
//! async fn rooms_of(live: Live<'_, Book>) -> Result<Vec<String>, String> {
//!     let rooms = live.context.0.iter().filter(|(b, _)| *b == live.args.building);
//!     Ok(rooms.map(|(_, room)| (*room).to_owned()).collect())
//! }
//!
//! /// Run on a typed answer, when the options could not be offered.
//! async fn room_exists(live: Live<'_, Book>, room: &str) -> Verdict {
//!     let known = live.context.0.iter().any(|(b, r)| *b == live.args.building && *r == room);
//!     if known {
//!         Verdict::Accept
//!     } else {
//!         Verdict::reject(format!("There is no room {room} in {}.", live.args.building))
//!     }
//! }
//!
//! assert!(Book::QUESTIONS[0].live_choices && Book::QUESTIONS[0].checked);
//! ```
//!
//! How they behave, on both wire paths alike:
//!
//! - A **check** (`#[ask(.., check = path)]`: `async fn(Live<'_, W>, &T) -> Verdict`,
//!   taking a `String` answer as `&str` or `&String` and a `Vec<E>` as `&[E]` or
//!   `&Vec<E>`, see [`CheckArgument`]) runs after an answer is well-formed and set (a
//!   declined or empty optional answer is not checked). [`Verdict::Reject`] asks the
//!   same question again, its reason first and the earlier answers kept; after
//!   [`TRIES`] refusals of one question the wizard ends with an error result giving the
//!   reason, and nothing is done. A malformed answer (wrong
//!   type, a value not offered) stays an error: a check is for answers that are well
//!   formed and that the server would refuse. A check that cannot reach what it checks
//!   should accept, and let the final call decide.
//! - A `parse` function's `Err` is a refusal too: the user typed something the question
//!   cannot use, and is asked again with the reason.
//! - **Live choices** (`#[ask(.., choices_from = path, check = path)]` on a `String`:
//!   `async fn(Live<'_, W>) -> Result<Vec<String>, String>`, or `Vec<`[`Offer`]`>` for
//!   options shown with a label such as `v1.0.0 (tag)`) are fetched when the question
//!   is asked and offered as a choice. The options offered ride in the signed state, so the
//!   answer is validated against exactly what the user saw. With no option, more than
//!   [`MAX_OPTIONS`] of them (or more than [`MAX_OPTIONS_BYTES`] in all), or an `Err`, the
//!   question is asked as text instead, and its check runs on what the user typed; an
//!   option picked from the list is not checked again.
//! - An **intro** (`#[wizard(intro = path)]`: `async fn(Live<'_, W>) -> Intro`) runs once
//!   before the first question. [`Intro::Show`] puts its text before the first question
//!   and before the summary; [`Intro::Stop`] ends the wizard with the reason before
//!   anything is asked; [`Intro::Start`] shows a text too, and starts some questions
//!   from what the server read ([`Start`]): a yes/no on the server's own setting
//!   instead of on no, a question whose answer the server settled not asked at all.
//!
//! Texts a check, a choice or an intro returns are shown as they are: escape every value
//! in them that came from a user or the model with
//! [`summary::escape_value`](crate::summary::escape_value).

pub(crate) mod verdict;

// `Live` is defined beside the `Wizard` trait, whose methods take it and whose
// associated types it holds; what live functions return is in `verdict`, which the
// trait names too. Both are this module's vocabulary, named from here.
pub use crate::wizard::Live;
pub use verdict::{Intro, Pending, Start, Verdict};

use std::future::Future;

use serde::{Deserialize, Serialize};

/// One question is asked at most this many times: the answer refused this many times
/// ends the wizard.
pub const TRIES: usize = 3;

/// A live choice with more options than this is asked as text.
pub const MAX_OPTIONS: usize = 100;

/// A live choice whose options take more bytes than this in all is asked as text: the
/// options offered ride in every `requestState`.
pub const MAX_OPTIONS_BYTES: usize = 8 * 1024;

/// `reason`, trimmed and ending as a sentence does (`.` added unless it ends with `.`, `?`
/// or `!`), so that the question or another sentence can follow it.
///
/// ```
/// assert_eq!(wizard::live::sentence(" No such room "), "No such room.");
/// ```
pub fn sentence(reason: &str) -> String {
    let reason = reason.trim();
    if reason.ends_with(['.', '?', '!']) {
        reason.to_owned()
    } else {
        format!("{reason}.")
    }
}

/// One option of a live choice: the value the answer carries and, where the value alone
/// does not say what it is, the label the form shows instead (`v1.0.0` labelled
/// `v1.0.0 (tag)`).
///
/// ```
/// use wizard::live::Offer;
///
/// let tag = Offer::labelled("v1.0.0", "v1.0.0 (tag)");
/// assert_eq!((tag.value.as_str(), tag.label()), ("v1.0.0", "v1.0.0 (tag)"));
/// assert_eq!(Offer::from("main").label(), "main");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offer {
    #[serde(rename = "v")]
    pub value: String,
    #[serde(rename = "t", default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
}

impl Offer {
    pub fn labelled(value: impl Into<String>, title: impl Into<String>) -> Self {
        Offer {
            value: value.into(),
            title: Some(title.into()),
        }
    }

    /// What the form shows: the label, else the value.
    pub fn label(&self) -> &str {
        self.title.as_deref().unwrap_or(&self.value)
    }
}

impl From<String> for Offer {
    fn from(value: String) -> Self {
        Offer { value, title: None }
    }
}

impl From<&str> for Offer {
    fn from(value: &str) -> Self {
        Offer::from(value.to_owned())
    }
}

/// What live choices may return: plain values (`Vec<String>`) or [`Offer`]s with labels.
#[diagnostic::on_unimplemented(
    message = "live choices return `{Self}`, not a list of options",
    label = "expected `Result<Vec<String>, String>` or `Result<Vec<Offer>, String>`",
    note = "live choices are `async fn(Live<'_, W>) -> Result<Vec<String>, String>`, or `Vec<wizard::live::Offer>` for options that show a label"
)]
pub trait LiveOptions {
    fn into_offers(self) -> Vec<Offer>;
}

impl<T: Into<Offer>> LiveOptions for Vec<T> {
    fn into_offers(self) -> Vec<Offer> {
        self.into_iter().map(Into::into).collect()
    }
}

/// The offers of live choices' future, whatever [`LiveOptions`] they resolve to. The
/// derive boxes every live choices' future through it, so that a function resolving to
/// something else is one error at its path.
#[doc(hidden)]
pub async fn offers<F, O>(future: F) -> Result<Vec<Offer>, String>
where
    F: LiveFuture<Result<O, String>>,
    O: LiveOptions,
{
    future.future().await.map(LiveOptions::into_offers)
}

/// The options a live choice offers, once cleaned (empty values dropped, a value given
/// twice kept once, in order); `None` when they cannot be offered as a choice.
pub(crate) fn offerable(options: Vec<Offer>) -> Option<Vec<Offer>> {
    let mut offered: Vec<Offer> = Vec::with_capacity(options.len());
    for option in options {
        if !option.value.is_empty() && !offered.iter().any(|o| o.value == option.value) {
            offered.push(option);
        }
    }
    let bytes: usize = offered
        .iter()
        .map(|o| o.value.len() + o.title.as_ref().map_or(0, String::len))
        .sum();
    (!offered.is_empty() && offered.len() <= MAX_OPTIONS && bytes <= MAX_OPTIONS_BYTES)
        .then_some(offered)
}

/// The future a live function returns: one resolving to `T`, as an `async fn`
/// returning `T` gives. The derive passes every live function's future through it
/// before boxing it into the [`Pending`] the runtime awaits, so that a function that is
/// not `async`, or resolves to another type, is one error at its path. (One that is
/// not `Send` is reported when boxed, where the compiler shows what it holds.)
#[diagnostic::on_unimplemented(
    message = "this live function returns `{Self}`, not a future resolving to `{T}`",
    label = "expected an `async fn` returning `{T}`",
    note = "a live check is `async fn(Live<'_, W>, &T) -> Verdict`, live choices are `async fn(Live<'_, W>) -> Result<Vec<String>, String>` (or `Vec<Offer>` to label the options), an intro is `async fn(Live<'_, W>) -> Intro`"
)]
pub trait LiveFuture<T> {
    type Future: Future<Output = T>;
    /// The future itself.
    fn future(self) -> Self::Future;
}

// Not recommended: a future resolving to another type is then reported in this trait's
// words, not as a mismatch inside this impl.
#[diagnostic::do_not_recommend]
impl<T, F: Future<Output = T>> LiveFuture<T> for F {
    type Future = F;
    fn future(self) -> F {
        self
    }
}

/// How a question's answer is handed to its live check: as `&T` for an answer of type
/// `T`, and also as `&str` for a `String` and as `&[E]` for a `Vec<E>`, as a function
/// taking a borrowed value would have it. `W` is the wizard, named in the message a
/// check of another argument type gets.
///
/// The derive names it for every `check = path`, so that a check taking the wrong type
/// is one error at the path, saying what it should take.
#[diagnostic::on_unimplemented(
    message = "this live check takes `&{A}`, but the question's answer is a `{Self}`",
    label = "expected `async fn(Live<'_, {W}>, &{Self}) -> Verdict`",
    note = "a `String` answer may also be taken as `&str`, and a `Vec<E>` as `&[E]`"
)]
pub trait CheckArgument<A: ?Sized, W> {
    /// The answer as the check takes it.
    fn argument(&self) -> &A;
}

impl<T, W> CheckArgument<T, W> for T {
    fn argument(&self) -> &T {
        self
    }
}

// Blanket over a sealed trait rather than `for String`: an impl for the answer's own
// type would be shown to the author as "implemented for it", pointing into this file.
impl<S: borrowed::Text, W> CheckArgument<str, W> for S {
    fn argument(&self) -> &str {
        self
    }
}

impl<V: borrowed::List, W> CheckArgument<[V::Item], W> for V {
    fn argument(&self) -> &[V::Item] {
        self
    }
}

/// The owned types a check may take borrowed.
mod borrowed {
    use std::ops::Deref;

    pub trait Text: Deref<Target = str> {}

    impl Text for String {}

    pub trait List: Deref<Target = [Self::Item]> {
        type Item;
    }

    impl<E> List for Vec<E> {
        type Item = E;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_end_as_sentences() {
        assert_eq!(sentence("No such room"), "No such room.");
        assert_eq!(sentence("Taken already. "), "Taken already.");
        assert_eq!(sentence("Really?"), "Really?");
    }

    #[test]
    fn options_are_cleaned_and_capped() {
        let offers = |items: &[&str]| items.iter().map(|s| Offer::from(*s)).collect::<Vec<_>>();
        assert_eq!(
            offerable(offers(&["main", "", "v1", "main"])),
            Some(offers(&["main", "v1"]))
        );
        assert_eq!(offerable(Vec::new()), None);
        let many: Vec<Offer> = (0..=MAX_OPTIONS).map(|n| format!("b{n}").into()).collect();
        assert_eq!(
            offerable(many[..MAX_OPTIONS].to_vec()).map(|o| o.len()),
            Some(MAX_OPTIONS)
        );
        assert_eq!(offerable(many), None);
        let long = vec![Offer::from("x".repeat(MAX_OPTIONS_BYTES + 1))];
        assert_eq!(offerable(long), None);
        // Labels ride in the state too, so they count.
        let half = "x".repeat(MAX_OPTIONS_BYTES / 2 + 1);
        assert_eq!(offerable(vec![Offer::labelled(half.clone(), half)]), None);
    }
}
