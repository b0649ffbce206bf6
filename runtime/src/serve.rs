//! A thin `Service<RoleServer>` around a `ServerHandler` that fills two gaps of rmcp:
//!
//! 1. rmcp forgets the version a client asked for in `initialize` and keeps the
//!    negotiated one. [`Serve`] records it and hands it to every request in
//!    `context.extensions` as [`InitializeVersion`], where
//!    [`ClientView`](crate::flow::ClientView) reads it.
//! 2. rmcp refuses an `input_required` result unless the *negotiated* version is
//!    2026-07-28. A client that asked for 2026-07-28 in `initialize` (and was answered
//!    2025-11-25) is served MRTR all the same, so for that client
//!    [`Serve`] dispatches `tools/call` itself: it lets `input_required` through and
//!    marks every other tool result `resultType: "complete"`.
//!
//! Build one `Serve` per session (stdio: one; streamable HTTP: in the session factory):
//! the recorded version belongs to the session.

use std::borrow::Cow;
use std::sync::{Mutex, PoisonError};

use rmcp::ServerHandler;
use rmcp::model::{
    CallToolRequest, CallToolResponse, ClientCapabilities, ClientNotification, ClientRequest,
    ErrorData, ProtocolVersion, ResultType, ServerConfig, ServerResult,
};
use rmcp::service::{NotificationContext, RequestContext, RoleServer, Service};

/// The protocol version the client asked for in `initialize`, as the client sent it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InitializeVersion(pub ProtocolVersion);

/// Wraps a handler; serve this instead of the handler.
///
/// ```no_run
/// # #[derive(Clone)] struct MyServer;
/// # impl rmcp::ServerHandler for MyServer {}
/// # async fn serve() -> Result<(), Box<dyn std::error::Error>> {
/// use rmcp::ServiceExt;
///
/// let running = wizard::Serve::new(MyServer).serve(rmcp::transport::stdio()).await?;
/// running.waiting().await?;
/// # Ok(())
/// # }
/// ```
#[derive(Debug)]
pub struct Serve<H> {
    inner: H,
    asked: Mutex<Option<ProtocolVersion>>,
}

impl<H: ServerHandler> Serve<H> {
    pub fn new(inner: H) -> Self {
        Serve {
            inner,
            asked: Mutex::new(None),
        }
    }

    /// The version a client asked for, capped at the newest one the handler serves: a
    /// server that stops at 2025-11-25 serves no MRTR, whatever the client asked for.
    fn within_supported(&self, asked: &ProtocolVersion) -> ProtocolVersion {
        let supported = ServerHandler::supported_protocol_versions(&self.inner);
        let newest = supported.iter().reduce(|a, b| if b > a { b } else { a });
        match newest {
            Some(newest) if asked > newest => newest.clone(),
            _ => asked.clone(),
        }
    }

    async fn call_tool_declared(
        &self,
        request: CallToolRequest,
        context: RequestContext<RoleServer>,
    ) -> Result<ServerResult, ErrorData> {
        let tasks_declared = context
            .client_capabilities()
            .is_some_and(|caps| caps.supports_tasks());
        match self.inner.call_tool(request.params, context).await? {
            CallToolResponse::Complete(mut result) => {
                result.result_type = Some(ResultType::COMPLETE);
                Ok(ServerResult::CallToolResult(result))
            }
            CallToolResponse::InputRequired(result) => {
                Ok(ServerResult::InputRequiredResult(result))
            }
            // The same rule rmcp applies: no task handle for a client that cannot read one.
            CallToolResponse::Task(task) if tasks_declared => {
                Ok(ServerResult::CreateTaskResult(task))
            }
            CallToolResponse::Task(_) => Err(ErrorData::missing_required_client_capability(
                ClientCapabilities::builder().enable_tasks().build(),
            )),
            other => Ok(ServerResult::from(other)),
        }
    }
}

impl<H: ServerHandler> Service<RoleServer> for Serve<H> {
    async fn handle_request(
        &self,
        request: ClientRequest,
        mut context: RequestContext<RoleServer>,
    ) -> Result<ServerResult, ErrorData> {
        let asked = {
            let mut asked = self.asked.lock().unwrap_or_else(PoisonError::into_inner);
            if let ClientRequest::InitializeRequest(initialize) = &request {
                *asked = Some(self.within_supported(&initialize.params.protocol_version));
            }
            asked.clone()
        };
        if let Some(asked) = &asked {
            context.extensions.insert(InitializeVersion(asked.clone()));
        }
        let declared_mrtr = asked.is_some_and(|asked| asked >= ProtocolVersion::V_2026_07_28);
        // A version in the request's own `_meta` is rmcp's to judge; so is a session
        // that already negotiated 2026-07-28.
        let negotiated_legacy = context
            .protocol_version()
            .is_none_or(|v| v < ProtocolVersion::V_2026_07_28);
        match request {
            ClientRequest::CallToolRequest(call)
                if declared_mrtr
                    && negotiated_legacy
                    && context.meta.protocol_version().is_none() =>
            {
                self.call_tool_declared(call, context).await
            }
            request => Service::<RoleServer>::handle_request(&self.inner, request, context).await,
        }
    }

    async fn handle_notification(
        &self,
        notification: ClientNotification,
        context: NotificationContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        Service::<RoleServer>::handle_notification(&self.inner, notification, context).await
    }

    fn get_info(&self) -> ServerConfig {
        ServerHandler::get_info(&self.inner)
    }

    fn supported_protocol_versions(&self) -> Cow<'static, [ProtocolVersion]> {
        ServerHandler::supported_protocol_versions(&self.inner)
    }
}
