//! Running a wizard inside a tool call: the runtime's Flow asks the questions on the path
//! the client declared; a finished wizard becomes its GitLab call. `gitlab-mcp-server
//! try` runs the same wizard on the terminal instead, and makes the same call.

use std::future::Future;
use std::pin::Pin;

use rmcp::model::{CallToolRequestParams, CallToolResponse, CallToolResult};
use rmcp::service::{RequestContext, RoleServer};
use serde_json::{Map, Value};
use wizard::terminal::NotATerminal;
use wizard::{Flow, Outcome};

use crate::catalog::Output;
use crate::catalog::wizards::{GitLabWizard, WizardNames};
use crate::execute::send;
use crate::gitlab::GitLab;
use crate::wizards::GitLabTexts;

/// One wizard call.
pub struct WizardCall<'a> {
    pub flow: &'a Flow,
    pub gitlab: &'a GitLab,
    /// The tool call as the client sent it: its name and arguments bind the requestState.
    pub request: &'a CallToolRequestParams,
    pub context: &'a RequestContext<RoleServer>,
    /// The call's parameters (the GitLab call's outputs read theirs).
    pub params: &'a Map<String, Value>,
}

/// The boxed future a wizard call returns.
pub type WizardFuture<'a> = Pin<Box<dyn Future<Output = CallToolResponse> + Send + 'a>>;

/// How a wizard run on the terminal ended.
#[derive(Debug)]
pub enum InTerminal {
    /// The user said yes: GitLab's answer to the call (the object made, or an error).
    Sent(CallToolResult),
    /// Cancelled, failed or refused: the ending's text, as a client would read it.
    Ended(String),
    NotATerminal(NotATerminal),
}

/// The boxed future a wizard run on the terminal returns.
pub type TerminalFuture<'a> = Pin<Box<dyn Future<Output = InTerminal> + Send + 'a>>;

/// A wizard's typed arguments, which run it either way.
trait Runs: Send {
    fn run(self: Box<Self>, call: WizardCall<'_>) -> WizardFuture<'_>;

    fn run_in_terminal<'a>(
        self: Box<Self>,
        gitlab: &'a GitLab,
        params: &'a Map<String, Value>,
    ) -> TerminalFuture<'a>;
}

struct Prepared<W: GitLabWizard>(W::Args);

/// A wizard whose tool arguments were validated into its typed arguments, ready to run.
pub struct ReadyWizard {
    pub info: WizardNames,
    args: Box<dyn Runs>,
}

impl std::fmt::Debug for ReadyWizard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ReadyWizard")
            .field("tool", &self.info.tool)
            .finish_non_exhaustive()
    }
}

impl ReadyWizard {
    pub fn new<W: GitLabWizard>(args: W::Args) -> ReadyWizard {
        ReadyWizard {
            info: WizardNames::of::<W>(),
            args: Box::new(Prepared::<W>(args)),
        }
    }

    /// Runs the wizard: an `input_required` round, an ending (cancelled, failed,
    /// unsupported), or — once the user confirmed — the GitLab object it created.
    pub fn run(self, call: WizardCall<'_>) -> WizardFuture<'_> {
        self.args.run(call)
    }

    /// Runs the wizard on this process's terminal, through `gitlab`; `params` are the
    /// call's parameters, as in [`ReadyWizard::run`].
    pub fn run_in_terminal<'a>(
        self,
        gitlab: &'a GitLab,
        params: &'a Map<String, Value>,
    ) -> TerminalFuture<'a> {
        self.args.run_in_terminal(gitlab, params)
    }
}

impl<W: GitLabWizard> Runs for Prepared<W> {
    fn run(self: Box<Self>, call: WizardCall<'_>) -> WizardFuture<'_> {
        Box::pin(async move {
            let outcome = call
                .flow
                .run_with::<W>(call.gitlab, self.0, call.request, call.context)
                .await;
            match outcome.into_response() {
                // The yes's round acts once, however often the client repeats it.
                Ok(wizard) => {
                    let act = send(call.gitlab, wizard.request(), Output::Object, call.params);
                    call.flow.once(call.request, act).await.into()
                }
                Err(response) => response,
            }
        })
    }

    fn run_in_terminal<'a>(
        self: Box<Self>,
        gitlab: &'a GitLab,
        params: &'a Map<String, Value>,
    ) -> TerminalFuture<'a> {
        Box::pin(async move {
            match wizard::terminal::run_with::<W>(gitlab, self.0, &GitLabTexts).await {
                Ok(Outcome::Finished(wizard)) => {
                    InTerminal::Sent(send(gitlab, wizard.request(), Output::Object, params).await)
                }
                Ok(ended) => InTerminal::Ended(ended.error_text().unwrap_or_default().to_owned()),
                Err(not_a_terminal) => InTerminal::NotATerminal(not_a_terminal),
            }
        })
    }
}
