//! A test kit for wizard authors: drive any [`Wizard`] with a scripted list of
//! replies on either wire path in a plain `#[test]`, with no server to write.
//!
//! The kit runs the real drivers over a real rmcp client/server pair joined by an
//! in-memory duplex pipe, so a passing test proves the wire, not a model of it. It
//! records each question the client was asked (key, message, schema) and returns
//! how the call ended.
//!
//! ```no_run
//! use serde_json::json;
//! use wizard::testkit::{self, Path, accept, decline};
//! # fn demo<W: wizard::Wizard<Context = ()>>(args: W::Args) {
//! let report = testkit::run::<W>(Path::Mrtr, args, [
//!     accept(json!({"title": "Fix the login"})),
//!     decline(),
//!     accept(json!({"confirmed": true})),
//! ]);
//! assert_eq!(report.keys(), ["title", "description", "confirm"]);
//! let finished: W = report.finished();
//! # }
//! ```
//!
//! The kit panics, like an assertion, when the pair cannot be set up or the script
//! runs out of replies before the wizard stops asking.
//!
//! [`ScriptedClient`] is also usable on its own, over any rmcp transport
//! ([`ScriptedClient::connect_over`]): declare an [`Elicit`] preset or any
//! capabilities, pick the handshake with a [`Path`], re-script it between calls with
//! [`ScriptedClient::script`], and read the questions and [`Progress`] it recorded.
//! [`answer`], [`yes`], [`no`] and [`pick`] build the replies of the usual questions.

// `Asked` and `Path` in files of their own: `client` records and takes them, and names
// them there rather than here, where `client` is named.
mod asked;
mod client;
mod path;
mod server;

use std::sync::PoisonError;
use std::sync::atomic::Ordering;

use rmcp::model::{CallToolRequestParams, CallToolResult, ClientCapabilities};
use serde_json::Value;

pub use asked::Asked;
pub use client::{Elicit, KeyOf, Pair, Progress, ScriptedClient, connect};
pub use path::Path;
pub use server::WizardServer;

pub use crate::flow::Reply;
use crate::flow::{Flow, Outcome};
use crate::serve::Serve;
use crate::state::StateKeys;
use crate::wizard::Wizard;

/// How many 2026-07-28 rounds the kit's client drives before it gives up: every question,
/// each question asked again after a refusal, and the summary.
pub const MAX_ROUNDS: usize = 64;

/// Accept with this form content (a JSON object).
///
/// # Panics
/// When `content` is not an object.
pub fn accept(content: Value) -> Reply {
    match content {
        Value::Object(content) => Reply::Accept(Some(content)),
        other => panic!("accept(..) takes a JSON object, got {other}"),
    }
}

/// Accept a text question with `value` under its property `key`.
pub fn answer(key: &str, value: &str) -> Reply {
    accept(serde_json::json!({ key: value }))
}

/// Accept a yes/no question (or the summary) with yes.
pub fn yes() -> Reply {
    accept(serde_json::json!({"confirmed": true}))
}

/// Accept a yes/no question (or the summary) with no.
pub fn no() -> Reply {
    accept(serde_json::json!({"confirmed": false}))
}

/// Accept a choice question with `option`.
pub fn pick(option: &str) -> Reply {
    accept(serde_json::json!({"selection": option}))
}

pub fn decline() -> Reply {
    Reply::Decline
}

pub fn cancel() -> Reply {
    Reply::Cancel
}

/// How a scripted run went.
pub struct Report<W> {
    pub asked: Vec<Asked>,
    /// The last outcome the server's flow produced (never `Pending` unless the client
    /// gave up).
    pub outcome: Outcome<W>,
    /// The final tool result the client received.
    pub result: CallToolResult,
    /// How many `tools/call` requests reached the server (MRTR: one per round).
    pub calls: usize,
    /// Replies left over when the call ended.
    pub unused: usize,
}

impl<W: Wizard> Report<W> {
    /// The keys asked, in order.
    pub fn keys(&self) -> Vec<&str> {
        self.asked.iter().map(|asked| asked.key.as_str()).collect()
    }

    /// The finished wizard.
    ///
    /// # Panics
    /// When the run ended any other way.
    pub fn finished(self) -> W {
        match self.outcome {
            Outcome::Finished(wizard) => wizard,
            other => panic!(
                "the wizard did not finish: {}",
                other.error_text().unwrap_or("still pending")
            ),
        }
    }

