//! The `work_items` toolset: GitLab's work items (issues, tasks, epics, objectives, key
//! results, incidents, …), which GitLab offers only through GraphQL. Each action is a fixed
//! document beside its parameter struct, whose fields become the document's variables
//! (`crate::catalog::graphql`).

use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use super::issues::IssueState;
use crate::catalog::graphql::{GraphQlParams, Operation, Shape};
use crate::catalog::params::{Date, PerPage};
use crate::catalog::{Action, graphql_operation};
use crate::table;

pub fn actions() -> Vec<Action> {
    table![
        graphql_operation::<WorkItemList>("work_item.list"),
        graphql_operation::<WorkItemGet>("work_item.get"),
        graphql_operation::<WorkItemCreate>("work_item.create"),
        graphql_operation::<WorkItemUpdate>("work_item.update"),
        graphql_operation::<WorkItemClose>("work_item.close"),
        graphql_operation::<WorkItemReopen>("work_item.reopen"),
        graphql_operation::<WorkItemDelete>("work_item.delete").destructive(),
        graphql_operation::<WorkItemChildList>("work_item.child_list")
            .title("List a work item's children"),
        graphql_operation::<WorkItemAddChild>("work_item.add_child").title("Add child work items"),
        graphql_operation::<WorkItemRemoveChild>("work_item.remove_child")
            .title("Remove a work item from its parent"),
        graphql_operation::<WorkItemLinkList>("work_item.link_list")
            .title("List a work item's linked items"),
        graphql_operation::<WorkItemLinkAdd>("work_item.link_add").title("Link work items"),
        graphql_operation::<WorkItemLinkRemove>("work_item.link_remove").title("Unlink work items"),
        graphql_operation::<WorkItemTypeList>("work_item.type_list").title("List work item types"),
    ]
}

/// What every answer names of a work item.
macro_rules! core_fields {
    () => {
        "id iid title state webUrl createdAt closedAt workItemType { name } author { username }"
    };
}

/// The widgets a list shows of each work item.
macro_rules! summary_widgets {
    () => {
        "... on WorkItemWidgetAssignees { assignees { nodes { username } } } \
         ... on WorkItemWidgetLabels { labels { nodes { title } } } \
         ... on WorkItemWidgetMilestone { milestone { id title } } \
         ... on WorkItemWidgetStartAndDueDate { startDate dueDate } \
         ... on WorkItemWidgetHierarchy { parent { id iid title } }"
    };
}

/// A work item's widgets every GitLab edition has.
macro_rules! widgets {
    () => {
        "... on WorkItemWidgetDescription { description } \
         ... on WorkItemWidgetAssignees { assignees { nodes { username } } } \
         ... on WorkItemWidgetLabels { labels { nodes { title } } } \
         ... on WorkItemWidgetMilestone { milestone { id title } } \
         ... on WorkItemWidgetStartAndDueDate { startDate dueDate } \
         ... on WorkItemWidgetHierarchy { parent { id iid title workItemType { name } } \
         children { nodes { id iid title state workItemType { name } } } }"
    };
}

/// The widgets of the Enterprise Edition (gitlab.com and every EE install, licensed or
/// not), where weight, iteration, health status and status live.
macro_rules! ee_widgets {
    () => {
        "... on WorkItemWidgetWeight { weight } \
         ... on WorkItemWidgetIteration { iteration { id title } } \
         ... on WorkItemWidgetHealthStatus { healthStatus } \
         ... on WorkItemWidgetStatus { status { name } }"
    };
}

/// A page of a project's or group's work items.
macro_rules! work_item_page {
    () => {
        concat!(
            "workItems(types: $types, state: $state, search: $search, labelName: $labelName, \
             assigneeUsernames: $assigneeUsernames, authorUsername: $authorUsername, \
             milestoneTitle: $milestoneTitle, confidential: $confidential, first: $first, \
             after: $after) { nodes { ",
            core_fields!(),
            " widgets { ",
            summary_widgets!(),
            " } } pageInfo { hasNextPage endCursor } }"
        )
    };
}

