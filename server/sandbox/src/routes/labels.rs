//! `/projects/:id/labels[/:label_id]`, where `:label_id` is a label's id or its name.

use axum::Router;
use axum::extract::{OriginalUri, Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;

use crate::app::App;
use crate::pagination::paginate;
use crate::params::Params;
use crate::reply::{ApiError, no_content, ok};
use crate::store::labels::{Label, color};
use crate::store::{Ids, Project};

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route("/projects/{id}/labels", get(list).post(create))
        .route(
            "/projects/{id}/labels/{label_id}",
            get(show).put(update).delete(remove),
        )
}

/// By name (GitLab sorts labels by title); `search` in names and descriptions,
/// case-insensitively; `with_counts` adds the open/closed issue and open merge request counts.
async fn list(
    State(app): State<App>,
    Path(id): Path<String>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let with_counts = params.bool("with_counts")?.unwrap_or(false);
        params.bool("include_ancestor_groups")?;
        let search = params.text("search")?.map(|s| s.to_lowercase());
        let project = store.project(&id)?;
        let mut labels: Vec<&Label> = project
            .labels
            .iter()
            .filter(|l| {
                search.as_deref().is_none_or(|s| {
                    l.name.to_lowercase().contains(s)
                        || l.description
                            .as_deref()
                            .is_some_and(|d| d.to_lowercase().contains(s))
                })
            })
            .collect();
        labels.sort_by(|a, b| a.name.cmp(&b.name));
        let items = labels
            .into_iter()
            .map(|l| l.json(project, with_counts))
            .collect();
        paginate(items, &params, &store.base, &uri)
    })
}

async fn show(
    State(app): State<App>,
    Path((id, label_id)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project = store.project(&id)?;
        let label = &project.labels[find(project, &label_id)?];
        Ok(ok(StatusCode::OK, label.json(project, false)))
    })
}

/// `name` and `color` required. A name the project already has is `409 Label already
/// exists`; then the model's rules: colour `#RGB`, `#RRGGBB` or a CSS name, name not blank,
/// without commas, at most 255 characters; `priority` a whole number from 0.
async fn create(
    State(app): State<App>,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require(&["name", "color"])?;
        let name = params.str("name")?.unwrap_or_default().trim().to_owned();
        let color_text = params.str("color")?.unwrap_or_default();
        let description = params.text("description")?;
        let priority = params.u64("priority")?;
        let project_id = store.project_id(&id)?;
        let project = &store.projects[&project_id];
        if project.labels.iter().any(|l| l.name == name) {
            return Err(ApiError::message(
                StatusCode::CONFLICT,
                "Label already exists",
            ));
        }
        let color = checked(&name, &color_text)?;
        let label = Label {
            id: Ids::next(&mut store.ids.label),
            name,
            color,
            description,
            priority,
        };
        let project = store.project_mut(project_id);
        project.labels.push(label);
        project.touch();
        let label = project.labels.last().expect("just added");
        Ok(ok(StatusCode::CREATED, label.json(project, false)))
    })
}

/// `new_name`, `color`, `description`, `priority` (null removes it): at least one. A new name
/// moves with the label onto the issues and merge requests that carry it.
async fn update(
    State(app): State<App>,
    Path((id, label_id)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require_any(&["new_name", "color", "description", "priority"])?;
        let new_name = params.str("new_name")?.map(|n| n.trim().to_owned());
        let color_text = params.str("color")?;
        let description = params.replacement("description")?;
        let priority = params.u64("priority")?;
        let project_id = store.project_id(&id)?;
        let project = &store.projects[&project_id];
        let index = find(project, &label_id)?;
        let label = &project.labels[index];
        let name = new_name.clone().unwrap_or_else(|| label.name.clone());
        let color = checked(&name, color_text.as_deref().unwrap_or(&label.color))?;
        if project
            .labels
            .iter()
            .any(|l| l.id != label.id && l.name == name)
        {
            return Err(ApiError::fields(&[("title", "has already been taken")]));
        }
        let old_name = label.name.clone();
        let project = store.project_mut(project_id);
        if name != old_name {
            rename_on_issuables(project, &old_name, Some(&name));
        }
        let label = &mut project.labels[index];
        label.name = name;
        label.color = color;
        if let Some(description) = description {
            label.description = description;
        }
        if params.has("priority") {
            label.priority = priority;
        }
        project.touch();
        Ok(ok(
            StatusCode::OK,
            project.labels[index].json(project, false),
        ))
    })
}

/// 204; issues and merge requests lose the label, as GitLab's label links go with it.
async fn remove(
    State(app): State<App>,
    Path((id, label_id)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project_id = store.project_id(&id)?;
        let index = find(&store.projects[&project_id], &label_id)?;
        let project = store.project_mut(project_id);
        let label = project.labels.remove(index);
        rename_on_issuables(project, &label.name, None);
        project.touch();
        Ok(no_content())
    })
}

/// GitLab looks a label up by id first, then by its exact title: `404 Label Not Found`.
fn find(project: &Project, label_id: &str) -> Result<usize, ApiError> {
    let by_id = label_id
        .parse::<u64>()
        .ok()
        .and_then(|n| project.labels.iter().position(|l| l.id == n));
    by_id
        .or_else(|| project.labels.iter().position(|l| l.name == label_id))
        .ok_or_else(|| ApiError::not_found("Label"))
}

/// The label model's rules, colour first as GitLab validates it; the colour as stored.
fn checked(name: &str, color_text: &str) -> Result<String, ApiError> {
    let mut problems: Vec<(&str, &str)> = Vec::new();
    let color = if color_text.trim().is_empty() {
        problems.push(("color", "can't be blank"));
        None
    } else {
        let color = color(color_text);
        if color.is_none() {
            problems.push(("color", "must be a valid color code"));
        }
        color
    };
    if name.is_empty() {
        problems.push(("title", "can't be blank"));
    } else if name.contains(',') {
        problems.push(("title", "is invalid"));
    }
    if name.chars().count() > 255 {
        problems.push(("title", "is too long (maximum is 255 characters)"));
    }
    match color {
        Some(color) if problems.is_empty() => Ok(color),
        _ => Err(ApiError::fields(&problems)),
    }
}

/// Renames label `old` to `new` (or removes it) on the project's issues and merge requests,
/// which carry label names.
fn rename_on_issuables(project: &mut Project, old: &str, new: Option<&str>) {
    let relabel = |labels: &mut Vec<String>| match new {
        Some(new) => labels
            .iter_mut()
            .filter(|l| *l == old)
            .for_each(|l| *l = new.to_owned()),
        None => labels.retain(|l| l != old),
    };
    project
        .issues
        .values_mut()
        .for_each(|i| relabel(&mut i.labels));
    project
        .merge_requests
        .values_mut()
        .for_each(|m| relabel(&mut m.labels));
}
