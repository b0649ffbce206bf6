//! `whats_deployed(project)`: each environment of a project, what its latest successful
//! deployment put there, and how far that is behind the default branch (the commits not
//! deployed yet), then how to report on it.

use futures::future::join_all;
use rmcp::model::GetPromptResult;
use serde_json::{Value, json};

use super::arguments::Arguments;
use super::messages::{Failure, user};
use crate::call::{ReadError, Reads, items, params};
use crate::gitlab::ProjectId;
use crate::registry::{ActionId, ids};
use crate::resources::Target;
use crate::resources::environment::{deployment_line, deployments, environment_of};
use crate::resources::markdown::{plural, text};

pub const NEEDS: &[ActionId] = &[
    ids::PROJECT_GET,
    ids::ENVIRONMENT_LIST,
    ids::DEPLOYMENT_LIST,
    ids::REPOSITORY_COMPARE,
];

/// Environments shown at most, each costing one comparison.
pub const MAX_ENVIRONMENTS: usize = 20;
/// Commits not deployed yet listed per environment.
pub const MAX_COMMITS: usize = 10;

const INSTRUCTIONS: &str = "Tell the user what runs where:

1. For each environment, in order of tier (production first): what is deployed (ref, commit, when, by whom) and whether the latest attempt failed.
2. How far each is behind the default branch, and what that means in plain words: the notable changes not deployed yet, from the commit titles.
3. Environments never deployed to, or not deployed for a long time: say so.
4. End with what could be promoted next (staging to production, say) when that is clear from the above.

Write only from what is listed; a commit listed as not deployed is in the default branch and not in the environment.";

pub async fn get(reads: &Reads<'_>, arguments: &Arguments) -> Result<GetPromptResult, Failure> {
    let project = arguments.project();
    let what = format!("the environments of `{project}`");
    let failed = |error| Failure::read(&what, &["project"], error);
    let (found, environments, deployed) = tokio::join!(
        reads.read(ids::PROJECT_GET, params([("project_id", json!(project))])),
        reads.read(
            ids::ENVIRONMENT_LIST,
            params([("project_id", json!(project)), ("per_page", json!(100))])
        ),
        deployments(reads, &project, None),
    );
    let found = found.map_err(failed)?;
    let environments = environments.map_err(failed)?;
    let deployed = deployed.map_err(failed)?;
    let branch = text(&found, "default_branch");
    let mut shown: Vec<&Value> = items(&environments).iter().take(MAX_ENVIRONMENTS).collect();
    shown.sort_by_key(|e| tier_rank(text(e, "tier")));
    let behind = join_all(shown.iter().map(|environment| {
        let latest = deployed.iter().find(|d| {
            environment_of(d) == text(environment, "name") && text(d, "status") == "success"
        });
        behind_by(reads, &project, branch, latest)
    }))
    .await;

    let mut out = format!("# What is deployed in `{project}`\n\nDefault branch: `{branch}`.\n");
    if shown.is_empty() {
        out.push_str("\n_No environments: nothing is deployed through GitLab._\n");
    }
    for (environment, behind) in shown.iter().zip(behind) {
        let name = text(environment, "name");
        let uri = Target::Environment {
            project: project.clone(),
            name: name.to_owned(),
        }
        .uri();
        out.push_str(&format!(
            "\n## {name} ({}, {})\n\n- **Resource:** `{uri}`\n",
            text(environment, "tier"),
            text(environment, "state"),
        ));
        let mine: Vec<&Value> = deployed
            .iter()
            .filter(|d| environment_of(d) == name)
            .collect();
        let success = mine.iter().find(|d| text(d, "status") == "success");
        match success {
            Some(deployment) => out.push_str(&format!(
                "- **Deployed:** {}\n",
                deployment_line(deployment)
            )),
            None => out.push_str("- **Deployed:** nothing yet\n"),
        }
        if let Some(latest) = mine.first().filter(|d| text(d, "status") != "success") {
            out.push_str(&format!(
                "- **Latest attempt:** {}\n",
                deployment_line(latest)
            ));
        }
        out.push_str(&behind.map_err(failed)?);
    }
    Ok(GetPromptResult::new(vec![user(out), user(INSTRUCTIONS)])
        .with_description(format!("What is deployed in `{project}`")))
}

/// Production first, then staging, testing, development, the rest.
fn tier_rank(tier: &str) -> u8 {
    match tier {
        "production" => 0,
        "staging" => 1,
        "testing" => 2,
        "development" => 3,
        _ => 4,
    }
}

/// The lines saying which commits of `branch` the deployment lacks.
async fn behind_by(
    reads: &Reads<'_>,
    project: &ProjectId,
    branch: &str,
    deployment: Option<&Value>,
) -> Result<String, ReadError> {
    let Some(deployment) = deployment else {
        return Ok(String::new());
    };
    if branch.is_empty() {
        return Ok(String::new());
    }
    let compared = reads
        .read(
            ids::REPOSITORY_COMPARE,
            params([
                ("project_id", json!(project)),
                ("from", json!(text(deployment, "sha"))),
                ("to", json!(branch)),
            ]),
        )
        .await?;
    let commits = compared
        .get("commits")
        .and_then(Value::as_array)
        .map_or(&[][..], Vec::as_slice);
    if commits.is_empty() {
        return Ok(format!(
            "- **Behind `{branch}`:** no: it runs the latest `{branch}`\n"
        ));
    }
    let mut out = format!(
        "- **Behind `{branch}`:** {} commit{} not deployed:\n",
        commits.len(),
        plural(commits.len())
    );
    // Newest first: what was merged last matters most.
    for commit in commits.iter().rev().take(MAX_COMMITS) {
        out.push_str(&format!(
            "  - `{}` {} — {}\n",
            text(commit, "short_id"),
            text(commit, "title"),
            text(commit, "author_name")
        ));
    }
    if commits.len() > MAX_COMMITS {
        out.push_str(&format!("  - … and {} more\n", commits.len() - MAX_COMMITS));
    }
    Ok(out)
}
