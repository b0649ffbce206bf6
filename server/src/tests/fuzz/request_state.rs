//! requestState opening, through every one of the server's wizards' MRTR rounds
//! (`Flow::mrtr_round`, what a 2026-07-28 `tools/call` runs): forged states, genuine ones
//! mutated a character at a time, cut, spliced or extended, and genuine ones as issued,
//! each with arbitrary `inputResponses` and sometimes other arguments than the ones it was
//! issued for.
//!
//! Every round ends in a question, the user's decision, the finished wizard or a failure
//! with its text; a state that is not exactly one this server issued is never used.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use crate::catalog::wizard::GitLabTexts;
use crate::gitlab::{GitLab, GitLabConfig};
use crate::wizards::{
    BranchWizard, IssueWizard, MergeRequestWizard, MergeWizard, MilestoneWizard, PipelineWizard,
    ProjectWizard, ReleaseWizard,
};
use proptest::prelude::*;
use rmcp::model::CallToolRequestParams;
use serde_json::{Map, Value, json};
use wizard::{Flow, Outcome, Stage, StateKeys, Wizard};

use super::inputs::{field_value, json, object, text};
use super::{Verdict, ensure, fuzz};

/// The server's wizards, each fuzzed: issue, merge request, release, project, pipeline
/// run, branch, milestone, merge.
const WIZARDS: usize = 8;

const KEY: &str = "5d41402abc4b2a76b9719d911017c5925d41402abc4b2a76b9719d911017c592";

/// A state the server issued, the question it asked, and that question's schema.
#[derive(Debug, Clone)]
struct Issued {
    wizard: usize,
    state: String,
    asked: String,
    /// The answer's property.
    property: String,
}

/// The tool name and arguments of wizard `index`.
fn call(index: usize) -> (&'static str, Map<String, Value>) {
    let (tool, args) = match index {
        0 => (IssueWizard::INFO.tool, json!({"project_id": 1})),
        1 => (
            MergeRequestWizard::INFO.tool,
            json!({"project_id": "demo/sandbox"}),
        ),
        2 => (ReleaseWizard::INFO.tool, json!({"project_id": 1})),
        3 => (ProjectWizard::INFO.tool, json!({})),
        4 => (PipelineWizard::INFO.tool, json!({"project_id": 1})),
        5 => (BranchWizard::INFO.tool, json!({"project_id": 1})),
        6 => (MilestoneWizard::INFO.tool, json!({"project_id": 1})),
        _ => (
            MergeWizard::INFO.tool,
            json!({"project_id": 1, "merge_request_iid": 1}),
        ),
    };
    let Value::Object(args) = args else {
        unreachable!("an object literal")
    };
    (tool, args)
}

/// One round of wizard `index`.
fn round(flow: &Flow, index: usize, request: &CallToolRequestParams) -> Result<Round, String> {
    let (_, args) = call(index);
    let args = Value::Object(args);
    match index {
        0 => round_of::<IssueWizard>(flow, args, request),
        1 => round_of::<MergeRequestWizard>(flow, args, request),
        2 => round_of::<ReleaseWizard>(flow, args, request),
        3 => round_of::<ProjectWizard>(flow, args, request),
        4 => round_of::<PipelineWizard>(flow, args, request),
        5 => round_of::<BranchWizard>(flow, args, request),
        6 => round_of::<MilestoneWizard>(flow, args, request),
        _ => round_of::<MergeWizard>(flow, args, request),
    }
}

/// How a round ended.
enum Round {
    Asked {
        state: String,
        key: String,
        schema: Value,
    },
    Finished,
    Cancelled(String),
    /// The server's checks refused the answers, with their reason.
    Refused(String),
    Failed {
        state_refused: bool,
        why: String,
        text: String,
    },
}

/// The wizards' live checks and choices ask a GitLab that is never there (port 1 refuses
/// at once): a check that cannot reach GitLab accepts, a live choice becomes text, so the
/// rounds stay the server's own work.
static NO_GITLAB: LazyLock<GitLab> = LazyLock::new(|| {
    let url = "http://127.0.0.1:1".parse().expect("a URL");
    GitLab::new(GitLabConfig::new(url)).expect("the client builds")
});

static RUNTIME: LazyLock<tokio::runtime::Runtime> = LazyLock::new(|| {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a Tokio runtime")
});

