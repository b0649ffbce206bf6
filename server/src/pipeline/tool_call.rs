//! A tool call, once its surface resolved it to a catalog action: admitted, guarded,
//! then run — a wizard through the runtime's Flow, anything else as one GitLab call.

use rmcp::model::{CallToolRequestParams, CallToolResponse};
use rmcp::service::{RequestContext, RoleServer};
use serde_json::{Map, Value};
use wizard::Flow;

use super::guard::{self, Guarded};
use super::{Reads, failed_jobs, wait};
use crate::access::Access;
use crate::catalog::output::{Objects, Output, error_result, send};
use crate::catalog::wizard::WizardCall;
use crate::catalog::{Action, Prepared};
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
        let prepared =
            match super::admit::admit(self.access, self.gitlab, self.action, &self.params).await {
                Ok(prepared) => prepared,
                Err(mut refusal) => {
                    // Where the client did not get the action's schema with its tool (it
                    // found the action by a search), wrong parameters show it.
                    if self.surface != SurfaceKind::Individual
                        && self.action.prepare(&self.params).is_err()
                    {
                        let schema = Value::Object((**self.action.input_schema()).clone());
                        refusal.push_str(&format!(" `params` schema: {schema}"));
                    }
                    return error_result(refusal).into();
                }
            };
        let request = match prepared {
            Prepared::Wizard(wizard) => {
                let call = WizardCall {
                    flow: self.flow,
                    gitlab: self.gitlab,
                    request: self.request,
                    context: self.context,
                    params: &self.params,
                };
                return wizard.run(call).await;
            }
            Prepared::Request(request) => request,
        };
        let guarded = Guarded {
            action: self.action,
            params: &self.params,
            approved: self.autonomous || self.confirm,
            flow: self.flow,
            request: self.request,
            context: self.context,
        };
        if self.action.destructive
            && let Some(response) =
                guard::destructive(&guarded, self.surface, self.may_elicit).await
        {
            return response;
        }
        if let Some(argument_guard) = &self.action.guard
            && let Some(response) = guard::arguments(&guarded, argument_guard, self.gitlab).await
        {
            return response;
        }
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
                send(
                    self.gitlab,
                    request,
                    self.action.output,
                    Objects::Compact(self.action.kind),
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
}
