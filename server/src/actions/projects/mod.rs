//! The `projects` toolset: `/projects[/:id[/…]]`, and in modules of their own the
//! project's mirrors, webhooks, deploy keys and badges.

pub mod hooks;
mod import_export;
pub mod keys_and_badges;
pub mod mirrors;
mod snippets;
mod uploads;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use wizard::summary::escape_value;

use super::releases::Sort;
use crate::catalog::alternative::{Alternative, Extra};
use crate::catalog::asks::{Asks, Before};
use crate::catalog::body::Body;
use crate::catalog::params::{Branch, PageNumber, PerPage};
use crate::catalog::{Action, delete, get, post, put};
use crate::gitlab::{ApiRequest, ProjectId};
use crate::table;
use crate::wizards::{ProjectWizard, Visibility};
use mirrors::{
    OVERWRITING_MIRROR, PullMirrorConfigure, PullMirrorGet, PushMirrorAdd, PushMirrorGet,
    PushMirrorList, pull_mirror_rules, push_mirror_rules,
};

pub fn actions() -> Vec<Action> {
    [
        table![
            post::<ProjectCreate>("project.create", "projects"),
            get::<ProjectGet>("project.get", "projects/{project_id}"),
            get::<ProjectList>("project.list", "projects").list(),
            put::<ProjectUpdate>("project.update", "projects/{project_id}").asks(MAKING_PUBLIC),
            delete::<ProjectDelete>("project.delete", "projects/{project_id}"),
            post::<ProjectFork>("project.fork", "projects/{project_id}/fork").check(one_namespace),
            post::<ProjectArchive>("project.archive", "projects/{project_id}/archive"),
            post::<ProjectUnarchive>("project.unarchive", "projects/{project_id}/unarchive"),
            put::<PullMirrorConfigure>(
                "project.pull_mirror_configure",
                "projects/{project_id}/mirror/pull"
            )
            .check(pull_mirror_rules)
            .asks(OVERWRITING_MIRROR),
            post::<PushMirrorAdd>(
                "project.push_mirror_add",
                "projects/{project_id}/remote_mirrors"
            )
            .check(push_mirror_rules)
            .destructive(),
            get::<PullMirrorGet>(
                "project.pull_mirror_get",
                "projects/{project_id}/mirror/pull"
            )
            .title("Get pull mirror"),
            get::<PushMirrorList>(
                "project.push_mirror_list",
                "projects/{project_id}/remote_mirrors"
            )
            .list()
            .title("List push mirrors"),
            get::<PushMirrorGet>(
                "project.push_mirror_get",
                "projects/{project_id}/remote_mirrors/{mirror_id}"
            )
            .title("Get push mirror"),
            get::<ProjectLanguages>("project.language_list", "projects/{project_id}/languages")
                .title("List a project's languages"),
            post::<ProjectStar>("project.star", "projects/{project_id}/star"),
            post::<ProjectStar>("project.unstar", "projects/{project_id}/unstar"),
        ],
        hooks::actions(),
        keys_and_badges::actions(),
        snippets::actions(),
        uploads::actions(),
        super::access_requests::project_actions(),
        super::events::project_actions(),
        import_export::actions(),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// Asks before an update that makes a private or internal project public; any other
/// update never asks, and nothing is read for it.
const MAKING_PUBLIC: Asks<ProjectUpdate> = Asks {
    when: "make a private or internal project public",
    loses_work: false,
    read: read_visibility,
    question: publicizing_question,
};

fn read_visibility(update: &ProjectUpdate) -> Before {
    Before::read(
        (update.visibility == Some(Visibility::Public))
            .then(|| ApiRequest::get().project(&update.project_id)),
    )
}

fn publicizing_question(update: &ProjectUpdate, project: &Value) -> Result<Option<String>, String> {
    // No such project: GitLab answers the update itself.
    if project.is_null() {
        return Ok(None);
    }
    let visibility = project
        .get("visibility")
        .and_then(Value::as_str)
        .ok_or("GitLab's project shows no `visibility`")?;
    if visibility == "public" {
        return Ok(None);
    }
    let name = project
        .get("path_with_namespace")
        .and_then(Value::as_str)
        .map_or_else(|| update.project_id.to_string(), str::to_owned);
    Ok(Some(format!(
        "Make project {} public? It is {visibility} now: once public, anyone, signed in or \
         not, can see its code, issues, merge requests and wiki.",
        escape_value(&name)
    )))
}

/// `project.create`: every question of the project wizard, plus fields only GitLab knows.
pub type ProjectCreate = Alternative<ProjectWizard, ProjectExtra>;

/// Create a project in one call: every question of the project wizard as a parameter, plus
/// path, namespace and topics. Returns the new project with its id, path and web_url.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProjectExtra {
    /// URL path of the project (GitLab's default: derived from the name).
    pub path: Option<String>,
    /// Group to create the project in, by id (default: your personal namespace).
    pub namespace_id: Option<u64>,
    /// Topics to tag the project with.
    pub topics: Option<Vec<String>>,
}

impl Extra<ProjectWizard> for ProjectExtra {
    fn body(self, wizard: &ProjectWizard) -> Result<Body, String> {
        if wizard.default_branch.is_some() && !wizard.initialize_with_readme {
            return Err(
                "`default_branch` needs `initialize_with_readme: true`; GitLab applies a default branch only together with a README"
                    .to_owned(),
            );
        }
        Ok(Body::new()
            .opt("path", self.path)
            .opt("namespace_id", self.namespace_id)
            .opt("topics", self.topics))
    }
}

/// Get one project by id or path: description, default branch, visibility, web_url and
/// open issue count.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProjectGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
}