fn round_of<W: Wizard<Context = GitLab>>(
    flow: &Flow,
    args: Value,
    request: &CallToolRequestParams,
) -> Result<Round, String> {
    let args: W::Args = serde_json::from_value(args).map_err(|e| e.to_string())?;
    let outcome = RUNTIME.block_on(flow.mrtr_round::<W>(&NO_GITLAB, args, request));
    Ok(match outcome {
        Outcome::Pending(input) => {
            let input = serde_json::to_value(&input).map_err(|e| e.to_string())?;
            let requests = input["inputRequests"]
                .as_object()
                .cloned()
                .unwrap_or_default();
            if requests.len() != 1 {
                return Err(format!("a round asks one question, this one: {input}"));
            }
            let (key, asked) = requests.into_iter().next().unwrap_or_default();
            Round::Asked {
                state: input["requestState"]
                    .as_str()
                    .unwrap_or_default()
                    .to_owned(),
                key,
                schema: asked["params"]["requestedSchema"].clone(),
            }
        }
        Outcome::Finished(_) => Round::Finished,
        Outcome::Cancelled(text) => Round::Cancelled(text),
        Outcome::Failed(failure) => Round::Failed {
            state_refused: failure.stage == Stage::State,
            why: failure.why,
            text: failure.text,
        },
        Outcome::Refused(refusal) => Round::Refused(refusal.text),
        Outcome::Unsupported(_) | Outcome::FormUnsupported(_) => {
            return Err("an MRTR round never asks whether the client can elicit".into());
        }
    })
}

/// The first property of a form schema, and an answer a user might give to it.
fn plausible(schema: &Value) -> (String, Value) {
    let properties = schema["properties"]
        .as_object()
        .cloned()
        .unwrap_or_default();
    let Some((name, property)) = properties.into_iter().next() else {
        return (String::new(), Value::Null);
    };
    // Text a question checks for its form.
    let formatted = match name.as_str() {
        "variables" => Some("FUZZ_KEY=1"),
        "start_date" | "due_date" => Some("2026-01-05"),
        _ => None,
    };
    let value = match property["type"].as_str() {
        _ if formatted.is_some() => json!(formatted),
        Some("boolean") => json!(false),
        Some("number" | "integer") => property.get("minimum").cloned().unwrap_or(json!(1)),
        Some("array") => json!([]),
        _ => property["enum"][0]
            .as_str()
            .or_else(|| property["oneOf"][0]["const"].as_str())
            // Distinct per question: a wizard may refuse equal answers (an MR's source
            // and target branch).
            .map_or_else(|| json!(format!("fuzzed-{name}")), |choice| json!(choice)),
    };
    (name, value)
}

/// Every state the server issues along each wizard answered plausibly, up to its summary.
fn issued(flow: &Flow) -> Vec<Issued> {
    let mut issued = Vec::new();
    for index in 0..WIZARDS {
        let (tool, args) = call(index);
        let mut request = CallToolRequestParams::new(tool).with_arguments(args);
        for _ in 0..20 {
            let (state, key, schema) = match round(flow, index, &request) {
                Ok(Round::Asked { state, key, schema }) => (state, key, schema),
                Ok(Round::Refused(why)) => {
                    panic!("wizard {tool} refused a plausible answer: {why}")
                }
                Ok(Round::Failed { why, .. }) => panic!("wizard {tool} failed: {why}"),
                Ok(_) => panic!("wizard {tool} stopped before its summary"),
                Err(why) => panic!("wizard {tool}: {why}"),
            };
            let (property, answer) = plausible(&schema);
            issued.push(Issued {
                wizard: index,
                state: state.clone(),
                asked: key.clone(),
                property: property.clone(),
            });
            if key == wizard::form::CONFIRM_KEY {
                break;
            }
            request.request_state = Some(state);
            request.input_responses = Some(BTreeMap::from([(
                key,
                json!({"action": "accept", "content": {property: answer}}),
            )]));
        }
    }
    issued
}

/// What is done to an issued state before it is sent back.
#[derive(Debug, Clone)]
enum Edit {
    Keep,
    Drop,
    Forge(String),
    Replace(usize, char),
    Cut(usize),
    Remove(usize),
    Append(String),
    /// The start of this state, the end of another.
    Splice(usize, Issued, usize),
}

fn edit(issued: Vec<Issued>) -> impl Strategy<Value = Edit> {
    let alphabet: Vec<char> = ('A'..='Z')
        .chain('a'..='z')
        .chain('0'..='9')
        .chain(['-', '_', '.', '=', '+', '/', '~'])
        .collect();
    prop_oneof![
        3 => Just(Edit::Keep),
        1 => Just(Edit::Drop),
        2 => text().prop_map(Edit::Forge),
        1 => "[A-Za-z0-9_.=-]{0,200}".prop_map(Edit::Forge),
        4 => (any::<usize>(), prop_oneof![prop::sample::select(alphabet), any::<char>()])
            .prop_map(|(at, c)| Edit::Replace(at, c)),
        2 => any::<usize>().prop_map(Edit::Cut),
        2 => any::<usize>().prop_map(Edit::Remove),
        1 => text().prop_map(Edit::Append),
        2 => (any::<usize>(), prop::sample::select(issued), any::<usize>())
            .prop_map(|(at, other, from)| Edit::Splice(at, other, from)),
    ]
}

/// `at` within `text`'s characters.
fn char_at(text: &str, at: usize) -> usize {
    let count = text.chars().count();
    if count == 0 { 0 } else { at % (count + 1) }
}

