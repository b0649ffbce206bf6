//! The project allow list (`GITLAB_MCP_ALLOWED_PROJECTS`) against any JSON value in any
//! parameter that names a project, of any action: the call is either refused, or
//! prepared with every project it names in canonical form — the form the request sends
//! and the check compares —, and a canonical project outside the list is refused.
//!
//! Each case starts from parameters that are valid for the action (made from its input
//! schema) and puts an arbitrary value, or one of the spellings of a project clients
//! send (`2.0`, `"02"`, `" /demo/sandbox/ "`), in each project parameter.

use crate::access::{AllowedProjects, NamedProject};
use crate::call::check::named_projects;
use crate::catalog::{Action, Prepared};
use crate::gitlab::MAX_EXACT_INTEGER;
use crate::gitlab::{GitLab, GitLabConfig, ProjectId};
use crate::registry::catalog;
use proptest::prelude::*;
use serde_json::{Value, json};

use super::inputs::{field_value, number};
use super::{Verdict, ensure, fuzz};
use crate::tests::catalog_support::baseline;

/// The projects the operator allows: both forms, so any other project costs a lookup,
/// which fails (nothing listens), so it is refused.
const ALLOWED: &str = "1,demo/sandbox";

fn names_a_project(parameter: &str) -> bool {
    parameter == "project_id" || parameter.ends_with("_project_id")
}

/// Spellings of project 1, project 2 and the demo project's path, and near misses.
fn project_value() -> impl Strategy<Value = Value> {
    prop_oneof![
        4 => prop::sample::select(vec![
            json!(1), json!(2), json!(1.0), json!(2.0), json!(1e0), json!(2e0), json!(20e-1),
            json!("1"), json!("2"), json!("01"), json!("002"), json!(" 2 "), json!("2.0"),
            json!("demo/sandbox"), json!("DEMO/Sandbox"), json!("/demo/sandbox/"),
            json!("/\t/demo/sandbox"), json!("/ /2"),
            json!(" demo/sandbox "), json!("demo%2Fsandbox"), json!("demo/sandbox/../other"),
            json!("other/project"), json!("demo/sandbox\u{200B}"), json!(""), json!("/"),
            json!(0), json!(-1), json!(1.5), json!(9_007_199_254_740_993_u64), json!([1]),
            json!({"id": 1}), json!(null), json!(true),
        ]),
        2 => number(),
        2 => field_value(),
    ]
}

/// Whether `project` is in the form the checks compare: an exact positive id, or a path
/// with nothing around it that is not an id spelled as text.
fn canonical(project: &ProjectId) -> bool {
    match project {
        ProjectId::Id(id) => (1..=MAX_EXACT_INTEGER).contains(id),
        ProjectId::Path(path) => {
            path == path.trim().trim_matches('/').trim()
                && !path.is_empty()
                && !path.bytes().all(|b| b.is_ascii_digit())
        }
    }
}

fn listed(project: &ProjectId) -> bool {
    match project {
        ProjectId::Id(id) => *id == 1,
        ProjectId::Path(path) => path.eq_ignore_ascii_case("demo/sandbox"),
    }
}

#[test]
fn allowed_projects() {
    let actions: Vec<&Action> = catalog()
        .actions()
        .iter()
        .filter(|action| action.parameters().iter().any(|p| names_a_project(p)))
        .collect();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    // Nothing listens there: a project that needs a lookup is not known, so refused.
    let gitlab = GitLab::new(GitLabConfig::new(
        "http://127.0.0.1:9/".parse().expect("a URL"),
    ))
    .expect("a client");
    let allowed = AllowedProjects::parse(ALLOWED).expect("a list");
    let inputs = (0..actions.len()).prop_flat_map(|index| {
        let action = actions[index];
        let projects: Vec<String> = action
            .parameters()
            .iter()
            .filter(|p| names_a_project(p))
            .cloned()
            .collect();
        let values = prop::collection::vec(project_value(), projects.len());
        (Just(index), Just(projects), values)
    });
    fuzz("allowed_projects", inputs, |(index, projects, values)| {
        let action = actions[index];
        let mut params = baseline(action);
        for (name, value) in projects.iter().zip(values) {
            params.insert(name.clone(), value);
        }
        let prepared = match action.prepare(&params) {
            Ok(prepared) => prepared,
            Err(why) => return Ok(Verdict::Refused(why)),
        };
        let built = match prepared {
            Prepared::Request(request) => match gitlab.build(request) {
                Ok(built) => built,
                Err(why) => return Ok(Verdict::Refused(why.to_string())),
            },
            Prepared::Wizard(_) => return Ok(Verdict::Refused("a wizard".to_owned())),
        };
        let endpoint = action.endpoint.as_ref().filter(|_| !action.method_in_call);
        let named = match named_projects(endpoint, &built) {
            Ok(named) => named,
            Err(why) => return Ok(Verdict::Refused(why)),
        };
        for NamedProject { field, project } in &named {
            ensure!(
                canonical(project),
                "`{}` names {project:?} in `{field}`, not in canonical form: {params:?}",
                action.id
            );
        }
        // Every project parameter that was given is among what the check reads.
        for name in &projects {
            let given = params.get(name).is_some_and(|value| !value.is_null());
            ensure!(
                !given || named.iter().any(|n| n.field == format!("`{name}`")),
                "`{}`: `{name}` was accepted but the check never read it: {params:?}",
                action.id
            );
        }
        // What is checked is what is sent.
        if built
            .route()
            .first()
            .is_some_and(|first| first == "projects")
            && let Some(sent) = built.route().get(1)
        {
            ensure!(
                named
                    .iter()
                    .any(|n| n.field == "`project_id`" && &n.project.to_string() == sent),
                "`{}` sends project `{sent}` but checked {named:?}",
                action.id
            );
        }
        let verdict = runtime.block_on(allowed.check(&gitlab, &named));
        let outside = named.iter().find(|n| !listed(&n.project));
        match (outside, verdict) {
            (Some(n), Ok(())) => Err(TestCaseError::fail(format!(
                "`{}`: {:?} in `{}` is not listed but was allowed",
                action.id, n.project, n.field
            ))),
            (None, Err(why)) => Err(TestCaseError::fail(format!(
                "`{}`: every project is listed but the call was refused: {why}",
                action.id
            ))),
            (Some(_), Err(why)) => Ok(Verdict::Refused(why)),
            (None, Ok(())) => Ok(Verdict::Accepted),
        }
    });
}
