//! Requests to join a project or a group (`/{projects,groups}/:id/access_requests[/…]`):
//! asked by someone outside it, approved or denied by its maintainers. The project ones
//! belong to the `projects` toolset, the group ones to `groups`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::groups::AccessLevel;
use crate::catalog::params::{GroupId, PageNumber, PerPage};
use crate::catalog::{Action, Output, delete, get, post, put};
use crate::gitlab::ProjectId;
use crate::table;

pub fn project_actions() -> Vec<Action> {
    table![
        get::<ProjectAccessRequests>(
            "project.access_request_list",
            "projects/{project_id}/access_requests"
        )
        .list()
        .title("List requests to join a project"),
        post::<ProjectAccessRequest>(
            "project.access_request_create",
            "projects/{project_id}/access_requests"
        )
        .title("Request access to a project"),
        put::<ProjectAccessApprove>(
            "project.access_request_approve",
            "projects/{project_id}/access_requests/{user_id}/approve"
        )
        .title("Approve a request to join a project"),
        delete::<ProjectAccessDeny>(
            "project.access_request_deny",
            "projects/{project_id}/access_requests/{user_id}"
        )
        .output(Output::Done)
        .title("Deny a request to join a project"),
    ]
}

pub fn group_actions() -> Vec<Action> {
    table![
        get::<GroupAccessRequests>(
            "group.access_request_list",
            "groups/{group_id}/access_requests"
        )
        .list()
        .title("List requests to join a group"),
        post::<GroupAccessRequest>(
            "group.access_request_create",
            "groups/{group_id}/access_requests"
        )
        .title("Request access to a group"),
        put::<GroupAccessApprove>(
            "group.access_request_approve",
            "groups/{group_id}/access_requests/{user_id}/approve"
        )
        .title("Approve a request to join a group"),
        delete::<GroupAccessDeny>(
            "group.access_request_deny",
            "groups/{group_id}/access_requests/{user_id}"
        )
        .output(Output::Done)
        .title("Deny a request to join a group"),
    ]
}

/// List who asks to join a project, and since when.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProjectAccessRequests {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Ask to join a project, as the token's user. Returns the request.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProjectAccessRequest {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
}

/// Approve someone's request to join a project: they become a member with this role.
/// Returns the new member.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProjectAccessApprove {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The id of the user who asked.
    pub user_id: u64,
    /// Their role (GitLab's default: 30, developer).
    pub access_level: Option<AccessLevel>,
}

/// Deny someone's request to join a project (destructive: the request is dropped; they
/// may ask again).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProjectAccessDeny {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The id of the user who asked.
    pub user_id: u64,
}

/// List who asks to join a group, and since when.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupAccessRequests {
    pub group_id: GroupId,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Ask to join a group, as the token's user. Returns the request.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupAccessRequest {
    pub group_id: GroupId,
}

/// Approve someone's request to join a group: they become a member with this role.
/// Returns the new member.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupAccessApprove {
    pub group_id: GroupId,
    /// The id of the user who asked.
    pub user_id: u64,
    /// Their role (GitLab's default: 30, developer).
    pub access_level: Option<AccessLevel>,
}

/// Deny someone's request to join a group (destructive: the request is dropped; they may
/// ask again).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupAccessDeny {
    pub group_id: GroupId,
    /// The id of the user who asked.
    pub user_id: u64,
}
