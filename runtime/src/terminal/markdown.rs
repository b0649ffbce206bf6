//! The few Markdown marks a wizard's texts use, shown on a terminal: `**bold**` in bold
//! (plain without colours), and code spans exactly as written. A code span is how a
//! summary escapes a value (see [`escape_value`](crate::summary::escape_value)), so its
//! backticks stay: they show where the wizard's own words end and a value begins, and
//! nothing inside one is read as a mark.

use std::io::IsTerminal;

const BOLD: &str = "\x1b[1m";
const NORMAL: &str = "\x1b[22m";

/// Whether colours are off: `NO_COLOR` set to anything but the empty string.
pub(crate) fn no_color() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty())
}

/// Whether bold shows: on a terminal, unless `NO_COLOR` says otherwise.
pub(crate) fn styled() -> bool {
    std::io::stderr().is_terminal() && !no_color()
}

/// `text` for a terminal: `**` toggles bold outside code spans (and is dropped when
/// `styled` is false), code spans are copied whole, backticks included.
pub(crate) fn render(text: &str, styled: bool) -> String {
    let mut out = String::with_capacity(text.len());
    let mut bold = false;
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if c == '`' {
            let ticks = rest.len() - rest.trim_start_matches('`').len();
            // The span ends at the next run of exactly as many backticks.
            let end = closing(&rest[ticks..], ticks).map_or(rest.len(), |at| 2 * ticks + at);
            out.push_str(&rest[..end]);
            rest = &rest[end..];
        } else if let Some(after) = rest.strip_prefix("**") {
            bold = !bold;
            if styled {
                out.push_str(if bold { BOLD } else { NORMAL });
            }
            rest = after;
        } else {
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    if bold && styled {
        out.push_str(NORMAL);
    }
    out
}

/// Where in `text` a run of exactly `ticks` backticks starts.
fn closing(text: &str, ticks: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at] == b'`' {
            let run = bytes[at..].iter().take_while(|&&b| b == b'`').count();
            if run == ticks {
                return Some(at);
            }
            at += run;
        } else {
            at += 1;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bold_outside_code_spans_and_spans_kept_whole() {
        let summary =
            "Create issue in project `demo/sandbox`?\n\n**Title**: `**not bold** https[:]//x`";
        assert_eq!(
            render(summary, false),
            "Create issue in project `demo/sandbox`?\n\nTitle: `**not bold** https[:]//x`"
        );
        assert_eq!(
            render("**Title**: ``a`b``", true),
            "\x1b[1mTitle\x1b[22m: ``a`b``"
        );
    }

    #[test]
    fn an_unclosed_span_or_bold_is_shown_as_written() {
        assert_eq!(render("`open **x**", false), "`open **x**");
        assert_eq!(render("**open", true), "\x1b[1mopen\x1b[22m");
    }
}
