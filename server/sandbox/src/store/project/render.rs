//! GitLab's project entity (the fields a project owner sees).

use serde_json::{Value, json};

use super::Project;
use crate::store::people::{CURRENT_USER, Namespace};
use crate::store::state::Store;

impl Store {
    /// GitLab's project entity (the fields a project owner sees).
    pub fn project_json(&self, project: &Project) -> Value {
        let web = self.web_url(project);
        let path = self.full_path(project);
        let empty = project.repository.is_empty();
        let host = self.base.split("://").nth(1).unwrap_or(&self.base);
        let host = host.split(':').next().unwrap_or(host);
        let open_issues = project
            .issues
            .values()
            .filter(|i| i.state == "opened")
            .count();
        let api = self.api_url(project);
        let mut value = json!({
            "id": project.id,
            "description": project.description,
            "name": project.name,
            "name_with_namespace": format!("{} / {}", self.namespace_name(project.namespace), project.name),
            "path": project.path,
            "path_with_namespace": path,
            "created_at": project.created_at,
            "default_branch": project.default_branch,
            "tag_list": [],
            "topics": [],
            "ssh_url_to_repo": format!("git@{host}:{path}.git"),
            "http_url_to_repo": format!("{web}.git"),
            "web_url": web,
            "readme_url": (!empty).then(|| format!("{web}/-/blob/{}/README.md", project.default_branch)),
            "avatar_url": null,
            "forks_count": self.projects.values().filter(|p| p.forked_from == Some(project.id)).count(),
            "star_count": self.star_count(project.id),
            "last_activity_at": project.last_activity_at,
            "namespace": self.namespace_json(project.namespace),
            "visibility": project.visibility,
            "creator_id": project.creator_id,
            "empty_repo": empty,
            "archived": project.archived,
            "squash_option": project.squash_option,
            "issues_enabled": true,
            "merge_requests_enabled": true,
            "wiki_enabled": true,
            "jobs_enabled": true,
            "open_issues_count": open_issues,
            "_links": {
                "self": api,
                "issues": format!("{api}/issues"),
                "merge_requests": format!("{api}/merge_requests"),
                "repo_branches": format!("{api}/repository/branches"),
                "labels": format!("{api}/labels"),
                "events": format!("{api}/events"),
                "members": format!("{api}/members"),
            },
        });
        if let Some(source) = project.forked_from.and_then(|id| self.projects.get(&id)) {
            value["forked_from_project"] = self.project_basic_json(source);
        }
        // GitLab names an owner only for projects in a user's own namespace.
        if let Namespace::User(owner) = project.namespace {
            value["owner"] = self.user_json(owner);
        }
        let level = self.access_level(project, CURRENT_USER);
        value["permissions"] = json!({
            "project_access": project
                .members
                .iter()
                .find(|m| m.user_id == CURRENT_USER)
                .map(|m| json!({"access_level": m.access_level, "notification_level": 3})),
            "group_access": match project.namespace {
                Namespace::Group(_) => level.map(|l| json!({"access_level": l, "notification_level": 3})),
                Namespace::User(_) => None,
            },
        });
        value
    }
}
