//! The nine wizards: their question tables and schemas, the drafts that ride in requestState, and runs on both wire paths, live checks included, against the sandbox.

mod drafts;
mod flows;
mod live_checks;
mod question_schemas;
mod reading_gitlab;
mod reviewing;
mod sequences;
