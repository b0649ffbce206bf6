//! The `runners` toolset: `/runners[/:id[/jobs]]`, `/projects/:id/runners[/:runner_id]` and
//! `/groups/:id/runners`. Registering runners and their tokens are left out: GitLab's runner
//! entities carry no token, and no action here asks for one.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::pipelines::CiStatus;
use super::releases::Sort;
use crate::catalog::params::{CommaList, GroupId, PageNumber, PerPage};
use crate::catalog::{Action, Output, delete, get, post, put};
use crate::gitlab::ProjectId;
use crate::table;

pub fn actions() -> Vec<Action> {
    table![
        get::<RunnerList>("runner.list", "runners")
            .list()
            .title("List the runners of your projects and groups"),
        get::<RunnerProjectList>("runner.project_list", "projects/{project_id}/runners")
            .list()
            .title("List the runners a project can use"),
        get::<RunnerGroupList>("runner.group_list", "groups/{group_id}/runners")
            .list()
            .title("List the runners a group can use"),
        get::<RunnerGet>("runner.get", "runners/{runner_id}"),
        put::<RunnerUpdate>("runner.update", "runners/{runner_id}"),
        put::<RunnerPause>("runner.pause", "runners/{runner_id}").title("Pause a runner"),
        put::<RunnerResume>("runner.resume", "runners/{runner_id}").title("Resume a paused runner"),
        get::<RunnerJobs>("runner.job_list", "runners/{runner_id}/jobs")
            .list()
            .title("List the jobs a runner ran"),
        get::<RunnerManagers>("runner.manager_list", "runners/{runner_id}/managers")
            .list()
            .title("List the machines a runner runs on"),
        post::<RunnerEnable>("runner.enable", "projects/{project_id}/runners")
            .title("Enable a runner for a project"),
        delete::<RunnerDisable>(
            "runner.disable",
            "projects/{project_id}/runners/{runner_id}"
        )
        // Nothing is deleted: the runner stays, for its other projects.
        .output(Output::Done)
        .title("Disable a runner for a project"),
        delete::<RunnerDelete>("runner.delete", "runners/{runner_id}"),
    ]
}

/// A runner's scope, as GitLab names it.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
pub enum RunnerType {
    #[serde(rename = "instance_type")]
    Instance,
    #[serde(rename = "group_type")]
    Group,
    #[serde(rename = "project_type")]
    Project,
}

/// Whether a runner is in touch with GitLab.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RunnerStatus {
    Online,
    Offline,
    Stale,
    NeverContacted,
}

/// List the runners of the projects and groups you maintain (not the instance-wide ones):
/// description, type, status, paused.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RunnerList {
    #[serde(rename = "type")]
    pub runner_type: Option<RunnerType>,
    pub status: Option<RunnerStatus>,
    /// true: only paused runners; false: only active ones.
    pub paused: Option<bool>,
    /// Runners having all these tags.
    pub tag_list: Option<CommaList>,
    /// Runners whose version starts so (`19.`).
    pub version_prefix: Option<String>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// List the runners a project can use: its own, its groups' and the instance's.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RunnerProjectList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    #[serde(rename = "type")]
    pub runner_type: Option<RunnerType>,
    pub status: Option<RunnerStatus>,
    /// true: only paused runners; false: only active ones.
    pub paused: Option<bool>,
    /// Runners having all these tags.
    pub tag_list: Option<CommaList>,
    pub version_prefix: Option<String>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// List the runners a group can use: its own, its parent groups' and the instance's.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RunnerGroupList {
    pub group_id: GroupId,
    #[serde(rename = "type")]
    pub runner_type: Option<RunnerType>,
    pub status: Option<RunnerStatus>,
    /// true: only paused runners; false: only active ones.
    pub paused: Option<bool>,
    /// Runners having all these tags.
    pub tag_list: Option<CommaList>,
    pub version_prefix: Option<String>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one runner: its settings (tags, locked, protected refs only, timeout), version,
/// last contact and the projects or groups it serves.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RunnerGet {
    pub runner_id: u64,
}

/// Which refs' jobs a runner takes.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RunnerAccessLevel {
    NotProtected,
    RefProtected,
}

/// Change a runner's settings; only what is given changes. Returns the runner.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RunnerUpdate {
    pub runner_id: u64,
    pub description: Option<String>,
    /// true: takes no new jobs.
    pub paused: Option<bool>,
    /// Replaces its tags.
    pub tag_list: Option<Vec<String>>,
    /// true: also takes jobs without tags.
    pub run_untagged: Option<bool>,
    /// true: cannot be enabled for other projects.
    pub locked: Option<bool>,
    /// `ref_protected`: only jobs of protected branches and tags.
    pub access_level: Option<RunnerAccessLevel>,
    /// Seconds a job may run on it, at least 600.
    pub maximum_timeout: Option<u64>,
    /// Free-form notes for whoever maintains it.
    pub maintenance_note: Option<String>,
}

fn yes() -> bool {
    true
}

/// Pause a runner: it takes no new jobs until resumed. Returns the runner.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RunnerPause {
    pub runner_id: u64,
    /// What pausing sends, never asked.
    #[serde(skip_deserializing, default = "yes")]
    #[schemars(skip)]
    paused: bool,
}

/// Resume a paused runner: it takes jobs again. Returns the runner.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RunnerResume {
    pub runner_id: u64,
    /// What resuming sends, never asked.
    #[serde(skip_deserializing)]
    #[schemars(skip)]
    paused: bool,
}

/// How a runner's jobs are ordered.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RunnerJobOrder {
    Id,
}

/// List the jobs a runner ran or is running, newest first, each with its project and
/// pipeline.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RunnerJobs {
    pub runner_id: u64,
    pub status: Option<CiStatus>,
    pub order_by: Option<RunnerJobOrder>,
    /// Default `desc`.
    pub sort: Option<Sort>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// List the machines a runner runs on (its managers): system id, version, platform,
/// status, last contact.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RunnerManagers {
    pub runner_id: u64,
}

/// Enable another project's runner for this project, so its jobs can run there; a locked
/// runner or a group's cannot be. Returns the runner.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RunnerEnable {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub runner_id: u64,
}

/// Disable a runner for a project; GitLab refuses for the runner's only project (delete
/// the runner instead) (destructive).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RunnerDisable {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub runner_id: u64,
}

/// Delete a runner: it is unregistered and runs no more jobs (destructive).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RunnerDelete {
    pub runner_id: u64,
}
