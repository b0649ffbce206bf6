//! `explain_project(project)`: the project resource, the top of its repository, its latest
//! commits, and its README and contributing guide as file resources, embedded, then how
//! to explain the project to a newcomer.

use rmcp::model::{GetPromptResult, PromptMessage};
use serde_json::{Value, json};

use super::arguments::Arguments;
use super::messages::{Failure, embedded, user};
use crate::call::{ReadError, Reads, has_next_page, items, params};
use crate::gitlab::ProjectId;
use crate::registry::{ActionId, ids};
use crate::resources::markdown::{text, time};
use crate::resources::uri::Lines;
use crate::resources::{self, Target};

pub const NEEDS: &[ActionId] = &[
    ids::PROJECT_GET,
    ids::REPOSITORY_TREE,
    ids::FILE_GET,
    ids::COMMIT_LIST,
];

/// Latest commits shown.
pub const RECENT_COMMITS: u64 = 10;

/// The files embedded when the repository has them at its top, by what their names start
/// with (case aside).
const GUIDES: [&str; 2] = ["readme", "contributing"];

const INSTRUCTIONS: &str = "Explain this project to a developer who is new to it:

1. What it is and who it is for, in a few sentences.
2. How it is built: the languages and tools its files show (a `Cargo.toml`, a `package.json`, a `Dockerfile`, `.gitlab-ci.yml`), and how the repository is laid out — what each top-level folder holds.
3. How to get started: build, test and run it, from the README and the CI configuration.
4. How to contribute: the guide's rules when there is one, else what the README and the merge request flow suggest (branches, reviews, pipelines).
5. What is going on now: the latest commits and the open issues and merge requests.

Point to the files to read next by their URIs (the project's `files/…` template). Write only from what is shown; say what you could not tell.";

pub async fn get(reads: &Reads<'_>, arguments: &Arguments) -> Result<GetPromptResult, Failure> {
    let project = arguments.project();
    let what = format!("the project `{project}`");
    let failed = |error| Failure::read(&what, &["project"], error);
    let overview = Target::Project(project.clone());
    let (overview, found, tree, commits) = tokio::join!(
        resources::contents(reads, &overview),
        reads.read(ids::PROJECT_GET, params([("project_id", json!(project))])),
        reads.read(
            ids::REPOSITORY_TREE,
            params([("project_id", json!(project)), ("per_page", json!(100))])
        ),
        reads.read(
            ids::COMMIT_LIST,
            params([
                ("project_id", json!(project)),
                ("per_page", json!(RECENT_COMMITS))
            ])
        ),
    );
    let overview = overview.map_err(failed)?;
    let found = found.map_err(failed)?;
    let branch = text(&found, "default_branch");
    let mut messages = vec![
        user(format!(
            "Explain {what}. Its overview comes first, then its layout and latest commits, then its README and contributing guide when it has them."
        )),
        embedded(overview),
    ];
    if branch.is_empty() {
        messages.push(user(
            "The repository is empty: there are no files or commits to show yet.",
        ));
        messages.push(user(INSTRUCTIONS));
        return Ok(GetPromptResult::new(messages).with_description(format!("About {what}")));
    }
    let tree = tree.map_err(failed)?;
    let commits = commits.map_err(failed)?;
    messages.push(user(layout(branch, &tree, &commits)));
    for guide in GUIDES {
        let name = items(&tree)
            .iter()
            .filter(|entry| text(entry, "type") == "blob")
            .map(|entry| text(entry, "path"))
            .find(|path| path.to_lowercase().starts_with(guide));
        if let Some(path) = name {
            messages.push(file(reads, &project, branch, path).await.map_err(failed)?);
        }
    }
    messages.push(user(INSTRUCTIONS));
    Ok(GetPromptResult::new(messages).with_description(format!("About {what}")))
}

/// The top of the repository and its latest commits.
fn layout(branch: &str, tree: &Value, commits: &Value) -> String {
    let mut out = format!("## The top of the repository at `{branch}`\n\n");
    let mut entries: Vec<&Value> = items(tree).iter().collect();
    // Folders first, as a file browser shows them.
    entries.sort_by_key(|entry| text(entry, "type") != "tree");
    for entry in entries {
        let slash = if text(entry, "type") == "tree" {
            "/"
        } else {
            ""
        };
        out.push_str(&format!("- `{}{slash}`\n", text(entry, "path")));
    }
    if has_next_page(tree) {
        out.push_str("_[Only the first 100 entries are listed.]_\n");
    }
    out.push_str(&format!("\n## The latest commits of `{branch}`\n\n"));
    for commit in items(commits) {
        out.push_str(&format!(
            "- `{}` {} — {}, {}\n",
            text(commit, "short_id"),
            text(commit, "title"),
            text(commit, "author_name"),
            time(commit.get("created_at")),
        ));
    }
    out
}

/// A file embedded as its resource; one too large to embed is named with the URI of its
/// first lines instead.
async fn file(
    reads: &Reads<'_>,
    project: &ProjectId,
    branch: &str,
    path: &str,
) -> Result<PromptMessage, ReadError> {
    let target = Target::File {
        project: project.clone(),
        reference: branch.to_owned(),
        path: path.to_owned(),
        lines: Lines::default(),
    };
    match resources::contents(reads, &target).await {
        Ok(contents) => Ok(embedded(contents)),
        Err(ReadError::Invalid(why)) => {
            Ok(user(format!("`{path}` is too large to embed whole: {why}")))
        }
        Err(other) => Err(other),
    }
}
