//! A text answer typed on one line with the editing keys a shell has (rustyline):
//! arrows, Home/End, Ctrl-A/E, Ctrl-U/K, Ctrl-W, Alt-B/F, Alt-Backspace. Esc or Ctrl-C
//! leaves the wizard. The line is drawn on the terminal itself (`/dev/tty`, the console
//! on Windows), never on standard output, which stays the caller's.
//!
//! Once Enter is pressed the line is wiped: what replaces it depends on what happens to
//! the answer (it is shown as answered once the wizard takes it; a refused one gives way
//! to the reason and the question again, with an empty line).

use std::io::{IsTerminal as _, Write as _};

use rustyline::config::Behavior;
use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use rustyline::{Cmd, Config, Editor, KeyCode, KeyEvent, Modifiers};
use unicode_width::UnicodeWidthStr;

use super::style;

/// A prompt rustyline draws styled, and measures by its plain text.
struct Shown {
    plain: String,
    styled: String,
}

impl rustyline::Prompt for Shown {
    fn raw(&self) -> &str {
        &self.plain
    }

    fn styled(&self) -> &str {
        &self.styled
    }
}

/// Reads one line after `question` (and its `hint`), starting as `initial` with the
/// cursor at its end (a text's default, to be changed); `None` when the user left with
/// Esc, Ctrl-C or Ctrl-D. The line is wiped before returning.
pub(crate) fn read(
    question: &str,
    hint: Option<&str>,
    initial: &str,
) -> Result<Option<String>, String> {
    let failed = |error: ReadlineError| format!("the terminal failed: {error}");
    let config = Config::builder()
        .behavior(Behavior::PreferTerm)
        .auto_add_history(false)
        // A lone Esc is told from the start of an escape sequence (an arrow key) by
        // nothing following it within this many milliseconds.
        .keyseq_timeout(Some(50))
        .build();
    let mut editor = Editor::<(), DefaultHistory>::with_config(config).map_err(failed)?;
    // Esc leaves, as it does at a choice.
    editor.bind_sequence(KeyEvent(KeyCode::Esc, Modifiers::NONE), Cmd::Interrupt);
    let (plain, styled) = style::asked(question, hint);
    let prompt = Shown { plain, styled };
    let (typed, line) = match editor.readline_with_initial(&prompt, (initial, "")) {
        Ok(line) => (line.clone(), Some(line)),
        Err(ReadlineError::Interrupted | ReadlineError::Eof) => (String::new(), None),
        Err(error) => return Err(failed(error)),
    };
    wipe(&prompt.plain, &typed);
    Ok(line)
}

/// Wipes the prompt and the line typed after it, which rustyline left behind with the
/// cursor on the next line: up as many rows as they took, then clear to the end.
fn wipe(prompt: &str, typed: &str) {
    if !std::io::stderr().is_terminal() || !style::escapes() {
        return;
    }
    // A terminal that does not say its width (0) is taken as 80 columns, as rustyline
    // takes it.
    let columns = match crossterm::terminal::size() {
        Ok((columns, _)) if columns > 0 => columns,
        _ => 80,
    };
    let rows = (prompt.width() + typed.width())
        .div_ceil(usize::from(columns))
        .max(1);
    let mut terminal = std::io::stderr();
    let _ = write!(terminal, "\x1b[{rows}F\x1b[J");
    let _ = terminal.flush();
}
