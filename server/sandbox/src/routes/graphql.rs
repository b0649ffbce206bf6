//! `POST /api/graphql`: a small part of GitLab's GraphQL schema, answered as GitLab does —
//! `{data, errors}` with `200`, errors naming the field and where it is. Queries:
//! `currentUser`, `project(fullPath:)` with its scalar fields, `issue(iid:)` and
//! `workItems(…)`, `group(fullPath:)` with `workItems(…)`, `namespace(fullPath:)` with
//! `workItem(iid:)` and `workItemTypes`. Mutations: `createIssue(input: {projectPath,
//! title, description?, confidential?})` and the work item mutations (`super::work_items`).
//! Inline fragments (`... on WorkItemWidgetLabels { … }`) select by the object's type.
//! Anything else is GitLab's `Field '…' doesn't exist on type '…'`.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use graphql_parser::query::{
    Definition, Document, Field, OperationDefinition, Selection, SelectionSet, TypeCondition,
    Value as GqlValue, parse_query,
};
use serde_json::{Map, Value, json};

use super::work_items;
use crate::app::App;
use crate::reply::{ApiError, ok};
use crate::store::issues::Issue;
use crate::store::quick_actions::On;
use crate::store::{CURRENT_USER, Project, Store, now};

/// A field's error, as GitLab words it.
pub(super) type FieldError = String;

pub(crate) async fn answer(
    State(app): State<App>,
    Json(body): Json<Value>,
) -> Result<Response, ApiError> {
    let Some(text) = body.get("query").and_then(Value::as_str) else {
        return Ok(errors(vec!["No query string was present".to_owned()]));
    };
    let variables = body
        .get("variables")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    let document: Document<&str> = match parse_query(text) {
        Ok(document) => document,
        Err(error) => return Ok(errors(vec![format!("Parse error: {error}")])),
    };
    let wanted = body.get("operationName").and_then(Value::as_str);
    let operations: Vec<&OperationDefinition<&str>> = document
        .definitions
        .iter()
        .filter_map(|definition| match definition {
            Definition::Operation(operation) => Some(operation),
            Definition::Fragment(_) => None,
        })
        .filter(|operation| wanted.is_none_or(|name| operation_name(operation) == Some(name)))
        .collect();
    let [operation] = operations.as_slice() else {
        return Ok(errors(vec![
            "An operation name is required when a document holds several, and it must name one of them".to_owned(),
        ]));
    };
    app.with_store(|store| {
        let resolved = match operation {
            OperationDefinition::SelectionSet(set) => query(store, set, &variables),
            OperationDefinition::Query(query_) => query(store, &query_.selection_set, &variables),
            OperationDefinition::Mutation(mutation) => {
                mutate(store, &mutation.selection_set, &variables)
            }
            OperationDefinition::Subscription(_) => {
                Err("Subscriptions are not served over HTTP".to_owned())
            }
        };
        Ok(match resolved {
            Ok(data) => ok(StatusCode::OK, json!({"data": data})),
            Err(error) => errors(vec![error]),
        })
    })
}

fn operation_name<'a>(operation: &'a OperationDefinition<'a, &'a str>) -> Option<&'a str> {
    match operation {
        OperationDefinition::SelectionSet(_) => None,
        OperationDefinition::Query(query) => query.name,
        OperationDefinition::Mutation(mutation) => mutation.name,
        OperationDefinition::Subscription(subscription) => subscription.name,
    }
}

/// `200` with GitLab's `errors`, and no `data`.
fn errors(messages: Vec<String>) -> Response {
    let errors: Vec<Value> = messages
        .into_iter()
        .map(|message| json!({"message": message}))
        .collect();
    ok(StatusCode::OK, json!({"errors": errors}))
}

fn query<'a>(
    store: &mut Store,
    set: &SelectionSet<'a, &'a str>,
    variables: &Map<String, Value>,
) -> Result<Value, FieldError> {
    let mut data = Map::new();
    for field in fields(set)? {
        let value = match field.name {
            "currentUser" => select(&user(store, CURRENT_USER), field, "UserCore")?,
            "project" => {
                let path = text_argument(field, "fullPath", variables)?;
                match store.project(&path) {
                    Ok(project) => select(
                        &project_object(store, project, field, variables)?,
                        field,
                        "Project",
                    )?,
                    Err(_) => Value::Null,
                }
            }
            "group" => {
                let path = text_argument(field, "fullPath", variables)?;
                match store.group_named(&path) {
                    Ok(group) => select(
                        &work_items::group(store, group, field, variables)?,
                        field,
                        "Group",
                    )?,
                    Err(_) => Value::Null,
                }
            }
            "namespace" => {
                let path = text_argument(field, "fullPath", variables)?;
                match work_items::namespace(store, &path, field, variables)? {
                    Some(namespace) => select(&namespace, field, "Namespace")?,
                    None => Value::Null,
                }
            }
            other => return Err(missing(other, "Query")),
        };
        data.insert(field.alias.unwrap_or(field.name).to_owned(), value);
    }
    Ok(Value::Object(data))
}

