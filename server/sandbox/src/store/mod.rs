//! The sandbox's state, one module per resource: people and groups, projects and what they hold
//! (repository, issues, merge requests, notes, pipelines, labels, milestones, wiki, releases).
//! This module holds what every resource shares: the base URL, the id counters, finding a
//! project by id or path, web URLs and GitLab's timestamps.

pub(crate) mod approvals;
pub(crate) mod basic;
pub(crate) mod ci_config;
pub(crate) mod code_search;
pub(crate) mod diff_positions;
pub(crate) mod fork;
pub(crate) mod issue_links;
pub(crate) mod issues;
pub(crate) mod labels;
mod markdown;
pub(crate) mod merge_request_diffs;
pub(crate) mod merge_requests;
pub(crate) mod milestones;
pub(crate) mod mirrors;
pub(crate) mod notes;
pub(crate) mod people;
pub(crate) mod pipelines;
pub(crate) mod project;
pub(crate) mod releases;
pub(crate) mod repository;
mod seed;
pub(crate) mod wiki;

use std::collections::BTreeMap;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use sha2::{Digest, Sha256};
use url::Url;

use super::reply::ApiError;
pub(crate) use people::{Group, Namespace, User};
pub(crate) use project::Project;

/// The user every token (or none) acts as: `sandbox-user`, owner and admin of everything.
pub(crate) const CURRENT_USER: u64 = 1;

pub(crate) struct Store {
    /// `http://127.0.0.1:port`, no trailing slash.
    pub base: String,
    pub users: BTreeMap<u64, User>,
    pub groups: BTreeMap<u64, Group>,
    pub projects: BTreeMap<u64, Project>,
    /// Links between issues, oldest first: they may join issues of different projects.
    pub issue_links: Vec<issue_links::IssueLink>,
    pub ids: Ids,
}

/// Instance-wide id counters: GitLab's `id`s are global, `iid`s count per project.
#[derive(Default)]
pub(crate) struct Ids {
    pub project: u64,
    pub issue: u64,
    pub merge_request: u64,
    pub note: u64,
    pub discussion: u64,
    pub label: u64,
    pub milestone: u64,
    pub pipeline: u64,
    pub job: u64,
    pub wiki_page: u64,
    pub protected_branch: u64,
    pub access_level: u64,
    pub issue_link: u64,
    /// Pull and push mirrors share one sequence, as GitLab's import states and remote
    /// mirrors each have their own table but the ids here only need to be unique.
    pub mirror: u64,
}

impl Ids {
    /// The next id from `counter` (ids start at 1).
    pub fn next(counter: &mut u64) -> u64 {
        *counter += 1;
        *counter
    }

    /// A fresh 40-hex discussion id: GitLab's are SHA-1-sized random hex, these are stable.
    pub fn discussion_id(&mut self) -> String {
        let n = Ids::next(&mut self.discussion);
        hex_id(format!("discussion {n}").as_bytes())
    }
}

impl Store {
    /// The demo data described in the crate documentation.
    pub fn new(base: &Url) -> Store {
        let mut store = Store {
            base: base.as_str().trim_end_matches('/').to_owned(),
            users: BTreeMap::new(),
            groups: BTreeMap::new(),
            projects: BTreeMap::new(),
            issue_links: Vec::new(),
            ids: Ids::default(),
        };
        seed::seed(&mut store);
        store
    }

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
}

/// Now as GitLab writes it: `2026-03-01T09:30:00.123Z`.
pub(crate) fn now() -> String {
    timestamp(SystemTime::now())
}

pub(crate) fn timestamp(time: SystemTime) -> String {
    humantime::format_rfc3339_millis(time).to_string()
}

/// A commit date as GitLab shows it: with the author's UTC offset (`+00:00` here) instead of `Z`.
pub(crate) fn git_timestamp(time: SystemTime) -> String {
    timestamp(time).replace('Z', "+00:00")
}

/// A point in the seed's history: `day` days after 2026-01-05 (a Monday), at `hour`:`minute` UTC.
pub(crate) fn seed_time(day: u64, hour: u64, minute: u64) -> SystemTime {
    const START: u64 = 20_458 * 86_400;
    UNIX_EPOCH + Duration::from_secs(START + day * 86_400 + hour * 3_600 + minute * 60)
}

/// A date parameter as GitLab (Grape's `DateTime`) takes it: `2026-01-10`,
/// `2026-01-10T12:00:00Z`, with or without fractions or a `Z`.
pub(crate) fn parse_time(text: &str) -> Option<SystemTime> {
    let text = text.trim().trim_end_matches('Z');
    let text = text.strip_suffix("+00:00").unwrap_or(text);
    if text.len() == 10 {
        return humantime::parse_rfc3339_weak(&format!("{text}T00:00:00")).ok();
    }
    humantime::parse_rfc3339_weak(text).ok()
}

/// 40 hex digits derived from `bytes`: stable ids that look like git's.
pub(crate) fn hex_id(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let mut hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    hex.truncate(40);
    hex
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_are_gitlabs() {
        let day = |days: u64| UNIX_EPOCH + Duration::from_secs(days * 86_400);
        assert_eq!(timestamp(day(0)), "1970-01-01T00:00:00.000Z");
        assert_eq!(timestamp(day(11_016)), "2000-02-29T00:00:00.000Z");
        assert_eq!(
            timestamp(day(20_513) + Duration::from_millis(34_200_123)),
            "2026-03-01T09:30:00.123Z"
        );
        assert_eq!(timestamp(seed_time(0, 9, 30)), "2026-01-05T09:30:00.000Z");
        assert_eq!(
            git_timestamp(seed_time(1, 0, 0)),
            "2026-01-06T00:00:00.000+00:00"
        );
    }

    #[test]
    fn dates_parse_like_grape_reads_them() {
        let at = seed_time(2, 0, 0);
        assert_eq!(parse_time("2026-01-07"), Some(at));
        assert_eq!(parse_time("2026-01-07T00:00:00Z"), Some(at));
        assert_eq!(parse_time("2026-01-07T00:00:00.000+00:00"), Some(at));
        assert_eq!(parse_time("yesterday"), None);
    }

    #[test]
    fn hex_ids_are_stable_and_distinct() {
        let a = hex_id(b"a");
        assert_eq!(a, hex_id(b"a"));
        assert_ne!(a, hex_id(b"b"));
        assert!(a.len() == 40 && a.bytes().all(|c| c.is_ascii_hexdigit()));
    }

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
