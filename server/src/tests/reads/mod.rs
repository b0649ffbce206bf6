//! The resources, prompts and completions, read through the catalog against the sandbox.

mod completion_kinds;
mod completions;
mod daily_prompts;
mod prompts;
mod resources;
mod review_prompts;
mod subscriptions;
mod templates;
