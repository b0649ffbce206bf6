//! What happened to an issue or a merge request, one event per change, newest last:
//! `/projects/:id/{issues|merge_requests}/:iid/resource_{label|milestone|state}_events
//! [/:event_id]`. The issue ones belong to the `issues` toolset, the merge request ones to
//! `merge_requests`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::catalog::params::{PageNumber, PerPage};
use crate::catalog::{Action, get};
use crate::gitlab::ProjectId;
use crate::table;

pub fn actions() -> Vec<Action> {
    table![
        get::<IssueEventList>(
            "issue.label_event_list",
            "projects/{project_id}/issues/{issue_iid}/resource_label_events"
        )
        .list()
        .title("List an issue's label events"),
        get::<IssueEventGet>(
            "issue.label_event_get",
            "projects/{project_id}/issues/{issue_iid}/resource_label_events/{event_id}"
        )
        .title("Get an issue label event"),
        get::<IssueEventList>(
            "issue.milestone_event_list",
            "projects/{project_id}/issues/{issue_iid}/resource_milestone_events"
        )
        .list()
        .title("List an issue's milestone events"),
        get::<IssueEventGet>(
            "issue.milestone_event_get",
            "projects/{project_id}/issues/{issue_iid}/resource_milestone_events/{event_id}"
        )
        .title("Get an issue milestone event"),
        get::<IssueEventList>(
            "issue.state_event_list",
            "projects/{project_id}/issues/{issue_iid}/resource_state_events"
        )
        .list()
        .title("List an issue's state events"),
        get::<IssueEventGet>(
            "issue.state_event_get",
            "projects/{project_id}/issues/{issue_iid}/resource_state_events/{event_id}"
        )
        .title("Get an issue state event"),
        get::<MergeRequestEventList>(
            "merge_request.label_event_list",
            "projects/{project_id}/merge_requests/{merge_request_iid}/resource_label_events"
        )
        .list()
        .title("List a merge request's label events"),
        get::<MergeRequestEventGet>(
            "merge_request.label_event_get",
            "projects/{project_id}/merge_requests/{merge_request_iid}/resource_label_events/{event_id}"
        )
        .title("Get a merge request label event"),
        get::<MergeRequestEventList>(
            "merge_request.milestone_event_list",
            "projects/{project_id}/merge_requests/{merge_request_iid}/resource_milestone_events"
        )
        .list()
        .title("List a merge request's milestone events"),
        get::<MergeRequestEventGet>(
            "merge_request.milestone_event_get",
            "projects/{project_id}/merge_requests/{merge_request_iid}/resource_milestone_events/{event_id}"
        )
        .title("Get a merge request milestone event"),
        get::<MergeRequestEventList>(
            "merge_request.state_event_list",
            "projects/{project_id}/merge_requests/{merge_request_iid}/resource_state_events"
        )
        .list()
        .title("List a merge request's state events"),
        get::<MergeRequestEventGet>(
            "merge_request.state_event_get",
            "projects/{project_id}/merge_requests/{merge_request_iid}/resource_state_events/{event_id}"
        )
        .title("Get a merge request state event"),
    ]
}

/// List the history of an issue's labels (added/removed), milestone (set/taken away) or
/// state (closed/reopened), oldest first: who, when, what.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IssueEventList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub issue_iid: u64,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one label, milestone or state event of an issue by its id.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct IssueEventGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub issue_iid: u64,
    /// The event's `id` from the list.
    pub event_id: u64,
}

/// List the history of a merge request's labels (added/removed), milestone (set/taken
/// away) or state (closed/reopened/merged), oldest first: who, when, what.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestEventList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: u64,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one label, milestone or state event of a merge request by its id.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequestEventGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub merge_request_iid: u64,
    /// The event's `id` from the list.
    pub event_id: u64,
}
