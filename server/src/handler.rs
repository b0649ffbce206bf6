//! The MCP server: lists the tools of the configured surface and runs their calls —
//! validate the arguments, guard destructive actions, run wizards through the runtime's
//! Flow, send the GitLab call — and serves the resources, prompts and completions
//! ([`crate::resources`], [`crate::prompts`], [`crate::completions`]), which read through
//! the same catalog.

use std::borrow::Cow;
use std::sync::Arc;
use std::time::Duration;

use axum::http::request::Parts;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, CompleteRequestParams, CompleteResult,
    ContentBlock, GetPromptRequestParams, GetPromptResponse, Implementation,
    InitializeRequestParams, InitializeResult, ListPromptsResult, ListResourceTemplatesResult,
    ListResourcesResult, ListToolsResult, PaginatedRequestParams, ProtocolVersion,
    ReadResourceRequestParams, ReadResourceResponse, ServerCapabilities, ServerConfig,
    SubscribeRequestParams, SubscriptionFilter, Tool, UnsubscribeRequestParams,
};
use rmcp::service::NotificationContext;
use rmcp::service::{RequestContext, RoleServer, SubscriptionContext};
use rmcp::{ErrorData as McpError, ServerHandler};
use serde_json::{Value, json};
use wizard::{Flow, Serve};

use crate::access::Access;
use crate::auth::OnDemand;
use crate::call::{ReadError, Reads, ToolCall};
use crate::catalog::PROJECT_ID;
use crate::catalog::output::error_result;
use crate::catalog::params::SHARED_PARAMETERS;
use crate::catalog::wizard::GitLabTexts;
use crate::completions::Completions;
#[cfg(feature = "conformance")]
use crate::conformance::Fixtures;
use crate::default_project::{DefaultProject, SessionDefault};
use crate::gitlab::GitLab;
use crate::http::caller::RequestToken;
use crate::instances::{Instance, SessionInstances};
use crate::registry::catalog;
use crate::resources::subscriptions;
use crate::surfaces::{FoundActions, Resolved, Surface, SurfaceKind};
use crate::{prompts, resources};

/// What every session of one server shares.
struct Core {
    surface: Surface,
    flow: Flow,
    /// YOLO/AUTOPILOT: destructive actions run unasked.
    autonomous: bool,
    /// The completions' short-lived cache, shared by every session.
    completions: Completions,
    /// Where the project a call leaves out is looked for.
    default_project: DefaultProject,
}

/// How a [`GitLabMcp`] behaves, apart from the GitLab client it talks through.
pub struct Options {
    pub surface: SurfaceKind,
    /// What the operator allows: read-only, toolsets, projects.
    pub access: Access,
    /// The runtime's wizard driver (state keys, elicitation timeout, transport).
    pub flow: Flow,
    /// [`autonomy`](crate::config::autonomy) of `GITLAB_MCP_YOLO_MODE` and `AUTOPILOT`.
    pub autonomous: bool,
    /// Where the project a call leaves out is looked for.
    pub default_project: DefaultProject,
}

/// The server handler, the same on stdio and HTTP. Cloning is cheap; clones share the
/// tool surface, the Flow and the completions' cache. A clone is a new session: it
/// starts with no resource subscriptions of its own (stdio serves one handler, HTTP
/// clones one per session).
pub struct GitLabMcp {
    core: Arc<Core>,
    gitlab: GitLab,
    /// The protocol revisions served; rmcp's full list unless narrowed.
    versions: Cow<'static, [ProtocolVersion]>,
    /// This session's `resources/subscribe` subscriptions.
    subscriptions: Arc<subscriptions::Session>,
    /// This session's default project, once looked for.
    default_project: Arc<SessionDefault>,
    /// How often subscribed resources are read again.
    polling: Duration,
    /// Whether `initialize` advertises `resources.subscribe`: not where no notification
    /// can reach a client that came through it (stateless HTTP).
    legacy_subscriptions: bool,
    /// On stdio without a credential: the sign-in a call offers the user.
    sign_in: Option<Arc<OnDemand>>,
    /// `GITLAB_MCP_INSTANCES`: the GitLabs a call may pick, the first being `gitlab`.
    instances: Option<Arc<[Instance]>>,
    /// This session's default instance and each instance's default project.
    session_instances: Arc<SessionInstances>,
    /// `--conformance`: the conformance suite's fixture tools, prompts and resources.
    #[cfg(feature = "conformance")]
    fixtures: Option<Fixtures>,
}

