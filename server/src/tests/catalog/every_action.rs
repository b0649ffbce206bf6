//! Every GitLab action of the catalog, run the way a client runs it — through a tool of one
//! of the three surfaces, over a real rmcp client/server pair — against a fresh sandbox
//! GitLab: the call succeeds, GitLab received exactly the request the action's method and
//! path describe (its parameters in the query or body), and the structured result has what
//! the action's output schema requires. A catalog action without a case here fails the test.

use std::collections::HashMap;

use crate::catalog::{Action, Output};
use crate::registry::catalog;
use crate::surfaces::SurfaceKind;
use crate::tests::common::cases::{Case, cases, filled};
use crate::tests::common::mcp::{Harness, query, text};
use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};
use reqwest::Method;
use serde_json::{Map, Value};

/// The raw path GitLab must receive: the action's path with its fields filled, each value
/// one percent-encoded segment, every byte but letters, digits and `-._~` escaped (a `/`,
/// a `%`, the `*` of a wildcard such as `v*`).
fn expected_path(action: &Action, params: &Map<String, Value>) -> String {
    // Every byte but RFC 3986's unreserved characters.
    const SEGMENT: &AsciiSet = &NON_ALPHANUMERIC
        .remove(b'-')
        .remove(b'.')
        .remove(b'_')
        .remove(b'~');
    let endpoint = action.endpoint.as_ref().unwrap();
    let segments: Vec<String> = endpoint
        .path
        .split('/')
        .map(
            |part| match part.strip_prefix('{').and_then(|p| p.strip_suffix('}')) {
                // `{+field}`: a path of its own, each of its parts one segment.
                Some(field) if field.starts_with('+') => params[&field[1..]]
                    .as_str()
                    .unwrap()
                    .split('/')
                    .map(|part| utf8_percent_encode(part, SEGMENT).to_string())
                    .collect::<Vec<_>>()
                    .join("/"),
                Some(field) => {
                    let value = match &params[field] {
                        Value::String(text) => text.clone(),
                        other => other.to_string(),
                    };
                    utf8_percent_encode(&value, SEGMENT).to_string()
                }
                None => part.to_owned(),
            },
        )
        .collect();
    format!("/api/v4/{}", segments.join("/"))
}

/// Every parameter outside the path reached GitLab (in the query or the body), except the
/// ones that are the server's own (`tail_lines`, `first_line`, `last_line`, how long and
/// how often to wait).
fn assert_parameters_sent(action: &Action, params: &Map<String, Value>, sent: &Map<String, Value>) {
    let path_fields = action.endpoint.as_ref().unwrap().path;
    for (name, value) in params {
        if path_fields.contains(&format!("{{{name}}}"))
            || path_fields.contains(&format!("{{+{name}}}"))
            || matches!(
                name.as_str(),
                "tail_lines" | "first_line" | "last_line" | "timeout_seconds" | "poll_seconds"
            )
        {
            continue;
        }
        // GitLab's names that are not identifiers: a blame's `range[start]`.
        let sent_as = match name.as_str() {
            "range_start" => "range[start]",
            "range_end" => "range[end]",
            name => name,
        };
        let got = sent
            .get(sent_as)
            .unwrap_or_else(|| panic!("{}: `{name}` was not sent: {sent:?}", action.id));
        let same = match (value, got) {
            (Value::Array(items), Value::String(joined)) => {
                joined
                    == &items
                        .iter()
                        .map(|i| i.as_str().unwrap_or_default())
                        .collect::<Vec<_>>()
                        .join(",")
            }
            (Value::Array(items), Value::Array(got)) if got.iter().all(Value::is_string) => {
                items
                    .iter()
                    .map(|i| {
                        i.as_str()
                            .map(str::to_owned)
                            .unwrap_or_else(|| i.to_string())
                    })
                    .collect::<Vec<_>>()
                    == got
                        .iter()
                        .map(|g| g.as_str().unwrap().to_owned())
                        .collect::<Vec<_>>()
            }
            (Value::String(text), Value::String(got)) => text == got,
            (other, Value::String(got)) => &other.to_string() == got,
            (other, got) => other == got,
        };
        assert!(same, "{}: `{name}` sent as {got}, given {value}", action.id);
    }
}

