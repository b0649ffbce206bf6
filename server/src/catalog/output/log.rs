//! A CI job's log as a model can read it: colour codes gone, only its last lines, capped in
//! bytes, with a first line saying what was left out.

use schemars::JsonSchema;
use serde::Serialize;

/// A log shows at most this much, whatever `tail_lines` asks.
pub const MAX_LOG_BYTES: usize = 64 * 1024;
/// The lines shown when the call does not say.
pub const DEFAULT_TAIL_LINES: usize = 200;

/// The structured result of `job.log`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct JobLog {
    /// The end of the log, plain text; the first line says what was left out, if anything.
    pub log: String,
    /// Lines in the whole log.
    pub total_lines: usize,
    /// Lines shown in `log` (the note about what was left out not counted).
    pub shown_lines: usize,
    /// Lines of the log before the ones shown.
    pub omitted_lines: usize,
    /// Who wrote the log, and so how to read it.
    pub untrusted: &'static str,
}

/// The last `tail_lines` lines of `raw`, as plain text and at most [`MAX_LOG_BYTES`].
pub fn tail(raw: &str, tail_lines: usize) -> JobLog {
    let plain = plain_text(raw);
    // Blank lines at the end say nothing and would only use up `tail_lines`.
    let lines: Vec<&str> = plain.trim_end().lines().collect();
    let total_lines = lines.len();
    let mut start = total_lines.saturating_sub(tail_lines);
    let mut bytes: usize = lines[start..].iter().map(|line| line.len() + 1).sum();
    while bytes > MAX_LOG_BYTES && start + 1 < total_lines {
        bytes -= lines[start].len() + 1;
        start += 1;
    }
    let mut shown = lines[start..].join("\n");
    let mut cut_bytes = 0;
    if shown.len() > MAX_LOG_BYTES {
        // One line longer than the cap: keep its end, where the error usually is.
        let mut from = shown.len() - MAX_LOG_BYTES;
        while !shown.is_char_boundary(from) {
            from += 1;
        }
        cut_bytes = from;
        shown.drain(..from);
    }
    let omitted_lines = start;
    let omitted_bytes: usize = lines[..start]
        .iter()
        .map(|line| line.len() + 1)
        .sum::<usize>()
        + cut_bytes;
    let log = if omitted_bytes == 0 {
        shown
    } else {
        let reason = if omitted_lines > total_lines.saturating_sub(tail_lines) || cut_bytes > 0 {
            format!("the {} KiB cap", MAX_LOG_BYTES / 1024)
        } else {
            format!("tail_lines = {tail_lines}")
        };
        format!(
            "[{omitted_lines} earlier lines ({omitted_bytes} bytes) left out by {reason}; ask for more with `tail_lines`]\n{shown}"
        )
    };
    JobLog {
        log,
        total_lines,
        shown_lines: total_lines - omitted_lines,
        omitted_lines,
        untrusted: super::untrusted::JOB_LOG,
    }
}

/// The log as a terminal would show it: escape sequences (colours, erase-line, GitLab's
/// collapsible-section markers) removed, and a carriage return overwriting its line, so a
/// progress bar leaves only its last state.
fn plain_text(raw: &str) -> String {
    let mut text = PlainText::default();
    vte::Parser::new().advance(&mut text, raw.as_bytes());
    text.done.push_str(&text.line);
    text.done
}

#[derive(Default)]
struct PlainText {
    done: String,
    line: String,
    /// A carriage return was seen: what is printed next starts the line over.
    returned: bool,
    /// The line was erased and nothing printed since: a hidden marker, not a blank line.
    erased: bool,
}

impl vte::Perform for PlainText {
    fn print(&mut self, c: char) {
        if self.returned {
            self.line.clear();
            self.returned = false;
        }
        self.erased = false;
        self.line.push(c);
    }

    fn execute(&mut self, byte: u8) {
        match byte {
            b'\n' => {
                if !(self.erased && self.line.is_empty()) {
                    self.done.push_str(&self.line);
                    self.done.push('\n');
                }
                self.line.clear();
                self.returned = false;
                self.erased = false;
            }
            b'\r' => self.returned = true,
            b'\t' => self.print('\t'),
            _ => {}
        }
    }

    /// Erase in line (`ESC [ K`): after a carriage return it blanks the line, which is how
    /// GitLab's `section_start:…`/`section_end:…` markers hide themselves.
    fn csi_dispatch(&mut self, params: &vte::Params, _: &[u8], _: bool, action: char) {
        let whole_line = params.iter().next().is_some_and(|p| p.first() == Some(&2));
        if action == 'K' && (self.returned || whole_line) {
            self.line.clear();
            self.erased = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_sections_and_carriage_returns_are_removed() {
        let raw = "section_start:1700000000:step_script\r\x1b[0K\x1b[0;m\x1b[32;1m$ cargo test\x1b[0;m\n\
                   section_end:1700000001:step_script\r\x1b[0K\n\
                   Downloading 10%\rDownloading 100%\n\
                   \x1b[31mtest tokenizer::splits ... FAILED\x1b[0m\tnote\r\n";
        let log = tail(raw, 200);
        assert_eq!(
            log.log,
            "$ cargo test\nDownloading 100%\ntest tokenizer::splits ... FAILED\tnote"
        );
        assert_eq!((log.total_lines, log.omitted_lines), (3, 0));
    }

    #[test]
    fn only_the_last_lines_are_kept_with_a_note() {
        let raw: String = (1..=1000).map(|n| format!("line {n}\n")).collect();
        let log = tail(&raw, 200);
        assert_eq!(log.shown_lines, 200);
        assert_eq!(log.omitted_lines, 800);
        let first = log.log.lines().next().unwrap();
        assert!(first.starts_with("[800 earlier lines ("), "{first}");
        assert!(first.contains("tail_lines = 200"), "{first}");
        assert_eq!(log.log.lines().nth(1), Some("line 801"));
        assert!(log.log.ends_with("line 1000"));
    }

    #[test]
    fn the_byte_cap_wins_over_tail_lines() {
        let line = "x".repeat(1000);
        let raw: String = (0..500).map(|_| format!("{line}\n")).collect();
        let log = tail(&raw, 500);
        assert!(log.log.len() <= MAX_LOG_BYTES + 200, "{}", log.log.len());
        assert!(log.shown_lines < 70, "{}", log.shown_lines);
        assert!(log.log.lines().next().unwrap().contains("64 KiB cap"));
        let huge = "é".repeat(100_000);
        let log = tail(&huge, 10);
        assert!(log.log.lines().nth(1).unwrap().len() <= MAX_LOG_BYTES);
    }
}
