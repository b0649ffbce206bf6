//! Every action held against GitLab's own definitions (`gitlab_api/definitions.json`,
//! written from GitLab's Grape source and REST docs; its header names the version): the
//! method and path it calls, and every parameter it sends — GitLab declares it, not as
//! deprecated, with a type and values GitLab accepts —, and every parameter GitLab
//! requires among those it must send. The requests are the ones the actions build
//! (nothing is sent), one optional parameter at a time and each allowed value in turn, so
//! what is checked is what would reach GitLab. The next action is checked as it is
//! written.

use std::collections::BTreeSet;

use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::catalog::{Action, Prepared};
use crate::gitlab::ApiRequest;
use crate::registry::catalog;
use crate::tests::catalog_support::{baseline, sample};

/// GitLab's definitions, one file per area of the API; each file is `{"endpoints": […]}`
/// (the first also names the version).
const DEFINITIONS: [&str; 6] = [
    include_str!("gitlab_api/definitions.json"),
    include_str!("gitlab_api/planning.json"),
    include_str!("gitlab_api/work_items.json"),
    include_str!("gitlab_api/merge_requests_and_uploads.json"),
    include_str!("gitlab_api/packages_and_runners.json"),
    include_str!("gitlab_api/security_and_deployments.json"),
];

/// Every area's endpoints, under the version the first file names.
fn definitions() -> Definitions {
    let mut files = DEFINITIONS
        .iter()
        .map(|text| serde_json::from_str::<Definitions>(text).expect("the definitions parse"));
    let mut all = files.next().expect("the main definitions");
    for more in files {
        all.endpoints.extend(more.endpoints);
    }
    all
}

#[derive(Deserialize)]
struct Definitions {
    #[serde(default)]
    gitlab_version: String,
    endpoints: Vec<Endpoint>,
}

#[derive(Deserialize)]
struct Endpoint {
    method: String,
    /// Grape's path: `projects/:id/repository/branches/:branch`.
    path: String,
    actions: Vec<String>,
    deprecated: Option<String>,
    params: Vec<Param>,
}

#[derive(Deserialize)]
struct Param {
    name: String,
    #[serde(rename = "type")]
    ty: String,
    required: bool,
    /// Numbers among them are written as numbers (access levels).
    values: Option<Vec<Value>>,
    /// More values the Enterprise Edition takes.
    values_ee: Option<Vec<Value>>,
    deprecated: Option<String>,
    #[serde(rename = "in")]
    place: String,
}

impl Endpoint {
    fn param(&self, name: &str) -> Option<&Param> {
        self.params.iter().find(|param| param.name == name)
    }
}

/// The parameter a query or body key sends: `scope[]` and `not[labels]` are `scope` and
/// `not` to Grape.
fn declared_name(key: &str) -> &str {
    key.split('[').next().unwrap_or(key)
}

/// The values a request sends, by the parameter Grape reads them as.
fn sent(request: &ApiRequest) -> Vec<(String, Value)> {
    let mut sent: Vec<(String, Value)> = request
        .query
        .iter()
        .map(|(key, value)| (declared_name(key).to_owned(), Value::String(value.clone())))
        .collect();
    if let Some(Value::Object(body)) = &request.body {
        sent.extend(
            body.iter()
                .map(|(key, value)| (declared_name(key).to_owned(), value.clone())),
        );
    }
    // A file travels as a field of a multipart body, under GitLab's name for it.
    if let Some(file) = &request.file {
        sent.push((file.field.to_owned(), Value::String(file.file_name.clone())));
    }
    sent
}

/// The JSON types an input schema accepts (`integer`, `string`, …).
fn types(schema: &Value) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    match schema.get("type") {
        Some(Value::String(kind)) => {
            found.insert(kind.clone());
        }
        Some(Value::Array(kinds)) => {
            found.extend(kinds.iter().filter_map(Value::as_str).map(str::to_owned))
        }
        _ => {}
    }
    for part in ["anyOf", "oneOf"] {
        for option in schema
            .get(part)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            found.extend(types(option));
        }
    }
    if let Some(Value::Array(values)) = schema.get("enum")
        && values.iter().any(Value::is_string)
    {
        found.insert("string".to_owned());
    }
    found.remove("null");
    found
}

