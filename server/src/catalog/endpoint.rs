//! GitLab's method and path of an action, and how its validated parameters fill them: the
//! fields the path names become path segments, the rest the query (GET, DELETE) or the JSON
//! body (POST, PUT). Unset fields are never sent, at any depth.

use reqwest::Method;
use serde_json::{Map, Value};

use crate::gitlab::{ApiRequest, path_part};

/// `GET projects/{project_id}/repository/branches/{branch}`.
#[derive(Debug, Clone, PartialEq)]
pub struct Endpoint {
    pub method: Method,
    /// The path after `/api/v4/`, fields in braces.
    pub path: &'static str,
}

/// One part of a path between slashes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Segment<'a> {
    Literal(&'a str),
    /// A parameter's value, encoded as one segment (slashes included), as GitLab takes
    /// project paths, branch names and file paths.
    Field(&'a str),
    /// `{+field}`: a parameter's value as a path of its own, one segment per part between
    /// slashes, as GitLab takes a file inside a job's artifacts.
    Path(&'a str),
}

impl Endpoint {
    pub fn new(method: Method, path: &'static str) -> Endpoint {
        Endpoint { method, path }
    }

    fn segments(&self) -> impl Iterator<Item = Segment<'static>> {
        self.path.split('/').map(|part| {
            match part.strip_prefix('{').and_then(|p| p.strip_suffix('}')) {
                Some(field) => match field.strip_prefix('+') {
                    Some(field) => Segment::Path(field),
                    None => Segment::Field(field),
                },
                None => Segment::Literal(part),
            }
        })
    }

    /// The fields the path names.
    pub fn path_fields(&self) -> Vec<&'static str> {
        self.segments()
            .filter_map(|segment| match segment {
                Segment::Field(field) | Segment::Path(field) => Some(field),
                Segment::Literal(_) => None,
            })
            .collect()
    }

    /// Whether the rest of the parameters travel in a JSON body (POST, PUT, PATCH) rather
    /// than the query string (GET, DELETE).
    fn has_body(&self) -> bool {
        [Method::POST, Method::PUT, Method::PATCH].contains(&self.method)
    }

    /// The request for `params` (the parameters as serialised from their typed struct).
    /// Nulls are left out: an unset optional field is not sent, nor one of a nested object
    /// (a commit's file actions, a diff comment's position), where GitLab would read a null
    /// as a value.
    pub fn fill(&self, mut params: Map<String, Value>) -> Result<ApiRequest, String> {
        without_nulls(&mut params);
        let mut request = ApiRequest::new(self.method.clone());
        for segment in self.segments() {
            request = match segment {
                Segment::Literal(literal) => request.segment(literal),
                Segment::Field(field) => match params.remove(field) {
                    Some(value) => {
                        let text = scalar_text(&value);
                        path_part(&text).map_err(|why| format!("`{field}`: {why}"))?;
                        request.segment(text)
                    }
                    None => return Err(format!("missing field `{field}`")),
                },
                Segment::Path(field) => {
                    let Some(value) = params.remove(field) else {
                        return Err(format!("missing field `{field}`"));
                    };
                    let text = scalar_text(&value);
                    let parts: Vec<&str> = text.trim_matches('/').split('/').collect();
                    // Each part stays inside the path it is read as: nothing empty, `.` or
                    // `..`, nothing a URL parser would rewrite.
                    for part in &parts {
                        path_part(part).map_err(|why| {
                            format!("`{field}`: `{text}` is not a relative path such as `reports/junit.xml`: {why}")
                        })?;
                    }
                    parts
                        .into_iter()
                        .fold(request, |request, part| request.segment(part))
                }
            };
        }
        if self.has_body() {
            if !params.is_empty() {
                request = request.json(Value::Object(params));
            }
            return Ok(request);
        }
        for (key, value) in params {
            request = query(request, key, &value);
        }
        Ok(request)
    }

    /// Panics when the path names a field the parameters do not have, or one that is
    /// optional: a programming error, caught when the action is first described (the catalog's
    /// tests describe every action).
    pub fn check_fields(&self, id: &str, required: &[&str]) {
        for field in self.path_fields() {
            assert!(
                required.contains(&field),
                "catalog action `{id}`: its path `{}` names `{field}`, which its parameters do not list as required",
                self.path
            );
        }
    }

    /// The values of the path's fields in `route` (a built request's path, as GitLab's
    /// router reads it), or `None` when the route is not this endpoint's: a `{+field}`
    /// takes the parts the rest of the path leaves it, joined by `/`.
    pub fn read_back(&self, route: &[String]) -> Option<Vec<(&'static str, String)>> {
        let segments: Vec<Segment<'static>> = self.segments().collect();
        let mut values = Vec::new();
        let mut at = 0;
        for (index, segment) in segments.iter().enumerate() {
            match *segment {
                Segment::Literal(literal) => {
                    if route.get(at)? != literal {
                        return None;
                    }
                    at += 1;
                }
                Segment::Field(field) => {
                    values.push((field, route.get(at)?.clone()));
                    at += 1;
                }
                Segment::Path(field) => {
                    let after = segments.len() - index - 1;
                    let end = route.len().checked_sub(after)?;
                    if end <= at {
                        return None;
                    }
                    values.push((field, route[at..end].join("/")));
                    at = end;
                }
            }
        }
        (at == route.len()).then_some(values)
    }
}

