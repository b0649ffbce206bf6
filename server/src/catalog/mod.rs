//! The one action catalog: every GitLab action and wizard, as data built once. The three
//! tool surfaces are views of it.

pub mod alternative;
pub mod call;
pub mod issue;
pub mod merge_request;
pub mod params;
pub mod project;
pub mod release;
mod schema;
pub mod wizards;

use std::sync::{Arc, LazyLock};

use schemars::JsonSchema;
use serde_json::{Map, Value};

use crate::gitlab::ApiRequest;

pub use call::Output;
pub use schema::{input_schema, output_schema_of};
pub use wizards::WizardAction;

/// What GitLab resource an action works on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Resource {
    Issue,
    MergeRequest,
    Release,
    Project,
}

impl Resource {
    pub const ALL: [Resource; 4] = [
        Resource::Issue,
        Resource::MergeRequest,
        Resource::Project,
        Resource::Release,
    ];

    /// The prefix of its action ids: `issue`, `merge_request`, `release`, `project`.
    pub const fn id(self) -> &'static str {
        match self {
            Resource::Issue => "issue",
            Resource::MergeRequest => "merge_request",
            Resource::Release => "release",
            Resource::Project => "project",
        }
    }

    /// The short form in individual tool names: `gitlab_mr_merge`.
    pub const fn short(self) -> &'static str {
        match self {
            Resource::MergeRequest => "mr",
            other => other.id(),
        }
    }

    /// In prose: `merge request`.
    pub const fn noun(self) -> &'static str {
        match self {
            Resource::Issue => "issue",
            Resource::MergeRequest => "merge request",
            Resource::Release => "release",
            Resource::Project => "project",
        }
    }

    fn from_id(id: &str) -> Option<Resource> {
        Resource::ALL.into_iter().find(|r| r.id() == id)
    }
}

/// An action whose parameters become one GitLab call.
pub trait GitLabAction: params::Parse + JsonSchema + 'static {
    /// The call, or why these parameters cannot make one (named after the field).
    fn call(self) -> Result<ApiRequest, String>;
}

/// How an action runs.
#[derive(Clone, Copy)]
pub enum Run {
    /// Validate the arguments into the typed parameters and build the call.
    GitLab(fn(&Map<String, Value>) -> Result<ApiRequest, String>),
    /// Ask the wizard's questions, then make the call from the finished struct.
    Wizard(&'static WizardAction),
}

/// One entry of the catalog.
pub struct Action {
    /// `issue.create`, `merge_request.merge`, `interactive.issue_create`, …
    pub id: &'static str,
    pub resource: Resource,
    /// The part after the dot for GitLab actions (`create`, `merge`); for wizards the
    /// part after `interactive.` (`issue_create`).
    pub verb: &'static str,
    pub description: String,
    /// Deletes and merges: guarded (SPEC §7).
    pub destructive: bool,
    /// Gets and lists.
    pub read_only: bool,
    pub input_schema: Arc<Map<String, Value>>,
    pub output_schema: Arc<Map<String, Value>>,
    /// The parameter names the input schema lists; anything else is refused.
    pub parameters: Vec<String>,
    pub output: Output,
    pub run: Run,
}

impl Action {
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

    /// Refuses unknown parameters, then validates the rest into the typed parameters:
    /// nothing is sent before this passes. The error starts with the action id and names
    /// the field.
    pub fn prepare(&self, params: &Map<String, Value>) -> Result<Prepared, String> {
        let check = params::check_known(params, &self.parameters);
        let result = check.and_then(|()| match self.run {
            Run::GitLab(prepare) => prepare(params).map(Prepared::Request),
            Run::Wizard(wizard) => (wizard.check_args)(params).map(|()| Prepared::Wizard(wizard)),
        });
        result.map_err(|why| format!("invalid parameters for `{}`: {why}", self.id))
    }
}

/// Validated arguments, ready to run.
#[derive(Debug)]
pub enum Prepared {
    Request(ApiRequest),
    Wizard(&'static WizardAction),
}

/// Every action, in a stable order: resources, then verbs, then the wizards.
pub struct Catalog {
    actions: Vec<Action>,
}

impl Catalog {
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    pub fn get(&self, id: &str) -> Option<&Action> {
        self.actions.iter().find(|action| action.id == id)
    }

    /// The GitLab actions of one resource (wizards excluded).
    pub fn of(&self, resource: Resource) -> impl Iterator<Item = &Action> {
        self.actions
            .iter()
            .filter(move |a| a.resource == resource && !a.is_wizard())
    }

