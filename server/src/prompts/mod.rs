//! MCP prompts: the GitLab workflows people ask an assistant for most, offered as slash
//! commands. Each fetches what it needs through the catalog's reads ([`crate::reads`]) and
//! returns messages that embed it — the resources themselves where there is one — with
//! instructions for the work. A prompt is listed only where the operator offers the
//! actions it reads through.

mod arguments;
mod definition;
mod describe_merge_request;
mod explain_conflicts;
mod explain_failed_pipeline;
mod explain_project;
mod messages;
mod milestone_report;
mod moment;
mod my_day;
mod release_notes;
mod review_merge_request;
mod standup;
mod summarize_issue;
mod triage_issues;
mod what_blocks_merge_request;
mod whats_deployed;

use rmcp::ErrorData as McpError;
use rmcp::model::{GetPromptResult, Prompt, PromptArgument};
use serde_json::{Map, Value};

pub use arguments::Arguments;
pub use definition::{Argument, Definition};
use definition::{ISSUE_IID, MERGE_REQUEST_IID, PROJECT};

use crate::access::Access;
use crate::call::{Reads, refusal};
use crate::completions::kind::Kind;

/// Every prompt, in the order listed.
pub const PROMPTS: &[Definition] = &[
    Definition {
        name: "review_merge_request",
        title: "Review a merge request",
        description: "A careful code review of a merge request: its description and open discussions, its diff, and what to check.",
        arguments: &[PROJECT, MERGE_REQUEST_IID],
        needs: review_merge_request::NEEDS,
    },
    Definition {
        name: "explain_failed_pipeline",
        title: "Explain a failed pipeline",
        description: "Why a CI pipeline failed and how to fix it: its failed jobs with the end of their logs.",
        arguments: &[
            PROJECT,
            Argument {
                name: "pipeline",
                description: "The pipeline's id. Default: the latest failed pipeline of the default branch.",
                required: false,
                kind: Kind::Pipeline,
            },
        ],
        needs: explain_failed_pipeline::NEEDS,
    },
    Definition {
        name: "release_notes",
        title: "Draft release notes",
        description: "Release notes for what changed since a tag: the merge requests merged and the commits made in the range, grouped.",
        arguments: &[
            PROJECT,
            Argument {
                name: "from_tag",
                description: "The tag of the previous release (`v1.0.0`).",
                required: true,
                kind: Kind::Tag,
            },
            Argument {
                name: "to_ref",
                description: "The branch, tag or commit the release is made from. Default: the default branch.",
                required: false,
                kind: Kind::Ref,
            },
        ],
        needs: release_notes::NEEDS,
    },
    Definition {
        name: "triage_issues",
        title: "Triage open issues",
        description: "The open issues that have no assignee or no milestone, with what each needs, and the project's labels, milestones and members to choose from.",
        arguments: &[
            PROJECT,
            Argument {
                name: "label",
                description: "Only issues with this label. Default: every open issue.",
                required: false,
                kind: Kind::Label,
            },
        ],
        needs: triage_issues::NEEDS,
    },
    Definition {
        name: "my_day",
        title: "Plan my day",
        description: "What waits for you across your projects: pending to-do items, merge requests waiting for your review, your own open merge requests with their pipelines, and the issues assigned to you.",
        arguments: &[],
        needs: my_day::NEEDS,
    },
    Definition {
        name: "what_blocks_merge_request",
        title: "What blocks a merge request",
        description: "Why a merge request cannot merge yet and how to unblock it: its pipeline, approvals, merge status and conflicts, and unresolved threads.",
        arguments: &[PROJECT, MERGE_REQUEST_IID],
        needs: what_blocks_merge_request::NEEDS,
    },
    Definition {
        name: "explain_conflicts",
        title: "Explain a merge request's conflicts",
        description: "Why a merge request conflicts with its target branch and how to resolve it: the files both branches changed since they diverged, with both diffs.",
        arguments: &[PROJECT, MERGE_REQUEST_IID],
        needs: explain_conflicts::NEEDS,
    },
    Definition {
        name: "describe_merge_request",
        title: "Describe a merge request",
        description: "A title and description for a merge request, drafted from its commits and the files it changes.",
        arguments: &[PROJECT, MERGE_REQUEST_IID],
        needs: describe_merge_request::NEEDS,
    },
    Definition {
        name: "summarize_issue",
        title: "Summarize an issue",
        description: "An issue and its whole discussion summarized: where it stands, decisions, open questions and next steps.",
        arguments: &[PROJECT, ISSUE_IID],
        needs: summarize_issue::NEEDS,
    },
    Definition {
        name: "standup",
        title: "Stand-up update",
        description: "What happened in a project since a moment: merge requests merged and opened, issues opened and closed, and the pipelines of its default branch.",
        arguments: &[
            PROJECT,
            Argument {
                name: "since",
                description: "Since when: a date (`2026-07-28`) or a date and time (`2026-07-28T09:00:00Z`). Default: a day ago.",
                required: false,
                kind: Kind::Date,
            },
        ],
        needs: standup::NEEDS,
    },
    Definition {
        name: "milestone_report",
        title: "Milestone progress report",
        description: "How far along a milestone is: its issues closed and merge requests merged against its due date, what is left and who has it.",
        arguments: &[
            PROJECT,
            Argument {
                name: "milestone",
                description: "The milestone: its title (`v1.1`) or its id.",
                required: true,
                kind: Kind::Milestone,
            },
        ],
        needs: milestone_report::NEEDS,
    },
    Definition {
        name: "whats_deployed",
        title: "What is deployed where",
        description: "Each environment of a project with what its latest successful deployment put there, and the commits of the default branch not deployed yet.",
        arguments: &[PROJECT],
        needs: whats_deployed::NEEDS,
    },
    Definition {
        name: "explain_project",
        title: "Explain a project",
        description: "A newcomer's tour of a project: what it is, its layout and latest commits, its README and contributing guide.",
        arguments: &[PROJECT],
        needs: explain_project::NEEDS,
    },
];

