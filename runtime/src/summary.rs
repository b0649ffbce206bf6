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
                out.push_str(&escape_value(&shown));
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