/// Adds `value` to the query as GitLab (Grape, through Rack) reads nested parameters:
/// `key[]=a&key[]=b` for a list, `key[inner]=v` for an object.
fn query(request: ApiRequest, key: String, value: &Value) -> ApiRequest {
    match value {
        Value::Array(items) => items.iter().fold(request, |request, item| {
            request.query(format!("{key}[]"), scalar_text(item))
        }),
        Value::Object(fields) => fields.iter().fold(request, |request, (inner, value)| {
            query(request, format!("{key}[{inner}]"), value)
        }),
        value => request.query(key, scalar_text(value)),
    }
}

/// Removes the null fields of `object` and of every object inside it.
fn without_nulls(object: &mut Map<String, Value>) {
    object.retain(|_, value| !value.is_null());
    for value in object.values_mut() {
        match value {
            Value::Object(inner) => without_nulls(inner),
            Value::Array(items) => items.iter_mut().for_each(|item| {
                if let Value::Object(inner) = item {
                    without_nulls(inner);
                }
            }),
            _ => {}
        }
    }
}

/// A value as one path segment or query value: strings as they are, numbers and booleans
/// as JSON writes them.
fn scalar_text(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn params(value: Value) -> Map<String, Value> {
        value.as_object().unwrap().clone()
    }

    #[test]
    fn path_fields_become_segments_and_the_rest_the_query() {
        let endpoint = Endpoint::new(
            Method::GET,
            "projects/{project_id}/repository/files/{file_path}",
        );
        let request = endpoint
            .fill(params(json!({"project_id": "demo/sandbox", "file_path": "src/lib.rs", "ref": "main", "x": null})))
            .unwrap();
        assert_eq!(
            request.path,
            [
                "projects",
                "demo/sandbox",
                "repository",
                "files",
                "src/lib.rs"
            ]
        );
        assert_eq!(request.query, [("ref".to_owned(), "main".to_owned())]);
        assert_eq!(request.body, None);
    }

    #[test]
    fn lists_go_as_repeated_keys_and_bodies_as_json() {
        let endpoint = Endpoint::new(
            Method::GET,
            "projects/{project_id}/pipelines/{pipeline_id}/jobs",
        );
        let request = endpoint
            .fill(params(
                json!({"project_id": 1, "pipeline_id": 7, "scope": ["failed", "canceled"]}),
            ))
            .unwrap();
        assert_eq!(request.path, ["projects", "1", "pipelines", "7", "jobs"]);
        assert_eq!(
            request.query,
            [
                ("scope[]".to_owned(), "failed".to_owned()),
                ("scope[]".to_owned(), "canceled".to_owned())
            ]
        );
        let endpoint = Endpoint::new(Method::POST, "projects/{project_id}/repository/branches");
        let request = endpoint
            .fill(params(
                json!({"project_id": 1, "branch": "b", "ref": "main"}),
            ))
            .unwrap();
        assert_eq!(request.body, Some(json!({"branch": "b", "ref": "main"})));
        let request = Endpoint::new(
            Method::POST,
            "projects/{project_id}/pipelines/{pipeline_id}/retry",
        )
        .fill(params(json!({"project_id": 1, "pipeline_id": 3})))
        .unwrap();
        assert_eq!(request.body, None, "nothing to send, no body");
    }

    #[test]
    fn an_object_in_the_query_is_read_as_nested_keys() {
        let endpoint = Endpoint::new(Method::GET, "projects/{project_id}/variables/{key}");
        let request = endpoint
            .fill(params(
                json!({"project_id": 1, "key": "K", "filter": {"environment_scope": "prod"}}),
            ))
            .unwrap();
        assert_eq!(
            request.query,
            [("filter[environment_scope]".to_owned(), "prod".to_owned())]
        );
    }

    #[test]
    fn nested_nulls_are_not_sent() {
        let endpoint = Endpoint::new(Method::POST, "projects/{project_id}/repository/commits");
        let request = endpoint
            .fill(params(json!({
                "project_id": 1,
                "start_branch": null,
                "actions": [{"action": "delete", "file_path": "a", "content": null}],
                "position": {"new_line": 3, "old_line": null, "range": {"end": null}}
            })))
            .unwrap();
        assert_eq!(
            request.body,
            Some(json!({
                "actions": [{"action": "delete", "file_path": "a"}],
                "position": {"new_line": 3, "range": {}}
            }))
        );
    }

    #[test]
    fn a_route_is_read_back_into_the_fields_it_holds() {
        let route = |parts: &[&str]| parts.iter().map(|p| (*p).to_owned()).collect::<Vec<_>>();
        let endpoint = Endpoint::new(Method::DELETE, "projects/{project_id}/labels/{label_id}");
        assert_eq!(
            endpoint.read_back(&route(&["projects", "g/p", "labels", "bug"])),
            Some(vec![
                ("project_id", "g/p".to_owned()),
                ("label_id", "bug".to_owned())
            ])
        );
        assert_eq!(endpoint.read_back(&route(&["projects", "1"])), None);
        assert_eq!(
            endpoint.read_back(&route(&["projects", "1", "issues", "2"])),
            None
        );
        let artifact = Endpoint::new(
            Method::GET,
            "projects/{project_id}/jobs/{job_id}/artifacts/{+artifact_path}",
        );
        assert_eq!(
            artifact
                .read_back(&route(&[
                    "projects",
                    "1",
                    "jobs",
                    "7",
                    "artifacts",
                    "a",
                    "b.xml"
                ]))
                .unwrap()[2],
            ("artifact_path", "a/b.xml".to_owned())
        );
        assert_eq!(
            artifact.read_back(&route(&["projects", "1", "jobs", "7", "artifacts"])),
            None
        );
    }

    #[test]
    fn a_path_field_a_url_parser_would_rewrite_is_refused_naming_it() {
        let endpoint = Endpoint::new(Method::DELETE, "projects/{project_id}/labels/{label_id}");
        let error = endpoint
            .fill(params(json!({"project_id": 1, "label_id": ".\t."})))
            .unwrap_err();
        assert!(
            error.starts_with("`label_id`: ") && error.contains("control character"),
            "{error}"
        );
    }

    #[test]
    #[should_panic(expected = "names `branch`")]
    fn a_path_field_must_be_a_required_parameter() {
        Endpoint::new(
            Method::GET,
            "projects/{project_id}/repository/branches/{branch}",
        )
        .check_fields("branch.get", &["project_id"]);
    }
}
