//! Users, groups and project members, and how GitLab renders them.

use serde_json::{Value, json};

use super::{CURRENT_USER, Project, Store};
use crate::reply::ApiError;

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

    /// GitLab's group entity, as `GET /groups` lists it.
    pub fn group_json(&self, group: &Group) -> Value {
        json!({
            "id": group.id,
            "web_url": format!("{}/groups/{}", self.base, group.path),
            "name": group.name,
            "path": group.path,
            "description": group.description,
            "visibility": group.visibility,
            "share_with_group_lock": false,
            "require_two_factor_authentication": false,
            "two_factor_grace_period": 48,
            "project_creation_level": "developer",
            "auto_devops_enabled": null,
            "subgroup_creation_level": "maintainer",
            "emails_disabled": false,
            "emails_enabled": true,
            "mentions_disabled": null,
            "lfs_enabled": true,
            "default_branch": null,
            "default_branch_protection": 2,
            "avatar_url": null,
            "request_access_enabled": true,
            "full_name": group.name,
            "full_path": group.path,
            "created_at": group.created_at,
            "parent_id": null,
            "organization_id": 1,
            "shared_runners_setting": "enabled",
            "ldap_cn": null,
            "ldap_access": null,
            "marked_for_deletion_on": null,
        })
    }

    /// The projects in a group's namespace, oldest first.
    pub fn group_projects(&self, group_id: u64) -> Vec<&Project> {
        self.projects
            .values()
            .filter(|p| p.namespace == Namespace::Group(group_id))
            .collect()
    }

    /// `GET /groups/:id`: the group, what it shares, and (`with_projects`) its projects.
    pub fn group_detail_json(&self, group: &Group, with_projects: bool) -> Value {
        let mut value = self.group_json(group);
        value["shared_with_groups"] = json!([]);
        value["prevent_sharing_groups_outside_hierarchy"] = json!(false);
        if with_projects {
            let projects: Vec<Value> = self
                .group_projects(group.id)
                .into_iter()
                .map(|p| self.project_json(p))
                .collect();
            value["projects"] = json!(projects);
            value["shared_projects"] = json!([]);
        }
        value
    }

    /// A group by id or full path (case-insensitively), or GitLab's `404 Group Not Found`.
    pub fn group_named(&self, id: &str) -> Result<&Group, ApiError> {
        let found = match id.parse::<u64>() {
            Ok(number) => self.groups.get(&number),
            Err(_) => self
                .groups
                .values()
                .find(|g| g.path.eq_ignore_ascii_case(id.trim_matches('/'))),
        };
        found.ok_or_else(|| ApiError::not_found("Group"))
    }

    /// A project's members with access through its group too, each once with their highest
    /// access level: GitLab's `…/members/all`.
    pub fn all_project_members<'a>(&'a self, project: &'a Project) -> Vec<&'a Member> {
        let inherited: &[Member] = match project.namespace {
            Namespace::Group(id) => &self.groups[&id].members,
            Namespace::User(_) => &[],
        };
        let mut all: Vec<&Member> = Vec::new();
        for member in project.members.iter().chain(inherited) {
            match all.iter_mut().find(|m| m.user_id == member.user_id) {
                Some(kept) if kept.access_level < member.access_level => *kept = member,
                Some(_) => {}
                None => all.push(member),
            }
        }
        all.sort_by_key(|m| m.user_id);
        all
    }
}

impl User {
    /// GitLab's user entity as an administrator sees it (`UserWithAdmin`): what `GET /user`,
    /// `GET /users` and `GET /users/:id` answer, since every sandbox token is an admin's.
    pub fn detail_json(&self, store: &Store) -> Value {
        let mut value = store.user_json(self.id);
        let more = json!({
            "created_at": self.created_at,
            "bio": self.bio,
            "location": "",
            "public_email": self.email,
            "linkedin": "",
            "twitter": "",
            "discord": "",
            "website_url": "",
            "organization": "",
            "job_title": "",
            "pronouns": null,
            "bot": false,
            "work_information": null,
            "local_time": null,
            "last_sign_in_at": self.created_at,
            "confirmed_at": self.created_at,
            "last_activity_on": self.created_at.get(..10),
            "email": self.email,
            "theme_id": 1,
            "color_scheme_id": 1,
            "projects_limit": 100000,
            "current_sign_in_at": self.created_at,
            "identities": [],
            "can_create_group": true,
            "can_create_project": true,
            "two_factor_enabled": false,
            "external": false,
            "private_profile": false,
            "commit_email": self.email,
            "is_admin": self.is_admin,
            "note": null,
            "namespace_id": self.id,
        });
        if let (Value::Object(all), Value::Object(more)) = (&mut value, more) {
            all.extend(more);
        }
        value
    }
}
