//! Finding the quick action lines of a text and taking them out, as GitLab's extractor does.
//!
//! GitLab first removes every `\r`, then looks for commands only in top-level Markdown
//! paragraphs: never in fenced code (```` ``` ```` or `~~~`), `>` quotes (nor the lines that
//! lazily continue one), `>>>` blocks, list items (nor their lazy continuations), headings
//! (a paragraph underlined by `===` or `---` is one) or HTML blocks. In a paragraph, a line is
//! a command when it starts with `/`, a known name (case-insensitive), then nothing, only
//! whitespace, or one space and the argument (the rest of the line); a span of inline code
//! (even over several lines) hides what is in it. Each command line is removed, with the
//! blank line after it when it ends its paragraph; `/shrug` and `/tableflip` become their
//! faces. At last the whole text loses its trailing whitespace, commands or not.

use super::commands::{Lookup, lookup};

/// A command line: its name as written, lower-cased, and its argument (never blank).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Found {
    pub name: String,
    pub arg: Option<String>,
}

/// A text without its command lines, and the commands in the order they came.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Extracted {
    pub text: String,
    pub commands: Vec<Found>,
}

/// Takes the quick actions out of `text`.
pub(crate) fn extract(text: &str) -> Extracted {
    let text = text.replace('\r', "");
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let mut out: Vec<String> = lines.iter().map(|l| (*l).to_owned()).collect();
    let mut commands = Vec::new();
    for (start, end) in paragraphs(&lines) {
        // The blank line after a paragraph goes with it, so a last command takes it along.
        let end = if lines.get(end + 1) == Some(&"\n") {
            end + 1
        } else {
            end
        };
        let slice: String = lines[start..=end].concat();
        let (kept, found) = take_commands(&slice);
        commands.extend(found);
        for line in &mut out[start..=end] {
            line.clear();
        }
        out[start] = kept;
    }
    let text = out.concat();
    // Ruby's `rstrip`: ASCII whitespace and NUL.
    let text = text.trim_end_matches([' ', '\t', '\n', '\u{b}', '\u{c}', '\r', '\0']);
    Extracted {
        text: text.to_owned(),
        commands,
    }
}

/// What a line starts, as far as commands care.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Block {
    /// Outside any block, or after a blank line.
    Nothing,
    /// A paragraph that began at this line.
    Paragraph(usize),
    /// Inside a fenced code block opened by `count` of `fence`.
    Fence { fence: char, count: usize },
    /// Inside a `>>>` block.
    MultilineQuote,
    /// In a quote or list item, whose paragraph text may go on without its marker.
    Lazy,
    /// Inside an HTML comment, until `-->`.
    HtmlComment,
    /// Inside an HTML block, until a blank line.
    Html,
}

/// The top-level paragraphs of `lines`, as (first, last) line indexes.
fn paragraphs(lines: &[&str]) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    let mut block = Block::Nothing;
    for (i, raw) in lines.iter().enumerate() {
        let line = raw.trim_end_matches('\n');
        let blank = line.trim().is_empty();
        match block {
            Block::Fence { fence, count } => {
                if closes_fence(line, fence, count) {
                    block = Block::Nothing;
                }
                continue;
            }
            Block::MultilineQuote => {
                if line.trim_end() == ">>>" {
                    block = Block::Nothing;
                }
                continue;
            }
            Block::HtmlComment => {
                if line.contains("-->") {
                    block = Block::Nothing;
                }
                continue;
            }
            Block::Html if !blank => continue,
            _ => {}
        }
        let paragraph = match block {
            Block::Paragraph(start) => Some(start),
            _ => None,
        };
        // A line that ends the paragraph (or is no paragraph at all) closes it here.
        let close = |found: &mut Vec<(usize, usize)>| {
            if let Some(start) = paragraph {
                found.push((start, i - 1));
            }
        };
        if blank {
            close(&mut found);
            block = Block::Nothing;
        } else if paragraph.is_some() && is_setext_underline(line) {
            // The paragraph was a heading: its lines are not commands.
            block = Block::Nothing;
        } else if let Some(opened) = opens_block(line) {
            close(&mut found);
            block = opened;
        } else if block == Block::Lazy || paragraph.is_some() {
            // The paragraph (or the quote's or list item's) goes on.
        } else if indent(line) >= 4 {
            // Indented code: no paragraph.
        } else {
            block = Block::Paragraph(i);
        }
    }
    if let Block::Paragraph(start) = block {
        found.push((start, lines.len() - 1));
    }
    found
}