const LIST: &Operation = &Operation {
    name: "workItems",
    document: concat!(
        "query workItems($fullPath: ID!, $types: [IssueType!], $state: IssuableState, \
         $search: String, $labelName: [String!], $assigneeUsernames: [String!], \
         $authorUsername: String, $milestoneTitle: [String!], $confidential: Boolean, \
         $first: Int, $after: String) { project(fullPath: $fullPath) { ",
        work_item_page!(),
        " } group(fullPath: $fullPath) { ",
        work_item_page!(),
        " } }"
    ),
    answer: &["project|group", "workItems"],
    shape: Shape::Page,
};

const GET: &Operation = &Operation {
    name: "workItem",
    document: concat!(
        "query workItem($fullPath: ID!, $iid: String!) { namespace(fullPath: $fullPath) { \
         workItem(iid: $iid) { ",
        core_fields!(),
        " widgets { ",
        widgets!(),
        " ",
        ee_widgets!(),
        " } } } }"
    ),
    answer: &["namespace", "workItem"],
    shape: Shape::Object,
};

const CHILDREN: &Operation = &Operation {
    name: "workItemChildren",
    document: "query workItemChildren($fullPath: ID!, $iid: String!) { \
               namespace(fullPath: $fullPath) { workItem(iid: $iid) { id iid title \
               widgets { ... on WorkItemWidgetHierarchy { children { nodes { id iid title \
               state workItemType { name } } } } } } } }",
    answer: &["namespace", "workItem"],
    shape: Shape::Object,
};

/// The linked items of a work item, as the link mutations answer them too.
macro_rules! linked_items {
    () => {
        "id iid title widgets { ... on WorkItemWidgetLinkedItems { linkedItems { nodes { \
         linkType workItem { id iid title state workItemType { name } } } } } }"
    };
}

const LINKS: &Operation = &Operation {
    name: "workItemLinkedItems",
    document: concat!(
        "query workItemLinkedItems($fullPath: ID!, $iid: String!) { \
         namespace(fullPath: $fullPath) { workItem(iid: $iid) { ",
        linked_items!(),
        " } } }"
    ),
    answer: &["namespace", "workItem"],
    shape: Shape::Object,
};

const TYPES: &Operation = &Operation {
    name: "workItemTypes",
    document: "query workItemTypes($fullPath: ID!) { namespace(fullPath: $fullPath) { \
               workItemTypes { nodes { id name } } } }",
    answer: &["namespace", "workItemTypes"],
    shape: Shape::Page,
};

const CREATE: &Operation = &Operation {
    name: "workItemCreate",
    document: concat!(
        "mutation workItemCreate($input: WorkItemCreateInput!) { \
         workItemCreate(input: $input) { workItem { ",
        core_fields!(),
        " widgets { ",
        widgets!(),
        " } } errors } }"
    ),
    answer: &["workItemCreate", "workItem"],
    shape: Shape::Object,
};

/// Every change to a work item, its state and its parent included, is one mutation.
const UPDATE: &Operation = &Operation {
    name: "workItemUpdate",
    document: concat!(
        "mutation workItemUpdate($input: WorkItemUpdateInput!) { \
         workItemUpdate(input: $input) { workItem { ",
        core_fields!(),
        " widgets { ",
        widgets!(),
        " } } errors } }"
    ),
    answer: &["workItemUpdate", "workItem"],
    shape: Shape::Object,
};

const DELETE: &Operation = &Operation {
    name: "workItemDelete",
    document: "mutation workItemDelete($input: WorkItemDeleteInput!) { \
               workItemDelete(input: $input) { errors } }",
    answer: &["workItemDelete"],
    shape: Shape::Deleted,
};

