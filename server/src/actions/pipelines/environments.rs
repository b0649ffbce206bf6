//! Environments and deployments (`/projects/:id/environments[/:id]`,
//! `/projects/:id/deployments[/:id]`): where code runs, and what was deployed there when.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::actions::releases::Sort;
use crate::catalog::params::{DateTime, PageNumber, PerPage};
use crate::catalog::{Action, delete, get, post, put};
use crate::gitlab::ProjectId;
use crate::table;

pub fn actions() -> Vec<Action> {
    table![
        get::<EnvironmentList>("environment.list", "projects/{project_id}/environments")
            .list()
            .check(EnvironmentList::check),
        get::<EnvironmentGet>(
            "environment.get",
            "projects/{project_id}/environments/{environment_id}"
        ),
        post::<EnvironmentCreate>("environment.create", "projects/{project_id}/environments"),
        put::<EnvironmentUpdate>(
            "environment.update",
            "projects/{project_id}/environments/{environment_id}"
        ),
        delete::<EnvironmentDelete>(
            "environment.delete",
            "projects/{project_id}/environments/{environment_id}"
        ),
        post::<EnvironmentStop>(
            "environment.stop",
            "projects/{project_id}/environments/{environment_id}/stop"
        )
        .destructive(),
        post::<EnvironmentStopStale>(
            "environment.stop_stale",
            "projects/{project_id}/environments/stop_stale"
        )
        .destructive()
        .title("Stop stale environments"),
        get::<DeploymentList>("deployment.list", "projects/{project_id}/deployments")
            .list()
            .check(DeploymentList::check),
        get::<DeploymentGet>(
            "deployment.get",
            "projects/{project_id}/deployments/{deployment_id}"
        ),
        post::<DeploymentCreate>("deployment.create", "projects/{project_id}/deployments"),
        put::<DeploymentUpdate>(
            "deployment.update",
            "projects/{project_id}/deployments/{deployment_id}"
        ),
        get::<DeploymentMergeRequests>(
            "deployment.merge_request_list",
            "projects/{project_id}/deployments/{deployment_id}/merge_requests"
        )
        .list()
        .title("List the merge requests of a deployment"),
    ]
}

/// An environment's state.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum EnvironmentState {
    Available,
    Stopping,
    Stopped,
}

/// What an environment is for.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Tier {
    Production,
    Staging,
    Testing,
    Development,
    Other,
}

/// List a project's environments (`production`, `staging`, `review/…`): name, tier,
/// state, URL.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EnvironmentList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// Only the one with this exact name.
    pub name: Option<String>,
    /// Only those whose name contains this text (at least 3 characters).
    pub search: Option<String>,
    pub states: Option<EnvironmentState>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

impl EnvironmentList {
    /// GitLab answers 400 to `name` with `search`, and to a `search` under 3 characters.
    fn check(&self) -> Result<(), String> {
        if self.name.is_some() && self.search.is_some() {
            return Err(
                "`name` and `search` go one at a time: `name` for one environment, `search` for those whose name contains a text".to_owned(),
            );
        }
        match &self.search {
            Some(search) if search.chars().count() < 3 => Err(format!(
                "`search`: `{search}` is shorter than the 3 characters GitLab searches for; give more of the name, or its whole `name`"
            )),
            _ => Ok(()),
        }
    }
}

/// Get one environment, with its last deployment ("what is deployed to production").
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EnvironmentGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub environment_id: u64,
}

/// Create an environment. Returns it, available.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EnvironmentCreate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// Its name (`staging`, `review/feature-x`).
    pub name: String,
    /// Where it can be seen (`https://staging.example.com`).
    pub external_url: Option<String>,
    /// GitLab guesses it from the name when left out.
    pub tier: Option<Tier>,
    pub description: Option<String>,
}

/// Change an environment's URL, tier or description.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EnvironmentUpdate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub environment_id: u64,
    pub external_url: Option<String>,
    pub tier: Option<Tier>,
    pub description: Option<String>,
}

/// Delete an environment (destructive); GitLab deletes only stopped ones.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EnvironmentDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub environment_id: u64,
}

/// Stop an environment (destructive: its stop job runs, tearing it down). Returns it.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EnvironmentStop {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub environment_id: u64,
    /// Stop it even when its stop job fails or there is none.
    pub force: Option<bool>,
}

/// Stop every environment last deployed to before a time (destructive); protected ones
/// are kept.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EnvironmentStopStale {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// Stop those not deployed to since then; at least a week ago, at most 10 years.
    pub before: DateTime,
}

/// A deployment's status, to list by.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DeploymentStatus {
    Created,
    Running,
    Success,
    Failed,
    Canceled,
    Blocked,
}

/// The status a deployment is given: GitLab sets `created` and `blocked` itself.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DeploymentState {
    Running,
    Success,
    Failed,
    Canceled,
}

/// What deployments are sorted by.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DeploymentOrder {
    Id,
    Iid,
    CreatedAt,
    UpdatedAt,
    FinishedAt,
    Ref,
}

/// List a project's deployments ("recent deployments to production"): environment,
/// ref, commit, status, who deployed, when.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeploymentList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// Only those to this environment (its name).
    pub environment: Option<String>,
    pub status: Option<DeploymentStatus>,
    pub order_by: Option<DeploymentOrder>,
    pub sort: Option<Sort>,
    /// Only those updated after this time.
    pub updated_after: Option<DateTime>,
    /// Only those updated before this time.
    pub updated_before: Option<DateTime>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

impl DeploymentList {
    /// GitLab filters by update time only in that order, and answers 400 otherwise.
    fn check(&self) -> Result<(), String> {
        let by_update = matches!(self.order_by, Some(DeploymentOrder::UpdatedAt));
        if (self.updated_after.is_some() || self.updated_before.is_some()) && !by_update {
            return Err("`updated_after` and `updated_before` need `order_by: updated_at`, as GitLab filters by update time only in that order".to_owned());
        }
        Ok(())
    }
}

/// Get one deployment: its environment, ref, commit, status and who deployed it.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeploymentGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub deployment_id: u64,
}

/// Record a deployment made outside GitLab CI (by a deploy tool). Returns it.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeploymentCreate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The environment's name; made when new.
    pub environment: String,
    /// The commit deployed.
    pub sha: String,
    /// The branch or tag deployed.
    #[serde(rename = "ref")]
    pub reference: String,
    /// Whether `ref` is a tag.
    pub tag: bool,
    pub status: DeploymentState,
}

/// Change a deployment's status (`running` → `success`).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeploymentUpdate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub deployment_id: u64,
    pub status: DeploymentState,
}

/// List the merge requests a deployment shipped.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeploymentMergeRequests {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub deployment_id: u64,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}
