//! Summary escaping against injection: hand-written cases, then a
//! property loop over generated hostile inputs.

use wizard::__private::SummaryPart;
use wizard::__private::render_summary;
use wizard::summary::escape_value;
use wizard::summary::truncate_chars;

fn value(text: &str, truncate: Option<usize>) -> SummaryPart {
    SummaryPart::Value {
        text: text.to_owned(),
        truncate,
    }
}

#[test]
fn plain_values_are_wrapped_in_a_code_span() {
    assert_eq!(escape_value("42"), "`42`");
    assert_eq!(escape_value("group/project"), "`group/project`");
    assert_eq!(escape_value(""), "` `");
}

#[test]
fn line_breaks_become_one_space_each() {
    assert_eq!(escape_value("a\nb"), "`a b`");
    assert_eq!(escape_value("a\r\nb"), "`a b`");
    assert_eq!(escape_value("a\rb"), "`a b`");
    assert_eq!(escape_value("a\n\nb"), "`a  b`");
    assert_eq!(escape_value("a\r\n\r\nb"), "`a  b`");
    assert_eq!(escape_value("a\n\rb"), "`a  b`");
    assert_eq!(escape_value("a\u{2028}b\u{2029}c\u{85}d"), "`a b c d`");
    assert_eq!(escape_value("\n"), "` `");
}

#[test]
fn link_schemes_are_defanged_keeping_their_case() {
    assert_eq!(
        escape_value("see https://evil.example/x"),
        "`see https[:]//evil.example/x`"
    );
    assert_eq!(escape_value("http://a"), "`http[:]//a`");
    assert_eq!(escape_value("HTTP://A"), "`HTTP[:]//A`");
    assert_eq!(escape_value("HtTpS://a"), "`HtTpS[:]//a`");
    assert_eq!(
        escape_value("ftp://a javascript://b"),
        "`ftp[:]//a javascript[:]//b`"
    );
    assert_eq!(escape_value("https:/x"), "`https:/x`");
}

#[test]
fn hidden_characters_cannot_rebuild_a_link() {
    assert_eq!(
        escape_value("h\u{200B}ttps:/\u{0}/x"),
        "`h⟨U+200B⟩ttps:/⟨U+0000⟩/x`"
    );
    assert_eq!(escape_value("https:\u{202E}//x"), "`https:⟨U+202E⟩//x`");
}

#[test]
fn backtick_runs_get_a_longer_fence() {
    assert_eq!(escape_value("a`b"), "``a`b``");
    assert_eq!(escape_value("a``b"), "```a``b```");
    assert_eq!(escape_value("a`b```c``d"), "````a`b```c``d````");
    assert_eq!(escape_value("`start"), "`` `start ``");
    assert_eq!(escape_value("end`"), "`` end` ``");
    assert_eq!(escape_value("``both``"), "``` ``both`` ```");
    assert_eq!(escape_value("`"), "`` ` ``");
    assert_eq!(escape_value("```"), "```` ``` ````");
}

#[test]
fn markdown_is_shown_not_rendered() {
    assert_eq!(escape_value("**bold**"), "`**bold**`");
    assert_eq!(escape_value("[x](y)"), "`[x](y)`");
    assert_eq!(escape_value("# Heading"), "`# Heading`");
    assert_eq!(
        escape_value("fine\n\n- Labels: [ok](https://x)"),
        "`fine  - Labels: [ok](https[:]//x)`"
    );
}

#[test]
fn control_characters_show_as_code_points() {
    assert_eq!(
        escape_value("a\u{0}b\u{7}c\u{1b}[31md"),
        "`a⟨U+0000⟩b⟨U+0007⟩c⟨U+001B⟩[31md`"
    );
    assert_eq!(
        escape_value("a\tb\u{7f}c\u{9b}d"),
        "`a⟨U+0009⟩b⟨U+007F⟩c⟨U+009B⟩d`"
    );
}

