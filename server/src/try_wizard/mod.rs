//! `gitlab-mcp-server try [WIZARD]`: one of the server's wizards on this terminal,
//! against the configured GitLab or the sandbox — the quickest way to see a wizard, with
//! no MCP client. It runs exactly as a tool call would: the operator's settings (token,
//! URL, read-only, toolsets, allowed projects) admit it first, the runtime's terminal
//! driver asks the questions, and after the yes the same GitLab call is made. `try`
//! alone lists the wizards with their questions.

mod list;

use std::process::ExitCode;

use serde_json::{Map, Value};

use wizard::live::Offer;
use wizard::terminal::Unanswered;

use crate::call;
use crate::call::{Admitted, InTerminal, Nobody, Ready};
use crate::catalog::{Action, Run};
use crate::cli::TryArgs;
use crate::config::{Settings, Transport};
use crate::gitlab::{ApiRequest, GitLab, ProjectId};
use crate::registry::catalog;
use crate::startup::{Started, start};

/// The sandbox's demo project, which `--sandbox` tries wizards on unless told otherwise.
const SANDBOX_PROJECT: &str = "demo/sandbox";

/// A wizard's name for `try`: its catalog id without `interactive.` and `_create`
/// (`issue`, `mr`, `pipeline_run`, `mr_merge`).
pub fn name(id: &str) -> &str {
    let verb = id.strip_prefix("interactive.").unwrap_or(id);
    verb.strip_suffix("_create").unwrap_or(verb)
}

/// The catalog's wizards, in its order.
fn wizards() -> impl Iterator<Item = &'static Action> {
    catalog()
        .actions()
        .iter()
        .filter(|action| matches!(action.run, Run::Wizard(_)))
}

/// How `try` ends, as its exit code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Exit {
    /// GitLab made the object: 0.
    Made = 0,
    /// A no at the summary, or a refusal: by a live check, by the wizard before its
    /// questions (a merge that cannot happen), or by the operator's settings.
    Refused = 1,
    /// A command line that cannot run: an unknown wizard, a missing flag, `--http`, no
    /// terminal.
    Usage = 2,
    /// GitLab could not be reached, refused the token, or answered the call with an error.
    GitLab = 3,
    /// Left with Esc or Ctrl-C, as a shell reports an interrupted command.
    Left = 130,
}

impl From<Exit> for ExitCode {
    fn from(exit: Exit) -> ExitCode {
        ExitCode::from(exit as u8)
    }
}

/// What `--help` says of the exit codes; the same as [`Exit`].
pub const EXIT_CODES: &str = "Exit codes: 0 made; 1 a no at the summary or a refusal; 2 a \
                              command line that cannot run (or no terminal); 3 GitLab \
                              unreachable, the token refused, or GitLab's error; 130 left \
                              with Esc or Ctrl-C.";

/// Runs `try` and says how it ended ([`Exit`]).
pub async fn run(settings: Settings, args: TryArgs) -> ExitCode {
    match tried(settings, args).await {
        Ok(exit) => exit.into(),
        Err((exit, problem)) => {
            eprintln!("gitlab-mcp-server try: {problem}");
            exit.into()
        }
    }
}