/// Every value an input schema lists (an enum, or a choice of constants), as sent.
fn listed_values(schema: &Value) -> Vec<Value> {
    let mut values: Vec<Value> = schema
        .get("enum")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    for part in ["anyOf", "oneOf"] {
        for option in schema
            .get(part)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            values.extend(listed_values(option));
            values.extend(option.get("const").cloned());
        }
    }
    values
}

/// Whether a value sent (JSON in a body, text in a query) is of the type GitLab declares:
/// only integers and booleans are strict, Grape takes anything else as text.
fn value_has_type(value: &Value, ty: &str) -> bool {
    match (ty, value) {
        ("integer", Value::Number(number)) => number.is_i64() || number.is_u64(),
        ("integer", Value::String(text)) => text.parse::<i64>().is_ok(),
        ("boolean", Value::Bool(_)) => true,
        ("boolean", Value::String(text)) => matches!(text.as_str(), "true" | "false"),
        ("integer" | "boolean", _) => false,
        _ => true,
    }
}

/// `text`, or the texts of a list: the values GitLab receives.
fn texts(value: &Value) -> Vec<String> {
    match value {
        Value::String(text) => vec![text.clone()],
        Value::Array(items) => items.iter().flat_map(texts).collect(),
        other => vec![other.to_string()],
    }
}

/// A value `property` (named `name`) accepts, as a call would give it: a list holds one
/// item, and a few texts the schema cannot describe have their form (a duration, a date,
/// a URL, a commit's file changes).
fn value_for(name: &str, property: &Value) -> Value {
    match name {
        "duration" => return json!("1h"),
        "before" | "released_at" => return json!("2026-01-01T00:00:00Z"),
        "url" | "import_url" => return json!("https://gitlab.example.com/group/project.git"),
        "actions" => {
            return json!([{"action": "create", "file_path": "a.txt", "content": "a"}]);
        }
        _ => {}
    }
    match sample(property) {
        Value::Array(items) if items.is_empty() => {
            let item = property.get("items").map_or(json!("main"), sample);
            json!([item])
        }
        other => other,
    }
}

fn request(action: &Action, params: &Map<String, Value>) -> Result<ApiRequest, String> {
    match action.prepare(params)? {
        Prepared::Request(request) => Ok(request),
        Prepared::Wizard(_) => Err("a wizard".to_owned()),
    }
}

