//! The server side of a scripted run.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use rmcp::ServerHandler;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, ErrorData,
    ServerCapabilities, ServerConfig,
};
use rmcp::service::{RequestContext, RoleServer};
use serde_json::Value;

use crate::flow::{Flow, Outcome};
use crate::wizard::Wizard;

/// A server with one tool, `W::INFO.tool`, that runs `W` through a [`Flow`] (with the
/// wizard's context, for its live checks, choices and intro) and remembers how the call
/// ended. A finished wizard answers with the text `finished`.
pub struct WizardServer<W: Wizard> {
    flow: Flow,
    context: Arc<W::Context>,
    pub(super) ended: Arc<Mutex<Option<Outcome<W>>>>,
    pub(super) calls: Arc<AtomicUsize>,
}

impl<W: Wizard<Context = ()>> WizardServer<W> {
    pub fn new(flow: Flow) -> Self {
        WizardServer::with_context(flow, ())
    }
}

impl<W: Wizard> WizardServer<W> {
    /// A server running `W` with `context`.
    pub fn with_context(flow: Flow, context: W::Context) -> Self {
        WizardServer {
            flow,
            context: Arc::new(context),
            ended: Arc::new(Mutex::new(None)),
            calls: Arc::new(AtomicUsize::new(0)),
        }
    }
}

impl<W: Wizard> ServerHandler for WizardServer<W> {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        let arguments = Value::Object(request.arguments.clone().unwrap_or_default());
        let args: W::Args = serde_json::from_value(arguments)
            .map_err(|error| ErrorData::invalid_params(format!("bad arguments: {error}"), None))?;
        let outcome = self
            .flow
            .run_with::<W>(&self.context, args, &request, &context)
            .await;
        let response = match &outcome {
            Outcome::Finished(_) => {
                CallToolResponse::Complete(CallToolResult::success(vec![ContentBlock::text(
                    "finished",
                )]))
            }
            Outcome::Pending(input) => CallToolResponse::InputRequired(input.clone()),
            ended => CallToolResponse::Complete(CallToolResult::error(vec![ContentBlock::text(
                ended.error_text().unwrap_or_default(),
            )])),
        };
        *self.ended.lock().unwrap_or_else(PoisonError::into_inner) = Some(outcome);
        Ok(response)
    }
}
