//! GitLab's work items over GraphQL (`super::graphql` routes the fields here): a project's
//! or group's `workItems(…)` connection, `namespace { workItem(iid:) workItemTypes }`, and
//! the mutations `workItemCreate`, `workItemUpdate` (state, widgets, hierarchy),
//! `workItemDelete`, `workItemAddLinkedItems` and `workItemRemoveLinkedItems`. Work items
//! are the project's issues of every type (`crate::store::work_items`); GitLab's wording
//! for unknown arguments, invalid input and refused hierarchies.

use graphql_parser::query::Field;
use serde_json::{Map, Value, json};

use super::graphql::{FieldError, argument, fields, user};
use crate::store::issues::Issue;
use crate::store::quick_actions::On;
use crate::store::work_items::{TYPES, not_found, type_by_id, type_of};
use crate::store::{CURRENT_USER, Group, Ids, Project, Store, now};

/// The object types the sandbox's work items are made of, which inline fragments may name.
const TYPE_NAMES: &[&str] = &[
    "WorkItem",
    "WorkItemType",
    "WorkItemWidgetDescription",
    "WorkItemWidgetAssignees",
    "WorkItemWidgetLabels",
    "WorkItemWidgetMilestone",
    "WorkItemWidgetStartAndDueDate",
    "WorkItemWidgetHierarchy",
    "WorkItemWidgetLinkedItems",
    "WorkItemWidgetWeight",
    "WorkItemWidgetIteration",
    "WorkItemWidgetHealthStatus",
    "WorkItemWidgetStatus",
];

pub(super) fn known_type(name: &str) -> bool {
    TYPE_NAMES.contains(&name)
}

/// The arguments `workItems` takes (`Resolvers::WorkItemsResolver`, its shared filters and
/// search arguments, and the connection's); a group's also `includeAncestors`,
/// `includeDescendants` and `excludeProjects`.
const LIST_ARGUMENTS: &[&str] = &[
    "iid",
    "iids",
    "ids",
    "sort",
    "search",
    "in",
    "authorUsername",
    "confidential",
    "assigneeUsernames",
    "assigneeWildcardId",
    "labelName",
    "milestoneTitle",
    "milestoneWildcardId",
    "myReactionEmoji",
    "state",
    "types",
    "createdBefore",
    "createdAfter",
    "updatedBefore",
    "updatedAfter",
    "dueBefore",
    "dueAfter",
    "closedBefore",
    "closedAfter",
    "subscribed",
    "not",
    "or",
    "parentIds",
    "releaseTag",
    "crmContactId",
    "crmOrganizationId",
    "first",
    "after",
    "last",
    "before",
];
const GROUP_ARGUMENTS: &[&str] = &["includeAncestors", "includeDescendants", "excludeProjects"];

/// GitLab's refusal of an argument a field does not take.
fn check_arguments<'a>(field: &Field<'a, &'a str>, allowed: &[&str]) -> Result<(), FieldError> {
    match field
        .arguments
        .iter()
        .find(|(name, _)| !allowed.contains(name))
    {
        Some((name, _)) => Err(format!(
            "Field '{}' doesn't accept argument '{name}'",
            field.name
        )),
        None => Ok(()),
    }
}

/// A group, with its own work items when the selection asks for them (the sandbox's groups
/// hold none: work items live in projects).
pub(super) fn group<'a>(
    store: &Store,
    group: &Group,
    field: &Field<'a, &'a str>,
    variables: &Map<String, Value>,
) -> Result<Value, FieldError> {
    let mut object = json!({
        "__typename": "Group",
        "id": format!("gid://gitlab/Group/{}", group.id),
        "name": group.name,
        "path": group.path,
        "fullPath": group.path,
    });
    for inner in fields(&field.selection_set)? {
        if inner.name == "workItems" {
            object["workItems"] = page(store, None, inner, variables)?;
        }
    }
    Ok(object)
}

