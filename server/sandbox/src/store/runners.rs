//! CI runners: an instance-wide one, one of the demo group and one of the demo project that
//! ran every job the sandbox starts with. GitLab's runner entities have no token, and none
//! is kept here.
//!
//! The sandbox's user is an administrator, but its token acts on runners without
//! administrator rights (as on an instance with Admin Mode on): as a maintainer of its
//! projects and an owner of its groups, so GitLab's refusals of a locked runner, an
//! instance runner and a runner shared by several projects apply.

use serde_json::{Value, json};

use super::people::Namespace;
use super::state::Store;
use super::timestamps::{seed_time, timestamp};

/// The demo project's runner, which ran the seeded jobs.
pub(crate) const PROJECT_RUNNER: u64 = 1;

/// What a runner is attached to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum RunnerScope {
    Instance,
    Group(u64),
    /// The projects it is enabled for, the one it was registered in first.
    Projects(Vec<u64>),
}

pub(crate) struct Runner {
    pub id: u64,
    pub description: String,
    pub scope: RunnerScope,
    pub paused: bool,
    pub tag_list: Vec<String>,
    pub run_untagged: bool,
    pub locked: bool,
    /// `not_protected` or `ref_protected`.
    pub access_level: String,
    /// Seconds, at least 600 when set.
    pub maximum_timeout: Option<u64>,
    pub maintenance_note: Option<String>,
    /// Whether it has contacted GitLab lately.
    pub online: bool,
    pub created_at: String,
    pub contacted_at: String,
}

impl Runner {
    pub fn runner_type(&self) -> &'static str {
        match self.scope {
            RunnerScope::Instance => "instance_type",
            RunnerScope::Group(_) => "group_type",
            RunnerScope::Projects(_) => "project_type",
        }
    }

    pub fn projects(&self) -> &[u64] {
        match &self.scope {
            RunnerScope::Projects(projects) => projects,
            _ => &[],
        }
    }

    /// `online` or `offline` (GitLab's `status`; pausing is told apart by `paused`).
    pub fn status(&self) -> &'static str {
        if self.online { "online" } else { "offline" }
    }
}

impl Store {
    /// The three runners the sandbox starts with, `project` being the demo project and
    /// `group` the demo group.
    pub(crate) fn seed_runners(&mut self, project: u64, group: u64) {
        let at = |day| timestamp(seed_time(day, 7, 0));
        let runner = |id, description: &str, scope, tags: &[&str], online| Runner {
            id,
            description: description.to_owned(),
            scope,
            paused: false,
            tag_list: tags.iter().map(|t| (*t).to_owned()).collect(),
            run_untagged: true,
            locked: false,
            access_level: "not_protected".to_owned(),
            maximum_timeout: None,
            maintenance_note: None,
            online,
            created_at: at(0),
            contacted_at: at(8),
        };
        self.runners = vec![
            runner(
                PROJECT_RUNNER,
                "sandbox-runner",
                RunnerScope::Projects(vec![project]),
                &["rust", "linux"],
                true,
            ),
            runner(2, "shared-runner", RunnerScope::Instance, &["docker"], true),
            runner(
                3,
                "demo-group-runner",
                RunnerScope::Group(group),
                &[],
                false,
            ),
        ];
    }

    /// The runner `id`, or GitLab's `404 Runner Not Found`.
    pub fn runner(&self, id: u64) -> Result<&Runner, crate::reply::ApiError> {
        self.runners
            .iter()
            .find(|r| r.id == id)
            .ok_or_else(|| crate::reply::ApiError::not_found("Runner"))
    }

    /// Whether the sandbox's user manages `runner` without administrator rights: a
    /// project or group runner of something it maintains (every runner but the instance's).
    pub fn owns_runner(&self, runner: &Runner) -> bool {
        match &runner.scope {
            RunnerScope::Instance => false,
            RunnerScope::Group(group) => self.groups.contains_key(group),
            RunnerScope::Projects(projects) => {
                projects.iter().any(|p| self.projects.contains_key(p))
            }
        }
    }

    /// `Entities::Ci::Runner`.
    pub fn runner_json(&self, runner: &Runner) -> Value {
        json!({
            "id": runner.id,
            "description": runner.description,
            "ip_address": null,
            "active": !runner.paused,
            "paused": runner.paused,
            "is_shared": runner.scope == RunnerScope::Instance,
            "runner_type": runner.runner_type(),
            "name": "gitlab-runner",
            "online": runner.online,
            "status": runner.status(),
            "created_at": runner.created_at,
        })
    }

    /// `Entities::Ci::RunnerManager`s: the one machine each runner here runs on (the project
    /// runner's is the system its job logs name).
    pub fn runner_managers_json(&self, runner: &Runner) -> Value {
        let system_id = match runner.id {
            PROJECT_RUNNER => "s_4f0e21b7a3c9".to_owned(),
            id => format!(
                "s_{}",
                &super::hex_id(format!("runner {id}").as_bytes())[..12]
            ),
        };
        json!([{
            "id": runner.id,
            "system_id": system_id,
            "version": "19.3.0",
            "revision": "4d5a3b2c",
            "platform": "linux",
            "architecture": "amd64",
            "created_at": runner.created_at,
            "contacted_at": runner.contacted_at,
            "ip_address": null,
            "status": runner.status(),
            "job_execution_status": "idle",
        }])
    }

    /// `Entities::Ci::RunnerDetails`: the runner and its settings, projects and groups.
    pub fn runner_details_json(&self, runner: &Runner) -> Value {
        let mut value = self.runner_json(runner);
        let projects: Vec<Value> = runner
            .projects()
            .iter()
            .filter_map(|id| self.projects.get(id))
            .map(|project| {
                let name_with_namespace = match project.namespace {
                    Namespace::Group(group) => {
                        format!("{} / {}", self.groups[&group].name, project.name)
                    }
                    Namespace::User(user) => format!("{} / {}", self.user(user).name, project.name),
                };
                json!({
                    "id": project.id,
                    "name": project.name,
                    "name_with_namespace": name_with_namespace,
                    "path": project.path,
                    "path_with_namespace": self.full_path(project),
                })
            })
            .collect();
        let groups: Vec<Value> = match runner.scope {
            RunnerScope::Group(id) => self.groups.get(&id).map_or_else(Vec::new, |group| {
                vec![json!({
                    "id": group.id,
                    "name": group.name,
                    "web_url": format!("{}/groups/{}", self.base, group.path),
                })]
            }),
            _ => Vec::new(),
        };
        let more = json!({
            "tag_list": runner.tag_list,
            "run_untagged": runner.run_untagged,
            "locked": runner.locked,
            "maximum_timeout": runner.maximum_timeout,
            "access_level": runner.access_level,
            "maintenance_note": runner.maintenance_note,
            "contacted_at": runner.contacted_at,
            "version": "19.3.0",
            "revision": "4d5a3b2c",
            "platform": "linux",
            "architecture": "amd64",
            "token_expires_at": null,
            "projects": projects,
            "groups": groups,
        });
        if let (Value::Object(all), Value::Object(more)) = (&mut value, more) {
            all.extend(more);
        }
        value
    }
}
