//! The end-to-end harness: build the server binary once, start it on a sandbox GitLab,
//! talk to it with a scripted rmcp client on either protocol revision.
#![allow(
    dead_code,
    unused_imports,
    reason = "each e2e test binary uses a different part of the harness"
)]

pub mod client;
pub mod process;
pub mod session;
pub mod spec;

use std::any::Any;
use std::future::Future;
use std::sync::Arc;

use serde_json::{Value, json};
use tokio::sync::Semaphore;
use tokio::task::JoinSet;

pub use client::{Elicit, Reply, accept, answer, no, pick, yes};
pub use session::{Launch, REVISIONS, Revision, Run, SURFACES, Session, Surface, launches, text};

/// How many cases (each its own server process) run at once.
const PARALLEL: usize = 6;

/// Runs every case, a few at a time, and fails with every failing case's message.
pub async fn concurrently<F>(cases: impl IntoIterator<Item = F>)
where
    F: Future<Output = ()> + Send + 'static,
{
    let limit = Arc::new(Semaphore::new(PARALLEL));
    let mut running = JoinSet::new();
    for case in cases {
        let limit = Arc::clone(&limit);
        running.spawn(async move {
            let _permit = limit
                .acquire_owned()
                .await
                .expect("the semaphore stays open");
            case.await;
        });
    }
    let mut failures = Vec::new();
    while let Some(joined) = running.join_next().await {
        if let Err(error) = joined {
            failures.push(match error.try_into_panic() {
                Ok(panic) => panic_message(panic.as_ref()),
                Err(error) => error.to_string(),
            });
        }
    }
    assert!(
        failures.is_empty(),
        "{} case(s) failed:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

fn panic_message(panic: &(dyn Any + Send)) -> String {
    panic
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| panic.downcast_ref::<&str>().map(|text| (*text).to_owned()))
        .unwrap_or_else(|| "a case panicked".to_owned())
}

/// The tool and arguments that run catalog action `id` on `surface`: `gitlab_execute_action`
/// on dynamic; the wizard by name, or the domain tool with `action` on meta; the wizard or
/// the action's own tool on individual.
pub fn surface_call(
    surface: Surface,
    id: &str,
    params: Value,
    confirm: Option<bool>,
) -> (String, Value) {
    let wizard = spec::WIZARDS.iter().find(|wizard| wizard.id == id);
    let with_confirm = |mut arguments: Value| {
        if let Some(confirm) = confirm {
            arguments["confirm"] = Value::Bool(confirm);
        }
        arguments
    };
    if surface == Surface::Dynamic {
        let arguments = with_confirm(json!({"action": id, "params": params}));
        return ("gitlab_execute_action".to_owned(), arguments);
    }
    if let Some(wizard) = wizard {
        return (wizard.tool.to_owned(), params);
    }
    let (resource, verb) = id.split_once('.').expect("catalog ids are `resource.verb`");
    match surface {
        Surface::Meta => {
            let arguments = with_confirm(json!({"action": verb, "params": params}));
            (format!("gitlab_{resource}"), arguments)
        }
        _ => {
            let short = if resource == "merge_request" {
                "mr"
            } else {
                resource
            };
            (format!("gitlab_{short}_{verb}"), with_confirm(params))
        }
    }
}

/// Creates something in the session's sandbox directly (not through the server), e.g. the
/// issue a delete then removes; returns GitLab's object. Clear the requests afterwards.
pub async fn seed(session: &Session, path: &str, body: Value) -> Value {
    let url = session
        .sandbox
        .base_url()
        .join(&format!("api/v4/{path}"))
        .expect("a sandbox API path");
    let response = session
        .http
        .post(url)
        .json(&body)
        .send()
        .await
        .unwrap_or_else(|error| panic!("seeding POST {path} failed: {error}"));
    let status = response.status();
    let object: Value = response.json().await.unwrap_or(Value::Null);
    assert!(
        status.is_success(),
        "seeding POST {path} {body}: {status} {object}"
    );
    object
}

/// GitLab received no write: a wizard's live checks may have read what the answers name.
pub fn assert_nothing_written(session: &Session, what: &str) {
    let writes = session.sandbox.writes();
    assert!(
        writes.is_empty(),
        "{} {what}: GitLab must receive no write, got {:?}",
        session.launch,
        writes
            .iter()
            .map(|r| format!("{} {} {}", r.method, r.path, r.body))
            .collect::<Vec<_>>()
    );
}

/// Nothing at all reached GitLab.
pub fn assert_nothing_sent(session: &Session, what: &str) {
    let requests = session.sandbox.requests();
    assert!(
        requests.is_empty(),
        "{} {what}: GitLab must receive nothing, got {:?}",
        session.launch,
        requests
            .iter()
            .map(|r| format!("{} {} {}", r.method, r.path, r.body))
            .collect::<Vec<_>>()
    );
}