/// A project's or group's namespace, with `workItem(iid:)` and `workItemTypes` when the
/// selection asks for them; `None` when the path names neither.
pub(super) fn namespace<'a>(
    store: &Store,
    path: &str,
    field: &Field<'a, &'a str>,
    variables: &Map<String, Value>,
) -> Result<Option<Value>, FieldError> {
    let project = store.project(path).ok();
    let mut object = match (project, store.group_named(path)) {
        (Some(project), _) => json!({
            "__typename": "Namespace",
            "id": format!("gid://gitlab/Namespaces::ProjectNamespace/{}", project.id),
            "fullPath": store.full_path(project),
        }),
        (None, Ok(group)) => json!({
            "__typename": "Namespace",
            "id": format!("gid://gitlab/Group/{}", group.id),
            "fullPath": group.path,
        }),
        (None, Err(_)) => return Ok(None),
    };
    for inner in fields(&field.selection_set)? {
        match inner.name {
            "workItem" => {
                check_arguments(inner, &["iid"])?;
                let iid = match argument(inner, "iid", variables)? {
                    Value::String(iid) => iid.parse::<u64>().ok(),
                    _ => {
                        return Err("Argument 'iid' on Field 'workItem' has an invalid value. Expected type 'String!'.".to_owned());
                    }
                };
                object["workItem"] = project
                    .zip(iid)
                    .and_then(|(project, iid)| project.issues.get(&iid).map(|i| (project, i)))
                    .map_or(Value::Null, |(project, issue)| {
                        work_item(store, project, issue)
                    });
            }
            "workItemTypes" => {
                check_arguments(inner, &["name", "onlyAvailable"])?;
                let nodes: Vec<Value> =
                    TYPES.iter().map(|(base, _)| work_item_type(base)).collect();
                object["workItemTypes"] = connection(nodes, None);
            }
            _ => {}
        }
    }
    Ok(Some(object))
}

fn work_item_type(base: &str) -> Value {
    let (id, name) = type_of(base);
    json!({
        "__typename": "WorkItemType",
        "id": format!("gid://gitlab/WorkItems::Type/{id}"),
        "name": name,
        "iconName": format!("work-item-{}", base.replace('_', "-")),
    })
}

/// `{nodes, pageInfo}`; `end` is the cursor after the last node when more follow.
fn connection(nodes: Vec<Value>, end: Option<String>) -> Value {
    json!({
        "count": nodes.len(),
        "nodes": nodes,
        "pageInfo": {
            "hasNextPage": end.is_some(),
            "hasPreviousPage": false,
            "startCursor": null,
            "endCursor": end,
        },
    })
}

