//! Steps 1 to 4 of every call: the operator's settings, the references resolved, the
//! arguments made into the request as it will be sent, and that request checked.

use serde_json::{Map, Value};

use super::check::{self, Call, Checked};
use super::refusal::Refusal;
use super::resolve::{Choose, Resolution, resolve};
use crate::access::Access;
use crate::catalog::wizard::ReadyWizard;
use crate::catalog::{Action, Prepared};
use crate::gitlab::{GitLab, GitLabError};

/// A call that may go on to its guards.
#[derive(Debug)]
pub struct Admitted {
    /// The call's parameters, each reference resolved: what the request was built from.
    pub params: Map<String, Value>,
    /// The references that were named loosely, and what they were taken to mean.
    pub resolved: Vec<Resolution>,
    pub ready: Ready,
}

/// What an admitted call runs.
#[derive(Debug)]
pub enum Ready {
    /// One GitLab request, built and checked.
    Request(Checked),
    /// A wizard, whose arguments were checked (its request is built once it is answered).
    Wizard(ReadyWizard),
}

/// Steps 1 to 4 for `action` with `params`, through `gitlab` under `access`; `chooser`
/// picks where a loosely named parameter matches several objects.
pub async fn admit<C: Choose>(
    access: &Access,
    gitlab: &GitLab,
    action: &Action,
    params: &Map<String, Value>,
    chooser: &mut C,
) -> Result<Admitted, C::Stop> {
    if let Some(refusal) = access.refusal(action) {
        return Err(Refusal::Settings(refusal).into());
    }
    // Refused before anything is looked up, as they would be when built.
    action.check_arguments(params).map_err(Refusal::Invalid)?;
    let resolved = resolve(access, gitlab, action, params, chooser).await?;
    let params = resolved.params;
    let ready = match action.prepare(&params).map_err(Refusal::Invalid)? {
        Prepared::Request(request) => {
            let built = gitlab
                .build(request)
                .map_err(|error| invalid(action.id, error))?;
            let call = Call {
                id: action.id,
                endpoint: action.endpoint.as_ref().filter(|_| !action.method_in_call),
            };
            Ready::Request(check::check(access, gitlab, call, built).await?)
        }
        Prepared::Wizard(wizard) => {
            check::check_wizard(access, gitlab, &wizard).await?;
            Ready::Wizard(wizard)
        }
    };
    Ok(Admitted {
        params,
        resolved: resolved.used,
        ready,
    })
}

/// A request that could not be built, in the words of a validation error.
pub fn invalid(id: &str, error: GitLabError) -> Refusal {
    let why = match error {
        GitLabError::InvalidRequest { reason } => reason,
        other => other.to_string(),
    };
    Refusal::Invalid(format!("invalid parameters for `{id}`: {why}"))
}
