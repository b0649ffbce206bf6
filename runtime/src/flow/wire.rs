//! The few rmcp calls and types both drivers share: building an elicitation request,
//! sending it synchronously, wrapping it in an `input_required` round, reporting
//! progress.

use std::time::Duration;

use rmcp::model::{
    BooleanSchema, ClientResult, ElicitRequest, ElicitRequestParams, ElicitationSchema,
    InputRequest, InputRequests, InputRequiredResult, IntegerSchema, NumberSchema,
    PrimitiveSchemaDefinition, ProgressNotificationParam, ServerRequest, StringSchema,
};
use rmcp::service::{PeerRequestOptions, RequestContext, RoleServer, ServiceError};
use serde::Deserialize as _;
use serde_json::Value;

use crate::flow::reply::Reply;

/// A form request; the schema goes through rmcp's typed `ElicitationSchema`, so a
/// schema no MCP client accepts is refused here, before anything is sent.
pub(crate) fn form(message: String, schema: Value) -> Result<ElicitRequestParams, String> {
    let requested_schema = match typed(&schema) {
        Some(typed) => typed,
        None => serde_json::from_value(schema)
            .map_err(|error| format!("the form schema is not one MCP clients accept: {error}"))?,
    };
    Ok(ElicitRequestParams::FormElicitationParams {
        meta: None,
        message,
        requested_schema,
    })
}

/// The common shapes (one boolean, text or number property) read straight into the
/// definition their `type` names. rmcp's own reading goes through an untagged enum
/// that tries every variant in turn, a quarter of an MRTR round; choices, arrays and
/// anything unusual still take that path. `None`: use it.
fn typed(schema: &Value) -> Option<ElicitationSchema> {
    let object = schema.as_object()?;
    if object.get("type")? != "object" || object.len() != 3 {
        return None;
    }
    let mut builder = ElicitationSchema::builder();
    for (name, property) in object.get("properties")?.as_object()? {
        let fields = property.as_object()?;
        let known = |allowed: &[&str]| fields.keys().all(|key| allowed.contains(&key.as_str()));
        const COMMON: [&str; 4] = ["type", "title", "description", "default"];
        let definition = match fields.get("type")?.as_str()? {
            "boolean" if known(&COMMON) => {
                PrimitiveSchemaDefinition::Boolean(BooleanSchema::deserialize(property).ok()?)
            }
            "string" if known(&[&COMMON[..], &["minLength", "maxLength", "format"]].concat()) => {
                PrimitiveSchemaDefinition::String(StringSchema::deserialize(property).ok()?)
            }
            "number" if known(&[&COMMON[..], &["minimum", "maximum"]].concat()) => {
                PrimitiveSchemaDefinition::Number(NumberSchema::deserialize(property).ok()?)
            }
            "integer" if known(&[&COMMON[..], &["minimum", "maximum"]].concat()) => {
                PrimitiveSchemaDefinition::Integer(IntegerSchema::deserialize(property).ok()?)
            }
            _ => return None,
        };
        builder = builder.property(name.clone(), definition);
    }
    builder.required = Vec::<String>::deserialize(object.get("required")?).ok()?;
    builder.build().ok()
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

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::form::{Prompt, prompt_schema};

    /// The short cut reads every shape it takes exactly as rmcp's generic reading does.
    #[test]
    fn the_short_cut_agrees_with_rmcp() {
        let prompts = [
            Prompt::yes_no("ok", "Proceed?"),
            Prompt::text("title", "Title?"),
            Prompt::number("n", "How many?", Some(1.0), Some(2.5), false),
            Prompt::number("n", "How many?", None, Some(10.0), true),
        ];
        for prompt in prompts {
            let schema = Value::Object(prompt_schema(&prompt));
            let fast = typed(&schema).expect("a common shape");
            let generic: ElicitationSchema = serde_json::from_value(schema.clone()).expect("valid");
            assert_eq!(fast, generic, "{schema}");
            assert_eq!(
                serde_json::to_value(&fast).expect("serializes"),
                serde_json::to_value(&generic).expect("serializes")
            );
        }
        let choice = Value::Object(prompt_schema(&Prompt::choice("c", "Pick", &["a", "b"])));
        assert!(typed(&choice).is_none(), "choices take rmcp's reading");
        assert!(typed(&json!({"type": "object", "properties": {"a": {"type": "string", "pattern": "x"}}, "required": []})).is_none());
    }
}
