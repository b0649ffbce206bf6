//! Step 3 of a call: the request as it will be sent, judged against the operator's limits.
//! Only the built request is judged — its method, the path GitLab's router will read, the
//! body and query GitLab will read, the quick actions in its texts —, never the arguments
//! it was made from, so no spelling of an argument can reach past a check.
//!
//! - read-only mode refuses any write (a method but GET, a GraphQL mutation);
//! - with an allow list, every project the request names must be on it: in its path (the
//!   endpoint's `*project_id` fields; for the door, every part that follows `projects`,
//!   `fork`, `import_project_members`, `allowlist` or `unleash`, where GitLab's routes
//!   take another project), in any `*project_id`, `forked_from_id` or `start_project` of
//!   its body or query, and in the quick actions its texts run (`/move group/other`);
//!   a door request naming no project, and any GraphQL document, are refused, since what
//!   they reach cannot be told.

use serde::Deserialize;
use serde_json::{Map, Value};

use super::refusal::Refusal;
use crate::access::{Access, AllowedProjects, NamedProject};
use crate::catalog::endpoint::Endpoint;
use crate::catalog::wizard::ReadyWizard;
use crate::gitlab::quick_actions::{Carried, Reference, carried, references};
use crate::gitlab::{Api, BuiltRequest, GitLab, ProjectId};

/// A built request that passed the check, with the quick actions its texts carry (for
/// the guard to ask about).
#[derive(Debug)]
pub struct Checked {
    pub request: BuiltRequest,
    pub quick_actions: Vec<Carried>,
}

/// What the check knows of a call besides its request.
#[derive(Debug, Clone, Copy)]
pub struct Call<'a> {
    /// The catalog action, for messages: `issue.create`.
    pub id: &'a str,
    /// The endpoint the request must be made for; `None` for the doors, whose path comes
    /// with the call.
    pub endpoint: Option<&'a Endpoint>,
}

/// The route parts after which GitLab's routes take a project: `projects/:id`,
/// `projects/:id/fork/:forked_from_id`, `…/import_project_members/:project_id`,
/// `…/job_token_scope/allowlist/:target_project_id`, `feature_flags/unleash/:project_id`.
const BEFORE_A_PROJECT: &[&str] = &[
    "projects",
    "fork",
    "import_project_members",
    "allowlist",
    "unleash",
];

/// Checks `request`, the request `call` would send, against `access`.
pub async fn check(
    access: &Access,
    gitlab: &GitLab,
    call: Call<'_>,
    request: BuiltRequest,
) -> Result<Checked, Refusal> {
    let id = call.id;
    if let Some(endpoint) = call.endpoint
        && endpoint.read_back(request.route()).is_none()
    {
        return Err(Refusal::Invalid(format!(
            "`{id}` would send `{}`, which is not its endpoint `{}`; give each id, path or name as it is. Nothing was sent to GitLab.",
            shown(&request),
            endpoint.path
        )));
    }
    if access.read_only && request.writes() {
        return Err(Refusal::Limits(format!(
            "`{id}` would send `{}`, which changes GitLab, and this server is read-only (GITLAB_MCP_READ_ONLY=true): only reads run here. Nothing was sent to GitLab.",
            shown(&request)
        )));
    }
    let quick_actions = carried(&request);
    if let Some(projects) = &access.projects {
        allowed(projects, gitlab, call, &request, &quick_actions).await?;
    }
    Ok(Checked {
        request,
        quick_actions,
    })
}

/// Refuses a request naming a project outside the allow list, or whose projects cannot be
/// told.
async fn allowed(
    projects: &AllowedProjects,
    gitlab: &GitLab,
    call: Call<'_>,
    request: &BuiltRequest,
    quick_actions: &[Carried],
) -> Result<(), Refusal> {
    let (id, listed) = (call.id, projects.listed());
    if request.api != Api::Rest {
        return Err(Refusal::Limits(format!(
            "`{id}`: which projects a GraphQL document reaches cannot be checked, and this server may only work on GITLAB_MCP_ALLOWED_PROJECTS={listed}; use the REST actions, or `api.request` with a path under `projects/<one of them>/`. Nothing was sent to GitLab."
        )));
    }
    let mut named = named_projects(call.endpoint, request).map_err(Refusal::Invalid)?;
    if call.endpoint.is_none() && named.is_empty() {
        return Err(Refusal::Limits(format!(
            "`{id}`: `{}` names no project, and this server may only work on GITLAB_MCP_ALLOWED_PROJECTS={listed}, so what it would reach cannot be checked; only paths under `projects/<one of them>/` run here. Nothing was sent to GitLab.",
            shown(request)
        )));
    }
    named.extend(named_by_quick_actions(quick_actions, &listed)?);
    projects
        .check(gitlab, &named)
        .await
        .map_err(Refusal::Limits)
}