pub fn find(name: &str) -> Option<&'static Definition> {
    PROMPTS.iter().find(|prompt| prompt.name == name)
}

/// The prompts the operator's settings offer, as MCP lists them.
pub fn offered(access: &Access) -> Vec<Prompt> {
    PROMPTS
        .iter()
        .filter(|prompt| refusal(access, prompt.needs).is_none())
        .map(|prompt| {
            let arguments = prompt
                .arguments
                .iter()
                .map(|argument| {
                    PromptArgument::new(argument.name)
                        .with_description(argument.description)
                        .with_required(argument.required)
                })
                .collect();
            Prompt::new(prompt.name, Some(prompt.description), Some(arguments))
                .with_title(prompt.title)
        })
        .collect()
}

/// `prompts/get`: the prompt `name` with `arguments`, or an error saying what was wrong.
pub async fn get(
    reads: &Reads<'_>,
    name: &str,
    arguments: Option<&Map<String, Value>>,
) -> Result<GetPromptResult, McpError> {
    let Some(prompt) = find(name) else {
        let names: Vec<String> = PROMPTS.iter().map(|p| format!("`{}`", p.name)).collect();
        return Err(McpError::invalid_params(
            format!(
                "unknown prompt `{name}`; this server's prompts are {} (prompts/list)",
                names.join(", ")
            ),
            None,
        ));
    };
    let wrong = |why: String| McpError::invalid_params(format!("prompt `{name}`: {why}"), None);
    if let Some(refusal) = reads.refusal(prompt.needs) {
        return Err(wrong(refusal));
    }
    let arguments = Arguments::parse(prompt, arguments).map_err(wrong)?;
    let result = match prompt.name {
        "review_merge_request" => review_merge_request::get(reads, &arguments).await,
        "explain_failed_pipeline" => explain_failed_pipeline::get(reads, &arguments).await,
        "release_notes" => release_notes::get(reads, &arguments).await,
        "triage_issues" => triage_issues::get(reads, &arguments).await,
        "my_day" => my_day::get(reads).await,
        "what_blocks_merge_request" => what_blocks_merge_request::get(reads, &arguments).await,
        "explain_conflicts" => explain_conflicts::get(reads, &arguments).await,
        "describe_merge_request" => describe_merge_request::get(reads, &arguments).await,
        "summarize_issue" => summarize_issue::get(reads, &arguments).await,
        "standup" => standup::get(reads, &arguments).await,
        "milestone_report" => milestone_report::get(reads, &arguments).await,
        "whats_deployed" => whats_deployed::get(reads, &arguments).await,
        "explain_project" => explain_project::get(reads, &arguments).await,
        other => unreachable!("prompt `{other}` is in PROMPTS without a builder"),
    };
    result.map_err(|failure| failure.into_error(name))
}
