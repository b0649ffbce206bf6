//! The project a call means when it names none, so "why did the last pipeline fail?" does
//! not start with "which project?". In this order:
//!
//! 1. the operator's `GITLAB_MCP_DEFAULT_PROJECT`;
//! 2. where the server runs beside its client (stdio), the client's workspace: the git
//!    checkout of its first root that has one (MCP `roots/list`, when the client declared
//!    roots), else of the server's working directory — the remote whose host is GitLab's,
//!    `upstream` before `gitlab` before `origin` before the others, as `glab` picks it.
//!
//! Over HTTP the server's directory and the client's file roots are on another machine
//! than the user's checkout, so only the setting applies there.

use std::path::{Path, PathBuf};
use std::time::Duration;

use rmcp::service::{Peer, RoleServer};
use serde_json::Value;
use tokio::sync::Mutex;
use url::Url;

use crate::gitlab::ProjectId;

/// How long a client may take to list its roots before the working directory is used.
const ROOTS_TIMEOUT: Duration = Duration::from_secs(5);

/// A default project and where it came from, as the answer says it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    pub project: ProjectId,
    pub from: String,
}

/// Where a server looks for its default project.
#[derive(Debug, Clone, Default)]
pub struct DefaultProject {
    /// `GITLAB_MCP_DEFAULT_PROJECT`.
    pub setting: Option<ProjectId>,
    /// The GitLab whose remotes count, when the server runs beside its client (stdio).
    pub workspace: Option<Url>,
}

/// One session's default project, looked for once — found or not — and kept until the
/// client's roots change.
#[derive(Default)]
pub struct SessionDefault {
    found: Mutex<Option<Result<Found, String>>>,
}

impl SessionDefault {
    /// The default project for a call of this session, or why there is none, in words
    /// that say what to do.
    pub async fn get(
        &self,
        looks: &DefaultProject,
        peer: &Peer<RoleServer>,
    ) -> Result<Found, String> {
        let mut found = self.found.lock().await;
        if let Some(found) = &*found {
            return found.clone();
        }
        let new = looks.find(peer).await;
        *found = Some(new.clone());
        new
    }

    /// The client's roots changed: look again at the next call.
    pub async fn forget(&self) {
        *self.found.lock().await = None;
    }
}

impl DefaultProject {
    pub(crate) async fn find(&self, peer: &Peer<RoleServer>) -> Result<Found, String> {
        if let Some(project) = &self.setting {
            return Ok(Found {
                project: project.clone(),
                from: "GITLAB_MCP_DEFAULT_PROJECT".to_owned(),
            });
        }
        let Some(gitlab) = &self.workspace else {
            return Err("give `project_id` (a numeric id or `group/project`): this server has no default project; its operator can set one with GITLAB_MCP_DEFAULT_PROJECT".to_owned());
        };
        for root in roots(peer).await {
            if let Some((project, remote)) = project_of_checkout(&root, gitlab) {
                return Ok(Found {
                    project,
                    from: format!(
                        "the git remote `{remote}` of the client's root {}",
                        root.display()
                    ),
                });
            }
        }
        let cwd = std::env::current_dir().unwrap_or_default();
        if let Some((project, remote)) = project_of_checkout(&cwd, gitlab) {
            return Ok(Found {
                project,
                from: format!("the git remote `{remote}` of {}", cwd.display()),
            });
        }
        let host = gitlab.host_str().unwrap_or_default();
        Err(format!(
            "give `project_id` (a numeric id or `group/project`): there is no default project — GITLAB_MCP_DEFAULT_PROJECT is not set, and neither the client's roots nor {} are a git checkout with a remote on {host}",
            cwd.display()
        ))
    }
}

