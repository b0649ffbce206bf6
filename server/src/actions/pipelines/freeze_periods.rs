//! Deploy freeze periods (`/projects/:id/freeze_periods[/:freeze_period_id]`): cron-bounded
//! windows in which the project's pipelines should not deploy (`$CI_DEPLOY_FREEZE`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::catalog::params::{PageNumber, PerPage};
use crate::catalog::{Action, delete, get, post, put};
use crate::gitlab::ProjectId;
use crate::table;

pub fn actions() -> Vec<Action> {
    table![
        get::<FreezePeriodList>("freeze_period.list", "projects/{project_id}/freeze_periods")
            .list()
            .title("List deploy freeze periods"),
        get::<FreezePeriodGet>(
            "freeze_period.get",
            "projects/{project_id}/freeze_periods/{freeze_period_id}"
        )
        .title("Get a deploy freeze period"),
        post::<FreezePeriodCreate>(
            "freeze_period.create",
            "projects/{project_id}/freeze_periods"
        )
        .title("Create a deploy freeze period"),
        put::<FreezePeriodUpdate>(
            "freeze_period.update",
            "projects/{project_id}/freeze_periods/{freeze_period_id}"
        )
        .title("Update a deploy freeze period"),
        delete::<FreezePeriodDelete>(
            "freeze_period.delete",
            "projects/{project_id}/freeze_periods/{freeze_period_id}"
        )
        .title("Delete a deploy freeze period"),
    ]
}

/// List a project's deploy freeze periods: when each starts and ends, as cron.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FreezePeriodList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one deploy freeze period.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FreezePeriodGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub freeze_period_id: u64,
}

/// Freeze deployments from one cron time to another (`0 23 * * 5` to `0 7 * * 1`: the
/// weekend). Returns the period.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FreezePeriodCreate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// When the freeze starts: five cron fields.
    pub freeze_start: String,
    /// When it ends: five cron fields.
    pub freeze_end: String,
    /// The time zone of both (`UTC`, the default; `Europe/Berlin`).
    pub cron_timezone: Option<String>,
}

/// Change a deploy freeze period; only what is given changes.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FreezePeriodUpdate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub freeze_period_id: u64,
    pub freeze_start: Option<String>,
    pub freeze_end: Option<String>,
    pub cron_timezone: Option<String>,
}

/// Delete a deploy freeze period (destructive: deployments are allowed then again).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FreezePeriodDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub freeze_period_id: u64,
}