async fn tried(settings: Settings, args: TryArgs) -> Result<Exit, (Exit, String)> {
    let usage = |problem: String| (Exit::Usage, problem);
    // The settings are global so that they work after `try`; serving over HTTP is the one
    // that means nothing on a terminal, so it is refused rather than ignored.
    if matches!(settings.transport, Transport::Http(_)) {
        return Err(usage(
            "`--http` serves MCP clients; `try` runs a wizard on this terminal: leave it out"
                .into(),
        ));
    }
    let Some(wanted) = args.wizard.as_deref() else {
        print!("{}", list::listing(wizards()));
        return Ok(Exit::Made);
    };
    let Some(action) = wizards().find(|action| name(action.id) == wanted) else {
        let names: Vec<&str> = wizards().map(|action| name(action.id)).collect();
        return Err(usage(format!(
            "there is no wizard `{wanted}`; try one of {}",
            names.join(", ")
        )));
    };
    let mut params = args.params(action, settings.sandbox).map_err(usage)?;
    // Before anything starts: nobody could answer without a terminal, and without a
    // token every question would be asked for a call GitLab then refuses.
    if !wizard::terminal::on_a_terminal() {
        return Err(usage(Unanswered::NotATerminal.to_string()));
    }
    let Started {
        server,
        gitlab_url,
        sandbox,
    } = start(&settings)
        .await
        .map_err(|error| (Exit::GitLab, error.to_string()))?;
    if !server.gitlab().has_credential() && sandbox.is_none() {
        return Err((
            Exit::GitLab,
            format!(
                "no GitLab token: sign in with `gitlab-mcp-server auth login`, or set \
                 GITLAB_TOKEN to a personal access token of {} (scope `api`), or try it on \
                 the sandbox GitLab with --sandbox",
                settings.gitlab_url
            ),
        ));
    }
    if sandbox.is_some() {
        eprintln!("Sandbox GitLab at {gitlab_url}: what this creates is gone when it exits.");
    }
    let gitlab = server.gitlab();
    signed_in(gitlab, &gitlab_url).await?;
    if name(action.id) == MERGE && !params.contains_key(MR_PARAMETER) {
        let iid = pick_merge_request(gitlab, &params).await?;
        params.insert(MR_PARAMETER.to_owned(), iid.into());
    }
    if sandbox.is_some() && name(action.id) == REVIEW {
        draft_a_review(gitlab, &params).await?;
    }
    let access = server.surface().access();
    let (params, ready) = match call::admit(access, gitlab, action, &params, &mut Nobody).await {
        Ok(Admitted {
            params,
            ready: Ready::Wizard(ready),
            ..
        }) => (params, ready),
        Ok(_) => unreachable!("`try` finds only wizards"),
        Err(refusal) => return Err((Exit::Refused, refusal.to_string())),
    };
    match call::run_in_terminal(ready, access, gitlab, &params).await {
        InTerminal::Sent(result) if result.is_error == Some(true) => {
            let text: Vec<String> = result
                .content
                .iter()
                .filter_map(|block| block.as_text().map(|text| text.text.clone()))
                .collect();
            Err((Exit::GitLab, text.join("\n")))
        }
        InTerminal::Sent(result) => {
            let made = result.structured_content.unwrap_or_default();
            match made.get("web_url").and_then(Value::as_str) {
                Some(url) => println!("{url}"),
                None => println!("{made:#}"),
            }
            Ok(Exit::Made)
        }
        InTerminal::Ended(text) => {
            eprintln!("{text}");
            Ok(Exit::Refused)
        }
        InTerminal::Unanswered(Unanswered::Left(text)) => {
            eprintln!("{text}");
            Ok(Exit::Left)
        }
        InTerminal::Unanswered(Unanswered::NotATerminal) => {
            Err(usage(Unanswered::NotATerminal.to_string()))
        }
    }
}

/// The review wizard's `try` name: on the sandbox, its drafts are written first.
const REVIEW: &str = "mr_review";
/// The merge wizard, which without --mr offers the merge requests that can be merged.
const MERGE: &str = "mr_merge";
/// The sandbox's merge request a review is tried on when --mr is not given: the demo one,
/// with a thread on a line of its diff for a draft to sit beside.
const SANDBOX_REVIEWED_MR: u64 = 1;

/// On the sandbox, plays the model's part before the review wizard: three draft comments
/// on the merge request, one on a line of its diff (where one of its threads sits) and
/// one carrying a quick action, so that there is a review to curate.
async fn draft_a_review(
    gitlab: &GitLab,
    params: &Map<String, Value>,
) -> Result<(), (Exit, String)> {
    let (Some(project), Some(iid)) = (params.get("project_id"), params.get("merge_request_iid"))
    else {
        return Ok(());
    };
    let project = project
        .as_str()
        .map_or_else(|| project.to_string(), str::to_owned);
    let iid = iid.to_string();
    let merge_request = |request: ApiRequest| {
        request
            .segment("projects")
            .segment(&project)
            .segment("merge_requests")
            .segment(&iid)
    };
    let gitlab_error = |error: crate::gitlab::GitLabError| (Exit::GitLab, error.to_string());
    let threads = gitlab
        .send(merge_request(ApiRequest::get()).segment("discussions"))
        .await
        .map_err(gitlab_error)?;
    let on_a_line = threads.body.as_array().and_then(|threads| {
        threads
            .iter()
            .find_map(|thread| {
                thread
                    .pointer("/notes/0/position")
                    .filter(|p| p.is_object())
            })
            .cloned()
    });
    let mut drafts =
        vec![serde_json::json!({"note": "Thanks, this fixes the dropped last token for me."})];
    if let Some(position) = on_a_line {
        drafts.push(serde_json::json!({
            "note": "Could this loop stop at the sentinel itself, rather than one before it?",
            "position": position,
        }));
    }
    drafts.push(serde_json::json!({"note": "Please add a test for an empty input.\n/label ~bug"}));
    let count = drafts.len();
    for draft in drafts {
        let write = merge_request(ApiRequest::post()).segment("draft_notes");
        gitlab.send(write.json(draft)).await.map_err(gitlab_error)?;
    }
    eprintln!(
        "Drafted {count} review comments on !{iid}, as a model would before calling the wizard."
    );
    Ok(())
}