/// A page of `project`'s work items (none for a group), newest first, filtered as the
/// arguments say; a cursor is the iid after which the page starts.
pub(super) fn page<'a>(
    store: &Store,
    project: Option<&Project>,
    field: &Field<'a, &'a str>,
    variables: &Map<String, Value>,
) -> Result<Value, FieldError> {
    let allowed: Vec<&str> = match project {
        Some(_) => LIST_ARGUMENTS.to_vec(),
        None => [LIST_ARGUMENTS, GROUP_ARGUMENTS].concat(),
    };
    check_arguments(field, &allowed)?;
    let given = |name: &str| -> Result<Value, FieldError> {
        if field
            .arguments
            .iter()
            .any(|(argument, _)| *argument == name)
        {
            argument(field, name, variables)
        } else {
            Ok(Value::Null)
        }
    };
    let texts = |value: Value| -> Vec<String> {
        match value {
            Value::Array(items) => items
                .into_iter()
                .filter_map(|item| item.as_str().map(str::to_owned))
                .collect(),
            Value::String(text) => vec![text],
            _ => Vec::new(),
        }
    };
    let types: Vec<String> = texts(given("types")?)
        .into_iter()
        .map(|ty| ty.to_lowercase())
        .collect();
    if let Some(unknown) = types
        .iter()
        .find(|ty| !TYPES.iter().any(|(base, _)| base == *ty))
    {
        return Err(format!(
            "Argument 'types' on Field 'workItems' has an invalid value. Expected type '[IssueType!]'. ({})",
            unknown.to_uppercase()
        ));
    }
    let state = given("state")?;
    let state = state.as_str().unwrap_or("all");
    if !["opened", "closed", "all", "locked"].contains(&state) {
        return Err(format!(
            "Argument 'state' on Field 'workItems' has an invalid value ({state}). Expected type 'IssuableState'."
        ));
    }
    let search = given("search")?.as_str().map(str::to_lowercase);
    let labels = texts(given("labelName")?);
    let assignees = texts(given("assigneeUsernames")?);
    let author = given("authorUsername")?;
    let milestones = texts(given("milestoneTitle")?);
    let confidential = given("confidential")?.as_bool();
    let first = given("first")?.as_u64().unwrap_or(100).min(100) as usize;
    let after = given("after")?
        .as_str()
        .and_then(|cursor| cursor.parse::<u64>().ok());
    let Some(project) = project else {
        return Ok(connection(Vec::new(), None));
    };
    let username = |id: &u64| store.user(*id).username.clone();
    let matching: Vec<&Issue> = project
        .issues
        .values()
        .rev()
        .filter(|issue| after.is_none_or(|after| issue.iid < after))
        .filter(|issue| types.is_empty() || types.iter().any(|ty| ty == issue.work_item_type))
        .filter(|issue| state == "all" || issue.state == state)
        .filter(|issue| {
            search.as_ref().is_none_or(|words| {
                let text = format!(
                    "{} {}",
                    issue.title,
                    issue.description.as_deref().unwrap_or_default()
                );
                text.to_lowercase().contains(words)
            })
        })
        .filter(|issue| labels.iter().all(|label| issue.labels.contains(label)))
        .filter(|issue| {
            assignees
                .iter()
                .all(|name| issue.assignee_ids.iter().any(|id| username(id) == *name))
        })
        .filter(|issue| {
            author
                .as_str()
                .is_none_or(|name| username(&issue.author_id) == name)
        })
        .filter(|issue| {
            milestones.is_empty()
                || issue
                    .milestone_id
                    .and_then(|id| project.milestones.values().find(|m| m.id == id))
                    .is_some_and(|m| milestones.contains(&m.title))
        })
        .filter(|issue| confidential.is_none_or(|flag| issue.confidential == flag))
        .collect();
    let end = (matching.len() > first).then(|| matching[first - 1].iid.to_string());
    let nodes = matching
        .into_iter()
        .take(first)
        .map(|issue| work_item(store, project, issue))
        .collect();
    Ok(connection(nodes, end))
}

/// A work item as GitLab's `WorkItem` type answers it, its widgets by their GraphQL types.
fn work_item(store: &Store, project: &Project, issue: &Issue) -> Value {
    let mut object = brief(store, project, issue);
    let labels: Vec<Value> = store
        .usable_labels(project)
        .into_iter()
        .filter(|label| issue.labels.contains(&label.name))
        .map(|label| {
            json!({"id": format!("gid://gitlab/ProjectLabel/{}", label.id), "title": label.name})
        })
        .collect();
    let milestone = issue
        .milestone_id
        .and_then(|id| project.milestones.values().find(|m| m.id == id))
        .map_or(Value::Null, |m| {
            json!({"id": format!("gid://gitlab/Milestone/{}", m.id), "title": m.title, "dueDate": m.due_date})
        });
    let parent = issue
        .parent_id
        .and_then(|id| store.issue_by_id(id))
        .map_or(Value::Null, |(project, parent)| {
            brief(store, project, parent)
        });
    let children: Vec<Value> = project
        .issues
        .values()
        .filter(|child| child.parent_id == Some(issue.id))
        .map(|child| brief(store, project, child))
        .collect();
    let linked: Vec<Value> = store
        .issue_links
        .iter()
        .filter(|link| link.involves(issue.id))
        .filter_map(|link| {
            let (other, link_type) = link.seen_from(issue.id);
            let (project, other) = store.issue_by_id(other)?;
            Some(json!({
                "linkId": format!("gid://gitlab/WorkItems::RelatedWorkItemLink/{}", link.id),
                "linkType": link_type,
                "linkCreatedAt": link.created_at,
                "workItem": brief(store, project, other),
            }))
        })
        .collect();
    let assignees: Vec<Value> = issue
        .assignee_ids
        .iter()
        .map(|id| user(store, *id))
        .collect();
    object["description"] = json!(issue.description);
    object["confidential"] = json!(issue.confidential);
    object["updatedAt"] = json!(issue.updated_at);
    object["author"] = user(store, issue.author_id);
    object["widgets"] = json!([
        {"__typename": "WorkItemWidgetDescription", "type": "DESCRIPTION", "description": issue.description, "edited": false},
        {"__typename": "WorkItemWidgetAssignees", "type": "ASSIGNEES", "assignees": {"nodes": assignees}, "allowsMultipleAssignees": true},
        {"__typename": "WorkItemWidgetLabels", "type": "LABELS", "labels": {"nodes": labels}},
        {"__typename": "WorkItemWidgetMilestone", "type": "MILESTONE", "milestone": milestone},
        {"__typename": "WorkItemWidgetStartAndDueDate", "type": "START_AND_DUE_DATE", "startDate": issue.start_date, "dueDate": issue.due_date},
        {"__typename": "WorkItemWidgetHierarchy", "type": "HIERARCHY", "parent": parent, "hasChildren": !children.is_empty(), "children": {"nodes": children}},
        {"__typename": "WorkItemWidgetLinkedItems", "type": "LINKED_ITEMS", "linkedItems": {"nodes": linked}},
        {"__typename": "WorkItemWidgetWeight", "type": "WEIGHT", "weight": issue.weight},
        {"__typename": "WorkItemWidgetIteration", "type": "ITERATION", "iteration": null},
        {"__typename": "WorkItemWidgetHealthStatus", "type": "HEALTH_STATUS", "healthStatus": null},
        {"__typename": "WorkItemWidgetStatus", "type": "STATUS", "status": null},
    ]);
    object
}

