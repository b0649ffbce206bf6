//! The GitLab MCP server: an action catalog ([`catalog`]) offered on one of three tool
//! surfaces ([`surfaces`]), the eight wizards ([`wizards`]) run by the `wizard` runtime, a
//! REST client ([`gitlab`]); and the resources ([`resources`]), prompts ([`prompts`]) and
//! completions ([`completions`]) that read GitLab through the catalog ([`reads`]). The
//! in-memory GitLab behind `--sandbox` is its own crate, `gitlab-sandbox`
//! (`server/sandbox/`), reached only over HTTP like any GitLab.
//!
//! [`startup::start`] builds a ready [`handler::GitLabMcp`] from [`config::Settings`].
//! On stdio serve `server.into_service()` (the `wizard::Serve` wrapper, which remembers
//! the version a client asked for in `initialize`); over HTTP [`http::router`] serves the
//! same handler type, one per session, and an HTTP request's own GitLab token reaches
//! it in the request's extensions. [`try_wizard`] runs one wizard on the terminal
//! instead (`gitlab-mcp-server try`).
pub mod access;
pub mod actions;
pub mod catalog;
pub mod cli;
pub mod completions;
pub mod config;
#[cfg(feature = "conformance")]
pub mod conformance;
pub mod docs;
pub mod gitlab;
pub mod handler;
pub mod http;
pub mod incoming;
pub mod pipeline;
pub mod prompts;
pub mod redact;
pub mod registry;
pub mod resources;
pub mod startup;
pub mod stdio;
pub mod stdio_fds;
pub mod surfaces;
pub mod try_wizard;
pub mod units;
pub mod wizards;

#[cfg(test)]
mod tests;

/// The workspace README's Rust snippets, compiled as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;
