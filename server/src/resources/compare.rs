//! `gitlab://projects/{project}/compare/{from}...{to}`: what `to` has that `from` has not,
//! counted from their merge base as a merge request counts it — its commits, oldest first,
//! and the files changed with their line counts.

use serde_json::{Value, json};

use super::changes;
use super::markdown::{plural, text, time};
use crate::call::{ReadError, Reads, params};
use crate::gitlab::ProjectId;
use crate::registry::{ActionId, ids};

pub const NEEDS: &[ActionId] = &[ids::REPOSITORY_COMPARE];

/// Commits listed at most.
pub const MAX_COMMITS: usize = 100;

pub async fn compare(
    reads: &Reads<'_>,
    project: &ProjectId,
    from: &str,
    to: &str,
) -> Result<String, ReadError> {
    let compared = reads
        .read(
            ids::REPOSITORY_COMPARE,
            params([
                ("project_id", json!(project)),
                ("from", json!(from)),
                ("to", json!(to)),
            ]),
        )
        .await?;
    Ok(render(from, to, &compared))
}

pub fn render(from: &str, to: &str, compared: &Value) -> String {
    let list = |key: &str| {
        compared
            .get(key)
            .and_then(Value::as_array)
            .map_or(&[][..], Vec::as_slice)
    };
    let commits = list("commits");
    let mut out = format!(
        "# Comparison of `{from}` and `{to}`\n\n{} commit{} in `{to}` that `{from}` does not have.\n",
        commits.len(),
        plural(commits.len())
    );
    if compared.get("compare_timeout").and_then(Value::as_bool) == Some(true) {
        out.push_str("_[GitLab timed out comparing them: what follows may be incomplete.]_\n");
    }
    if let Some(note) = compared.get("note").and_then(Value::as_str) {
        out.push_str(&format!("_[{note}.]_\n"));
    }
    out.push_str("\n## Commits\n\n");
    if commits.is_empty() {
        out.push_str("_None: `to` holds nothing `from` does not._\n");
    }
    for commit in commits.iter().take(MAX_COMMITS) {
        out.push_str(&format!(
            "- `{}` {} — {}, {}\n",
            text(commit, "short_id"),
            text(commit, "title"),
            text(commit, "author_name"),
            time(commit.get("created_at")),
        ));
    }
    if commits.len() > MAX_COMMITS {
        out.push_str(&format!(
            "_[{} more commits left out; read them with `commit.list` and `ref_name: {from}..{to}`.]_\n",
            commits.len() - MAX_COMMITS
        ));
    }
    out.push_str("\n## Files changed\n\n");
    out.push_str(&changes::files(list("diffs")));
    out
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn commits_then_files() {
        let compared = json!({
            "commits": [{"short_id": "a1", "title": "Add guide", "author_name": "Alice", "created_at": "2026-01-06T10:00:00Z"}],
            "diffs": [{"old_path": "g.md", "new_path": "g.md", "new_file": true, "diff": "+x\n"}]
        });
        let out = render("main", "feature/x", &compared);
        assert!(
            out.contains("1 commit in `feature/x` that `main` does not have."),
            "{out}"
        );
        assert!(
            out.contains("- `a1` Add guide — Alice, 2026-01-06 10:00 UTC"),
            "{out}"
        );
        assert!(
            out.contains("1 file changed, +1 −0.\n\n- `g.md` +1 −0 (new)"),
            "{out}"
        );
    }
}
