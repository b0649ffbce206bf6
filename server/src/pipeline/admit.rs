//! Steps 1 to 3 of every call: the operator's settings, the arguments, the projects.

use serde_json::{Map, Value};

use crate::access::Access;
use crate::catalog::{Action, Prepared};
use crate::gitlab::GitLab;

/// Steps 1 to 3 for `action` with `params`, through `gitlab` under `access`: the call,
/// ready to run, or the refusal's text.
pub async fn admit(
    access: &Access,
    gitlab: &GitLab,
    action: &Action,
    params: &Map<String, Value>,
) -> Result<Prepared, String> {
    if let Some(refusal) = access.refusal(action) {
        return Err(refusal);
    }
    let prepared = action.prepare(params)?;
    access.check_request(action, &prepared)?;
    access.check_projects(&prepared, gitlab).await?;
    Ok(prepared)
}
