//! The GitLab MCP server. Its front door is [`main`], the binary's whole behaviour; the
//! rest is private to the crate, in floors, each importing only from the ones below:
//!
//! - `gitlab`: the REST client — requests, the URL that is sent, answers, errors, project
//!   ids, and what GitLab reads in a request (quick actions, GraphQL documents) — and
//!   `units`;
//! - `catalog`: the vocabulary actions and wizards are written in (an action, its
//!   parameters, endpoint and output; what a wizard needs to be one of this server's);
//! - `actions` (a table per toolset) and `wizards` (one struct each), written in it;
//! - `registry`: the catalog, every action and wizard, and the ids code names them by;
//! - `access` (the operator's limits) and `call`, the one path of a call: admit, build,
//!   check the built request, guard, send, shape; `ci`, what a call does for CI beyond one
//!   request (waiting, failed jobs);
//! - `surfaces` (the three sets of tools), `resources`, `prompts`, `completions`;
//! - `handler` (the MCP server), its transports `stdio` and `http` (with `incoming`, the
//!   check every message passes first), `cli` and `config`, `startup`, `try_wizard`, and
//!   `app`, which ties them together.
//!
//! The in-memory GitLab behind `--sandbox` is its own crate, `gitlab-sandbox`
//! (`server/sandbox/`), reached only over HTTP like any GitLab.

mod access;
mod actions;
mod app;
mod auth;
mod call;
mod catalog;
mod ci;
mod cli;
mod completions;
mod config;
#[cfg(feature = "conformance")]
mod conformance;
mod default_project;
#[cfg(test)]
mod docs;
mod gitlab;
mod handler;
mod http;
mod incoming;
mod instances;
mod log;
mod prompts;
mod redact;
mod registry;
mod resources;
mod shutdown_signal;
mod startup;
mod stdio;
mod stdio_fds;
mod stdio_stop;
mod surfaces;
mod try_wizard;
mod units;
mod wizards;

pub use app::main;

#[cfg(test)]
mod tests;

/// The workspace README's Rust snippets, compiled as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;
