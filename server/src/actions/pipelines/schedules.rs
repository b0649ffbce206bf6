//! Pipeline schedules (`/projects/:id/pipeline_schedules[/:id]`): pipelines GitLab runs on
//! a cron schedule, as their owner.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::catalog::params::{PageNumber, PerPage};
use crate::catalog::{Action, delete, get, post, put};
use crate::gitlab::ProjectId;
use crate::table;

pub fn actions() -> Vec<Action> {
    table![
        get::<ScheduleList>("schedule.list", "projects/{project_id}/pipeline_schedules")
            .list()
            .title("List pipeline schedules"),
        get::<ScheduleGet>(
            "schedule.get",
            "projects/{project_id}/pipeline_schedules/{pipeline_schedule_id}"
        )
        .title("Get a pipeline schedule"),
        post::<ScheduleCreate>(
            "schedule.create",
            "projects/{project_id}/pipeline_schedules"
        )
        .title("Create a pipeline schedule"),
        put::<ScheduleUpdate>(
            "schedule.update",
            "projects/{project_id}/pipeline_schedules/{pipeline_schedule_id}"
        )
        .title("Update a pipeline schedule"),
        delete::<ScheduleDelete>(
            "schedule.delete",
            "projects/{project_id}/pipeline_schedules/{pipeline_schedule_id}"
        )
        .title("Delete a pipeline schedule"),
        post::<SchedulePlay>(
            "schedule.play",
            "projects/{project_id}/pipeline_schedules/{pipeline_schedule_id}/play"
        )
        .title("Run a pipeline schedule now"),
        post::<ScheduleTakeOwnership>(
            "schedule.take_ownership",
            "projects/{project_id}/pipeline_schedules/{pipeline_schedule_id}/take_ownership"
        )
        .title("Take ownership of a pipeline schedule"),
    ]
}

/// Whether a schedule is on.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ScheduleScope {
    Active,
    Inactive,
}

/// List a project's pipeline schedules: description, ref, cron, owner, whether active.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScheduleList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// Only the `active` or the `inactive` ones.
    pub scope: Option<ScheduleScope>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one pipeline schedule, with its variables and last pipeline.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScheduleGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub pipeline_schedule_id: u64,
}

/// Schedule pipelines on a ref with cron (`0 2 * * *`: every night at 02:00). Returns the
/// schedule, owned by the token's user.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScheduleCreate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// What it is for (`Nightly build`).
    pub description: String,
    /// The branch or tag the pipelines run on.
    #[serde(rename = "ref")]
    pub reference: String,
    /// Five cron fields: minute hour day-of-month month day-of-week.
    pub cron: String,
    /// The time zone of the cron (`UTC`, the default; `Europe/Berlin`).
    pub cron_timezone: Option<String>,
    /// Whether it runs (default true).
    pub active: Option<bool>,
}

/// Change a pipeline schedule; only what is given changes.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScheduleUpdate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub pipeline_schedule_id: u64,
    pub description: Option<String>,
    /// The branch or tag the pipelines run on.
    #[serde(rename = "ref")]
    pub reference: Option<String>,
    /// Five cron fields: minute hour day-of-month month day-of-week.
    pub cron: Option<String>,
    pub cron_timezone: Option<String>,
    /// Turn it on or off.
    pub active: Option<bool>,
}

/// Delete a pipeline schedule (destructive): no more pipelines run from it.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScheduleDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub pipeline_schedule_id: u64,
}

/// Run a pipeline schedule's pipeline now, outside its cron.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SchedulePlay {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub pipeline_schedule_id: u64,
}

/// Make the token's user the schedule's owner: its pipelines then run as them.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScheduleTakeOwnership {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub pipeline_schedule_id: u64,
}
