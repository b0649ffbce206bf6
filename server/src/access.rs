//! What the operator lets this server do, from three settings: `GITLAB_MCP_READ_ONLY`
//! (only reads), `GITLAB_MCP_TOOLSETS` (which toolsets are offered) and
//! `GITLAB_MCP_ALLOWED_PROJECTS` (which projects a call may name). Everything here is
//! decided before a request reaches GitLab.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::Mutex;

use serde::Deserialize;
use serde_json::{Map, Value};

use crate::catalog::{Action, Prepared, Toolset};
use crate::gitlab::{Api, ApiRequest, GitLab, IdOrName, ProjectId};

/// The operator's limits. [`Access::default`] allows everything.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Access {
    /// `GITLAB_MCP_READ_ONLY`: only reads are listed and run.
    pub read_only: bool,
    /// `GITLAB_MCP_TOOLSETS`: the toolsets listed and run.
    pub toolsets: Vec<Toolset>,
    /// `GITLAB_MCP_ALLOWED_PROJECTS`: `None` allows any project.
    pub projects: Option<AllowedProjects>,
}

impl Default for Access {
    fn default() -> Self {
        Access {
            read_only: false,
            toolsets: Toolset::ALL.to_vec(),
            projects: None,
        }
    }
}

impl Access {
    /// Whether the surfaces list `action` and `gitlab_find_action` finds it.
    pub fn offers(&self, action: &Action) -> bool {
        self.refusal(action).is_none()
    }

    /// Why `action` may not run here, naming the setting; `None` when it may.
    pub fn refusal(&self, action: &Action) -> Option<String> {
        // The door decides per call (`check_request`): its reads run here too.
        if self.read_only && !action.read_only && !action.method_in_call {
            return Some(format!(
                "`{}` changes GitLab, and this server is read-only (GITLAB_MCP_READ_ONLY=true): only reads run here. Nothing was sent to GitLab.",
                action.id
            ));
        }
        if let Some(projects) = &self.projects
            && action.across_projects
        {
            return Some(format!(
                "`{}` reads projects it does not name, and this server may only work on GITLAB_MCP_ALLOWED_PROJECTS={}; search one of them with `search.project` instead. Nothing was sent to GitLab.",
                action.id,
                projects.listed()
            ));
        }
        let toolset = action.toolset();
        if !self.toolsets.contains(&toolset) {
            let offered: Vec<&str> = self.toolsets.iter().map(|t| t.name()).collect();
            return Some(format!(
                "`{}` belongs to the `{toolset}` toolset, which this server does not offer (GITLAB_MCP_TOOLSETS={}). Nothing was sent to GitLab.",
                action.id,
                offered.join(",")
            ));
        }
        None
    }

    /// Refuses what the prepared request itself would do against the settings, whatever
    /// the action: in read-only mode, any write (a method but GET, a GraphQL mutation; so
    /// no action, the doors included, can write); with an allow list, a door request whose
    /// path names no project, or any GraphQL document, since what it reaches cannot be
    /// checked.
    pub fn check_request(&self, action: &Action, prepared: &Prepared) -> Result<(), String> {
        let Prepared::Request(request) = prepared else {
            return Ok(());
        };
        let call = || format!("{} /{}", request.method, request.path.join("/"));
        if self.read_only && request.writes() {
            return Err(format!(
                "`{}` would send `{}`, which changes GitLab, and this server is read-only (GITLAB_MCP_READ_ONLY=true): only reads run here. Nothing was sent to GitLab.",
                action.id,
                call()
            ));
        }
        if let Some(projects) = &self.projects
            && request.api != Api::Rest
        {
            return Err(format!(
                "`{}`: which projects a GraphQL document reaches cannot be checked, and this server may only work on GITLAB_MCP_ALLOWED_PROJECTS={}; use the REST actions, or `api.request` with a path under `projects/<one of them>/`. Nothing was sent to GitLab.",
                action.id,
                projects.listed()
            ));
        }
        if let Some(projects) = &self.projects
            && action.method_in_call
            && named_projects(prepared)?.is_empty()
        {
            return Err(format!(
                "`{}`: `{}` names no project, and this server may only work on GITLAB_MCP_ALLOWED_PROJECTS={}, so what it would reach cannot be checked; only paths under `projects/<one of them>/` run here. Nothing was sent to GitLab.",
                action.id,
                call(),
                projects.listed()
            ));
        }
        Ok(())
    }

    /// Refuses a prepared call naming a project outside `GITLAB_MCP_ALLOWED_PROJECTS`.
    /// The projects are read from the prepared call — what will be sent, every id in its
    /// canonical form —, never from the arguments as the client wrote them, so no other
    /// spelling of a project (`2.0`, `"02"`) can name it past the check.
    pub async fn check_projects(&self, prepared: &Prepared, gitlab: &GitLab) -> Result<(), String> {
        match &self.projects {
            Some(projects) => projects.check(gitlab, &named_projects(prepared)?).await,
            None => Ok(()),
        }
    }
}

