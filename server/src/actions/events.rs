//! Activity (`/projects/:id/events`, `/users/:id/events`, `/events`): what was pushed,
//! opened, commented on, merged or closed, and when — "what happened this week". The
//! project's belongs to the `projects` toolset, a user's to `users`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::releases::Sort;
use crate::catalog::params::{Date, PageNumber, PerPage};
use crate::catalog::{Action, get};
use crate::gitlab::ProjectId;
use crate::table;

pub fn project_actions() -> Vec<Action> {
    table![
        get::<ProjectEvents>("project.event_list", "projects/{project_id}/events")
            .list()
            .title("List a project's activity"),
    ]
}

pub fn user_actions() -> Vec<Action> {
    table![
        get::<UserEvents>("user.event_list", "users/{user_id}/events")
            .list()
            .title("List a user's activity"),
        get::<MyEvents>("user.current_event_list", "events")
            .list()
            .title("List your own activity"),
    ]
}

/// What was done, as GitLab names an event's action.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum EventAction {
    Approved,
    Closed,
    Commented,
    Created,
    Destroyed,
    Expired,
    Joined,
    Left,
    Merged,
    Pushed,
    Reopened,
    Updated,
}

/// What an event was done to.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum EventTarget {
    Issue,
    Milestone,
    MergeRequest,
    Note,
    Project,
    Snippet,
    User,
    Wiki,
    Design,
}

/// List a project's activity, newest first: pushes, issues and merge requests opened,
/// merged and closed, comments, filtered by what was done, to what, and when.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProjectEvents {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub action: Option<EventAction>,
    pub target_type: Option<EventTarget>,
    /// Only events before this day (`YYYY-MM-DD`).
    pub before: Option<Date>,
    /// Only events after this day (`YYYY-MM-DD`).
    pub after: Option<Date>,
    /// By creation time; GitLab's default: `desc`, newest first.
    pub sort: Option<Sort>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// List what a user did, newest first, across the projects you can see, filtered by what
/// was done, to what, and when.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UserEvents {
    /// The user's id.
    pub user_id: u64,
    pub action: Option<EventAction>,
    pub target_type: Option<EventTarget>,
    /// Only events before this day (`YYYY-MM-DD`).
    pub before: Option<Date>,
    /// Only events after this day (`YYYY-MM-DD`).
    pub after: Option<Date>,
    /// By creation time; GitLab's default: `desc`, newest first.
    pub sort: Option<Sort>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// List what you did, newest first ("what did I do this week"), filtered by what was
/// done, to what, and when.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MyEvents {
    pub action: Option<EventAction>,
    pub target_type: Option<EventTarget>,
    /// Only events before this day (`YYYY-MM-DD`).
    pub before: Option<Date>,
    /// Only events after this day (`YYYY-MM-DD`).
    pub after: Option<Date>,
    /// By creation time; GitLab's default: `desc`, newest first.
    pub sort: Option<Sort>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}
