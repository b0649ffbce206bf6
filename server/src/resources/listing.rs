//! `resources/list`: the user's most recently active projects, each a project resource —
//! a short, bounded list to start from; everything else is reached through the templates.

use rmcp::model::Resource;
use serde_json::{Value, json};

use super::markdown::text;
use super::uri::project_uri;
use crate::call::{ReadError, Reads, items, params};
use crate::gitlab::ProjectId;
use crate::registry::ids;

/// Projects listed at most.
pub const LISTED: usize = 20;

pub async fn projects(reads: &Reads<'_>) -> Result<Vec<Resource>, ReadError> {
    let allowed = reads.access().projects.as_ref();
    // Under GITLAB_MCP_ALLOWED_PROJECTS only the allowed ones are listed: look further
    // among the user's projects for them.
    let per_page = if allowed.is_some() { 100 } else { LISTED };
    let page = reads
        .read(
            ids::PROJECT_LIST,
            params([
                ("membership", json!(true)),
                ("order_by", json!("last_activity_at")),
                ("per_page", json!(per_page)),
            ]),
        )
        .await?;
    let resources = items(&page)
        .iter()
        .filter(|project| {
            allowed.is_none_or(|allowed| {
                let id = project
                    .get("id")
                    .and_then(Value::as_u64)
                    .unwrap_or_default();
                allowed.admits(id, text(project, "path_with_namespace"))
            })
        })
        .take(LISTED)
        .map(resource)
        .collect();
    Ok(resources)
}

fn resource(project: &Value) -> Resource {
    let path = text(project, "path_with_namespace");
    let uri = project_uri(&ProjectId::Path(path.to_owned()));
    let mut description = format!(
        "The project `{path}`: description, default branch, open issues and merge requests, latest pipeline."
    );
    match text(project, "description").trim() {
        "" => {}
        own => description = format!("{own} — {description}"),
    }
    Resource::new(uri, path)
        .with_title(text(project, "name_with_namespace"))
        .with_description(description)
        .with_mime_type("text/markdown")
}