/// The user confirms exactly what is sent: a character that changes or hides text shows
/// as its code point instead of acting.
#[test]
fn bidi_zero_width_and_tag_characters_show_as_code_points() {
    assert_eq!(
        escape_value("abc\u{202E}fed\u{202C}"),
        "`abc⟨U+202E⟩fed⟨U+202C⟩`"
    );
    assert_eq!(
        escape_value("\u{2066}x\u{2069}\u{200E}\u{200F}\u{61C}"),
        "`⟨U+2066⟩x⟨U+2069⟩⟨U+200E⟩⟨U+200F⟩⟨U+061C⟩`"
    );
    assert_eq!(
        escape_value("a\u{200B}b\u{200C}c\u{200D}d\u{2060}e\u{FEFF}"),
        "`a⟨U+200B⟩b⟨U+200C⟩c⟨U+200D⟩d⟨U+2060⟩e⟨U+FEFF⟩`"
    );
    // Tag characters spell text a model reads and a person does not see.
    assert_eq!(
        escape_value("ok\u{E0041}\u{E0042}"),
        "`ok⟨U+E0041⟩⟨U+E0042⟩`"
    );
}

#[test]
fn multi_byte_characters_are_kept() {
    assert_eq!(escape_value("año 😀 e\u{301}"), "`año 😀 e\u{301}`");
}

#[test]
fn truncation_counts_characters_not_bytes() {
    let at = |c: &str, n: usize| c.repeat(n);
    assert_eq!(truncate_chars(&at("a", 99), 100), at("a", 99));
    assert_eq!(truncate_chars(&at("a", 100), 100), at("a", 100));
    assert_eq!(truncate_chars(&at("a", 101), 100), at("a", 100) + "...");
    assert_eq!(truncate_chars(&at("a", 500), 100), at("a", 100) + "...");
    assert_eq!(truncate_chars(&at("ñ", 101), 100), at("ñ", 100) + "...");
    assert_eq!(truncate_chars(&at("😀", 100), 100), at("😀", 100));
    assert_eq!(truncate_chars(&at("😀", 101), 100), at("😀", 100) + "...");
    // A combining mark is its own scalar value: 60 × (e + U+0301) is 120 of them.
    let combined = at("e\u{301}", 60);
    assert_eq!(truncate_chars(&combined, 100), at("e\u{301}", 50) + "...");
    assert_eq!(truncate_chars("", 0), "");
    assert_eq!(truncate_chars("a", 0), "...");
}

#[test]
fn descriptions_are_truncated_before_escaping() {
    let rendered = |text: String| render_summary(&[value(&text, Some(100))]);
    assert_eq!(rendered("d".repeat(99)), format!("`{}`", "d".repeat(99)));
    assert_eq!(rendered("d".repeat(100)), format!("`{}`", "d".repeat(100)));
    assert_eq!(
        rendered("d".repeat(101)),
        format!("`{}...`", "d".repeat(100))
    );
    assert_eq!(
        rendered("d".repeat(500)),
        format!("`{}...`", "d".repeat(100))
    );
    assert_eq!(
        rendered("ñ".repeat(101)),
        format!("`{}...`", "ñ".repeat(100))
    );
    // The cut comes first: a link split by it is still defanged, a backtick kept
    // from the cut still gets its fence.
    let link = format!("{}https://evil.example", "a".repeat(89));
    assert_eq!(
        rendered(link),
        format!("`{}https[:]//evi...`", "a".repeat(89))
    );
    let tick = format!("{}`{}", "b".repeat(99), "c".repeat(10));
    assert_eq!(rendered(tick), format!("``{}`...``", "b".repeat(99)));
}

#[test]
fn a_summary_keeps_its_own_words_and_escapes_the_values() {
    let parts = [
        SummaryPart::Literal("Create issue in project "),
        value("42", None),
        SummaryPart::Literal("?\n\n- Title: "),
        value("Fix it\n\n- Confidential: Yes", None),
        SummaryPart::Literal("\n- Labels: "),
        value("bug, feature", None),
    ];
    assert_eq!(
        render_summary(&parts),
        "Create issue in project `42`?\n\n- Title: `Fix it  - Confidential: Yes`\n- Labels: `bug, feature`"
    );
}

