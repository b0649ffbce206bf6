//! Exactly-once survives a Redis restart only when Redis keeps what it was told: the
//! server reads Redis's persistence settings at startup and warns, naming the risk,
//! when it keeps nothing.

use gitlab_sandbox::Sandbox;

use crate::support::Launch;
use crate::support::redis::Redis;

const WARNING: &str = "Redis keeps nothing on disk";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_redis_without_persistence_is_named_at_startup() {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let gitlab = sandbox.base_url().to_string();
    let Some(volatile) = Redis::start() else {
        return;
    };
    let server = Launch::new(&gitlab)
        .args(&["--redis-url", &volatile.url])
        .start();
    let log = server.log();
    let line = log
        .iter()
        .find(|line| line.contains(WARNING))
        .unwrap_or_else(|| panic!("no warning in {log:?}"));
    assert!(line.contains("WARN"), "{line}");
    assert!(
        line.contains("appendonly"),
        "the line says what to set: {line}"
    );

    let Some(durable) = Redis::start_with(&["--save", "", "--appendonly", "yes"]) else {
        return;
    };
    let server = Launch::new(&gitlab)
        .args(&["--redis-url", &durable.url])
        .start();
    let log = server.log().join("\n");
    assert!(log.contains("confirmations are claimed in Redis"), "{log}");
    assert!(!log.contains(WARNING), "{log}");
}
