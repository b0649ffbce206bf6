//! The 2026-07-28 fixtures of the `input-required-result-*` scenarios (SEP-2322): each
//! a list of rounds for [`rounds::step`] and the text it completes with.

use rmcp::ErrorData as McpError;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, GetPromptRequestParams,
    GetPromptResponse, GetPromptResult, PromptMessage, RequestStateCodec, Role,
};
use rmcp::service::{RequestContext, RoleServer};
use serde_json::{Value, json};
use wizard::prompt::ClientView;
use wizard::state::{CallDigest, Caller};

use super::rounds::{self, Answers, Call, Need, Request, Standing, text_form};
use crate::catalog::output::error_result;

/// The MRTR fixture tools, by name.
pub const TOOLS: [(&str, &str); 9] = [
    (
        "test_input_required_result_elicitation",
        "Asks for the user's name (key `user_name`), then greets them. Answers without a requestState count.",
    ),
    (
        "test_input_required_result_sampling",
        "Asks the client's model for the capital of France (key `capital_question`), then returns its answer.",
    ),
    (
        "test_input_required_result_list_roots",
        "Asks for the client's roots (key `client_roots`), then lists them.",
    ),
    (
        "test_input_required_result_request_state",
        "Asks for a confirmation (key `confirm`) with a signed requestState, and completes with `state-ok` once the echoed state verifies.",
    ),
    (
        "test_input_required_result_multiple_inputs",
        "Asks for a name, a sampled greeting and the client's roots in one round.",
    ),
    (
        "test_input_required_result_multi_round",
        "Asks for a name (`step1`), then a favourite colour (`step2`), each round with a new requestState.",
    ),
    (
        "test_input_required_result_tampered_state",
        "Asks for a confirmation with a signed requestState; an altered state is refused with -32602.",
    ),
    (
        "test_input_required_result_capabilities",
        "Asks for a name, a sampled answer and the roots, each only if the client declared that capability.",
    ),
    (
        "test_missing_capability",
        "Needs the client's `sampling` capability: without it the call fails with -32021 naming it.",
    ),
];

/// The prompt of the non-tool-request scenario.
pub const PROMPT: &str = "test_input_required_result_prompt";

fn name_form(key: &'static str, message: &'static str) -> Request {
    text_form(key, message, "name")
}

fn capital() -> Request {
    Request {
        key: "capital_question",
        need: Need::Sampling {
            text: "What is the capital of France?",
            max_tokens: 100,
        },
    }
}

fn roots() -> Request {
    Request {
        key: "client_roots",
        need: Need::Roots,
    }
}

fn confirm() -> Request {
    let schema = json!({
        "type": "object",
        "properties": {"ok": {"type": "boolean"}},
        "required": ["ok"],
    });
    Request {
        key: "confirm",
        need: Need::Form {
            message: "Please confirm",
            schema,
        },
    }
}

/// The rounds of `tool`, and whether its first answers need a state. `None` for a
/// tool that is not an MRTR fixture.
fn rounds_of(tool: &str, view: &ClientView) -> Option<(Vec<Vec<Request>>, bool)> {
    let rounds = match tool {
        "test_input_required_result_elicitation" => {
            vec![vec![name_form("user_name", "What is your name?")]]
        }
        "test_input_required_result_sampling" => vec![vec![capital()]],
        "test_input_required_result_list_roots" => vec![vec![roots()]],
        "test_input_required_result_request_state"
        | "test_input_required_result_tampered_state" => {
            return Some((vec![vec![confirm()]], true));
        }
        "test_input_required_result_multiple_inputs" => vec![vec![
            name_form("user_name", "What is your name?"),
            Request {
                key: "greeting",
                need: Need::Sampling {
                    text: "Generate a greeting",
                    max_tokens: 50,
                },
            },
            roots(),
        ]],
        "test_input_required_result_multi_round" => vec![
            vec![name_form("step1", "Step 1: What is your name?")],
            vec![text_form(
                "step2",
                "Step 2: What is your favorite color?",
                "color",
            )],
        ],
        // Only what the client declared is asked.
        "test_input_required_result_capabilities" => vec![
            [
                name_form("user_name", "What is your name?"),
                capital(),
                roots(),
            ]
            .into_iter()
            .filter(|ask| rounds::declared(view, &ask.need))
            .collect(),
        ],
        "test_missing_capability" => vec![vec![capital()]],
        _ => return None,
    };
    Some((rounds, false))
}

