//! Content checked against an arbitrary *flat* form schema, for the "gather data"
//! primitive: the subset of JSON Schema MCP allows in `requestedSchema`.
//!
//! A flat schema is an object whose properties are strings (optionally an `enum`, a
//! titled `oneOf`, `minLength`/`maxLength`, a `format` of `email`, `uri`, `date` or
//! `date-time`), numbers or integers (`minimum`/`maximum`), booleans, or arrays of
//! offered strings (`items.enum` or a titled `items.anyOf`, `minItems`/`maxItems`).
//! Anything else, nested objects and `$ref` first, is refused before it is sent.

use serde_json::{Map, Value};

use crate::form::validate::Malformed;
use crate::summary::{escape_value, truncate_chars};

mod format;
mod parse;

use parse::{Field, distinct, parse};

/// Refuses a schema a form client cannot render, saying what to change.
pub fn check_flat_schema(schema: &Value) -> Result<(), String> {
    parse(schema).map(drop)
}

/// Validates accepted `content` against a flat `schema`: every `required` property
/// present, every known property of its type and within its limits. Other properties
/// are ignored unless the schema sets `additionalProperties: false`. A schema that
/// [`check_flat_schema`] refuses makes every answer malformed: what it means is unknown.
pub fn validate_against(schema: &Value, content: &Map<String, Value>) -> Result<(), Malformed> {
    let form = parse(schema)
        .map_err(|why| Malformed::new(format!("the schema is not a flat form schema: {why}")))?;
    for name in &form.required {
        if !content.contains_key(*name) {
            return Err(Malformed::new(format!(
                "`{name}` is missing, expected a value"
            )));
        }
    }
    for (name, value) in content {
        match form.fields.iter().find(|(field, _)| field == name) {
            Some((_, field)) => field.check(name, value).map_err(Malformed::new)?,
            None if form.closed => {
                // The name is the client's: shown short and escaped.
                let name = escape_value(&truncate_chars(name, 40));
                return Err(Malformed::new(format!(
                    "{name} is not a property of this form"
                )));
            }
            None => {}
        }
    }
    Ok(())
}

impl Field<'_> {
    /// Checks one value; the error text names the property and what was expected.
    fn check(&self, name: &str, value: &Value) -> Result<(), String> {
        match self {
            Field::Text {
                choices,
                min_len,
                max_len,
                format,
            } => {
                let text = value
                    .as_str()
                    .ok_or_else(|| format!("`{name}` must be a string, got {}", kind_of(value)))?;
                if let Some(choices) = choices
                    && !choices.contains(&text)
                {
                    let offered: Vec<_> =
                        choices.iter().map(|choice| format!("`{choice}`")).collect();
                    return Err(format!("`{name}` must be one of {}", offered.join(", ")));
                }
                let len = text.chars().count() as u64;
                within(name, len, *min_len, *max_len, "characters")?;
                match format {
                    Some(format) if !format::matches(format, text) => {
                        Err(format!("`{name}` must be a valid {format}"))
                    }
                    _ => Ok(()),
                }
            }
            Field::Number { integer, min, max } => {
                let n = value
                    .as_f64()
                    .ok_or_else(|| format!("`{name}` must be a number, got {}", kind_of(value)))?;
                if *integer && !(value.is_i64() || value.is_u64() || n.fract() == 0.0) {
                    return Err(format!("`{name}` must be an integer, got {n}"));
                }
                match (min, max) {
                    (Some(min), _) if n < *min => {
                        Err(format!("`{name}` must be at least {min}, got {n}"))
                    }
                    (_, Some(max)) if n > *max => {
                        Err(format!("`{name}` must be at most {max}, got {n}"))
                    }
                    _ => Ok(()),
                }
            }
            Field::Boolean => value
                .is_boolean()
                .then_some(())
                .ok_or_else(|| format!("`{name}` must be true or false, got {}", kind_of(value))),
            Field::Multi {
                choices,
                min_items,
                max_items,
                unique,
            } => {
                let items = value.as_array().ok_or_else(|| {
                    format!(
                        "`{name}` must be an array of strings, got {}",
                        kind_of(value)
                    )
                })?;
                let picked = items.iter().map(Value::as_str).collect::<Option<Vec<_>>>();
                let picked =
                    picked.filter(|picked| picked.iter().all(|item| choices.contains(item)));
                let offered: Vec<_> = choices.iter().map(|choice| format!("`{choice}`")).collect();
                let picked = picked
                    .ok_or_else(|| format!("`{name}` may hold only {}", offered.join(", ")))?;
                if *unique && !distinct(&picked) {
                    return Err(format!(
                        "`{name}` holds an item twice, expected distinct items"
                    ));
                }
                within(name, picked.len() as u64, *min_items, *max_items, "items")
            }
        }
    }
}

fn within(
    name: &str,
    n: u64,
    min: Option<u64>,
    max: Option<u64>,
    unit: &str,
) -> Result<(), String> {
    match (min, max) {
        (Some(min), _) if n < min => {
            Err(format!("`{name}` must have at least {min} {unit}, got {n}"))
        }
        (_, Some(max)) if n > max => {
            Err(format!("`{name}` must have at most {max} {unit}, got {n}"))
        }
        _ => Ok(()),
    }
}

/// The JSON type of a wrong value; the value itself is not echoed.
pub(crate) fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}
