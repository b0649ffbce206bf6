//! The sandbox's state: one user, its projects and what they hold, plus the rules every resource
//! shares (finding a project, issuing ids, commit ids and timestamps).

use std::collections::BTreeMap;
use std::time::SystemTime;

use serde_json::{Value, json};
use url::Url;

use super::reply::ApiError;

/// The sandbox's only user: the author of everything and the owner of every project.
pub(crate) const USER_ID: u64 = 1;
pub(crate) const USERNAME: &str = "demo";
pub(crate) const USER_NAME: &str = "Demo User";

pub(crate) struct Store {
    /// `http://127.0.0.1:port`, no trailing slash.
    pub base: String,
    pub projects: BTreeMap<u64, Project>,
    next_project_id: u64,
    next_issue_id: u64,
    next_merge_request_id: u64,
    next_commit: u64,
}

pub(crate) struct Project {
    pub id: u64,
    pub name: String,
    pub path: String,
    pub description: Option<String>,
    pub visibility: String,
    pub default_branch: String,
    pub created_at: String,
    pub last_activity_at: String,
    /// Branch name → head commit.
    pub branches: BTreeMap<String, String>,
    /// Tag name → commit.
    pub tags: BTreeMap<String, String>,
    pub issues: BTreeMap<u64, Issue>,
    pub merge_requests: BTreeMap<u64, MergeRequest>,
    pub releases: BTreeMap<String, Release>,
    pub next_issue_iid: u64,
    pub next_merge_request_iid: u64,
}

pub(crate) struct Issue {
    pub id: u64,
    pub iid: u64,
    pub title: String,
    pub description: Option<String>,
    pub labels: Vec<String>,
    pub confidential: bool,
    pub state: &'static str,
    pub due_date: Option<String>,
    pub discussion_locked: Option<bool>,
    pub created_at: String,
    pub updated_at: String,
    pub closed_at: Option<String>,
}

pub(crate) struct MergeRequest {
    pub id: u64,
    pub iid: u64,
    pub title: String,
    pub description: Option<String>,
    pub labels: Vec<String>,
    pub state: &'static str,
    pub source_branch: String,
    pub target_branch: String,
    /// The source head when last seen (kept after the branch is removed).
    pub sha: String,
    pub force_remove_source_branch: bool,
    pub squash: bool,
    pub discussion_locked: Option<bool>,
    pub created_at: String,
    pub updated_at: String,
    pub merged_at: Option<String>,
    pub closed_at: Option<String>,
    pub merge_commit_sha: Option<String>,
    pub squash_commit_sha: Option<String>,
}

pub(crate) struct Release {
    pub tag_name: String,
    pub name: String,
    pub description: Option<String>,
    pub sha: String,
    pub created_at: String,
    pub released_at: String,
}

impl Store {
    /// The demo project (id 1, `demo/sandbox`, branches `main` and `feature/x`, tag `v1.0.0`).
    pub fn new(base: &Url) -> Store {
        let mut store = Store {
            base: base.as_str().trim_end_matches('/').to_owned(),
            projects: BTreeMap::new(),
            next_project_id: 1,
            next_issue_id: 1,
            next_merge_request_id: 1,
            next_commit: 1,
        };
        let main = store.new_commit();
        let feature = store.new_commit();
        let id = store.add_project("sandbox", "sandbox", "private", Some("main"));
        let demo = store
            .projects
            .get_mut(&id)
            .expect("the demo project was just added");
        demo.description = Some("The sandbox's demo project: try every tool here".to_owned());
        demo.branches = BTreeMap::from([
            ("main".to_owned(), main.clone()),
            ("feature/x".to_owned(), feature),
        ]);
        demo.tags.insert("v1.0.0".to_owned(), main);
        store
    }