/// Characters the escaping must never let through.
fn forbidden(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{061C}' | '\u{200B}'..='\u{200F}' | '\u{2028}'..='\u{202E}' | '\u{2060}'..='\u{2069}'
            | '\u{FEFF}' | '\u{E0000}'..='\u{E007F}')
}

/// Steps 1–3 of `escape_value` (line breaks, invisible characters, links) written the
/// slow, obvious way, as the property loop's oracle.
fn visible_text(input: &str) -> String {
    input
        .replace("\r\n", "\n")
        .replace(['\r', '\u{85}', '\u{2028}', '\u{2029}'], "\n")
        .chars()
        .map(|c| match c {
            '\n' => " ".to_owned(),
            c if forbidden(c) => format!("⟨U+{:04X}⟩", u32::from(c)),
            c => c.to_string(),
        })
        .collect::<String>()
        .replace("://", "[:]//")
}

const PIECES: &[&str] = &[
    "a",
    "Z",
    " ",
    "`",
    "``",
    "```",
    "\n",
    "\r",
    "\r\n",
    "\t",
    "\u{0}",
    "\u{1b}",
    "\u{85}",
    "http://",
    "HTTPS://",
    "hTtP",
    "://",
    ":",
    "/",
    "*",
    "**",
    "[",
    "](",
    ")",
    "#",
    "_",
    "<",
    ">",
    "ñ",
    "😀",
    "e\u{301}",
    "\u{202E}",
    "\u{2066}",
    "\u{200B}",
    "\u{200D}",
    "\u{FEFF}",
    "\u{2028}",
    "\u{2029}",
    "\u{E0041}",
    "|",
    "\\",
];

struct XorShift(u64);

impl XorShift {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        usize::try_from(self.0 % n as u64).expect("below n")
    }
}

fn fence_len(s: &str, from_end: bool) -> usize {
    let chars: Vec<char> = if from_end {
        s.chars().rev().collect()
    } else {
        s.chars().collect()
    };
    chars.iter().take_while(|c| **c == '`').count()
}

fn longest_backtick_run(s: &str) -> usize {
    s.split(|c| c != '`').map(str::len).max().unwrap_or(0)
}

#[test]
fn generated_values_always_render_as_one_inert_code_span() {
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    for _ in 0..5000 {
        let input: String = (0..rng.below(40))
            .map(|_| PIECES[rng.below(PIECES.len())])
            .collect();
        let limit = rng.below(60);
        let cut = truncate_chars(&input, limit);
        assert!(cut.chars().count() <= limit + 3, "{input:?} cut to {cut:?}");
        assert!(
            input.starts_with(cut.trim_end_matches("...")),
            "{input:?} cut to {cut:?}"
        );

        for shown in [input.as_str(), &cut] {
            let escaped = escape_value(shown);
            let context = format!("{shown:?} → {escaped:?}");
            assert!(!escaped.contains("://"), "live link: {context}");
            assert!(
                !escaped.chars().any(forbidden),
                "hidden or control character: {context}"
            );
            assert!(!escaped.contains(['\n', '\r']), "raw line break: {context}");

            let open = fence_len(&escaped, false);
            let close = fence_len(&escaped, true);
            assert!(open >= 1 && open == close, "unbalanced fence: {context}");

            let expected = visible_text(shown);
            if expected.is_empty() {
                assert_eq!(escaped, "` `", "{context}");
                continue;
            }
            let inner = &escaped[open..escaped.len() - close];
            let content = if expected.starts_with('`') || expected.ends_with('`') {
                let unpadded = inner.strip_prefix(' ').and_then(|s| s.strip_suffix(' '));
                unpadded.unwrap_or_else(|| panic!("missing pad: {context}"))
            } else {
                inner
            };
            assert_eq!(content, expected, "{context}");
            assert!(
                open > longest_backtick_run(content),
                "fence closable from inside: {context}"
            );
        }
    }
}
