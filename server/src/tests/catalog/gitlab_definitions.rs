//! Every action held against GitLab's own definitions (`gitlab_api/definitions.json`,
//! written from GitLab's Grape source and REST docs; its header names the version): the
//! method and path it calls, and every parameter it sends — GitLab declares it, not as
//! deprecated, with a type and values GitLab accepts —, and every parameter GitLab
//! requires among those it must send. The requests are the ones the actions build
//! (nothing is sent), one optional parameter at a time and each allowed value in turn, so
//! what is checked is what would reach GitLab. The next action is checked as it is
//! written.

use std::collections::{BTreeMap, BTreeSet};

use graphql_parser::query::{
    Definition, OperationDefinition, Selection, SelectionSet, Value as GqlValue, parse_query,
};
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::catalog::graphql::Operation;
use crate::catalog::{Action, Output, Prepared};
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
        all.graphql.extend(more.graphql);
    }
    all
}

#[derive(Deserialize)]
struct Definitions {
    #[serde(default)]
    gitlab_version: String,
    endpoints: Vec<Endpoint>,
    /// GitLab's GraphQL fields the typed GraphQL actions reach.
    #[serde(default)]
    graphql: Vec<GraphQlField>,
}

/// A GraphQL field as an action's document reaches it, and the arguments GitLab declares.
#[derive(Deserialize)]
struct GraphQlField {
    /// Its path in the document from the root: `project.workItems`, `workItemCreate`.
    field: String,
    actions: Vec<String>,
    arguments: Vec<GraphQlArgument>,
    /// A mutation's `input` fields, by dotted path (`hierarchyWidget.parentId`).
    #[serde(default)]
    input: Vec<GraphQlArgument>,
}

#[derive(Deserialize)]
struct GraphQlArgument {
    name: String,
    /// GraphQL's type: `ID!`, `[IssueType!]`.
    #[serde(rename = "type")]
    ty: String,
    required: bool,
    values: Option<Vec<Value>>,
    deprecated: Option<String>,
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
        // The typed GraphQL actions are held against GitLab's GraphQL fields below.
        if action.is_wizard() || action.method_in_call || graphql_operation(action).is_some() {
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

fn graphql_operation(action: &Action) -> Option<&'static Operation> {
    match action.output {
        Output::GraphQl(operation) => Some(operation),
        _ => None,
    }
}

/// A field's path in a document (`project.workItems`) and the arguments passed to it.
type DocumentField<'a> = (String, Vec<(&'a str, GqlValue<'a, &'a str>)>);

/// Every field of a document with its path from the root and its arguments, inline
/// fragments' fields under their field's path.
fn document_fields<'a>(
    set: &SelectionSet<'a, &'a str>,
    prefix: &str,
    found: &mut Vec<DocumentField<'a>>,
) {
    for selection in &set.items {
        match selection {
            Selection::Field(field) => {
                let path = if prefix.is_empty() {
                    field.name.to_owned()
                } else {
                    format!("{prefix}.{}", field.name)
                };
                found.push((path.clone(), field.arguments.clone()));
                document_fields(&field.selection_set, &path, found);
            }
            Selection::InlineFragment(fragment) => {
                document_fields(&fragment.selection_set, prefix, found);
            }
            Selection::FragmentSpread(_) => {}
        }
    }
}

/// Whether `value` is one GitLab takes as GraphQL type `ty` (a null where it may be left
/// out).
fn graphql_value_fits(ty: &str, value: &Value) -> bool {
    let required = ty.ends_with('!');
    let base = ty.trim_end_matches('!');
    if value.is_null() {
        return !required;
    }
    if let Some(inner) = base.strip_prefix('[').and_then(|b| b.strip_suffix(']')) {
        return value
            .as_array()
            .is_some_and(|items| items.iter().all(|item| graphql_value_fits(inner, item)));
    }
    let gid = |model: &str| {
        value
            .as_str()
            .and_then(|text| text.strip_prefix(&format!("gid://gitlab/{model}/")))
            .is_some_and(|id| id.parse::<u64>().is_ok())
    };
    match base {
        "Int" => value.is_i64() || value.is_u64(),
        "Boolean" => value.is_boolean(),
        "Date" => value.as_str().is_some_and(|text| {
            text.len() == 10
                && text.chars().enumerate().all(|(at, c)| match at {
                    4 | 7 => c == '-',
                    _ => c.is_ascii_digit(),
                })
        }),
        "WorkItemID" => gid("WorkItem"),
        "UserID" => gid("User"),
        "LabelID" => gid("Label"),
        "MilestoneID" => gid("Milestone"),
        "WorkItemsTypeID" => gid("WorkItems::Type"),
        // Text, ids and enum values travel as strings.
        _ => value.is_string(),
    }
}

