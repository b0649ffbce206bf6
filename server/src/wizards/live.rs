//! What the wizards read from GitLab while they run: whether a branch, a tag, a release, a
//! merge request or a project name exists, and the refs to choose from. Each wizard's own
//! checks, beside its struct, are made of these.
//!
//! A read that cannot settle the question — GitLab unreachable or slow, the project not
//! found, any other refusal — leaves it open: the check accepts the answer and GitLab's own
//! answer to the final call decides. Only a definite "there is none" refuses an answer.

use std::time::Duration;

use serde_json::Value;
use wizard::live::{Offer, Verdict};
use wizard::summary::escape_value;

use crate::gitlab::{ApiRequest, ApiResponse, GitLab, GitLabError, ProjectId};

/// How long a live read may take before the answer is accepted unchecked: a user waits
/// for it between two questions.
pub const LIVE_TIMEOUT: Duration = Duration::from_secs(10);

/// What one live read found.
#[derive(Debug, Clone, PartialEq)]
pub enum Found {
    /// GitLab answered with this object or list.
    Yes(ApiResponse),
    /// GitLab said there is no such thing (a 404 naming it, not the project).
    No,
    /// The read could not settle it: why.
    Unknown(String),
}

/// Sends one GET for a live check, within [`LIVE_TIMEOUT`].
pub async fn read(gitlab: &GitLab, request: ApiRequest) -> Found {
    let answer = tokio::time::timeout(LIVE_TIMEOUT, gitlab.send(request)).await;
    match answer {
        Ok(Ok(response)) => Found::Yes(response),
        Ok(Err(GitLabError::Api(api)))
            if api.status == 404
                && !api
                    .message
                    .as_deref()
                    .is_some_and(|m| m.contains("Project Not Found")) =>
        {
            Found::No
        }
        Ok(Err(error)) => Found::Unknown(error.to_string()),
        Err(_) => Found::Unknown(format!("GitLab did not answer within {LIVE_TIMEOUT:?}")),
    }
}

/// `GET projects/:id/<segments…>`.
pub fn project_get(project: &ProjectId, segments: &[&str]) -> ApiRequest {
    segments
        .iter()
        .fold(ApiRequest::get().project(project), |request, segment| {
            request.segment(segment)
        })
}

/// The project as the reasons name it: `` `demo/sandbox` ``.
pub fn shown(project: &ProjectId) -> String {
    escape_value(&project.to_string())
}

/// Refuses `branch` when `project` has no such branch, naming the project's branches
/// closest to it, so that the user asked again sees what would be taken beside what was
/// mistyped.
pub async fn branch_exists(gitlab: &GitLab, project: &ProjectId, branch: &str) -> Verdict {
    let request = project_get(project, &["repository", "branches", branch]);
    match read(gitlab, request).await {
        Found::No => {
            let mut reason = format!(
                "There is no branch {} in {}.",
                escape_value(branch),
                shown(project)
            );
            // The names close to the one typed; when none is, the first few, so that a
            // refusal always shows answers that would be taken.
            let names = branch_names(gitlab, project).await;
            let (heading, offered, more) = match closest(branch, &names, CLOSEST) {
                close if !close.is_empty() => ("Its closest branches", close, ""),
                _ => (
                    "Its branches",
                    names.iter().take(CLOSEST).map(String::as_str).collect(),
                    if names.len() > CLOSEST { ", …" } else { "" },
                ),
            };
            if !offered.is_empty() {
                let offered: Vec<String> = offered.into_iter().map(escape_value).collect();
                reason.push_str(&format!(" {heading}: {}{more}.", offered.join(", ")));
            }
            Verdict::Reject(reason)
        }
        Found::Yes(_) | Found::Unknown(_) => Verdict::Accept,
    }
}

/// How many branch names a refusal offers at most: enough to find a mistyped one, few
/// enough to read in a form's message.
pub const CLOSEST: usize = 10;

/// The names of `project`'s branches on GitLab's first page (its largest): none when
/// they cannot be read, since a refusal without them is still right.
async fn branch_names(gitlab: &GitLab, project: &ProjectId) -> Vec<String> {
    let request = project_get(project, &["repository", "branches"]).query("per_page", 100);
    match listed(gitlab, request).await {
        Ok((branches, _)) => branches
            .iter()
            .filter_map(|branch| branch.get("name").and_then(Value::as_str))
            .map(str::to_owned)
            .collect(),
        Err(_) => Vec::new(),
    }
}