/// A project a call names, and the parameter naming it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedProject {
    pub field: String,
    pub project: ProjectId,
}

/// Parameters that name a project: `project_id`, `target_project_id`, …
fn names_a_project(parameter: &str) -> bool {
    parameter == "project_id" || parameter.ends_with("_project_id")
}

/// Every project a prepared call names: the one its path starts with
/// (`projects/<id or path>/…`) and every `*project_id` field of its query or body; for a
/// wizard, those of its tool arguments. A value that is not a project is refused, naming
/// its field.
pub fn named_projects(prepared: &Prepared) -> Result<Vec<NamedProject>, String> {
    let mut named = Vec::new();
    let mut add = |field: &str, value: &Value| -> Result<(), String> {
        let project = ProjectId::deserialize(value)
            .map_err(|error| format!("`{field}` does not name a project: {error}"))?;
        named.push(NamedProject {
            field: field.to_owned(),
            project,
        });
        Ok(())
    };
    let fields = match prepared {
        Prepared::Request(request) => {
            if let [first, project, ..] = request.path.as_slice()
                && first == "projects"
            {
                add("project_id", &Value::String(project.clone()))?;
            }
            for (key, value) in &request.query {
                if names_a_project(key) {
                    add(key, &Value::String(value.clone()))?;
                }
            }
            match &request.body {
                Some(Value::Object(body)) => Cow::Borrowed(body),
                _ => Cow::Owned(Map::new()),
            }
        }
        Prepared::Wizard(wizard) => Cow::Owned(wizard.arguments()),
    };
    for (key, value) in fields.iter().filter(|(key, _)| names_a_project(key)) {
        add(key, value)?;
    }
    Ok(named)
}

/// `GITLAB_MCP_ALLOWED_PROJECTS=group/a,42`: the projects calls may name, by numeric id or
/// by path. A call naming a project the other way round (an id where the list has paths)
/// is settled by reading that project once; the answer is kept for the process's life.
#[derive(Debug)]
pub struct AllowedProjects {
    ids: Vec<u64>,
    /// Lowercase, no slashes at the ends: GitLab's paths are case-insensitive.
    paths: Vec<String>,
    /// What GitLab said a project id or path is: (id, lowercase path).
    known: Mutex<HashMap<String, (u64, String)>>,
}

impl Clone for AllowedProjects {
    fn clone(&self) -> Self {
        AllowedProjects {
            ids: self.ids.clone(),
            paths: self.paths.clone(),
            known: Mutex::new(HashMap::new()),
        }
    }
}

impl PartialEq for AllowedProjects {
    fn eq(&self, other: &Self) -> bool {
        self.ids == other.ids && self.paths == other.paths
    }
}

impl Eq for AllowedProjects {}

impl AllowedProjects {
    /// `group/a, 42`: read as a call's project is ([`IdOrName::canonical_path`]): numbers
    /// are ids, anything else a path. Empty entries are refused.
    pub fn parse(raw: &str) -> Result<AllowedProjects, String> {
        let mut ids = Vec::new();
        let mut paths = Vec::new();
        for entry in raw.split(',') {
            match IdOrName::canonical_path(entry) {
                None => return Err("an entry is empty; expected a comma-separated list of project ids or paths such as `group/project,42`".to_owned()),
                Some(IdOrName::Id(0)) => return Err("`0` is not a project id".to_owned()),
                Some(IdOrName::Id(id)) => ids.push(id),
                Some(IdOrName::Name(path)) => paths.push(path.to_lowercase()),
            }
        }
        Ok(AllowedProjects {
            ids,
            paths,
            known: Mutex::new(HashMap::new()),
        })
    }

    pub fn listed(&self) -> String {
        let mut shown: Vec<String> = self.ids.iter().map(u64::to_string).collect();
        shown.extend(self.paths.iter().cloned());
        shown.join(",")
    }

    /// Whether a project GitLab described (its id and `path_with_namespace`) is on the
    /// list: how a listing of projects is narrowed to the allowed ones.
    pub fn admits(&self, id: u64, path: &str) -> bool {
        self.allows(Some(id), Some(path.trim_matches('/')))
    }

    fn allows(&self, id: Option<u64>, path: Option<&str>) -> bool {
        id.is_some_and(|id| self.ids.contains(&id))
            || path.is_some_and(|path| self.paths.iter().any(|p| *p == path.to_lowercase()))
    }

