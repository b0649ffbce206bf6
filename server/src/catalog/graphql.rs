//! Typed GraphQL actions, for what GitLab offers only through GraphQL (work items): a
//! fixed document next to the parameter struct, whose typed fields become its variables.
//! The request is `POST /api/graphql`; a mutation writes (read-only mode refuses it, the
//! allow list refuses any GraphQL, as for the door). The answer is read from `data` along
//! the operation's path; GraphQL's `errors` and a mutation's own `errors: [..]` become an
//! error result naming the operation.

use std::sync::Arc;

use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use super::endpoint::Endpoint;
use super::params::{Params, parse};
use super::schema::input_schema_and_doc;
use crate::gitlab::ApiRequest;

/// One GraphQL operation a typed action runs.
#[derive(Debug, PartialEq, Eq)]
pub struct Operation {
    /// The operation's name in the document, sent as `operationName`: `workItemCreate`.
    pub name: &'static str,
    /// The document: one named query or mutation, GitLab's arguments as its variables.
    pub document: &'static str,
    /// Where the answer is under `data`: `["namespace", "workItem"]`; a step `project|group`
    /// takes whichever of the two GitLab answered (a path names one or the other).
    pub answer: &'static [&'static str],
    pub shape: Shape,
}

/// What the answer at the operation's path is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// One object (a work item).
    Object,
    /// A connection (`nodes`, `pageInfo`): a page of objects and the cursor to the next.
    Page,
    /// A deletion's payload: nothing but its `errors`.
    Deleted,
}

impl Operation {
    /// Whether the document is a mutation, by its first word: the catalog is built at every
    /// start, and parsing each document there would run the GraphQL parser before the
    /// first answer. A test parses every operation's document and holds this to it.
    pub fn mutation(&self) -> bool {
        self.document.trim_start().starts_with("mutation")
    }
}

/// The parameters of a typed GraphQL action: read with serde, sent as the variables of its
/// operation.
pub trait GraphQlParams: DeserializeOwned + JsonSchema + 'static {
    const OPERATION: &'static Operation;

    /// The operation's variables, by GitLab's argument names; a value left out is not sent.
    fn variables(self) -> Result<Map<String, Value>, String>;
}

/// `P` as an action's parameters: its schema and doc comment, its request the operation.
#[derive(JsonSchema)]
#[schemars(transparent)]
pub struct Typed<P>(P);

impl<P: GraphQlParams> Params for Typed<P> {
    fn parse(args: &Map<String, Value>) -> Result<Self, String> {
        parse(args).map(Typed)
    }

    fn schema_and_doc() -> (Arc<Map<String, Value>>, String) {
        input_schema_and_doc::<P>()
    }

    fn request(self, _: &Endpoint) -> Result<ApiRequest, String> {
        let operation = P::OPERATION;
        let mut variables = self.0.variables()?;
        variables.retain(|_, value| !value.is_null());
        Ok(ApiRequest::graphql_document(
            operation.document.to_owned(),
            Some(variables),
            Some(operation.name.to_owned()),
            operation.mutation(),
        ))
    }
}

/// What an operation answered, read from `data`.
#[derive(Debug, PartialEq)]
pub enum Answer {
    Object(Map<String, Value>),
    Page {
        items: Vec<Map<String, Value>>,
        /// `after` for the next page, when there is one.
        next_cursor: Option<String>,
    },
    Deleted,
}

/// GitLab's answer to `operation`, or why there is none: GraphQL's `errors`, a payload's
/// `errors`, or nothing found on the way (`null`, which is how GitLab answers a path or iid
/// it does not know or the user may not see).
pub fn answer(operation: &Operation, body: Value) -> Result<Answer, String> {
    let name = operation.name;
    let refused = |at: &Value| {
        messages(at.get("errors")).map(|messages| format!("GitLab refused `{name}`: {messages}"))
    };
    // GraphQL's own `errors` stand beside `data`; a mutation's payload says what it refused
    // in its own `errors`: each level is read for them on the way down.
    let mut at = body;
    let steps = std::iter::once("data").chain(operation.answer.iter().copied());
    for (depth, step) in steps.enumerate() {
        if let Some(refusal) = refused(&at) {
            return Err(refusal);
        }
        at = match at {
            Value::Object(mut object) => step
                .split('|')
                .find_map(|key| object.remove(key).filter(|value| !value.is_null()))
                .unwrap_or(Value::Null),
            _ => Value::Null,
        };
        if depth > 0 && at.is_null() && operation.shape != Shape::Deleted {
            return Err(format!(
                "`{name}`: GitLab found no `{step}`: it does not exist, or this user may not see it"
            ));
        }
    }
    if let Some(refusal) = refused(&at) {
        return Err(refusal);
    }
    match (operation.shape, at) {
        (Shape::Deleted, _) => Ok(Answer::Deleted),
        (Shape::Object, Value::Object(object)) => Ok(Answer::Object(flatten(object))),
        (Shape::Page, Value::Object(mut connection)) => {
            let page_info = connection.remove("pageInfo").unwrap_or(Value::Null);
            let next_cursor = match page_info.get("hasNextPage") {
                Some(Value::Bool(true)) => page_info
                    .get("endCursor")
                    .and_then(Value::as_str)
                    .map(str::to_owned),
                _ => None,
            };
            let items = match connection.remove("nodes") {
                Some(Value::Array(nodes)) => nodes
                    .into_iter()
                    .filter_map(|node| match node {
                        Value::Object(node) => Some(flatten(node)),
                        _ => None,
                    })
                    .collect(),
                _ => return Err(format!("`{name}`: GitLab answered no `nodes`")),
            };
            Ok(Answer::Page { items, next_cursor })
        }
        (_, other) => Err(format!(
            "`{name}`: GitLab answered {other} where an object was expected"
        )),
    }
}

