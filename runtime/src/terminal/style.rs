//! One look for everything the terminal driver draws, whichever library draws it: the
//! choices and yes/nos inquire draws, and the text lines read with rustyline. A question
//! being asked starts with `?`, an answer the wizard took with `>`, a refusal with `✗`
//! and its reason, so that a refused answer never looks like an accepted one. Colours
//! follow `NO_COLOR`; the marks show either way.

use std::io::IsTerminal;

use inquire::ui::{Color, ErrorMessageRenderConfig, RenderConfig, StyleSheet, Styled};

/// How a question left unanswered on purpose reads, whatever its kind.
pub(crate) const SKIPPED: &str = "skipped";
/// How a question left with Esc or Ctrl-C reads; the wizard's own texts spell it so too.
pub(crate) const CANCELLED: &str = "cancelled";

const GREEN: &str = "92";
pub(crate) const CYAN: &str = "96";
const RED: &str = "91";
const DIM: &str = "2";
const BOLD: &str = "1";

/// Whether colours are off: `NO_COLOR` set to anything but the empty string.
fn no_color() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty())
}

/// Whether styles show: the prompts draw on standard error, so when it is a terminal
/// that reads escape sequences (a Windows console once told to), unless `NO_COLOR`
/// says otherwise.
pub(crate) fn coloured() -> bool {
    std::io::stderr().is_terminal() && !no_color() && escapes()
}

/// Whether the terminal reads escape sequences: always off Windows; on Windows, once
/// its console's VT processing is on (crossterm turns it on where it can).
pub(crate) fn escapes() -> bool {
    #[cfg(windows)]
    {
        static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
        *ON.get_or_init(crossterm::ansi_support::supports_ansi)
    }
    #[cfg(not(windows))]
    true
}

/// `text` in the SGR style `code`, or plain without colours.
pub(crate) fn paint(code: &str, text: &str) -> String {
    if coloured() {
        format!("\x1b[{code}m{text}\x1b[0m")
    } else {
        text.to_owned()
    }
}

/// A text question's prompt, plain and styled (rustyline measures the plain one): `? `,
/// the question (`question` may be styled already), and the hint in parentheses.
pub(crate) fn asked(question: &str, hint: Option<&str>) -> (String, String) {
    let hint = hint.map(|hint| format!(" ({hint})")).unwrap_or_default();
    let styled = format!(
        "{} {}{} ",
        paint(GREEN, "?"),
        paint(BOLD, question),
        paint(DIM, &hint)
    );
    (plain(&styled), styled)
}

/// `text` without its SGR sequences (`ESC [ … m`).
fn plain(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('\x1b') {
        out.push_str(&rest[..at]);
        rest = rest[at..].find('m').map_or("", |end| &rest[at + end + 1..]);
    }
    out.push_str(rest);
    out
}

/// The line an answered question leaves: `> `, the question, the answer as typed.
pub(crate) fn answered(question: &str, answer: &str) -> String {
    format!("{} {question} {}", paint(GREEN, ">"), paint(CYAN, answer))
}

/// The line a question left without an answer shows: skipped, or cancelled.
pub(crate) fn unanswered(question: &str, how: &str) -> String {
    format!("{} {question} {}", paint(GREEN, ">"), paint(DIM, how))
}

/// Why an answer was refused, on its own line above the question asked again.
pub(crate) fn refused(reason: &str) -> String {
    format!("{} {}", paint(RED, "✗"), paint(RED, reason))
}

/// inquire's prompts in the same look.
pub(crate) fn render_config() -> RenderConfig<'static> {
    let mut config = if coloured() {
        RenderConfig::default_colored()
    } else {
        RenderConfig::empty()
    };
    let (prefix, answer, error, cancelled) = if coloured() {
        (
            StyleSheet::new().with_fg(Color::LightGreen),
            StyleSheet::new().with_fg(Color::LightCyan),
            StyleSheet::new().with_fg(Color::LightRed),
            StyleSheet::new().with_fg(Color::DarkGrey),
        )
    } else {
        Default::default()
    };
    config.answered_prompt_prefix = Styled::new(">").with_style_sheet(prefix);
    config.answer = answer;
    config.canceled_prompt_indicator = Styled::new(CANCELLED).with_style_sheet(cancelled);
    config.error_message = ErrorMessageRenderConfig {
        prefix: Styled::new("✗").with_style_sheet(error),
        separator: StyleSheet::empty(),
        message: error,
        default_message: "that answer does not fit the question",
    };
    config
}
