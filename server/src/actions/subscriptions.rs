//! Following an issue or a merge request
//! (`/projects/:id/{issues,merge_requests}/:iid/{subscribe,unsubscribe}`): a subscriber is
//! notified of every change and comment. Their actions belong to the `issues` and
//! `merge_requests` toolsets.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::catalog::params::MergeRequestIid;
use crate::catalog::{Action, post};
use crate::gitlab::ProjectId;
use crate::table;

pub fn issue_actions() -> Vec<Action> {
    table![
        post::<IssueSubscription>(
            "issue.subscribe",
            "projects/{project_id}/issues/{issue_iid}/subscribe"
        ),
        post::<IssueSubscription>(
            "issue.unsubscribe",
            "projects/{project_id}/issues/{issue_iid}/unsubscribe"
        ),
    ]
}

pub fn merge_request_actions() -> Vec<Action> {
    table![
        post::<MergeRequestSubscription>(
            "merge_request.subscribe",
            "projects/{project_id}/merge_requests/{merge_request_iid}/subscribe"
        ),
        post::<MergeRequestSubscription>(
            "merge_request.unsubscribe",
            "projects/{project_id}/merge_requests/{merge_request_iid}/unsubscribe"
        ),
    ]
}

/// Subscribe to an issue (notified of every change and comment), or unsubscribe. Returns
/// it; GitLab answers 304 when you already were, or were not, subscribed.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IssueSubscription {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub issue_iid: u64,
}

/// Subscribe to a merge request (notified of every change and comment), or unsubscribe. Returns
/// it; GitLab answers 304 when you already were, or were not, subscribed.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestSubscription {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: MergeRequestIid,
}
