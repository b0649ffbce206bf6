//! The handler served over HTTP: the server's own [`GitLabMcp`], with two differences.
//!
//! - A request that carried its own GitLab token ([`RequestToken`]) is run by a copy of the
//!   server that calls GitLab with that token; every other request uses the server's token.
//! - A stateful deployment (`--stateless=false`) supports protocol revisions up to
//!   2025-11-25 only (DESIGN.md, rmcp gap 3): rmcp routes a 2026-07-28 request past the
//!   sessions, and with the narrowed list it answers HTTP 400 / `-32022` with
//!   `data.supported` instead of serving it.
//!
//! On a stateless deployment a legacy request has no channel for a request from the server
//! (no session; its response stream cannot be answered): the Flow is built with
//! `with_server_requests(false)` there (`startup::start`), so a wizard answers with its
//! alternative and a destructive action needs `confirm: true` (SPEC.md §8).
//!
//! Every other `ServerHandler` method is passed through unchanged, so whatever the server
//! implements is served over HTTP as over stdio. (Skills and resource subscriptions are not
//! passed through: the server offers neither.)

use std::borrow::Cow;

use axum::http::request::Parts;
#[expect(
    deprecated,
    reason = "SEP-2577 deprecates logging; 2025-11-25 clients still send logging/setLevel"
)]
use rmcp::model::SetLevelRequestParams;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CancelTaskParams, CancelledNotificationParam,
    CompleteRequestParams, CompleteResult, CustomNotification, CustomRequest, CustomResult,
    GetPromptRequestParams, GetPromptResponse, GetTaskParams, GetTaskResult,
    InitializeRequestParams, InitializeResult, ListPromptsResult, ListResourceTemplatesResult,
    ListResourcesResult, ListToolsResult, PaginatedRequestParams, ProgressNotificationParam,
    ProtocolVersion, ReadResourceRequestParams, ReadResourceResponse, ServerConfig, Tool,
    UpdateTaskParams,
};
use rmcp::service::{NotificationContext, RequestContext, RoleServer};
use rmcp::{ErrorData as McpError, ServerHandler};

use super::credentials::RequestToken;
use crate::handler::GitLabMcp;

/// [`GitLabMcp`] as served over streamable HTTP. Cloning is cheap.
#[derive(Clone)]
pub struct HttpHandler {
    server: GitLabMcp,
    /// `false` (`--stateless=false`): sessions, revisions up to 2025-11-25 only.
    stateless: bool,
}

impl HttpHandler {
    pub fn new(server: GitLabMcp, stateless: bool) -> Self {
        HttpHandler { server, stateless }
    }

    /// The server for this request: with the request's token when it sent one.
    fn serving(&self, context: &RequestContext<RoleServer>) -> Cow<'_, GitLabMcp> {
        let token = context
            .extensions
            .get::<Parts>()
            .and_then(|parts| parts.extensions.get::<RequestToken>());
        match token {
            Some(RequestToken(token)) => Cow::Owned(self.server.with_token(token.clone())),
            None => Cow::Borrowed(&self.server),
        }
    }
}

impl ServerHandler for HttpHandler {
    fn get_info(&self) -> ServerConfig {
        self.server.get_info()
    }

    fn supported_protocol_versions(&self) -> Cow<'static, [ProtocolVersion]> {
        if !self.stateless {
            Cow::Borrowed(ProtocolVersion::known_up_to(&ProtocolVersion::V_2025_11_25))
        } else {
            self.server.supported_protocol_versions()
        }
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        self.server.get_tool(name)
    }

    async fn ping(&self, context: RequestContext<RoleServer>) -> Result<(), McpError> {
        self.server.ping(context).await
    }

    async fn initialize(
        &self,
        request: InitializeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<InitializeResult, McpError> {
        // rmcp negotiates the answer again against `supported_protocol_versions` above.
        self.server.initialize(request, context).await
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        let server = self.serving(&context);
        server.call_tool(request, context).await
    }

    async fn list_tools(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, McpError> {
        self.server.list_tools(request, context).await
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, McpError> {
        let server = self.serving(&context);
        server.get_prompt(request, context).await
    }

    async fn list_prompts(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, McpError> {
        self.server.list_prompts(request, context).await
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, McpError> {
        let server = self.serving(&context);
        server.read_resource(request, context).await
    }

    async fn list_resources(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, McpError> {
        self.server.list_resources(request, context).await
    }

    async fn list_resource_templates(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, McpError> {
        self.server.list_resource_templates(request, context).await
    }

    async fn complete(
        &self,
        request: CompleteRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CompleteResult, McpError> {
        let server = self.serving(&context);
        server.complete(request, context).await
    }

    #[expect(
        deprecated,
        reason = "SEP-2577 deprecates logging; 2025-11-25 clients still send logging/setLevel"
    )]
    async fn set_level(
        &self,
        request: SetLevelRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), McpError> {
        self.server.set_level(request, context).await
    }

    async fn on_custom_request(
        &self,
        request: CustomRequest,
        context: RequestContext<RoleServer>,
    ) -> Result<CustomResult, McpError> {
        let server = self.serving(&context);
        server.on_custom_request(request, context).await
    }

    async fn get_task(
        &self,
        request: GetTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetTaskResult, McpError> {
        self.server.get_task(request, context).await
    }

    async fn update_task(
        &self,
        request: UpdateTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), McpError> {
        self.server.update_task(request, context).await
    }

    async fn cancel_task(
        &self,
        request: CancelTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), McpError> {
        self.server.cancel_task(request, context).await
    }

    async fn on_cancelled(
        &self,
        notification: CancelledNotificationParam,
        context: NotificationContext<RoleServer>,
    ) {
        self.server.on_cancelled(notification, context).await;
    }

    async fn on_progress(
        &self,
        notification: ProgressNotificationParam,
        context: NotificationContext<RoleServer>,
    ) {
        self.server.on_progress(notification, context).await;
    }

    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        self.server.on_initialized(context).await;
    }

    async fn on_roots_list_changed(&self, context: NotificationContext<RoleServer>) {
        self.server.on_roots_list_changed(context).await;
    }

    async fn on_custom_notification(
        &self,
        notification: CustomNotification,
        context: NotificationContext<RoleServer>,
    ) {
        self.server
            .on_custom_notification(notification, context)
            .await;
    }
}
