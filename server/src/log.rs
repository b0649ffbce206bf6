//! The log: stderr (stdout is the protocol), one line per event, its levels as `RUST_LOG`
//! says — with two rules that hold whatever it says:
//!
//! - every line has its secrets hidden on its way out ([`crate::redact`]);
//! - no value a tool call carries reaches the log, at any level: a CI variable's value, an
//!   `api.request` body, GraphQL variables, a wizard's answers, a resource's URI, and the
//!   results GitLab gave back. rmcp writes every JSON-RPC message whole into its `debug`
//!   and `trace` lines ("received request", "response message", "new event", and its HTTP
//!   transport's messages), and redaction cannot tell a secret value from any other; so
//!   rmcp's own lines stop at `info`, however verbose the rest of the log is asked to be.

use tracing::level_filters::LevelFilter;
use tracing_subscriber::filter::{EnvFilter, FilterExt, Targets};
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::{Layer, fmt};

use crate::redact::Redacting;

/// The most rmcp's lines say: up to `info`, where no message is written whole.
const RMCP_AT_MOST: LevelFilter = LevelFilter::INFO;

/// Logs to stderr at `RUST_LOG`'s levels, else at `default` (`info,rmcp=warn`).
pub fn init(default: &str) {
    let asked = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(default));
    let no_messages = Targets::new()
        .with_default(LevelFilter::TRACE)
        .with_target("rmcp", RMCP_AT_MOST);
    let lines = fmt::layer()
        // Every line, whoever logs it and at any level, has its secrets hidden.
        .with_writer(Redacting(std::io::stderr))
        .with_ansi(false)
        .with_filter(asked.and(no_messages));
    tracing_subscriber::registry().with(lines).init();
}
