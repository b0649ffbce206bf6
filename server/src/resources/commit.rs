//! `gitlab://projects/{project}/commits/{sha}`: a commit — its message, author, parents,
//! line counts and last pipeline — and the files it changed, each with its line counts.

use serde_json::{Value, json};

use super::changes;
use super::markdown::{text, time};
use crate::call::{ReadError, Reads, has_next_page, items, params};
use crate::gitlab::ProjectId;
use crate::registry::{ActionId, ids};

pub const NEEDS: &[ActionId] = &[ids::COMMIT_GET, ids::COMMIT_DIFF];

/// Reads the commit and its files at once.
pub async fn commit(
    reads: &Reads<'_>,
    project: &ProjectId,
    sha: &str,
) -> Result<String, ReadError> {
    let (commit, diffs) = tokio::join!(
        reads.read(
            ids::COMMIT_GET,
            params([
                ("project_id", json!(project)),
                ("sha", json!(sha)),
                ("stats", json!(true)),
            ])
        ),
        reads.read(
            ids::COMMIT_DIFF,
            params([
                ("project_id", json!(project)),
                ("sha", json!(sha)),
                ("per_page", json!(changes::MAX_FILES)),
            ])
        ),
    );
    Ok(render(&commit?, &diffs?))
}

pub fn render(commit: &Value, diffs: &Value) -> String {
    let mut out = format!(
        "# Commit {}: {}\n\n- **Id:** `{}`\n- **Author:** {} <{}>, {}\n",
        text(commit, "short_id"),
        text(commit, "title"),
        text(commit, "id"),
        text(commit, "author_name"),
        text(commit, "author_email"),
        time(commit.get("authored_date")),
    );
    if text(commit, "committer_name") != text(commit, "author_name") {
        out.push_str(&format!(
            "- **Committer:** {}, {}\n",
            text(commit, "committer_name"),
            time(commit.get("committed_date"))
        ));
    }
    let parents: Vec<String> = commit
        .get("parent_ids")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .map(|p| format!("`{}`", p.get(..8).unwrap_or(p)))
        .collect();
    out.push_str(&format!(
        "- **Parents:** {}{}\n",
        if parents.is_empty() {
            "none (the first commit)".to_owned()
        } else {
            parents.join(", ")
        },
        if parents.len() > 1 {
            " (a merge commit)"
        } else {
            ""
        }
    ));
    if let Some(stats) = commit.get("stats").filter(|s| s.is_object()) {
        let count = |key: &str| stats.get(key).and_then(Value::as_u64).unwrap_or_default();
        out.push_str(&format!(
            "- **Lines:** +{} −{}\n",
            count("additions"),
            count("deletions")
        ));
    }
    if let Some(pipeline) = commit.get("last_pipeline").filter(|p| p.is_object()) {
        out.push_str(&format!(
            "- **Last pipeline:** #{} {}\n",
            pipeline
                .get("id")
                .and_then(Value::as_u64)
                .unwrap_or_default(),
            text(pipeline, "status")
        ));
    }
    out.push_str(&format!("- **Web:** {}\n", text(commit, "web_url")));
    out.push_str("\n## Message\n\n");
    out.push_str(&super::markdown::quote(text(commit, "message")));
    out.push_str("\n\n## Files changed\n\n");
    out.push_str(&changes::files(items(diffs)));
    if has_next_page(diffs) {
        out.push_str(&format!(
            "_[More files than the {} listed; read them with `commit.diff` and `page: 2`.]_\n",
            changes::MAX_FILES
        ));
    }
    out
}
