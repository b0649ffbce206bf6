//! `release_notes(project, from_tag, to_ref?)`: what changed from a tag to a ref — the
//! merge requests merged in the range, grouped by kind, and its commits — then how to
//! write release notes from it. `to_ref` defaults to the default branch.
//!
//! A merge request is in the range when its merge, squash or head commit is among the
//! range's commits (GitLab's comparison from the merge base, as a merge request shows it).

use std::collections::HashSet;

use rmcp::model::GetPromptResult;
use serde_json::{Value, json};

use super::arguments::Arguments;
use super::messages::{Failure, user};
use crate::call::{ReadError, Reads, has_next_page, items, params};
use crate::gitlab::ProjectId;
use crate::registry::{ActionId, ids};
use crate::resources::markdown::{labels, person, plural, text, time};

pub const NEEDS: &[ActionId] = &[
    ids::TAG_GET,
    ids::REPOSITORY_COMPARE,
    ids::MERGE_REQUEST_LIST,
];
/// Needed only without `to_ref`, to learn the default branch.
const DEFAULT_BRANCH: ActionId = ids::PROJECT_GET;

/// Commits listed at most.
pub const MAX_COMMITS: usize = 200;

const INSTRUCTIONS: &str = "Write the release notes for this range, in Markdown:

1. Start with a summary of the release in two or three sentences: what a user gets from upgrading.
2. Then one section per group below (Breaking changes first, then Security, Features, Fixes, Documentation, Other changes), leaving out empty ones. Move an entry to another group when its title or description says it belongs there.
3. One line per change, in the imperative and in the user's terms (\"Fix …\", \"Add …\"), ending with its reference (`!12`). Merge the lines of changes that belong together.
4. Fold in the commits no merge request covers (direct pushes); the commits of the merged merge requests are in the list too — do not list those twice.
5. Leave out what users never see (CI, refactors, internal tooling) unless it changes how they build or deploy; then put it under Other changes.
6. Mention every breaking change with what the user has to do.

Write only from what is listed here; do not invent changes.";

pub async fn get(reads: &Reads<'_>, arguments: &Arguments) -> Result<GetPromptResult, Failure> {
    let project = arguments.project();
    let from = arguments.required("from_tag").to_owned();
    let to = match arguments.text("to_ref") {
        Some(to) => to.to_owned(),
        None => default_branch(reads, &project).await?,
    };
    let (tag, compare, merged) = tokio::join!(
        reads.read(
            ids::TAG_GET,
            params([("project_id", json!(project)), ("tag_name", json!(from))])
        ),
        reads.read(
            ids::REPOSITORY_COMPARE,
            params([
                ("project_id", json!(project)),
                ("from", json!(from)),
                ("to", json!(to)),
            ])
        ),
        reads.read(
            ids::MERGE_REQUEST_LIST,
            params([
                ("project_id", json!(project)),
                ("state", json!("merged")),
                ("per_page", json!(100)),
            ])
        ),
    );
    tag.map_err(|error| match error {
        ReadError::NotFound(why) => Failure::Argument(format!(
            "`project`, `from_tag`: `{project}` has no tag `{from}` ({why}); complete it from the project's tags"
        )),
        other => Failure::read(&format!("the tag `{from}` of `{project}`"), &["project", "from_tag"], other),
    })?;
    let compare = compare.map_err(|error| match error {
        ReadError::NotFound(why) => Failure::Argument(format!(
            "`project`, `to_ref`: `{project}` has no branch, tag or commit `{to}` ({why})"
        )),
        other => Failure::read(
            &format!("the changes from `{from}` to `{to}`"),
            &["project", "to_ref"],
            other,
        ),
    })?;
    let merged = merged.map_err(|error| {
        Failure::read(
            &format!("the merged merge requests of `{project}`"),
            &["project"],
            error,
        )
    })?;
    let changes = Changes::new(&compare, &merged);
    let what = format!("`{project}` from `{from}` to `{to}`");
    Ok(GetPromptResult::new(vec![
        user(changes.render(&what, has_next_page(&merged))),
        user(INSTRUCTIONS),
    ])
    .with_description(format!("Release notes for {what}")))
}

