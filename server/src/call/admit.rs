//! Steps 1 to 3 of every call: the operator's settings, the arguments made into the request
//! as it will be sent, and that request checked.

use serde_json::{Map, Value};

use super::check::{self, Call, Checked};
use super::refusal::Refusal;
use crate::access::Access;
use crate::catalog::wizard::ReadyWizard;
use crate::catalog::{Action, Prepared};
use crate::gitlab::{GitLab, GitLabError};

/// A call that may go on to its guards.
#[derive(Debug)]
pub enum Admitted {
    /// One GitLab request, built and checked.
    Request(Checked),
    /// A wizard, whose arguments were checked (its request is built once it is answered).
    Wizard(ReadyWizard),
}

/// Steps 1 to 3 for `action` with `params`, through `gitlab` under `access`.
pub async fn admit(
    access: &Access,
    gitlab: &GitLab,
    action: &Action,
    params: &Map<String, Value>,
) -> Result<Admitted, Refusal> {
    if let Some(refusal) = access.refusal(action) {
        return Err(Refusal::Settings(refusal));
    }
    match action.prepare(params).map_err(Refusal::Invalid)? {
        Prepared::Request(request) => {
            let built = gitlab
                .build(request)
                .map_err(|error| invalid(action.id, error))?;
            let call = Call {
                id: action.id,
                endpoint: action.endpoint.as_ref().filter(|_| !action.method_in_call),
            };
            check::check(access, gitlab, call, built)
                .await
                .map(Admitted::Request)
        }
        Prepared::Wizard(wizard) => {
            check::check_wizard(access, gitlab, &wizard).await?;
            Ok(Admitted::Wizard(wizard))
        }
    }
}

/// A request that could not be built, in the words of a validation error.
pub fn invalid(id: &str, error: GitLabError) -> Refusal {
    let why = match error {
        GitLabError::InvalidRequest { reason } => reason,
        other => other.to_string(),
    };
    Refusal::Invalid(format!("invalid parameters for `{id}`: {why}"))
}
