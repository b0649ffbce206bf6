//! The summary of the final yes/no: the wizard's own words verbatim, every value
//! truncated where asked and escaped, so that text from the model cannot pass itself
//! off as the server's own words.

pub(crate) mod escape;

pub use escape::{escape_value, truncate_chars};

/// How a value shows in a wizard's summary; `None` leaves its row out.
///
/// Implemented for `String`, `bool` (shown as `Yes`, and not at all when `false`),
/// the integer and float types, every `#[derive(Choice)]` enum (its wire value),
/// `Option<T>` (nothing when `None`) and `Vec<T>` (the items joined with `", "`,
/// nothing when empty). Implement it for a type a `parse = fn` question produces or a
/// `#[tool_arg]` the summary template names:
///
/// ```
/// use wizard::summary::SummaryValue;
///
/// #[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
/// struct Minutes(u32);
///
/// impl SummaryValue for Minutes {
///     fn summary_text(&self) -> Option<String> {
///         Some(format!("{} min", self.0))
///     }
/// }
/// assert_eq!(Some(Minutes(90)).summary_text().as_deref(), Some("90 min"));
/// ```
///
/// The runtime escapes the text; return it as the user should read it.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be shown in a wizard's summary",
    label = "no `wizard::summary::SummaryValue` for this type",
    note = "implement `wizard::summary::SummaryValue` for `{Self}`: `fn summary_text(&self) -> Option<String>` is how it shows in the summary (`None` leaves its row out)"
)]
pub trait SummaryValue {
    fn summary_text(&self) -> Option<String>;
}

/// One piece of a summary: the wizard's own words, or a value that must be escaped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SummaryPart {
    Literal(&'static str),
    /// The wizard's own words built at run time from what it counted or decided (`4
    /// comments`), never from a user's or the model's text: shown as they are.
    Built(String),
    Value {
        text: String,
        /// Cut to this many characters (plus `...`) before escaping.
        truncate: Option<usize>,
    },
}

/// Renders a summary: literals as written, each value cut to its `truncate` length
/// (plus `...`) and then escaped with [`escape_value`].
pub fn render_summary(parts: &[SummaryPart]) -> String {
    render(parts, |_, shown| escape_value(shown))
}

/// The summary as the terminal shows it: as [`render_summary`], except that a value of
/// several lines keeps them. Each line is escaped on its own and every line after the
/// first is indented to where the value starts, so it reads as part of that value and
/// can never start a row of its own. (An MCP client's summary stays on one line per
/// value: a client may render it as Markdown, where indentation is not kept.)
#[cfg_attr(not(feature = "terminal"), allow(dead_code))]
pub(crate) fn render_summary_lines(parts: &[SummaryPart]) -> String {
    render(parts, |out, shown| {
        let column = out.rsplit('\n').next().unwrap_or_default().chars().count();
        let indent = format!("\n{}", " ".repeat(column));
        let shown = shown.replace("\r\n", "\n");
        shown
            .split(['\r', '\n', '\u{85}', '\u{2028}', '\u{2029}'])
            .map(escape_value)
            .collect::<Vec<_>>()
            .join(&indent)
    })
}

/// Literals as written; each value cut to its `truncate` length (plus `...`) and shown
/// by `show`, which is given the summary so far.
fn render(parts: &[SummaryPart], show: impl Fn(&str, &str) -> String) -> String {
    let mut out = String::new();
    for part in parts {
        match part {
            SummaryPart::Literal(text) => out.push_str(text),
            SummaryPart::Built(text) => out.push_str(text),
            SummaryPart::Value { text, truncate } => {
                let shown = match truncate {
                    Some(n) => truncate_chars(text, *n),
                    None => text.as_str().into(),
                };
                let shown = show(&out, &shown);
                out.push_str(&shown);
            }
        }
    }
    out
}

impl SummaryValue for String {
    fn summary_text(&self) -> Option<String> {
        Some(self.clone())
    }
}

impl SummaryValue for str {
    fn summary_text(&self) -> Option<String> {
        Some(self.to_owned())
    }
}

/// A yes/no shows only when yes.
impl SummaryValue for bool {
    fn summary_text(&self) -> Option<String> {
        self.then(|| "Yes".to_owned())
    }
}

impl<T: SummaryValue> SummaryValue for Option<T> {
    fn summary_text(&self) -> Option<String> {
        self.as_ref().and_then(T::summary_text)
    }
}

/// A list shows as its items joined with `", "`, and not at all when empty.
impl<T: SummaryValue> SummaryValue for Vec<T> {
    fn summary_text(&self) -> Option<String> {
        let items: Vec<String> = self.iter().filter_map(T::summary_text).collect();
        (!items.is_empty()).then(|| items.join(", "))
    }
}

macro_rules! number_summary {
    ($($t:ty),*) => {$(
        impl SummaryValue for $t {
            fn summary_text(&self) -> Option<String> {
                Some(self.to_string())
            }
        }
    )*};
}
number_summary!(i8, i16, i32, i64, u8, u16, u32, u64, usize, isize, f32, f64);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_terminal_keeps_a_values_lines_indented_under_its_first() {
        let parts = [
            SummaryPart::Literal("- Title: "),
            SummaryPart::Value {
                text: "Fix it".to_owned(),
                truncate: None,
            },
            SummaryPart::Literal("\n- Description: "),
            SummaryPart::Value {
                text: "First line\r\n- Confirmed: yes\rsee https://x".to_owned(),
                truncate: None,
            },
        ];
        // A client's summary: each value on one line.
        assert_eq!(
            render_summary(&parts),
            "- Title: `Fix it`\n- Description: `First line - Confirmed: yes see https[:]//x`"
        );
        // The terminal's: the value's lines kept, each escaped and indented, so that
        // no line of it can read as a row.
        assert_eq!(
            render_summary_lines(&parts),
            "- Title: `Fix it`\n\
             - Description: `First line`\n\
             \x20              `- Confirmed: yes`\n\
             \x20              `see https[:]//x`"
        );
    }
}