const LINK_ADD: &Operation = &Operation {
    name: "workItemAddLinkedItems",
    document: concat!(
        "mutation workItemAddLinkedItems($input: WorkItemAddLinkedItemsInput!) { \
         workItemAddLinkedItems(input: $input) { workItem { ",
        linked_items!(),
        " } message errors } }"
    ),
    answer: &["workItemAddLinkedItems", "workItem"],
    shape: Shape::Object,
};

const LINK_REMOVE: &Operation = &Operation {
    name: "workItemRemoveLinkedItems",
    document: concat!(
        "mutation workItemRemoveLinkedItems($input: WorkItemRemoveLinkedItemsInput!) { \
         workItemRemoveLinkedItems(input: $input) { workItem { ",
        linked_items!(),
        " } message errors } }"
    ),
    answer: &["workItemRemoveLinkedItems", "workItem"],
    shape: Shape::Object,
};

/// A work item type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum WorkItemType {
    Issue,
    Incident,
    TestCase,
    Requirement,
    Task,
    Objective,
    KeyResult,
    Epic,
    Ticket,
}

impl WorkItemType {
    const ALL: [WorkItemType; 9] = [
        WorkItemType::Issue,
        WorkItemType::Incident,
        WorkItemType::TestCase,
        WorkItemType::Requirement,
        WorkItemType::Task,
        WorkItemType::Objective,
        WorkItemType::KeyResult,
        WorkItemType::Epic,
        WorkItemType::Ticket,
    ];

    /// GitLab's `IssueType` value: `KEY_RESULT`.
    fn enum_value(self) -> String {
        self.name().to_uppercase()
    }

    fn name(self) -> &'static str {
        match self {
            WorkItemType::Issue => "issue",
            WorkItemType::Incident => "incident",
            WorkItemType::TestCase => "test_case",
            WorkItemType::Requirement => "requirement",
            WorkItemType::Task => "task",
            WorkItemType::Objective => "objective",
            WorkItemType::KeyResult => "key_result",
            WorkItemType::Epic => "epic",
            WorkItemType::Ticket => "ticket",
        }
    }

    /// The type's global id. GitLab's types have fixed ids, in this order, on every
    /// instance (`WorkItems::Type::BASE_TYPES`).
    fn global_id(self) -> String {
        let id = Self::ALL
            .iter()
            .position(|ty| *ty == self)
            .unwrap_or_default()
            + 1;
        gid("WorkItems::Type", id as u64)
    }
}

/// `gid://gitlab/WorkItem/7`: how GraphQL names an object by its numeric id.
fn gid(model: &str, id: u64) -> String {
    format!("gid://gitlab/{model}/{id}")
}

fn gids(model: &str, ids: &[u64]) -> Value {
    ids.iter()
        .map(|id| Value::String(gid(model, *id)))
        .collect()
}

/// An input object of the fields given: a mutation's `input`, a widget's input.
fn input(fields: &[(&str, Option<Value>)]) -> Option<Value> {
    let object: Map<String, Value> = fields
        .iter()
        .filter_map(|(name, value)| Some(((*name).to_owned(), value.clone()?)))
        .collect();
    (!object.is_empty()).then_some(Value::Object(object))
}

/// The variables of a mutation: its one `input`.
fn mutation_input(fields: &[(&str, Option<Value>)]) -> Map<String, Value> {
    Map::from_iter([("input".to_owned(), input(fields).unwrap_or_default())])
}

fn text(value: &Option<String>) -> Option<Value> {
    value.clone().map(Value::String)
}

