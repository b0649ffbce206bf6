//! `describe_merge_request(project, iid)`: a merge request's commits, oldest first with
//! their whole messages, and the files it changes with their line counts, then how to draft
//! its title and description from them.

use rmcp::model::GetPromptResult;
use serde_json::{Value, json};

use super::arguments::Arguments;
use super::messages::{Failure, user};
use crate::call::{Reads, has_next_page, items, params};
use crate::registry::{ActionId, ids};
use crate::resources::changes;
use crate::resources::markdown::{quote, text, time};

pub const NEEDS: &[ActionId] = &[
    ids::MERGE_REQUEST_GET,
    ids::MERGE_REQUEST_COMMIT_LIST,
    ids::MERGE_REQUEST_DIFF_LIST,
];

/// The arguments that name the merge request: a 404 is theirs.
const ARGUMENTS: &[&str] = &["project", "iid"];

const INSTRUCTIONS: &str = "Draft a title and a description for this merge request:

1. The title: one line of at most 72 characters, in the imperative (\"Fix …\", \"Add …\"), saying what the change does for its users. If the commit titles follow a convention (`fix:`, `feat(scope):`), follow it too.
2. The description, in Markdown: a short summary of what changes and why; then the notable changes as a list, in the reader's terms, grouped when there are several; then how it was tested, from the commits and the test files changed; then anything a reviewer must know (a migration, a breaking change, a new setting).
3. Close the issues the commits or the branch name refer to with `Closes #N`.
4. If the current description holds something the commits do not say (a screenshot, a checklist, a link), keep it.

Write only from the commits and the files listed; say what is unclear instead of inventing. Show the title and the description; change nothing before the user agrees. Once they do, `merge_request.update` sets them (`title`, `description`).";

pub async fn get(reads: &Reads<'_>, arguments: &Arguments) -> Result<GetPromptResult, Failure> {
    let project = arguments.project();
    let iid = arguments
        .number("iid")
        .map_err(Failure::Argument)?
        .unwrap_or_default();
    let what = format!("merge request !{iid} of `{project}`");
    let named = || {
        params([
            ("project_id", json!(project)),
            ("merge_request_iid", json!(iid)),
            ("per_page", json!(100)),
        ])
    };
    let (mr, commits, files) = tokio::join!(
        reads.read(
            ids::MERGE_REQUEST_GET,
            params([
                ("project_id", json!(project)),
                ("merge_request_iid", json!(iid)),
            ])
        ),
        reads.read(ids::MERGE_REQUEST_COMMIT_LIST, named()),
        reads.read(ids::MERGE_REQUEST_DIFF_LIST, named()),
    );
    let failed = |error| Failure::read(&what, ARGUMENTS, error);
    let (mr, commits, files) = (
        mr.map_err(failed)?,
        commits.map_err(failed)?,
        files.map_err(failed)?,
    );
    Ok(GetPromptResult::new(vec![
        user(render(iid, &mr, &commits, &files)),
        user(INSTRUCTIONS),
    ])
    .with_description(format!("A title and description for {what}")))
}

fn render(iid: u64, mr: &Value, commits: &Value, files: &Value) -> String {
    let mut out = format!(
        "# Merge request !{iid}: `{}` → `{}`\n\n- **Current title:** {}\n- **Author:** @{}\n",
        text(mr, "source_branch"),
        text(mr, "target_branch"),
        text(mr, "title"),
        mr.get("author")
            .map(|a| text(a, "username"))
            .unwrap_or_default(),
    );
    match text(mr, "description").trim() {
        "" => out.push_str("- **Current description:** none\n"),
        description => out.push_str(&format!(
            "- **Current description:**\n\n{}\n",
            quote(description)
        )),
    }
    let mut listed: Vec<&Value> = items(commits).iter().collect();
    // Oldest first: the order the work was done in.
    listed.sort_by(|a, b| text(a, "created_at").cmp(text(b, "created_at")));
    out.push_str(&format!("\n## Commits ({}, oldest first)\n", listed.len()));
    if has_next_page(commits) {
        out.push_str("\n_[Only the first 100 commits are shown.]_\n");
    }
    for commit in listed {
        out.push_str(&format!(
            "\n### `{}` {}\n\n{}, {}\n",
            text(commit, "short_id"),
            text(commit, "title"),
            text(commit, "author_name"),
            time(commit.get("created_at")),
        ));
        // The message beyond its title line, where the why usually is.
        let body = text(commit, "message")
            .split_once('\n')
            .map(|(_, rest)| rest.trim())
            .unwrap_or_default();
        if !body.is_empty() {
            out.push_str(&format!("\n{}\n", quote(body)));
        }
    }
    out.push_str("\n## Files changed\n\n");
    out.push_str(&changes::files(items(files)));
    if has_next_page(files) {
        out.push_str("_[More files than the 100 listed.]_\n");
    }
    out
}
