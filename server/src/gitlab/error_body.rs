//! GitLab's error bodies, whatever their shape, read into one line of text.
//!
//! Shapes seen from GitLab: `{"message": "…"}`, `{"message": ["…", …]}`,
//! `{"message": {"field": ["…", …]}}` (validation, fields in GitLab's order), `{"error": "…",
//! "error_description": "…"}` (parameter checks, OAuth), plain text (429), HTML (a proxy in
//! front of GitLab), and nothing at all.

use std::fmt;

use serde::Deserialize;
use serde::de::{Deserializer, MapAccess, Visitor};
use serde_json::Value;

/// Longest message kept from a text body; proxies can send whole pages.
const MAX_TEXT: usize = 300;

/// The body as a value for [`super::ApiError::body`]: JSON when it parses, else the text.
pub(crate) fn body_value(bytes: &[u8]) -> Value {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Value::Null;
    }
    serde_json::from_slice(bytes)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(bytes).into_owned()))
}

/// One line saying what GitLab objected to, or `None` for an empty body.
pub(crate) fn message(bytes: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(bytes);
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    if let Ok(body) = serde_json::from_str::<ErrorBody>(text)
        && let Some(message) = body.message()
    {
        return Some(message);
    }
    if serde_json::from_str::<Value>(text).is_ok() {
        return Some(shorten(text));
    }
    if looks_like_html(text) {
        return Some(match html_title(text) {
            Some(title) => format!("an HTML page titled `{}`", shorten(title)),
            None => "an HTML page instead of JSON".to_owned(),
        });
    }
    Some(shorten(text))
}

#[derive(Deserialize)]
struct ErrorBody {
    message: Option<Message>,
    error: Option<Value>,
    error_description: Option<Value>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Message {
    Text(String),
    List(Vec<Value>),
    Fields(OrderedFields),
    Other(Value),
}

impl ErrorBody {
    fn message(self) -> Option<String> {
        let text = match (self.message, self.error) {
            (Some(message), _) => message.into_text(),
            (None, Some(error)) => {
                let error = plain(&error);
                match self.error_description.as_ref().map(plain) {
                    Some(description) if !description.is_empty() => {
                        format!("{error}: {description}")
                    }
                    _ => error,
                }
            }
            (None, None) => return None,
        };
        let text = text.trim();
        (!text.is_empty()).then(|| shorten(text))
    }
}

impl Message {
    fn into_text(self) -> String {
        match self {
            Message::Text(text) => text,
            Message::List(items) => items.iter().map(plain).collect::<Vec<_>>().join("; "),
            Message::Fields(OrderedFields(fields)) => fields
                .iter()
                .flat_map(|(field, problems)| field_problems(field, problems))
                .collect::<Vec<_>>()
                .join("; "),
            Message::Other(value) => plain(&value),
        }
    }
}

/// `{"title": ["is too long"]}` → `title is too long`; `base` errors stand alone.
fn field_problems(field: &str, problems: &Value) -> Vec<String> {
    let problems = match problems {
        Value::Array(items) => items.iter().map(plain).collect(),
        other => vec![plain(other)],
    };
    problems
        .into_iter()
        .map(|problem| {
            if field == "base" {
                problem
            } else {
                format!("{field} {problem}")
            }
        })
        .collect()
}

/// A string as itself, anything else as compact JSON.
fn plain(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn shorten(text: &str) -> String {
    let one_line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    match one_line.char_indices().nth(MAX_TEXT) {
        Some((cut, _)) => format!("{}…", &one_line[..cut]),
        None => one_line,
    }
}

fn looks_like_html(text: &str) -> bool {
    let start = text
        .get(..text.len().min(200))
        .unwrap_or(text)
        .to_ascii_lowercase();
    start.starts_with("<!doctype html") || start.contains("<html")
}

fn html_title(text: &str) -> Option<&str> {
    let lower = text.to_ascii_lowercase();
    let start = lower.find("<title>")? + "<title>".len();
    let end = start + lower[start..].find("</title>")?;
    let title = text[start..end].trim();
    (!title.is_empty()).then_some(title)
}

/// A JSON object's entries in the order GitLab wrote them (serde_json's map sorts its keys).
struct OrderedFields(Vec<(String, Value)>);

impl<'de> Deserialize<'de> for OrderedFields {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct FieldsVisitor;

        impl<'de> Visitor<'de> for FieldsVisitor {
            type Value = OrderedFields;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object of field errors")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<OrderedFields, A::Error> {
                let mut fields = Vec::new();
                while let Some(entry) = map.next_entry::<String, Value>()? {
                    fields.push(entry);
                }
                Ok(OrderedFields(fields))
            }
        }

        deserializer.deserialize_map(FieldsVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(body: &str) -> Option<String> {
        message(body.as_bytes())
    }

    #[test]
    fn odd_shapes_still_read_as_text() {
        assert_eq!(read(" \n"), None);
        assert_eq!(
            read(r#"{"message":null,"error":"scope missing"}"#).as_deref(),
            Some("scope missing")
        );
        assert_eq!(
            read(r#"{"message":["a",{"b":1}]}"#).as_deref(),
            Some(r#"a; {"b":1}"#)
        );
        assert_eq!(
            read(r#"{"message":{"name":"is bad"}}"#).as_deref(),
            Some("name is bad")
        );
        assert_eq!(read(r#"{"message":42}"#).as_deref(), Some("42"));
        assert_eq!(
            read(r#"{"error":"invalid_grant","error_description":""}"#).as_deref(),
            Some("invalid_grant")
        );
        assert_eq!(
            read(r#"{"status":"down"}"#).as_deref(),
            Some(r#"{"status":"down"}"#)
        );
        assert_eq!(
            read("<html><body>no title</body></html>").as_deref(),
            Some("an HTML page instead of JSON")
        );
        assert_eq!(
            read("line one\n\n  line two").as_deref(),
            Some("line one line two")
        );
    }

    #[test]
    fn long_text_is_cut_on_a_character_boundary() {
        let text = "é".repeat(MAX_TEXT + 10);
        let read = read(&text).unwrap();
        assert_eq!(read.chars().count(), MAX_TEXT + 1);
        assert!(read.ends_with('…'));
    }

    #[test]
    fn bodies_keep_their_json_or_their_text() {
        assert_eq!(body_value(b""), Value::Null);
        assert_eq!(body_value(br#"{"a":1}"#), serde_json::json!({"a": 1}));
        assert_eq!(
            body_value(b"Retry later"),
            Value::String("Retry later".to_owned())
        );
    }
}
