//! The sandbox's state, one module per resource: people and groups, projects and what they hold
//! (repository, issues, merge requests, notes, pipelines, labels, milestones, wiki, releases).
//!
//! The data (`state` holds the `Store` itself, each resource module its records) never names
//! what the store does with it: rendering GitLab's entities (each resource's `render`),
//! finding things (`lookups`), making things (`project::create`, `fork`, `ci_config`, `seed`).
//! This module only declares the modules and gathers what the routes use most; the modules
//! here name each other directly, never through it.

pub(crate) mod approval_settings;
pub(crate) mod approvals;
pub(crate) mod artifacts;
pub(crate) mod badges;
pub(crate) mod basic;
pub(crate) mod ci_config;
pub(crate) mod code_search;
pub(crate) mod diff_positions;
pub(crate) mod draft_notes;
mod durations;
pub(crate) mod events;
pub(crate) mod feature_flags;
pub(crate) mod fork;
mod ids;
pub(crate) mod issue_links;
pub(crate) mod issues;
pub(crate) mod labels;
mod lookups;
mod markdown;
pub(crate) mod merge_request_diffs;
pub(crate) mod merge_requests;
pub(crate) mod merge_trains;
pub(crate) mod milestones;
pub(crate) mod mirrors;
pub(crate) mod notes;
pub(crate) mod oauth;
pub(crate) mod people;
pub(crate) mod pipelines;
pub(crate) mod planning;
pub(crate) mod project;
pub(crate) mod project_transfer;
pub(crate) mod protected_environments;
pub(crate) mod quick_actions;
pub(crate) mod record_kinds;
pub(crate) mod records;
pub(crate) mod registry;
pub(crate) mod releases;
pub(crate) mod repository;
pub(crate) mod review_records;
pub(crate) mod runners;
pub(crate) mod security;
mod seed;
mod state;
pub(crate) mod state_change;
pub(crate) mod test_reports;
mod timestamps;
pub(crate) mod todos;
pub(crate) mod tracking;
pub(crate) mod uploads;
pub(crate) mod wiki;
pub(crate) mod work_items;

pub(crate) use durations::parse_duration;
pub(crate) use ids::{Ids, hex_id};
pub(crate) use people::{CURRENT_USER, Group, Member, Namespace, User};
pub(crate) use project::Project;
pub(crate) use state::Store;
pub(crate) use timestamps::{now, parse_time, timestamp};
