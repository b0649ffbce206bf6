//! `explain_conflicts(project, iid)`: why a merge request conflicts with its target branch
//! and how to resolve it.
//!
//! GitLab's REST API has no list of a merge request's conflicts (the conflict editor's
//! `…/conflicts` is a web route, not `/api/v4`; GraphQL only says `conflicts: true`). So
//! the prompt rebuilds what the conflicts are made of from what the API does give: the
//! merge request (`has_conflicts`, its merge base in `diff_refs`), the files it changes
//! since that base (`…/diffs`), and what the target branch changed since the same base
//! (`repository/compare`). The files both sides changed are where git can conflict; their
//! two diffs are embedded side by side.

use rmcp::model::GetPromptResult;
use serde_json::{Value, json};

use super::arguments::Arguments;
use super::messages::{Failure, user};
use crate::call::{Reads, items, params};
use crate::registry::{ActionId, ids};
use crate::resources::markdown::text;

pub const NEEDS: &[ActionId] = &[
    ids::MERGE_REQUEST_GET,
    ids::MERGE_REQUEST_DIFF_LIST,
    ids::REPOSITORY_COMPARE,
];

/// The arguments that name the merge request: a 404 is theirs.
const ARGUMENTS: &[&str] = &["project", "iid"];

const INSTRUCTIONS: &str = "Explain this merge request's conflicts and propose how to resolve them:

1. Start with one line: whether GitLab reports conflicts, and how many files both branches changed.
2. For each file changed on both sides, say what each side did (the merge request's change and the target branch's change) and whether the hunks touch the same lines; those are the conflicts git cannot resolve.
3. Propose a resolution per file: which side to keep, or the combined code, written out in full for the conflicting hunk, keeping both intents where they are compatible.
4. Give the steps to apply it: rebase the source branch onto the target (`merge_request.rebase` when GitLab can do it alone, otherwise locally with `git rebase`), resolve as proposed, run the tests, push.

Only the diffs shown are known: a file whose diff was cut, or a conflict in lines not shown, must be checked locally; say so rather than guess.";

pub async fn get(reads: &Reads<'_>, arguments: &Arguments) -> Result<GetPromptResult, Failure> {
    let project = arguments.project();
    let iid = arguments
        .number("iid")
        .map_err(Failure::Argument)?
        .unwrap_or_default();
    let what = format!("merge request !{iid} of `{project}`");
    let failed = |error| Failure::read(&what, ARGUMENTS, error);
    let (mr, changes) = tokio::join!(
        reads.read(
            ids::MERGE_REQUEST_GET,
            params([
                ("project_id", json!(project)),
                ("merge_request_iid", json!(iid)),
                ("include_diverged_commits_count", json!(true)),
                ("raw", json!(true)),
            ])
        ),
        reads.read(
            ids::MERGE_REQUEST_DIFF_LIST,
            params([
                ("project_id", json!(project)),
                ("merge_request_iid", json!(iid)),
                ("per_page", json!(100)),
            ])
        ),
    );
    let (mr, changes) = (mr.map_err(failed)?, changes.map_err(failed)?);
    let base = mr
        .get("diff_refs")
        .map(|refs| text(refs, "base_sha"))
        .unwrap_or_default()
        .to_owned();
    // What the target did since the merge base; without a base (a branch gone) nothing.
    let target = if base.is_empty() {
        Value::Null
    } else {
        reads
            .read(
                ids::REPOSITORY_COMPARE,
                params([
                    ("project_id", json!(project)),
                    ("from", json!(base)),
                    ("to", json!(text(&mr, "target_branch"))),
                ]),
            )
            .await
            .map_err(|error| {
                Failure::read(&format!("the target branch of {what}"), ARGUMENTS, error)
            })?
    };
    let target_diffs: &[Value] = target
        .get("diffs")
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice);
    Ok(GetPromptResult::new(vec![
        user(render(iid, &mr, items(&changes), target_diffs)),
        user(INSTRUCTIONS),
    ])
    .with_description(format!("The conflicts of {what}, explained")))
}

/// A file's path on either side of its diff.
fn paths(diff: &Value) -> [&str; 2] {
    [text(diff, "old_path"), text(diff, "new_path")]
}