async fn default_branch(reads: &Reads<'_>, project: &ProjectId) -> Result<String, Failure> {
    if let Some(refusal) = reads.refusal(&[DEFAULT_BRANCH]) {
        return Err(Failure::Argument(format!(
            "without `to_ref` the release is made from the default branch, which `project.get` reads: {refusal} Give `to_ref`."
        )));
    }
    let found = reads
        .read(ids::PROJECT_GET, params([("project_id", json!(project))]))
        .await
        .map_err(|error| Failure::read(&format!("the project `{project}`"), &["project"], error))?;
    match text(&found, "default_branch") {
        "" => Err(Failure::Argument(format!(
            "`{project}` has no default branch (its repository is empty); give `to_ref`"
        ))),
        branch => Ok(branch.to_owned()),
    }
}

/// The range: its commits, and the merge requests merged in it by group.
struct Changes<'a> {
    commits: Vec<&'a Value>,
    groups: Vec<(&'static str, Vec<&'a Value>)>,
    merged_count: usize,
}

const GROUPS: [&str; 6] = [
    "Breaking changes",
    "Security",
    "Features",
    "Fixes",
    "Documentation",
    "Other changes",
];

impl<'a> Changes<'a> {
    fn new(compare: &'a Value, merged: &'a Value) -> Self {
        let commits: Vec<&Value> = compare
            .get("commits")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .collect();
        let in_range: HashSet<&str> = commits.iter().map(|c| text(c, "id")).collect();
        let merged: Vec<&Value> = items(merged)
            .iter()
            .filter(|mr| {
                ["merge_commit_sha", "squash_commit_sha", "sha"]
                    .iter()
                    .any(|key| in_range.contains(text(mr, key)))
            })
            .collect();
        let mut groups: Vec<(&'static str, Vec<&Value>)> =
            GROUPS.iter().map(|group| (*group, Vec::new())).collect();
        for mr in &merged {
            let group = group_of(mr);
            if let Some((_, entries)) = groups.iter_mut().find(|(name, _)| *name == group) {
                entries.push(mr);
            }
        }
        Changes {
            commits,
            groups,
            merged_count: merged.len(),
        }
    }

    fn render(&self, what: &str, more_merged: bool) -> String {
        let own: Vec<&&Value> = self
            .commits
            .iter()
            .filter(|c| {
                c.get("parent_ids")
                    .and_then(Value::as_array)
                    .is_none_or(|p| p.len() < 2)
            })
            .collect();
        let merges = self.commits.len() - own.len();
        let mut out = format!(
            "# Changes in {what}\n\n{} commit{} in the range ({merges} of them merge commits, left out below), {} merged merge request{}.\n",
            self.commits.len(),
            plural(self.commits.len()),
            self.merged_count,
            plural(self.merged_count),
        );
        if self.commits.is_empty() {
            out.push_str("\nNothing changed in this range: say so instead of writing notes.\n");
        }
        out.push_str("\n## Merged merge requests, grouped\n");
        if self.merged_count == 0 {
            out.push_str("\n_None: every change in the range was pushed directly._\n");
        }
        for (group, entries) in &self.groups {
            if entries.is_empty() {
                continue;
            }
            out.push_str(&format!("\n### {group}\n\n"));
            for mr in entries {
                out.push_str(&format!(
                    "- !{} {} — by {}, merged {}; labels: {}\n",
                    mr.get("iid").and_then(Value::as_u64).unwrap_or_default(),
                    text(mr, "title"),
                    person(mr.get("author")),
                    time(mr.get("merged_at")),
                    labels(mr.get("labels")),
                ));
                let description = text(mr, "description").trim();
                if !description.is_empty() {
                    let (first, _) = crate::resources::markdown::cut(description, 300);
                    out.push_str(&format!("  {}\n", first.replace('\n', " ")));
                }
            }
        }
        if more_merged {
            out.push_str("\n_[Only the 100 most recent merged merge requests were matched against the range; older ones merged in it are not listed.]_\n");
        }
        out.push_str(&format!("\n## Commits, oldest first ({})\n\n", own.len()));
        for commit in own.iter().take(MAX_COMMITS) {
            out.push_str(&format!(
                "- `{}` {} — {}\n",
                text(commit, "short_id"),
                text(commit, "title"),
                text(commit, "author_name"),
            ));
        }
        if own.len() > MAX_COMMITS {
            out.push_str(&format!(
                "\n_[{} more commits left out; list them with `commit.list` and a `ref_name` range.]_\n",
                own.len() - MAX_COMMITS
            ));
        }
        out
    }
}

/// The group of a merge request, from its labels, else from its title's conventional
/// commit prefix (`fix:`, `feat(api)!:`).
fn group_of(mr: &Value) -> &'static str {
    let labels: Vec<String> = mr
        .get("labels")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|label| match label {
            Value::String(name) => Some(name.to_lowercase()),
            Value::Object(_) => Some(text(label, "name").to_lowercase()),
            _ => None,
        })
        .collect();
    let labelled = |words: &[&str]| {
        labels
            .iter()
            .any(|label| words.iter().any(|word| label.contains(word)))
    };
    let title = text(mr, "title").to_lowercase();
    let prefix = title
        .split_once(':')
        .map(|(head, _)| head.trim().to_owned())
        .filter(|head| !head.contains(' '))
        .unwrap_or_default();
    let kind = prefix
        .split('(')
        .next()
        .unwrap_or_default()
        .trim_end_matches('!');
    if labelled(&["breaking"]) || prefix.ends_with('!') || title.contains("breaking change") {
        "Breaking changes"
    } else if labelled(&["security", "vulnerab"]) || kind == "security" {
        "Security"
    } else if labelled(&["bug", "fix", "regression"]) || kind == "fix" {
        "Fixes"
    } else if labelled(&["feature", "enhancement", "feat"]) || kind == "feat" {
        "Features"
    } else if labelled(&["doc"]) || kind == "docs" {
        "Documentation"
    } else {
        "Other changes"
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn merge_requests_are_grouped_by_label_then_by_title() {
        let group =
            |labels: Value, title: &str| group_of(&json!({"labels": labels, "title": title}));
        assert_eq!(group(json!(["bug"]), "Tokenizer"), "Fixes");
        assert_eq!(group(json!(["type::feature"]), "Word counter"), "Features");
        assert_eq!(group(json!([]), "fix(tokenizer): off by one"), "Fixes");
        assert_eq!(group(json!([]), "feat!: new API"), "Breaking changes");
        assert_eq!(group(json!(["documentation"]), "Guide"), "Documentation");
        assert_eq!(group(json!([]), "Bump the toolchain"), "Other changes");
        // Only a one-word prefix is a conventional commit's kind.
        assert_eq!(group(json!([]), "Fix: a sentence: with colons"), "Fixes");
        assert_eq!(
            group(json!([]), "Release plan: next steps"),
            "Other changes"
        );
    }

    #[test]
    fn only_merge_requests_merged_in_the_range_are_listed() {
        let compare = json!({"commits": [
            {"id": "a1", "short_id": "a1", "title": "Add guide", "author_name": "Alice", "parent_ids": ["p"]},
            {"id": "m1", "short_id": "m1", "title": "Merge branch 'fix'", "author_name": "Bob", "parent_ids": ["a1", "f1"]}
        ]});
        let merged = json!({"items": [
            {"iid": 1, "title": "Fix off-by-one", "labels": ["bug"], "merge_commit_sha": "m1", "author": {"username": "alice"}},
            {"iid": 2, "title": "Older", "labels": [], "merge_commit_sha": "zz"}
        ]});
        let changes = Changes::new(&compare, &merged);
        let text = changes.render("`p` from `v1` to `main`", false);
        assert!(text.contains("2 commits in the range (1 of them merge commits, left out below), 1 merged merge request."), "{text}");
        assert!(
            text.contains("### Fixes\n\n- !1 Fix off-by-one — by @alice"),
            "{text}"
        );
        assert!(!text.contains("!2"), "{text}");
        assert!(
            text.contains("- `a1` Add guide — Alice") && !text.contains("Merge branch"),
            "{text}"
        );
    }
}