/// The block `line` opens, when it opens one that can interrupt a paragraph.
fn opens_block(line: &str) -> Option<Block> {
    let indent = indent(line);
    if indent >= 4 {
        return None;
    }
    let rest = &line[indent..];
    if indent == 0 && rest.starts_with(">>>") {
        return Some(Block::MultilineQuote);
    }
    if let Some(fence) = opens_fence(rest) {
        return Some(fence);
    }
    if rest.starts_with('>') || is_list_item(rest) {
        return Some(Block::Lazy);
    }
    if is_thematic_break(rest) || is_heading(rest) {
        return Some(Block::Nothing);
    }
    if let Some(comment) = rest.strip_prefix("<!--") {
        return Some(if comment.contains("-->") {
            Block::Nothing
        } else {
            Block::HtmlComment
        });
    }
    opens_html(rest).then_some(Block::Html)
}

/// Leading spaces (a tab counts as four).
fn indent(line: &str) -> usize {
    let mut width = 0;
    for c in line.chars() {
        match c {
            ' ' => width += 1,
            '\t' => width += 4,
            _ => break,
        }
    }
    width.min(line.len())
}

fn opens_fence(rest: &str) -> Option<Block> {
    let fence = rest.chars().next().filter(|c| *c == '`' || *c == '~')?;
    let count = rest.chars().take_while(|c| *c == fence).count();
    // A backtick fence's info string has no backtick (else it is inline code).
    let info_ok = fence == '~' || !rest[count..].contains('`');
    (count >= 3 && info_ok).then_some(Block::Fence { fence, count })
}

fn closes_fence(line: &str, fence: char, count: usize) -> bool {
    let rest = line.trim_start_matches(' ');
    let run = rest.chars().take_while(|c| *c == fence).count();
    indent(line) < 4 && run >= count && rest[run..].trim().is_empty()
}

fn is_setext_underline(line: &str) -> bool {
    let rest = line.trim();
    indent(line) < 4
        && !rest.is_empty()
        && (rest.chars().all(|c| c == '=') || rest.chars().all(|c| c == '-'))
}

fn is_thematic_break(rest: &str) -> bool {
    let marks: String = rest.chars().filter(|c| !c.is_whitespace()).collect();
    let Some(mark) = marks.chars().next() else {
        return false;
    };
    "-*_".contains(mark) && marks.len() >= 3 && marks.chars().all(|c| c == mark)
}

fn is_heading(rest: &str) -> bool {
    let hashes = rest.chars().take_while(|c| *c == '#').count();
    (1..=6).contains(&hashes)
        && rest[hashes..]
            .chars()
            .next()
            .is_none_or(char::is_whitespace)
}

/// `- `, `* `, `+ `, `1. ` or `1) `.
fn is_list_item(rest: &str) -> bool {
    let after_marker = if rest.starts_with(['-', '*', '+']) {
        &rest[1..]
    } else {
        let digits = rest.chars().take_while(char::is_ascii_digit).count();
        if !(1..=9).contains(&digits) {
            return false;
        }
        match rest[digits..].strip_prefix(['.', ')']) {
            Some(after) => after,
            None => return false,
        }
    };
    after_marker.is_empty() || after_marker.starts_with([' ', '\t'])
}

