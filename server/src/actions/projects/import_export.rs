//! A project's export and import (`/projects/:id/export`, `/projects/:id/import`): their
//! status, and scheduling an export. The export archive itself is never downloaded here,
//! and an export is never uploaded elsewhere (GitLab's `upload` would send the whole
//! project to any URL).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::catalog::{Action, get, post};
use crate::gitlab::ProjectId;
use crate::table;

pub fn actions() -> Vec<Action> {
    table![
        get::<ProjectExportStatus>("project.export_status", "projects/{project_id}/export")
            .title("Get a project's export status"),
        post::<ProjectExport>("project.export", "projects/{project_id}/export")
            .title("Schedule a project export"),
        get::<ProjectImportStatus>("project.import_status", "projects/{project_id}/import")
            .title("Get a project's import status"),
    ]
}

/// Get the status of a project's export: `none`, `queued`, `started`, `finished` or
/// `regeneration_in_progress`, with its download links once finished.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProjectExportStatus {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
}

/// Schedule an export of a project (repository, issues, merge requests, settings) into an
/// archive; it replaces your previous export. Follow it with `project.export_status`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProjectExport {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// A description for the exported project instead of its own.
    pub description: Option<String>,
}

/// Get the status of a project's import (`none`, `scheduled`, `started`, `finished`,
/// `failed`): its type, error and the relations that failed.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProjectImportStatus {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
}