    /// Refuses a call naming a project outside the list, before its request is sent.
    /// Naming a project by a form the list does not use costs one read of it; the refusal
    /// then says so.
    pub async fn check(&self, gitlab: &GitLab, named: &[NamedProject]) -> Result<(), String> {
        let mut read = Vec::new();
        for NamedProject { field, project } in named {
            let (id, path) = match project {
                ProjectId::Id(id) => (Some(*id), None),
                ProjectId::Path(path) => (None, Some(path.as_str())),
            };
            if self.allows(id, path) {
                continue;
            }
            let other_form_listed = match id {
                Some(_) => !self.paths.is_empty(),
                None => !self.ids.is_empty(),
            };
            if other_form_listed {
                let (resolved, was_read) = self.resolve(gitlab, project).await;
                if was_read {
                    read.push(project.to_string());
                }
                if resolved.is_some_and(|(id, path)| self.allows(Some(id), Some(&path))) {
                    continue;
                }
            }
            let sent = if read.is_empty() {
                "Nothing was sent to GitLab.".to_owned()
            } else {
                format!(
                    "This server only read project {} to tell which project it is, and sent nothing else to GitLab.",
                    read.join(" and project ")
                )
            };
            return Err(format!(
                "`{field}` names project `{project}`, which is not one of the projects this server may work on (GITLAB_MCP_ALLOWED_PROJECTS={}). {sent}",
                self.listed()
            ));
        }
        Ok(())
    }

    /// The project's id and path, from memory or from GitLab — `None` when GitLab does not
    /// know it (then it is not allowed either) —, and whether GitLab was asked.
    async fn resolve(&self, gitlab: &GitLab, project: &ProjectId) -> (Option<(u64, String)>, bool) {
        let key = project.to_string().to_lowercase();
        if let Some(known) = self.lock().get(&key) {
            return (Some(known.clone()), false);
        }
        let answer = gitlab.send(ApiRequest::get().project(project)).await;
        (self.learn(key, answer.ok().map(|answer| answer.body)), true)
    }

    /// Keeps what GitLab said project `key` is.
    fn learn(&self, key: String, project: Option<Value>) -> Option<(u64, String)> {
        let project = project?;
        let id = project.get("id")?.as_u64()?;
        let path = project.get("path_with_namespace")?.as_str()?.to_lowercase();
        let mut known = self.lock();
        // Bounded: a client naming endless projects cannot grow it without limit.
        if known.len() >= 10_000 {
            known.clear();
        }
        known.insert(key, (id, path.clone()));
        Some((id, path))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, (u64, String)>> {
        self.known
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_parse_into_ids_and_paths() {
        let allowed = AllowedProjects::parse(" Group/A/ ,42").unwrap();
        assert_eq!(allowed.ids, vec![42]);
        assert_eq!(allowed.paths, vec!["group/a"]);
        assert!(allowed.allows(None, Some("group/a")));
        assert!(allowed.allows(None, Some("GROUP/A")));
        assert!(allowed.allows(Some(42), None));
        assert!(!allowed.allows(Some(7), Some("group/b")));
        assert!(
            AllowedProjects::parse("a,,b")
                .unwrap_err()
                .contains("empty")
        );
        assert!(AllowedProjects::parse("0").is_err());
    }

    #[test]
    fn a_request_names_its_project_in_canonical_form() {
        let request = ApiRequest::post()
            .project(&ProjectId::Id(2))
            .segment("issues")
            .json(serde_json::json!({"target_project_id": 3.0, "title": "t"}));
        let named = named_projects(&Prepared::Request(request)).unwrap();
        assert_eq!(
            named,
            [
                NamedProject {
                    field: "project_id".to_owned(),
                    project: ProjectId::Id(2)
                },
                NamedProject {
                    field: "target_project_id".to_owned(),
                    project: ProjectId::Id(3)
                }
            ]
        );
        let odd = ApiRequest::get()
            .segment("projects")
            .segment("demo/x")
            .query("from_project_id", "007");
        let named = named_projects(&Prepared::Request(odd)).unwrap();
        assert_eq!(named[0].project, ProjectId::Path("demo/x".into()));
        assert_eq!(named[1].project, ProjectId::Id(7));
        let bad = ApiRequest::post()
            .segment("projects")
            .json(serde_json::json!({"target_project_id": [1]}));
        let error = named_projects(&Prepared::Request(bad)).unwrap_err();
        assert!(
            error.starts_with("`target_project_id` does not name a project"),
            "{error}"
        );
    }

    #[test]
    fn project_parameters_are_found_by_name() {
        assert!(names_a_project("project_id"));
        assert!(names_a_project("target_project_id"));
        assert!(!names_a_project("project"));
        assert!(!names_a_project("issue_iid"));
    }
}
