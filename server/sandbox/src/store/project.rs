//! A project and everything it holds, and GitLab's project entity.

use std::collections::BTreeMap;

use serde_json::{Value, json};

use super::issues::Issue;
use super::labels::Label;
use super::merge_requests::MergeRequest;
use super::milestones::Milestone;
use super::people::{Member, Namespace, access};
use super::pipelines::Pipeline;
use super::releases::Release;
use super::repository::{NewCommit, Person, Repository};
use super::wiki::WikiPage;
use super::{CURRENT_USER, Ids, Store, now};

pub(crate) struct Project {
    pub id: u64,
    pub name: String,
    pub path: String,
    pub namespace: Namespace,
    pub creator_id: u64,
    pub description: Option<String>,
    pub visibility: String,
    pub default_branch: String,
    pub created_at: String,
    pub last_activity_at: String,
    /// Read-only: GitLab refuses changes to an archived project's content.
    pub archived: bool,
    /// The project this one is a fork of.
    pub forked_from: Option<u64>,
    pub repository: Repository,
    pub members: Vec<Member>,
    pub issues: BTreeMap<u64, Issue>,
    pub merge_requests: BTreeMap<u64, MergeRequest>,
    pub releases: BTreeMap<String, Release>,
    pub pipelines: BTreeMap<u64, Pipeline>,
    pub labels: Vec<Label>,
    pub milestones: BTreeMap<u64, Milestone>,
    /// Slug → page.
    pub wiki: BTreeMap<String, WikiPage>,
    pub next_issue_iid: u64,
    pub next_merge_request_iid: u64,
    pub next_pipeline_iid: u64,
    pub next_milestone_iid: u64,
    /// Where the project pulls from, once set to (GitLab's import state).
    pub pull_mirror: Option<super::mirrors::PullMirror>,
    /// Where it pushes to.
    pub remote_mirrors: Vec<super::mirrors::RemoteMirror>,
}

impl Project {
    pub fn touch(&mut self) {
        self.last_activity_at = now();
    }

    /// The next issue iid (iids count per project, from 1).
    pub fn issue_iid(&mut self) -> u64 {
        Ids::next(&mut self.next_issue_iid)
    }

    pub fn merge_request_iid(&mut self) -> u64 {
        Ids::next(&mut self.next_merge_request_iid)
    }

    pub fn pipeline_iid(&mut self) -> u64 {
        Ids::next(&mut self.next_pipeline_iid)
    }

    pub fn milestone_iid(&mut self) -> u64 {
        Ids::next(&mut self.next_milestone_iid)
    }

    /// The label named `name`, case-insensitively (GitLab matches label titles that way).
    #[allow(dead_code, reason = "for the label routes that come next")]
    pub fn label(&self, name: &str) -> Option<&Label> {
        self.labels
            .iter()
            .find(|l| l.name.eq_ignore_ascii_case(name))
    }
}

impl Store {
    /// A project in `namespace`, owned by the current user; with a README branch its
    /// repository starts with one commit adding `README.md` on that branch.
    pub fn add_project(
        &mut self,
        name: &str,
        path: &str,
        namespace: Namespace,
        visibility: &str,
        readme_branch: Option<&str>,
    ) -> u64 {
        let id = Ids::next(&mut self.ids.project);
        let created = now();
        let mut repository = Repository::default();
        if let Some(branch) = readme_branch {
            let user = self.user(CURRENT_USER);
            let author = Person::new(&user.name, &user.email);
            let readme = format!("# {name}\n");
            let first = NewCommit::initial(branch, "Initial commit", author, readme.into_bytes());
            repository
                .apply(first)
                .expect("a README on an empty repository always commits");
        }
        let project = Project {
            id,
            name: name.to_owned(),
            path: path.to_owned(),
            namespace,
            creator_id: CURRENT_USER,
            description: None,
            visibility: visibility.to_owned(),
            // Without a repository GitLab reports the instance default.
            default_branch: readme_branch.unwrap_or("main").to_owned(),
            created_at: created.clone(),
            last_activity_at: created.clone(),
            archived: false,
            forked_from: None,
            repository,
            // GitLab makes the owner of a personal namespace its project's Owner member.
            members: match namespace {
                Namespace::User(owner) => vec![Member {
                    user_id: owner,
                    access_level: access::OWNER,
                    created_at: created,
                }],
                Namespace::Group(_) => Vec::new(),
            },
            issues: BTreeMap::new(),
            merge_requests: BTreeMap::new(),
            releases: BTreeMap::new(),
            pipelines: BTreeMap::new(),
            labels: Vec::new(),
            milestones: BTreeMap::new(),
            wiki: BTreeMap::new(),
            next_issue_iid: 0,
            next_merge_request_iid: 0,
            next_pipeline_iid: 0,
            next_milestone_iid: 0,
            pull_mirror: None,
            remote_mirrors: Vec::new(),
        };
        self.projects.insert(id, project);
        id
    }

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
            "star_count": 0,
            "last_activity_at": project.last_activity_at,
            "namespace": self.namespace_json(project.namespace),
            "visibility": project.visibility,
            "creator_id": project.creator_id,
            "empty_repo": empty,
            "archived": project.archived,
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
