//! The vocabulary every action and wizard is written in: what an action is ([`Action`],
//! made from a table line, an [`Entry`]), its parameters ([`params`]), GitLab's method and
//! path ([`Endpoint`]), what its answer becomes ([`Output`]), the resources and toolsets
//! it belongs to, and what a wizard needs to be one of this server's ([`wizard`]). It
//! names no action and no wizard: those are written in it (`crate::actions`,
//! `crate::wizards`) and listed by `crate::registry`.

mod action;
pub mod alternative;
pub mod asks;
pub mod body;
pub mod endpoint;
mod entry;
pub mod graphql;
pub mod output;
pub mod params;
mod resource;
mod schema;
mod title;
mod toolset;
pub mod wizard;

pub use action::{Action, PROJECT_ID, Prepared, Run};
pub use entry::{any_method, delete, get, graphql, graphql_operation, patch, post, put};
pub use output::Output;
pub use resource::{RESOURCES, Resource};
pub use schema::input_schema;
pub use toolset::Toolset;
pub use wizard::WizardAction;
