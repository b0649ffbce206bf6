//! `--conformance`: the fixture tools, prompts and resources the MCP conformance suite
//! (`@modelcontextprotocol/conformance`) calls by fixed names. Registered only under
//! that flag, beside the configured surface and the GitLab prompts and resources; a
//! production server lists none of them.
//!
//! - [`forms`]: the 2025-11-25 elicitation fixtures, `#[derive(Wizard)]` single forms;
//! - [`mrtr`]: the 2026-07-28 `input-required-result-*` fixtures and their prompt, on
//!   the small engine in [`rounds`];
//! - [`plain`]: plain results, an error, progress, and the `server-stateless` probes;
//! - [`prompts`]: the `prompts-get-*` prompts and the completion of their argument;
//! - [`resources`]: the `resources-*` resources (`test://…`) and their template.

pub mod forms;
pub mod mrtr;
pub mod plain;
pub mod prompts;
pub mod resources;
pub mod rounds;

use std::sync::Arc;

use rmcp::ErrorData as McpError;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CompletionInfo, GetPromptRequestParams,
    GetPromptResponse, Prompt, ReadResourceResult, Reference, RequestStateCodec, Resource,
    ResourceTemplate, Tool,
};
use rmcp::service::{RequestContext, RoleServer};
use serde_json::{Map, Value, json};
use wizard::prompt::Prompter;
use wizard::{Flow, Wizard};

use crate::catalog::input_schema;
use crate::catalog::output::error_result;

/// The fixtures of one server process. Cloning is cheap.
#[derive(Clone)]
pub struct Fixtures {
    tools: Arc<[Tool]>,
    /// Signs the MRTR fixtures' requestState; a key of their own, random per process.
    codec: Arc<RequestStateCodec>,
}

impl std::fmt::Debug for Fixtures {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Fixtures")
            .field("tools", &self.tools.len())
            .finish_non_exhaustive()
    }
}

impl Fixtures {
    /// # Panics
    /// When the operating system has no random source to offer.
    pub fn new() -> Self {
        let mut key = [0u8; 32];
        getrandom::fill(&mut key).expect("the operating system provides random bytes");
        let no_arguments = Arc::new(empty_object());
        let mut tools: Vec<Tool> = mrtr::TOOLS
            .into_iter()
            .chain(plain::TOOLS)
            .chain(forms::TOOLS)
            .map(|(name, description)| Tool::new(name, description, Arc::clone(&no_arguments)))
            .collect();
        // `test_elicitation` takes the message to show.
        let user_details = forms::UserDetails::INFO.tool;
        if let Some(tool) = tools.iter_mut().find(|tool| tool.name == user_details) {
            tool.input_schema = input_schema::<forms::UserDetailsArgs>();
        }
        Fixtures {
            tools: tools.into(),
            codec: Arc::new(
                RequestStateCodec::try_new(key.to_vec()).expect("a 32-byte key is long enough"),
            ),
        }
    }

    pub fn tools(&self) -> &[Tool] {
        &self.tools
    }

    pub fn tool(&self, name: &str) -> Option<&Tool> {
        self.tools.iter().find(|tool| tool.name == name)
    }

    /// The prompts: the one that asks for its context through an `input_required` round,
    /// then those of the `prompts-get-*` scenarios.
    pub fn prompts(&self) -> Vec<Prompt> {
        let mut listed = vec![Prompt::new(
            mrtr::PROMPT,
            Some("A prompt that first asks the user for its context (SEP-2322 on prompts/get)"),
            None,
        )];
        listed.extend(prompts::prompts());
        listed
    }

    pub fn resources(&self) -> Vec<Resource> {
        resources::resources()
    }

    pub fn resource_templates(&self) -> Vec<ResourceTemplate> {
        resources::templates()
    }

    /// The fixture resource `uri` names; `None` when it names none.
    pub fn read_resource(&self, uri: &str) -> Option<ReadResourceResult> {
        resources::read(uri)
    }

    /// Whether `uri` names a fixture resource.
    pub fn has_resource(&self, uri: &str) -> bool {
        resources::is_fixture(uri)
    }

    /// Completes an argument of a fixture prompt; `None` for anything else.
    pub fn complete(
        &self,
        reference: &Reference,
        argument: &str,
        typed: &str,
    ) -> Option<CompletionInfo> {
        prompts::complete(reference.as_prompt_name()?, argument, typed)
    }

    /// Runs the fixture the call names; `None` when it names none, so that the
    /// surface's tools are looked up next.
    pub async fn call(
        &self,
        flow: &Flow,
        request: &CallToolRequestParams,
        context: &RequestContext<RoleServer>,
    ) -> Option<Result<CallToolResponse, McpError>> {
        if let Some(response) = mrtr::call(&self.codec, request, context) {
            return Some(response);
        }
        if let Some(response) = plain::call(flow, request, context).await {
            return Some(Ok(response));
        }
        forms::call(flow, request, context).await.map(Ok)
    }

    /// The fixture prompt the request names; `None` when it names none, so that the
    /// GitLab prompts are looked up next.
    pub fn get_prompt(
        &self,
        request: &GetPromptRequestParams,
        context: &RequestContext<RoleServer>,
    ) -> Option<Result<GetPromptResponse, McpError>> {
        if request.name == mrtr::PROMPT {
            return Some(mrtr::get_prompt(&self.codec, request, context));
        }
        prompts::get(request).map(|result| result.map(GetPromptResponse::Complete))
    }
}

impl Default for Fixtures {
    fn default() -> Self {
        Self::new()
    }
}

fn empty_object() -> Map<String, Value> {
    match json!({"type": "object", "properties": {}}) {
        Value::Object(object) => object,
        _ => unreachable!("a JSON object literal"),
    }
}

/// The `input_required` round `prompter` queued, or an error result saying `what` could
/// not be queued.
fn asking(prompter: &Prompter, what: &str) -> CallToolResponse {
    match prompter.input_required() {
        Some(input) => CallToolResponse::InputRequired(input),
        None => error_result(format!("{what} could not be queued")).into(),
    }
}