impl Clone for GitLabMcp {
    fn clone(&self) -> Self {
        GitLabMcp {
            core: Arc::clone(&self.core),
            gitlab: self.gitlab.clone(),
            versions: self.versions.clone(),
            subscriptions: Arc::default(),
            default_project: Arc::default(),
            polling: self.polling,
            legacy_subscriptions: self.legacy_subscriptions,
            sign_in: self.sign_in.clone(),
            instances: self.instances.clone(),
            session_instances: Arc::default(),
            #[cfg(feature = "conformance")]
            fixtures: self.fixtures.clone(),
        }
    }
}

impl GitLabMcp {
    pub fn new(gitlab: GitLab, options: Options) -> Self {
        GitLabMcp {
            core: Arc::new(Core {
                surface: Surface::new(options.surface, catalog(), options.access),
                // The server's own wording of every ending, whatever flow it is given.
                flow: options.flow.with_texts(GitLabTexts),
                autonomous: options.autonomous,
                completions: Completions::new(),
                default_project: options.default_project,
            }),
            gitlab,
            versions: Cow::Borrowed(ProtocolVersion::KNOWN_VERSIONS),
            subscriptions: Arc::default(),
            default_project: Arc::default(),
            polling: subscriptions::POLL_INTERVAL,
            legacy_subscriptions: true,
            sign_in: None,
            instances: None,
            session_instances: Arc::default(),
            #[cfg(feature = "conformance")]
            fixtures: None,
        }
    }

    /// The same server with several GitLab instances, every tool taking `instance`; the
    /// first is the one it was made with.
    ///
    /// # Panics
    /// When the server was cloned already: instances are set up before it serves.
    #[must_use]
    pub fn with_instances(mut self, instances: Vec<Instance>) -> Self {
        let names: Vec<String> = instances.iter().map(|i| i.name.clone()).collect();
        // One instance is no choice: its tools take no `instance`.
        if names.len() > 1 {
            Arc::get_mut(&mut self.core)
                .expect("instances are set up before the server is shared")
                .surface
                .add_instance_argument(&names);
        }
        self.instances = Some(instances.into());
        self
    }

    /// The same server offering `sign_in` to a call made while it has no credential.
    #[must_use]
    pub fn with_sign_in(mut self, sign_in: OnDemand) -> Self {
        self.sign_in = Some(Arc::new(sign_in));
        self
    }

    #[cfg(test)]
    /// The same server reading subscribed resources again every `every`
    /// ([`subscriptions::POLL_INTERVAL`] unless said).
    #[must_use]
    pub fn polling_every(mut self, every: Duration) -> Self {
        self.polling = every;
        self
    }

    /// The same server also offering the conformance suite's fixtures (`--conformance`).
    #[cfg(feature = "conformance")]
    #[must_use]
    pub fn with_fixtures(mut self, fixtures: Fixtures) -> Self {
        self.fixtures = Some(fixtures);
        self
    }

    /// The same server without `resources.subscribe` in its `initialize` answer: on
    /// stateless HTTP no stream outlives a request, so a client that came through
    /// `initialize` (2025-11-25 and earlier) could never receive an update.
    /// (`subscriptions/listen`, on 2026-07-28, streams its updates in its own answer.)
    #[must_use]
    pub fn without_legacy_subscriptions(mut self) -> Self {
        self.legacy_subscriptions = false;
        self
    }

    /// The same server serving no revision newer than `newest`. A stateful HTTP
    /// deployment stops at 2025-11-25: rmcp routes a 2026-07-28 request past its
    /// sessions, and with the narrowed list it answers HTTP 400 / `-32022` with
    /// `data.supported` instead of serving it.
    #[must_use]
    pub fn serving_up_to(mut self, newest: &ProtocolVersion) -> Self {
        self.versions = Cow::Borrowed(ProtocolVersion::known_up_to(newest));
        self
    }