/// What a work item's parent, children and linked items show of it.
fn brief(store: &Store, project: &Project, issue: &Issue) -> Value {
    let kind = if issue.work_item_type == "issue" {
        "issues"
    } else {
        "work_items"
    };
    json!({
        "__typename": "WorkItem",
        "id": format!("gid://gitlab/WorkItem/{}", issue.id),
        "iid": issue.iid.to_string(),
        "title": issue.title,
        "state": if issue.state == "closed" { "CLOSED" } else { "OPEN" },
        "createdAt": issue.created_at,
        "closedAt": issue.closed_at,
        "webUrl": format!("{}/-/{kind}/{}", store.web_url(project), issue.iid),
        "workItemType": work_item_type(issue.work_item_type),
    })
}

/// The input fields each mutation takes (GitLab's input types, the ones the sandbox knows),
/// and the ones it requires.
fn input_fields(
    mutation: &str,
) -> (
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
) {
    match mutation {
        "workItemCreate" => (
            "WorkItemCreateInput",
            &[
                "namespacePath",
                "projectPath",
                "title",
                "workItemTypeId",
                "confidential",
                "description",
                "descriptionWidget",
                "assigneesWidget",
                "labelsWidget",
                "milestoneWidget",
                "hierarchyWidget",
                "startAndDueDateWidget",
                "weightWidget",
                "linkedItemsWidget",
                "createdAt",
                "clientMutationId",
            ],
            &["title", "workItemTypeId"],
        ),
        "workItemUpdate" => (
            "WorkItemUpdateInput",
            &[
                "id",
                "title",
                "stateEvent",
                "confidential",
                "descriptionWidget",
                "assigneesWidget",
                "labelsWidget",
                "milestoneWidget",
                "hierarchyWidget",
                "startAndDueDateWidget",
                "weightWidget",
                "clientMutationId",
            ],
            &["id"],
        ),
        "workItemDelete" => ("WorkItemDeleteInput", &["id", "clientMutationId"], &["id"]),
        "workItemAddLinkedItems" => (
            "WorkItemAddLinkedItemsInput",
            &["id", "workItemsIds", "linkType", "clientMutationId"],
            &["id", "workItemsIds"],
        ),
        _ => (
            "WorkItemRemoveLinkedItemsInput",
            &["id", "workItemsIds", "clientMutationId"],
            &["id", "workItemsIds"],
        ),
    }
}