/// List a project's or group's work items (issues, tasks, epics, objectives, key results,
/// incidents, …), newest first, filtered by type, state, text, labels, assignee, author or
/// milestone. Returns a page and the cursor to the next.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WorkItemList {
    /// The project's or group's full path (`group/project`, `group`).
    pub full_path: String,
    /// Only these types.
    pub types: Option<Vec<WorkItemType>>,
    /// `opened`, `closed` or `all`.
    pub state: Option<IssueState>,
    /// Words in the title or description.
    pub search: Option<String>,
    /// Work items with all these labels.
    pub label_name: Option<Vec<String>>,
    /// Work items assigned to these usernames.
    pub assignee_usernames: Option<Vec<String>>,
    pub author_username: Option<String>,
    /// Work items in these milestones, by title.
    pub milestone_title: Option<Vec<String>>,
    pub confidential: Option<bool>,
    /// How many on a page (up to 100).
    pub first: Option<PerPage>,
    /// The `next_cursor` of the previous page.
    pub after: Option<String>,
}

impl GraphQlParams for WorkItemList {
    const OPERATION: &'static Operation = LIST;

    fn variables(self) -> Result<Map<String, Value>, String> {
        let types: Option<Vec<String>> = self
            .types
            .map(|types| types.into_iter().map(WorkItemType::enum_value).collect());
        Ok(Map::from_iter([
            ("fullPath".to_owned(), json!(self.full_path)),
            ("types".to_owned(), json!(types)),
            ("state".to_owned(), json!(self.state)),
            ("search".to_owned(), json!(self.search)),
            ("labelName".to_owned(), json!(self.label_name)),
            (
                "assigneeUsernames".to_owned(),
                json!(self.assignee_usernames),
            ),
            ("authorUsername".to_owned(), json!(self.author_username)),
            ("milestoneTitle".to_owned(), json!(self.milestone_title)),
            ("confidential".to_owned(), json!(self.confidential)),
            ("first".to_owned(), json!(self.first.map(|first| first.0))),
            ("after".to_owned(), json!(self.after)),
        ]))
    }
}

/// Get one work item by its project's or group's path and its iid: type, state, description,
/// assignees, labels, milestone, dates, parent and children, and on GitLab's Enterprise
/// Edition weight, iteration, health status and status.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WorkItemGet {
    /// The project's or group's full path (`group/project`, `group`).
    pub full_path: String,
    /// The work item's iid (`7` of `#7` or `&7`).
    pub iid: u64,
}

/// The variables of a read naming one work item: `fullPath` and `iid` (GitLab takes the
/// iid as text).
fn one_item(full_path: String, iid: u64) -> Map<String, Value> {
    Map::from_iter([
        ("fullPath".to_owned(), Value::String(full_path)),
        ("iid".to_owned(), Value::String(iid.to_string())),
    ])
}

impl GraphQlParams for WorkItemGet {
    const OPERATION: &'static Operation = GET;

    fn variables(self) -> Result<Map<String, Value>, String> {
        Ok(one_item(self.full_path, self.iid))
    }
}

/// Create a work item of any type (a task, an issue, an epic…) in a project or group, under
/// a parent when given, with its description, assignees, labels, milestone, dates and
/// weight. Returns the new work item.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WorkItemCreate {
    /// The project's or group's full path (`group/project`; epics live in groups).
    pub namespace_path: String,
    /// `issue`, `task`, `epic`, `objective`, `key_result`, `incident`, …
    pub work_item_type: WorkItemType,
    pub title: String,
    /// Markdown.
    pub description: Option<String>,
    /// The parent work item's `id` (a task under an issue, an issue under an epic, a key
    /// result under an objective).
    pub parent_id: Option<u64>,
    /// User ids.
    pub assignee_ids: Option<Vec<u64>>,
    /// Label ids.
    pub label_ids: Option<Vec<u64>>,
    pub milestone_id: Option<u64>,
    pub start_date: Option<Date>,
    pub due_date: Option<Date>,
    /// Enterprise Edition.
    pub weight: Option<u32>,
    pub confidential: Option<bool>,
}

/// The widget inputs a create and an update share.
struct Widgets {
    description: Option<String>,
    assignee_ids: Option<Vec<u64>>,
    milestone_id: Option<u64>,
    start_date: Option<Date>,
    due_date: Option<Date>,
    weight: Option<u32>,
}

