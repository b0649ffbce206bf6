//! `ask_single_form` over a real rmcp pair: the same one form, and the same checks
//! of its answers, on the sync path and on MRTR rounds.

use rmcp::ServerHandler;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ContentBlock,
    ErrorData, ServerCapabilities, ServerConfig,
};
use rmcp::service::{RequestContext, RoleServer};
use serde_json::{Value, json};
use wizard::prompt::PromptError;
use wizard::single_form::ask as ask_single_form;
use wizard::single_form::schema as combined_schema;
use wizard::testkit::{Path, Reply, ScriptedClient, accept, connect};
use wizard::{Flow, Serve, StateKeys, Wizard};

/// Books a desk.
#[derive(Debug, Wizard)]
#[wizard(tool = "book_desk", single_form)]
struct Desk {
    #[tool_arg]
    floor: u8,
    #[ask("Your name")]
    name: String,
    #[ask("How many hours?", min = 1, max = 8)]
    hours: u8,
    #[ask("Near a window?", default = true)]
    window: bool,
}

struct Desks(Flow);

impl ServerHandler for Desks {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let mut prompter = self.0.prompter(&request, &context);
        let args = DeskArgs { floor: 3 };
        let text = match ask_single_form::<Desk>(&mut prompter, "desk", "Book a desk", args).await {
            Ok(filled) => {
                let desk = filled.wizard;
                format!(
                    "{} on {} for {}h, window {}",
                    desk.name, desk.floor, desk.hours, desk.window
                )
            }
            Err(PromptError::Pending) => {
                let round = prompter.input_required().expect("the form is queued");
                return Ok(CallToolResponse::InputRequired(round));
            }
            Err(error) => {
                return Ok(
                    CallToolResult::error(vec![ContentBlock::text(error.to_string())]).into(),
                );
            }
        };
        Ok(CallToolResult::success(vec![ContentBlock::text(text)]).into())
    }
}

/// Calls `book_desk` on `path` answering `reply`: the result's text and error flag,
/// and the schemas the client was asked.
async fn book(path: Path, reply: Reply) -> (String, Option<bool>, Vec<Value>) {
    let capabilities = ClientCapabilities::builder().enable_elicitation().build();
    let client = ScriptedClient::new(capabilities, [reply]);
    let flow = Flow::new(StateKeys::random());
    let pair = connect(Serve::new(Desks(flow)), path, client.clone()).await;
    let result = pair
        .client
        .call_tool(CallToolRequestParams::new("book_desk"))
        .await
        .expect("the call ends");
    pair.close().await;
    let text = result
        .content
        .iter()
        .filter_map(|block| block.as_text())
        .map(|text| text.text.clone())
        .collect();
    let schemas = client
        .asked()
        .into_iter()
        .map(|asked| asked.schema)
        .collect();
    (text, result.is_error, schemas)
}

#[tokio::test]
async fn one_form_builds_the_wizard_on_both_paths() {
    let form = Value::Object(combined_schema::<Desk>().expect("the form can be asked"));
    for path in [Path::Sync, Path::Mrtr] {
        let answer = accept(json!({"name": "Ada", "hours": 4, "window": false}));
        let (text, is_error, schemas) = book(path, answer).await;
        assert_eq!(is_error, Some(false), "{path:?}: {text}");
        assert_eq!(text, "Ada on 3 for 4h, window false", "{path:?}");
        assert_eq!(
            schemas,
            std::slice::from_ref(&form),
            "{path:?}: one form, every question"
        );
    }
}

#[tokio::test]
async fn a_malformed_form_is_an_error_on_both_paths() {
    for path in [Path::Sync, Path::Mrtr] {
        let answer = accept(json!({"name": "Ada", "hours": 9, "window": true}));
        let (text, is_error, _) = book(path, answer).await;
        assert_eq!(is_error, Some(true), "{path:?}: {text}");
        assert!(
            text.contains("`hours` must be at most 8"),
            "{path:?}: {text}"
        );
    }
}