/// The merge request's state, then each file both sides changed with both diffs, then the
/// files only one side changed.
fn render(iid: u64, mr: &Value, ours: &[Value], theirs: &[Value]) -> String {
    let source = text(mr, "source_branch");
    let target = text(mr, "target_branch");
    let mut out = format!(
        "# Conflicts of merge request !{iid}: `{source}` → `{target}`\n\n- **Title:** {}\n- **GitLab reports conflicts:** {}\n- **Merge status:** `{}`\n",
        text(mr, "title"),
        if mr.get("has_conflicts") == Some(&json!(true)) {
            "yes"
        } else {
            "no"
        },
        text(mr, "detailed_merge_status"),
    );
    if let Some(count) = mr.get("diverged_commits_count").and_then(Value::as_u64) {
        out.push_str(&format!(
            "- **Commits on `{target}` not in `{source}`:** {count}\n"
        ));
    }
    let both: Vec<(&Value, &Value)> = ours
        .iter()
        .filter_map(|mine| {
            let names = paths(mine);
            theirs
                .iter()
                .find(|other| paths(other).iter().any(|path| names.contains(path)))
                .map(|other| (mine, other))
        })
        .collect();
    out.push_str(&format!(
        "\n## Files both branches changed since they diverged ({})\n",
        both.len()
    ));
    if both.is_empty() {
        out.push_str("\nNone: no file is changed on both sides, so git should merge them cleanly; a reported conflict then comes from a file beyond the diffs listed.\n");
    }
    for (mine, other) in &both {
        out.push_str(&format!(
            "\n### `{}`\n\nThe merge request's change (`{source}`):\n\n```diff\n{}\n```\n\nThe target branch's change (`{target}`):\n\n```diff\n{}\n```\n",
            text(mine, "new_path"),
            diff_text(mine),
            diff_text(other),
        ));
    }
    let only = |side: &[Value], other: &[Value]| -> Vec<String> {
        side.iter()
            .filter(|diff| {
                let names = paths(diff);
                !other
                    .iter()
                    .any(|o| paths(o).iter().any(|path| names.contains(path)))
            })
            .map(|diff| format!("`{}`", text(diff, "new_path")))
            .collect()
    };
    for (heading, listed) in [
        ("Changed only by the merge request", only(ours, theirs)),
        ("Changed only on the target branch", only(theirs, ours)),
    ] {
        if !listed.is_empty() {
            out.push_str(&format!("\n## {heading}\n\n{}\n", listed.join(", ")));
        }
    }
    out
}

/// A diff's text, or why it is not there.
fn diff_text(diff: &Value) -> String {
    match text(diff, "diff").trim_end() {
        "" if diff.get("truncated") == Some(&json!(true)) => {
            "[cut to stay under the size limit: read it with merge_request.diff_list or repository.compare]".to_owned()
        }
        "" => "[no text diff: a binary file or a mode change]".to_owned(),
        body => body.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::render;

    #[test]
    fn files_changed_on_both_sides_come_with_both_diffs() {
        let mr = json!({"source_branch": "fix", "target_branch": "main", "title": "Fix", "has_conflicts": true, "detailed_merge_status": "conflict", "diverged_commits_count": 2});
        let ours = [
            json!({"old_path": "src/a.rs", "new_path": "src/a.rs", "diff": "-x\n+y"}),
            json!({"old_path": "README.md", "new_path": "README.md", "diff": "+doc"}),
        ];
        let theirs = [
            json!({"old_path": "src/a.rs", "new_path": "src/a.rs", "diff": "-x\n+z"}),
            json!({"old_path": "Cargo.toml", "new_path": "Cargo.toml", "diff": "+dep"}),
        ];
        let text = render(3, &mr, &ours, &theirs);
        assert!(text.contains("**GitLab reports conflicts:** yes"), "{text}");
        assert!(
            text.contains("Commits on `main` not in `fix`:** 2"),
            "{text}"
        );
        assert!(text.contains("Files both branches changed since they diverged (1)"));
        assert!(text.contains("### `src/a.rs`"));
        assert!(text.contains("-x\n+y") && text.contains("-x\n+z"));
        assert!(text.contains("Changed only by the merge request\n\n`README.md`"));
        assert!(text.contains("Changed only on the target branch\n\n`Cargo.toml`"));
    }
}