/// Checks, before the first question, that GitLab answers and takes the token, as `glab`
/// does: who the token belongs to is one cheap call.
async fn signed_in(gitlab: &GitLab, gitlab_url: &url::Url) -> Result<(), (Exit, String)> {
    match gitlab.send(ApiRequest::get().segment("user")).await {
        Ok(_) => Ok(()),
        Err(error) if error.status() == Some(401) => Err((
            Exit::GitLab,
            format!(
                "GitLab at {gitlab_url} refused the token (401): it is wrong, expired or \
                 revoked; set GITLAB_TOKEN to a valid personal access token (scope `api`)"
            ),
        )),
        Err(error) => Err((Exit::GitLab, error.to_string())),
    }
}

/// The parameter `--mr` sets.
const MR_PARAMETER: &str = "merge_request_iid";

/// The tool arguments `try` takes as flags: the flag, and the parameter it sets.
const FLAGS: [(&str, &str); 2] = [("--project", "project_id"), ("--mr", MR_PARAMETER)];

/// Without `--mr`: the project's open merge requests that GitLab would merge now, offered
/// as a choice (the newest first, as GitLab lists them), and the one picked.
async fn pick_merge_request(
    gitlab: &GitLab,
    params: &Map<String, Value>,
) -> Result<u64, (Exit, String)> {
    let project = params
        .get("project_id")
        .cloned()
        .and_then(|project| serde_json::from_value::<ProjectId>(project).ok())
        .ok_or_else(|| (Exit::Usage, "`try mr_merge` needs --project".to_owned()))?;
    let request = ApiRequest::get()
        .project(&project)
        .segment("merge_requests")
        .query("state", "opened")
        .query("per_page", 100);
    let listed = gitlab
        .send(request)
        .await
        .map_err(|error| (Exit::GitLab, error.to_string()))?;
    let offers: Vec<Offer> = listed
        .body
        .as_array()
        .into_iter()
        .flatten()
        .filter(|mr| mr.get("detailed_merge_status").and_then(Value::as_str) == Some("mergeable"))
        .filter_map(|mr| {
            let iid = mr.get("iid").and_then(Value::as_u64)?;
            let title = mr.get("title").and_then(Value::as_str).unwrap_or_default();
            Some(Offer::labelled(iid.to_string(), format!("!{iid} {title}")))
        })
        .take(wizard::live::MAX_OPTIONS)
        .collect();
    if offers.is_empty() {
        return Err((
            Exit::Refused,
            format!(
                "no open merge request of {project} can be merged now (each needs approvals, \
                 has conflicts, is a draft, …); name one with --mr to see why"
            ),
        ));
    }
    let picked = wizard::terminal::choose("Which merge request should be merged?", &offers)
        .await
        .map_err(|why| (Exit::Usage, why))?;
    let Some(picked) = picked else {
        return Err((
            Exit::Left,
            "No merge request was picked; nothing was done.".to_owned(),
        ));
    };
    picked.parse().map_err(|_| {
        (
            Exit::Usage,
            format!("`{picked}` is not a merge request's number"),
        )
    })
}

impl TryArgs {
    /// The wizard's tool arguments from the flags; a missing one is named by its flag.
    fn params(&self, action: &Action, sandbox: bool) -> Result<Map<String, Value>, String> {
        let given = [
            self.project.as_deref().map(project_value),
            self.mr.map(Value::from),
        ];
        let mut params = Map::new();
        for ((flag, parameter), value) in FLAGS.into_iter().zip(given) {
            let wizard = name(action.id);
            let wanted = action.parameters().iter().any(|known| known == parameter);
            if value.is_some() && !wanted {
                return Err(format!("`try {wizard}` takes no {flag}"));
            }
            let on_the_sandbox = match parameter {
                "project_id" if sandbox => Some(SANDBOX_PROJECT.into()),
                // The demo merge request whose drafts `try` writes first: the review
                // needs no --mr there.
                "merge_request_iid" if sandbox && wizard == REVIEW => {
                    Some(SANDBOX_REVIEWED_MR.into())
                }
                _ => None,
            };
            match value.or(on_the_sandbox) {
                Some(value) if wanted => {
                    params.insert(parameter.to_owned(), value);
                }
                // Left out, the merge request is picked from those that can be merged.
                None if wanted && parameter == MR_PARAMETER && wizard == MERGE => {}
                None if wanted => return Err(format!("`try {wizard}` needs {flag} ({parameter})")),
                _ => {}
            }
        }
        Ok(params)
    }
}

/// A project as a tool argument: a numeric id as a number, a path as text.
fn project_value(project: &str) -> Value {
    match project.parse::<u64>() {
        Ok(id) => id.into(),
        Err(_) => project.into(),
    }
}
