//! The few rmcp calls and types both drivers share: building an elicitation request,
//! sending it synchronously, wrapping it in an `input_required` round, reporting
//! progress.

use std::time::Duration;

use rmcp::model::{
    CancelledNotificationParam, ClientResult, ElicitRequest, ElicitRequestParams,
    ElicitationSchema, InputRequest, InputRequests, InputRequiredResult, ProgressNotificationParam,
    RequestId, ServerRequest,
};
use rmcp::service::{PeerRequestOptions, RequestContext, RoleServer, ServiceError};
use serde_json::Value;

use crate::flow::reply::Reply;

/// A form request with a typed schema.
pub(crate) fn form(message: String, requested_schema: ElicitationSchema) -> ElicitRequestParams {
    ElicitRequestParams::FormElicitationParams {
        meta: None,
        message,
        requested_schema,
    }
}

/// A form request with a schema given as JSON: read through rmcp's typed
/// `ElicitationSchema`, so a schema no MCP client accepts is refused here, before
/// anything is sent.
pub(crate) fn form_json(message: String, schema: Value) -> Result<ElicitRequestParams, String> {
    let requested_schema = serde_json::from_value(schema)
        .map_err(|error| format!("the form schema is not one MCP clients accept: {error}"))?;
    Ok(form(message, requested_schema))
}

/// The `input_required` result of one round: exactly one input request under `key`.
pub(crate) fn input_required(
    key: &str,
    params: ElicitRequestParams,
    state: String,
) -> InputRequiredResult {
    let mut requests = InputRequests::new();
    requests.insert(
        key.to_owned(),
        InputRequest::Elicitation(ElicitRequest::new(params)),
    );
    InputRequiredResult::new(Some(requests), Some(state))
}

/// The progress notifications of one call: each question's, and the keep-alives sent
/// while the user thinks. Progress must grow with each notification of a call, so it
/// counts them.
pub(crate) struct Progress {
    sent: u32,
    /// What the last one said, which a keep-alive says again.
    said: String,
}

impl Progress {
    pub(crate) fn new() -> Self {
        Progress {
            sent: 0,
            said: String::new(),
        }
    }

    /// Tells the client which question is being asked: `Question 2 of 5: Labels`
    /// (`total`: how many steps the call may take, where known). Sent only when the
    /// call carried a progress token; failing to notify does not fail the call.
    pub(crate) async fn asking(
        &mut self,
        context: &RequestContext<RoleServer>,
        number: usize,
        total: Option<usize>,
        label: &str,
    ) {
        let message = match total {
            Some(total) => format!("Question {number} of {total}: {label}"),
            None => format!("Question {number}: {label}"),
        };
        self.said = message;
        // The progress value only grows: at least the question's number, so that the
        // rounds of one MRTR call, each a request of its own, count up too.
        self.sent = self
            .sent
            .max(u32::try_from(number.saturating_sub(1)).unwrap_or(u32::MAX));
        self.send(context).await;
    }

    async fn send(&mut self, context: &RequestContext<RoleServer>) {
        let Some(token) = context.meta.get_progress_token() else {
            return;
        };
        self.sent = self.sent.saturating_add(1);
        let param = ProgressNotificationParam::new(token, f64::from(self.sent))
            .with_message(self.said.clone());
        let _ = context.peer.notify_progress(param).await;
    }
}

/// Sends one `elicitation/create` and waits at most `timeout` for the answer. While it
/// waits, a progress notification goes out every `keepalive` (a client that resets its
/// own timeout on progress, as the MCP Inspector and the TypeScript SDK can, then waits
/// as long as the user thinks); when the client gives up on the call (a cancellation,
/// its own timeout) the question is withdrawn and the call ends here, asking nothing more.
pub(crate) async fn elicit(
    context: &RequestContext<RoleServer>,
    params: ElicitRequestParams,
    timeout: Duration,
    keepalive: Duration,
    progress: &mut Progress,
) -> Result<Reply, String> {
    if context.ct.is_cancelled() {
        return Err(ABANDONED.into());
    }
    let request = ServerRequest::ElicitRequest(ElicitRequest::new(params));
    let handle = match context
        .peer
        .send_request_with_option(request, PeerRequestOptions::with_timeout(timeout))
        .await
    {
        Ok(handle) => handle,
        Err(error) => return Err(failure(error)),
    };
    let id = handle.id.clone();
    let response = handle.await_response();
    tokio::pin!(response);
    let mut ticks = tokio::time::interval_at(tokio::time::Instant::now() + keepalive, keepalive);
    let answered = loop {
        tokio::select! {
            answered = &mut response => break answered,
            () = context.ct.cancelled() => {
                withdraw(context, id).await;
                return Err(ABANDONED.into());
            }
            _ = ticks.tick(), if !keepalive.is_zero() => {
                progress.send(context).await;
            }
        }
    };
    match answered {
        Ok(ClientResult::ElicitResult(result)) => Reply::from_result(result),
        Ok(_) => Err(
            "the client answered the question with something other than an elicitation result"
                .into(),
        ),
        Err(error) => Err(failure(error)),
    }
}

/// Why a call ended while a question was open: the client gave up on it.
pub(crate) const ABANDONED: &str = "the client gave up on the call (it was cancelled or timed out) while the question was open; nothing more was asked";

/// Tells the client the question it still shows is no longer wanted.
async fn withdraw(context: &RequestContext<RoleServer>, id: RequestId) {
    let reason = Some("the call was abandoned".to_owned());
    let cancelled = CancelledNotificationParam::new(Some(id), reason);
    let _ = context.peer.notify_cancelled(cancelled).await;
}

fn failure(error: ServiceError) -> String {
    match error {
        ServiceError::Timeout { timeout } => format!("no answer arrived within {timeout:?}"),
        ServiceError::McpError(error) => {
            format!("the client refused the question: {}", error.message)
        }
        error => format!("the question could not be delivered: {error}"),
    }
}
