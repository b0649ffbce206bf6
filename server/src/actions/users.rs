//! The `users` toolset: who you are, other users, and a project's members: `/user`,
//! `/users[/:id]`, `/projects/:id/members/all`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::catalog::params::{PageNumber, PerPage};
use crate::catalog::{Action, get};
use crate::gitlab::ProjectId;
use crate::table;

pub fn actions() -> Vec<Action> {
    [
        table![
            get::<UserCurrent>("user.current", "user").title("Get current user"),
            get::<UserList>("user.list", "users").list(),
            get::<UserGet>("user.get", "users/{user_id}"),
            get::<MemberList>("member.list", "projects/{project_id}/members/all").list(),
            get::<MemberGet>("member.get", "projects/{project_id}/members/all/{user_id}"),
        ],
        super::events::user_actions(),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// Who am I: the user the token belongs to (me), with id, username, name, email and
/// web_url.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UserCurrent {}

/// Find users by name, username or email, or the one with an exact username, one page at
/// a time: how to learn someone's user id, to assign them or ask their review.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UserList {
    /// Only users whose name, username or public email contains this text.
    pub search: Option<String>,
    /// Only the user with exactly this username (`jane_doe`, without `@`).
    pub username: Option<String>,
    /// Only active users (not blocked or deactivated).
    pub active: Option<bool>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one user's profile by user id: username, name, bio, job title, organization and
/// web_url.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UserGet {
    /// The user's numeric id.
    pub user_id: u64,
}

/// List the members of a project (its team: direct members, those of its groups and of
/// invited groups) with their access level, filtered by name, one page at a time.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MemberList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// Only members whose name, username or email contains this text.
    pub query: Option<String>,
    /// Only these users, by user id.
    pub user_ids: Option<Vec<u64>>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one member of a project (direct, or inherited from its groups) by user id: their
/// access level and when it expires.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MemberGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The user's id.
    pub user_id: u64,
}