    /// A project in the user's namespace; with a default branch it has a first commit (a README).
    pub fn add_project(
        &mut self,
        name: &str,
        path: &str,
        visibility: &str,
        readme_branch: Option<&str>,
    ) -> u64 {
        let id = self.next_project_id;
        self.next_project_id += 1;
        let now = now();
        let mut branches = BTreeMap::new();
        if let Some(branch) = readme_branch {
            branches.insert(branch.to_owned(), self.new_commit());
        }
        let project = Project {
            id,
            name: name.to_owned(),
            path: path.to_owned(),
            description: None,
            visibility: visibility.to_owned(),
            // Without a repository GitLab reports the instance default.
            default_branch: readme_branch.unwrap_or("main").to_owned(),
            created_at: now.clone(),
            last_activity_at: now,
            branches,
            tags: BTreeMap::new(),
            issues: BTreeMap::new(),
            merge_requests: BTreeMap::new(),
            releases: BTreeMap::new(),
            next_issue_iid: 1,
            next_merge_request_iid: 1,
        };
        self.projects.insert(id, project);
        id
    }

    /// `:id` as GitLab reads it: a number, or the full path (already percent-decoded).
    pub fn project_id(&self, id: &str) -> Result<u64, ApiError> {
        let found = match id.parse::<u64>() {
            Ok(number) => self.projects.contains_key(&number).then_some(number),
            Err(_) => {
                let wanted = id.trim_matches('/').to_lowercase();
                self.projects
                    .values()
                    .find(|p| full_path(p).to_lowercase() == wanted)
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

    pub fn next_issue_id(&mut self) -> u64 {
        let id = self.next_issue_id;
        self.next_issue_id += 1;
        id
    }

    pub fn next_merge_request_id(&mut self) -> u64 {
        let id = self.next_merge_request_id;
        self.next_merge_request_id += 1;
        id
    }

    /// A fresh, stable 40-hex commit id (a sequence number scrambled so ids look like git's).
    pub fn new_commit(&mut self) -> String {
        let mut state = self.next_commit;
        self.next_commit += 1;
        let mut hex = String::with_capacity(48);
        for _ in 0..3 {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            hex.push_str(&format!("{:016x}", z ^ (z >> 31)));
        }
        hex.truncate(40);
        hex
    }

    pub fn user_json(&self) -> Value {
        json!({
            "id": USER_ID,
            "username": USERNAME,
            "name": USER_NAME,
            "state": "active",
            "locked": false,
            "avatar_url": null,
            "web_url": format!("{}/{USERNAME}", self.base),
        })
    }

    pub fn namespace_json(&self) -> Value {
        json!({
            "id": USER_ID,
            "name": USER_NAME,
            "path": USERNAME,
            "kind": "user",
            "full_path": USERNAME,
            "parent_id": null,
            "avatar_url": null,
            "web_url": format!("{}/{USERNAME}", self.base),
        })
    }

    /// `http://…/demo/sandbox`.
    pub fn web_url(&self, project: &Project) -> String {
        format!("{}/{}", self.base, full_path(project))
    }
}

impl Project {
    pub fn touch(&mut self) {
        self.last_activity_at = now();
    }

    /// A branch, a tag, or a full commit id the project has.
    pub fn resolve(&self, reference: &str) -> Option<String> {
        if let Some(sha) = self
            .branches
            .get(reference)
            .or_else(|| self.tags.get(reference))
        {
            return Some(sha.clone());
        }
        self.branches
            .values()
            .chain(self.tags.values())
            .find(|sha| sha.as_str() == reference)
            .cloned()
    }
}

/// `demo/sandbox`.
pub(crate) fn full_path(project: &Project) -> String {
    format!("{USERNAME}/{}", project.path)
}

/// Now as GitLab writes it: `2026-03-01T09:30:00.123Z`.
pub(crate) fn now() -> String {
    timestamp(SystemTime::now())
}

fn timestamp(time: SystemTime) -> String {
    humantime::format_rfc3339_millis(time).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_are_gitlabs() {
        use std::time::{Duration, UNIX_EPOCH};
        let day = |days: u64| UNIX_EPOCH + Duration::from_secs(days * 86_400);
        assert_eq!(timestamp(day(0)), "1970-01-01T00:00:00.000Z");
        assert_eq!(timestamp(day(11_016)), "2000-02-29T00:00:00.000Z");
        assert_eq!(
            timestamp(day(20_513) + Duration::from_millis(34_200_123)),
            "2026-03-01T09:30:00.123Z"
        );
    }

    #[test]
    fn commit_ids_are_distinct_hex() {
        let mut store = Store::new(&Url::parse("http://127.0.0.1:1").unwrap());
        let (a, b) = (store.new_commit(), store.new_commit());
        assert_ne!(a, b);
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