/// The HTML elements whose tag starts an HTML block, as CommonMark lists them.
const BLOCK_TAGS: &[&str] = &[
    "address",
    "article",
    "aside",
    "base",
    "basefont",
    "blockquote",
    "body",
    "caption",
    "center",
    "col",
    "colgroup",
    "dd",
    "details",
    "dialog",
    "dir",
    "div",
    "dl",
    "dt",
    "fieldset",
    "figcaption",
    "figure",
    "footer",
    "form",
    "frame",
    "frameset",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "head",
    "header",
    "hr",
    "html",
    "iframe",
    "legend",
    "li",
    "link",
    "main",
    "menu",
    "menuitem",
    "nav",
    "noframes",
    "ol",
    "optgroup",
    "option",
    "p",
    "param",
    "pre",
    "script",
    "search",
    "section",
    "style",
    "summary",
    "table",
    "tbody",
    "td",
    "textarea",
    "tfoot",
    "th",
    "thead",
    "title",
    "tr",
    "track",
    "ul",
];

/// `<div…`, `</table…`: a block-level tag at the start of the line.
fn opens_html(rest: &str) -> bool {
    let Some(tag) = rest.strip_prefix('<') else {
        return false;
    };
    let tag = tag.strip_prefix('/').unwrap_or(tag);
    let name: String = tag
        .chars()
        .take_while(char::is_ascii_alphanumeric)
        .collect();
    let after = tag[name.len()..].chars().next();
    BLOCK_TAGS.contains(&name.to_ascii_lowercase().as_str())
        && after.is_none_or(|c| c.is_whitespace() || c == '>' || c == '/')
}

/// Takes the commands out of one paragraph (with its blank line after, if any): the text
/// left, and the commands found.
fn take_commands(paragraph: &str) -> (String, Vec<Found>) {
    let mut kept = String::new();
    let mut found = Vec::new();
    let mut at = 0;
    while at < paragraph.len() {
        let rest = &paragraph[at..];
        let line_start = at == 0 || paragraph[..at].ends_with('\n');
        if line_start && let Some((length, command)) = command_at(rest) {
            match command {
                Taken::Command(command) => found.push(command),
                Taken::Replaced(face) => {
                    kept.push_str(face);
                    // The face takes the place of the line; the line break stays.
                    let line_end = rest[..length].find('\n').unwrap_or(length);
                    kept.push_str(&rest[line_end..length]);
                }
            }
            at += length;
            continue;
        }
        if rest.starts_with('`')
            && let Some(length) = inline_code(rest)
        {
            kept.push_str(&rest[..length]);
            at += length;
            continue;
        }
        let c = rest.chars().next().expect("not at the end");
        kept.push(c);
        at += c.len_utf8();
    }
    (kept, found)
}

/// The length of the inline code starting at this backtick: up to the next backtick after
/// at least one character, line breaks included.
fn inline_code(rest: &str) -> Option<usize> {
    let first = rest[1..].chars().next()?;
    let from = 1 + first.len_utf8();
    rest[from..].find('`').map(|close| from + close + 1)
}

