//! What one REST call is made of, and what comes back from it.

use std::fmt;

use reqwest::Method;
use serde_json::Value;

use super::error::GitLabError;
use super::project_id::ProjectId;

/// One call to `{base}/api/v4/…` (or to GraphQL, `{base}/api/graphql`), as asked for. Path
/// segments are kept raw; `super::url` builds the URL that is sent, each segment
/// percent-encoded whole, so `demo/sandbox` travels as `demo%2Fsandbox` and `v1.0/rc 1` as
/// `v1.0%2Frc%201`.
#[derive(Debug, Clone, PartialEq)]
pub struct ApiRequest {
    pub method: Method,
    /// Raw (unencoded) segments after `/api/v4`.
    pub path: Vec<String>,
    pub query: Vec<(String, String)>,
    /// Sent as JSON when present.
    pub body: Option<Value>,
    /// Sent as `multipart/form-data` instead of a JSON body (the few routes that take a
    /// file, a Markdown upload). Boxed: requests sit in many futures, rarely with a file.
    pub file: Option<Box<FilePart>>,
    pub api: Api,
}

/// A file GitLab takes as one field of a `multipart/form-data` body.
#[derive(Clone, PartialEq)]
pub struct FilePart {
    /// The form field GitLab reads: `file`.
    pub field: &'static str,
    /// The name GitLab keeps and shows (`screenshot.png`).
    pub file_name: String,
    pub bytes: Vec<u8>,
}

impl fmt::Debug for FilePart {
    // The content may be large or binary: its size says enough in a log.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "FilePart({} = {:?}, {} bytes)",
            self.field,
            self.file_name,
            self.bytes.len()
        )
    }
}

/// Which of GitLab's APIs a request goes to, and so what tells whether it writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Api {
    /// REST, under `/api/v4`: any method but GET writes.
    #[default]
    Rest,
    /// GraphQL, `POST /api/graphql`: the document writes when it holds a mutation.
    GraphQl { mutation: bool },
}

impl ApiRequest {
    pub fn new(method: Method) -> ApiRequest {
        ApiRequest {
            method,
            path: Vec::new(),
            query: Vec::new(),
            body: None,
            file: None,
            api: Api::Rest,
        }
    }

    /// `POST /api/graphql` with `body` (`{query, variables, operationName}`); `mutation`
    /// says whether its document holds one.
    /// `POST /api/graphql` of a document: the body GitLab reads, `query`, its
    /// `variables` and the `operationName` to run, each when given.
    pub fn graphql_document(
        query: String,
        variables: Option<serde_json::Map<String, Value>>,
        operation_name: Option<String>,
        mutation: bool,
    ) -> ApiRequest {
        let mut body = serde_json::Map::from_iter([("query".to_owned(), Value::String(query))]);
        if let Some(variables) = variables {
            body.insert("variables".to_owned(), Value::Object(variables));
        }
        if let Some(name) = operation_name {
            body.insert("operationName".to_owned(), Value::String(name));
        }
        ApiRequest::graphql(Value::Object(body), mutation)
    }

    pub fn graphql(body: Value, mutation: bool) -> ApiRequest {
        ApiRequest {
            api: Api::GraphQl { mutation },
            ..ApiRequest::post().segment("graphql").json(body)
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

    #[cfg(test)]
    pub fn delete() -> ApiRequest {
        ApiRequest::new(Method::DELETE)
    }

    /// Appends one path segment; it is encoded whole, slashes included.
    pub fn segment(mut self, segment: impl fmt::Display) -> ApiRequest {
        self.path.push(segment.to_string());
        self
    }

    /// `projects/<id or path>`: where every project resource's path starts.
    pub fn project(self, project: &ProjectId) -> ApiRequest {
        self.segment("projects").segment(project)
    }

    pub fn query(mut self, key: impl Into<String>, value: impl fmt::Display) -> ApiRequest {
        self.query.push((key.into(), value.to_string()));
        self
    }

    #[cfg(test)]
    /// Adds `key=value` when there is a value: a filter left unset is not sent.
    pub fn query_opt(self, key: impl Into<String>, value: Option<impl fmt::Display>) -> ApiRequest {
        match value {
            Some(value) => self.query(key, value),
            None => self,
        }
    }

    #[cfg(test)]
    /// `page` (from 1) and `per_page` (1..=100) when given; checked when sent.
    pub fn page(self, page: Option<u32>, per_page: Option<u8>) -> ApiRequest {
        self.query_opt("page", page).query_opt("per_page", per_page)
    }

    pub fn json(mut self, body: Value) -> ApiRequest {
        self.body = Some(body);
        self
    }

    /// Sends `file` as the request's `multipart/form-data` body.
    pub fn file(mut self, file: FilePart) -> ApiRequest {
        self.file = Some(Box::new(file));
        self
    }

    /// Refuses a page below 1 or a page size outside 1..=100 (the path is checked where
    /// the URL is built, `super::url`).
    pub(crate) fn check(&self) -> Result<(), GitLabError> {
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

/// A successful answer. `body` is the parsed JSON (`null` when empty, a string when GitLab sent
/// text). `next_page` and `total` come from `x-next-page` / `x-total`, else from `Link: rel="next"`.
#[derive(Debug, Clone, PartialEq)]
pub struct ApiResponse {
    pub status: u16,
    pub body: Value,
    pub next_page: Option<u32>,
    pub total: Option<u64>,
}