/// Refuses texts GitLab will run quick actions from that no request carries (the drafts
/// a review publishes all at once) when a command in them names a project outside the
/// allow list, as a request's own texts are.
pub async fn check_published(
    access: &Access,
    gitlab: &GitLab,
    published: &[Carried],
) -> Result<(), Refusal> {
    let Some(projects) = &access.projects else {
        return Ok(());
    };
    let named = named_by_quick_actions(published, &projects.listed())?;
    projects
        .check(gitlab, &named)
        .await
        .map_err(Refusal::Limits)
}

/// The projects the quick actions in `texts` name; a project named relative to the
/// item's own cannot be checked, and is refused.
fn named_by_quick_actions(texts: &[Carried], listed: &str) -> Result<Vec<NamedProject>, Refusal> {
    let mut named = Vec::new();
    for text in texts {
        for found in &text.found {
            let field = format!("`{}` (its line `{}`)", text.field, found.written);
            for reference in references(found) {
                match reference {
                    Reference::Path(path) => named.push(NamedProject {
                        field: field.clone(),
                        project: ProjectId::Path(path),
                    }),
                    Reference::Relative(name) => {
                        return Err(Refusal::Limits(format!(
                            "{field} names `{name}`, a project GitLab finds beside this one, and this server may only work on GITLAB_MCP_ALLOWED_PROJECTS={listed}; name the project by its full path (`group/{name}`). Nothing was sent to GitLab."
                        )));
                    }
                }
            }
        }
    }
    Ok(named)
}

/// `DELETE /projects/1/labels/1`: the request as a refusal shows it.
fn shown(request: &BuiltRequest) -> String {
    format!("{} /{}", request.method, request.api_path())
}

/// Refuses a wizard whose arguments name a project outside the allow list (its final
/// request is checked again once built).
pub async fn check_wizard(
    access: &Access,
    gitlab: &GitLab,
    wizard: &ReadyWizard,
) -> Result<(), Refusal> {
    let Some(projects) = &access.projects else {
        return Ok(());
    };
    let mut named = Vec::new();
    fields(&wizard.arguments(), &mut named).map_err(Refusal::Invalid)?;
    projects
        .check(gitlab, &named)
        .await
        .map_err(Refusal::Limits)
}

/// Every project `request` names: in its path (read back through `endpoint`, or by
/// GitLab's route shapes for the door) and in its body and query, each in its canonical
/// form. A value that is not a project is refused, naming its field.
pub(crate) fn named_projects(
    endpoint: Option<&Endpoint>,
    request: &BuiltRequest,
) -> Result<Vec<NamedProject>, String> {
    let mut named = Vec::new();
    let route = request.route();
    match endpoint {
        Some(endpoint) => {
            for (field, value) in endpoint.read_back(route).unwrap_or_default() {
                if names_a_project(field) {
                    add(&mut named, field, &Value::String(value))?;
                }
            }
        }
        None => {
            for pair in route.windows(2) {
                if BEFORE_A_PROJECT.contains(&pair[0].as_str()) {
                    add(&mut named, "path", &Value::String(pair[1].clone()))?;
                }
            }
        }
    }
    for (key, value) in request.query() {
        // Grape reads `a[b]=…` as `b` inside `a`.
        let name = key
            .split(['[', ']'])
            .rfind(|part| !part.is_empty())
            .unwrap_or(key);
        if names_a_project(name) {
            add(&mut named, name, &Value::String(value.clone()))?;
        }
    }
    if let Some(Value::Object(body)) = &request.body {
        fields(body, &mut named)?;
    }
    Ok(named)
}

