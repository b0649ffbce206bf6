//! A group's epics (the `work_items` toolset): `/groups/:id/epics[/:epic_iid]`, the issues
//! assigned to one (`…/issues`) and its child epics (`…/epics`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::issues::{IssueState, StateEvent};
use super::lists::ListOrder;
use super::releases::Sort;
use crate::catalog::params::{CommaList, Date, DateTime, GroupId, PageNumber, PerPage};
use crate::catalog::{Action, Output, delete, get, post, put};
use crate::table;

pub fn actions() -> Vec<Action> {
    table![
        get::<EpicList>("epic.list", "groups/{group_id}/epics").list(),
        get::<EpicGet>("epic.get", "groups/{group_id}/epics/{epic_iid}"),
        post::<EpicCreate>("epic.create", "groups/{group_id}/epics"),
        put::<EpicUpdate>("epic.update", "groups/{group_id}/epics/{epic_iid}"),
        delete::<EpicDelete>("epic.delete", "groups/{group_id}/epics/{epic_iid}"),
        // An epic's issues come with their place in it (`epic_issue_id`), and assigning or
        // removing one answers with that place: not the issue objects the path suggests.
        get::<EpicIssueList>(
            "epic.issue_list",
            "groups/{group_id}/epics/{epic_iid}/issues"
        )
        .output(Output::Any)
        .title("List an epic's issues"),
        post::<EpicIssueAssign>(
            "epic.issue_assign",
            "groups/{group_id}/epics/{epic_iid}/issues/{issue_id}"
        )
        .output(Output::Any)
        .title("Assign an issue to an epic"),
        delete::<EpicIssueRemove>(
            "epic.issue_remove",
            "groups/{group_id}/epics/{epic_iid}/issues/{epic_issue_id}"
        )
        .output(Output::Any)
        .title("Remove an issue from an epic"),
        get::<EpicChildList>(
            "epic.child_list",
            "groups/{group_id}/epics/{epic_iid}/epics"
        )
        .list()
        .title("List an epic's child epics"),
        post::<EpicChildAdd>(
            "epic.child_add",
            "groups/{group_id}/epics/{epic_iid}/epics/{child_epic_id}"
        )
        .title("Add a child epic"),
        // GitLab answers with the child epic.
        delete::<EpicChildRemove>(
            "epic.child_remove",
            "groups/{group_id}/epics/{epic_iid}/epics/{child_epic_id}"
        )
        .output(Output::Object)
        .title("Remove a child epic"),
    ]
}

/// List a group's epics (and its subgroups'), filtered by state, text, author, labels or
/// dates; newest first by default. Needs GitLab Premium.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EpicList {
    pub group_id: GroupId,
    /// `opened`, `closed` or `all` (default).
    pub state: Option<IssueState>,
    /// Text in the title or description.
    pub search: Option<String>,
    pub author_id: Option<u64>,
    pub author_username: Option<String>,
    /// Only epics with all these labels.
    pub labels: Option<CommaList>,
    pub confidential: Option<bool>,
    pub created_after: Option<DateTime>,
    pub created_before: Option<DateTime>,
    pub updated_after: Option<DateTime>,
    pub updated_before: Option<DateTime>,
    /// Include subgroups' epics (default true).
    pub include_descendant_groups: Option<bool>,
    /// `created_at` (default), `updated_at` or `title`.
    pub order_by: Option<ListOrder>,
    /// `desc` (default) or `asc`.
    pub sort: Option<Sort>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one epic of a group by its iid: title, description, state, dates, labels, parent.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EpicGet {
    pub group_id: GroupId,
    /// The epic's number inside the group (`&5` → 5).
    pub epic_iid: u64,
}

/// Create an epic in a group. Returns the epic.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EpicCreate {
    pub group_id: GroupId,
    pub title: String,
    /// Markdown.
    pub description: Option<String>,
    /// Group label names.
    pub labels: Option<CommaList>,
    pub confidential: Option<bool>,
    /// `#1068bf`.
    pub color: Option<String>,
    pub start_date_fixed: Option<Date>,
    pub due_date_fixed: Option<Date>,
    /// The parent epic's global `id` (not its iid).
    pub parent_id: Option<u64>,
}

/// Change an epic's title, description, labels, dates, parent or state; only the fields
/// given change. Returns the epic.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EpicUpdate {
    pub group_id: GroupId,
    /// The epic's number inside the group.
    pub epic_iid: u64,
    pub title: Option<String>,
    /// Markdown.
    pub description: Option<String>,
    /// Replaces every label.
    pub labels: Option<CommaList>,
    pub add_labels: Option<CommaList>,
    pub remove_labels: Option<CommaList>,
    pub confidential: Option<bool>,
    pub color: Option<String>,
    pub start_date_fixed: Option<Date>,
    pub due_date_fixed: Option<Date>,
    /// The parent epic's global `id`.
    pub parent_id: Option<u64>,
    /// `close` or `reopen`.
    pub state_event: Option<StateEvent>,
}

/// Delete an epic (destructive): its issues leave it, its child epics lose their parent.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EpicDelete {
    pub group_id: GroupId,
    pub epic_iid: u64,
}

/// List the issues assigned to an epic, in order, each with its `epic_issue_id`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EpicIssueList {
    pub group_id: GroupId,
    pub epic_iid: u64,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Assign an issue to an epic (taking it from the epic it was in). Returns the assignment
/// with the epic and the issue.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EpicIssueAssign {
    pub group_id: GroupId,
    pub epic_iid: u64,
    /// The issue's global `id` (not its iid; see `issue.get`).
    pub issue_id: u64,
}

/// Remove an issue from an epic (destructive); the issue stays. Returns the removed
/// assignment.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EpicIssueRemove {
    pub group_id: GroupId,
    pub epic_iid: u64,
    /// The assignment's `epic_issue_id` from `epic.issue_list`.
    pub epic_issue_id: u64,
}

/// List an epic's child epics.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EpicChildList {
    pub group_id: GroupId,
    pub epic_iid: u64,
}

/// Make an existing epic a child of this one (taking it from its former parent). Returns
/// the child.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EpicChildAdd {
    pub group_id: GroupId,
    /// The parent epic's number inside the group.
    pub epic_iid: u64,
    /// The child's global `id` (not its iid).
    pub child_epic_id: u64,
}

/// Take a child epic from its parent (destructive: the link is lost); both epics stay.
/// Returns the child.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EpicChildRemove {
    pub group_id: GroupId,
    pub epic_iid: u64,
    /// The child's global `id`.
    pub child_epic_id: u64,
}
