//! Running a wizard on a terminal (feature `terminal`): the third driver over the same
//! machine as the two wire paths, for trying a server's wizards and for previewing one
//! while writing it. Each question is a prompt drawn by [inquire]; its answer is
//! checked as it is typed by the validator the wire paths use, live checks and live
//! choices run as they do there (a refused answer is asked again with the reason, and
//! [`TRIES`](crate::live::TRIES) refusals end the wizard), and the summary is shown
//! escaped as a client shows it, before a yes/no that starts on no.
//!
//! The keys: Enter answers; an optional question is skipped with Enter on an empty
//! answer, the `(skip)` option of a choice, or `s` at a yes/no; Esc or Ctrl-C cancels
//! the wizard. The prompts draw on standard error, so standard output stays the
//! caller's.
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
//!     Err(not_a_terminal) => eprintln!("{not_a_terminal}"),
//! }
//! # }
//! ```
//!
//! [inquire]: https://docs.rs/inquire

pub(crate) mod ask;
mod markdown;

use std::io::IsTerminal;

use crate::flow::Outcome;
use crate::texts::Texts;
use crate::wizard::Wizard;

/// Standard input is not a terminal, so nobody could answer: the wizard is not started.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotATerminal;

impl std::fmt::Display for NotATerminal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(
            "standard input is not a terminal: a wizard asks its questions one at a time on a \
             terminal; run this from an interactive shell",
        )
    }
}

impl std::error::Error for NotATerminal {}

/// Runs wizard `W` on this process's terminal, worded by `texts`. Call it inside a tokio
/// runtime: each prompt waits for the keyboard on a blocking thread. A wizard with a
/// context runs with [`run_with`].
pub async fn run<W: Wizard<Context = ()>>(
    args: W::Args,
    texts: &dyn Texts,
) -> Result<Outcome<W>, NotATerminal> {
    run_with::<W>(&(), args, texts).await
}

/// [`run`] for a wizard whose live checks, live choices or intro need the context `with`.
/// The outcome is [`Outcome::Finished`] after the user's yes, or an ending with its text
/// from `texts`: cancelled, failed (the terminal failed), refused (by a live check or
/// the intro).
pub async fn run_with<W: Wizard>(
    with: &W::Context,
    args: W::Args,
    texts: &dyn Texts,
) -> Result<Outcome<W>, NotATerminal> {
    if !std::io::stdin().is_terminal() {
        return Err(NotATerminal);
    }
    Ok(crate::flow::terminal::run(with, args)
        .await
        .with_texts(texts))
}
