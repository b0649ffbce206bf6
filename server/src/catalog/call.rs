//! What a catalog action asks of GitLab, as plain data ([`ApiRequest`]): the catalog builds
//! it from typed parameters, the executor hands it to the REST client. Tests read it without
//! a server.

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Map, Value};

use crate::gitlab::{ApiRequest, Method};

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

/// A call to `{base}/api/v4/<path>`; `path` holds unencoded segments
/// (`["projects", "demo/sandbox", "issues"]`) that the client percent-encodes one by one.
pub fn request(method: Method, path: Vec<String>) -> ApiRequest {
    ApiRequest {
        method,
        path,
        query: Vec::new(),
        body: None,
    }
}

/// Builder steps for [`ApiRequest`] from the catalog's helpers.
pub trait RequestExt {
    fn with_body(self, body: Body) -> Self;
    fn with_query(self, query: Query) -> Self;
}

impl RequestExt for ApiRequest {
    fn with_body(mut self, body: Body) -> Self {
        self.body = Some(Value::Object(body.0));
        self
    }

    fn with_query(mut self, query: Query) -> Self {
        self.query = query.0;
        self
    }
}

/// A JSON body that leaves out every field that was not set.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Body(pub Map<String, Value>);

impl Body {
    pub fn new() -> Self {
        Body::default()
    }

    /// Sets `key` when `value` is `Some`.
    pub fn opt<T: Serialize>(mut self, key: &str, value: Option<T>) -> Self {
        if let Some(value) = value {
            self.0.insert(key.to_owned(), to_json(value));
        }
        self
    }

    pub fn set<T: Serialize>(mut self, key: &str, value: T) -> Self {
        self.0.insert(key.to_owned(), to_json(value));
        self
    }

    /// Sets `labels` as GitLab wants it: one comma-separated string. An empty list is
    /// left out, so "no labels" never clears labels by accident.
    pub fn labels(self, key: &str, labels: Option<&[String]>) -> Self {
        let joined = labels
            .filter(|labels| !labels.is_empty())
            .map(|labels| labels.join(","));
        self.opt(key, joined)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Moves every field of `other` into this body.
    pub fn extend(mut self, other: Body) -> Self {
        self.0.extend(other.0);
        self
    }
}

/// Query parameters, in the order they were set, leaving out unset ones.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Query(pub Vec<(String, String)>);

impl Query {
    pub fn new() -> Self {
        Query::default()
    }

    pub fn opt(mut self, key: &str, value: Option<impl ToString>) -> Self {
        if let Some(value) = value {
            self.0.push((key.to_owned(), value.to_string()));
        }
        self
    }

    pub fn labels(self, key: &str, labels: Option<&[String]>) -> Self {
        self.opt(
            key,
            labels
                .filter(|labels| !labels.is_empty())
                .map(|labels| labels.join(",")),
        )
    }
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