/// What a command line at the start of `rest` becomes.
enum Taken {
    /// Removed: a command to run.
    Command(Found),
    /// Replaced by this text (`/shrug`, `/tableflip`).
    Replaced(&'static str),
}

/// A command at the start of `rest`: how much of the text it takes (its line, and the
/// blank lines after it up to the next line break), and what it is.
fn command_at(rest: &str) -> Option<(usize, Taken)> {
    let line_end = rest.find('\n').unwrap_or(rest.len());
    let line = rest[..line_end].strip_prefix('/')?;
    let name_end = line
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(line.len());
    let (name, tail) = line.split_at(name_end);
    let known = lookup(name)?;
    let arg = if let Some(arg) = tail.strip_prefix(' ') {
        Some(arg)
    } else if tail.chars().all(is_ruby_space) {
        None
    } else {
        return None;
    };
    let length = line_end + swallowed(&rest[line_end..]);
    let taken = match known {
        Lookup::Command => Taken::Command(Found {
            name: name.to_lowercase(),
            arg: arg
                .filter(|a| !a.trim_matches(is_ruby_space).is_empty())
                .map(str::to_owned),
        }),
        Lookup::Substitution(face) => Taken::Replaced(face),
    };
    Some((length, taken))
}

/// After a command's line: its line break and any blank lines up to the last line break
/// among them (GitLab's `\s*\n`).
fn swallowed(after: &str) -> usize {
    let blank = after
        .find(|c: char| !is_ruby_space(c))
        .unwrap_or(after.len());
    after[..blank].rfind('\n').map_or(0, |last| last + 1)
}

/// Ruby's `\s`: space, tab, line feed, carriage return, form feed, vertical tab.
fn is_ruby_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r' | '\u{b}' | '\u{c}')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(text: &str) -> (String, Vec<(String, Option<String>)>) {
        let extracted = extract(text);
        let commands = extracted
            .commands
            .into_iter()
            .map(|f| (f.name, f.arg))
            .collect();
        (extracted.text, commands)
    }

    fn command(name: &str, arg: Option<&str>) -> (String, Option<String>) {
        (name.to_owned(), arg.map(str::to_owned))
    }

    #[test]
    fn command_lines_are_taken_out_with_their_arguments() {
        assert_eq!(
            found("LGTM\n/merge\n/label ~bug ~\"two words\""),
            (
                "LGTM".to_owned(),
                vec![
                    command("merge", None),
                    command("label", Some("~bug ~\"two words\""))
                ]
            )
        );
        assert_eq!(
            found("/close\n\nThanks"),
            ("Thanks".to_owned(), vec![command("close", None)])
        );
        assert_eq!(found("/CLOSE").1, vec![command("close", None)]);
        assert_eq!(
            found("/close please").1,
            vec![command("close", Some("please"))]
        );
        assert_eq!(
            found("/close \t\nok"),
            ("ok".to_owned(), vec![command("close", None)])
        );
        assert_eq!(found("/clo\r\nse\r\n/close\r\n").0, "/clo\nse");
    }

    #[test]
    fn only_exact_names_at_the_start_of_a_line_are_commands() {
        for text in [
            "/close.",
            "/closed",
            "/close\tnow",
            "/assign@alice",
            "   /close",
            "Please /close",
            "/unknown",
            "/cc @alice",
        ] {
            let extracted = extract(text);
            assert!(extracted.commands.is_empty(), "{text}");
            assert_eq!(extracted.text, text, "{text}");
        }
    }

    #[test]
    fn code_quotes_lists_headings_and_html_hide_commands() {
        for text in [
            "```\n/close\n```",
            "~~~ruby\n/close\n~~~",
            "> /close",
            "> Quoted\n/close",
            ">>>\n/close\n>>>",
            "- item\n/close",
            "1. item\n/close",
            "/close\n---",
            "Title\n/close\n===",
            "<div>\n/close\n</div>",
            "<!--\n/close\n-->",
            "Run `this\n/close\nnow` please",
        ] {
            let extracted = extract(text);
            assert!(extracted.commands.is_empty(), "{text}");
            assert_eq!(extracted.text, text, "{text}");
        }
    }

    #[test]
    fn commands_after_a_block_has_ended_count() {
        for text in [
            "```\ncode\n```\n/close",
            "> Quoted\n\n/close",
            ">>>\nquoted\n>>>\n/close",
            "- item\n\n/close",
            "<!-- note -->\n/close",
            "# Heading\n/close",
            "    indented code\n/close",
            "Use `x` here\n/close",
        ] {
            assert_eq!(found(text).1, vec![command("close", None)], "{text}");
        }
    }

    #[test]
    fn faces_replace_their_line_and_the_text_is_right_trimmed() {
        assert_eq!(
            found("Oh well\n/shrug whatever\n").0,
            "Oh well\n¯\\＿(ツ)＿/¯"
        );
        assert_eq!(found("/tableflip").0, "(╯°□°)╯︵ ┻━┻");
        assert_eq!(found("Hello  \n\n").0, "Hello");
    }

    #[test]
    fn names_fold_like_rubys_ignorecase_but_run_only_when_lower_case_knows_them() {
        // The long s folds to `s` (so the line goes) but lower-cases to itself.
        assert_eq!(
            found("/cloſe"),
            (String::new(), vec![command("cloſe", None)])
        );
        assert_eq!(found("/ReOpen").1, vec![command("reopen", None)]);
    }
}