/// Every parameter of a GraphQL call reached its variables: under a key its name starts
/// (`parent_id` as `hierarchyWidget.parentId`, `work_item_type` as `workItemTypeId`), each
/// value as given, as a global id ending in it, or as GraphQL's upper-case enum value.
fn assert_variables_sent(action: &Action, params: &Map<String, Value>, variables: &Value) {
    fn leaves(value: &Value, prefix: &str, under: bool, found: &mut Vec<String>) -> bool {
        let mut any = false;
        match value {
            Value::Object(object) => {
                for (key, value) in object {
                    let inside = under || key.starts_with(prefix);
                    any |= inside;
                    any |= leaves(value, prefix, inside, found);
                }
            }
            Value::Array(items) => {
                for item in items {
                    any |= leaves(item, prefix, under, found);
                }
            }
            Value::String(text) if under => found.push(text.clone()),
            other if under => found.push(other.to_string()),
            _ => {}
        }
        any
    }
    for (name, value) in params {
        if name == "raw" {
            continue;
        }
        let mut words = name.split('_');
        let camel: String = words.next().unwrap_or_default().to_owned()
            + &words
                .map(|word| word[..1].to_uppercase() + &word[1..])
                .collect::<String>();
        let mut found = Vec::new();
        assert!(
            leaves(variables, &camel, false, &mut found),
            "{}: `{name}` is in no variable: {variables}",
            action.id
        );
        let given: Vec<String> = match value {
            Value::Array(items) => items.iter().map(scalar_text).collect(),
            other => vec![scalar_text(other)],
        };
        for text in given {
            let sent = found.iter().any(|leaf| {
                *leaf == text || leaf.ends_with(&format!("/{text}")) || *leaf == text.to_uppercase()
            });
            // A type is sent as its global id, which names it by number.
            let typed = name == "work_item_type"
                && found.iter().any(|leaf| leaf.contains("WorkItems::Type/"));
            assert!(
                sent || typed,
                "{}: `{name}` = {text} not in {found:?}",
                action.id
            );
        }
    }
}

fn scalar_text(value: &Value) -> String {
    value
        .as_str()
        .map_or_else(|| value.to_string(), str::to_owned)
}

/// The structured result has every property the output schema requires.
fn assert_matches_output_schema(action: &Action, result: &Value) {
    assert!(result.is_object(), "{}: {result}", action.id);
    if let Some(required) = action
        .output_schema()
        .get("required")
        .and_then(Value::as_array)
    {
        for name in required.iter().filter_map(Value::as_str) {
            assert!(
                result.get(name).is_some(),
                "{}: no `{name}` in {result}",
                action.id
            );
        }
    }
}

