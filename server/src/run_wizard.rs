//! Running a wizard inside a tool call: the runtime's Flow asks the questions on the path
//! the client declared; a finished wizard becomes its GitLab call.

use std::future::Future;
use std::pin::Pin;

use rmcp::model::{CallToolRequestParams, CallToolResponse};
use rmcp::service::{RequestContext, RoleServer};
use serde_json::{Map, Value};
use wizard::Flow;

use crate::catalog::Output;
use crate::catalog::params;
use crate::catalog::wizards::GitLabWizard;
use crate::execute::{error_result, send};
use crate::gitlab::GitLab;

/// One wizard call.
pub struct WizardCall<'a> {
    pub flow: &'a Flow,
    pub gitlab: &'a GitLab,
    /// The tool call as the client sent it: its name and arguments bind the requestState.
    pub request: &'a CallToolRequestParams,
    pub context: &'a RequestContext<RoleServer>,
    /// The wizard's own arguments (`project_id`), already checked against its schema.
    pub args: &'a Map<String, Value>,
}

/// The boxed future a [`RunWizard`] returns.
pub type WizardFuture<'a> = Pin<Box<dyn Future<Output = CallToolResponse> + Send + 'a>>;

/// How the catalog runs a wizard: one monomorphic function per wizard type.
pub type RunWizard = for<'a> fn(WizardCall<'a>) -> WizardFuture<'a>;

/// Runs wizard `W`: an `input_required` round, one of the endings of SPEC §4, or — once the
/// user confirmed — the GitLab object it created.
pub fn run<W: GitLabWizard>(call: WizardCall<'_>) -> WizardFuture<'_> {
    Box::pin(async move {
        let args = match params::parse::<W::Args>(call.args) {
            Ok(args) => args,
            Err(why) => {
                let text = format!("invalid parameters for `{}`: {why}", W::INFO.flow);
                return error_result(text).into();
            }
        };
        let outcome = call.flow.run::<W>(args, call.request, call.context).await;
        match outcome.into_response() {
            Ok(wizard) => send(call.gitlab, wizard.request(), Output::Object, call.args)
                .await
                .into(),
            Err(response) => response,
        }
    })
}