    /// The text of the final tool result.
    pub fn text(&self) -> String {
        self.result
            .content
            .iter()
            .filter_map(|block| block.as_text().map(|text| text.text.clone()))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// A configurable run: path, flow (keys, TTL, texts) and client capabilities.
#[derive(Debug, Clone)]
pub struct Kit {
    path: Path,
    flow: Flow,
    capabilities: ClientCapabilities,
}

/// Runs wizard `W` with `args` on `path`, answering with `replies` in order.
pub fn run<W: Wizard<Context = ()>>(
    path: Path,
    args: W::Args,
    replies: impl IntoIterator<Item = Reply>,
) -> Report<W> {
    Kit::new(path).run(args, replies)
}

impl Kit {
    /// A client that declares form elicitation, and a flow with a random key.
    pub fn new(path: Path) -> Self {
        Kit {
            path,
            flow: Flow::new(StateKeys::random()),
            capabilities: ClientCapabilities::builder().enable_elicitation().build(),
        }
    }

    #[must_use]
    pub fn with_flow(mut self, flow: Flow) -> Self {
        self.flow = flow;
        self
    }

    #[must_use]
    pub fn with_capabilities(mut self, capabilities: ClientCapabilities) -> Self {
        self.capabilities = capabilities;
        self
    }

    pub fn run<W: Wizard<Context = ()>>(
        &self,
        args: W::Args,
        replies: impl IntoIterator<Item = Reply>,
    ) -> Report<W> {
        self.run_with(args, (), replies)
    }

    /// Runs a wizard with a context (`#[wizard(context = Type)]`), which its live checks,
    /// choices and intro see.
    pub fn run_with<W: Wizard>(
        &self,
        args: W::Args,
        context: W::Context,
        replies: impl IntoIterator<Item = Reply>,
    ) -> Report<W> {
        block_on(self.play(args, context, replies))
    }

    /// [`Kit::run_with`] inside a test that is async already, whose runtime must keep
    /// running what the context talks to (a fake service it started).
    pub async fn play<W: Wizard>(
        &self,
        args: W::Args,
        context: W::Context,
        replies: impl IntoIterator<Item = Reply>,
    ) -> Report<W> {
        let arguments = match serde_json::to_value(&args).expect("the wizard's Args serialize") {
            Value::Object(arguments) => Some(arguments),
            _ => None,
        };
        let server = WizardServer::<W>::with_context(self.flow.clone(), context);
        let ended = server.ended.clone();
        let calls = server.calls.clone();
        let client =
            ScriptedClient::new(self.capabilities.clone(), replies).with_keys(question_key::<W>);
        let pair = connect(Serve::new(server), self.path, client.clone()).await;
        let mut request = CallToolRequestParams::new(W::INFO.tool);
        request.arguments = arguments;
        // rmcp's client stops after 10 rounds by default; a wizard with refused answers
        // takes more.
        let result = pair
            .client
            .call_tool_with_mrtr_max_rounds(request, MAX_ROUNDS)
            .await;
        pair.close().await;
        let asked = client.asked();
        let result = result.unwrap_or_else(|error| {
            panic!("the tool call failed: {error}; questions asked so far: {asked:#?}")
        });
        let outcome = ended
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
            .expect("the server recorded how the call ended");
        Report {
            asked,
            outcome,
            result,
            calls: calls.load(Ordering::SeqCst),
            unused: client.unused(),
        }
    }
}

/// The key of `W`'s question with this message, and `confirm` for any other (the
/// summary, a guard's yes/no): what a [`ScriptedClient`] records on the sync path, where
/// the key is not on the wire, once given `with_keys(question_key::<W>)`. A question
/// asked again after a refusal, or after the intro, ends with its own message; so does a
/// list item's question (see [`each`](crate::each)), after what the item is.
pub fn question_key<W: Wizard>(message: &str, schema: &Value) -> String {
    // The summary may end with a question's message too (a merge's summary ends with
    // its squash question); the field's label tells them apart.
    let labelled = schema
        .pointer("/properties")
        .and_then(Value::as_object)
        .and_then(|properties| properties.values().next())
        .and_then(|property| property.get("title"))
        .and_then(Value::as_str);
    let items = W::QUESTIONS
        .iter()
        .flat_map(|question| question.each.unwrap_or_default());
    W::QUESTIONS
        .iter()
        .chain(items)
        .find(|question| {
            question.message == message
                || (message.ends_with(question.message)
                    && labelled == Some(&*crate::form::Prompt::from(*question).label()))
        })
        .map_or(crate::form::CONFIRM_KEY, |question| question.key)
        .to_owned()
}

fn block_on<F: Future>(future: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime starts")
        .block_on(future)
}
