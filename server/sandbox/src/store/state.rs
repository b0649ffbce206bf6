//! The sandbox's state: everyone, every project and what they hold, and the id counters.
//! Only data lives here; what the store does is in the modules of each resource (and
//! `lookups`), which use this file and never the other way round.

use std::collections::BTreeMap;

use super::ids::Ids;
use super::issue_links::IssueLink;
use super::people::{Group, User};
use super::project::Project;

pub(crate) struct Store {
    /// `http://127.0.0.1:port`, no trailing slash.
    pub base: String,
    pub users: BTreeMap<u64, User>,
    pub groups: BTreeMap<u64, Group>,
    pub projects: BTreeMap<u64, Project>,
    /// Links between issues, oldest first: they may join issues of different projects.
    pub issue_links: Vec<IssueLink>,
    /// The current user's to-do items, oldest first.
    pub todos: Vec<super::todos::Todo>,
    /// Settings-like records (CI/CD variables, webhooks, …) by owner and kind, oldest
    /// first.
    pub records: BTreeMap<
        (super::records::Owner, &'static str),
        Vec<serde_json::Map<String, serde_json::Value>>,
    >,
    /// GitLab as an OAuth provider: applications, grants, tokens.
    pub oauth: super::oauth::OAuth,
    /// Subscriptions, time tracking and stars.
    pub tracking: super::tracking::Tracking,
    /// Every project's packages and container images.
    pub registry: super::registry::Registry,
    /// The CI runners, by id.
    pub runners: Vec<super::runners::Runner>,
    /// Resource events, boards, epics and iterations.
    pub planning: super::planning::Planning,
    pub ids: Ids,
}
