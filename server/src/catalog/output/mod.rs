//! What an action's answer becomes: the structured result (and its text), shaped the same
//! way for every action of a kind, and the output schema that promises that shape.

mod compact;
mod diffs;
mod file;
mod log;
pub(crate) mod masked;
pub mod untrusted;

use std::sync::{Arc, LazyLock};

use rmcp::model::{CallToolResult, ContentBlock};
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Map, Value};

pub use compact::{Kind, PIPELINE, RAW, brief, brief_object};
pub use diffs::DiffPage;
pub use diffs::MAX_DIFF_BYTES;
pub use file::{FileContent, MAX_FILE_BYTES, Window};
#[cfg(test)]
pub use log::MAX_LOG_BYTES;
pub use log::{JobLog, first_error};

use super::graphql::{self, Answer, Operation, Shape};
use super::resource::Resource;
use super::schema::output_schema_of;
use crate::gitlab::ApiResponse;

/// How the GitLab objects of an answer are kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Objects {
    /// Compact, as the declared kind keeps them (field by field for `None`), or whole
    /// under `raw` when the call asked for it: what a tool answers.
    Compact(Option<&'static Kind>),
    /// Whole, as GitLab sent them: for the server's own reads, which render their text
    /// from GitLab's fields.
    Whole,
}

/// How an answer becomes the tool's structured result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Output {
    /// One GitLab object, compact ([`Kind::compact`]), or whole under `raw` when asked.
    Object,
    /// A page of objects, each compact: `{items, next_page, total}`.
    List,
    /// A pipeline, as [`Output::Object`]; a tool call's answer for a failed one also
    /// carries its failed jobs (`crate::ci::failed_jobs`), so that why it failed is
    /// not three more calls away.
    Pipeline,
    /// A deletion: `{deleted: true, status, message}`.
    Deleted,
    /// An action GitLab answers with no object: `{done: true, status, message}`.
    Done,
    /// A job's log as plain text ([`JobLog`]): its first error's lines and its end, or the
    /// call's `tail_lines`.
    JobLog,
    /// A repository file decoded ([`FileContent`]); the call's `first_line`, `last_line`.
    File,
    /// A text GitLab sends as it is (a snippet's content, a file of a job's artifacts),
    /// shaped and capped as a repository file ([`FileContent`]), its path the call's
    /// `artifact_path` when it has one.
    Text,
    /// A page of per-file diffs, capped ([`DiffPage`]).
    Diffs,
    /// GitLab's comparison of two refs, its `diffs` capped like [`Output::Diffs`].
    Compare,
    /// Whatever an endpoint answers (`api.request`): an object compact field by field, a
    /// list of objects as a page, anything else under `value`.
    Any,
    /// A typed GraphQL operation's answer, read from `data` (`super::graphql::answer`): an
    /// object compact field by field, a page with its cursor, or a deletion.
    GraphQl(&'static Operation),
}

/// The structured result of a list action.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Page {
    /// The objects on this page, compact (each under `raw` when the call asked for it).
    pub items: Vec<Map<String, Value>>,
    /// Fields every object on this page has with the same value (the project, the
    /// pipeline of its jobs), given here once instead of in each.
    #[serde(skip_serializing_if = "Map::is_empty")]
    pub shared: Map<String, Value>,
    /// The next page to ask for, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next_page: Option<u32>,
    /// How many objects match in all, when GitLab says.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total: Option<u64>,
}

/// The structured result of a GraphQL list action: GitLab pages by cursor.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CursorPage {
    /// The objects on this page, compact (each under `raw` when the call asked for it).
    pub items: Vec<Map<String, Value>>,
    /// Fields every object on this page has with the same value, given here once.
    #[serde(skip_serializing_if = "Map::is_empty")]
    pub shared: Map<String, Value>,
    /// Give it as `after` for the next page, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next_cursor: Option<String>,
}

/// The structured result of a delete action.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Deleted {
    /// Always true: a failed deletion is an error result instead.
    pub deleted: bool,
    /// The HTTP status GitLab answered with (204, 202 when GitLab deletes later, 200).
    pub status: u16,
    /// GitLab's message, when it sent one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

/// What a 304 Not Modified says.
const UNCHANGED: &str = "Nothing changed: it was already so (already subscribed or not, starred or not, approved or not).";

