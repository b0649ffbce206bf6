//! The guarded doors: one action sending any request to GitLab's REST API, another any
//! GraphQL document, for what no other action covers. A GET or a GraphQL query reads and
//! runs at once (in read-only mode too); any other method, and any mutation, asks the user
//! first with the exact request, on every surface, and read-only mode refuses it. The
//! allow list checks the project a REST path names, as for any action; a GraphQL document,
//! whose projects cannot be told, is refused when a list is set.

use percent_encoding::percent_decode_str;
use reqwest::Method;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value};

use crate::catalog::asks::{Asks, Before};
use crate::catalog::endpoint::Endpoint;
use crate::catalog::params::{self, Params};
use crate::catalog::{Action, any_method, graphql};
use crate::gitlab::graphql::GraphQl;
use crate::gitlab::{ApiRequest, path_part};
use crate::table;
use crate::units::thousands;

pub fn actions() -> Vec<Action> {
    table![
        any_method::<ApiCall>("api.request", "{path}")
            .asks(WRITING)
            .title("Send a GitLab REST API request"),
        graphql::<GraphQlCall>("api.graphql")
            .asks(MUTATING)
            .title("Run a GitLab GraphQL query or mutation"),
    ]
}

/// An HTTP method GitLab's REST API takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "UPPERCASE")]
pub enum HttpMethod {
    Get,
    Post,
    Put,
    Patch,
    Delete,
}

impl From<HttpMethod> for Method {
    fn from(method: HttpMethod) -> Method {
        match method {
            HttpMethod::Get => Method::GET,
            HttpMethod::Post => Method::POST,
            HttpMethod::Put => Method::PUT,
            HttpMethod::Patch => Method::PATCH,
            HttpMethod::Delete => Method::DELETE,
        }
    }
}

/// Send any request to GitLab's REST API (`/api/v4`) for what no other action covers, such
/// as `GET projects/1/variables` or `POST projects/1/pipeline_schedules`. A GET runs at
/// once; any other method first asks the user, showing the exact method, path and body.
/// Returns GitLab's answer: an object compact, a list as a page, anything else as `value`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ApiCall {
    /// `GET`, `POST`, `PUT`, `PATCH` or `DELETE`.
    pub method: HttpMethod,
    /// The path after `/api/v4/`, a project's path written with `%2F`
    /// (`projects/group%2Fproject/variables`).
    pub path: String,
    /// Query parameters (`{"scope": "all", "iids": [1, 2]}`); a list repeats its key as
    /// `key[]`.
    pub query: Option<Map<String, Value>>,
    /// The JSON body of a `POST`, `PUT` or `PATCH`.
    pub body: Option<Value>,
}

impl ApiCall {
    fn method(&self) -> Method {
        self.method.into()
    }
}

impl Params for ApiCall {
    fn parse(args: &Map<String, Value>) -> Result<Self, String> {
        params::parse(args)
    }

    /// The request exactly as the call describes it: the path's segments decoded, so the
    /// client encodes each whole again and the allow list reads the project it names.
    fn request(self, _: &Endpoint) -> Result<ApiRequest, String> {
        let mut request = ApiRequest::new(self.method());
        request.path = segments(&self.path)?;
        for (key, value) in self.query.unwrap_or_default() {
            match value {
                Value::Null => {}
                Value::Array(items) => {
                    let key = if key.ends_with("[]") {
                        key
                    } else {
                        format!("{key}[]")
                    };
                    for item in items {
                        request.query.push((key.clone(), scalar(&key, item)?));
                    }
                }
                value => {
                    let text = scalar(&key, value)?;
                    request.query.push((key, text));
                }
            }
        }
        if let Some(body) = self.body {
            if request.method == Method::GET || request.method == Method::DELETE {
                return Err(format!(
                    "`body`: a {} sends no body; give its parameters in `query`",
                    request.method
                ));
            }
            request.body = Some(body);
        }
        Ok(request)
    }
}

/// A query value as text: a string as is, a number or a boolean as JSON writes it.
fn scalar(key: &str, value: Value) -> Result<String, String> {
    match value {
        Value::String(text) => Ok(text),
        Value::Number(number) => Ok(number.to_string()),
        Value::Bool(flag) => Ok(flag.to_string()),
        other => Err(format!(
            "`query.{key}`: expected text, a number, a boolean or a list of them, got {other}"
        )),
    }
}

/// At most this many characters in a path, and parts in it: far above any GitLab route
/// (GitLab itself answers 414 past 50 slashes), and bounded before the path is split.
const MAX_PATH_CHARACTERS: usize = 8 * 1024;
const MAX_PATH_PARTS: usize = 64;

