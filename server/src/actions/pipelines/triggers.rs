//! Pipeline trigger tokens (`/projects/:id/triggers[/:trigger_id]`): tokens that start a
//! project's pipelines from outside GitLab.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::catalog::params::{PageNumber, PerPage};
use crate::catalog::{Action, delete, get, post, put};
use crate::gitlab::ProjectId;
use crate::table;

pub fn actions() -> Vec<Action> {
    table![
        get::<TriggerList>("trigger_token.list", "projects/{project_id}/triggers")
            .list()
            .title("List pipeline trigger tokens"),
        get::<TriggerGet>(
            "trigger_token.get",
            "projects/{project_id}/triggers/{trigger_id}"
        )
        .title("Get a pipeline trigger token"),
        post::<TriggerCreate>("trigger_token.create", "projects/{project_id}/triggers")
            .title("Create a pipeline trigger token"),
        put::<TriggerUpdate>(
            "trigger_token.update",
            "projects/{project_id}/triggers/{trigger_id}"
        )
        .title("Update a pipeline trigger token"),
        delete::<TriggerDelete>(
            "trigger_token.delete",
            "projects/{project_id}/triggers/{trigger_id}"
        )
        .title("Delete a pipeline trigger token"),
    ]
}

/// List a project's pipeline trigger tokens: description, owner, when last used.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TriggerList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one pipeline trigger token.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TriggerGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub trigger_id: u64,
}

/// Create a pipeline trigger token. Returns it with its token, which starts pipelines
/// (`POST /projects/:id/trigger/pipeline`): keep it secret.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TriggerCreate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// What uses it (`deploy from the release tool`).
    pub description: String,
}

/// Change a pipeline trigger token's description.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TriggerUpdate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub trigger_id: u64,
    pub description: Option<String>,
}

/// Delete a pipeline trigger token (destructive): what uses it can no longer start
/// pipelines.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TriggerDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub trigger_id: u64,
}
