//! Running a wizard inside a tool call: the runtime's Flow asks the questions on the path
//! the client declared; a finished wizard becomes its GitLab call.

use std::future::Future;
use std::pin::Pin;

use rmcp::model::{CallToolRequestParams, CallToolResponse};
use rmcp::service::{RequestContext, RoleServer};
use serde_json::{Map, Value};
use wizard::Flow;

use crate::catalog::Output;
use crate::catalog::wizards::{GitLabWizard, WizardNames};
use crate::execute::send;
use crate::gitlab::GitLab;

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

type Run = Box<dyn for<'a> FnOnce(WizardCall<'a>) -> WizardFuture<'a> + Send>;

/// A wizard whose tool arguments were validated into its typed arguments, ready to run.
pub struct ReadyWizard {
    pub info: WizardNames,
    run: Run,
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
            run: Box::new(move |call| run::<W>(args, call)),
        }
    }

    /// Runs the wizard: an `input_required` round, an ending (cancelled, failed,
    /// unsupported), or — once the user confirmed — the GitLab object it created.
    pub fn run(self, call: WizardCall<'_>) -> WizardFuture<'_> {
        (self.run)(call)
    }
}

fn run<W: GitLabWizard>(args: W::Args, call: WizardCall<'_>) -> WizardFuture<'_> {
    Box::pin(async move {
        let outcome = call
            .flow
            .run_with::<W>(call.gitlab, args, call.request, call.context)
            .await;
        match outcome.into_response() {
            Ok(wizard) => send(call.gitlab, wizard.request(), Output::Object, call.params)
                .await
                .into(),
            Err(response) => response,
        }
    })
}