/// Runs one case on `surface`; panics, like an assertion, on anything wrong.
async fn run_case(case: Case, surface: SurfaceKind) {
    let action = catalog()
        .get(case.id)
        .unwrap_or_else(|| panic!("`{}` is in the catalog", case.id));
    let harness = Harness::new(surface).await;
    let mut known = HashMap::new();
    for (id, params) in &case.before {
        let params = filled(&harness, params, &mut known).await;
        harness.ok(id, params).await;
    }
    let params = filled(&harness, &case.params, &mut known).await;
    harness.sandbox.clear_requests();
    let result = harness.run(case.id, params.clone()).await;
    assert_ne!(
        result.is_error,
        Some(true),
        "{} on {surface:?}: {}",
        case.id,
        text(&result)
    );
    let structured = result.structured_content.expect("structured content");
    assert_matches_output_schema(action, &structured);
    // The instance's version, read once before a field an older GitLab names otherwise.
    let mut requests: Vec<_> = harness
        .sandbox
        .requests()
        .into_iter()
        .filter(|sent| sent.path != "/api/v4/version")
        .collect();
    // A branch or user named in the call is looked up first (`call::resolve`): a search,
    // before the one request (which may itself be such a list).
    while requests.len() > 1 && is_lookup(&requests[0]) {
        requests.remove(0);
    }
    // A failed pipeline's answer also reads its failed jobs and their logs.
    let follow_ups = requests.iter().skip(1);
    if action.output == Output::Pipeline {
        assert!(follow_ups.clone().all(|sent| sent.method == Method::GET));
    } else {
        assert_eq!(
            requests.len(),
            1,
            "{}: one request to GitLab: {requests:?}",
            case.id
        );
    }
    let params = params.as_object().unwrap();
    let endpoint = action.endpoint.as_ref().unwrap();
    let sent = requests[0].clone();
    if let Output::GraphQl(operation) = action.output {
        // A typed GraphQL action sends its own document, by name, its parameters as the
        // variables.
        assert_eq!(
            (sent.method.as_str(), sent.raw_path.as_str()),
            ("POST", "/api/graphql")
        );
        assert_eq!(sent.body["query"], operation.document, "{}", case.id);
        assert_eq!(sent.body["operationName"], operation.name, "{}", case.id);
        assert_variables_sent(action, params, &sent.body["variables"]);
        return;
    }
    if action.method_in_call && endpoint.method == Method::POST {
        // The GraphQL door sends the document and its variables to `/api/graphql`.
        assert_eq!(
            (sent.method.as_str(), sent.raw_path.as_str()),
            ("POST", "/api/graphql")
        );
        assert_eq!(sent.body["query"], params["query"]);
        assert_eq!(
            sent.body.get("variables"),
            params.get("variables"),
            "{sent:?}"
        );
        return;
    }
    if action.method_in_call {
        // The door sends exactly the method, path, query and body of the call.
        let path = params["path"]
            .as_str()
            .unwrap()
            .trim_start_matches("/api/v4/");
        assert_eq!(
            (sent.method.as_str(), sent.raw_path.as_str()),
            (
                params["method"].as_str().unwrap(),
                format!("/api/v4/{path}").as_str()
            ),
        );
        let query = params.get("query").and_then(Value::as_object);
        for (key, value) in query.into_iter().flatten() {
            let value = value
                .as_str()
                .map_or_else(|| value.to_string(), str::to_owned);
            assert!(
                sent.query.contains(&(key.clone(), value)),
                "{key}: {sent:?}"
            );
        }
        assert_eq!(sent.body, params.get("body").cloned().unwrap_or_default());
        return;
    }
    assert_eq!(
        (&sent.method, sent.raw_path.as_str()),
        (&endpoint.method, expected_path(action, params).as_str()),
        "{sent:?}"
    );
    let mut received = query(&sent);
    if let Value::Object(body) = &sent.body {
        received.extend(body.clone());
    }
    // An upload's file travels as the form's `file` part: its name and content.
    if let Some(file) = sent.body.get("file").filter(|file| file.is_object()) {
        received.insert("file_name".to_owned(), file["filename"].clone());
        received.insert("content".to_owned(), file["content"].clone());
    }
    assert_parameters_sent(action, params, &received);
    if endpoint.method == Method::GET {
        assert!(sent.body.is_null(), "{}: a read sends no body", case.id);
    }
}

#[tokio::test]
async fn every_action_runs_on_the_sandbox_through_a_surface() {
    let cases = cases();
    for action in catalog().actions().iter().filter(|a| !a.is_wizard()) {
        assert!(
            cases.iter().any(|c| c.id == action.id),
            "no end-to-end case for `{}`",
            action.id
        );
    }
    let surfaces = [
        SurfaceKind::Individual,
        SurfaceKind::Meta,
        SurfaceKind::Dynamic,
    ];
    let mut failures = Vec::new();
    for (index, case) in cases.into_iter().enumerate() {
        let id = case.id;
        // Each case in its own task, so one failure does not hide the others.
        let outcome = tokio::spawn(run_case(case, surfaces[index % surfaces.len()])).await;
        if let Err(error) = outcome {
            let panic = error.into_panic();
            let message = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                .unwrap_or_default();
            failures.push(format!("{id}: {message}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// A search `call::resolve` sends to find what a loosely named parameter means.
fn is_lookup(sent: &gitlab_sandbox::RecordedRequest) -> bool {
    let searched = sent
        .query
        .iter()
        .any(|(key, _)| key == "search" || key == "query");
    sent.method == Method::GET
        && searched
        && (sent.path.ends_with("/repository/branches") || sent.path.ends_with("/members/all"))
}
