//! The pieces of a catalog action's GitLab call that are not the request itself: the JSON
//! body built from typed parameters, and the structured results a call turns into.

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Map, Value};

/// How the answer becomes the tool's structured result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Output {
    /// One GitLab object, returned as it came.
    Object,
    /// A page of objects: `{items, next_page, total}`.
    List,
    /// A deletion: `{deleted: true, status, message}`.
    Deleted,
}

/// A JSON body that leaves out every field that was not set. It remembers every field it
/// was offered, so that an update can name what it could have changed.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Body {
    fields: Map<String, Value>,
    offered: Vec<&'static str>,
}

impl Body {
    pub fn new() -> Self {
        Body::default()
    }

    /// Sets `key` when `value` is `Some`.
    pub fn opt<T: Serialize>(mut self, key: &'static str, value: Option<T>) -> Self {
        self.offered.push(key);
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

    pub fn is_empty(&self) -> bool {
        self.fields.is_empty()
    }

    /// Refuses an update that would change nothing, naming every field it could change.
    pub fn require_change(&self) -> Result<(), String> {
        if !self.is_empty() {
            return Ok(());
        }
        let names: Vec<String> = self.offered.iter().map(|f| format!("`{f}`")).collect();
        Err(format!(
            "nothing to update; give at least one of {}",
            names.join(", ")
        ))
    }
}

impl From<Body> for Value {
    fn from(body: Body) -> Value {
        Value::Object(body.fields)
    }
}

/// Labels as GitLab takes them, in a body or a query: `bug,ui`. `None` for no labels or an
/// empty list.
pub fn comma_list(labels: Option<&[String]>) -> Option<String> {
    labels
        .filter(|labels| !labels.is_empty())
        .map(|labels| labels.join(","))
}

fn to_json<T: Serialize>(value: T) -> Value {
    // The catalog serialises plain strings, numbers, booleans and lists of them.
    serde_json::to_value(value).expect("catalog parameters serialise to JSON")
}

/// The structured result of a list action.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Page {
    /// The objects on this page, as GitLab returned them.
    pub items: Vec<Map<String, Value>>,
    /// The next page to ask for, when there is one.
    pub next_page: Option<u32>,
    /// How many objects match in all, when GitLab says.
    pub total: Option<u64>,
}

/// The structured result of a delete action.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Deleted {
    /// Always true: a failed deletion is an error result instead.
    pub deleted: bool,
    /// The HTTP status GitLab answered with (204, 202 when GitLab deletes later, 200).
    pub status: u16,
    /// GitLab's message, when it sent one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}
