//! What one REST call is made of, and what comes back from it.

use std::fmt;

use reqwest::Method;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};

use super::GitLabError;

/// GitLab's `:id`: a project number, or its full path (`group/subgroup/project`).
///
/// A path is one URL segment on the wire (`group%2Fproject`): [`ApiRequest::segment`] encodes it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ProjectId {
    Id(u64),
    Path(String),
}

impl ProjectId {
    /// Accepts what a tool caller sends as `project_id`: a non-negative integer, or a non-empty
    /// string (all digits → the number).
    pub fn from_json(value: &Value) -> Result<ProjectId, InvalidProjectId> {
        match value {
            Value::Number(n) => n.as_u64().map(ProjectId::Id).ok_or(InvalidProjectId),
            Value::String(s) => ProjectId::parse(s),
            _ => Err(InvalidProjectId),
        }
    }

    /// A number or a path; surrounding whitespace and slashes are dropped.
    pub fn parse(text: &str) -> Result<ProjectId, InvalidProjectId> {
        let text = text.trim().trim_matches('/');
        if text.is_empty() {
            return Err(InvalidProjectId);
        }
        if text.bytes().all(|b| b.is_ascii_digit()) {
            return text
                .parse()
                .map(ProjectId::Id)
                .map_err(|_| InvalidProjectId);
        }
        Ok(ProjectId::Path(text.to_owned()))
    }
}

impl fmt::Display for ProjectId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProjectId::Id(id) => write!(f, "{id}"),
            ProjectId::Path(path) => f.write_str(path),
        }
    }
}

impl From<u64> for ProjectId {
    fn from(id: u64) -> ProjectId {
        ProjectId::Id(id)
    }
}

impl Serialize for ProjectId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            ProjectId::Id(id) => serializer.serialize_u64(*id),
            ProjectId::Path(path) => serializer.serialize_str(path),
        }
    }
}

impl<'de> Deserialize<'de> for ProjectId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ProjectId, D::Error> {
        let value = Value::deserialize(deserializer)?;
        ProjectId::from_json(&value).map_err(serde::de::Error::custom)
    }
}

/// `project_id` was neither a project number nor a path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("`project_id` must be a project number or a non-empty path like `group/project`")]
pub struct InvalidProjectId;

/// One call to `{base}/api/v4/…`. Path segments are kept raw and percent-encoded one by one when
/// sent, so `demo/sandbox` travels as `demo%2Fsandbox` and `v1.0/rc 1` as `v1.0%2Frc%201`.
#[derive(Debug, Clone, PartialEq)]
pub struct ApiRequest {
    pub method: Method,
    /// Raw (unencoded) segments after `/api/v4`.
    pub path: Vec<String>,
    pub query: Vec<(String, String)>,
    /// Sent as JSON when present.
    pub body: Option<Value>,
}

impl ApiRequest {
    pub fn new(method: Method) -> ApiRequest {
        ApiRequest {
            method,
            path: Vec::new(),
            query: Vec::new(),
            body: None,
        }
    }

    pub fn get() -> ApiRequest {
        ApiRequest::new(Method::GET)
    }

    pub fn post() -> ApiRequest {
        ApiRequest::new(Method::POST)
    }

    pub fn put() -> ApiRequest {
        ApiRequest::new(Method::PUT)
    }

    pub fn delete() -> ApiRequest {
        ApiRequest::new(Method::DELETE)
    }

    /// Appends one path segment; it is encoded whole, slashes included.
    pub fn segment(mut self, segment: impl fmt::Display) -> ApiRequest {
        self.path.push(segment.to_string());
        self
    }

    pub fn query(mut self, key: impl Into<String>, value: impl fmt::Display) -> ApiRequest {
        self.query.push((key.into(), value.to_string()));
        self
    }

    /// Turns a JSON object of filters into query parameters the way GitLab reads them: strings,
    /// numbers and booleans as text, arrays as repeated `key[]`, nulls left out.
    pub fn query_object(mut self, filters: &Map<String, Value>) -> Result<ApiRequest, GitLabError> {
        for (key, value) in filters {
            match value {
                Value::Null => {}
                Value::Array(items) => {
                    for item in items {
                        let text = scalar_text(key, item)?;
                        self.query.push((format!("{key}[]"), text));
                    }
                }
                other => {
                    let text = scalar_text(key, other)?;
                    self.query.push((key.clone(), text));
                }
            }
        }
        Ok(self)
    }

    /// `page` (from 1) and `per_page` (1..=100); checked when sent.
    pub fn page(self, page: u32, per_page: u32) -> ApiRequest {
        self.query("page", page).query("per_page", per_page)
    }

    pub fn json(mut self, body: Value) -> ApiRequest {
        self.body = Some(body);
        self
    }

    /// Refuses what GitLab would silently change: a page below 1 or a page size outside 1..=100.
    pub(crate) fn check(&self) -> Result<(), GitLabError> {
        // The URL library drops `.` and `..` segments, which would silently call another endpoint.
        if let Some(bad) = self
            .path
            .iter()
            .find(|s| s.trim().is_empty() || *s == "." || *s == "..")
        {
            let shown = if bad.trim().is_empty() {
                "empty".to_owned()
            } else {
                format!("`{bad}`")
            };
            return Err(GitLabError::InvalidRequest {
                reason: format!(
                    "a path part of the request is {shown}; give a real id, iid, path or tag name"
                ),
            });
        }
        for (key, value) in &self.query {
            let (min, max) = match key.as_str() {
                "page" => (1, u32::MAX),
                "per_page" => (1, 100),
                _ => continue,
            };
            let fits = value
                .trim()
                .parse::<u64>()
                .is_ok_and(|n| (min..=u64::from(max)).contains(&n));
            if fits {
                continue;
            }
            let reason = if key == "page" {
                format!("`page` must be a whole number from 1 (got `{value}`)")
            } else {
                format!(
                    "`per_page` must be between 1 and 100 (got `{value}`); GitLab serves at most 100 \
                     items a page, read the following pages with `page`"
                )
            };
            return Err(GitLabError::InvalidRequest { reason });
        }
        Ok(())
    }
}

fn scalar_text(key: &str, value: &Value) -> Result<String, GitLabError> {
    match value {
        Value::String(s) => Ok(s.clone()),
        Value::Number(n) => Ok(n.to_string()),
        Value::Bool(b) => Ok(b.to_string()),
        _ => Err(GitLabError::InvalidRequest {
            reason: format!("filter `{key}` must be a string, number, boolean or a list of those"),
        }),
    }
}

/// A successful answer. `body` is the parsed JSON (`null` when empty, a string when GitLab sent
/// text). `next_page` and `total` come from `x-next-page` / `x-total`, else from `Link: rel="next"`.
#[derive(Debug, Clone, PartialEq)]
pub struct ApiResponse {
    pub status: u16,
    pub body: Value,
    pub next_page: Option<u32>,
    pub total: Option<u64>,
}

/// One page of a list endpoint.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Page {
    pub items: Vec<Value>,
    /// The page to ask for next; `None` on the last page.
    pub next_page: Option<u32>,
    /// All items over all pages, when GitLab counted them.
    pub total: Option<u64>,
}