/// The at most `most` of `names` close to `typed`, closest first: within an edit
/// distance of half the longer name (ignoring case), or holding what was typed (three
/// characters or more) or held in it, which counts as closest.
pub fn closest<'n>(typed: &str, names: &'n [String], most: usize) -> Vec<&'n str> {
    let typed_lower = typed.to_lowercase();
    let mut ranked: Vec<(usize, &str)> = names
        .iter()
        .filter_map(|name| {
            let lower = name.to_lowercase();
            let distance = edit_distance(&typed_lower, &lower);
            // A letter or two is in many names without making them close.
            let contains = typed_lower.chars().count() >= 3
                && (lower.contains(&typed_lower) || typed_lower.contains(&lower));
            let longest = typed_lower.chars().count().max(lower.chars().count());
            (contains || distance <= longest / 2)
                .then_some((if contains { 0 } else { distance }, name.as_str()))
        })
        .collect();
    ranked.sort();
    ranked
        .into_iter()
        .take(most)
        .map(|(_, name)| name)
        .collect()
}

/// Levenshtein distance, by characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut current = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let substitution = previous[j] + usize::from(ca != *cb);
            current[j + 1] = substitution.min(previous[j + 1] + 1).min(current[j] + 1);
        }
        previous = current;
    }
    previous[b.len()]
}

/// Whether `project` has the branch, the tag, both or neither named `name`.
pub async fn ref_exists(gitlab: &GitLab, project: &ProjectId, name: &str) -> Verdict {
    let branch = project_get(project, &["repository", "branches", name]);
    let tag = project_get(project, &["repository", "tags", name]);
    match (read(gitlab, branch).await, read(gitlab, tag).await) {
        (Found::No, Found::No) => Verdict::reject(format!(
            "There is no branch or tag {} in {}.",
            escape_value(name),
            shown(project)
        )),
        _ => Verdict::Accept,
    }
}

/// The project's branches, the default one first (the likeliest answer, where a choice
/// starts), then its tags, as the options of a ref, each labelled with
/// what it is (`main (default branch)`, `v1.0.0 (tag)`: a tag reads like a branch
/// otherwise): `Err` when either list cannot be read, or when there are more than the
/// runtime would offer (the question is then asked as text).
pub async fn refs(gitlab: &GitLab, project: &ProjectId) -> Result<Vec<Offer>, String> {
    // GitLab's largest page, which is also the most a choice offers: a next page means
    // too many, and so does a total past it (the runtime counts the two lists together).
    let list = |kind: &str| {
        project_get(project, &["repository", kind]).query("per_page", wizard::live::MAX_OPTIONS)
    };
    let (branches, more_branches) = listed(gitlab, list("branches")).await?;
    let (tags, more_tags) = listed(gitlab, list("tags")).await?;
    if more_branches || more_tags {
        return Err("more branches and tags than a choice offers".to_owned());
    }
    let named = |item: &Value| item.get("name").and_then(Value::as_str).map(str::to_owned);
    let is_default = |branch: &&Value| branch.get("default").and_then(Value::as_bool) == Some(true);
    let (default, others): (Vec<&Value>, Vec<&Value>) = branches.iter().partition(is_default);
    let branches = default.into_iter().chain(others).filter_map(|branch| {
        let name = named(branch)?;
        let what = if is_default(&branch) {
            "default branch"
        } else {
            "branch"
        };
        Some(Offer::labelled(name.clone(), format!("{name} ({what})")))
    });
    let tags = tags.iter().filter_map(|tag| {
        let name = named(tag)?;
        Some(Offer::labelled(name.clone(), format!("{name} (tag)")))
    });
    Ok(branches.chain(tags).collect())
}

/// The first `per_page` items of a list, and whether there are more.
async fn listed(gitlab: &GitLab, request: ApiRequest) -> Result<(Vec<Value>, bool), String> {
    let response = match read(gitlab, request).await {
        Found::Yes(response) => response,
        Found::No => return Ok((Vec::new(), false)),
        Found::Unknown(why) => return Err(why),
    };
    let more = response.next_page.is_some();
    match response.body {
        Value::Array(items) => Ok((items, more)),
        _ => Err("GitLab's list is not an array".to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_closest_names_come_first_and_at_most_as_many_as_asked() {
        let names: Vec<String> = ["main", "feature/x", "fix/tokenizer", "docs/tokens"]
            .map(str::to_owned)
            .to_vec();
        assert_eq!(closest("featur/x", &names, 10)[0], "feature/x");
        assert_eq!(closest("mian", &names, 10)[0], "main");
        assert_eq!(closest("MAIN", &names, 1), ["main"]);
        // A name sharing nothing with what was typed is not close.
        assert!(closest("zzzz", &names, 10).is_empty());
        let many: Vec<String> = (0..30).map(|n| format!("release/{n}")).collect();
        assert_eq!(closest("release/", &many, CLOSEST).len(), CLOSEST);
    }
}
