//! A tool call, once its surface resolved it to a catalog action: admitted (its request
//! built and checked), guarded, then run — a wizard through the runtime's Flow, anything
//! else as the one checked GitLab request.

use rmcp::model::{CallToolRequestParams, CallToolResponse};
use rmcp::service::{RequestContext, RoleServer};
use serde_json::{Map, Value};
use wizard::Flow;

use super::admit::{Admitted, admit};
use super::guard::{Guarded, ask_first};
use super::refusal::Refusal;
use super::{Reads, send};
use crate::access::Access;
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
    /// The runtime's driver, for this caller ([`Flow::for_caller`]).
    pub flow: &'a Flow,
    /// The tool call as the client sent it: its name and arguments bind the rounds.
    pub request: &'a CallToolRequestParams,
    pub context: &'a RequestContext<RoleServer>,
}

impl ToolCall<'_> {
    /// Runs the call: an error result for a refusal, bad arguments or a GitLab error; a
    /// question's round; or GitLab's answer, shaped.
    pub async fn run(self) -> CallToolResponse {
        let checked = match admit(self.access, self.gitlab, self.action, &self.params).await {
            Ok(Admitted::Request(checked)) => checked,
            Ok(Admitted::Wizard(wizard)) => {
                let call = WizardCall {
                    flow: self.flow,
                    gitlab: self.gitlab,
                    request: self.request,
                    context: self.context,
                };
                return super::wizard::run(wizard, call, self.access, &self.params).await;
            }
            Err(refusal) => return error_result(self.refusal_text(refusal)).into(),
        };
        let guarded = Guarded {
            action: self.action,
            params: &self.params,
            checked: &checked,
            approved: self.autonomous || self.confirm,
            surface: self.surface,
            may_ask_destructive: self.may_elicit,
            gitlab: self.gitlab,
            flow: self.flow,
            request: self.request,
            context: self.context,
        };
        if let Some(response) = ask_first(&guarded).await {
            return response;
        }
        let request = checked.request;
        // A confirmed guard's round acts once, however often it is repeated.
        let act = async {
            let result = if self.action.waits {
                wait::until_settled(
                    self.gitlab,
                    self.action,
                    request,
                    &self.params,
                    self.context,
                )
                .await
            } else {
                let objects = Objects::Compact(self.action.kind);
                send(
                    self.gitlab,
                    request,
                    self.action.output,
                    objects,
                    &self.params,
                )
                .await
            };
            match (self.action.output, self.params.get("project_id")) {
                (Output::Pipeline, Some(project)) => {
                    let reads = Reads::new(self.gitlab, self.access);
                    failed_jobs::add(&reads, project, result).await
                }
                _ => result,
            }
        };
        self.flow.once(self.request, act).await.into()
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