impl Widgets {
    fn fields(self) -> Vec<(&'static str, Option<Value>)> {
        let date = |date: Option<Date>| date.map(|date| json!(date.as_str()));
        vec![
            (
                "descriptionWidget",
                input(&[("description", text(&self.description))]),
            ),
            (
                "assigneesWidget",
                input(&[(
                    "assigneeIds",
                    self.assignee_ids.map(|ids| gids("User", &ids)),
                )]),
            ),
            (
                "milestoneWidget",
                input(&[(
                    "milestoneId",
                    self.milestone_id.map(|id| json!(gid("Milestone", id))),
                )]),
            ),
            (
                "startAndDueDateWidget",
                input(&[
                    ("startDate", date(self.start_date)),
                    ("dueDate", date(self.due_date)),
                ]),
            ),
            (
                "weightWidget",
                input(&[("weight", self.weight.map(|w| json!(w)))]),
            ),
        ]
    }
}

impl GraphQlParams for WorkItemCreate {
    const OPERATION: &'static Operation = CREATE;

    fn variables(self) -> Result<Map<String, Value>, String> {
        let mut fields = vec![
            ("namespacePath", Some(json!(self.namespace_path))),
            (
                "workItemTypeId",
                Some(json!(self.work_item_type.global_id())),
            ),
            ("title", Some(json!(self.title))),
            ("confidential", self.confidential.map(Value::Bool)),
            (
                "hierarchyWidget",
                input(&[(
                    "parentId",
                    self.parent_id.map(|id| json!(gid("WorkItem", id))),
                )]),
            ),
            (
                "labelsWidget",
                input(&[("labelIds", self.label_ids.map(|ids| gids("Label", &ids)))]),
            ),
        ];
        fields.extend(
            Widgets {
                description: self.description,
                assignee_ids: self.assignee_ids,
                milestone_id: self.milestone_id,
                start_date: self.start_date,
                due_date: self.due_date,
                weight: self.weight,
            }
            .fields(),
        );
        Ok(mutation_input(&fields))
    }
}

/// Change a work item's title, description, assignees, labels, milestone, dates, weight or
/// parent; only what is given changes. Returns the work item.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WorkItemUpdate {
    /// The work item's `id` (`7` of `gid://gitlab/WorkItem/7`; an issue's `id`, not its iid).
    pub id: u64,
    pub title: Option<String>,
    /// Markdown; replaces the description.
    pub description: Option<String>,
    /// User ids; replaces the assignees (`[]` removes them all).
    pub assignee_ids: Option<Vec<u64>>,
    /// Label ids to add.
    pub add_label_ids: Option<Vec<u64>>,
    /// Label ids to remove.
    pub remove_label_ids: Option<Vec<u64>>,
    pub milestone_id: Option<u64>,
    pub start_date: Option<Date>,
    pub due_date: Option<Date>,
    /// Enterprise Edition.
    pub weight: Option<u32>,
    pub confidential: Option<bool>,
    /// The new parent work item's `id`.
    pub parent_id: Option<u64>,
}

impl GraphQlParams for WorkItemUpdate {
    const OPERATION: &'static Operation = UPDATE;

