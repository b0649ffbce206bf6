//! The binary as a command: settings checked at startup, what it says when started by hand,
//! signing in, stopping on SIGTERM, and `try`, one wizard on a terminal.

#[path = "../support/mod.rs"]
mod support;

mod browser_callback;
mod corporate_network;
mod instances;
mod settings;
mod sign_in;
mod startup;
mod stopping;
mod try_a_wizard;
mod what_clients_showed;
