//! Finding things in the store: a project by id or path and where it lives (its path and
//! URLs); users, namespaces, groups and access levels; an issue by its global id; a job; a
//! merge request's head pipeline.

use super::issues::Issue;
use super::merge_requests::MergeRequest;
use super::people::{CURRENT_USER, Group, Member, Namespace, User, access};
use super::pipelines::Pipeline;
use super::project::Project;
use super::state::Store;
use crate::reply::ApiError;

impl Store {
    /// `:id` as GitLab reads it: a number, or the full path (already percent-decoded),
    /// case-insensitively.
    pub fn project_id(&self, id: &str) -> Result<u64, ApiError> {
        let found = match id.parse::<u64>() {
            Ok(number) => self.projects.contains_key(&number).then_some(number),
            Err(_) => {
                let wanted = id.trim_matches('/').to_lowercase();
                self.projects
                    .values()
                    .find(|p| self.full_path(p).to_lowercase() == wanted)
                    .map(|p| p.id)
            }
        };
        found.ok_or_else(|| ApiError::not_found("Project"))
    }

    /// The project `:id` names, or GitLab's `404 Project Not Found`.
    pub fn project(&self, id: &str) -> Result<&Project, ApiError> {
        Ok(&self.projects[&self.project_id(id)?])
    }

    /// A project already found (by [`Store::project_id`]), to change it.
    pub fn project_mut(&mut self, id: u64) -> &mut Project {
        self.projects
            .get_mut(&id)
            .expect("the route found this project first")
    }

    /// `demo/sandbox`: the namespace's full path, then the project's path.
    pub fn full_path(&self, project: &Project) -> String {
        format!(
            "{}/{}",
            self.namespace_path(project.namespace),
            project.path
        )
    }

    /// `http://…/demo/sandbox`.
    pub fn web_url(&self, project: &Project) -> String {
        format!("{}/{}", self.base, self.full_path(project))
    }

    /// `http://…/api/v4/projects/1`.
    pub fn api_url(&self, project: &Project) -> String {
        format!("{}/api/v4/projects/{}", self.base, project.id)
    }

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

    /// The projects in a group's namespace, oldest first.
    pub fn group_projects(&self, group_id: u64) -> Vec<&Project> {
        self.projects
            .values()
            .filter(|p| p.namespace == Namespace::Group(group_id))
            .collect()
    }

    /// The id a new group gets: namespace ids are shared by users and groups.
    pub fn next_namespace_id(&self) -> u64 {
        let users = self.users.keys().max().copied().unwrap_or_default();
        let groups = self.groups.keys().max().copied().unwrap_or_default();
        users.max(groups) + 1
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

    /// The issue with this (global) id, and its project.
    pub fn issue_by_id(&self, issue_id: u64) -> Option<(&Project, &Issue)> {
        self.projects.values().find_map(|project| {
            project
                .issues
                .values()
                .find(|i| i.id == issue_id)
                .map(|issue| (project, issue))
        })
    }

    /// The web address of the issue with this (global) id.
    pub fn issue_url(&self, issue_id: u64) -> String {
        self.issue_by_id(issue_id)
            .map(|(project, issue)| format!("{}/-/issues/{}", self.web_url(project), issue.iid))
            .unwrap_or_default()
    }

    /// The pipeline holding job `job_id` of `project`, and the job's place in it. Bridges
    /// are not jobs to the jobs routes.
    pub fn find_job(&self, project: &Project, job_id: u64) -> Option<(u64, usize)> {
        project
            .pipelines
            .values()
            .find_map(|p| p.job_index(job_id).map(|index| (p.id, index)))
            .filter(|&(pipeline, index)| !project.pipelines[&pipeline].jobs[index].trigger)
    }

    /// The merge request's head pipeline: the newest pipeline of its source branch at the
    /// source head.
    pub fn head_pipeline<'p>(
        &self,
        project: &'p Project,
        mr: &MergeRequest,
    ) -> Option<&'p Pipeline> {
        let head = project
            .repository
            .branches
            .get(&mr.source_branch)
            .unwrap_or(&mr.sha);
        project
            .pipelines
            .values()
            .filter(|p| !p.tag && p.ref_name == mr.source_branch && &p.sha == head)
            .max_by_key(|p| p.id)
    }
}

#[cfg(test)]
mod tests {
    use url::Url;

    use super::*;

    #[test]
    fn projects_resolve_by_number_or_path() {
        let store = Store::new(&Url::parse("http://127.0.0.1:1").unwrap());
        assert_eq!(store.project_id("1").unwrap(), 1);
        assert_eq!(store.project_id("demo/sandbox").unwrap(), 1);
        assert_eq!(store.project_id("Demo/Sandbox").unwrap(), 1);
        assert!(store.project_id("2").is_err());
        assert!(store.project_id("other/sandbox").is_err());
    }
}
