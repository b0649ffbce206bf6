//! Who takes part in an issue or a merge request
//! (`/projects/:id/{issues,merge_requests}/:iid/participants`). Their actions belong to
//! the `issues` and `merge_requests` toolsets.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::catalog::params::{MergeRequestIid, PageNumber, PerPage};
use crate::catalog::{Action, get};
use crate::gitlab::ProjectId;
use crate::table;

pub fn issue_actions() -> Vec<Action> {
    table![
        get::<IssueParticipants>(
            "issue.participant_list",
            "projects/{project_id}/issues/{issue_iid}/participants"
        )
        .list()
        .title("List who takes part in an issue"),
    ]
}

pub fn merge_request_actions() -> Vec<Action> {
    table![
        get::<MergeRequestParticipants>(
            "merge_request.participant_list",
            "projects/{project_id}/merge_requests/{merge_request_iid}/participants"
        )
        .list()
        .title("List who takes part in a merge request"),
    ]
}

/// List who takes part in an issue: its author, assignees and everyone who commented
/// ("who is involved", whom to ask).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IssueParticipants {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub issue_iid: u64,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// List who takes part in a merge request: its author, assignees, reviewers and everyone
/// who commented.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestParticipants {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}
