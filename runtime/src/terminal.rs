//! Running a wizard on a terminal (feature `terminal`): the third driver over the same
//! machine as the two wire paths, for trying a server's wizards and for previewing one
//! while writing it. Each question is a prompt drawn by [inquire]; its answer is
//! checked as it is typed by the validator the wire paths use, live checks and live
//! choices run as they do there (a refused answer is asked again with the reason, and
//! [`TRIES`](crate::live::TRIES) refusals end the wizard), and the summary is shown
//! escaped as a client shows it, before a yes/no that starts on no.
//!
//! The keys: Enter answers; a text is edited as in a shell (arrows, Home/End, Ctrl-A/E,
//! Ctrl-U/K, Ctrl-W); an optional question is skipped with Enter on an empty answer, the
//! `(skip)` option of a choice, or `s` at a yes/no; Esc or Ctrl-C leaves the wizard. A
//! refused answer gives way to its reason, and the question is asked again on an empty
//! line. The prompts draw on standard error and the terminal, so standard output stays
//! the caller's.
//!
//! ```no_run
//! #[derive(Debug, wizard::Wizard)]
//! #[wizard(tool = "notes_add", noun = "Note", summary = "Add {text}?")]
//! /// Adds a note.
//! struct AddNote {
//!     #[ask("What should the note say?")]
//!     text: String,
//! }
//!
//! # async fn preview() {
//! match wizard::terminal::run::<AddNote>(AddNoteArgs {}, &wizard::DefaultTexts).await {
//!     Ok(wizard::Outcome::Finished(note)) => println!("{note:?}"),
//!     Ok(ended) => eprintln!("{}", ended.error_text().unwrap_or_default()),
//!     Err(unanswered) => eprintln!("{unanswered}"),
//! }
//! # }
//! ```
//!
//! [inquire]: https://docs.rs/inquire

pub(crate) mod ask;
mod line;
pub(crate) mod markdown;
pub(crate) mod style;

use std::io::IsTerminal;

use crate::flow::{Outcome, Reply};
use crate::form::Prompt;
use crate::live::Offer;
use crate::texts::Texts;
use crate::wizard::Wizard;

/// Why a wizard run on the terminal has no outcome a wire path could also have.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unanswered {
    /// Standard input is not a terminal, so nobody could answer: the wizard was not
    /// started.
    NotATerminal,
    /// The user left with Esc or Ctrl-C; nothing was done. The text is
    /// [`Texts::cancelled`]. A program exits with 130 here, as a shell does on Ctrl-C.
    Left(String),
}

impl std::fmt::Display for Unanswered {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unanswered::NotATerminal => f.write_str(
                "standard input is not a terminal: a wizard asks its questions one at a time on \
                 a terminal; run this from an interactive shell",
            ),
            Unanswered::Left(text) => f.write_str(text),
        }
    }
}

impl std::error::Error for Unanswered {}

/// Asks one choice on this terminal outside any wizard, such as which object a wizard
/// should work on: `message`, then `offers` by their labels. `Ok(Some(value))` is the
/// value of the one picked, `Ok(None)` the user leaving with Esc or Ctrl-C; `Err` says
/// why it could not be asked (no terminal, the terminal failed).
pub async fn choose(message: &str, offers: &[Offer]) -> Result<Option<String>, String> {
    if !on_a_terminal() {
        return Err(Unanswered::NotATerminal.to_string());
    }
    let prompt = Prompt::choice(CHOICE_KEY, message, offers);
    let property = prompt.property();
    let ask = ask::Ask::question(None, CHOICE_KEY, prompt);
    let answered = tokio::task::spawn_blocking(move || ask.reply())
        .await
        .map_err(|panicked| panicked.to_string())??;
    Ok(match answered.reply {
        Reply::Accept(Some(content)) => content
            .get(property)
            .and_then(|value| value.as_str())
            .map(str::to_owned),
        _ => None,
    })
}

/// The key of a [`choose`] question.
const CHOICE_KEY: &str = "choice";

/// Whether a wizard can run here: standard input is a terminal. Check it before
/// anything slow starts, rather than learn it at the first question.
pub fn on_a_terminal() -> bool {
    std::io::stdin().is_terminal()
}

/// Runs wizard `W` on this process's terminal, worded by `texts`. Call it inside a tokio
/// runtime: each prompt waits for the keyboard on a blocking thread. A wizard with a
/// context runs with [`run_with`].
pub async fn run<W: Wizard<Context = ()>>(
    args: W::Args,
    texts: &dyn Texts,
) -> Result<Outcome<W>, Unanswered> {
    run_with::<W>(&(), args, texts).await
}

/// [`run`] for a wizard whose live checks, live choices or intro need the context `with`.
/// The outcome is [`Outcome::Finished`] after the user's yes, or an ending with its text
/// from `texts`: cancelled (a no at the summary), failed (the terminal failed), refused
/// (by a live check or the intro).
pub async fn run_with<W: Wizard>(
    with: &W::Context,
    args: W::Args,
    texts: &dyn Texts,
) -> Result<Outcome<W>, Unanswered> {
    if !on_a_terminal() {
        return Err(Unanswered::NotATerminal);
    }
    match crate::flow::terminal::run(with, args, texts).await {
        Ok(ended) => Ok(ended.with_texts(texts)),
        Err(_left) => Err(Unanswered::Left(texts.cancelled(&W::INFO))),
    }
}
