//! `gitlab-mcp-server try [WIZARD]`: one of the server's wizards on this terminal,
//! against the configured GitLab or the sandbox — the quickest way to see a wizard, with
//! no MCP client. It runs exactly as a tool call would: the operator's settings (token,
//! URL, read-only, toolsets, allowed projects) admit it first, the runtime's terminal
//! driver asks the questions, and after the yes the same GitLab call is made. `try`
//! alone lists the wizards with their questions.

mod list;

use std::process::ExitCode;

use serde_json::{Map, Value};

use crate::catalog::wizard::InTerminal;
use crate::catalog::{Action, Prepared, Run};
use crate::cli::TryArgs;
use crate::config::{Settings, Transport};
use crate::pipeline;
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

/// Runs `try` and says how it ended: 0 once GitLab made the object, 1 for an ending
/// (cancelled, refused, a GitLab error), 2 for a command line that cannot run.
pub async fn run(settings: Settings, args: TryArgs) -> ExitCode {
    // The settings are global so that they work after `try`; serving over HTTP is the one
    // that means nothing on a terminal, so it is refused rather than ignored.
    if matches!(settings.transport, Transport::Http(_)) {
        fail("`--http` serves MCP clients; `try` runs a wizard on this terminal: leave it out");
        return ExitCode::from(2);
    }
    let Some(wanted) = args.wizard.as_deref() else {
        print!("{}", list::listing(wizards()));
        return ExitCode::SUCCESS;
    };
    let Some(action) = wizards().find(|action| name(action.id) == wanted) else {
        let names: Vec<&str> = wizards().map(|action| name(action.id)).collect();
        fail(&format!(
            "there is no wizard `{wanted}`; try one of {}",
            names.join(", ")
        ));
        return ExitCode::from(2);
    };
    let params = match args.params(action, settings.sandbox) {
        Ok(params) => params,
        Err(problem) => {
            fail(&problem);
            return ExitCode::from(2);
        }
    };
    let Started {
        server,
        gitlab_url,
        sandbox,
    } = match start(&settings).await {
        Ok(started) => started,
        Err(error) => {
            fail(&error.to_string());
            return ExitCode::FAILURE;
        }
    };
    if sandbox.is_some() {
        eprintln!("Sandbox GitLab at {gitlab_url}: what this creates is gone when it exits.");
    }
    let gitlab = server.gitlab();
    let access = server.surface().access();
    let ready = match pipeline::admit(access, gitlab, action, &params).await {
        Ok(Prepared::Wizard(ready)) => ready,
        Ok(Prepared::Request(_)) => unreachable!("`try` finds only wizards"),
        Err(refusal) => {
            fail(&refusal);
            return ExitCode::FAILURE;
        }
    };
    match ready.run_in_terminal(gitlab, &params).await {
        InTerminal::Sent(result) if result.is_error == Some(true) => {
            let text: Vec<String> = result
                .content
                .iter()
                .filter_map(|block| block.as_text().map(|text| text.text.clone()))
                .collect();
            fail(&text.join("\n"));
            ExitCode::FAILURE
        }
        InTerminal::Sent(result) => {
            let made = result.structured_content.unwrap_or_default();
            match made.get("web_url").and_then(Value::as_str) {
                Some(url) => println!("{url}"),
                None => println!("{made:#}"),
            }
            ExitCode::SUCCESS
        }
        InTerminal::Ended(text) => {
            eprintln!("{text}");
            ExitCode::FAILURE
        }
        InTerminal::NotATerminal(not_a_terminal) => {
            fail(&not_a_terminal.to_string());
            ExitCode::from(2)
        }
    }
}

fn fail(problem: &str) {
    eprintln!("gitlab-mcp-server try: {problem}");
}

/// The tool arguments `try` takes as flags: the flag, and the parameter it sets.
const FLAGS: [(&str, &str); 2] = [("--project", "project_id"), ("--mr", "merge_request_iid")];

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
            let sandboxed = sandbox && parameter == "project_id";
            match value.or_else(|| sandboxed.then(|| SANDBOX_PROJECT.into())) {
                Some(value) if wanted => {
                    params.insert(parameter.to_owned(), value);
                }
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
