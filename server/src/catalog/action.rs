//! One entry of the catalog: an action's id, flags, how it runs, and what it tells a
//! client (description and schemas, made when first read).

use std::sync::{Arc, LazyLock};

use serde_json::{Map, Value};

use super::asks::ArgumentGuard;
use super::endpoint::Endpoint;
use super::output::{Kind, Output};
use super::params::{self, Reference};
use super::resource::Resource;
use super::toolset::Toolset;
use super::wizard::ready::{ReadyWizard, WizardAction};
use crate::gitlab::{ApiRequest, quick_actions};

/// The parameter naming an action's project, which a call may leave to the default project.
pub const PROJECT_ID: &str = "project_id";

/// Validates a call's arguments into the typed parameters and builds the GitLab request.
pub type Build = Box<dyn Fn(&Map<String, Value>) -> Result<ApiRequest, String> + Send + Sync>;

/// How an action runs.
pub enum Run {
    /// Validate the arguments into the typed parameters and build the call.
    GitLab(Build),
    /// Ask the wizard's questions, then make the call from the finished struct.
    Wizard(&'static WizardAction),
}

/// One entry of the catalog.
pub struct Action {
    /// `issue.create`, `merge_request.merge`, `interactive.issue_create`, …
    pub id: &'static str,
    pub resource: &'static Resource,
    /// The part after the dot (`create`, `note_list`); for wizards the part after
    /// `interactive.` (`issue_create`).
    pub verb: &'static str,
    /// `Create merge request note`: the tool title.
    pub title: String,
    /// Only reads: the one kind `GITLAB_MCP_READ_ONLY` keeps.
    pub read_only: bool,
    /// Loses work (deletes, merges, erases, cancels) whatever its arguments: guarded as
    /// destructive.
    pub destructive: bool,
    /// MCP's `destructiveHint`: a destructive action, an action whose argument guard asks
    /// about losing work, or a wizard making a destructive alternative's call (its summary
    /// is then the confirmation).
    pub destructive_hint: bool,
    /// Asks the user first when its arguments call for it, on every surface.
    pub guard: Option<ArgumentGuard>,
    /// Repeating the call changes nothing more (GET, PUT, DELETE).
    pub idempotent: bool,
    /// Reads the content of projects it does not name (instance- or group-wide search).
    pub across_projects: bool,
    /// Repeats its read until the pipeline or job it reads has finished.
    pub waits: bool,
    /// The call names GitLab's method and path itself (`api.request`): a GET is a read, in
    /// read-only mode too; any other method writes.
    pub method_in_call: bool,
    /// GitLab's method and path; `None` for wizards, which call their alternative's.
    pub endpoint: Option<Endpoint>,
    pub output: Output,
    /// The kind of GitLab object it answers with, made compact; `None`: made compact
    /// field by field.
    pub kind: Option<&'static Kind>,
    pub run: Run,
    /// Built the first time it is read: making the schemas through schemars is most of
    /// what building the catalog costs, and a session on the default surface lists two
    /// tools and reads few actions' schemas, or none.
    pub(crate) described: LazyLock<Described, Describe>,
}

/// What an action tells a client besides its id and flags.
pub(crate) struct Described {
    /// What it does and what it returns, in one or two sentences.
    description: String,
    input_schema: Arc<Map<String, Value>>,
    /// The parameter names the input schema lists; anything else is refused.
    parameters: Vec<String>,
    /// The parameters that may name their object loosely, as their types say.
    references: Vec<Reference>,
}

impl Described {
    /// The parameter names are the input schema's; the references are what its types
    /// mark, the marks taken out of the schema clients get.
    pub(crate) fn new(description: String, mut input_schema: Arc<Map<String, Value>>) -> Described {
        let references = params::references::take(Arc::make_mut(&mut input_schema));
        params::leave_to_instructions(Arc::make_mut(&mut input_schema));
        Described {
            description,
            parameters: params::property_names(&input_schema),
            references,
            input_schema,
        }
    }

    /// `project_id` becomes optional (a GitLab call whose path names the project): a call
    /// that leaves it out means the default project (`crate::default_project`), as the
    /// server's instructions say for every tool (`params::SHARED_PARAMETERS`).
    pub(crate) fn leaving_project_to_default(mut self) -> Described {
        let schema = Arc::make_mut(&mut self.input_schema);
        if let Some(Value::Array(required)) = schema.get_mut("required") {
            required.retain(|name| name != PROJECT_ID);
            if required.is_empty() {
                schema.remove("required");
            }
        }
        self
    }
}

/// Builds an action's [`Described`] when it is first read.
pub(crate) type Describe = Box<dyn FnOnce() -> Described + Send>;

impl Action {
    pub fn description(&self) -> &str {
        &self.described.description
    }

