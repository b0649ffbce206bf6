//! `review_merge_request(project, iid)`: the merge request resource (description, people,
//! open threads) and its diff resource, embedded, then how to review it.

use rmcp::model::GetPromptResult;

use super::arguments::Arguments;
use super::messages::{Failure, embedded, user};
use crate::call::Reads;
use crate::registry::{ActionId, ids};
use crate::resources::{self, Target};

pub const NEEDS: &[ActionId] = &[
    ids::MERGE_REQUEST_GET,
    ids::MERGE_REQUEST_DISCUSSION_LIST,
    ids::MERGE_REQUEST_DIFF_LIST,
];

/// The arguments that name the merge request: a 404 is theirs.
const ARGUMENTS: &[&str] = &["project", "iid"];

const INSTRUCTIONS: &str = "Review this merge request carefully, as a senior reviewer would:

1. Read the description to learn what the change is meant to do, then the whole diff.
2. Correctness first: logic errors, edge cases (empty input, off-by-one, overflow, missing values), error handling, concurrency.
3. Tests: does a test cover the change? Name the test that is missing.
4. Then security (injection, secrets, permissions), performance, and readability, in that order of weight.
5. Take every open thread into account: say whether the diff now answers it, and do not repeat what a thread already says. Resolved threads are settled.
6. Point each finding at its file and line in the diff (`path:line`), say why it matters, and suggest a concrete fix. Keep blocking problems apart from suggestions and nits.
7. End with a verdict in one sentence: approve, approve with suggestions, or request changes.

Comment only on code that is in the diff. If the diff was cut (its first lines say so), name the files you could not review.";

pub async fn get(reads: &Reads<'_>, arguments: &Arguments) -> Result<GetPromptResult, Failure> {
    let project = arguments.project();
    let iid = arguments
        .number("iid")
        .map_err(Failure::Argument)?
        .unwrap_or_default();
    let what = format!("merge request !{iid} of `{project}`");
    let described = Target::MergeRequest {
        project: project.clone(),
        iid,
    };
    let changes = Target::Diff {
        project: project.clone(),
        iid,
    };
    let (described, changes) = tokio::join!(
        resources::contents(reads, &described),
        resources::contents(reads, &changes),
    );
    let described = described.map_err(|error| Failure::read(&what, ARGUMENTS, error))?;
    let changes = changes.map_err(|error| Failure::read(&what, ARGUMENTS, error))?;
    Ok(GetPromptResult::new(vec![
        user(format!(
            "Review {what}. Its description and discussion come first, then its diff."
        )),
        embedded(described),
        embedded(changes),
        user(INSTRUCTIONS),
    ])
    .with_description(format!("Review of {what}")))
}