/// The segments of a path after `/api/v4/`, each percent-decoded. A full URL, a query or
/// fragment in the path, and a part that would not reach GitLab as written (empty, `.`,
/// `..`, a control character once decoded) are refused: each would reach something other
/// than what the path reads as.
fn segments(path: &str) -> Result<Vec<String>, String> {
    let trimmed = path.trim();
    if trimmed.len() > MAX_PATH_CHARACTERS {
        return Err(format!(
            "`path` is {} characters long; at most {} are read. Give the path after `/api/v4/` (`projects/1/variables`)",
            thousands(trimmed.len()),
            thousands(MAX_PATH_CHARACTERS)
        ));
    }
    let parts = trimmed.matches('/').count() + 1;
    if parts > MAX_PATH_PARTS {
        return Err(format!(
            "`path` has {parts} parts; at most {MAX_PATH_PARTS} are read. Give the path after `/api/v4/` (`projects/1/variables`)"
        ));
    }
    if trimmed.contains("://") {
        return Err(format!(
            "`path`: `{trimmed}` is a URL; give the path after `/api/v4/` (`projects/1/variables`)"
        ));
    }
    if trimmed.contains(['?', '#']) {
        return Err(format!(
            "`path`: `{trimmed}` carries a query or fragment; give query parameters in `query`"
        ));
    }
    let relative = trimmed.trim_start_matches('/');
    let relative = relative.strip_prefix("api/v4/").unwrap_or(relative);
    if relative.is_empty() {
        return Err(
            "`path`: empty; give the path after `/api/v4/` (`projects/1/variables`)".to_owned(),
        );
    }
    relative
        .split('/')
        .map(|segment| {
            let decoded = percent_decode_str(segment)
                .decode_utf8()
                .map_err(|_| format!("`path`: `{segment}` does not decode to UTF-8 text"))?;
            path_part(&decoded).map_err(|why| format!("`path`: {why}"))?;
            Ok(decoded.into_owned())
        })
        .collect()
}

/// Any method but GET asks the user first; the guard shows the request as it will be sent
/// (method, path, query and body: `crate::call::guard`).
const WRITING: Asks<ApiCall> = Asks {
    when: "send a request that changes GitLab",
    loses_work: true,
    read: |call| {
        if call.method == HttpMethod::Get {
            Before::Nothing
        } else {
            Before::Ask
        }
    },
    question: |_, _| Ok(Some("Send this request to GitLab?".to_owned())),
};

/// Run a GraphQL document against GitLab (`/api/graphql`) for what REST does not offer —
/// work items, iterations, epics, several objects in one read. A query runs at once; a
/// mutation first asks the user, showing the document and its variables. Returns GitLab's
/// `data` and `errors`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GraphQlCall {
    /// The GraphQL document (`query { currentUser { username } }`).
    pub query: String,
    /// Values of the document's variables (`{"path": "group/project"}`).
    pub variables: Option<Map<String, Value>>,
    /// Which operation of the document to run, when it has several.
    pub operation_name: Option<String>,
}

impl GraphQlCall {
    /// Whether the document holds a mutation, or why it is not a document GitLab can run
    /// (past a bound, unparsable, a subscription).
    fn mutation(&self) -> Result<bool, String> {
        GraphQl::parse(&self.query)?.mutation()
    }
}

impl Params for GraphQlCall {
    fn parse(args: &Map<String, Value>) -> Result<Self, String> {
        params::parse(args)
    }

    fn request(self, _: &Endpoint) -> Result<ApiRequest, String> {
        let mutation = self.mutation()?;
        Ok(ApiRequest::graphql_document(
            self.query,
            self.variables,
            self.operation_name,
            mutation,
        ))
    }
}

/// A mutation asks the user first, showing the document and its variables as sent.
const MUTATING: Asks<GraphQlCall> = Asks {
    when: "run a GraphQL mutation",
    loses_work: true,
    // A document that does not parse is refused before anything is asked.
    read: |call| match call.mutation() {
        Ok(false) => Before::Nothing,
        _ => Before::Ask,
    },
    question: |call, _| {
        let mut question = format!(
            "Run this GraphQL mutation on GitLab?\n\n```graphql\n{}\n```",
            call.query.trim()
        );
        if let Some(variables) = call.variables.as_ref().filter(|v| !v.is_empty()) {
            question.push_str(&format!(
                "\n\nVariables: `{}`",
                Value::Object(variables.clone())
            ));
        }
        Ok(Some(question))
    },
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_decoded_segments_and_tricks_are_refused() {
        assert_eq!(
            segments("/api/v4/projects/demo%2Fsandbox/variables").unwrap(),
            ["projects", "demo/sandbox", "variables"]
        );
        assert_eq!(segments("user").unwrap(), ["user"]);
        for bad in [
            "https://gitlab.example.com/api/v4/user",
            "projects/1/issues?state=opened",
            "projects/1/../2",
            "projects/1/%2E%2E/2",
            "projects//issues",
            "",
            "projects/%FF",
            "projects/1/.%09./2",
            "projects/1/.%0A.",
            "projects/1/.%0d.",
            "projects/1/a%00b",
        ] {
            assert!(segments(bad).is_err(), "{bad}");
        }
    }
}
