//! A JSON body built by hand from typed fields: what a wizard's finished struct sends, and
//! what an alternative's extra fields add to it.

use serde::Serialize;
use serde_json::{Map, Value};

/// A JSON body that leaves out every field that was not set.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Body {
    fields: Map<String, Value>,
}

impl Body {
    pub fn new() -> Self {
        Body::default()
    }

    /// Sets `key` when `value` is `Some`.
    pub fn opt<T: Serialize>(mut self, key: &'static str, value: Option<T>) -> Self {
        if let Some(value) = value {
            self.fields.insert(key.to_owned(), to_json(value));
        }
        self
    }

    pub fn set<T: Serialize>(self, key: &'static str, value: T) -> Self {
        self.opt(key, Some(value))
    }

    /// Sets `labels` as GitLab wants it: one comma-separated string. An empty list is
    /// left out, so "no labels" never clears labels by accident.
    pub fn labels(self, key: &'static str, labels: Option<&[String]>) -> Self {
        self.opt(key, comma_list(labels))
    }
}

impl From<Body> for Value {
    fn from(body: Body) -> Value {
        Value::Object(body.fields)
    }
}

/// Labels as GitLab takes them: `bug,ui`. `None` for no labels or an empty list.
fn comma_list(labels: Option<&[String]>) -> Option<String> {
    labels
        .filter(|labels| !labels.is_empty())
        .map(|labels| labels.join(","))
}

fn to_json<T: Serialize>(value: T) -> Value {
    // The catalog serialises plain strings, numbers, booleans and lists of them.
    serde_json::to_value(value).expect("catalog parameters serialise to JSON")
}