/// What is wrong with `action` against `endpoint`: one line each.
fn drift(action: &Action, endpoint: &Endpoint) -> Vec<String> {
    let mut found = Vec::new();
    let ours = action
        .endpoint
        .as_ref()
        .expect("a GitLab action has an endpoint");
    if ours.method.as_str() != endpoint.method {
        found.push(format!(
            "method {} where GitLab's is {}",
            ours.method, endpoint.method
        ));
    }
    let shape = |path: &str| -> Vec<String> {
        path.split('/')
            .map(|part| match part.starts_with([':', '{', '*']) {
                true => "*".to_owned(),
                false => part.to_owned(),
            })
            .collect()
    };
    if shape(ours.path) != shape(&endpoint.path) {
        found.push(format!(
            "path `{}` where GitLab's is `{}`",
            ours.path, endpoint.path
        ));
    }
    if let Some(why) = &endpoint.deprecated {
        found.push(format!("calls a deprecated route: {why}"));
    }
    let schema = action.input_schema();
    let properties = schema
        .get("properties")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    let path_fields = ours.path_fields();
    let mut base: Map<String, Value> = baseline(action)
        .into_iter()
        .map(|(name, _)| {
            let value = value_for(&name, &properties[&name]);
            (name, value)
        })
        .collect();
    // The path's fields, the project included (a call may leave it to the default).
    for field in &path_fields {
        if let Some(property) = properties.get(*field) {
            base.entry(*field)
                .or_insert_with(|| value_for(field, property));
        }
    }
    // An update changes something: the first optional field that makes a call goes too.
    if request(action, &base).is_err() {
        let extra = properties.iter().find(|(name, property)| {
            let mut params = base.clone();
            params.insert((*name).clone(), value_for(name, property));
            !base.contains_key(*name) && request(action, &params).is_ok()
        });
        if let Some((name, property)) = extra {
            base.insert(name.clone(), value_for(name, property));
        }
    }
    let base_request = match request(action, &base) {
        Ok(request) => request,
        Err(why) => return vec![format!("no call could be made from its parameters: {why}")],
    };
    // What GitLab requires is sent by every call.
    let base_sent: BTreeSet<String> = sent(&base_request)
        .into_iter()
        .map(|(name, _)| name)
        .collect();
    for param in endpoint
        .params
        .iter()
        .filter(|p| p.required && p.place != "path")
    {
        if !base_sent.contains(&param.name) {
            found.push(format!(
                "GitLab requires `{}`, which a call may leave out",
                param.name
            ));
        }
    }
    for (name, property) in &properties {
        if path_fields.contains(&name.as_str())
            || base.contains_key(name) && listed_values(property).is_empty()
        {
            continue;
        }
        let mut tries: Vec<Value> = listed_values(property);
        if tries.is_empty() {
            tries.push(value_for(name, property));
        }
        // A parameter that takes text as well is tried with text: GitLab may not.
        if types(property).contains("string") && types(property).len() > 1 {
            tries.push(json!("group/project"));
        }
        for value in tries {
            let mut params = base.clone();
            params.insert(name.clone(), value.clone());
            let Ok(request) = request(action, &params) else {
                continue;
            };
            for (key, value) in sent(&request) {
                if base_sent.contains(&key) && key != *name && !listed_values(property).is_empty() {
                    continue;
                }
                let Some(param) = endpoint.param(&key) else {
                    found.push(format!(
                        "sends `{key}` (from `{name}`), which GitLab does not declare"
                    ));
                    continue;
                };
                if let Some(why) = &param.deprecated {
                    found.push(format!("sends `{key}`, deprecated: {why}"));
                }
                if let Some(allowed) = &param.values {
                    let extra = param.values_ee.iter().flatten();
                    let taken: Vec<String> = allowed.iter().chain(extra).flat_map(texts).collect();
                    for text in texts(&value) {
                        if !taken.contains(&text) {
                            found.push(format!(
                                "sends `{key}={text}`, which GitLab refuses (it takes {})",
                                taken.join(", ")
                            ));
                        }
                    }
                }
                if !value_has_type(&value, &param.ty) {
                    found.push(format!(
                        "sends `{key}` as {value}, where GitLab takes only a {}",
                        param.ty
                    ));
                }
            }
        }
    }
    found.sort();
    found.dedup();
    found
}

#[test]
fn every_action_sends_what_gitlab_declares() {
    let definitions = definitions();
    assert!(
        definitions.gitlab_version.starts_with("19."),
        "{}",
        definitions.gitlab_version
    );
    let mut problems = Vec::new();
    for action in catalog().actions() {
        if action.is_wizard() || action.method_in_call {
            continue;
        }
        let endpoints: Vec<&Endpoint> = definitions
            .endpoints
            .iter()
            .filter(|endpoint| endpoint.actions.iter().any(|id| id == action.id))
            .collect();
        let [endpoint] = endpoints[..] else {
            problems.push(format!(
                "{}: {} GitLab definitions name it, not one",
                action.id,
                endpoints.len()
            ));
            continue;
        };
        problems.extend(
            drift(action, endpoint)
                .into_iter()
                .map(|line| format!("{}: {line}", action.id)),
        );
    }
    assert!(
        problems.is_empty(),
        "{} drifts from GitLab:\n{}",
        problems.len(),
        problems.join("\n")
    );
}
