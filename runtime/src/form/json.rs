//! A form's `requestedSchema` as JSON: the object with its one property (listed in
//! `required` only when the form cannot be sent back without it), and how the wire
//! writes a number. [`typed_schema`](super::typed_schema) writes the same through
//! rmcp's types.

use serde_json::{Map, Number, Value, json};

use super::prompt::{Prompt, PromptKind};
use crate::question::{DefaultValue, Requirement};

/// The `requestedSchema` of any prompt. Run [`check_prompt`](super::check_prompt) first on prompts built
/// at run time: this builder trusts the prompt to be well formed.
pub fn prompt_schema(p: &Prompt<'_>) -> Map<String, Value> {
    let mut properties = Map::new();
    properties.insert(p.property().into(), property(p, &p.label()).into());
    let mut schema = Map::new();
    schema.insert("type".into(), "object".into());
    schema.insert("properties".into(), properties.into());
    if p.must_fill() {
        schema.insert("required".into(), json!([p.property()]));
    }
    schema
}

/// One property of a form: its type, `title`, `description` (the message), what it
/// offers and its default. A yes/no starts on no unless its prompt starts it on yes
/// (the intro's [`Start`](crate::live::Start)); a single form may replace that default.
pub(crate) fn property(p: &Prompt<'_>, title: &str) -> Map<String, Value> {
    let mut property = Map::new();
    let kind = match p.kind {
        PromptKind::Text | PromptKind::Choice(_) | PromptKind::IntegerChoice(_) => "string",
        PromptKind::YesNo => "boolean",
        PromptKind::Number { integer: true, .. } => "integer",
        PromptKind::Number { integer: false, .. } => "number",
        PromptKind::MultiSelect { .. } => "array",
    };
    property.insert("type".into(), kind.into());
    property.insert("title".into(), title.into());
    property.insert("description".into(), p.message.into());
    match p.kind {
        // A required text must not be empty: said here, so that clients check it too.
        PromptKind::Text if p.requirement == Requirement::Required => {
            property.insert("minLength".into(), 1.into());
        }
        PromptKind::Text => {}
        // A yes/no starts on no, unless the server read where it starts.
        PromptKind::YesNo => {
            let yes = p.default == Some(DefaultValue::Bool(true));
            property.insert("default".into(), yes.into());
        }
        PromptKind::Choice(options) => match options.titles() {
            // MCP's titled options: the label shown, the value answered.
            Some(titles) => {
                let one_of = options
                    .values()
                    .zip(titles)
                    .map(|(value, title)| json!({"const": value, "title": title}))
                    .collect();
                property.insert("oneOf".into(), one_of);
            }
            None => {
                property.insert("enum".into(), options.values().collect());
            }
        },
        PromptKind::IntegerChoice(values) => {
            let values = values.iter().map(i64::to_string).collect();
            property.insert("enum".into(), values);
        }
        PromptKind::Number { min, max, integer } => {
            for (name, bound) in [("minimum", min), ("maximum", max)] {
                if let Some(bound) = bound {
                    property.insert(name.into(), number(bound, integer));
                }
            }
        }
        PromptKind::MultiSelect {
            options,
            min_items,
            max_items,
        } => {
            let items = json!({"type": "string", "enum": options.values().collect::<Vec<_>>()});
            property.insert("items".into(), items);
            if let Some(n) = min_items {
                property.insert("minItems".into(), n.into());
            }
            if let Some(n) = max_items {
                property.insert("maxItems".into(), n.into());
            }
        }
    }
    if let Some(default) = p.default.filter(|_| !matches!(p.kind, PromptKind::YesNo)) {
        #[allow(
            clippy::cast_precision_loss,
            reason = "a default beyond 2^53 is not a form value"
        )]
        let default = match (default, p.kind) {
            // An integer choice offers strings, so its default is one too.
            (DefaultValue::Integer(n), PromptKind::IntegerChoice(_)) => n.to_string().into(),
            (DefaultValue::Integer(n), PromptKind::Number { integer, .. }) => {
                number(n as f64, integer)
            }
            (DefaultValue::Number(n), PromptKind::Number { integer, .. }) => number(n, integer),
            (DefaultValue::Text(text), _) => text.into(),
            (DefaultValue::Integer(n), _) => n.into(),
            (DefaultValue::Number(n), _) => number(n, false),
            (DefaultValue::Bool(yes), _) => yes.into(),
        };
        property.insert("default".into(), default);
    }
    property
}

/// 2^53: every integer up to it is exact as an `f64`.
pub(super) const EXACT: f64 = 9_007_199_254_740_992.0;

/// A number as the wire writes it: an integer question's as a JSON integer, a number
/// question's as a float (`0.0`), as rmcp's typed schema re-encodes them. Non-integral,
/// huge or non-finite values are refused by [`check_prompt`](super::check_prompt) before
/// they get here.
fn number(n: f64, integer: bool) -> Value {
    if integer && n.fract() == 0.0 && n.abs() <= EXACT {
        #[allow(clippy::cast_possible_truncation, reason = "integral and within ±2^53")]
        return Value::from(n as i64);
    }
    Number::from_f64(n).map_or(Value::Null, Value::Number)
}