/// The messages of a non-empty `errors` list (GraphQL's objects or a payload's strings),
/// joined.
fn messages(errors: Option<&Value>) -> Option<String> {
    let Some(Value::Array(errors)) = errors else {
        return None;
    };
    let messages: Vec<String> = errors
        .iter()
        .map(|error| match error {
            Value::String(text) => text.clone(),
            other => other
                .get("message")
                .and_then(Value::as_str)
                .map_or_else(|| other.to_string(), str::to_owned),
        })
        .collect();
    (!messages.is_empty()).then(|| messages.join("; "))
}

/// GitLab's shapes made plain for a reader: a work item's `widgets` list merged into it
/// (each widget's fields but its `type`), and each connection's `nodes` made the list it
/// is.
fn flatten(object: Map<String, Value>) -> Map<String, Value> {
    let mut flat = Map::new();
    for (name, value) in object {
        match (name.as_str(), value) {
            ("widgets", Value::Array(widgets)) => {
                for widget in widgets {
                    if let Value::Object(widget) = widget {
                        for (field, value) in flatten(widget) {
                            if field != "type" {
                                flat.insert(field, value);
                            }
                        }
                    }
                }
            }
            (_, value) => {
                flat.insert(name, plain(value));
            }
        }
    }
    flat
}

fn plain(value: Value) -> Value {
    match value {
        Value::Object(mut object) if object.contains_key("nodes") => {
            let nodes = object.remove("nodes").unwrap_or_default();
            plain(nodes)
        }
        Value::Object(object) => Value::Object(flatten(object)),
        Value::Array(items) => Value::Array(items.into_iter().map(plain).collect()),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::gitlab::graphql::GraphQl;

    const GET: Operation = Operation {
        name: "workItem",
        document: "query workItem { namespace { workItem { iid } } }",
        answer: &["namespace", "workItem"],
        shape: Shape::Object,
    };

    const UPDATE: Operation = Operation {
        name: "workItemUpdate",
        document: "mutation workItemUpdate { workItemUpdate { workItem { iid } errors } }",
        answer: &["workItemUpdate", "workItem"],
        shape: Shape::Object,
    };

    #[test]
    fn widgets_merge_into_the_object_and_connections_become_lists() {
        let body = json!({"data": {"namespace": {"workItem": {
            "iid": "1",
            "widgets": [
                {"type": "ASSIGNEES", "assignees": {"nodes": [{"username": "root"}]}},
                {},
                {"type": "HIERARCHY", "parent": null, "children": {"nodes": []}},
            ],
        }}}});
        assert_eq!(
            answer(&GET, body),
            Ok(Answer::Object(
                json!({"iid": "1", "assignees": [{"username": "root"}], "parent": null, "children": []})
                    .as_object()
                    .unwrap()
                    .clone()
            ))
        );
    }

    #[test]
    fn errors_and_nulls_are_named() {
        let refused = answer(
            &GET,
            json!({"errors": [{"message": "Field 'x' doesn't exist"}]}),
        );
        assert_eq!(
            refused,
            Err("GitLab refused `workItem`: Field 'x' doesn't exist".to_owned())
        );
        let missing = answer(&GET, json!({"data": {"namespace": null}})).unwrap_err();
        assert!(missing.contains("no `namespace`"), "{missing}");
        let invalid = answer(
            &UPDATE,
            json!({"data": {"workItemUpdate": {"workItem": null, "errors": ["#2 cannot be added"]}}}),
        );
        assert_eq!(
            invalid,
            Err("GitLab refused `workItemUpdate`: #2 cannot be added".to_owned())
        );
        assert!(!GET.mutation() && UPDATE.mutation());
    }

    #[test]
    fn every_operation_parses_and_its_first_word_says_what_it_is() {
        let operations = crate::registry::catalog()
            .actions()
            .iter()
            .filter_map(|action| match action.output {
                crate::catalog::Output::GraphQl(operation) => Some(operation),
                _ => None,
            });
        let mut seen = 0;
        for operation in operations {
            let parsed = GraphQl::parse(operation.document)
                .and_then(|document| document.mutation())
                .unwrap_or_else(|why| panic!("GraphQL operation `{}`: {why}", operation.name));
            assert_eq!(operation.mutation(), parsed, "`{}`", operation.name);
            seen += 1;
        }
        assert!(seen > 10, "{seen} operations");
    }
}
