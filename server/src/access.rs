//! What the operator lets this server do, from three settings: `GITLAB_MCP_READ_ONLY`
//! (only reads), `GITLAB_MCP_TOOLSETS` (which toolsets are offered) and
//! `GITLAB_MCP_ALLOWED_PROJECTS` (which projects a call may name). Everything here is
//! decided before a request reaches GitLab.

use std::collections::HashMap;
use std::sync::Mutex;

use serde_json::{Map, Value};

use crate::catalog::{Action, Prepared, Toolset};
use crate::gitlab::{ApiRequest, GitLab, ProjectId};

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
        if self.read_only && !action.read_only {
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

    /// `action` with `params`, ready to run, when the operator's settings allow it, the
    /// arguments are valid and the projects they name are allowed — checked in that
    /// order, so that nothing is asked or sent before all three say yes. `Err` is the
    /// refusal's text.
    pub async fn admit(
        &self,
        action: &Action,
        params: &Map<String, Value>,
        gitlab: &GitLab,
    ) -> Result<Prepared, String> {
        if let Some(refusal) = self.refusal(action) {
            return Err(refusal);
        }
        let prepared = action.prepare(params)?;
        if let Some(projects) = &self.projects {
            projects.check(gitlab, params).await?;
        }
        Ok(prepared)
    }
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

/// Parameters that name a project: `project_id`, `target_project_id`, …
fn names_a_project(parameter: &str) -> bool {
    parameter == "project_id" || parameter.ends_with("_project_id")
}

impl AllowedProjects {
    /// `group/a, 42`: numbers are ids, anything else a path. Empty entries are refused.
    pub fn parse(raw: &str) -> Result<AllowedProjects, String> {
        let mut ids = Vec::new();
        let mut paths = Vec::new();
        for entry in raw.split(',') {
            let entry = entry.trim();
            if entry.is_empty() {
                return Err("an entry is empty; expected a comma-separated list of project ids or paths such as `group/project,42`".to_owned());
            }
            match entry.parse::<u64>() {
                Ok(0) => return Err("`0` is not a project id".to_owned()),
                Ok(id) => ids.push(id),
                Err(_) => paths.push(entry.trim_matches('/').to_lowercase()),
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

    /// Refuses a call whose parameters name a project outside the list, before its request
    /// is sent. Naming a project by a form the list does not use costs one read of it.
    pub async fn check(&self, gitlab: &GitLab, params: &Map<String, Value>) -> Result<(), String> {
        for (name, value) in params.iter().filter(|(name, _)| names_a_project(name)) {
            let project = match value {
                Value::Number(n) => n.as_u64().map(ProjectId::Id),
                Value::String(path) => Some(ProjectId::Path(path.clone())),
                _ => None,
            };
            // A value of the wrong type is refused later, by the parameters' own check.
            let Some(project) = project else { continue };
            let (id, path) = match &project {
                ProjectId::Id(id) => (Some(*id), None),
                ProjectId::Path(path) => match path.trim().parse::<u64>() {
                    Ok(id) => (Some(id), None),
                    Err(_) => (None, Some(path.trim_matches('/').to_owned())),
                },
            };
            if self.allows(id, path.as_deref()) {
                continue;
            }
            let other_form_listed = match id {
                Some(_) => !self.paths.is_empty(),
                None => !self.ids.is_empty(),
            };
            let resolved = if other_form_listed {
                self.resolve(gitlab, &project).await
            } else {
                None
            };
            if resolved.is_some_and(|(id, path)| self.allows(Some(id), Some(&path))) {
                continue;
            }
            return Err(format!(
                "`{name}` names project `{project}`, which is not one of the projects this server may work on (GITLAB_MCP_ALLOWED_PROJECTS={}). Nothing was sent to GitLab.",
                self.listed()
            ));
        }
        Ok(())
    }

    /// The project's id and path, from memory or from GitLab; `None` when GitLab does not
    /// know it (then it is not allowed either).
    async fn resolve(&self, gitlab: &GitLab, project: &ProjectId) -> Option<(u64, String)> {
        let key = project.to_string().to_lowercase();
        if let Some(known) = self.lock().get(&key) {
            return Some(known.clone());
        }
        let answer = gitlab.send(ApiRequest::get().project(project)).await.ok()?;
        let id = answer.body.get("id")?.as_u64()?;
        let path = answer
            .body
            .get("path_with_namespace")?
            .as_str()?
            .to_lowercase();
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
    fn project_parameters_are_found_by_name() {
        assert!(names_a_project("project_id"));
        assert!(names_a_project("target_project_id"));
        assert!(!names_a_project("project"));
        assert!(!names_a_project("issue_iid"));
    }
}