    pub fn wizards(&self) -> impl Iterator<Item = &Action> {
        self.actions.iter().filter(|a| a.is_wizard())
    }
}

/// The catalog, built on first use.
pub fn catalog() -> &'static Catalog {
    static CATALOG: LazyLock<Catalog> = LazyLock::new(build);
    &CATALOG
}

fn build() -> Catalog {
    use issue::*;
    use merge_request::*;
    use project::*;
    use release::*;
    let mut actions = vec![
        rest::<IssueCreate>(
            "issue.create",
            "Create an issue in one call: every question of the issue wizard as a parameter, plus assignees, milestone and due date.",
        ),
        rest::<IssueGet>("issue.get", "Get one issue of a project by its iid."),
        rest::<IssueList>(
            "issue.list",
            "List a project's issues, filtered by state, labels or text, one page at a time.",
        ),
        rest::<IssueUpdate>(
            "issue.update",
            "Change an issue's title, description, labels, state, confidentiality, assignees, milestone or due date.",
        ),
        rest::<IssueDelete>("issue.delete", "Delete an issue for good (destructive)."),
        rest::<MergeRequestCreate>(
            "merge_request.create",
            "Open a merge request in one call: every question of the merge request wizard as a parameter, plus assignees, reviewers and milestone.",
        ),
        rest::<MergeRequestGet>(
            "merge_request.get",
            "Get one merge request of a project by its iid.",
        ),
        rest::<MergeRequestList>(
            "merge_request.list",
            "List a project's merge requests, filtered by state, branches, labels or text, one page at a time.",
        ),
        rest::<MergeRequestUpdate>(
            "merge_request.update",
            "Change a merge request's title, description, target branch, labels, state, merge options, assignees, reviewers or milestone.",
        ),
        rest::<MergeRequestDelete>(
            "merge_request.delete",
            "Delete a merge request for good (destructive).",
        ),
        rest::<MergeRequestMerge>(
            "merge_request.merge",
            "Merge a merge request, optionally only if its source branch is still at `sha` (destructive).",
        ),
        rest::<ReleaseCreate>(
            "release.create",
            "Create a release for an existing tag in one call: every question of the release wizard as a parameter, plus milestones and release date.",
        ),
        rest::<ReleaseGet>(
            "release.get",
            "Get one release of a project by its tag name.",
        ),
        rest::<ReleaseList>(
            "release.list",
            "List a project's releases, one page at a time.",
        ),
        rest::<ReleaseUpdate>(
            "release.update",
            "Change a release's name, notes, milestones or date.",
        ),
        rest::<ReleaseDelete>(
            "release.delete",
            "Delete a release; its tag stays (destructive).",
        ),
        rest::<ProjectCreate>(
            "project.create",
            "Create a project in one call: every question of the project wizard as a parameter, plus path, namespace and topics.",
        ),
        rest::<ProjectGet>("project.get", "Get one project by id or path."),
        rest::<ProjectList>(
            "project.list",
            "List the projects the token can see, filtered by text, ownership, membership or visibility, one page at a time.",
        ),
        rest::<ProjectUpdate>(
            "project.update",
            "Change a project's name, description, visibility, default branch or topics.",
        ),
        rest::<ProjectDelete>(
            "project.delete",
            "Delete a project with its repository, issues and merge requests (destructive).",
        ),
    ];
    actions.extend(wizards::all());
    Catalog { actions }
}

fn rest<P: GitLabAction>(id: &'static str, description: &str) -> Action {
    let (resource, verb) = id.split_once('.').expect("catalog ids are `resource.verb`");
    let resource = Resource::from_id(resource).expect("catalog ids start with a resource");
    let output = match verb {
        "list" => Output::List,
        "delete" => Output::Deleted,
        _ => Output::Object,
    };
    let input_schema = input_schema::<P>();
    Action {
        id,
        resource,
        verb,
        description: description.to_owned(),
        destructive: matches!(verb, "delete" | "merge"),
        read_only: matches!(verb, "get" | "list"),
        parameters: params::property_names(&input_schema),
        input_schema,
        output_schema: schema::output_schema(output, resource),
        output,
        run: Run::GitLab(prepare::<P>),
    }
}

fn prepare<P: GitLabAction>(args: &Map<String, Value>) -> Result<ApiRequest, String> {
    P::parse(args)?.call()
}
