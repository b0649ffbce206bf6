//! The four wizards as catalog entries (`interactive.*`), and the GitLab call each finished
//! wizard makes — the same call its alternative (`issue.create`, …) makes.

use serde_json::{Map, Value};
use wizard::{Question, Wizard, WizardInfo};

use super::{Action, Output, Resource, Run, input_schema, params};
use crate::docs::wizard_description;
use crate::gitlab::ApiRequest;
use crate::run_wizard::{RunWizard, run};
use crate::wizards::{IssueWizard, MergeRequestWizard, ProjectWizard, ReleaseWizard};

/// A wizard whose finished struct becomes one GitLab call. Each resource's module says
/// how (`issue.rs`, …), beside the alternative that makes the same call.
pub trait GitLabWizard: Wizard + Sync {
    /// The call, with only the fields that were set.
    fn request(&self) -> ApiRequest;
}

/// What the catalog keeps of a wizard: its names and questions, and how to run it.
pub struct WizardAction {
    pub info: WizardInfo,
    pub questions: &'static [Question],
    /// Validates the tool arguments (`project_id`) into `W::Args`.
    pub check_args: fn(&Map<String, Value>) -> Result<(), String>,
    /// Runs the wizard inside a tool call and makes its GitLab call.
    pub run: RunWizard,
}

impl std::fmt::Debug for WizardAction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WizardAction")
            .field("flow", &self.info.flow)
            .finish_non_exhaustive()
    }
}

impl WizardAction {
    const fn of<W: GitLabWizard>() -> WizardAction {
        WizardAction {
            info: W::INFO,
            questions: W::QUESTIONS,
            check_args: check_args::<W>,
            run: run::<W>,
        }
    }
}

fn check_args<W: Wizard>(args: &Map<String, Value>) -> Result<(), String> {
    params::parse::<W::Args>(args).map(drop)
}

static ISSUE: WizardAction = WizardAction::of::<IssueWizard>();
static MERGE_REQUEST: WizardAction = WizardAction::of::<MergeRequestWizard>();
static RELEASE: WizardAction = WizardAction::of::<ReleaseWizard>();
static PROJECT: WizardAction = WizardAction::of::<ProjectWizard>();

/// The wizard entries, in the order of SPEC §1.
pub(super) fn all() -> Vec<Action> {
    vec![
        entry::<IssueWizard>(&ISSUE),
        entry::<MergeRequestWizard>(&MERGE_REQUEST),
        entry::<ReleaseWizard>(&RELEASE),
        entry::<ProjectWizard>(&PROJECT),
    ]
}

fn entry<W: GitLabWizard>(wizard: &'static WizardAction) -> Action {
    let info = W::INFO;
    let resource = Resource::of(info.alternative).expect("a wizard's alternative is a catalog id");
    let verb = info
        .flow
        .strip_prefix("interactive.")
        .expect("wizard ids start with `interactive.`");
    let input_schema = input_schema::<W::Args>();
    Action {
        id: info.flow,
        resource,
        verb,
        title: format!("Create {} step by step", info.noun.to_lowercase()),
        description: wizard_description(&info, W::QUESTIONS),
        read_only: false,
        destructive: false,
        idempotent: false,
        across_projects: false,
        endpoint: None,
        parameters: params::property_names(&input_schema),
        input_schema,
        output_schema: Output::Object.schema(resource),
        output: Output::Object,
        run: Run::Wizard(wizard),
    }
}
