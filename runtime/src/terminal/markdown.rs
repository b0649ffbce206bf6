//! The few Markdown marks a wizard's texts use, shown on a terminal. A code span is how a
//! summary escapes a value (see [`escape_value`](crate::summary::escape_value)): on a
//! coloured terminal its text shows in the answers' colour without the backticks, which
//! still tells the wizard's own words from a value; without colours the backticks stay,
//! as they are then the only mark of where a value begins and ends. Nothing inside a
//! span is read as a mark. `**bold**` is bold, or plain without colours.

use super::style;

const BOLD: &str = "\x1b[1m";
const NORMAL: &str = "\x1b[22m";

/// `text` for the terminal, styled when it shows colours.
pub(crate) fn shown(text: &str) -> String {
    render(text, style::coloured())
}

/// `text` for a terminal: `**` toggles bold outside code spans (and is dropped when
/// `styled` is false); a code span is coloured without its backticks when `styled`, and
/// copied whole otherwise.
pub(crate) fn render(text: &str, styled: bool) -> String {
    let mut out = String::with_capacity(text.len());
    let mut bold = false;
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if c == '`' {
            let ticks = rest.len() - rest.trim_start_matches('`').len();
            // The span ends at the next run of exactly as many backticks.
            match closing(&rest[ticks..], ticks) {
                Some(at) if styled => {
                    out.push_str(&format!("\x1b[{}m", style::CYAN));
                    out.push_str(span_text(&rest[ticks..ticks + at]));
                    // Back to the default colour, and to bold when the span sat in bold.
                    out.push_str("\x1b[39m");
                    rest = &rest[2 * ticks + at..];
                }
                Some(at) => {
                    out.push_str(&rest[..2 * ticks + at]);
                    rest = &rest[2 * ticks + at..];
                }
                None => {
                    out.push_str(rest);
                    rest = "";
                }
            }
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

/// A code span's text: one space each side is dropped when both are there (the padding
/// that lets a value start or end with a backtick), unless it is all spaces.
fn span_text(inner: &str) -> &str {
    match inner.strip_prefix(' ').and_then(|s| s.strip_suffix(' ')) {
        Some(stripped) if !inner.trim().is_empty() => stripped,
        _ => inner,
    }
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
    fn without_colours_spans_are_kept_whole_and_bold_dropped() {
        let summary =
            "Create issue in project `demo/sandbox`?\n\n**Title**: `**not bold** https[:]//x`";
        assert_eq!(
            render(summary, false),
            "Create issue in project `demo/sandbox`?\n\nTitle: `**not bold** https[:]//x`"
        );
    }

    #[test]
    fn with_colours_spans_lose_their_backticks_and_padding() {
        assert_eq!(
            render("**Title**: ``a`b``", true),
            "\x1b[1mTitle\x1b[22m: \x1b[96ma`b\x1b[39m"
        );
        assert_eq!(render("`` `x ``", true), "\x1b[96m`x\x1b[39m");
        assert_eq!(render("` `", true), "\x1b[96m \x1b[39m");
    }

    #[test]
    fn an_unclosed_span_or_bold_is_shown_as_written() {
        assert_eq!(render("`open **x**", false), "`open **x**");
        assert_eq!(render("`open **x**", true), "`open **x**");
        assert_eq!(render("**open", true), "\x1b[1mopen\x1b[22m");
    }
}
