//! A merge request's diff versions (`/projects/:id/merge_requests/:iid/versions`): one per
//! push to its source branch, so a reviewer can see what changed since they last looked.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::catalog::params::{MergeRequestIid, PageNumber, PerPage};
use crate::catalog::{Action, get};
use crate::gitlab::ProjectId;
use crate::table;

pub fn actions() -> Vec<Action> {
    table![
        get::<MergeRequestVersions>(
            "merge_request.version_list",
            "projects/{project_id}/merge_requests/{merge_request_iid}/versions"
        )
        .list()
        .title("List a merge request's diff versions"),
    ]
}

/// List a merge request's diff versions, newest first: one per push, with its head, base
/// and start commits (compare two with `repository.compare` to see what a push changed).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestVersions {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}
