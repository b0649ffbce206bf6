//! Waiting for a pipeline or a job to finish (`pipeline.wait`, `job.wait`): its read
//! repeated every `poll_seconds` until its status is final, a progress notification after
//! each read that found it still going (when the client asked for progress), for at most
//! `timeout_seconds`. A cancelled call stops waiting at once; the pipeline goes on.

use std::time::{Duration, Instant};

use rmcp::model::{CallToolResult, ContentBlock, ProgressNotificationParam};
use rmcp::service::{RequestContext, RoleServer};
use serde_json::{Map, Value};

use crate::call::send;
use crate::catalog::Action;
use crate::catalog::output::{Objects, error_result};
use crate::gitlab::{BuiltRequest, GitLab};

/// How long a call waits unless it says otherwise, and at most.
pub const DEFAULT_TIMEOUT_SECONDS: u64 = 600;
pub const MAX_TIMEOUT_SECONDS: u64 = 3600;
/// How often GitLab is read unless the call says otherwise, and at most.
pub const DEFAULT_POLL_SECONDS: u64 = 10;
pub const MAX_POLL_SECONDS: u64 = 60;

/// The statuses after which nothing more happens without someone acting: finished, or
/// waiting for a person (`manual`) or a time (`scheduled`).
const SETTLED: &[&str] = &[
    "success",
    "failed",
    "canceled",
    "skipped",
    "manual",
    "scheduled",
];

/// `action`'s answer once what `request` reads has settled, or as it stands when the time
/// is up (saying so beside it).
pub async fn until_settled(
    gitlab: &GitLab,
    action: &Action,
    request: BuiltRequest,
    params: &Map<String, Value>,
    context: &RequestContext<RoleServer>,
) -> CallToolResult {
    let seconds =
        |key: &str, default: u64| params.get(key).and_then(Value::as_u64).unwrap_or(default);
    // Checked against their bounds with the call's other arguments.
    let timeout = Duration::from_secs(seconds("timeout_seconds", DEFAULT_TIMEOUT_SECONDS));
    let poll = Duration::from_secs(seconds("poll_seconds", DEFAULT_POLL_SECONDS));
    let started = Instant::now();
    let mut reads = 0u32;
    loop {
        let result = send(
            gitlab,
            request.clone(),
            action.output,
            Objects::Compact(action.kind),
            params,
        )
        .await;
        reads += 1;
        let object = result.structured_content.as_ref();
        let status = object
            .and_then(|object| object.get("status"))
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned();
        if result.is_error == Some(true) || SETTLED.contains(&status.as_str()) {
            return result;
        }
        let waited = started.elapsed();
        let what = match object.and_then(|object| object.get("id")) {
            Some(id) => format!("{} {id}", action.resource.noun),
            None => action.resource.noun.to_owned(),
        };
        if waited >= timeout {
            let mut result = result;
            result.content.push(ContentBlock::text(format!(
                "Still `{status}` after {} s: {what} has not finished. Call again to keep waiting.",
                waited.as_secs()
            )));
            return result;
        }
        if let Some(token) = context.meta.get_progress_token() {
            let note = ProgressNotificationParam::new(token, f64::from(reads))
                .with_message(format!("{what} is {status} ({} s)", waited.as_secs()));
            // A progress notification that cannot be delivered does not end the wait.
            let _ = context.peer.notify_progress(note).await;
        }
        tokio::select! {
            () = context.ct.cancelled() => {
                return error_result(format!(
                    "Stopped waiting: the call was cancelled after {} s. {what} goes on (`{status}`).",
                    waited.as_secs()
                ));
            }
            () = tokio::time::sleep(poll.min(timeout - waited)) => {}
        }
    }
}
