//! The prompt fixtures the conformance suite gets by fixed names — a simple one, one with
//! arguments, one embedding a resource, one with an image — and the completion of the
//! argument `arg1`.

use rmcp::ErrorData as McpError;
use rmcp::model::{
    CompletionInfo, ContentBlock, GetPromptRequestParams, GetPromptResult, Prompt, PromptArgument,
    PromptMessage, ResourceContents, Role,
};

use super::resources::PNG;

pub const SIMPLE: &str = "test_simple_prompt";
pub const WITH_ARGUMENTS: &str = "test_prompt_with_arguments";
pub const EMBEDDED_RESOURCE: &str = "test_prompt_with_embedded_resource";
pub const WITH_IMAGE: &str = "test_prompt_with_image";

/// What `arg1` is completed from.
const ARG1_VALUES: [&str; 5] = ["paris", "park", "party", "test", "testing"];

pub fn prompts() -> Vec<Prompt> {
    let argument = |name: &str, description: &str| {
        PromptArgument::new(name)
            .with_description(description)
            .with_required(true)
    };
    vec![
        Prompt::new(
            SIMPLE,
            Some("A prompt without arguments (conformance fixture)"),
            None,
        ),
        Prompt::new(
            WITH_ARGUMENTS,
            Some("A prompt with two arguments (conformance fixture)"),
            Some(vec![
                argument("arg1", "First test argument"),
                argument("arg2", "Second test argument"),
            ]),
        ),
        Prompt::new(
            EMBEDDED_RESOURCE,
            Some("A prompt embedding a resource (conformance fixture)"),
            Some(vec![argument(
                "resourceUri",
                "URI of the resource to embed",
            )]),
        ),
        Prompt::new(
            WITH_IMAGE,
            Some("A prompt with an image (conformance fixture)"),
            None,
        ),
    ]
}

/// The fixture prompt the request names; `None` when it names none.
pub fn get(request: &GetPromptRequestParams) -> Option<Result<GetPromptResult, McpError>> {
    let argument = |name: &str| {
        request
            .arguments
            .as_ref()
            .and_then(|arguments| arguments.get(name))
            .and_then(|value| value.as_str())
            .map(str::to_owned)
            .ok_or_else(|| {
                McpError::invalid_params(
                    format!("prompt `{}`: `{name}` is required", request.name),
                    None,
                )
            })
    };
    let user = |text: &str| PromptMessage::new_text(Role::User, text);
    let messages = match request.name.as_str() {
        SIMPLE => Ok(vec![user("This is a simple prompt for testing.")]),
        WITH_ARGUMENTS => argument("arg1").and_then(|arg1| {
            let arg2 = argument("arg2")?;
            Ok(vec![user(&format!(
                "Prompt with arguments: arg1='{arg1}', arg2='{arg2}'"
            ))])
        }),
        EMBEDDED_RESOURCE => argument("resourceUri").map(|uri| {
            let embedded = ResourceContents::text("Embedded resource content for testing.", uri);
            vec![
                PromptMessage::new(Role::User, ContentBlock::resource(embedded)),
                user("Please process the embedded resource above."),
            ]
        }),
        WITH_IMAGE => Ok(vec![
            PromptMessage::new(Role::User, ContentBlock::image(PNG, "image/png")),
            user("Please analyze the image above."),
        ]),
        _ => return None,
    };
    Some(messages.map(GetPromptResult::new))
}

/// Completes `arg1` of [`WITH_ARGUMENTS`]; `None` for anything else.
pub fn complete(prompt: &str, argument: &str, typed: &str) -> Option<CompletionInfo> {
    if prompt != WITH_ARGUMENTS {
        return None;
    }
    let values: Vec<String> = match argument {
        "arg1" => ARG1_VALUES
            .iter()
            .filter(|value| value.starts_with(typed))
            .map(|value| (*value).to_owned())
            .collect(),
        _ => Vec::new(),
    };
    CompletionInfo::with_all_values(values).ok()
}