/// An input object's fields by dotted path (`hierarchyWidget.parentId`), lists as values.
fn input_paths(value: &Value, prefix: &str, found: &mut Vec<(String, Value)>) {
    if let Value::Object(object) = value {
        for (key, inner) in object {
            let path = if prefix.is_empty() {
                key.clone()
            } else {
                format!("{prefix}.{key}")
            };
            if inner.is_object() {
                input_paths(inner, &path, found);
            } else {
                found.push((path, inner.clone()));
            }
        }
    }
}

/// What one sent value does wrong against GitLab's argument `declared`.
fn graphql_value_drift(name: &str, declared: &GraphQlArgument, value: &Value) -> Vec<String> {
    let mut found = Vec::new();
    if let Some(why) = &declared.deprecated {
        found.push(format!("sends `{name}`, deprecated: {why}"));
    }
    if !graphql_value_fits(&declared.ty, value) {
        found.push(format!(
            "sends `{name}` as {value}, where GitLab takes a {}",
            declared.ty
        ));
    }
    if let Some(values) = &declared.values {
        for text in texts(value) {
            if !values.iter().flat_map(texts).any(|taken| taken == text) {
                found.push(format!("sends `{name}={text}`, which GitLab refuses"));
            }
        }
    }
    found
}

/// What is wrong with a typed GraphQL action against GitLab's fields: each field its
/// document passes arguments to is declared for it, each argument with its type, every
/// required one passed; and every call it builds (one optional parameter at a time) sends
/// only variables the document declares, only input fields GitLab declares, with values
/// GitLab takes, and every required one.
fn graphql_drift(action: &Action, operation: &Operation, fields: &[&GraphQlField]) -> Vec<String> {
    let mut found = Vec::new();
    let document = match parse_query::<&str>(operation.document) {
        Ok(document) => document,
        Err(why) => return vec![format!("its document does not parse: {why}")],
    };
    let mut variables: BTreeMap<String, String> = BTreeMap::new();
    let mut used = Vec::new();
    for definition in &document.definitions {
        let (set, defined) = match definition {
            Definition::Operation(OperationDefinition::Query(query)) => {
                (&query.selection_set, &query.variable_definitions)
            }
            Definition::Operation(OperationDefinition::Mutation(mutation)) => {
                (&mutation.selection_set, &mutation.variable_definitions)
            }
            _ => {
                found.push("its document holds something but one query or mutation".to_owned());
                continue;
            }
        };
        for variable in defined {
            variables.insert(variable.name.to_owned(), variable.var_type.to_string());
        }
        document_fields(set, "", &mut used);
    }
    // Where each variable goes: its field's declaration and the argument.
    let mut targets: BTreeMap<String, (&GraphQlField, &GraphQlArgument)> = BTreeMap::new();
    for (path, arguments) in &used {
        let declared = fields.iter().find(|field| field.field == *path);
        let Some(declared) = declared else {
            if !arguments.is_empty() {
                found.push(format!(
                    "passes arguments to `{path}`, which no GitLab definition names for it"
                ));
            }
            continue;
        };
        for (name, value) in arguments {
            let Some(argument) = declared.arguments.iter().find(|a| a.name == *name) else {
                found.push(format!(
                    "passes `{name}` to `{path}`, which GitLab does not declare"
                ));
                continue;
            };
            match value {
                GqlValue::Variable(variable) => {
                    let ty = variables.get(*variable).cloned().unwrap_or_default();
                    if ty.trim_end_matches('!') != argument.ty.trim_end_matches('!')
                        || argument.ty.ends_with('!') && !ty.ends_with('!')
                    {
                        found.push(format!(
                            "passes ${variable}: {ty} to `{path}({name})`, which GitLab types {}",
                            argument.ty
                        ));
                    }
                    targets.insert((*variable).to_owned(), (*declared, argument));
                }
                _ => found.push(format!("passes `{path}({name})` a literal, not a variable")),
            }
        }
        for required in declared.arguments.iter().filter(|a| a.required) {
            if !arguments.iter().any(|(name, _)| *name == required.name) {
                found.push(format!(
                    "does not pass `{path}({})`, which GitLab requires",
                    required.name
                ));
            }
        }
    }
    // The calls it builds: the required parameters, then each optional one in turn.
    let schema = action.input_schema();
    let properties = schema
        .get("properties")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    // Dates are given as GitLab writes them.
    let value_for = |name: &str, property: &Value| match name.ends_with("_date") {
        true => json!("2026-01-01"),
        false => value_for(name, property),
    };
    let base: Map<String, Value> = baseline(action)
        .into_iter()
        .map(|(name, _)| {
            let value = value_for(&name, &properties[&name]);
            (name, value)
        })
        .collect();
    let mut calls = vec![base.clone()];
    for (name, property) in &properties {
        if base.contains_key(name) {
            continue;
        }
        let mut tries = listed_values(property);
        if tries.is_empty() {
            tries.push(value_for(name, property));
        }
        for value in tries {
            let mut params = base.clone();
            params.insert(name.clone(), value);
            calls.push(params);
        }
    }
    let mut built = 0;
    for params in calls {
        let Ok(request) = request(action, &params) else {
            continue;
        };
        built += 1;
        let sent = request
            .body
            .as_ref()
            .and_then(|body| body.get("variables"))
            .and_then(Value::as_object)
            .cloned()
            .unwrap_or_default();
        for (variable, ty) in &variables {
            if ty.ends_with('!') && !sent.contains_key(variable) {
                found.push(format!(
                    "may leave out ${variable}, which its document requires"
                ));
            }
        }
        for (variable, value) in &sent {
            let Some((field, argument)) = targets.get(variable) else {
                found.push(format!(
                    "sends ${variable}, which its document passes to no argument"
                ));
                continue;
            };
            if field.input.is_empty() {
                found.extend(graphql_value_drift(variable, argument, value));
                continue;
            }
            let mut paths = Vec::new();
            input_paths(value, "", &mut paths);
            for (path, value) in &paths {
                match field.input.iter().find(|declared| declared.name == *path) {
                    Some(declared) => found.extend(graphql_value_drift(path, declared, value)),
                    None => found.push(format!(
                        "sends `{path}` in `{}`'s input, which GitLab does not declare",
                        field.field
                    )),
                }
            }
            for required in field.input.iter().filter(|declared| declared.required) {
                if !paths.iter().any(|(path, _)| *path == required.name) {
                    found.push(format!(
                        "may leave out `{}` of `{}`'s input, which GitLab requires",
                        required.name, field.field
                    ));
                }
            }
        }
    }
    if built == 0 {
        found.push("no call could be made from its parameters".to_owned());
    }
    found.sort();
    found.dedup();
    found
}