fn byte_of(text: &str, chars: usize) -> usize {
    text.char_indices()
        .nth(chars)
        .map_or(text.len(), |(byte, _)| byte)
}

fn apply(edit: &Edit, state: &str) -> Option<String> {
    Some(match edit {
        Edit::Keep => state.to_owned(),
        Edit::Drop => return None,
        Edit::Forge(forged) => forged.clone(),
        Edit::Replace(at, c) => {
            let at = byte_of(state, char_at(state, *at));
            let mut edited = state.to_owned();
            if at < edited.len() {
                let old = edited[at..].chars().next().map_or(0, char::len_utf8);
                edited.replace_range(at..at + old, &c.to_string());
            }
            edited
        }
        Edit::Cut(at) => state[..byte_of(state, char_at(state, *at))].to_owned(),
        Edit::Remove(at) => {
            let at = byte_of(state, char_at(state, *at));
            let mut edited = state.to_owned();
            if at < edited.len() {
                edited.remove(at);
            }
            edited
        }
        Edit::Append(tail) => format!("{state}{tail}"),
        Edit::Splice(at, other, from) => {
            let head = &state[..byte_of(state, char_at(state, *at))];
            let tail = &other.state[byte_of(&other.state, char_at(&other.state, *from))..];
            format!("{head}{tail}")
        }
    })
}

/// The `inputResponses` sent along: an elicitation result for the question asked (or
/// another key), with content of arbitrary values, or anything at all.
fn responses(
    property: String,
    asked: String,
) -> impl Strategy<Value = Option<BTreeMap<String, Value>>> {
    let action = prop_oneof![
        6 => Just(json!("accept")),
        1 => Just(json!("decline")),
        1 => Just(json!("cancel")),
        1 => field_value(),
    ];
    let content = prop_oneof![
        6 => (field_value(), object(vec![property.clone()])).prop_map(move |(value, mut others)| {
            others.insert(property.clone(), value);
            Value::Object(others)
        }),
        1 => json(),
    ];
    let result = (action, prop::option::of(content)).prop_map(|(action, content)| {
        let mut result = json!({"action": action});
        if let Some(content) = content {
            result["content"] = content;
        }
        result
    });
    let key = prop_oneof![4 => Just(asked), 1 => text()];
    prop_oneof![
        1 => Just(None),
        6 => (key, result).prop_map(|(key, result)| Some(BTreeMap::from([(key, result)]))),
        1 => prop::collection::btree_map(text(), json(), 0..3).prop_map(Some),
    ]
}

#[test]
fn request_state() {
    let flow = Flow::new(StateKeys::parse(KEY).expect("a valid key")).with_texts(GitLabTexts);
    let issued = issued(&flow);
    let genuine: Vec<String> = issued.iter().map(|issued| issued.state.clone()).collect();
    let inputs = prop::sample::select(issued.clone()).prop_flat_map(move |at| {
        let responses = responses(at.property.clone(), at.asked.clone());
        let arguments =
            prop_oneof![9 => Just(None), 1 => object(vec!["project_id".to_owned()]).prop_map(Some)];
        (Just(at), edit(issued.clone()), responses, arguments)
    });
    fuzz(
        "request_state",
        inputs,
        |(at, edit, responses, arguments)| {
            let (tool, canonical) = call(at.wizard);
            let mut request =
                CallToolRequestParams::new(tool).with_arguments(arguments.unwrap_or(canonical));
            request.request_state = apply(&edit, &at.state);
            request.input_responses = responses;
            let round = round(&flow, at.wizard, &request).map_err(TestCaseError::fail)?;
            let issued_here = request
                .request_state
                .as_ref()
                .is_none_or(|state| genuine.contains(state));
            match round {
                Round::Asked { state, .. } => {
                    ensure!(!state.is_empty(), "a question without a state");
                    ensure!(issued_here, "an altered state was used: {edit:?}");
                    Ok(Verdict::Accepted)
                }
                Round::Finished => {
                    ensure!(issued_here, "an altered state finished a wizard: {edit:?}");
                    Ok(Verdict::Accepted)
                }
                Round::Cancelled(text) => {
                    ensure!(!text.trim().is_empty(), "a cancellation without a text");
                    ensure!(issued_here, "an altered state was used: {edit:?}");
                    Ok(Verdict::Accepted)
                }
                Round::Refused(text) => {
                    ensure!(!text.trim().is_empty(), "a refusal without a reason");
                    ensure!(
                        issued_here,
                        "an altered state reached the server's checks: {edit:?}"
                    );
                    Ok(Verdict::Refused(text))
                }
                Round::Failed {
                    state_refused,
                    why,
                    text,
                } => {
                    ensure!(!why.trim().is_empty(), "a failure without a reason: {text}");
                    ensure!(
                        issued_here || state_refused,
                        "an altered state was read as far as the answers: {edit:?}: {why}"
                    );
                    Ok(Verdict::Refused(text))
                }
            }
        },
    );
}
