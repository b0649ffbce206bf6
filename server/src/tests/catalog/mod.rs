//! The catalog: every action's id, flags, schemas and parameters, the request each prepares (nothing sent), the alternatives of the wizards, and every action run end to end through a tool against the sandbox.

mod actions;
mod alternatives;
mod boards_epics_and_events;
mod compact;
mod every_action;
mod gitlab_definitions;
mod issues;
mod lists;
mod merge_requests;
mod merge_requests_and_uploads;
mod outputs;
mod packages_and_runners;
mod people;
mod pipelines;
mod planning;
mod repository;
mod security;
mod settings;
mod validation;
mod work_items;
