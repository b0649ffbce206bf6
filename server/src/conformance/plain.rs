//! The fixtures that ask nothing of a multi-round engine: plain tool results, an error,
//! progress, and the two `server-stateless` probes that check what a call does *not*
//! send (server-to-client requests, log messages).

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock,
    ProgressNotificationParam,
};
use rmcp::service::{RequestContext, RoleServer};
use wizard::Flow;
use wizard::prompt::PromptError;

use super::asking;
use crate::catalog::output::error_result;

/// The tools, by name, with their descriptions.
pub const TOOLS: [(&str, &str); 5] = [
    ("test_simple_text", "Returns one text block."),
    (
        "test_error_handling",
        "Always fails with a tool error (`isError: true`).",
    ),
    (
        "test_tool_with_progress",
        "Reports three progress notifications when the call carries a progress token, then returns.",
    ),
    (
        "test_logging_tool",
        "Returns a text block and sends no log message: this server offers no logging (deprecated by SEP-2577).",
    ),
    (
        "test_streaming_elicitation",
        "Asks for the user's name through the runtime's Flow: on 2026-07-28 as an input_required round, never as a request on the response stream.",
    ),
];

/// Runs the plain fixture the call names; `None` when it names none.
pub async fn call(
    flow: &Flow,
    request: &CallToolRequestParams,
    context: &RequestContext<RoleServer>,
) -> Option<CallToolResponse> {
    let text = match request.name.as_ref() {
        "test_simple_text" => "This is a simple text response for testing.".to_owned(),
        "test_error_handling" => {
            return Some(
                error_result("This tool intentionally returns an error for testing.").into(),
            );
        }
        "test_tool_with_progress" => {
            if let Some(token) = context.meta.get_progress_token() {
                for step in [0.0, 50.0, 100.0] {
                    let param = ProgressNotificationParam::new(token.clone(), step)
                        .with_total(100.0)
                        .with_message(format!("{step}% done"));
                    // A progress notification that cannot be delivered does not fail the call.
                    let _ = context.peer.notify_progress(param).await;
                }
            }
            "Finished with progress.".to_owned()
        }
        "test_logging_tool" => "Finished; nothing was logged.".to_owned(),
        "test_streaming_elicitation" => {
            let mut prompter = flow.prompter(request, context);
            match prompter
                .text("user_name", "What is your name?", "name")
                .await
            {
                Ok(name) => format!("Hello, {name}!"),
                Err(PromptError::Pending) => return Some(asking(&prompter, "the question")),
                Err(error) => {
                    return Some(error_result(format!("asking the name: {error}")).into());
                }
            }
        }
        _ => return None,
    };
    Some(CallToolResult::success(vec![ContentBlock::text(text)]).into())
}
