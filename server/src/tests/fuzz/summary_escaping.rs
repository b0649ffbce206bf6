//! Summary escaping: whatever the text, the escaped value is one code span on one line,
//! with no control or invisible character, no live link, and every other character kept.

use wizard::summary::{escape_value, truncate_chars};

use super::inputs::text;
use super::{Verdict, ensure, fuzz};

/// The characters the escaping documents as invisible: shown as `⟨U+XXXX⟩`.
fn invisible(c: char) -> bool {
    matches!(c,
        '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
        | '\u{200B}'..='\u{200D}' | '\u{2060}'..='\u{2064}' | '\u{FEFF}' | '\u{FFF9}'..='\u{FFFB}'
        | '\u{E0000}'..='\u{E007F}')
}

fn line_break(c: char) -> bool {
    matches!(c, '\n' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

#[test]
fn summary_escaping() {
    fuzz(
        "summary_escaping",
        (text(), 0..64usize),
        |(value, limit)| {
            let escaped = escape_value(&value);
            // One code span: a fence of n backticks, longer than any run inside.
            let fence = escaped.chars().take_while(|&c| c == '`').count();
            ensure!(fence >= 1, "no opening fence: {escaped:?}");
            ensure!(
                escaped.len() >= 2 * fence && escaped.ends_with(&"`".repeat(fence)),
                "no closing fence of {fence}: {escaped:?}"
            );
            let inner = &escaped[fence..escaped.len() - fence];
            let longest_run = inner.split(|c| c != '`').map(str::len).max().unwrap_or(0);
            ensure!(
                longest_run < fence,
                "a run of {longest_run} backticks inside a fence of {fence}: {escaped:?}"
            );
            for c in escaped.chars() {
                ensure!(!line_break(c), "a line break survived: {escaped:?}");
                ensure!(!c.is_control(), "control {:?} survived: {escaped:?}", c);
                ensure!(
                    !invisible(c),
                    "invisible U+{:04X} survived: {escaped:?}",
                    u32::from(c)
                );
            }
            ensure!(
                !escaped.contains("://"),
                "a live link survived: {escaped:?}"
            );
            // Every character a reader can see is kept, in order.
            let kept: String = value
                .chars()
                .filter(|&c| !c.is_control() && !line_break(c) && !invisible(c))
                .filter(|&c| c != '`' && c != ' ' && c != ':' && c != '/')
                .collect();
            let shown: String = inner
                .chars()
                .filter(|&c| c != '`' && c != ' ' && c != ':' && c != '/' && c != '[' && c != ']')
                .collect();
            let kept_without_brackets: String =
                kept.chars().filter(|&c| c != '[' && c != ']').collect();
            ensure!(
                is_subsequence(&kept_without_brackets, &shown),
                "visible characters lost: {value:?} → {escaped:?}"
            );
            // Truncation: at most `limit` characters of the value, then `...`.
            let cut = truncate_chars(&value, limit);
            let chars = value.chars().count();
            if chars > limit {
                ensure!(cut.ends_with("..."), "{value:?} cut to {limit}: {cut:?}");
                ensure!(
                    cut.chars().count() == limit + 3,
                    "{value:?} cut to {limit}: {cut:?}"
                );
                ensure!(
                    value.starts_with(&cut[..cut.len() - 3]),
                    "not a prefix: {cut:?}"
                );
            } else {
                ensure!(
                    cut == value,
                    "{value:?} changed by a cut at {limit}: {cut:?}"
                );
            }
            Ok(Verdict::Accepted)
        },
    );
}

/// Whether `needle`'s characters appear in `haystack` in order.
fn is_subsequence(needle: &str, haystack: &str) -> bool {
    let mut rest = haystack.chars();
    needle.chars().all(|c| rest.any(|h| h == c))
}