#[test]
fn every_graphql_action_sends_what_gitlab_declares() {
    let definitions = definitions();
    let mut problems = Vec::new();
    let mut checked = 0;
    for action in catalog().actions() {
        let Some(operation) = graphql_operation(action) else {
            continue;
        };
        checked += 1;
        let fields: Vec<&GraphQlField> = definitions
            .graphql
            .iter()
            .filter(|field| field.actions.iter().any(|id| id == action.id))
            .collect();
        if fields.is_empty() {
            problems.push(format!(
                "{}: no GitLab GraphQL definition names it",
                action.id
            ));
            continue;
        }
        problems.extend(
            graphql_drift(action, operation, &fields)
                .into_iter()
                .map(|line| format!("{}: {line}", action.id)),
        );
    }
    assert!(checked > 0, "no typed GraphQL action was checked");
    assert!(
        problems.is_empty(),
        "{} drifts from GitLab's GraphQL:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// The check catches what it is for: an argument GitLab does not declare, a value of the
/// wrong type, an input field GitLab does not know.
#[test]
fn the_graphql_check_finds_drift() {
    let argument = |ty: &str| GraphQlArgument {
        name: "x".to_owned(),
        ty: ty.to_owned(),
        required: false,
        values: Some(vec![json!("CLOSE")]),
        deprecated: None,
    };
    assert!(graphql_value_drift("x", &argument("WorkItemStateEvent"), &json!("CLOSE")).is_empty());
    assert_eq!(
        graphql_value_drift("x", &argument("WorkItemStateEvent"), &json!("SHUT")).len(),
        1
    );
    assert!(!graphql_value_fits(
        "WorkItemID!",
        &json!("gid://gitlab/Issue/1")
    ));
    assert!(graphql_value_fits(
        "[LabelID!]",
        &json!(["gid://gitlab/Label/3"])
    ));
    assert!(!graphql_value_fits("Date", &json!("2026-1-5")));
    let mut paths = Vec::new();
    input_paths(
        &json!({"id": "a", "hierarchyWidget": {"parentId": null}}),
        "",
        &mut paths,
    );
    assert_eq!(
        paths,
        [
            ("hierarchyWidget.parentId".to_owned(), Value::Null),
            ("id".to_owned(), json!("a"))
        ]
    );
}
