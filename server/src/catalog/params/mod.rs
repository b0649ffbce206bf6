//! Turning a tool call's arguments into an action's typed parameters, with errors that
//! name the field; the parameter types several actions share are in [`types`] and
//! [`id_or_name`], and those that may name their object loosely in [`references`].

mod fixed_schema;
mod id_or_name;
mod numbers;
pub mod references;
mod shared;
mod types;
mod variables;

use std::sync::Arc;

use schemars::JsonSchema;
use serde::{Serialize, de::DeserializeOwned};
use serde_json::{Map, Value};

pub(crate) use fixed_schema::fixed_schema;
pub use id_or_name::{GroupId, LabelId};
pub use numbers::check_numbers;
pub use references::{Branch, MergeRequestIid, Reference, Refers, UserId, Username};
pub use shared::{SHARED_PARAMETERS, leave_to_instructions};
pub use types::{CommaList, Date, DateTime, OneOrMany, PageNumber, PerPage, TailLines, UserFilter};
pub use variables::{JobVariable, PipelineVariable, VariableKey, VariableType};

use super::action::PROJECT_ID;
use super::endpoint::Endpoint;
use super::schema::input_schema_and_doc;
use crate::gitlab::ApiRequest;

/// Deserialises `args` into `P`. The error names the field at fault
/// (`` `issue_iid`: invalid type: string "x", expected u64 ``); a missing field is named
/// by serde itself (``missing field `title` ``).
pub fn parse<P: DeserializeOwned>(args: &Map<String, Value>) -> Result<P, String> {
    serde_path_to_error::deserialize(args).map_err(|error| {
        let path = error.path().to_string();
        let inner = error.into_inner().to_string();
        if path == "." {
            inner
        } else {
            format!("`{path}`: {inner}")
        }
    })
}

/// An action's typed parameters: how they are read from a call's arguments, and the GitLab
/// request they make. Any serde struct gets both for free — read with serde, sent through
/// its [`Endpoint`] —, so an ordinary action is a struct and a line in its toolset's table.
/// The alternatives, which sit beside a wizard struct, read and build their own way
/// ([`super::alternative::Alternative`]).
pub trait Params: Sized + JsonSchema + 'static {
    fn parse(args: &Map<String, Value>) -> Result<Self, String>;
    fn request(self, endpoint: &Endpoint) -> Result<ApiRequest, String>;

    /// The input schema, and what the action does: the struct's doc comment, on one line.
    fn schema_and_doc() -> (Arc<Map<String, Value>>, String) {
        input_schema_and_doc::<Self>()
    }
}

impl<T: DeserializeOwned + Serialize + JsonSchema + 'static> Params for T {
    fn parse(args: &Map<String, Value>) -> Result<Self, String> {
        parse(args)
    }

    fn request(self, endpoint: &Endpoint) -> Result<ApiRequest, String> {
        match serde_json::to_value(self) {
            Ok(Value::Object(fields)) => endpoint.fill(fields),
            // Parameter structs are structs of plain values: this is a programming error.
            _ => Err("the parameters did not serialise to an object".to_owned()),
        }
    }
}

/// Refuses any argument the schema does not list, before anything is deserialised.
/// Checked against the schema rather than with serde's `deny_unknown_fields` alone,
/// because the alternatives combine two structs.
pub fn check_known(args: &Map<String, Value>, known: &[String]) -> Result<(), String> {
    let unknown: Vec<&str> = args
        .keys()
        .map(String::as_str)
        .filter(|key| !known.iter().any(|k| k == key))
        .collect();
    if unknown.is_empty() {
        return Ok(());
    }
    let list = |names: &mut dyn Iterator<Item = &str>| {
        names
            .map(|n| format!("`{n}`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let expected = if known.is_empty() {
        "this action takes no parameters".to_owned()
    } else {
        format!("expected {}", list(&mut known.iter().map(String::as_str)))
    };
    let noun = if unknown.len() == 1 {
        "parameter"
    } else {
        "parameters"
    };
    Err(format!(
        "unknown {noun} {}; {expected}",
        list(&mut unknown.into_iter())
    ))
}

/// The names an object schema lists as required, in field order.
pub fn required_names(schema: &Map<String, Value>) -> Vec<&str> {
    schema
        .get("required")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect()
}

/// The top-level property names of an object schema (flattened parts included): the
/// project first — what a call is about, even where it may be left out —, then the required
/// ones in field order, then the others.
pub fn property_names(schema: &Map<String, Value>) -> Vec<String> {
    let properties = schema.get("properties").and_then(Value::as_object);
    let mut names: Vec<String> = Vec::new();
    let first = std::iter::once(PROJECT_ID).chain(required_names(schema));
    let keys = properties
        .into_iter()
        .flat_map(|props| props.keys().map(String::as_str));
    for name in first
        .filter(|name| properties.is_some_and(|p| p.contains_key(*name)))
        .chain(keys)
    {
        if !names.iter().any(|known| known == name) {
            names.push(name.to_owned());
        }
    }
    for part in ["allOf", "anyOf", "oneOf"] {
        for sub in schema
            .get(part)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            if let Some(sub) = sub.as_object() {
                for name in property_names(sub) {
                    if !names.contains(&name) {
                        names.push(name);
                    }
                }
            }
        }
    }
    names
}

/// A window of lines (`first_line`, `last_line`) selects some: lines count from 1, the
/// last not before the first.
pub fn window(first_line: Option<u64>, last_line: Option<u64>) -> Result<(), String> {
    for (field, line) in [("first_line", first_line), ("last_line", last_line)] {
        if line == Some(0) {
            return Err(format!("`{field}`: lines count from 1, got 0"));
        }
    }
    match (first_line, last_line) {
        (Some(first), Some(last)) if first > last => Err(format!(
            "`last_line`: {last} is before `first_line` {first}; give a last line at or after the first"
        )),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;
    use serde_json::json;

    use super::*;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Sample {
        #[allow(dead_code, reason = "read through Debug only")]
        iid: u64,
        #[allow(dead_code, reason = "read through Debug only")]
        per_page: Option<PerPage>,
    }

    fn args(value: Value) -> Map<String, Value> {
        value.as_object().unwrap().clone()
    }

    #[test]
    fn errors_name_the_field() {
        let error = parse::<Sample>(&args(json!({"iid": "x"}))).unwrap_err();
        assert_eq!(error, "`iid`: invalid type: string \"x\", expected u64");
        let error = parse::<Sample>(&args(json!({}))).unwrap_err();
        assert_eq!(error, "missing field `iid`");
        let error = parse::<Sample>(&args(json!({"iid": 1, "per_page": 500}))).unwrap_err();
        assert_eq!(error, "`per_page`: must be between 1 and 100, got 500");
    }

    #[test]
    fn unknown_arguments_are_listed() {
        let known = vec!["iid".to_owned(), "per_page".to_owned()];
        assert_eq!(check_known(&args(json!({"iid": 1})), &known), Ok(()));
        assert_eq!(
            check_known(&args(json!({"iid": 1, "pagesize": 5})), &known).unwrap_err(),
            "unknown parameter `pagesize`; expected `iid`, `per_page`"
        );
        assert_eq!(
            check_known(&args(json!({"a": 1})), &[]).unwrap_err(),
            "unknown parameter `a`; this action takes no parameters"
        );
    }
}
