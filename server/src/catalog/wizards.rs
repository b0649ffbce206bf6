//! The wizards as catalog entries (`interactive.*`), and the GitLab call each finished
//! wizard makes — the same call its alternative (`issue.create`, …) makes.

use std::sync::LazyLock;

use serde_json::{Map, Value};
use wizard::question::Question;
use wizard::{Wizard, WizardInfo};

use super::{Action, Described, Output, Resource, Run, input_schema, params};
use crate::gitlab::{ApiRequest, GitLab};
use crate::wizards::{
    BranchWizard, IssueWizard, MergeRequestWizard, MergeWizard, MilestoneWizard, PipelineWizard,
    ProjectWizard, ReadyWizard, ReleaseWizard, description,
};

/// A wizard whose finished struct becomes one GitLab call. Each resource's module says
/// how (`issue.rs`, …), beside the alternative that makes the same call. Its live checks,
/// choices and intro read GitLab through the client of the call (`context = GitLab`).
pub trait GitLabWizard: Wizard<Context = GitLab> + Sync {
    /// The call, with only the fields that were set.
    fn request(&self) -> ApiRequest;
}

/// A wizard's names as the catalog reads them: each of this server's wizards has a
/// catalog id and an alternative action (checked when the catalog is compiled).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WizardNames {
    /// The MCP tool name, e.g. `gitlab_interactive_issue_create`.
    pub tool: &'static str,
    /// The catalog id, e.g. `interactive.issue_create`.
    pub id: &'static str,
    /// The catalog id of the action doing the same work in one call, e.g. `issue.create`.
    pub alternative: &'static str,
}

impl WizardNames {
    pub const fn of<W: Wizard>() -> WizardNames {
        let WizardInfo {
            tool,
            id,
            alternative,
            ..
        } = W::INFO;
        match (id, alternative) {
            (Some(id), Some(alternative)) => WizardNames {
                tool,
                id,
                alternative,
            },
            _ => panic!("every wizard of this server needs an `id` and an `alternative`"),
        }
    }
}

/// What the catalog keeps of a wizard: its names and questions, and how to run it.
pub struct WizardAction {
    pub info: WizardNames,
    pub questions: &'static [Question],
    /// Validates the tool arguments (`project_id`) into the wizard's typed arguments,
    /// once: the wizard then runs with them.
    pub prepare: fn(&Map<String, Value>) -> Result<ReadyWizard, String>,
}

impl std::fmt::Debug for WizardAction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WizardAction")
            .field("tool", &self.info.tool)
            .finish_non_exhaustive()
    }
}

impl WizardAction {
    const fn of<W: GitLabWizard>() -> WizardAction {
        WizardAction {
            info: WizardNames::of::<W>(),
            questions: W::QUESTIONS,
            prepare: prepare::<W>,
        }
    }
}

fn prepare<W: GitLabWizard>(args: &Map<String, Value>) -> Result<ReadyWizard, String> {
    params::parse::<W::Args>(args).map(ReadyWizard::new::<W>)
}

static ISSUE: WizardAction = WizardAction::of::<IssueWizard>();
static MERGE_REQUEST: WizardAction = WizardAction::of::<MergeRequestWizard>();
static RELEASE: WizardAction = WizardAction::of::<ReleaseWizard>();
static PROJECT: WizardAction = WizardAction::of::<ProjectWizard>();
static PIPELINE: WizardAction = WizardAction::of::<PipelineWizard>();
static BRANCH: WizardAction = WizardAction::of::<BranchWizard>();
static MILESTONE: WizardAction = WizardAction::of::<MilestoneWizard>();
static MERGE: WizardAction = WizardAction::of::<MergeWizard>();

/// The wizard entries: issue, merge request, release, project, pipeline run, branch,
/// milestone, merge.
pub(super) fn all() -> Vec<Action> {
    vec![
        entry::<IssueWizard>(&ISSUE),
        entry::<MergeRequestWizard>(&MERGE_REQUEST),
        entry::<ReleaseWizard>(&RELEASE),
        entry::<ProjectWizard>(&PROJECT),
        entry::<PipelineWizard>(&PIPELINE),
        entry::<BranchWizard>(&BRANCH),
        entry::<MilestoneWizard>(&MILESTONE),
        entry::<MergeWizard>(&MERGE),
    ]
}

/// `Create issue step by step`, `Run pipeline step by step`, `Merge merge request step by
/// step`: the verb ending the id, then the noun.
fn title(id: &str, noun: &str) -> String {
    let verb = id.rsplit('_').next().unwrap_or(id);
    let mut chars = verb.chars();
    let verb: String = chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default();
    format!("{verb} {} step by step", noun.to_lowercase())
}

fn entry<W: GitLabWizard>(wizard: &'static WizardAction) -> Action {
    let WizardNames {
        id, alternative, ..
    } = WizardNames::of::<W>();
    let resource = Resource::of(alternative).expect("a wizard's alternative is a catalog id");
    let verb = id
        .strip_prefix("interactive.")
        .expect("wizard ids start with `interactive.`");
    let describe = move || {
        Described::new(
            description::tool_description::<W>(),
            input_schema::<W::Args>(),
            Output::Object.schema(resource),
        )
    };
    Action {
        id,
        resource,
        verb,
        title: title(id, W::INFO.noun),
        read_only: false,
        // Never guarded as destructive: a wizard confirms with its summary. Its hint is
        // its alternative's, set when the catalog is built.
        destructive: false,
        destructive_hint: false,
        guard: None,
        idempotent: false,
        across_projects: false,
        endpoint: None,
        output: Output::Object,
        described: LazyLock::new(Box::new(describe)),
        run: Run::Wizard(wizard),
    }
}