/// The structured result of a change GitLab did not make because it was already made
/// (304 Not Modified).
#[derive(Debug, Serialize, JsonSchema)]
pub struct Unchanged {
    /// Always true.
    pub unchanged: bool,
    /// 304.
    pub status: u16,
    pub message: String,
}

/// The structured result of an action GitLab answers without an object.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Done {
    /// Always true: a failure is an error result instead.
    pub done: bool,
    /// The HTTP status GitLab answered with.
    pub status: u16,
    /// GitLab's message, when it sent one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

/// The schemas of the result shapes many actions share, made once.
struct Shapes {
    page: Arc<Map<String, Value>>,
    deleted: Arc<Map<String, Value>>,
    done: Arc<Map<String, Value>>,
    job_log: Arc<Map<String, Value>>,
    file: Arc<Map<String, Value>>,
    diffs: Arc<Map<String, Value>>,
    cursor_page: Arc<Map<String, Value>>,
}

static SHAPES: LazyLock<Shapes> = LazyLock::new(|| Shapes {
    page: output_schema_of::<Page>(),
    deleted: output_schema_of::<Deleted>(),
    done: output_schema_of::<Done>(),
    job_log: output_schema_of::<JobLog>(),
    file: output_schema_of::<FileContent>(),
    diffs: output_schema_of::<DiffPage>(),
    cursor_page: output_schema_of::<CursorPage>(),
});

