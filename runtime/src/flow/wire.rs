//! The few rmcp calls and types both drivers share: building an elicitation request,
//! sending it synchronously, wrapping it in an `input_required` round, reporting
//! progress.

use std::time::Duration;

use rmcp::model::{
    ClientResult, ElicitRequest, ElicitRequestParams, ElicitationSchema, InputRequest,
    InputRequests, InputRequiredResult, ProgressNotificationParam, ServerRequest,
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

/// Sends one `elicitation/create` and waits at most `timeout` for the answer.
pub(crate) async fn elicit(
    context: &RequestContext<RoleServer>,
    params: ElicitRequestParams,
    timeout: Duration,
) -> Result<Reply, String> {
    let request = ServerRequest::ElicitRequest(ElicitRequest::new(params));
    let sent = context
        .peer
        .send_request_with_option(request, PeerRequestOptions::with_timeout(timeout))
        .await;
    let answered = match sent {
        Ok(handle) => handle.await_response().await,
        Err(error) => Err(error),
    };
    match answered {
        Ok(ClientResult::ElicitResult(result)) => Reply::from_result(result),
        Ok(_) => Err(
            "the client answered the question with something other than an elicitation result"
                .into(),
        ),
        Err(ServiceError::Timeout { timeout }) => {
            Err(format!("no answer arrived within {timeout:?}"))
        }
        Err(ServiceError::McpError(error)) => Err(format!(
            "the client refused the question: {}",
            error.message
        )),
        Err(error) => Err(format!("the question could not be delivered: {error}")),
    }
}

/// A progress notification for the question numbered `number`, when the call carried
/// a progress token. Failing to notify does not fail the call.
pub(crate) async fn progress(context: &RequestContext<RoleServer>, number: usize, key: &str) {
    if let Some(token) = context.meta.get_progress_token() {
        #[allow(clippy::cast_precision_loss, reason = "question numbers are small")]
        let param = ProgressNotificationParam::new(token, number as f64)
            .with_message(format!("asking {key}"));
        let _ = context.peer.notify_progress(param).await;
    }
}
