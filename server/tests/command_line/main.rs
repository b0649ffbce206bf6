//! The binary as a command: settings checked at startup, and `try`, one wizard on a terminal.

#[path = "../support/mod.rs"]
mod support;

mod settings;
mod try_a_wizard;
