//! GitLab's quick actions: the `/command` lines GitLab runs when it reads a note, a reply,
//! a draft note (once published), a commit comment, or an issue's or merge request's
//! description — `/merge`, `/close`, `/move group/other`. A text that carries one does
//! more than it says, so the server finds them before anything is sent ([`find`]), in the
//! texts of the request that GitLab reads them from ([`carried`]).
//!
//! How GitLab reads a line, and so how it is read here: the carriage returns are removed
//! first; then a line is a command when it starts with `/` (no space before), then a
//! command's name in any letter case, then the end of the line, spaces up to it, or one
//! space and the command's argument. `/close.`, `/closed` and ` /close` are text. Lines
//! inside a block fenced by ``` or by `>>>` are text, as GitLab has read them in every
//! release. Where GitLab's releases differ (it now also leaves alone `~~~` fences, quotes,
//! lists and HTML), a line is read as a command: a question too many is better than a
//! command sent unseen.

mod carriers;
mod commands;
mod references;

use std::sync::LazyLock;

use regex::Regex;

pub use carriers::{Carried, Target, carried, may_carry};
pub use commands::Command;
pub use references::{Reference, references};

/// One quick action found in a text.
#[derive(Debug, Clone)]
pub struct QuickAction {
    /// The line as written, without the spaces at its end: `/label ~bug`.
    pub written: String,
    /// Its line number in the text, from 1.
    pub line: usize,
    pub command: &'static Command,
    /// What follows the name and its space: `~bug`.
    pub argument: String,
}

/// Each command's line: `/`, one of its names, then the end, spaces to the end, or a
/// space and the rest. Case is ignored as GitLab ignores it (Unicode case folding:
/// `/CLOSE`, `/cloſe`).
static LINES: LazyLock<Vec<(Regex, &'static Command)>> = LazyLock::new(|| {
    commands::COMMANDS
        .iter()
        .map(|command| {
            let mut names = command.names.to_vec();
            // The longest first, so that no name stops short inside a longer one.
            names.sort_by_key(|name| std::cmp::Reverse(name.len()));
            let pattern = format!(r"(?i)^/(?:{})(?: (.*)|\s*)$", names.join("|"));
            let line = Regex::new(&pattern).expect("command names make a valid pattern");
            (line, command)
        })
        .collect()
});

/// The quick actions GitLab would run in `text`, in order.
pub fn find(text: &str) -> Vec<QuickAction> {
    let text = text.replace('\r', "");
    let mut found = Vec::new();
    let lines: Vec<&str> = text.split('\n').collect();
    let mut at = 0;
    while at < lines.len() {
        if let Some(end) = fenced_block_end(&lines, at) {
            at = end + 1;
            continue;
        }
        let line = lines[at];
        let command = line.starts_with('/').then(|| {
            LINES
                .iter()
                .find_map(|(pattern, command)| Some((pattern.captures(line)?, *command)))
        });
        if let Some(Some((captures, command))) = command {
            found.push(QuickAction {
                written: line.trim_end().to_owned(),
                line: at + 1,
                command,
                argument: captures
                    .get(1)
                    .map_or("", |argument| argument.as_str())
                    .trim()
                    .to_owned(),
            });
        }
        at += 1;
    }
    found
}

/// Where the block opening at line `at` ends, when it is one GitLab has always left
/// alone: ``` at the start of a line up to a line that is only ```, or `>>>` up to a line
/// that is only `>>>`. A block never closed is read line by line.
fn fenced_block_end(lines: &[&str], at: usize) -> Option<usize> {
    let fence = ["```", ">>>"]
        .into_iter()
        .find(|fence| lines[at].starts_with(fence))?;
    (at + 1..lines.len()).find(|&end| lines[end] == fence)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(text: &str) -> Vec<(usize, &'static str, String)> {
        find(text)
            .into_iter()
            .map(|found| (found.line, found.command.names[0], found.argument))
            .collect()
    }

    #[test]
    fn a_command_is_a_line_of_its_own() {
        assert_eq!(
            names("LGTM\n/merge\r\n/LABEL ~bug ~\"needs review\"\n/close please \n/cloſe"),
            [
                (2, "merge", String::new()),
                (3, "label", "~bug ~\"needs review\"".to_owned()),
                (4, "close", "please".to_owned()),
                (5, "close", String::new()),
            ]
        );
        for text in [
            "/close.",
            "/closed",
            " /close",
            "say /close",
            "/close\tnow",
            "/assign@joe",
            "/shrug",
            "/cc @joe",
            "/unknown",
        ] {
            assert!(find(text).is_empty(), "{text:?}");
        }
        assert_eq!(names("/close \t")[0].1, "close");
        assert_eq!(names("/clo\rse")[0].1, "close", "carriage returns go first");
    }

    #[test]
    fn fenced_blocks_are_text_unless_never_closed() {
        assert!(find("```\n/close\n```").is_empty());
        assert!(find("```sh\n/close\n```\n").is_empty());
        assert!(find(">>>\n/merge\n>>>").is_empty());
        assert_eq!(
            names("```\n/close\n``` \n/merge").len(),
            2,
            "``` plus a space does not close in every release"
        );
        assert_eq!(names("```\n/close")[0].1, "close");
        assert_eq!(names("```\nx\n```\n/merge")[0], (4, "merge", String::new()));
        // Quotes, lists and `~~~` fences are left alone only by newer releases.
        assert_eq!(names("> quote\n/close").len(), 1);
        assert_eq!(names("~~~\n/close\n~~~").len(), 1);
    }
}