    fn variables(self) -> Result<Map<String, Value>, String> {
        let mut fields = vec![
            ("title", text(&self.title)),
            ("confidential", self.confidential.map(Value::Bool)),
            (
                "hierarchyWidget",
                input(&[(
                    "parentId",
                    self.parent_id.map(|id| json!(gid("WorkItem", id))),
                )]),
            ),
            (
                "labelsWidget",
                input(&[
                    (
                        "addLabelIds",
                        self.add_label_ids.map(|ids| gids("Label", &ids)),
                    ),
                    (
                        "removeLabelIds",
                        self.remove_label_ids.map(|ids| gids("Label", &ids)),
                    ),
                ]),
            ),
        ];
        fields.extend(
            Widgets {
                description: self.description,
                assignee_ids: self.assignee_ids,
                milestone_id: self.milestone_id,
                start_date: self.start_date,
                due_date: self.due_date,
                weight: self.weight,
            }
            .fields(),
        );
        // An update that changes nothing is refused before anything is sent.
        if fields.iter().all(|(_, value)| value.is_none()) {
            return Err("nothing to update; give at least one of `title`, `description`, `assignee_ids`, `add_label_ids`, `remove_label_ids`, `milestone_id`, `start_date`, `due_date`, `weight`, `confidential`, `parent_id`".to_owned());
        }
        fields.insert(0, ("id", Some(json!(gid("WorkItem", self.id)))));
        Ok(mutation_input(&fields))
    }
}

/// Close a work item. Returns it.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WorkItemClose {
    /// The work item's `id` (`7` of `gid://gitlab/WorkItem/7`; an issue's `id`, not its iid).
    pub id: u64,
}

impl GraphQlParams for WorkItemClose {
    const OPERATION: &'static Operation = UPDATE;

    fn variables(self) -> Result<Map<String, Value>, String> {
        Ok(state_event(self.id, "CLOSE"))
    }
}

/// Reopen a closed work item. Returns it.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WorkItemReopen {
    /// The work item's `id` (`7` of `gid://gitlab/WorkItem/7`; an issue's `id`, not its iid).
    pub id: u64,
}

impl GraphQlParams for WorkItemReopen {
    const OPERATION: &'static Operation = UPDATE;

    fn variables(self) -> Result<Map<String, Value>, String> {
        Ok(state_event(self.id, "REOPEN"))
    }
}

fn state_event(id: u64, event: &str) -> Map<String, Value> {
    mutation_input(&[
        ("id", Some(json!(gid("WorkItem", id)))),
        ("stateEvent", Some(json!(event))),
    ])
}

/// Delete a work item and everything on it (destructive).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WorkItemDelete {
    /// The work item's `id` (`7` of `gid://gitlab/WorkItem/7`; an issue's `id`, not its iid).
    pub id: u64,
}

impl GraphQlParams for WorkItemDelete {
    const OPERATION: &'static Operation = DELETE;

    fn variables(self) -> Result<Map<String, Value>, String> {
        Ok(mutation_input(&[(
            "id",
            Some(json!(gid("WorkItem", self.id))),
        )]))
    }
}

/// List a work item's children (an epic's issues, an issue's tasks, an objective's key
/// results): each child's id, iid, title, state and type.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WorkItemChildList {
    /// The project's or group's full path (`group/project`, `group`).
    pub full_path: String,
    /// The parent's iid.
    pub iid: u64,
}

impl GraphQlParams for WorkItemChildList {
    const OPERATION: &'static Operation = CHILDREN;

    fn variables(self) -> Result<Map<String, Value>, String> {
        Ok(one_item(self.full_path, self.iid))
    }
}

/// Make work items children of a parent (tasks under an issue, issues under an epic, key
/// results under an objective; GitLab refuses other pairs). Returns the parent.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WorkItemAddChild {
    /// The parent work item's `id` (`7` of `gid://gitlab/WorkItem/7`).
    pub id: u64,
    /// The children's `id`s.
    pub children_ids: Vec<u64>,
}

impl GraphQlParams for WorkItemAddChild {
    const OPERATION: &'static Operation = UPDATE;

    fn variables(self) -> Result<Map<String, Value>, String> {
        if self.children_ids.is_empty() {
            return Err("`children_ids`: give at least one child's `id`".to_owned());
        }
        Ok(mutation_input(&[
            ("id", Some(json!(gid("WorkItem", self.id)))),
            (
                "hierarchyWidget",
                input(&[("childrenIds", Some(gids("WorkItem", &self.children_ids)))]),
            ),
        ]))
    }
}

