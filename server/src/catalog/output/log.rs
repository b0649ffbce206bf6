//! A CI job's log as a model can read it: colour codes gone, only the lines that tell
//! why it ended — the first error's and the last ones, or the last `tail_lines` when the
//! call asks — capped in bytes, with a line saying what was left out wherever lines were.

use std::ops::Range;

use schemars::JsonSchema;
use serde::Serialize;

/// A log shows at most this much, whatever `tail_lines` asks.
pub const MAX_LOG_BYTES: usize = 64 * 1024;
/// Without `tail_lines`, a log of at most this many lines is shown whole, and a longer one
/// with no error its last this many.
const WHOLE_UP_TO: usize = 60;
/// Without `tail_lines`: the lines before and after the first error, and at the end.
const BEFORE_ERROR: usize = 5;
const AFTER_ERROR: usize = 25;
const END_LINES: usize = 20;

/// The structured result of `job.log`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct JobLog {
    /// The log as plain text: the lines around its first error and its last lines (or its
    /// last `tail_lines`), a bracketed line wherever lines were left out.
    pub log: String,
    /// Lines in the whole log.
    pub total_lines: usize,
    /// Lines shown in `log` (the notes about what was left out not counted).
    pub shown_lines: usize,
    /// Lines of the log left out.
    pub omitted_lines: usize,
    /// Who wrote the log, and so how to read it.
    pub untrusted: &'static str,
}

/// The lines of `raw` that tell why the job ended: all of them when there are few; else the
/// lines around the first one that reads as an error and the last lines. At most
/// [`MAX_LOG_BYTES`]: past that, the last lines that fit.
pub fn excerpt(raw: &str) -> JobLog {
    let plain = plain_text(raw);
    let lines = lines_of(&plain);
    let total = lines.len();
    let first_error = lines.iter().position(|line| reads_as_error(line));
    let (first, second) = match first_error {
        _ if total <= WHOLE_UP_TO => (0..total, None),
        Some(error) => {
            let around = error.saturating_sub(BEFORE_ERROR)..error + AFTER_ERROR + 1;
            let end = total.saturating_sub(END_LINES)..total;
            if around.end >= end.start {
                (around.start..total, None)
            } else {
                (around, Some(end))
            }
        }
        // Nothing reads as an error: the end says how the job ended.
        None => (total - WHOLE_UP_TO..total, None),
    };
    let log = shown(&lines, std::iter::once(first).chain(second));
    if log.log.len() > MAX_LOG_BYTES {
        return last_lines(&lines, total);
    }
    log
}

/// Without the log's end: the few lines from just before its first error on, as plain
/// text, at most [`FIRST_ERROR_BYTES`]; `None` when no line reads as an error.
pub fn first_error(raw: &str) -> Option<String> {
    const BEFORE: usize = 2;
    const AFTER: usize = 12;
    const FIRST_ERROR_BYTES: usize = 2048;
    let plain = plain_text(raw);
    let lines = lines_of(&plain);
    let error = lines.iter().position(|line| reads_as_error(line))?;
    let window = &lines[error.saturating_sub(BEFORE)..(error + AFTER + 1).min(lines.len())];
    let mut shown = window.join("\n");
    if shown.len() > FIRST_ERROR_BYTES {
        let mut end = FIRST_ERROR_BYTES;
        while !shown.is_char_boundary(end) {
            end -= 1;
        }
        shown.truncate(end);
        shown.push('…');
    }
    Some(shown)
}

/// The last `tail_lines` lines of `raw`, as plain text and at most [`MAX_LOG_BYTES`].
pub fn tail(raw: &str, tail_lines: usize) -> JobLog {
    let plain = plain_text(raw);
    last_lines(&lines_of(&plain), tail_lines)
}

fn lines_of(plain: &str) -> Vec<&str> {
    // Blank lines at the end say nothing and would only use up the lines shown.
    plain.trim_end().lines().collect()
}

/// Whether a line reads as a failure: compilers', test runners', shells' and the runner's
/// own ways of saying so. A name like `thiserror` is not one; a bare word `error` in prose
/// is not either.
fn reads_as_error(line: &str) -> bool {
    const MARKS: &[&str] = &[
        "error:",
        "error[",
        "Error:",
        "ERROR",
        "FAILED",
        "FAIL:",
        "panicked at",
        "Traceback (most recent call last)",
        "fatal:",
        "Exception",
        "npm ERR!",
    ];
    MARKS.iter().any(|mark| line.contains(mark))
}

/// The lines of `windows` (ascending, apart), a note in place of every gap.
fn shown(lines: &[&str], windows: impl Iterator<Item = Range<usize>>) -> JobLog {
    let total_lines = lines.len();
    let mut log = String::new();
    let mut next = 0;
    let mut shown_lines = 0;
    for window in windows {
        if window.start > next {
            let gap = &lines[next..window.start];
            let bytes: usize = gap.iter().map(|line| line.len() + 1).sum();
            log.push_str(&format!(
                "[{} lines ({bytes} bytes) left out; the last n lines with `tail_lines: n`]\n",
                gap.len()
            ));
        }
        for line in &lines[window.clone()] {
            log.push_str(line);
            log.push('\n');
        }
        shown_lines += window.len();
        next = window.end;
    }
    log.pop();
    JobLog {
        log,
        total_lines,
        shown_lines,
        omitted_lines: total_lines - shown_lines,
        untrusted: super::untrusted::JOB_LOG,
    }
}

/// The last `tail_lines` of `lines`, at most [`MAX_LOG_BYTES`].
fn last_lines(lines: &[&str], tail_lines: usize) -> JobLog {
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
    fn without_tail_lines_the_first_error_and_the_end_are_shown() {
        let mut raw: String = (1..=300)
            .map(|n| format!("Compiling crate-{n}\n"))
            .collect();
        raw.push_str("test parses ... FAILED\n");
        raw += &(1..=100)
            .map(|n| format!("after {n}\n"))
            .collect::<String>();
        let log = excerpt(&raw);
        let lines: Vec<&str> = log.log.lines().collect();
        assert!(lines[0].starts_with("[295 lines ("), "{}", lines[0]);
        assert_eq!(lines[1], "Compiling crate-296");
        assert_eq!(lines[6], "test parses ... FAILED");
        assert_eq!(lines[31], "after 25");
        assert!(lines[32].starts_with("[55 lines ("), "{}", lines[32]);
        assert_eq!(lines[33], "after 81");
        assert_eq!(lines.last(), Some(&"after 100"));
        assert_eq!(
            (log.total_lines, log.shown_lines, log.omitted_lines),
            (401, 51, 350)
        );
    }

    #[test]
    fn without_tail_lines_short_logs_are_whole_and_errorless_ones_end() {
        let short: String = (1..=60).map(|n| format!("line {n}\n")).collect();
        assert_eq!(excerpt(&short).omitted_lines, 0);
        // Names with `error` in them are not errors.
        let long: String = (1..=200)
            .map(|n| format!("Compiling thiserror-{n}\n"))
            .collect();
        let log = excerpt(&long);
        assert_eq!((log.shown_lines, log.omitted_lines), (60, 140));
        assert!(log.log.ends_with("thiserror-200"));
        // An error near the end: from a few lines before it to the end.
        let late = format!("{long}error: linking failed\nwarning: 1 warning emitted\n");
        let log = excerpt(&late);
        assert_eq!(log.shown_lines, 7);
        assert!(log.log.starts_with("[195 lines ("), "{}", log.log);
        assert!(
            log.log
                .ends_with("error: linking failed\nwarning: 1 warning emitted")
        );
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
