//! Users, groups and project members, and how GitLab renders them.

#![allow(
    dead_code,
    reason = "the users, groups and members routes come next; until then only authors and namespaces use people"
)]

use serde_json::{Value, json};

use super::{CURRENT_USER, Project, Store};

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
}

/// Where a project lives: a user's own namespace or a group.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Namespace {
    User(u64),
    Group(u64),
}

/// A membership of a project or group.
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

impl Store {
    /// A user by id; unknown ids (none are handed out) read as the current user.
    pub fn user(&self, id: u64) -> &User {
        self.users
            .get(&id)
            .or_else(|| self.users.get(&CURRENT_USER))
            .expect("the seed always has the current user")
    }

    /// A user by username, case-insensitively, as GitLab finds them.
    pub fn user_named(&self, username: &str) -> Option<&User> {
        self.users
            .values()
            .find(|u| u.username.eq_ignore_ascii_case(username))
    }

    /// GitLab's `UserBasic`: what authors, assignees and members are made of.
    pub fn user_json(&self, id: u64) -> Value {
        let user = self.user(id);
        json!({
            "id": user.id,
            "username": user.username,
            "public_email": user.email,
            "name": user.name,
            "state": "active",
            "locked": false,
            "avatar_url": null,
            "web_url": format!("{}/{}", self.base, user.username),
        })
    }

    /// `sandbox-user` for a user's namespace, `demo` for a group.
    pub fn namespace_path(&self, namespace: Namespace) -> String {
        match namespace {
            Namespace::User(id) => self.user(id).username.clone(),
            Namespace::Group(id) => self.groups[&id].path.clone(),
        }
    }

    /// `Demo` or `Sandbox User`: what `name_with_namespace` starts with.
    pub fn namespace_name(&self, namespace: Namespace) -> String {
        match namespace {
            Namespace::User(id) => self.user(id).name.clone(),
            Namespace::Group(id) => self.groups[&id].name.clone(),
        }
    }

    /// GitLab's `NamespaceBasic`.
    pub fn namespace_json(&self, namespace: Namespace) -> Value {
        let (id, kind) = match namespace {
            Namespace::User(id) => (id, "user"),
            Namespace::Group(id) => (id, "group"),
        };
        let path = self.namespace_path(namespace);
        json!({
            "id": id,
            "name": self.namespace_name(namespace),
            "path": path,
            "kind": kind,
            "full_path": path,
            "parent_id": null,
            "avatar_url": null,
            "web_url": format!("{}/{}", self.base, path),
        })
    }

    /// A member as GitLab lists members: the user, their access level and since when.
    pub fn member_json(&self, member: &Member) -> Value {
        let mut value = self.user_json(member.user_id);
        value["access_level"] = json!(member.access_level);
        value["created_at"] = json!(member.created_at);
        value["expires_at"] = Value::Null;
        value["membership_state"] = json!("active");
        value
    }

    /// The access level `user_id` has on `project`: its own membership, else the group's.
    pub fn access_level(&self, project: &Project, user_id: u64) -> Option<u8> {
        let own = project.members.iter().find(|m| m.user_id == user_id);
        let inherited = match project.namespace {
            Namespace::Group(id) => self.groups[&id]
                .members
                .iter()
                .find(|m| m.user_id == user_id),
            Namespace::User(owner) if owner == user_id => return Some(access::OWNER),
            Namespace::User(_) => None,
        };
        own.into_iter()
            .chain(inherited)
            .map(|m| m.access_level)
            .max()
    }

    /// GitLab's group entity, as `GET /groups/:id` starts it.
    pub fn group_json(&self, group: &Group) -> Value {
        json!({
            "id": group.id,
            "name": group.name,
            "path": group.path,
            "description": group.description,
            "visibility": group.visibility,
            "full_name": group.name,
            "full_path": group.path,
            "parent_id": null,
            "created_at": group.created_at,
            "avatar_url": null,
            "web_url": format!("{}/groups/{}", self.base, group.path),
        })
    }
}

impl User {
    /// GitLab's full user entity, as `GET /user` and `GET /users/:id` (for an admin) show it.
    pub fn detail_json(&self, store: &Store) -> Value {
        let mut value = store.user_json(self.id);
        let more = json!({
            "email": self.email,
            "bio": self.bio,
            "created_at": self.created_at,
            "is_admin": self.is_admin,
            "bot": false,
            "two_factor_enabled": false,
            "external": false,
        });
        if let (Value::Object(all), Value::Object(more)) = (&mut value, more) {
            all.extend(more);
        }
        value
    }
}