/// A text GitLab sent as it is (a log, a snippet, a file of an archive): a text that happens
/// to read as JSON is still the text.
fn plain_text(body: Value) -> String {
    match body {
        Value::String(text) => text,
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// An error result (`isError: true`) with `text` and no structured content.
pub fn error_result(text: impl Into<String>) -> CallToolResult {
    CallToolResult::error(vec![ContentBlock::text(text.into())])
}

impl Output {
    /// The output schema an action of this kind declares; `kind` is the kind of GitLab
    /// object it answers with, when declared.
    pub fn schema(self, kind: Option<&Kind>, resource: &Resource) -> Arc<Map<String, Value>> {
        let (noun, plural) = (resource.noun, resource.plural);
        let object = |what: String| match kind {
            Some(kind) => kind.schema(&what),
            None => compact::any_schema(&what),
        };
        let shapes = &*SHAPES;
        match self {
            Output::Object => Arc::new(object(format!(
                "The {noun}, compact; with `raw: true`, GitLab's whole object under `raw`"
            ))),
            Output::Pipeline => {
                let mut schema = object(format!(
                    "The {noun}, compact, with its failed jobs when it failed; with `raw: true`, GitLab's whole object under `raw`"
                ));
                if let Some(Value::Object(properties)) = schema.get_mut("properties") {
                    properties.extend(failed_jobs_schema());
                }
                Arc::new(schema)
            }
            Output::List => {
                let mut schema = (*shapes.page).clone();
                let text = format!("One page of {plural}, each compact");
                schema.insert("description".to_owned(), Value::String(text));
                if let Some(Value::Object(items)) = schema
                    .get_mut("properties")
                    .and_then(|properties| properties.get_mut("items"))
                {
                    items.insert(
                        "items".to_owned(),
                        Value::Object(object(format!("A {noun}"))),
                    );
                }
                Arc::new(schema)
            }
            Output::Deleted => Arc::clone(&shapes.deleted),
            Output::Done => Arc::clone(&shapes.done),
            Output::JobLog => Arc::clone(&shapes.job_log),
            Output::File | Output::Text => Arc::clone(&shapes.file),
            Output::Diffs => Arc::clone(&shapes.diffs),
            Output::Any => Arc::new(compact::any_schema(
                "GitLab's answer: an object compact, a list of objects as a page (`items`, `next_page`, `total`), anything else under `value`; with `raw: true`, GitLab's whole answer under `raw`",
            )),
            Output::GraphQl(operation) => match operation.shape {
                Shape::Object => Arc::new(object(format!(
                    "The {noun}, compact; with `raw: true`, GitLab's whole object under `raw`"
                ))),
                Shape::Page => {
                    let mut schema = (*shapes.cursor_page).clone();
                    let text = format!("One page of {plural}, each compact");
                    schema.insert("description".to_owned(), Value::String(text));
                    Arc::new(schema)
                }
                Shape::Deleted => Arc::clone(&shapes.deleted),
            },
            Output::Compare => Arc::new(compact::any_schema(
                "GitLab's comparison (commit, commits, diffs, compare_same_ref, web_url), commits compact; `diffs` capped like the diff actions, with `note` saying what was cut",
            )),
        }
    }

    /// Whether the call may ask for GitLab's whole answer with `raw: true`.
    pub fn has_raw(self) -> bool {
        matches!(
            self,
            Output::Object | Output::Pipeline | Output::List | Output::Compare | Output::Any
        ) || matches!(self, Output::GraphQl(operation) if operation.shape != Shape::Deleted)
    }

    /// The structured result for a successful answer. Every shape is checked here, so what
    /// reaches the client always matches the action's output schema. `what` names the call
    /// in errors (`GET projects/1/jobs/7/trace`); `params` are the call's own parameters.
    pub fn shape(
        self,
        what: &str,
        response: ApiResponse,
        kept: Objects,
        params: &Map<String, Value>,
    ) -> CallToolResult {
        // Nothing changed, because it was already so (subscribed, starred, approved).
        if response.status == 304 {
            let message = UNCHANGED.to_owned();
            return match self {
                Output::Done => structured(&Done {
                    done: true,
                    status: 304,
                    message: Some(message),
                }),
                Output::Object | Output::Any => structured(&Unchanged {
                    unchanged: true,
                    status: 304,
                    message,
                }),
                _ => error_result(format!(
                    "{what}: GitLab answered 304 Not Modified: {UNCHANGED}"
                )),
            };
        }
        let mut response = response;
        // What GitLab users wrote, as their GitLab page shows it; no masked value.
        untrusted::clean(&mut response.body);
        masked::hide(&mut response.body);
        let status = response.status;
        let unexpected = |expected: &str, body: &Value| {
            error_result(format!(
                "{what}: GitLab answered {status} with {} where {expected} was expected",
                shape_of(body)
            ))
        };
        let number = |key: &str| params.get(key).and_then(Value::as_u64).map(|n| n as usize);
        // Whole objects: the server's own reads, or a call that asked for `raw`.
        let raw = kept == Objects::Whole || params.get(RAW) == Some(&Value::Bool(true));
        // One object as kept: as GitLab sent it, whole under `raw`, or compact.
        let compact = |object: Map<String, Value>| -> Map<String, Value> {
            match kept {
                Objects::Whole => object,
                _ if raw => Map::from_iter([(RAW.to_owned(), Value::Object(object))]),
                Objects::Compact(Some(kind)) => kind.compact(&object),
                Objects::Compact(None) => brief_object(&object),
            }
        };
        match self {
            Output::Object | Output::Pipeline => match response.body {
                Value::Object(object) => CallToolResult::structured(Value::Object(compact(object))),
                other => unexpected("an object", &other),
            },
            Output::List | Output::Diffs => {
                let items = match objects(response.body) {
                    Ok(items) => items,
                    Err(other) => return unexpected("a list of objects", &other),
                };
                if self == Output::List {
                    let mut items: Vec<_> = items.into_iter().map(compact).collect();
                    let shared = if raw { Map::new() } else { shared(&mut items) };
                    return structured(&Page {
                        items,
                        shared,
                        next_page: response.next_page,
                        total: response.total,
                    });
                }
                let mut items = items;
                if !raw {
                    items.iter_mut().for_each(diffs::brief);
                }
                let note = diffs::cap(&mut items);
                structured(&DiffPage {
                    items,
                    next_page: response.next_page,
                    total: response.total,
                    note,
                })
            }
            Output::Deleted => structured(&Deleted {
                deleted: true,
                status,
                message: message(&response.body),
            }),
            Output::Done => structured(&Done {
                done: true,
                status,
                message: message(&response.body),
            }),
            Output::JobLog => {
                let text = plain_text(response.body);
                let log = match number("tail_lines") {
                    Some(lines) => log::tail(&text, lines),
                    None => log::excerpt(&text),
                };
                // A log is text: what the model reads is the log itself, the figures
                // in the structured result beside it.
                let mut result = structured(&log);
                result.content = vec![ContentBlock::text(format!(
                    "{}\n\n{}",
                    log.untrusted, log.log
                ))];
                result
            }
            Output::File => match response.body {
                Value::Object(object) => {
                    let window = Window {
                        first_line: number("first_line"),
                        last_line: number("last_line"),
                    };
                    match file::decode(&object, window) {
                        Ok(content) => structured(&content),
                        Err(why) => error_result(format!("{what}: {why}")),
                    }
                }
                other => unexpected("a file object", &other),
            },
            Output::Text => {
                let text = plain_text(response.body);
                let path = params.get("artifact_path").cloned().unwrap_or_default();
                let file = Map::from_iter([
                    ("file_path".to_owned(), path),
                    ("content".to_owned(), Value::String(text)),
                ]);
                let window = Window {
                    first_line: number("first_line"),
                    last_line: number("last_line"),
                };
                match file::decode(&file, window) {
                    Ok(content) => structured(&content),
                    Err(why) => error_result(format!("{what}: {why}")),
                }
            }
            Output::Any => match response.body {
                Value::Object(object) => CallToolResult::structured(Value::Object(compact(object))),
                Value::Array(items) if items.iter().all(Value::is_object) => {
                    let items = objects(Value::Array(items)).unwrap_or_default();
                    let mut items: Vec<_> = items.into_iter().map(compact).collect();
                    let shared = if raw { Map::new() } else { shared(&mut items) };
                    structured(&Page {
                        items,
                        shared,
                        next_page: response.next_page,
                        total: response.total,
                    })
                }
                other if raw => structured(&serde_json::json!({ RAW: other })),
                other => structured(&serde_json::json!({ "value": other })),
            },
            Output::GraphQl(operation) => match graphql::answer(operation, response.body) {
                Ok(Answer::Object(object)) => {
                    CallToolResult::structured(Value::Object(compact(object)))
                }
                Ok(Answer::Page { items, next_cursor }) => {
                    let mut items: Vec<_> = items.into_iter().map(compact).collect();
                    let shared = if raw { Map::new() } else { shared(&mut items) };
                    structured(&CursorPage {
                        items,
                        shared,
                        next_cursor,
                    })
                }
                Ok(Answer::Deleted) => structured(&Deleted {
                    deleted: true,
                    status,
                    message: None,
                }),
                Err(why) => error_result(why),
            },
            Output::Compare => match response.body {
                Value::Object(object) if raw => {
                    CallToolResult::structured(Value::Object(compact(object)))
                }
                Value::Object(mut object) => {
                    for commits in ["commit", "commits"] {
                        if let Some(value) = object.get_mut(commits) {
                            *value = match value.take() {
                                Value::Object(commit) => {
                                    Value::Object(compact::COMMIT.compact(&commit))
                                }
                                Value::Array(list) => list
                                    .into_iter()
                                    .map(|commit| match commit {
                                        Value::Object(commit) => {
                                            Value::Object(compact::COMMIT.compact(&commit))
                                        }
                                        other => brief(&other),
                                    })
                                    .collect(),
                                other => other,
                            };
                        }
                    }
                    if let Some(Value::Array(diffs)) = object.remove("diffs") {
                        let mut files = match objects(Value::Array(diffs)) {
                            Ok(files) => files,
                            Err(other) => return unexpected("a list of diffs", &other),
                        };
                        if let Some(note) = diffs::cap(&mut files) {
                            object.insert("note".to_owned(), Value::String(note));
                        }
                        let files = files.into_iter().map(Value::Object).collect();
                        object.insert("diffs".to_owned(), Value::Array(files));
                    }
                    CallToolResult::structured(Value::Object(object))
                }
                other => unexpected("a comparison", &other),
            },
        }
    }
}

/// The properties a failed pipeline's answer adds to the pipeline.
fn failed_jobs_schema() -> Map<String, Value> {
    let schema = serde_json::json!({
        "failed_jobs": {
            "type": "array",
            "description": "The jobs that failed, each with the lines around the first error of its log (for the first few)",
            "items": {
                "type": "object",
                "properties": {
                    "id": {"type": "integer"},
                    "name": {"type": "string"},
                    "stage": {"type": "string"},
                    "failure_reason": {"type": "string"},
                    "allow_failure": {"type": "boolean"},
                    "first_error": {"type": "string"},
                },
            },
        },
        "more_failed_jobs": {"type": "integer", "description": "Failed jobs not listed"},
        "failed_jobs_error": {"type": "string", "description": "Why the failed jobs could not be read"},
        "untrusted": {"type": "string"},
    });
    match schema {
        Value::Object(properties) => properties,
        _ => unreachable!("a JSON object literal"),
    }
}

/// Takes out of `items` the fields they all have with the same value, and returns them
/// (nothing for fewer than two items).
fn shared(items: &mut [Map<String, Value>]) -> Map<String, Value> {
    let Some((first, rest)) = items.split_first() else {
        return Map::new();
    };
    if rest.is_empty() {
        return Map::new();
    }
    let shared: Map<String, Value> = first
        .iter()
        .filter(|(name, value)| rest.iter().all(|item| item.get(*name) == Some(*value)))
        .map(|(name, value)| (name.clone(), value.clone()))
        .collect();
    for item in items.iter_mut() {
        item.retain(|name, _| !shared.contains_key(name));
    }
    shared
}

/// A JSON list of objects, or what came instead.
fn objects(body: Value) -> Result<Vec<Map<String, Value>>, Value> {
    let Value::Array(items) = body else {
        return Err(body);
    };
    let mut objects = Vec::with_capacity(items.len());
    for item in items {
        match item {
            Value::Object(object) => objects.push(object),
            other => return Err(other),
        }
    }
    Ok(objects)
}

/// GitLab's message in an answer without an object (`{"message": "202 Accepted"}`).
fn message(body: &Value) -> Option<String> {
    match body {
        Value::Object(object) => object
            .get("message")
            .and_then(Value::as_str)
            .map(str::to_owned),
        Value::String(text) if !text.trim().is_empty() => Some(text.trim().to_owned()),
        _ => None,
    }
}

fn structured(value: &impl Serialize) -> CallToolResult {
    // The catalog's own output structs always serialise.
    CallToolResult::structured(serde_json::to_value(value).expect("output structs serialise"))
}

fn shape_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "nothing",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "text",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn response(status: u16, body: Value) -> ApiResponse {
        ApiResponse {
            status,
            body,
            next_page: Some(2),
            total: Some(3),
        }
    }

    fn shape(output: Output, status: u16, body: Value) -> CallToolResult {
        output.shape(
            "GET x",
            response(status, body),
            Objects::Compact(None),
            &Map::new(),
        )
    }

    #[test]
    fn objects_are_text_and_structured() {
        let result = shape(Output::Object, 200, json!({"id": 1}));
        assert_eq!(result.is_error, Some(false));
        assert_eq!(result.structured_content, Some(json!({"id": 1})));
        assert_eq!(result.content[0].as_text().unwrap().text, r#"{"id":1}"#);
    }

    #[test]
    fn lists_carry_the_next_page() {
        let result = shape(Output::List, 200, json!([{"id": 1}]));
        assert_eq!(
            result.structured_content,
            Some(json!({"items": [{"id": 1}], "next_page": 2, "total": 3}))
        );
    }

    #[test]
    fn deletions_and_bodiless_answers_report_status_and_message() {
        let result = shape(Output::Deleted, 204, Value::Null);
        assert_eq!(
            result.structured_content,
            Some(json!({"deleted": true, "status": 204}))
        );
        let result = shape(Output::Deleted, 202, json!({"message": "202 Accepted"}));
        assert_eq!(
            result.structured_content,
            Some(json!({"deleted": true, "status": 202, "message": "202 Accepted"}))
        );
        let result = shape(Output::Done, 201, Value::Null);
        assert_eq!(
            result.structured_content,
            Some(json!({"done": true, "status": 201}))
        );
    }

    #[test]
    fn wrong_shapes_are_errors() {
        let result = Output::Object.shape(
            "GET projects/1",
            response(200, json!([1])),
            Objects::Whole,
            &Map::new(),
        );
        assert_eq!(result.is_error, Some(true));
        assert_eq!(
            result.content[0].as_text().unwrap().text,
            "GET projects/1: GitLab answered 200 with a list where an object was expected"
        );
        assert!(result.structured_content.is_none());
    }

    #[test]
    fn a_log_takes_the_calls_tail_lines() {
        let text: String = (1..=10).map(|n| format!("{n}\n")).collect();
        let params = json!({"tail_lines": 3}).as_object().unwrap().clone();
        let result = Output::JobLog.shape(
            "GET t",
            response(200, Value::String(text)),
            Objects::Whole,
            &params,
        );
        let log = result.structured_content.unwrap();
        assert_eq!(log["shown_lines"], 3);
        assert!(log["log"].as_str().unwrap().ends_with("8\n9\n10"));
    }
}
