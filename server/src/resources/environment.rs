//! `gitlab://projects/{project}/environments/{environment}`: an environment, by name — its
//! state, tier and URL — with what was last deployed to it and its recent deployments.

use serde_json::{Value, json};

use super::markdown::{person, text, time};
use crate::call::{ReadError, Reads, items, params};
use crate::gitlab::ProjectId;
use crate::registry::{ActionId, ids};

pub const NEEDS: &[ActionId] = &[ids::ENVIRONMENT_LIST, ids::DEPLOYMENT_LIST];

/// Deployments listed at most.
pub const RECENT: usize = 10;

/// Finds the environment by its name, and reads its deployments at the same time.
pub async fn environment(
    reads: &Reads<'_>,
    project: &ProjectId,
    name: &str,
) -> Result<String, ReadError> {
    let (found, deployments) = tokio::join!(
        reads.read(
            ids::ENVIRONMENT_LIST,
            params([("project_id", json!(project)), ("name", json!(name))])
        ),
        deployments(reads, project, Some(name)),
    );
    let found = found?;
    let Some(environment) = items(&found).iter().find(|e| text(e, "name") == name) else {
        return Err(ReadError::NotFound(format!(
            "`{project}` has no environment named `{name}`"
        )));
    };
    Ok(render(environment, &deployments?))
}

/// The latest deployments, to one environment or to all, newest first.
pub async fn deployments(
    reads: &Reads<'_>,
    project: &ProjectId,
    environment: Option<&str>,
) -> Result<Vec<Value>, ReadError> {
    let page = reads
        .read(
            ids::DEPLOYMENT_LIST,
            params([
                ("project_id", json!(project)),
                ("environment", json!(environment)),
                ("order_by", json!("id")),
                ("sort", json!("desc")),
                ("per_page", json!(100)),
            ]),
        )
        .await?;
    let mut listed = items(&page).to_vec();
    // Newest first, whatever order GitLab answered in.
    listed.sort_by_key(|d| std::cmp::Reverse(d.get("id").and_then(Value::as_u64)));
    Ok(listed)
}

/// The name of the environment a deployment went to (GitLab sends it as an object).
pub fn environment_of(deployment: &Value) -> &str {
    match deployment.get("environment") {
        Some(Value::String(name)) => name,
        Some(environment) => text(environment, "name"),
        None => "",
    }
}

/// `#3 success: `main` at `abc12345`, by @alice, 2026-01-07 10:00 UTC`.
pub fn deployment_line(deployment: &Value) -> String {
    let sha = text(deployment, "sha");
    format!(
        "#{} {}: `{}` at `{}`, by {}, {}",
        deployment
            .get("iid")
            .or_else(|| deployment.get("id"))
            .and_then(Value::as_u64)
            .unwrap_or_default(),
        text(deployment, "status"),
        text(deployment, "ref"),
        sha.get(..8).unwrap_or(sha),
        person(deployment.get("user")),
        time(deployment.get("created_at")),
    )
}

pub fn render(environment: &Value, deployments: &[Value]) -> String {
    let mut out = format!(
        "# Environment: {}\n\n- **State:** {}\n- **Tier:** {}\n",
        text(environment, "name"),
        text(environment, "state"),
        text(environment, "tier"),
    );
    if let Some(url) = environment.get("external_url").and_then(Value::as_str) {
        out.push_str(&format!("- **URL:** {url}\n"));
    }
    if let Some(description) = environment.get("description").and_then(Value::as_str) {
        out.push_str(&format!("- **Description:** {description}\n"));
    }
    let succeeded = deployments.iter().find(|d| text(d, "status") == "success");
    out.push_str(&format!(
        "- **Deployed now:** {}\n",
        succeeded.map_or("nothing yet".to_owned(), deployment_line)
    ));
    out.push_str("\n## Recent deployments\n\n");
    if deployments.is_empty() {
        out.push_str("_None._\n");
    }
    for deployment in deployments.iter().take(RECENT) {
        out.push_str(&format!("- {}\n", deployment_line(deployment)));
    }
    out
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn what_is_deployed_is_the_latest_success() {
        let environment = json!({"name": "production", "state": "available", "tier": "production"});
        let deployments = [
            json!({"id": 3, "status": "failed", "ref": "main", "sha": "cccccccc99", "user": {"username": "bob"}}),
            json!({"id": 2, "status": "success", "ref": "v1.0.0", "sha": "bbbbbbbb99", "user": {"username": "alice"}}),
        ];
        let out = render(&environment, &deployments);
        assert!(
            out.contains("- **Deployed now:** #2 success: `v1.0.0` at `bbbbbbbb`, by @alice"),
            "{out}"
        );
        assert!(
            out.contains("## Recent deployments\n\n- #3 failed"),
            "{out}"
        );
    }
}
