//! Checking an accepted answer against the question it answers.
//!
//! A malformed answer is the client's fault, never the user's decision: it comes back
//! as [`Malformed`], which callers report as an error and never as a cancellation.

use std::fmt;

use serde_json::{Map, Value};

use super::prompt::{Options, Prompt, PromptKind};
use crate::question::{Kind, Question, Requirement};
use crate::summary::escape::is_invisible;
use crate::summary::{escape_value, truncate_chars};

/// An answer that does not fit its question; the text says what was wrong and what
/// was expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Malformed {
    message: String,
}

impl Malformed {
    pub fn new(message: impl Into<String>) -> Self {
        Malformed {
            message: message.into(),
        }
    }
}

impl fmt::Display for Malformed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Malformed {}

/// Validates the `content` of an accepted answer to a derived question and returns
/// the answer, normalised: text → string, yes/no → bool, choice → string, integer
/// choice and integer → an integer, number → a number, multi-select → array.
/// Properties other than the question's are ignored.
pub fn validate_answer(
    q: &Question,
    content: Option<&Map<String, Value>>,
) -> Result<Value, Malformed> {
    validate_prompt(&Prompt::from(q), content)
}

/// Whether an accepted answer to `q` means "not set": an optional question left out of
/// the form (`null` from the validator), or an optional text with no visible character
/// (empty, spaces, invisible characters). A required-but-may-be-empty text keeps its `""`.
pub fn is_unset(q: &Question, value: &Value) -> bool {
    value.is_null()
        || (q.kind == Kind::Text
            && q.requirement == Requirement::Optional
            && value.as_str().is_some_and(|text| !visible(text)))
}

/// Whether `text` holds a character a reader can see.
fn visible(text: &str) -> bool {
    text.chars().any(|c| !c.is_whitespace() && !is_invisible(c))
}

/// [`validate_answer`] for any prompt, derived or built at run time.
pub fn validate_prompt(
    p: &Prompt<'_>,
    content: Option<&Map<String, Value>>,
) -> Result<Value, Malformed> {
    let property = p.property();
    let Some(content) = content else {
        return Err(Malformed::new(format!(
            "the answer has no content, expected an object with `{property}`"
        )));
    };
    // A form whose field may stay empty may come back without it (`{}`): a client leaves
    // an untouched optional field out. That is the empty answer: `""` for a text that must
    // be answered but may be empty, "not set" (`null`) for an optional question.
    let value = match content.get(property) {
        Some(Value::String(text))
            if text.is_empty()
                && p.requirement == Requirement::Optional
                && !matches!(p.kind, PromptKind::Text) =>
        {
            return Ok(Value::Null);
        }
        Some(value) => value,
        // An answer under another name is a client's mistake, not an empty answer:
        // refused, so that the answer it holds is not lost.
        None if !content.is_empty() => {
            let keys: Vec<String> = content.keys().map(|key| format!("`{key}`")).collect();
            return Err(Malformed::new(format!(
                "`{property}` is missing (the answer holds {}), expected {}",
                keys.join(", "),
                expected(p)
            )));
        }
        None => {
            return match (p.requirement, p.kind) {
                _ if p.must_fill() => Err(Malformed::new(format!(
                    "`{property}` is missing, expected {}",
                    expected(p)
                ))),
                (Requirement::RequiredMayBeEmpty, PromptKind::Text) => Ok(Value::from("")),
                (Requirement::RequiredMayBeEmpty, _) => Ok(Value::Array(Vec::new())),
                _ => Ok(Value::Null),
            };
        }
    };
    let wrong = || {
        Malformed::new(format!(
            "`{property}` must be {}, got {}",
            expected(p),
            shown(value)
        ))
    };
    match p.kind {
        PromptKind::Text => {
            let text = value.as_str().ok_or_else(wrong)?;
            if p.requirement == Requirement::Required && text.trim().is_empty() {
                return Err(Malformed::new(format!(
                    "`{property}` must not be empty, expected a non-empty string"
                )));
            }
            // What the user confirms must be what is sent: text that shows nothing is
            // refused rather than sent unseen.
            if p.requirement == Requirement::Required && !visible(text) {
                return Err(Malformed::new(format!(
                    "`{property}` holds only invisible characters, expected visible text"
                )));
            }
            Ok(value.clone())
        }
        PromptKind::YesNo => value.as_bool().map(Value::Bool).ok_or_else(wrong),
        PromptKind::Choice(options) => match value.as_str() {
            Some(choice) if options.contains(choice) => Ok(value.clone()),
            _ => Err(wrong()),
        },
        PromptKind::IntegerChoice(values) => match integer_choice(value) {
            Some(n) if values.contains(&n) => Ok(n.into()),
            _ => Err(wrong()),
        },
        PromptKind::Number { min, max, integer } => number(property, value, min, max, integer),
        PromptKind::MultiSelect {
            options,
            min_items,
            max_items,
        } => multi_select(property, value, options, min_items, max_items),
    }
}

/// What a valid answer looks like, for the error text.
fn expected(p: &Prompt<'_>) -> String {
    match p.kind {
        PromptKind::Text => "a string".into(),
        PromptKind::YesNo => "true or false".into(),
        PromptKind::Choice(options) => format!("one of {}", listed(options.values())),
        PromptKind::IntegerChoice(values) => {
            format!("one of {}", listed(values.iter().map(i64::to_string)))
        }
        PromptKind::Number { integer: true, .. } => "an integer".into(),
        PromptKind::Number { integer: false, .. } => "a number".into(),
        PromptKind::MultiSelect { options, .. } => {
            format!(
                "an array of distinct strings from {}",
                listed(options.values())
            )
        }
    }
}

