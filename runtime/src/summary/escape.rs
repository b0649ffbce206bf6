//! Escaping of the values shown in a summary, so that text from the model cannot pass
//! itself off as the server's own words, and the user sees every character sent.

use std::borrow::Cow;
use std::fmt::Write as _;

/// Cuts `s` to its first `n` Unicode scalar values plus `...` when it has more than `n`.
/// Applied before escaping, so the cut never splits an escape.
pub fn truncate_chars(s: &str, n: usize) -> Cow<'_, str> {
    match s.char_indices().nth(n) {
        Some((end, _)) => Cow::Owned(format!("{}...", &s[..end])),
        None => Cow::Borrowed(s),
    }
}

/// Escapes one summary value, in one pass that takes line breaks first (they are
/// control characters too):
///
/// 1–2. each `\r\n`, `\r`, `\n`, and also U+0085, U+2028 and U+2029, becomes one space;
///    every other control character (`\t` included), and every invisible character a
///    reader cannot see but a model reads, shows as its code point, `⟨U+202E⟩`: the
///    bidirectional controls U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069, the
///    zero-width characters U+200B–U+200D, U+2060–U+2064, U+FEFF, the interlinear
///    annotation marks U+FFF9–U+FFFB and the tag characters U+E0000–U+E007F. The value
///    is sent as the user typed it, so the summary shows every character it holds;
/// 3. every `://` is defanged to `[:]//`, so `https://x` → `https[:]//x` and `HTTP://`
///    → `HTTP[:]//` keep their case and no scheme stays a live link;
/// 4. the result is wrapped in a code span one backtick longer than the longest run of
///    backticks inside it, padded with a space inside the fence when it starts or ends
///    with a backtick, so Markdown inside shows as typed; an empty value is `` ` ` ``.
///
/// ```
/// assert_eq!(wizard::summary::escape_value("**hi**\nsee https://x"), "`**hi** see https[:]//x`");
/// assert_eq!(wizard::summary::escape_value("`a``"), "``` `a`` ```");
/// assert_eq!(wizard::summary::escape_value("evil\u{202E}txt"), "`evil⟨U+202E⟩txt`");
/// ```
pub fn escape_value(s: &str) -> String {
    let mut clean = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' => {
                chars.next_if_eq(&'\n');
                clean.push(' ');
            }
            '\n' | '\u{85}' | '\u{2028}' | '\u{2029}' => clean.push(' '),
            c if is_invisible(c) => {
                let _ = write!(clean, "⟨U+{:04X}⟩", u32::from(c));
            }
            c => clean.push(c),
        }
    }
    let defanged = if clean.contains("://") {
        clean.replace("://", "[:]//")
    } else {
        clean
    };
    fence(&defanged)
}

/// A control character, or one that changes or hides text without showing itself.
pub(crate) fn is_invisible(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
            | '\u{200B}'..='\u{200D}' | '\u{2060}'..='\u{2064}' | '\u{FEFF}'
            | '\u{FFF9}'..='\u{FFFB}' | '\u{E0000}'..='\u{E007F}')
}

/// Wraps `s` in a code span no backtick run inside can close.
fn fence(s: &str) -> String {
    if s.is_empty() {
        return "` `".to_owned();
    }
    let longest = s.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let ticks = "`".repeat(longest + 1);
    let pad = if s.starts_with('`') || s.ends_with('`') {
        " "
    } else {
        ""
    };
    let mut out = String::with_capacity(s.len() + 2 * (ticks.len() + pad.len()));
    for part in [ticks.as_str(), pad, s, pad, ticks.as_str()] {
        out.push_str(part);
    }
    out
}
