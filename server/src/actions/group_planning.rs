//! A group's labels (`/groups/:id/labels[/:label_id]`) and milestones
//! (`/groups/:id/milestones[/:milestone_id]`), which every project in the group shares.
//! Their actions belong to the `labels` and `milestones` toolsets.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::milestones::{MilestoneState, MilestoneStateEvent, dates_in_order};
use crate::catalog::params::{Date, GroupId, LabelId, PageNumber, PerPage};
use crate::catalog::{Action, delete, get, post, put};
use crate::table;

pub fn label_actions() -> Vec<Action> {
    table![
        get::<GroupLabelList>("label.group_list", "groups/{group_id}/labels")
            .list()
            .title("List a group's labels"),
        get::<GroupLabelGet>("label.group_get", "groups/{group_id}/labels/{label_id}")
            .title("Get a group label"),
        post::<GroupLabelCreate>("label.group_create", "groups/{group_id}/labels")
            .title("Create a group label"),
        put::<GroupLabelUpdate>("label.group_update", "groups/{group_id}/labels/{label_id}")
            .title("Update a group label"),
        delete::<GroupLabelDelete>("label.group_delete", "groups/{group_id}/labels/{label_id}")
            .title("Delete a group label"),
    ]
}

pub fn milestone_actions() -> Vec<Action> {
    table![
        get::<GroupMilestoneList>("milestone.group_list", "groups/{group_id}/milestones")
            .list()
            .title("List a group's milestones"),
        get::<GroupMilestoneGet>(
            "milestone.group_get",
            "groups/{group_id}/milestones/{milestone_id}"
        )
        .title("Get a group milestone"),
        post::<GroupMilestoneCreate>("milestone.group_create", "groups/{group_id}/milestones")
            .check(|m| dates_in_order(m.start_date.as_ref(), m.due_date.as_ref()))
            .title("Create a group milestone"),
        put::<GroupMilestoneUpdate>(
            "milestone.group_update",
            "groups/{group_id}/milestones/{milestone_id}"
        )
        .check(|m| dates_in_order(m.start_date.as_ref(), m.due_date.as_ref()))
        .title("Update a group milestone"),
        delete::<GroupMilestoneDelete>(
            "milestone.group_delete",
            "groups/{group_id}/milestones/{milestone_id}"
        )
        .title("Delete a group milestone"),
    ]
}

/// List a group's labels, which its projects' issues and merge requests can carry.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupLabelList {
    pub group_id: GroupId,
    /// Only labels whose name contains this text.
    pub search: Option<String>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one group label by id or name.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupLabelGet {
    pub group_id: GroupId,
    pub label_id: LabelId,
}

/// Create a label in a group, for all its projects. Returns the label.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupLabelCreate {
    pub group_id: GroupId,
    /// The label's name (`bug`, `priority::high`).
    pub name: String,
    /// `#RRGGBB` (`#d9534f`) or a CSS color name (`red`).
    pub color: String,
    pub description: Option<String>,
}

/// Rename a group label or change its color or description; only what is given changes.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupLabelUpdate {
    pub group_id: GroupId,
    pub label_id: LabelId,
    /// The label's new name.
    pub new_name: Option<String>,
    /// `#RRGGBB` or a CSS color name.
    pub color: Option<String>,
    pub description: Option<String>,
}

/// Delete a group label; it disappears from every issue and merge request of the group's
/// projects (destructive).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupLabelDelete {
    pub group_id: GroupId,
    pub label_id: LabelId,
}

/// List a group's milestones (sprints and releases shared by its projects).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupMilestoneList {
    pub group_id: GroupId,
    /// `active`, `closed` or `all`.
    pub state: Option<MilestoneState>,
    /// Only the milestone with exactly this title.
    pub title: Option<String>,
    /// Only milestones whose title contains this text.
    pub search: Option<String>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one group milestone by id: title, dates, state.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupMilestoneGet {
    pub group_id: GroupId,
    pub milestone_id: u64,
}

/// Create a milestone in a group, for all its projects. Returns it.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupMilestoneCreate {
    pub group_id: GroupId,
    pub title: String,
    /// Markdown.
    pub description: Option<String>,
    /// The first day.
    pub start_date: Option<Date>,
    /// The last day: on or after `start_date`.
    pub due_date: Option<Date>,
}

/// Change a group milestone, or close or reopen it; only what is given changes.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupMilestoneUpdate {
    pub group_id: GroupId,
    pub milestone_id: u64,
    pub title: Option<String>,
    pub description: Option<String>,
    pub start_date: Option<Date>,
    pub due_date: Option<Date>,
    /// `close` it, or `activate` it again.
    pub state_event: Option<MilestoneStateEvent>,
}

/// Delete a group milestone; its issues and merge requests stay, without it
/// (destructive).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupMilestoneDelete {
    pub group_id: GroupId,
    pub milestone_id: u64,
}