/// Runs the MRTR fixture the call names; `None` when it names none.
pub fn call(
    codec: &RequestStateCodec,
    request: &CallToolRequestParams,
    context: &RequestContext<RoleServer>,
) -> Option<Result<CallToolResponse, McpError>> {
    let view = ClientView::of(context);
    let (rounds, needs_state) = rounds_of(&request.name, &view)?;
    let needed: Vec<Request> = rounds.iter().flatten().cloned().collect();
    if let Err(missing) = rounds::require(&view, &needed) {
        return Some(Err(missing));
    }
    if !view.uses_mrtr() {
        let text = format!(
            "`{}` asks through multi-round-trip requests, which need protocol 2026-07-28",
            request.name
        );
        return Some(Ok(error_result(text).into()));
    }
    let call = Call {
        digest: CallDigest::of(&Caller::ANYONE, &request.name, request.arguments.as_ref()),
        rounds: &rounds,
        responses: request.input_responses.as_ref(),
        state: request.request_state.as_deref(),
        needs_state,
    };
    Some(rounds::step(codec, &call).map(|progress| match progress {
        Standing::Asking(input) => CallToolResponse::InputRequired(input),
        Standing::Done(answers) => {
            let text = finished(&request.name, &answers);
            CallToolResult::success(vec![ContentBlock::text(text)]).into()
        }
    }))
}

/// The text a finished MRTR fixture completes with.
fn finished(tool: &str, answers: &Answers) -> String {
    let name = |key: &str| field(answers, key, "name");
    match tool {
        "test_input_required_result_elicitation" => format!("Hello, {}!", name("user_name")),
        "test_input_required_result_sampling" | "test_missing_capability" => {
            format!(
                "The client's model answered: {}",
                text(answers, "capital_question")
            )
        }
        "test_input_required_result_list_roots" => {
            format!("The client's roots: {}", roots_of(answers))
        }
        "test_input_required_result_request_state" => format!(
            "state-ok: the echoed requestState verified, and the answer was {}",
            answers
                .get("confirm")
                .map_or_else(String::new, Value::to_string)
        ),
        "test_input_required_result_tampered_state" => {
            "The echoed requestState verified.".to_owned()
        }
        "test_input_required_result_multiple_inputs" => format!(
            "Hello, {}! The client's model suggested: {}. The client's roots: {}",
            name("user_name"),
            text(answers, "greeting"),
            roots_of(answers)
        ),
        "test_input_required_result_multi_round" => format!(
            "Hello, {}! Your favorite color is {}.",
            name("step1"),
            field(answers, "step2", "color")
        ),
        _ => format!("Received the inputs: {}", Value::Object(answers.clone())),
    }
}

/// `prompts/get` of [`PROMPT`]: asks for the context (key `user_context`), then returns
/// a prompt using it.
pub fn get_prompt(
    codec: &RequestStateCodec,
    request: &GetPromptRequestParams,
    context: &RequestContext<RoleServer>,
) -> Result<GetPromptResponse, McpError> {
    let ask = text_form(
        "user_context",
        "What context should the prompt use?",
        "context",
    );
    let view = ClientView::of(context);
    rounds::require(&view, std::slice::from_ref(&ask))?;
    if !view.uses_mrtr() {
        return Err(McpError::invalid_request(
            format!(
                "the prompt `{PROMPT}` asks through multi-round-trip requests, which need protocol 2026-07-28"
            ),
            None,
        ));
    }
    let rounds = vec![vec![ask]];
    let call = Call {
        digest: CallDigest::of(&Caller::ANYONE, &request.name, request.arguments.as_ref()),
        rounds: &rounds,
        responses: request.input_responses.as_ref(),
        state: request.request_state.as_deref(),
        needs_state: false,
    };
    match rounds::step(codec, &call)? {
        Standing::Asking(input) => Ok(GetPromptResponse::InputRequired(input)),
        Standing::Done(answers) => {
            let context = field(&answers, "user_context", "context");
            let text = format!("Answer the next question using this context: {context}");
            let message = PromptMessage::new_text(Role::User, text);
            Ok(GetPromptResponse::Complete(
                GetPromptResult::new(vec![message])
                    .with_description("A prompt built from the context the user gave"),
            ))
        }
    }
}

/// A form answer's field, or what the user did instead (`declined`, `cancelled`).
fn field(answers: &Answers, key: &str, name: &str) -> String {
    let answer = answers.get(key);
    match answer.and_then(|answer| answer.pointer(&format!("/content/{name}"))) {
        Some(Value::String(text)) => text.clone(),
        Some(other) => other.to_string(),
        None => match answer.and_then(|answer| answer["action"].as_str()) {
            Some("decline") => "(declined)".to_owned(),
            Some("cancel") => "(cancelled)".to_owned(),
            _ => "(not given)".to_owned(),
        },
    }
}

fn text(answers: &Answers, key: &str) -> String {
    answers
        .get(key)
        .and_then(|answer| answer["text"].as_str())
        .unwrap_or_default()
        .to_owned()
}

fn roots_of(answers: &Answers) -> String {
    let roots: Vec<&str> = answers
        .get("client_roots")
        .and_then(|answer| answer["roots"].as_array())
        .map(|roots| roots.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    if roots.is_empty() {
        "none".to_owned()
    } else {
        roots.join(", ")
    }
}
