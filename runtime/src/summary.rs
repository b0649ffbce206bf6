//! The text of the final yes/no: the wizard's own words verbatim, every value from the
//! model truncated and escaped (SPEC.md §3).

use crate::escape::{escape_value, truncate_chars};
use crate::wizard::SummaryPart;

/// Renders a summary: literals as written, each value cut to its `truncate` length
/// (plus `...`) and then escaped with [`escape_value`].
///
/// ```
/// use wizard::{SummaryPart, render_summary};
/// let parts = [
///     SummaryPart::Literal("Create issue in project "),
///     SummaryPart::Value { text: "42".into(), truncate: None },
///     SummaryPart::Literal("?"),
/// ];
/// assert_eq!(render_summary(&parts), "Create issue in project `42`?");
/// ```
pub fn render_summary(parts: &[SummaryPart]) -> String {
    let mut out = String::new();
    for part in parts {
        match part {
            SummaryPart::Literal(text) => out.push_str(text),
            SummaryPart::Value { text, truncate } => {
                let shown = match truncate {
                    Some(n) => truncate_chars(text, *n),
                    None => text.as_str().into(),
                };
                out.push_str(&escape_value(&shown));
            }
        }
    }
    out
}