    /// The GitLab client for one request: an HTTP request that carried its own token
    /// (taken out of its headers into a [`RequestToken`]) calls GitLab with that token,
    /// over the same connection pool; every other request uses the server's token.
    fn gitlab_for(&self, context: &RequestContext<RoleServer>) -> Cow<'_, GitLab> {
        let token = context
            .extensions
            .get::<Parts>()
            .and_then(|parts| parts.extensions.get::<RequestToken>());
        match token {
            Some(RequestToken(token)) => Cow::Owned(self.gitlab.with_token(token.clone())),
            None => Cow::Borrowed(&self.gitlab),
        }
    }

    /// Wrapped for serving on any transport: the wrapper records the version the client
    /// asked for in `initialize` and serves MRTR to a client that declared 2026-07-28
    /// there. Build one per session (stdio: one; HTTP: in the session factory).
    pub fn into_service(self) -> Serve<Self> {
        Serve::new(self)
    }

    pub fn surface(&self) -> &Surface {
        &self.core.surface
    }

    /// The GitLab client of requests that bring no token of their own.
    pub fn gitlab(&self) -> &GitLab {
        &self.gitlab
    }

    fn config() -> ServerConfig {
        let capabilities = ServerCapabilities::builder()
            .enable_completions()
            .enable_prompts()
            .enable_resources()
            .enable_resources_subscribe()
            .enable_tools()
            .build();
        InitializeResult::new(capabilities).with_server_info(
            Implementation::new("gitlab-mcp-server", env!("CARGO_PKG_VERSION"))
                .with_title("GitLab MCP Server"),
        )
    }

    /// What the server is for and how its tools are used, then what the parameters every
    /// tool shares mean, said once here rather than on each tool.
    fn instructions(&self) -> String {
        const AREAS: &str = "merge requests and reviews, issues and work items, pipelines and job logs, the repository, releases, packages and the container registry, runners, vulnerabilities, projects, the user's to-do list";
        let surface = match self.core.surface.kind() {
            SurfaceKind::Dynamic => format!(
                "Work with GitLab: {AREAS}. Find an action with gitlab_find_action (in the user's words), then run it with gitlab_execute_action. The interactive.* actions create or merge step by step, asking the user through elicitation; api.request reaches the rest of GitLab's REST API."
            ),
            SurfaceKind::Meta => format!(
                "Work with GitLab through one tool per kind of object (gitlab_merge_request, gitlab_issue, gitlab_pipeline, gitlab_branch, …; set `action`): {AREAS}. The gitlab_interactive_* tools create or merge step by step, asking the user through elicitation; gitlab_api reaches the rest of GitLab's REST API."
            ),
            SurfaceKind::Individual => format!(
                "Work with GitLab, one tool per action: {AREAS}. The gitlab_interactive_* tools create or merge step by step, asking the user through elicitation; gitlab_api_request reaches the rest of GitLab's REST API."
            ),
        };
        format!("{surface} {SHARED_PARAMETERS}")
    }

    /// Runs one tool call. An unknown tool is a protocol error; everything else the
    /// caller should read (bad arguments, refusals, GitLab errors) is an error result.
    pub async fn call(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        #[cfg(feature = "conformance")]
        if let Some(fixtures) = &self.fixtures
            && let Some(response) = fixtures.call(&self.core.flow, &request, &context).await
        {
            return response;
        }
        // With several instances, the call's own (`instance` taken out of its arguments).
        let mut arguments = request.arguments.clone();
        let instance = match &self.instances {
            Some(instances) => {
                let given = arguments.get_or_insert_with(Default::default);
                let chosen = self
                    .session_instances
                    .choose(instances, given, &context.peer);
                match chosen.await {
                    Ok(index) => Some((index, &instances[index])),
                    Err(why) => return Ok(error_result(why).into()),
                }
            }
            None => None,
        };
        let gitlab = match instance {
            Some((_, instance)) => Cow::Borrowed(&instance.gitlab),
            None => self.gitlab_for(&context),
        };
        let surface = &self.core.surface;
        let Some(resolved) = surface.resolve(&request.name, arguments.as_ref()) else {
            return Err(McpError::invalid_params(
                format!(
                    "unknown tool `{}`; list the tools with tools/list",
                    request.name
                ),
                None,
            ));
        };
        let resolved = match resolved {
            Ok(resolved) => resolved,
            Err(envelope) => return Ok(error_result(envelope.0).into()),
        };
        // Every round of this call is sealed for, and claimed by, the caller it acts as.
        let flow = self.core.flow.for_caller(gitlab.caller());
        let (action, mut params, confirm, may_elicit) = match resolved {
            Resolved::Found(actions) => {
                let found = serde_json::to_value(FoundActions { actions })
                    .expect("found actions serialise");
                return Ok(CallToolResult::structured(found).into());
            }
            Resolved::Run {
                action,
                params,
                confirm,
                may_elicit,
            } => (action, params, confirm, may_elicit),
        };
        // A project left out is the default project, and the answer says which it was.
        let mut defaulted = None;
        if action.takes_default_project() && params.get(PROJECT_ID).is_none_or(Value::is_null) {
            let (looks, session) = match (instance, &self.instances) {
                (Some((index, instance)), Some(instances)) => (
                    &instance.default_project,
                    self.session_instances.default_of(instances, index),
                ),
                _ => (&self.core.default_project, &*self.default_project),
            };
            match session.get(looks, &context.peer).await {
                Ok(found) => {
                    params.insert(PROJECT_ID.to_owned(), json!(found.project));
                    defaulted = Some(found);
                }
                Err(why) => {
                    let text = format!("invalid parameters for `{}`: {why}", action.id);
                    return Ok(error_result(text).into());
                }
            }
        }
        let call = ToolCall {
            action,
            params,
            confirm,
            may_elicit,
            surface: surface.kind(),
            autonomous: self.core.autonomous,
            access: instance.map_or(surface.access(), |(_, instance)| &instance.access),
            gitlab: &gitlab,
            // The sign-in on offer is the first instance's.
            sign_in: self
                .sign_in
                .as_deref()
                .filter(|_| instance.is_none_or(|(index, _)| index == 0)),
            flow: &flow,
            request: &request,
            context: &context,
        };
        let mut response = call.run().await;
        if let (Some(found), CallToolResponse::Complete(result)) = (defaulted, &mut response) {
            result.content.push(ContentBlock::text(format!(
                "project: `{}`, the default project ({})",
                found.project, found.from
            )));
        }
        Ok(response)
    }
}

