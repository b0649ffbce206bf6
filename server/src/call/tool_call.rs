//! A tool call, once its surface resolved it to a catalog action: admitted (its loosely
//! named parameters resolved, the user asked which one where several objects match, its
//! request built and checked), guarded, then run — a wizard through the runtime's Flow,
//! anything else as the one checked GitLab request.

use rmcp::model::{CallToolRequestParams, CallToolResponse, ContentBlock};
use rmcp::service::{RequestContext, RoleServer};
use serde_json::{Map, Value};
use wizard::Flow;
use wizard::prompt::Prompter;

use super::admit::{Admitted, Ready, admit};
use super::guard::{Guarded, ask_first};
use super::refusal::Refusal;
use super::resolve::{Asking, Nobody, Resolution, Stopped};
use super::{Reads, send};
use crate::access::Access;
use crate::auth::{OnDemand, Signing};
use crate::catalog::Action;
use crate::catalog::output::{Objects, Output, error_result};
use crate::catalog::wizard::WizardCall;
use crate::ci::{failed_jobs, wait};
use crate::gitlab::GitLab;
use crate::surfaces::kind::SurfaceKind;

/// One call of `action` from a tool of `surface`.
pub struct ToolCall<'a> {
    pub action: &'static Action,
    pub params: Map<String, Value>,
    /// The call carried `"confirm": true`.
    pub confirm: bool,
    /// Whether a destructive action may ask the user (never on the dynamic surface).
    pub may_elicit: bool,
    pub surface: SurfaceKind,
    /// YOLO/AUTOPILOT: the operator approved destructive actions up front.
    pub autonomous: bool,
    pub access: &'a Access,
    /// The client of the caller the call acts as.
    pub gitlab: &'a GitLab,
    /// On stdio without a credential: the sign-in the call offers first.
    pub sign_in: Option<&'a OnDemand>,
    /// The runtime's driver, for this caller ([`Flow::for_caller`]).
    pub flow: &'a Flow,
    /// The tool call as the client sent it: its name and arguments bind the rounds.
    pub request: &'a CallToolRequestParams,
    pub context: &'a RequestContext<RoleServer>,
}

impl ToolCall<'_> {
    /// Runs the call: an error result for a refusal, bad arguments or a GitLab error; a
    /// question's round; or GitLab's answer, shaped, saying which object each loosely
    /// named parameter was taken to mean.
    pub async fn run(self) -> CallToolResponse {
        // One prompter for the call: the sign-in, the choice of what a loose name means and
        // the guard's yes are questions of one call, in that order, each answered only by
        // its own answer, all kept through the 2026-07-28 rounds.
        let mut prompter = self.flow.prompter(self.request, self.context);
        let Some(sign_in) = self.sign_in.filter(|_| !self.gitlab.has_credential()) else {
            return self.run_with(prompter).await;
        };
        match sign_in.gitlab(self.gitlab, &mut prompter).await {
            Signing::As(gitlab) => {
                let call = ToolCall {
                    gitlab: &gitlab,
                    ..self
                };
                call.run_with(prompter).await
            }
            Signing::Anonymous(note) => {
                let mut response = self.run_with(prompter).await;
                if let (Some(note), CallToolResponse::Complete(result)) = (note, &mut response) {
                    result.content.push(ContentBlock::text(note));
                }
                response
            }
            Signing::Answered(response) => response,
        }
    }

    async fn run_with(self, mut prompter: Prompter) -> CallToolResponse {
        let admitted = match self.action.is_wizard() {
            // A wizard's questions ride in a state of their own: its arguments are resolved
            // without asking.
            true => admit(
                self.access,
                self.gitlab,
                self.action,
                &self.params,
                &mut Nobody,
            )
            .await
            .map_err(Stopped::Refused),
            false => {
                let mut asking = Asking {
                    prompter: &mut prompter,
                };
                admit(
                    self.access,
                    self.gitlab,
                    self.action,
                    &self.params,
                    &mut asking,
                )
                .await
            }
        };
        let Admitted {
            params,
            resolved,
            ready,
        } = match admitted {
            Ok(admitted) => admitted,
            Err(Stopped::Refused(refusal)) => {
                return error_result(self.refusal_text(refusal)).into();
            }
            Err(Stopped::Answered(response)) => return response,
        };
        let checked = match ready {
            Ready::Request(checked) => checked,
            Ready::Wizard(wizard) => {
                let call = WizardCall {
                    flow: self.flow,
                    gitlab: self.gitlab,
                    request: self.request,
                    context: self.context,
                };
                let response = super::wizard::run(wizard, call, self.access, &params).await;
                return with_notes(response, &resolved);
            }
        };
        let guarded = Guarded {
            action: self.action,
            params: &params,
            resolved: &resolved,
            checked: &checked,
            approved: self.autonomous || self.confirm,
            surface: self.surface,
            may_ask_destructive: self.may_elicit,
            gitlab: self.gitlab,
            request: self.request,
        };
        if let Some(response) = ask_first(&guarded, &mut prompter).await {
            return response;
        }
        let request = checked.request;
        // A confirmed guard's round acts once, however often it is repeated.
        let act = async {
            let result = if self.action.waits {
                wait::until_settled(self.gitlab, self.action, request, &params, self.context).await
            } else {
                let objects = Objects::Compact(self.action.kind);
                send(self.gitlab, request, self.action.output, objects, &params).await
            };
            match (self.action.output, params.get("project_id")) {
                (Output::Pipeline, Some(project)) => {
                    let reads = Reads::new(self.gitlab, self.access);
                    failed_jobs::add(&reads, project, result).await
                }
                _ => result,
            }
        };
        let response = self.flow.once(self.request, act).await.into();
        with_notes(response, &resolved)
    }

    /// A refusal's text; where the client did not get the action's schema with its tool
    /// (it found the action by a search), wrong parameters show it.
    fn refusal_text(&self, refusal: Refusal) -> String {
        match refusal {
            Refusal::Invalid(why) if self.surface != SurfaceKind::Individual => {
                let schema = Value::Object((**self.action.input_schema()).clone());
                format!("{why} `params` schema: {schema}")
            }
            other => other.to_string(),
        }
    }
}

/// `response` with a line saying which object each loosely named parameter was taken to
/// mean, after GitLab's answer: the model reads what was done to what.
fn with_notes(mut response: CallToolResponse, resolved: &[Resolution]) -> CallToolResponse {
    if let CallToolResponse::Complete(result) = &mut response {
        for resolution in resolved {
            result.content.push(ContentBlock::text(resolution.note()));
        }
    }
    response
}