/// A work item mutation's payload, or its top-level error.
pub(super) fn mutate(
    store: &mut Store,
    mutation: &str,
    input: &Value,
) -> Result<Value, FieldError> {
    let (input_type, known, required) = input_fields(mutation);
    let invalid = |field: &str, why: &str| {
        format!(
            "Variable $input of type {input_type}! was provided invalid value for {field} ({why})"
        )
    };
    let Some(input) = input.as_object() else {
        return Err(format!(
            "Variable $input of type {input_type}! was provided invalid value (Expected value to not be null)"
        ));
    };
    if let Some(unknown) = input.keys().find(|key| !known.contains(&key.as_str())) {
        return Err(invalid(
            unknown,
            &format!("Field is not defined on {input_type}"),
        ));
    }
    if let Some(absent) = required
        .iter()
        .find(|name| input.get(**name).is_none_or(Value::is_null))
    {
        return Err(invalid(absent, "Expected value to not be null"));
    }
    match mutation {
        "workItemCreate" => create(store, input),
        "workItemUpdate" => {
            let id = work_item_id(&input["id"])?;
            let errors = update(store, id, input)?;
            Ok(payload(store, id, errors))
        }
        "workItemDelete" => {
            let id = work_item_id(&input["id"])?;
            let (project_id, _) = store.work_item_mut(id).ok_or_else(not_found)?;
            let project = store.project_mut(project_id);
            project.issues.retain(|_, issue| issue.id != id);
            for child in project.issues.values_mut() {
                if child.parent_id == Some(id) {
                    child.parent_id = None;
                }
            }
            project.touch();
            store.issue_links.retain(|link| !link.involves(id));
            Ok(json!({"project": null, "errors": []}))
        }
        _ => link(store, mutation == "workItemAddLinkedItems", input),
    }
}

/// `gid://gitlab/WorkItem/7` as 7, or GitLab's refusal of another id.
fn work_item_id(value: &Value) -> Result<u64, FieldError> {
    let text = value.as_str().unwrap_or_default();
    text.strip_prefix("gid://gitlab/WorkItem/")
        .and_then(|id| id.parse().ok())
        .ok_or_else(|| format!("\"{text}\" is not a valid Global ID"))
}

/// The ids of a list of global ids of `model`.
fn model_ids(value: &Value, model: &str) -> Result<Vec<u64>, FieldError> {
    // A label's global id names its class: `Label`, `ProjectLabel` or `GroupLabel`.
    let models: &[&str] = match model {
        "Label" => &["Label", "ProjectLabel", "GroupLabel"],
        _ => &[model],
    };
    value
        .as_array()
        .into_iter()
        .flatten()
        .map(|item| {
            let text = item.as_str().unwrap_or_default();
            models
                .iter()
                .find_map(|model| text.strip_prefix(&format!("gid://gitlab/{model}/")))
                .and_then(|id| id.parse().ok())
                .ok_or_else(|| format!("\"{text}\" does not represent an instance of {model}"))
        })
        .collect()
}

fn model_id(value: &Value, model: &str) -> Result<u64, FieldError> {
    model_ids(&json!([value]), model).map(|ids| ids[0])
}

/// `{workItem, errors}` for the work item `id` after a mutation.
fn payload(store: &Store, id: u64, errors: Vec<String>) -> Value {
    let item = match (errors.is_empty(), store.issue_by_id(id)) {
        (true, Some((project, issue))) => work_item(store, project, issue),
        _ => Value::Null,
    };
    json!({"workItem": item, "errors": errors})
}