/// List the projects the token can see, filtered by text, ownership, membership or
/// visibility, one page at a time.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProjectList {
    /// Only projects whose name or path contains this text.
    pub search: Option<String>,
    /// With `search`: match the group's path too (`demo` or `demo/sa` finds
    /// `demo/sandbox`).
    pub search_namespaces: Option<bool>,
    /// Only projects you own.
    pub owned: Option<bool>,
    /// Only projects you are a member of.
    pub membership: Option<bool>,
    pub visibility: Option<Visibility>,
    /// What to sort by: `last_activity_at` for the most recently active first (GitLab's
    /// default: `created_at`).
    pub order_by: Option<ProjectOrder>,
    /// `asc` or `desc` (GitLab's default: `desc`).
    pub sort: Option<Sort>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// What projects are sorted by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ProjectOrder {
    Id,
    Name,
    Path,
    CreatedAt,
    UpdatedAt,
    LastActivityAt,
}

/// Change a project's name, description, visibility, default branch or topics; only the
/// fields given change. Returns the updated project.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProjectUpdate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub name: Option<String>,
    pub description: Option<String>,
    pub visibility: Option<Visibility>,
    /// An existing branch to make the default.
    pub default_branch: Option<Branch>,
    /// Replaces the topics.
    pub topics: Option<Vec<String>>,
}

/// Delete a project with its repository, issues and merge requests (destructive; GitLab
/// may keep it for a grace period first).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProjectDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
}

/// GitLab takes the fork's namespace by id or by path; given both, which one wins is not
/// for us to guess.
fn one_namespace(fork: &ProjectFork) -> Result<(), String> {
    if fork.namespace_id.is_some() && fork.namespace_path.is_some() {
        return Err(
            "give the namespace of the fork once: `namespace_id` or `namespace_path`, not both"
                .to_owned(),
        );
    }
    Ok(())
}

/// Fork (copy) a project into your personal namespace or a group, optionally under another
/// name, path or visibility. Returns the new fork; GitLab copies its repository in the
/// background (`import_status`).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProjectFork {
    /// The project to fork: its numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The namespace (group or user) to fork into, by id (default: your personal one).
    pub namespace_id: Option<u64>,
    /// The namespace to fork into, by full path (`my-group/sub`).
    pub namespace_path: Option<String>,
    /// The fork's URL path (default: the project's).
    pub path: Option<String>,
    /// The fork's name (default: the project's).
    pub name: Option<String>,
    pub description: Option<String>,
    /// At most the visibility of the project forked.
    pub visibility: Option<Visibility>,
    /// Copy only this branch (default: every branch).
    pub branches: Option<String>,
    /// Open merge requests from the fork against the fork itself, not the project forked.
    pub mr_default_target_self: Option<bool>,
}

/// Archive a project: it becomes read-only and drops out of the default lists, until it is
/// unarchived. Returns the project.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProjectArchive {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
}

/// Unarchive a project, making it writable again. Returns the project.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProjectUnarchive {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
}

/// The languages of a project's repository, each with its share in percent
/// (`{"Rust": 92.1, "Shell": 7.9}`).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProjectLanguages {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
}

/// Star a project (`project.star`) or take your star back (`project.unstar`). Returns the
/// project with its `star_count`; GitLab answers 304 when it already was, or was not,
/// starred.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProjectStar {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
}
