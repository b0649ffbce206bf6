//! What the operator lets this server do, from three settings: `GITLAB_MCP_READ_ONLY`
//! (only reads), `GITLAB_MCP_TOOLSETS` (which toolsets are offered) and
//! `GITLAB_MCP_ALLOWED_PROJECTS` (which projects a call may name). Everything here is
//! decided before a request reaches GitLab: which actions are offered here, and which
//! projects are allowed; what a built request names is read by `crate::call::check`.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::catalog::{Action, Toolset};
use crate::gitlab::{ApiRequest, GitLab, IdOrName, ProjectId};

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
}

/// A project a call names, and the parameter naming it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedProject {
    pub field: String,
    pub project: ProjectId,
}

/// `GITLAB_MCP_ALLOWED_PROJECTS=group/a,42`: the projects calls may name, by numeric id or
/// by path. A call naming a project the other way round (an id where the list has paths)
/// is settled by reading that project; the answer is kept for [`REMEMBERED`], since a
/// project's path changes when it is renamed or moved, and its old path may then name
/// another project.
#[derive(Debug)]
pub struct AllowedProjects {
    ids: Vec<u64>,
    /// Lowercase, no slashes at the ends: GitLab's paths are case-insensitive.
    paths: Vec<String>,
    /// What GitLab said a project id or path is, and when: (id, lowercase path).
    known: Mutex<HashMap<String, Known>>,
}

/// How long what GitLab said a project is stays known.
pub const REMEMBERED: Duration = Duration::from_secs(10);

/// A project as GitLab described it: its id and lowercase path, and when it was read.
#[derive(Debug, Clone)]
struct Known {
    id: u64,
    path: String,
    read_at: Instant,
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
                "{field} names project `{project}`, which is not one of the projects this server may work on (GITLAB_MCP_ALLOWED_PROJECTS={}). {sent}",
                self.listed()
            ));
        }
        Ok(())
    }

    /// The project's id and path, from memory or from GitLab — `None` when GitLab does not
    /// know it (then it is not allowed either) —, and whether GitLab was asked.
    async fn resolve(&self, gitlab: &GitLab, project: &ProjectId) -> (Option<(u64, String)>, bool) {
        let key = project.to_string().to_lowercase();
        if let Some(known) = self.lock().get(&key)
            && known.read_at.elapsed() < REMEMBERED
        {
            return (Some((known.id, known.path.clone())), false);
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
            known.retain(|_, known| known.read_at.elapsed() < REMEMBERED);
            if known.len() >= 10_000 {
                known.clear();
            }
        }
        let read_at = Instant::now();
        let remembered = Known {
            id,
            path: path.clone(),
            read_at,
        };
        known.insert(key, remembered);
        Some((id, path))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Known>> {
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
}