fn create(store: &mut Store, input: &Map<String, Value>) -> Result<Value, FieldError> {
    let path = input
        .get("namespacePath")
        .or_else(|| input.get("projectPath"))
        .and_then(Value::as_str)
        .ok_or("Please provide either projectPath or namespacePath argument, but not both.")?;
    let project_id = store.project_id(path).map_err(|_| not_found())?;
    let type_id = model_id(&input["workItemTypeId"], "WorkItems::Type")?;
    let work_item_type = type_by_id(type_id).ok_or_else(not_found)?;
    let title = input["title"]
        .as_str()
        .unwrap_or_default()
        .trim()
        .to_owned();
    if title.is_empty() {
        return Ok(json!({"workItem": null, "errors": ["Title can't be blank"]}));
    }
    let parent = match input.get("hierarchyWidget").and_then(|w| w.get("parentId")) {
        Some(Value::Null) | None => None,
        Some(id) => Some(work_item_id(id)?),
    };
    if let Some(parent) = parent {
        store.issue_by_id(parent).ok_or_else(not_found)?;
    }
    let id = Ids::next(&mut store.ids.issue);
    let project = store.project_mut(project_id);
    let iid = project.issue_iid();
    let mut issue = Issue::new(id, iid, &title, CURRENT_USER, &now());
    issue.work_item_type = work_item_type;
    project.issues.insert(iid, issue);
    project.touch();
    let mut errors = Vec::new();
    if let Some(parent) = parent
        && let Err(why) = store.set_parent(id, Some(parent))
    {
        errors.push(why);
    }
    if errors.is_empty() {
        errors = update(store, id, input)?;
    }
    if !errors.is_empty() {
        // Nothing is created when GitLab refuses.
        store.project_mut(project_id).issues.remove(&iid);
    }
    Ok(payload(store, id, errors))
}

/// Applies the fields and widgets of `input` to work item `id`; the errors GitLab would
/// answer in the payload (a top-level error is `Err`).
fn update(
    store: &mut Store,
    id: u64,
    input: &Map<String, Value>,
) -> Result<Vec<String>, FieldError> {
    let (project_id, _) = store.work_item_mut(id).ok_or_else(not_found)?;
    let mut errors = Vec::new();
    let widget = |name: &str| input.get(name).and_then(Value::as_object);
    if let Some(hierarchy) = widget("hierarchyWidget") {
        if let Some(parent) = hierarchy.get("parentId")
            && !input.contains_key("workItemTypeId")
        {
            let parent = match parent {
                Value::Null => None,
                id => Some(work_item_id(id)?),
            };
            if let Err(why) = store.set_parent(id, parent) {
                errors.push(why);
            }
        }
        if let Some(children) = hierarchy.get("childrenIds") {
            for child in model_ids(children, "WorkItem")? {
                if let Err(why) = store.set_parent(child, Some(id)) {
                    errors.push(why);
                }
            }
        }
    }
    if !errors.is_empty() {
        return Ok(errors);
    }
    let labels: Vec<(u64, String)> = store
        .usable_labels(&store.projects[&project_id])
        .into_iter()
        .map(|label| (label.id, label.name))
        .collect();
    let label_names = |ids: Vec<u64>| -> Vec<String> {
        labels
            .iter()
            .filter(|(id, _)| ids.contains(id))
            .map(|(_, name)| name.clone())
            .collect()
    };
    let mut add = Vec::new();
    let mut remove = Vec::new();
    if let Some(widget) = widget("labelsWidget") {
        for (key, adds) in [
            ("labelIds", true),
            ("addLabelIds", true),
            ("removeLabelIds", false),
        ] {
            if let Some(ids) = widget.get(key) {
                let names = label_names(model_ids(ids, "Label")?);
                if adds {
                    add.extend(names)
                } else {
                    remove.extend(names)
                }
            }
        }
    }
    let assignees = match widget("assigneesWidget").and_then(|w| w.get("assigneeIds")) {
        Some(ids) => Some(model_ids(ids, "User")?),
        None => None,
    };
    let milestone = match widget("milestoneWidget").and_then(|w| w.get("milestoneId")) {
        Some(Value::Null) => Some(None),
        Some(id) => Some(Some(model_id(id, "Milestone")?)),
        None => None,
    };
    let at = now();
    let description = widget("descriptionWidget")
        .and_then(|w| w.get("description"))
        .or_else(|| input.get("description"))
        .and_then(Value::as_str)
        .map(str::to_owned);
    let (_, issue) = store.work_item_mut(id).ok_or_else(not_found)?;
    let iid = issue.iid;
    if let Some(title) = input.get("title").and_then(Value::as_str) {
        if title.trim().is_empty() {
            return Ok(vec!["Title can't be blank".to_owned()]);
        }
        issue.title = title.trim().to_owned();
    }
    if let Some(flag) = input.get("confidential").and_then(Value::as_bool) {
        issue.confidential = flag;
    }
    match input.get("stateEvent").and_then(Value::as_str) {
        Some("CLOSE") if issue.state == "opened" => {
            issue.state = "closed";
            issue.closed_at = Some(at.clone());
            issue.closed_by = Some(CURRENT_USER);
        }
        Some("REOPEN") if issue.state == "closed" => {
            issue.state = "opened";
            issue.closed_at = None;
            issue.closed_by = None;
        }
        _ => {}
    }
    for label in add {
        if !issue.labels.contains(&label) {
            issue.labels.push(label);
        }
    }
    issue.labels.retain(|label| !remove.contains(label));
    if let Some(assignees) = assignees {
        issue.assignee_ids = assignees;
    }
    if let Some(milestone) = milestone {
        issue.milestone_id = milestone;
    }
    if let Some(dates) = widget("startAndDueDateWidget") {
        if let Some(start) = dates.get("startDate") {
            issue.start_date = start.as_str().map(str::to_owned);
        }
        if let Some(due) = dates.get("dueDate") {
            issue.due_date = due.as_str().map(str::to_owned);
        }
    }
    if let Some(weight) = widget("weightWidget").and_then(|w| w.get("weight")) {
        issue.weight = weight.as_u64().and_then(|w| u32::try_from(w).ok());
    }
    issue.updated_at = at;
    // The description's quick actions run as through REST.
    if let Some(description) = description {
        let kept = store.new_description(&On::Issue(project_id, iid), &description);
        if let Some(issue) = store.project_mut(project_id).issues.get_mut(&iid) {
            issue.description = Some(kept);
        }
    }
    store.project_mut(project_id).touch();
    Ok(errors)
}

