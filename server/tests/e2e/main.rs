//! The binary end to end over stdio, driven by MCP clients on both protocol revisions:
//! every message answered, the wizards to completion and every way they end, destructive
//! actions and GitLab's errors, each against a sandbox GitLab that records what it got.

#[path = "../support/mod.rs"]
mod support;

mod alternatives;
mod api_door;
mod bad_messages;
mod cancellations;
mod common;
mod default_project;
mod destructive;
mod gitlab_errors;
mod instances;
mod new_areas;
mod no_elicitation;
mod protocol;
mod quick_actions;
mod reviewing;
mod signing_in;
mod waiting;
mod waiting_for_ci;
mod which_one;
mod wizards;
mod wizards_reading_gitlab;
