//! A server whose tools exercise the primitives and the destructive guard.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use rmcp::ServerHandler;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, ErrorData,
    ServerCapabilities, ServerConfig,
};
use rmcp::service::{RequestContext, RoleServer};
use serde_json::{Value, json};
use wizard::Flow;
use wizard::guard::{Destructive, guard};
use wizard::prompt::PromptError;
use wizard::prompt::Prompter;

pub struct Prims {
    pub flow: Flow,
    /// How many times the destructive action really ran.
    pub executed: Arc<AtomicUsize>,
    /// The server's own yes (its policy), and whether the surface may ask.
    pub approved: bool,
    pub may_elicit: bool,
}

impl Prims {
    pub fn new(flow: Flow) -> Self {
        Prims {
            flow,
            executed: Arc::new(AtomicUsize::new(0)),
            approved: false,
            may_elicit: true,
        }
    }
}

fn done(value: Value) -> CallToolResponse {
    CallToolResponse::Complete(CallToolResult::success(vec![ContentBlock::text(
        value.to_string(),
    )]))
}

/// Pending becomes the `input_required` round; anything else an error result whose
/// text starts with the variant, e.g. `Malformed: …`.
fn failed(prompter: &Prompter, error: PromptError) -> CallToolResponse {
    if error == PromptError::Pending {
        return CallToolResponse::InputRequired(
            prompter.input_required().expect("a question is queued"),
        );
    }
    let variant = format!("{error:?}");
    let variant = variant.split('(').next().unwrap_or_default().to_owned();
    CallToolResponse::Complete(CallToolResult::error(vec![ContentBlock::text(format!(
        "{variant}: {error}"
    ))]))
}

pub fn details_schema() -> serde_json::Map<String, Value> {
    json!({
        "type": "object",
        "properties": {
            "email": {"type": "string", "format": "email"},
            "age": {"type": "integer", "minimum": 0, "maximum": 150},
            "plan": {"type": "string", "enum": ["free", "team"]}
        },
        "required": ["email", "plan"]
    })
    .as_object()
    .cloned()
    .expect("an object")
}

async fn everything(p: &mut Prompter) -> Result<Value, PromptError> {
    let ok = p.confirm("ok", "Proceed?").await?;
    let name = p.text("name", "Your name?", "name").await?;
    let count = p
        .number("n", "How many?", "count", Some(1.0), Some(10.0))
        .await?;
    let color = p.select_one("color", "Colour?", &["red", "green"]).await?;
    let size = p.select_one_int("size", "Size?", &[8, 16, 32]).await?;
    let tags = p
        .select_multi("tags", "Tags?", &["a", "b", "c"], Some(1), Some(2))
        .await?;
    let form = p.gather("form", "Details?", details_schema()).await?;
    Ok(
        json!({"ok": ok, "name": name, "count": count, "color": color, "size": size, "tags": tags, "form": form}),
    )
}

impl ServerHandler for Prims {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let mut p = self.flow.prompter(&request, &context);
        let arg = |name: &str| {
            request
                .arguments
                .as_ref()
                .and_then(|a| a.get(name))
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_owned()
        };
        let answer = match request.name.as_ref() {
            "everything" => everything(&mut p).await,
            "no_options" => p
                .select_one("pick", "Pick one", &[] as &[&str])
                .await
                .map(Value::from),
            "nested_form" => {
                let schema = json!({"type": "object", "properties": {"a": {"type": "object"}}})
                    .as_object()
                    .cloned();
                p.gather("form", "Nested?", schema.unwrap_or_default())
                    .await
                    .map(Value::Object)
            }
            "open" => p
                .open_url("open", "Open the page", &arg("url"))
                .await
                .map(|()| json!("opened")),
            "delete" => {
                // The policy of this test server: approved up front, or `"confirm": true`.
                let confirmed = request.arguments.as_ref().and_then(|a| a.get("confirm"))
                    == Some(&Value::Bool(true));
                let call = Destructive {
                    approved: self.approved || confirmed,
                    may_ask: self.may_elicit,
                    refusal: "action \"issue.delete\" is destructive. Re-send with confirm=true only after the user explicitly approves this operation.",
                    question: "Delete issue #1?",
                    title: "Delete the issue?",
                };
                if let Some(response) = guard(&mut p, call).await {
                    return Ok(response);
                }
                self.executed.fetch_add(1, Ordering::SeqCst);
                Ok(json!("deleted"))
            }
            other => return Err(ErrorData::invalid_params(format!("no tool {other}"), None)),
        };
        Ok(match answer {
            Ok(value) => done(value),
            Err(error) => failed(&p, error),
        })
    }
}
