//! `--conformance`: the fixture tools and the prompt the MCP conformance suite
//! (`@modelcontextprotocol/conformance`) calls by fixed names. Registered only under
//! that flag, beside the configured surface; a production server lists none of them.
//!
//! - [`forms`]: the 2025-11-25 elicitation fixtures, `#[derive(Wizard)]` single forms;
//! - [`mrtr`]: the 2026-07-28 `input-required-result-*` fixtures and their prompt, on
//!   the small engine in [`rounds`];
//! - [`plain`]: plain results, an error, progress, and the `server-stateless` probes.

pub mod forms;
pub mod mrtr;
pub mod plain;
pub mod rounds;

use std::sync::Arc;

use rmcp::ErrorData as McpError;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, GetPromptRequestParams, GetPromptResponse, Prompt,
    RequestStateCodec, Tool,
};
use rmcp::service::{RequestContext, RoleServer};
use serde_json::{Map, Value, json};
use wizard::prompt::Prompter;
use wizard::{Flow, Wizard};

use crate::catalog::input_schema;
use crate::execute::error_result;

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

    /// The one prompt: it asks for its context through an `input_required` round.
    pub fn prompts(&self) -> Vec<Prompt> {
        vec![Prompt::new(
            mrtr::PROMPT,
            Some("A prompt that first asks the user for its context (SEP-2322 on prompts/get)"),
            None,
        )]
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

    pub fn get_prompt(
        &self,
        request: &GetPromptRequestParams,
        context: &RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, McpError> {
        if request.name != mrtr::PROMPT {
            return Err(McpError::invalid_params(
                format!(
                    "unknown prompt `{}`; list the prompts with prompts/list",
                    request.name
                ),
                None,
            ));
        }
        mrtr::get_prompt(&self.codec, request, context)
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
