//! The GitLab MCP server.
pub mod catalog;
pub mod config;
pub mod destructive;
pub mod docs;
pub mod execute;
pub mod gitlab;
pub mod handler;
pub mod run_wizard;
pub mod startup;
pub mod sandbox;
pub mod surfaces;
pub mod wizards;