impl ServerHandler for GitLabMcp {
    fn get_info(&self) -> ServerConfig {
        Self::config().with_instructions(self.instructions())
    }

    fn supported_protocol_versions(&self) -> Cow<'static, [ProtocolVersion]> {
        self.versions.clone()
    }

    async fn initialize(
        &self,
        request: InitializeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<InitializeResult, McpError> {
        context.peer.set_peer_info(request.clone());
        let mut result = self.negotiate_initialize(&request)?;
        if !self.legacy_subscriptions
            && let Some(resources) = &mut result.capabilities.resources
        {
            resources.subscribe = None;
        }
        Ok(result)
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, McpError> {
        #[cfg_attr(
            not(feature = "conformance"),
            expect(unused_mut, reason = "only the fixtures change it")
        )]
        let mut tools = self.core.surface.tools().to_vec();
        #[cfg(feature = "conformance")]
        if let Some(fixtures) = &self.fixtures {
            tools.extend_from_slice(fixtures.tools());
        }
        Ok(ListToolsResult::with_all_items(tools))
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        #[cfg(feature = "conformance")]
        if let Some(tool) = self.fixtures.as_ref().and_then(|f| f.tool(name)) {
            return Some(tool.clone());
        }
        self.core.surface.tool(name).cloned()
    }

    async fn list_prompts(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, McpError> {
        let mut listed = Vec::new();
        #[cfg(feature = "conformance")]
        if let Some(fixtures) = &self.fixtures {
            listed.extend(fixtures.prompts());
        }
        listed.extend(prompts::offered(self.core.surface.access()));
        Ok(ListPromptsResult::with_all_items(listed))
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, McpError> {
        #[cfg(feature = "conformance")]
        if let Some(fixtures) = &self.fixtures
            && let Some(response) = fixtures.get_prompt(&request, &context)
        {
            return response;
        }
        let gitlab = self.gitlab_for(&context);
        let reads = Reads::new(&gitlab, self.core.surface.access());
        prompts::get(&reads, &request.name, request.arguments.as_ref())
            .await
            .map(GetPromptResponse::Complete)
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, McpError> {
        let mut listed = Vec::new();
        #[cfg(feature = "conformance")]
        if let Some(fixtures) = &self.fixtures {
            listed.extend(fixtures.resources());
        }
        let gitlab = self.gitlab_for(&context);
        let reads = Reads::new(&gitlab, self.core.surface.access());
        match resources::listing::projects(&reads).await {
            Ok(projects) => listed.extend(projects),
            // Without the `projects` toolset there are no projects to list; the
            // templates still name every resource.
            Err(ReadError::Refused(_)) => {}
            Err(error) => {
                return Err(McpError::internal_error(
                    format!("listing your projects as resources failed: {error}"),
                    None,
                ));
            }
        }
        Ok(ListResourcesResult::with_all_items(listed))
    }

    async fn list_resource_templates(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, McpError> {
        let mut listed = Vec::new();
        #[cfg(feature = "conformance")]
        if let Some(fixtures) = &self.fixtures {
            listed.extend(fixtures.resource_templates());
        }
        listed.extend(resources::templates::offered(self.core.surface.access()));
        Ok(ListResourceTemplatesResult::with_all_items(listed))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, McpError> {
        #[cfg(feature = "conformance")]
        if let Some(fixtures) = &self.fixtures
            && let Some(read) = fixtures.read_resource(&request.uri)
        {
            return Ok(read.into());
        }
        let gitlab = self.gitlab_for(&context);
        let reads = Reads::new(&gitlab, self.core.surface.access());
        resources::read(&reads, &request.uri).await.map(Into::into)
    }

    async fn subscribe(
        &self,
        request: SubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), McpError> {
        let gitlab = self.gitlab_for(&context).into_owned();
        #[cfg(feature = "conformance")]
        if let Some(fixtures) = &self.fixtures
            && fixtures.has_resource(&request.uri)
        {
            return self.subscriptions.subscribe_fixed(&request.uri, gitlab);
        }
        let access = self.core.surface.access();
        self.subscriptions
            .subscribe(&request.uri, gitlab, access, context.peer, self.polling)
            .await
    }

    async fn unsubscribe(
        &self,
        request: UnsubscribeRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), McpError> {
        self.subscriptions.unsubscribe(&request.uri);
        Ok(())
    }

    fn accepted_subscription_filter(
        &self,
        requested: &SubscriptionFilter,
    ) -> Option<SubscriptionFilter> {
        #[cfg(feature = "conformance")]
        if let Some(fixtures) = &self.fixtures {
            return Some(subscriptions::accepted(requested, |uri| {
                fixtures.has_resource(uri)
            }));
        }
        Some(subscriptions::accepted(requested, |_| false))
    }

    async fn listen(&self, context: SubscriptionContext) -> Result<(), McpError> {
        let gitlab = self.gitlab_for(context.request_context()).into_owned();
        let access = self.core.surface.access().clone();
        subscriptions::listen(context, gitlab, access, self.polling).await;
        Ok(())
    }

    async fn complete(
        &self,
        request: CompleteRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CompleteResult, McpError> {
        #[cfg(feature = "conformance")]
        if let Some(fixtures) = &self.fixtures
            && let Some(completion) = fixtures.complete(
                &request.r#ref,
                &request.argument.name,
                &request.argument.value,
            )
        {
            return Ok(CompleteResult::new(completion));
        }
        let gitlab = self.gitlab_for(&context);
        let reads = Reads::new(&gitlab, self.core.surface.access());
        self.core
            .completions
            .complete(&reads, &request)
            .await
            .map(CompleteResult::new)
    }

    async fn on_roots_list_changed(&self, _context: NotificationContext<RoleServer>) {
        self.default_project.forget().await;
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        self.call(request, context).await
    }
}