/// Links or unlinks work items to the one of `input`: `{workItem, message, errors}`.
fn link(store: &mut Store, add: bool, input: &Map<String, Value>) -> Result<Value, FieldError> {
    let id = work_item_id(&input["id"])?;
    store.issue_by_id(id).ok_or_else(not_found)?;
    let others = model_ids(&input["workItemsIds"], "WorkItem")?;
    if others.len() > 10 {
        return Err("No more than 10 work items can be modified at the same time.".to_owned());
    }
    if !add && others.is_empty() {
        return Err("workItemsIds cannot be empty".to_owned());
    }
    let mut done = Vec::new();
    let mut errors = Vec::new();
    for other in others {
        if store.issue_by_id(other).is_none() {
            return Err(format!("Couldn't find WorkItem with 'id'={other}"));
        }
        if add {
            let link_type = match input.get("linkType").and_then(Value::as_str) {
                Some("BLOCKS") => "blocks",
                Some("BLOCKED_BY") => "is_blocked_by",
                _ => "relates_to",
            };
            match store.link_issues(id, other, link_type) {
                Ok(_) => done.push(other),
                // GitLab's issuable links answer so (`IssuableLinks::CreateService`).
                Err(_) => errors.push("Issue(s) already assigned".to_owned()),
            }
        } else if let Some(index) = store
            .issue_links
            .iter()
            .position(|link| link.involves(id) && link.involves(other))
        {
            store.unlink_issues(index);
            done.push(other);
        }
    }
    let ids = sentence(&done);
    let message = match (add, done.is_empty()) {
        (_, true) => String::new(),
        (true, false) => format!("Successfully linked ID(s): {ids}."),
        (false, false) => format!("Successfully unlinked IDs: {ids}."),
    };
    let mut payload = payload(store, id, Vec::new());
    payload["message"] = json!(message);
    payload["errors"] = json!(errors);
    Ok(payload)
}

/// `1`, `1 and 2`, `1, 2, and 3`: Rails' `to_sentence`.
fn sentence(ids: &[u64]) -> String {
    let ids: Vec<String> = ids.iter().map(u64::to_string).collect();
    match ids.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [first, second] => format!("{first} and {second}"),
        [rest @ .., last] => format!("{}, and {last}", rest.join(", ")),
    }
}