fn mutate<'a>(
    store: &mut Store,
    set: &SelectionSet<'a, &'a str>,
    variables: &Map<String, Value>,
) -> Result<Value, FieldError> {
    let mut data = Map::new();
    for field in fields(set)? {
        let value = match field.name {
            "createIssue" => {
                let input = argument(field, "input", variables)?;
                let payload = create_issue(store, &input)?;
                select(&payload, field, "CreateIssuePayload")?
            }
            "workItemCreate"
            | "workItemUpdate"
            | "workItemDelete"
            | "workItemAddLinkedItems"
            | "workItemRemoveLinkedItems" => {
                let input = argument(field, "input", variables)?;
                let payload = work_items::mutate(store, field.name, &input)?;
                select(&payload, field, field.name)?
            }
            other => return Err(missing(other, "Mutation")),
        };
        data.insert(field.alias.unwrap_or(field.name).to_owned(), value);
    }
    Ok(Value::Object(data))
}

/// `{issue, errors}`: the new issue, or GitLab's validation errors.
fn create_issue(store: &mut Store, input: &Value) -> Result<Value, FieldError> {
    let path = input["projectPath"]
        .as_str()
        .ok_or("Argument 'projectPath' on InputObject 'CreateIssueInput' is required")?;
    let title = input["title"]
        .as_str()
        .unwrap_or_default()
        .trim()
        .to_owned();
    let Ok(project_id) = store.project_id(path) else {
        return Ok(
            json!({"issue": null, "errors": ["The resource that you are attempting to access does not exist or you don't have permission to perform this action"]}),
        );
    };
    if title.is_empty() {
        return Ok(json!({"issue": null, "errors": ["Title can't be blank"]}));
    }
    let issue_id = crate::store::Ids::next(&mut store.ids.issue);
    let project = store.project_mut(project_id);
    let iid = project.issue_iid();
    let mut issue = Issue::new(issue_id, iid, &title, CURRENT_USER, &now());
    issue.description = input["description"].as_str().map(str::to_owned);
    issue.confidential = input["confidential"].as_bool().unwrap_or(false);
    let description = issue.description.clone();
    project.issues.insert(iid, issue);
    project.touch();
    // The description's quick actions run as through REST.
    if let Some(description) = description {
        let kept = store.new_description(&On::Issue(project_id, iid), &description);
        store
            .project_mut(project_id)
            .issues
            .get_mut(&iid)
            .expect("made above")
            .description = Some(kept);
    }
    let project = &store.projects[&project_id];
    Ok(json!({"issue": issue_object(store, project, iid), "errors": []}))
}

/// The fields of a selection set; fragments are beyond what the sandbox answers here.
pub(super) fn fields<'s, 'a>(
    set: &'s SelectionSet<'a, &'a str>,
) -> Result<Vec<&'s Field<'a, &'a str>>, FieldError> {
    set.items
        .iter()
        .map(|selection| match selection {
            Selection::Field(field) => Ok(field),
            _ => Err("The sandbox answers fields only, not fragments".to_owned()),
        })
        .collect()
}

/// The fields `set` selects of `object`, an inline fragment's only when its type is the
/// object's (`__typename`, else `type_name`).
fn selected_fields<'s, 'a>(
    object: &Value,
    set: &'s SelectionSet<'a, &'a str>,
    type_name: &str,
    into: &mut Vec<&'s Field<'a, &'a str>>,
) -> Result<(), FieldError> {
    let own_type = object
        .get("__typename")
        .and_then(Value::as_str)
        .unwrap_or(type_name);
    for selection in &set.items {
        match selection {
            Selection::Field(field) => into.push(field),
            Selection::InlineFragment(fragment) => {
                let condition = match &fragment.type_condition {
                    Some(TypeCondition::On(name)) => *name,
                    None => own_type,
                };
                if !work_items::known_type(condition) && condition != own_type {
                    return Err(format!(
                        "No such type {condition}, so it can't be a fragment condition"
                    ));
                }
                if condition == own_type {
                    selected_fields(object, &fragment.selection_set, type_name, into)?;
                }
            }
            Selection::FragmentSpread(_) => {
                return Err(
                    "The sandbox answers fields and inline fragments, not named fragments"
                        .to_owned(),
                );
            }
        }
    }
    Ok(())
}

