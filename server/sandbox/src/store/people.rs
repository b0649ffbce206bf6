//! Users, groups and project members; how GitLab renders them is in `render`, finding them
//! in the store in `super::lookups`.

mod render;

/// The user every token (or none) acts as: `sandbox-user`, owner and admin of everything.
pub(crate) const CURRENT_USER: u64 = 1;

pub(crate) struct User {
    pub id: u64,
    pub username: String,
    pub name: String,
    pub email: String,
    pub bio: String,
    pub is_admin: bool,
    pub created_at: String,
}

pub(crate) struct Group {
    pub id: u64,
    pub name: String,
    pub path: String,
    pub description: String,
    pub visibility: String,
    pub created_at: String,
    pub members: Vec<Member>,
    /// The group it is a subgroup of; `path` is then its full path (`demo/platform`).
    pub parent_id: Option<u64>,
}

/// Where a project lives: a user's own namespace or a group.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Namespace {
    User(u64),
    Group(u64),
}

/// A membership of a project or group.
#[derive(Clone)]
pub(crate) struct Member {
    pub user_id: u64,
    pub access_level: u8,
    pub created_at: String,
}

/// GitLab's access levels, as numbers on the wire.
pub(crate) mod access {
    pub const NO_ACCESS: u8 = 0;
    pub const DEVELOPER: u8 = 30;
    pub const MAINTAINER: u8 = 40;
    pub const OWNER: u8 = 50;
    /// Only protected branches and tags use it: "Admins" (instance administrators).
    pub const ADMIN: u8 = 60;

    /// `Maintainers`, `Developers + Maintainers`, … as protected branch access levels read.
    pub fn description(level: u8) -> &'static str {
        match level {
            NO_ACCESS => "No one",
            DEVELOPER => "Developers + Maintainers",
            MAINTAINER => "Maintainers",
            ADMIN => "Admins",
            _ => "Owners",
        }
    }
}
