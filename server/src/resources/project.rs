//! `gitlab://projects/{project}`: what a project is and how it is doing — description,
//! default branch, visibility, open issues and merge requests, the latest pipeline of the
//! default branch — and the URIs to read more of it.

use serde_json::{Value, json};

use super::markdown::{text, time, yes_no};
use super::uri::{encode, project_uri};
use crate::call::{ReadError, Reads, params};
use crate::gitlab::ProjectId;
use crate::registry::{ActionId, ids};

/// The actions the overview cannot do without.
pub const NEEDS: &[ActionId] = &[ids::PROJECT_GET];

/// Reads the project, its open merge request count and its latest pipeline at once. The
/// last two are left out, saying why, when the operator's settings do not offer them.
pub async fn overview(reads: &Reads<'_>, project: &ProjectId) -> Result<String, ReadError> {
    let id = json!(project);
    let open_merge_requests = params([
        ("project_id", id.clone()),
        ("state", json!("opened")),
        ("per_page", json!(1)),
    ]);
    let (found, open_merge_requests, latest) = tokio::join!(
        reads.read(ids::PROJECT_GET, params([("project_id", id.clone())])),
        reads.read(ids::MERGE_REQUEST_LIST, open_merge_requests),
        reads.read(ids::PIPELINE_LATEST, params([("project_id", id)])),
    );
    let found = found?;
    let path = text(&found, "path_with_namespace");
    let uri = project_uri(&ProjectId::Path(path.to_owned()));
    let default_branch = text(&found, "default_branch");
    let mut out = format!("# {}\n\n", text(&found, "name_with_namespace"));
    match text(&found, "description").trim() {
        "" => out.push_str("_No description._\n\n"),
        description => out.push_str(&format!("{description}\n\n")),
    }
    out.push_str(&format!(
        "- **Path:** `{path}` (id {})\n- **Visibility:** {}\n",
        found.get("id").and_then(Value::as_u64).unwrap_or_default(),
        text(&found, "visibility")
    ));
    if default_branch.is_empty() {
        out.push_str("- **Default branch:** none (the repository is empty)\n");
    } else {
        out.push_str(&format!("- **Default branch:** `{default_branch}`\n"));
    }
    if let Some(count) = found.get("open_issues_count").and_then(Value::as_u64) {
        out.push_str(&format!("- **Open issues:** {count}\n"));
    }
    out.push_str(&format!(
        "- **Open merge requests:** {}\n",
        open_count(&open_merge_requests)
    ));
    out.push_str(&format!(
        "- **Latest pipeline{}:** {}\n",
        if default_branch.is_empty() {
            String::new()
        } else {
            format!(" on `{default_branch}`")
        },
        pipeline_line(&latest, &uri)
    ));
    out.push_str(&format!(
        "- **Last activity:** {}\n",
        time(found.get("last_activity_at"))
    ));
    if yes_no(found.get("archived")) == "yes" {
        out.push_str("- **Archived:** yes (read-only)\n");
    }
    out.push_str(&format!("- **Web:** {}\n", text(&found, "web_url")));
    let files = match default_branch {
        "" => format!("{uri}/files/{{ref}}"),
        branch => format!("{uri}/files/{}", encode(branch)),
    };
    out.push_str(&format!(
        "\n## Read more\n\n\
         - an issue: `{uri}/issues/{{iid}}`\n\
         - a merge request: `{uri}/merge_requests/{{iid}}`, its diff: `{uri}/merge_requests/{{iid}}/diff`\n\
         - a file: `{files}/{{path}}`\n\
         - a pipeline: `{uri}/pipelines/{{pipeline_id}}`, a job: `{uri}/jobs/{{job_id}}`, its log: `{uri}/jobs/{{job_id}}/log`\n\
         - a commit: `{uri}/commits/{{sha}}`, two refs compared: `{uri}/compare/{{from}}...{{to}}`\n\
         - a milestone: `{uri}/milestones/{{milestone_id}}`, a release: `{uri}/releases/{{tag}}`\n\
         - a wiki page: `{uri}/wiki/{{slug}}`, an environment: `{uri}/environments/{{environment}}`\n"
    ));
    Ok(out)
}

/// The open merge request count, or why it is not shown.
fn open_count(read: &Result<Value, ReadError>) -> String {
    match read {
        Ok(page) => match page.get("total").and_then(Value::as_u64) {
            Some(total) => total.to_string(),
            None if crate::call::items(page).is_empty() => "0".to_owned(),
            None => "more than GitLab counts (it sent no total)".to_owned(),
        },
        Err(why) => not_shown(why),
    }
}

/// `#2 failed at `abc1234` (2026-01-05 10:00 UTC): gitlab://…/pipelines/2`, or why not.
fn pipeline_line(read: &Result<Value, ReadError>, project_uri: &str) -> String {
    match read {
        Ok(pipeline) => {
            let id = pipeline
                .get("id")
                .and_then(Value::as_u64)
                .unwrap_or_default();
            let sha = text(pipeline, "sha");
            format!(
                "#{id} {} at `{}` ({}): `{project_uri}/pipelines/{id}`",
                text(pipeline, "status"),
                sha.get(..8).unwrap_or(sha),
                time(pipeline.get("created_at"))
            )
        }
        Err(ReadError::NotFound(_)) => "none yet".to_owned(),
        Err(why) => not_shown(why),
    }
}

fn not_shown(why: &ReadError) -> String {
    match why {
        ReadError::Refused(reason) => format!("not shown: {reason}"),
        other => format!("could not be read: {other}"),
    }
}