/// The folders of the client's `file://` roots, when it declared roots; none when it did
/// not, did not answer in time or failed.
#[expect(
    deprecated,
    reason = "roots are deprecated in the draft revision (SEP-2577), but they are how 2025-11-25 clients say which workspace is open"
)]
async fn roots(peer: &Peer<RoleServer>) -> Vec<PathBuf> {
    let declared = peer
        .peer_info()
        .is_some_and(|info| info.capabilities.roots.is_some());
    if !declared {
        return Vec::new();
    }
    match tokio::time::timeout(ROOTS_TIMEOUT, peer.list_roots()).await {
        Ok(Ok(listed)) => listed
            .roots
            .iter()
            .filter_map(|root| Url::parse(&root.uri).ok()?.to_file_path().ok())
            .collect(),
        Ok(Err(error)) => {
            tracing::debug!(%error, "the client's roots could not be listed");
            Vec::new()
        }
        Err(_) => {
            tracing::debug!("the client did not list its roots in time");
            Vec::new()
        }
    }
}

/// The GitLab project of the git checkout `dir` is in (or at), by its remote on
/// `gitlab`'s host, and that remote's name.
pub fn project_of_checkout(dir: &Path, gitlab: &Url) -> Option<(ProjectId, String)> {
    let config = std::fs::read_to_string(git_config(dir)?).ok()?;
    let mut remotes: Vec<(String, String)> = remotes(&config)
        .into_iter()
        .filter_map(|(name, url)| Some((name, project_path(&url, gitlab)?)))
        .collect();
    // Stable: among the others, the config's own order.
    remotes.sort_by_key(|(name, _)| match name.as_str() {
        "upstream" => 0,
        "gitlab" => 1,
        "origin" => 2,
        _ => 3,
    });
    let (name, path) = remotes.into_iter().next()?;
    let project = serde_json::from_value(Value::String(path)).ok()?;
    Some((project, name))
}

/// The config file of the git checkout `dir` is in: `.git/config`, or for a worktree
/// (`.git` a file saying `gitdir: …`) the config of the repository it belongs to.
fn git_config(dir: &Path) -> Option<PathBuf> {
    for dir in dir.ancestors() {
        let dot_git = dir.join(".git");
        if dot_git.is_dir() {
            return Some(dot_git.join("config"));
        }
        if dot_git.is_file() {
            let text = std::fs::read_to_string(&dot_git).ok()?;
            let gitdir = dir.join(text.trim().strip_prefix("gitdir:")?.trim());
            let common = match std::fs::read_to_string(gitdir.join("commondir")) {
                Ok(common) => gitdir.join(common.trim()),
                Err(_) => gitdir,
            };
            return Some(common.join("config"));
        }
    }
    None
}

/// `(name, url)` of each `[remote "name"]` section's `url` in a git config file.
fn remotes(config: &str) -> Vec<(String, String)> {
    let mut remotes = Vec::new();
    let mut section: Option<String> = None;
    for line in config.lines() {
        let line = line.trim();
        if let Some(header) = line.strip_prefix('[') {
            section = header
                .strip_prefix("remote")
                .and_then(|rest| rest.trim().strip_prefix('"'))
                .and_then(|rest| rest.split_once('"'))
                .map(|(name, _)| name.to_owned());
            continue;
        }
        let (Some(name), Some((key, value))) = (&section, line.split_once('=')) else {
            continue;
        };
        if key.trim().eq_ignore_ascii_case("url") {
            let url = value.trim().trim_matches('"').to_owned();
            remotes.push((name.clone(), url));
        }
    }
    remotes
}

