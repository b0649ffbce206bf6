//! The resources, prompts and completions, read through the catalog against the sandbox.

mod completions;
mod prompts;
mod resources;
mod subscriptions;
