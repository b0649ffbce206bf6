//! Text that came from elsewhere — GitLab's answers, a browser's request — shown on the
//! user's terminal. Its control characters could drive the terminal (escape sequences
//! move the cursor, retitle the window, clear the screen; a line break forges a line of
//! ours) and its invisible characters could hide or reorder what is shown: each control
//! character becomes a space, each invisible one is left out.

/// `text` with nothing in it that acts on a terminal instead of showing.
pub fn printable(text: &str) -> String {
    text.chars()
        .filter(|&c| !invisible(c))
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// A character that changes or hides text without showing itself: bidirectional
/// controls, zero-width characters, the byte order mark, interlinear annotation marks and
/// tag characters.
fn invisible(c: char) -> bool {
    matches!(c,
        '\u{061C}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2064}'
        | '\u{2066}'..='\u{2069}' | '\u{FEFF}' | '\u{FFF9}'..='\u{FFFB}' | '\u{E0000}'..='\u{E007F}')
}

#[cfg(test)]
mod tests {
    use super::printable;

    #[test]
    fn escape_sequences_and_line_breaks_do_not_reach_the_terminal() {
        assert_eq!(
            printable("\u{1b}[2J\u{1b}]0;title\u{7}no\r\nfake: line"),
            " [2J ]0;title no  fake: line"
        );
        assert_eq!(printable("evil\u{202E}txt\u{200B}"), "eviltxt");
        assert_eq!(printable("Zoë's café"), "Zoë's café");
    }
}