/// The project path a remote URL names on `gitlab`'s host: `https://host/group/project.git`,
/// `ssh://git@host:2222/group/project.git` or `git@host:group/project.git`. Over HTTP(S) a
/// GitLab served under a path (`https://host/gitlab/`) has that path before the project's.
fn project_path(remote: &str, gitlab: &Url) -> Option<String> {
    let host = gitlab.host_str()?;
    // `host:path` parses as a URL whose scheme is the host: only `scheme://` is a URL here.
    let url = remote
        .contains("://")
        .then(|| Url::parse(remote).ok())
        .flatten();
    let path = match url {
        Some(url) if url.scheme() == "file" => return None,
        Some(url) => {
            if !url.host_str()?.eq_ignore_ascii_case(host) {
                return None;
            }
            let path = url.path().trim_start_matches('/');
            match url.scheme() {
                "http" | "https" => {
                    let prefix = gitlab.path().trim_matches('/');
                    if prefix.is_empty() {
                        path.to_owned()
                    } else {
                        path.strip_prefix(prefix)?
                            .trim_start_matches('/')
                            .to_owned()
                    }
                }
                _ => path.to_owned(),
            }
        }
        // scp-like: `[user@]host:path`.
        None => {
            let (address, path) = remote.split_once(':')?;
            let remote_host = address.rsplit('@').next()?;
            if !remote_host.eq_ignore_ascii_case(host) {
                return None;
            }
            path.trim_start_matches('/').to_owned()
        }
    };
    let path = path.trim_end_matches('/');
    let path = path.strip_suffix(".git").unwrap_or(path);
    (path.contains('/') && !path.starts_with('/')).then(|| path.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gitlab(url: &str) -> Url {
        Url::parse(url).unwrap()
    }

    #[test]
    fn remote_urls_name_projects_on_gitlabs_host_only() {
        let com = gitlab("https://gitlab.com/");
        for (remote, path) in [
            (
                "https://gitlab.com/group/project.git",
                Some("group/project"),
            ),
            ("https://oauth2:tok@gitlab.com/a/b/c", Some("a/b/c")),
            (
                "ssh://git@gitlab.com:2222/group/project.git",
                Some("group/project"),
            ),
            (
                "git@gitlab.com:group/sub/project.git",
                Some("group/sub/project"),
            ),
            ("gitlab.com:group/project", Some("group/project")),
            ("git@GitLab.com:group/project.git/", Some("group/project")),
            ("https://github.com/group/project.git", None),
            ("git@github.com:group/project.git", None),
            ("file:///srv/git/project.git", None),
            ("/srv/git/project.git", None),
            ("https://gitlab.com/project", None),
        ] {
            assert_eq!(project_path(remote, &com).as_deref(), path, "{remote}");
        }
        let under_path = gitlab("https://example.org/gitlab/");
        assert_eq!(
            project_path("https://example.org/gitlab/group/project.git", &under_path).as_deref(),
            Some("group/project")
        );
        assert_eq!(
            project_path("git@example.org:group/project.git", &under_path).as_deref(),
            Some("group/project")
        );
        assert_eq!(
            project_path("https://example.org/other/group/project", &under_path),
            None
        );
    }

    #[test]
    fn upstream_wins_then_gitlab_then_origin_then_the_first() {
        let config = r#"
[core]
	bare = false
[remote "fork"]
	url = git@gitlab.com:me/project.git
[remote "origin"]
	url = https://gitlab.com/team/project.git
	fetch = +refs/heads/*:refs/remotes/origin/*
[remote "upstream"]
	url = "https://github.com/other/project.git"
[branch "main"]
	remote = origin
"#;
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join(".git")).unwrap();
        std::fs::write(dir.path().join(".git/config"), config).unwrap();
        let nested = dir.path().join("src/deep");
        std::fs::create_dir_all(&nested).unwrap();
        let com = gitlab("https://gitlab.com");
        // `upstream` is on GitHub: `origin` is the first on GitLab's host, from any folder.
        assert_eq!(
            project_of_checkout(&nested, &com),
            Some((ProjectId::Path("team/project".into()), "origin".into()))
        );
        let none = tempfile::tempdir().unwrap();
        assert_eq!(
            project_of_checkout(none.path(), &gitlab("https://gitlab.example")),
            None
        );
    }

    #[test]
    fn a_worktree_reads_its_repositorys_config() {
        let dir = tempfile::tempdir().unwrap();
        let repo = dir.path().join("repo");
        std::fs::create_dir_all(repo.join(".git/worktrees/wt")).unwrap();
        std::fs::write(
            repo.join(".git/config"),
            "[remote \"origin\"]\n\turl = git@gitlab.com:g/p.git\n",
        )
        .unwrap();
        std::fs::write(repo.join(".git/worktrees/wt/commondir"), "../..\n").unwrap();
        let worktree = dir.path().join("wt");
        std::fs::create_dir_all(&worktree).unwrap();
        std::fs::write(
            worktree.join(".git"),
            format!("gitdir: {}\n", repo.join(".git/worktrees/wt").display()),
        )
        .unwrap();
        assert_eq!(
            project_of_checkout(&worktree, &gitlab("https://gitlab.com")),
            Some((ProjectId::Path("g/p".into()), "origin".into()))
        );
    }
}
