//! How GitLab renders users, namespaces, members and groups.

use serde_json::{Value, json};

use super::{Group, Member, Namespace, User};
use crate::store::state::Store;

impl Store {
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

    /// GitLab's `NamespaceBasic`.
    pub fn namespace_json(&self, namespace: Namespace) -> Value {
        let (id, kind) = match namespace {
            Namespace::User(id) => (id, "user"),
            Namespace::Group(id) => (id, "group"),
        };
        let full_path = self.namespace_path(namespace);
        let parent_id = match namespace {
            Namespace::Group(id) => self.groups[&id].parent_id,
            Namespace::User(_) => None,
        };
        let path = full_path.rsplit('/').next().unwrap_or_default();
        let web_url = match namespace {
            Namespace::Group(_) => format!("{}/groups/{full_path}", self.base),
            Namespace::User(_) => format!("{}/{full_path}", self.base),
        };
        json!({
            "id": id,
            "name": self.namespace_name(namespace),
            "path": path,
            "kind": kind,
            "full_path": full_path,
            "parent_id": parent_id,
            "avatar_url": null,
            "web_url": web_url,
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

    /// GitLab's group entity, as `GET /groups` lists it.
    pub fn group_json(&self, group: &Group) -> Value {
        json!({
            "id": group.id,
            "web_url": format!("{}/groups/{}", self.base, group.path),
            "name": group.name,
            "path": group.path.rsplit('/').next().unwrap_or_default(),
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
            "full_name": self.group_full_name(group),
            "full_path": group.path,
            "created_at": group.created_at,
            "parent_id": group.parent_id,
            "organization_id": 1,
            "shared_runners_setting": "enabled",
            "ldap_cn": null,
            "ldap_access": null,
            "marked_for_deletion_on": null,
        })
    }

    /// `Demo / Platform`: the names of the group and the groups above it.
    pub fn group_full_name(&self, group: &Group) -> String {
        match group.parent_id.and_then(|id| self.groups.get(&id)) {
            Some(parent) => format!("{} / {}", self.group_full_name(parent), group.name),
            None => group.name.clone(),
        }
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
