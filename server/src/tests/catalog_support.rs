//! What the per-toolset catalog tests share: preparing an action's request from arguments
//! (nothing is sent), its query as pairs, each action's class, and what
//! `gitlab_find_action` finds.
#![allow(
    dead_code,
    reason = "each test file is its own crate and uses only part of the support"
)]

use crate::catalog::{Action, Prepared, Toolset};
use crate::gitlab::ApiRequest;
use crate::registry::catalog;
use serde_json::{Map, Value, json};

pub fn action(id: &str) -> &'static Action {
    catalog()
        .get(id)
        .unwrap_or_else(|| panic!("`{id}` is in the catalog"))
}

/// The request action `id` prepares from `params`, or the validation error.
pub fn prepare(id: &str, params: Value) -> Result<ApiRequest, String> {
    let params = params.as_object().expect("params are an object").clone();
    match action(id).prepare(&params)? {
        Prepared::Request(request) => Ok(request),
        Prepared::Wizard(wizard) => panic!("{id} runs {}", wizard.info.id),
    }
}

/// The request action `id` prepares from `params`; panics with the validation error.
pub fn prepared(id: &str, params: Value) -> ApiRequest {
    prepare(id, params).unwrap_or_else(|error| panic!("{error}"))
}

/// The validation error action `id` answers `params` with; panics when they pass.
pub fn refused(id: &str, params: Value) -> String {
    match prepare(id, params) {
        Ok(request) => panic!("{id} accepted the arguments: {request:?}"),
        Err(error) => error,
    }
}

/// `[("ref", "main")]` as the owned pairs of `ApiRequest::query`.
pub fn pairs(query: &[(&str, &str)]) -> Vec<(String, String)> {
    query
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect()
}

/// What running an action does to GitLab.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    Read,
    Write,
    Destructive,
}

pub fn class(action: &Action) -> Class {
    match (action.read_only, action.destructive) {
        (true, false) => Class::Read,
        (false, false) => Class::Write,
        (false, true) => Class::Destructive,
        (true, true) => panic!("{} is both read-only and destructive", action.id),
    }
}

/// The toolset holds exactly the actions of `table`, in its order, each of its class.
pub fn assert_toolset(toolset: Toolset, table: &[(&str, Class)]) {
    let actions: Vec<(&str, Class)> = catalog()
        .actions()
        .iter()
        .filter(|a| a.toolset() == toolset && !a.is_wizard())
        .map(|a| (a.id, class(a)))
        .collect();
    assert_eq!(actions, table, "the actions of the `{toolset}` toolset");
}

/// A value the schema accepts, as plain as can be.
pub fn sample(schema: &Value) -> Value {
    if let Some(first) = schema
        .get("enum")
        .and_then(Value::as_array)
        .and_then(|v| v.first())
    {
        return first.clone();
    }
    if let Some(value) = schema.get("const") {
        return value.clone();
    }
    for part in ["anyOf", "oneOf", "allOf"] {
        if let Some(options) = schema.get(part).and_then(Value::as_array) {
            let usable = options
                .iter()
                .find(|o| o.get("type") != Some(&json!("null")));
            return usable.map_or(Value::Null, sample);
        }
    }
    let kind = match schema.get("type") {
        Some(Value::Array(kinds)) => kinds.iter().find(|k| *k != "null").cloned(),
        other => other.cloned(),
    };
    match kind.as_ref().and_then(Value::as_str) {
        Some("integer") => json!(
            schema
                .get("minimum")
                .and_then(Value::as_u64)
                .unwrap_or(1)
                .max(1)
        ),
        Some("number") => json!(1),
        Some("boolean") => json!(true),
        Some("array") => {
            let items = schema.get("items").map_or(Value::Null, sample);
            let least = schema.get("minItems").and_then(Value::as_u64).unwrap_or(0);
            Value::Array(vec![items; usize::try_from(least).unwrap_or(0)])
        }
        Some("object") => json!({}),
        _ => json!("main"),
    }
}

/// Valid-looking parameters for `action`: every required one, from the schema.
pub fn baseline(action: &Action) -> Map<String, Value> {
    let schema = action.input_schema();
    let properties = schema.get("properties").and_then(Value::as_object);
    crate::catalog::params::required_names(schema)
        .into_iter()
        .filter_map(|name| {
            let property = properties?.get(name)?;
            Some((name.to_owned(), sample(property)))
        })
        .collect()
}
