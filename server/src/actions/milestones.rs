//! The `milestones` toolset: `/projects/:id/milestones[/:milestone_id[/…]]`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::catalog::alternative::{Alternative, Extra};
use crate::catalog::body::Body;
use crate::catalog::params::{Date, PageNumber, PerPage};
use crate::catalog::{Action, delete, get, post, put};
use crate::gitlab::ProjectId;
use crate::table;
use crate::wizards::MilestoneWizard;

pub fn actions() -> Vec<Action> {
    [
        table![
            get::<MilestoneList>("milestone.list", "projects/{project_id}/milestones").list(),
            get::<MilestoneGet>(
                "milestone.get",
                "projects/{project_id}/milestones/{milestone_id}"
            ),
            post::<MilestoneCreate>("milestone.create", "projects/{project_id}/milestones").check(
                |m| dates_in_order(m.wizard.start_date.as_ref(), m.wizard.due_date.as_ref())
            ),
            put::<MilestoneUpdate>(
                "milestone.update",
                "projects/{project_id}/milestones/{milestone_id}"
            )
            .check(|m| dates_in_order(m.start_date.as_ref(), m.due_date.as_ref())),
            delete::<MilestoneDelete>(
                "milestone.delete",
                "projects/{project_id}/milestones/{milestone_id}"
            ),
            get::<MilestoneIssues>(
                "milestone.issue_list",
                "projects/{project_id}/milestones/{milestone_id}/issues"
            )
            .list()
            .title("List milestone issues"),
            get::<MilestoneMergeRequests>(
                "milestone.merge_request_list",
                "projects/{project_id}/milestones/{milestone_id}/merge_requests"
            )
            .list()
            .title("List milestone merge requests"),
        ],
        super::group_planning::milestone_actions(),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// A milestone ends on or after the day it starts; GitLab would refuse it after the call.
pub(super) fn dates_in_order(
    start_date: Option<&Date>,
    due_date: Option<&Date>,
) -> Result<(), String> {
    match (start_date, due_date) {
        (Some(start), Some(due)) if due < start => Err(format!(
            "`due_date` {} is before `start_date` {}; a milestone ends on or after the day it starts",
            due.as_str(),
            start.as_str()
        )),
        _ => Ok(()),
    }
}

/// Which milestones to list by state.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum MilestoneState {
    Active,
    Closed,
    All,
}

/// List a project's milestones (sprints, iterations, planned releases), filtered by state,
/// title or text, one page at a time.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MilestoneList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// `active`, `closed` or `all` (GitLab's default: all).
    pub state: Option<MilestoneState>,
    /// Only the milestone with exactly this title.
    pub title: Option<String>,
    /// Only milestones whose title or description contains this text.
    pub search: Option<String>,
    /// Only the milestones with these numbers inside the project (`%3` → 3).
    pub iids: Option<Vec<u64>>,
    /// Also list the milestones of the project's groups.
    pub include_ancestors: Option<bool>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one milestone (sprint) by id: title, description, state, start and due dates and
/// web_url.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MilestoneGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The milestone's id (its `id`, not its `iid`).
    pub milestone_id: u64,
}

/// `milestone.create`: every question of the milestone wizard as a parameter.
pub type MilestoneCreate = Alternative<MilestoneWizard, MilestoneExtra>;

/// Create a milestone (a sprint or a planned release) with an optional description, start
/// date and due date. Returns the new milestone with its id.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MilestoneExtra {}

/// The wizard's questions are every parameter GitLab takes here.
impl Extra<MilestoneWizard> for MilestoneExtra {
    fn body(self, _: &MilestoneWizard) -> Result<Body, String> {
        Ok(Body::new())
    }
}

/// Activate or close a milestone.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum MilestoneStateEvent {
    Activate,
    Close,
}

/// Change a milestone's title, description or dates, or close or reopen it
/// (`state_event`); only the fields given change. Returns the updated milestone.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MilestoneUpdate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The milestone's id (its `id`, not its `iid`).
    pub milestone_id: u64,
    pub title: Option<String>,
    /// Markdown.
    pub description: Option<String>,
    /// The first day.
    pub start_date: Option<Date>,
    /// The last day: on or after `start_date`.
    pub due_date: Option<Date>,
    /// `close` it, or `activate` it again.
    pub state_event: Option<MilestoneStateEvent>,
}

/// Delete a milestone; its issues and merge requests stay, without it (destructive).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MilestoneDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The milestone's id (its `id`, not its `iid`).
    pub milestone_id: u64,
}

/// List the issues in a milestone: what is planned for the current sprint or release, one
/// page at a time.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MilestoneIssues {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The milestone's id (its `id`, not its `iid`).
    pub milestone_id: u64,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// List the merge requests in a milestone, one page at a time.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MilestoneMergeRequests {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The milestone's id (its `id`, not its `iid`).
    pub milestone_id: u64,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}
