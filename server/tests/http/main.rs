//! The binary over streamable HTTP: the transport and its limits, the legacy revision, per-request credentials, scale, exactly-once confirmations across replicas, and GitLab answers read up to their limit.

#[path = "../support/mod.rs"]
mod support;

mod answer_limit;
mod credentials;
mod exactly_once;
mod host_and_origin;
mod legacy;
mod limits;
mod oauth_proxy;
mod scale;
mod transport;