    /// What it does in its description's first sentence (see [`first_sentence`]).
    pub fn summary(&self) -> String {
        first_sentence(self.description())
    }

    pub fn input_schema(&self) -> &Arc<Map<String, Value>> {
        &self.described.input_schema
    }

    /// What its answer holds. Made when asked: no surface lists it (clients do not pass
    /// it to the model); `gitlab_find_action` gives it for an action named by its id.
    pub fn output_schema(&self) -> Arc<Map<String, Value>> {
        self.output.schema(self.kind, self.resource)
    }

    /// The parameter names the input schema lists; anything else is refused.
    pub fn parameters(&self) -> &[String] {
        &self.described.parameters
    }

    /// The parameters that may name their object loosely, looked up before the call is
    /// built (`crate::call::resolve`).
    pub fn references(&self) -> &[Reference] {
        &self.described.references
    }

    /// Whether the description and schemas were made yet.
    #[cfg(test)]
    pub(crate) fn is_described(&self) -> bool {
        LazyLock::get(&self.described).is_some()
    }

    /// Whether a call may leave out `project_id` for the default project: a GitLab call
    /// whose path names the project. (A wizard asks the user instead.)
    pub fn takes_default_project(&self) -> bool {
        self.endpoint
            .as_ref()
            .is_some_and(|endpoint| endpoint.path_fields().contains(&PROJECT_ID))
    }

    /// Whether its request carries a text GitLab reads quick actions from (a note, a
    /// description), which asks the user first when it holds one.
    pub fn carries_quick_actions(&self) -> bool {
        self.endpoint
            .as_ref()
            .is_some_and(|endpoint| quick_actions::may_carry(&endpoint.method, endpoint.path))
    }

    pub fn is_wizard(&self) -> bool {
        matches!(self.run, Run::Wizard(_))
    }

    /// The wizard behind an `interactive.*` action.
    pub fn wizard(&self) -> Option<&'static WizardAction> {
        match self.run {
            Run::Wizard(wizard) => Some(wizard),
            Run::GitLab(_) => None,
        }
    }

    pub fn toolset(&self) -> Toolset {
        self.resource.toolset
    }

    /// Refuses unknown parameters and numbers no JSON client sends exactly: nothing is
    /// looked up or sent before this passes. The error starts with the action id and names
    /// the field.
    pub fn check_arguments(&self, params: &Map<String, Value>) -> Result<(), String> {
        params::check_known(params, self.parameters())
            .and_then(|()| params::check_numbers(params))
            .map_err(|why| format!("invalid parameters for `{}`: {why}", self.id))
    }

    /// [`Action::check_arguments`], then validates the arguments into the typed
    /// parameters: nothing is sent before this passes. The error starts with the action
    /// id and names the field.
    pub fn prepare(&self, params: &Map<String, Value>) -> Result<Prepared, String> {
        self.check_arguments(params)?;
        let result = match &self.run {
            Run::GitLab(build) => build(params).map(Prepared::Request),
            Run::Wizard(wizard) => (wizard.prepare)(params).map(Prepared::Wizard),
        };
        result.map_err(|why| format!("invalid parameters for `{}`: {why}", self.id))
    }
}

/// Validated arguments, ready to run.
#[derive(Debug)]
pub enum Prepared {
    Request(ApiRequest),
    Wizard(ReadyWizard),
}

/// The first sentence of `text`: up to the first `. ` or `: ` outside a code span and
/// outside parentheses (a sentence cut inside them would leave one open), ending in `.`.
fn first_sentence(text: &str) -> String {
    let mut in_code = false;
    let mut depth = 0_usize;
    let mut end = text.len();
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        match c {
            '`' => in_code = !in_code,
            '(' if !in_code => depth += 1,
            ')' if !in_code => depth = depth.saturating_sub(1),
            '.' | ':'
                if !in_code && depth == 0 && chars.peek().is_some_and(|(_, next)| *next == ' ') =>
            {
                end = at;
                break;
            }
            _ => {}
        }
    }
    format!("{}.", text[..end].trim_end_matches('.'))
}