/// `object` cut to what `field` selects, recursively; `type_name` names it in errors.
pub(super) fn select<'a>(
    object: &Value,
    field: &Field<'a, &'a str>,
    type_name: &str,
) -> Result<Value, FieldError> {
    if field.selection_set.items.is_empty() || object.is_null() {
        return Ok(object.clone());
    }
    let mut wanted = Vec::new();
    selected_fields(object, &field.selection_set, type_name, &mut wanted)?;
    let own_type = object
        .get("__typename")
        .and_then(Value::as_str)
        .unwrap_or(type_name);
    let mut selected = Map::new();
    for inner in wanted {
        let Some(value) = object.get(inner.name) else {
            return Err(missing(inner.name, own_type));
        };
        let value = match value {
            Value::Array(items) => Value::Array(
                items
                    .iter()
                    .map(|item| select(item, inner, inner.name))
                    .collect::<Result<_, _>>()?,
            ),
            value => select(value, inner, inner.name)?,
        };
        selected.insert(inner.alias.unwrap_or(inner.name).to_owned(), value);
    }
    Ok(Value::Object(selected))
}

pub(super) fn missing(name: &str, type_name: &str) -> FieldError {
    format!("Field '{name}' doesn't exist on type '{type_name}'")
}

/// An argument's value as JSON, a `$variable` read from the request's variables.
pub(super) fn argument<'a>(
    field: &Field<'a, &'a str>,
    name: &str,
    variables: &Map<String, Value>,
) -> Result<Value, FieldError> {
    let value = field
        .arguments
        .iter()
        .find(|(argument, _)| *argument == name)
        .map(|(_, value)| value)
        .ok_or_else(|| {
            format!(
                "Field '{}' is missing required arguments: {name}",
                field.name
            )
        })?;
    Ok(to_json(value, variables))
}

pub(super) fn text_argument<'a>(
    field: &Field<'a, &'a str>,
    name: &str,
    variables: &Map<String, Value>,
) -> Result<String, FieldError> {
    match argument(field, name, variables)? {
        Value::String(text) => Ok(text),
        Value::Number(number) => Ok(number.to_string()),
        other => Err(format!(
            "Argument '{name}' on Field '{}' has an invalid value ({other})",
            field.name
        )),
    }
}

fn to_json<'a>(value: &GqlValue<'a, &'a str>, variables: &Map<String, Value>) -> Value {
    match value {
        GqlValue::Variable(name) => variables.get(*name).cloned().unwrap_or(Value::Null),
        GqlValue::Int(number) => json!(number.as_i64()),
        GqlValue::Float(number) => json!(number),
        GqlValue::String(text) => json!(text),
        GqlValue::Boolean(flag) => json!(flag),
        GqlValue::Null => Value::Null,
        GqlValue::Enum(name) => json!(name),
        GqlValue::List(items) => {
            Value::Array(items.iter().map(|i| to_json(i, variables)).collect())
        }
        GqlValue::Object(fields) => Value::Object(
            fields
                .iter()
                .map(|(key, value)| ((*key).to_owned(), to_json(value, variables)))
                .collect(),
        ),
    }
}

pub(super) fn user(store: &Store, id: u64) -> Value {
    let user = store.user(id);
    json!({
        "id": format!("gid://gitlab/User/{id}"),
        "username": user.username,
        "name": user.name,
        "publicEmail": user.email,
        "state": "active",
        "webUrl": format!("{}/{}", store.base, user.username),
    })
}

/// A project's fields, with `issue(iid:)` when the selection asks for one.
fn project_object<'a>(
    store: &Store,
    project: &Project,
    field: &Field<'a, &'a str>,
    variables: &Map<String, Value>,
) -> Result<Value, FieldError> {
    let mut object = json!({
        "id": format!("gid://gitlab/Project/{}", project.id),
        "name": project.name,
        "path": project.path,
        "fullPath": store.full_path(project),
        "description": project.description,
        "webUrl": store.web_url(project),
        "visibility": project.visibility,
        "createdAt": project.created_at,
        "archived": project.archived,
    });
    for inner in fields(&field.selection_set)? {
        if inner.name == "workItems" {
            object["workItems"] = work_items::page(store, Some(project), inner, variables)?;
        }
        if inner.name == "issue" {
            let iid = text_argument(inner, "iid", variables)?;
            let issue = iid
                .parse::<u64>()
                .ok()
                .filter(|iid| project.issues.contains_key(iid))
                .map_or(Value::Null, |iid| issue_object(store, project, iid));
            object["issue"] = issue;
        }
    }
    Ok(object)
}

fn issue_object(store: &Store, project: &Project, iid: u64) -> Value {
    let issue = &project.issues[&iid];
    json!({
        "id": format!("gid://gitlab/Issue/{}", issue.id),
        "iid": iid.to_string(),
        "title": issue.title,
        "description": issue.description,
        "state": issue.state,
        "confidential": issue.confidential,
        "createdAt": issue.created_at,
        "webUrl": format!("{}/-/issues/{iid}", store.web_url(project)),
        "author": user(store, issue.author_id),
    })
}
