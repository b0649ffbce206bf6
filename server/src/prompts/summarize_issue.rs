//! `summarize_issue(project, iid)`: the issue resource (description, people, every open
//! thread), embedded, then how to summarize it: decisions, open questions, next steps.

use rmcp::model::GetPromptResult;

use super::arguments::Arguments;
use super::messages::{Failure, embedded, user};
use crate::call::Reads;
use crate::registry::ActionId;
use crate::resources::{self, Target, issue};

pub const NEEDS: &[ActionId] = issue::NEEDS;

const INSTRUCTIONS: &str = "Summarize this issue for someone who has not read it:

1. What it is about, in two or three sentences: the problem or the request, and who raised it.
2. Where it stands now: its state, who is on it, and any merge request or issue the discussion names (`!12`, `#34`).
3. Decisions: what was agreed, by whom. Tell decisions from suggestions nobody took up.
4. Open questions: what was asked and not answered, and who is expected to answer.
5. Next steps, each with its owner when the discussion names one.

Keep each part short; leave out a part that has nothing in it. Write only from the issue and its discussion; say so where something is unclear instead of guessing.";

pub async fn get(reads: &Reads<'_>, arguments: &Arguments) -> Result<GetPromptResult, Failure> {
    let project = arguments.project();
    let iid = arguments
        .number("iid")
        .map_err(Failure::Argument)?
        .unwrap_or_default();
    let what = format!("issue #{iid} of `{project}`");
    let target = Target::Issue {
        project: project.clone(),
        iid,
    };
    let issue = resources::contents(reads, &target)
        .await
        .map_err(|error| Failure::read(&what, &["project", "iid"], error))?;
    Ok(GetPromptResult::new(vec![
        user(format!(
            "Summarize {what}. The issue and its discussion come first."
        )),
        embedded(issue),
        user(INSTRUCTIONS),
    ])
    .with_description(format!("Summary of {what}")))
}