/// Take a work item out of its parent; both stay. Returns the work item.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WorkItemRemoveChild {
    /// The child work item's `id` (`7` of `gid://gitlab/WorkItem/7`).
    pub id: u64,
}

impl GraphQlParams for WorkItemRemoveChild {
    const OPERATION: &'static Operation = UPDATE;

    fn variables(self) -> Result<Map<String, Value>, String> {
        Ok(mutation_input(&[
            ("id", Some(json!(gid("WorkItem", self.id)))),
            ("hierarchyWidget", Some(json!({"parentId": null}))),
        ]))
    }
}

/// List the work items linked to one (related to, blocking, blocked by it): each link's
/// type and work item.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WorkItemLinkList {
    /// The project's or group's full path (`group/project`, `group`).
    pub full_path: String,
    /// The work item's iid.
    pub iid: u64,
}

impl GraphQlParams for WorkItemLinkList {
    const OPERATION: &'static Operation = LINKS;

    fn variables(self) -> Result<Map<String, Value>, String> {
        Ok(one_item(self.full_path, self.iid))
    }
}

/// How one work item relates to another.
#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum LinkType {
    Related,
    Blocks,
    BlockedBy,
}

/// Link work items to one (related, or blocking, or blocked by it); up to 10 at a time.
/// Returns the work item with its links.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WorkItemLinkAdd {
    /// The work item's `id` (`7` of `gid://gitlab/WorkItem/7`).
    pub id: u64,
    /// The `id`s of the work items to link.
    pub work_items_ids: Vec<u64>,
    /// `related` (default), `blocks` or `blocked_by`.
    pub link_type: Option<LinkType>,
}

impl GraphQlParams for WorkItemLinkAdd {
    const OPERATION: &'static Operation = LINK_ADD;

    fn variables(self) -> Result<Map<String, Value>, String> {
        let link_type = self.link_type.map(|ty| match ty {
            LinkType::Related => json!("RELATED"),
            LinkType::Blocks => json!("BLOCKS"),
            LinkType::BlockedBy => json!("BLOCKED_BY"),
        });
        Ok(mutation_input(&[
            ("id", Some(json!(gid("WorkItem", self.id)))),
            ("workItemsIds", Some(gids("WorkItem", &self.work_items_ids))),
            ("linkType", link_type),
        ]))
    }
}

/// Remove links between a work item and others; the work items stay. Returns the work
/// item with its remaining links.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WorkItemLinkRemove {
    /// The work item's `id` (`7` of `gid://gitlab/WorkItem/7`).
    pub id: u64,
    /// The `id`s of the linked work items to unlink.
    pub work_items_ids: Vec<u64>,
}

impl GraphQlParams for WorkItemLinkRemove {
    const OPERATION: &'static Operation = LINK_REMOVE;

    fn variables(self) -> Result<Map<String, Value>, String> {
        Ok(mutation_input(&[
            ("id", Some(json!(gid("WorkItem", self.id)))),
            ("workItemsIds", Some(gids("WorkItem", &self.work_items_ids))),
        ]))
    }
}

/// List the work item types a project or group offers (issue, task, epic, …), with their ids.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WorkItemTypeList {
    /// The project's or group's full path (`group/project`, `group`).
    pub full_path: String,
}

impl GraphQlParams for WorkItemTypeList {
    const OPERATION: &'static Operation = TYPES;

    fn variables(self) -> Result<Map<String, Value>, String> {
        Ok(Map::from_iter([(
            "fullPath".to_owned(),
            Value::String(self.full_path),
        )]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_are_named_as_gitlab_names_them() {
        assert_eq!(WorkItemType::KeyResult.enum_value(), "KEY_RESULT");
        assert_eq!(
            WorkItemType::Task.global_id(),
            "gid://gitlab/WorkItems::Type/5"
        );
        assert_eq!(
            WorkItemType::Ticket.global_id(),
            "gid://gitlab/WorkItems::Type/9"
        );
    }
}