/// Options in backticks, comma-separated; a long list is cut short.
fn listed<T: fmt::Display>(values: impl ExactSizeIterator<Item = T>) -> String {
    const SHOWN: usize = 20;
    let total = values.len();
    let mut text = values
        .take(SHOWN)
        .map(|value| format!("`{value}`"))
        .collect::<Vec<_>>()
        .join(", ");
    if total > SHOWN {
        text.push_str(&format!(" and {} more", total - SHOWN));
    }
    text
}

/// A received value for the error text: strings short and escaped so that the client's
/// text cannot shape the message, other types by name or literal.
fn shown(value: &Value) -> String {
    match value {
        Value::String(text) => escape_value(&truncate_chars(text, 40)),
        Value::Array(_) => "an array".into(),
        Value::Object(_) => "an object".into(),
        Value::Null | Value::Bool(_) | Value::Number(_) => value.to_string(),
    }
}

/// The integer an integer-choice answer names: the decimal string offered, or a JSON
/// number that is exactly an integer. `"007"`, `"+7"` and `"-0"` are not offered strings.
fn integer_choice(value: &Value) -> Option<i64> {
    match value {
        Value::String(text) => {
            let digits = text.strip_prefix('-').unwrap_or(text);
            let canonical = !digits.starts_with('0') || text == "0";
            let n: i64 = text.parse().ok()?;
            (canonical && !digits.starts_with('+')).then_some(n)
        }
        Value::Number(_) => whole_number(value).and_then(|n| i64::try_from(n).ok()),
        _ => None,
    }
}

/// A JSON number's exact integer value (`3.0` → 3), if it has one within 64 bits.
fn whole_number(value: &Value) -> Option<i128> {
    if let Some(n) = value.as_i64() {
        return Some(n.into());
    }
    if let Some(n) = value.as_u64() {
        return Some(n.into());
    }
    let n = value.as_f64()?;
    // -2^63 ..= 2^64 - 1 as floats; the cast is exact for an integral float in it.
    let in_range = (-9_223_372_036_854_775_808.0..18_446_744_073_709_551_616.0).contains(&n);
    #[allow(clippy::cast_possible_truncation, reason = "integral and in range")]
    (n.fract() == 0.0 && in_range).then_some(n as i128)
}

fn number(
    property: &str,
    value: &Value,
    min: Option<f64>,
    max: Option<f64>,
    integer: bool,
) -> Result<Value, Malformed> {
    let got = shown(value);
    let fail = |expected: &str| {
        Err(Malformed::new(format!(
            "`{property}` must be {expected}, got {got}"
        )))
    };
    let Some(n) = value.as_f64().filter(|n| n.is_finite()) else {
        return fail(if integer { "an integer" } else { "a number" });
    };
    let (normalised, below, above) = if integer {
        let Some(whole) = whole_number(value) else {
            return fail("an integer");
        };
        // Exact: a bound admits the integers on its side of it, and an answer past
        // 2^53 must not slip through a comparison rounded to f64.
        #[allow(
            clippy::cast_possible_truncation,
            reason = "saturating; i128 holds every 64-bit answer"
        )]
        let (below, above) = (
            min.is_some_and(|min| whole < min.ceil() as i128),
            max.is_some_and(|max| whole > max.floor() as i128),
        );
        let normalised = i64::try_from(whole)
            .map(Value::from)
            .or_else(|_| u64::try_from(whole).map(Value::from))
            .expect("whole_number stays within 64 bits");
        (normalised, below, above)
    } else {
        (
            value.clone(),
            min.is_some_and(|min| n < min),
            max.is_some_and(|max| n > max),
        )
    };
    match (min, max) {
        (Some(min), _) if below => fail(&format!("at least {min}")),
        (_, Some(max)) if above => fail(&format!("at most {max}")),
        _ => Ok(normalised),
    }
}

fn multi_select(
    property: &str,
    value: &Value,
    options: Options<'_>,
    min_items: Option<u32>,
    max_items: Option<u32>,
) -> Result<Value, Malformed> {
    let Some(items) = value.as_array() else {
        return Err(Malformed::new(format!(
            "`{property}` must be an array of strings, got {}",
            shown(value)
        )));
    };
    // The schema cannot say `uniqueItems` (rmcp's typed schema has no such field), so a
    // repeated item is accepted, as the schema allows, and kept once.
    let mut picked: Vec<Value> = Vec::with_capacity(items.len());
    for item in items {
        if !item.as_str().is_some_and(|text| options.contains(text)) {
            return Err(Malformed::new(format!(
                "`{property}` may hold only {}, got {}",
                listed(options.values()),
                shown(item)
            )));
        }
        if !picked.contains(item) {
            picked.push(item.clone());
        }
    }
    let count = items.len();
    if let Some(min) = min_items.filter(|&min| count < min as usize) {
        return Err(Malformed::new(format!(
            "`{property}` must hold at least {min} items, got {count}"
        )));
    }
    if let Some(max) = max_items.filter(|&max| count > max as usize) {
        return Err(Malformed::new(format!(
            "`{property}` must hold at most {max} items, got {count}"
        )));
    }
    Ok(Value::Array(picked))
}
