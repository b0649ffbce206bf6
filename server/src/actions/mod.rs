//! The GitLab actions, one module per toolset. Each module's `actions()` is its table: a
//! line per action naming its id, GitLab's method and path, and its parameter struct, whose
//! doc comment says what it does. Everything else — the catalog, the three tool surfaces,
//! the schemas, `gitlab_find_action` and the README's action table — follows from them.
//!
//! Adding an action: write its parameter struct (GitLab's parameter names, a doc comment
//! saying what it does and returns) and add its line to its toolset's table.

pub mod access_requests;
pub mod api;
pub mod boards;
pub mod epics;
pub mod events;
pub mod group_planning;
pub mod groups;
pub mod issues;
pub mod iterations;
pub mod labels;
pub mod lists;
pub mod merge_requests;
pub mod milestones;
pub mod packages;
pub mod participants;
pub mod pipelines;
pub mod projects;
pub mod registry;
pub mod releases;
pub mod repository;
pub mod resource_events;
pub mod runners;
pub mod search;
pub mod security;
pub mod subscriptions;
pub mod time_tracking;
pub mod todos;
pub mod users;
pub mod wiki;
pub mod work_items;

use crate::catalog::Action;

/// Every GitLab action, toolset by toolset.
pub fn all() -> Vec<Action> {
    [
        repository::actions(),
        merge_requests::actions(),
        issues::actions(),
        pipelines::actions(),
        labels::actions(),
        milestones::actions(),
        wiki::actions(),
        users::actions(),
        groups::actions(),
        search::actions(),
        releases::actions(),
        projects::actions(),
        todos::actions(),
        work_items::actions(),
        packages::actions(),
        registry::actions(),
        runners::actions(),
        security::actions(),
        resource_events::actions(),
        boards::actions(),
        epics::actions(),
        iterations::actions(),
        api::actions(),
    ]
    .into_iter()
    .flatten()
    .collect()
}