/// The projects the fields of `object` name, at any depth.
fn fields(object: &Map<String, Value>, named: &mut Vec<NamedProject>) -> Result<(), String> {
    for (key, value) in object {
        match value {
            Value::Object(inner) => fields(inner, named)?,
            Value::Array(items) if !names_a_project(key) => {
                for item in items {
                    if let Value::Object(inner) = item {
                        fields(inner, named)?;
                    }
                }
            }
            _ if names_a_project(key) => add(named, key, value)?,
            _ => {}
        }
    }
    Ok(())
}

fn add(named: &mut Vec<NamedProject>, field: &str, value: &Value) -> Result<(), String> {
    let project = ProjectId::deserialize(value)
        .map_err(|error| format!("`{field}` does not name a project: {error}"))?;
    named.push(NamedProject {
        field: format!("`{field}`"),
        project,
    });
    Ok(())
}

/// Parameters that name a project: `project_id`, `target_project_id`, … and the two GitLab
/// names otherwise (a fork's source, a commit's start project).
fn names_a_project(parameter: &str) -> bool {
    parameter == "project_id"
        || parameter.ends_with("_project_id")
        || parameter == "forked_from_id"
        || parameter == "start_project"
}

#[cfg(test)]
mod tests {
    use reqwest::Method;
    use serde_json::json;
    use url::Url;

    use super::*;
    use crate::gitlab::ApiRequest;

    fn sent(request: ApiRequest) -> BuiltRequest {
        let root = Url::parse("https://gitlab.example.com/api/v4").unwrap();
        BuiltRequest::build(&root, request).unwrap()
    }

    fn path(parts: &[&str]) -> ApiRequest {
        parts
            .iter()
            .fold(ApiRequest::get(), |request, part| request.segment(part))
    }

    fn projects(endpoint: Option<&Endpoint>, request: ApiRequest) -> Vec<(String, ProjectId)> {
        named_projects(endpoint, &sent(request))
            .unwrap()
            .into_iter()
            .map(|named| (named.field, named.project))
            .collect()
    }

    #[test]
    fn an_endpoint_names_projects_in_its_fields_and_body() {
        let endpoint = Endpoint::new(
            Method::POST,
            "projects/{project_id}/issues/{issue_iid}/links",
        );
        let request = path(&["projects", "2", "issues", "1", "links"])
            .json(json!({"target_project_id": 3.0, "nested": {"start_project": "g/x"}}))
            .query("from_project_id", "007");
        assert_eq!(
            projects(Some(&endpoint), request),
            [
                ("`project_id`".to_owned(), ProjectId::Id(2)),
                ("`from_project_id`".to_owned(), ProjectId::Id(7)),
                ("`start_project`".to_owned(), ProjectId::Path("g/x".into())),
                ("`target_project_id`".to_owned(), ProjectId::Id(3)),
            ]
        );
        // A file named `projects` is a file, not a project.
        let file = Endpoint::new(
            Method::GET,
            "projects/{project_id}/repository/files/{file_path}/raw",
        );
        let request = path(&["projects", "1", "repository", "files", "projects", "raw"]);
        assert_eq!(projects(Some(&file), request).len(), 1);
    }

    #[test]
    fn the_door_names_every_project_its_route_takes() {
        let named = projects(None, path(&["projects", "1", "fork", "2"]));
        assert_eq!(
            named.iter().map(|n| n.1.clone()).collect::<Vec<_>>(),
            [ProjectId::Id(1), ProjectId::Id(2)]
        );
        let named = projects(None, path(&["groups", "4", "projects", "a/b"]));
        assert_eq!(named[0].1, ProjectId::Path("a/b".into()));
        assert_eq!(
            projects(
                None,
                path(&["projects", "1", "import_project_members", "9"])
            )
            .len(),
            2
        );
        assert!(projects(None, path(&["groups", "4", "issues"])).is_empty());
        let bad = sent(path(&["projects"]).json(json!({"target_project_id": [1]})));
        let error = named_projects(None, &bad).unwrap_err();
        assert!(
            error.starts_with("`target_project_id` does not name a project"),
            "{error}"
        );
        let nested = sent(path(&["projects"]).query("a[target_project_id]", "5"));
        assert_eq!(
            named_projects(None, &nested).unwrap()[0].project,
            ProjectId::Id(5)
        );
    }
}
