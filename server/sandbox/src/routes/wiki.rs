//! `/projects/:id/wikis[/:slug]`.

use axum::Router;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;
use serde_json::Value;

use crate::app::App;
use crate::params::Params;
use crate::reply::{ApiError, no_content, ok};
use crate::store::Project;
use crate::store::wiki::{WikiPage, slug};

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route("/projects/{id}/wikis", get(list).post(create))
        .route(
            "/projects/{id}/wikis/{slug}",
            get(show).put(update).delete(remove),
        )
}

const FORMATS: &[&str] = &["markdown", "rdoc", "asciidoc", "org"];

/// GitLab's text when a page with that title (any case) already exists.
const DUPLICATE: &str = "Duplicate page: A page with that title already exists";

/// Every page, by title; with `with_content` each with its content. GitLab does not page
/// this list.
async fn list(
    State(app): State<App>,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let with_content = params.bool("with_content")?.unwrap_or(false);
        let project = store.project(&id)?;
        let mut pages: Vec<&WikiPage> = project.wiki.values().collect();
        pages.sort_by_key(|p| p.title.to_lowercase());
        let items: Vec<Value> = pages
            .into_iter()
            .map(|p| {
                if with_content {
                    p.json(None, false)
                } else {
                    p.basic_json()
                }
            })
            .collect();
        Ok(ok(StatusCode::OK, Value::Array(items)))
    })
}

/// `render_html` answers the content as HTML; `version` (a version id) an older state.
/// Either unknown: `404 Wiki Page Not Found`.
async fn show(
    State(app): State<App>,
    Path((id, page_slug)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let render_html = params.bool("render_html")?.unwrap_or(false);
        let version = params.text("version")?;
        let page = find(store.project(&id)?, &page_slug)?;
        let version = match version {
            Some(id) => Some(page.version(&id).ok_or_else(not_found)?),
            None => None,
        };
        Ok(ok(StatusCode::OK, page.json(version, render_html)))
    })
}

/// `title` and `content` required, `format` markdown (default), rdoc, asciidoc or org. A
/// title already used (in any case) is refused as GitLab's wiki refuses it.
async fn create(
    State(app): State<App>,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require(&["title", "content"])?;
        let title = params.str("title")?.unwrap_or_default();
        let content = params.str("content")?.unwrap_or_default();
        let format = params
            .choice("format", FORMATS)?
            .unwrap_or_else(|| "markdown".to_owned());
        let project_id = store.project_id(&id)?;
        check(&store.projects[&project_id], None, &title, &content)?;
        let mut page = WikiPage::new(&mut store.ids, title.trim(), &content);
        page.format = format.clone();
        page.versions[0].format = format;
        let key = page.slug.clone();
        let project = store.project_mut(project_id);
        project.wiki.insert(key.clone(), page);
        project.touch();
        Ok(ok(
            StatusCode::CREATED,
            project.wiki[&key].json(None, false),
        ))
    })
}

/// `title`, `content`, `format`: at least one. A new title moves the page to a new slug.
async fn update(
    State(app): State<App>,
    Path((id, page_slug)): Path<(String, String)>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require_any(&["content", "title", "format"])?;
        let title = params.str("title")?;
        let content = params.str("content")?;
        let format = params.choice("format", FORMATS)?;
        let project_id = store.project_id(&id)?;
        let project = &store.projects[&project_id];
        let page = find(project, &page_slug)?;
        let new_title = title.map_or_else(|| page.title.clone(), |t| t.trim().to_owned());
        let new_content = content.unwrap_or_else(|| page.content.clone());
        check(project, Some(&page.slug), &new_title, &new_content)?;
        let project = store.project_mut(project_id);
        let mut page = project.wiki.remove(&page_slug).expect("found above");
        page.slug = slug(&new_title);
        page.title = new_title;
        page.content = new_content;
        if let Some(format) = format {
            page.format = format;
        }
        page.save_version();
        let key = page.slug.clone();
        project.wiki.insert(key.clone(), page);
        project.touch();
        Ok(ok(StatusCode::OK, project.wiki[&key].json(None, false)))
    })
}

/// 204.
async fn remove(
    State(app): State<App>,
    Path((id, page_slug)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project_id = store.project_id(&id)?;
        find(&store.projects[&project_id], &page_slug)?;
        let project = store.project_mut(project_id);
        project.wiki.remove(&page_slug);
        project.touch();
        Ok(no_content())
    })
}

/// The wiki page model's rules: a title and content; then no other page of that title.
fn check(
    project: &Project,
    this: Option<&str>,
    title: &str,
    content: &str,
) -> Result<(), ApiError> {
    let mut problems = Vec::new();
    if title.trim().is_empty() {
        problems.push(("title", "can't be blank"));
    }
    if content.trim().is_empty() {
        problems.push(("content", "can't be blank"));
    }
    if !problems.is_empty() {
        return Err(ApiError::fields(&problems));
    }
    let wanted = slug(title).to_lowercase();
    let taken = project
        .wiki
        .keys()
        .any(|s| Some(s.as_str()) != this && s.to_lowercase() == wanted);
    if taken {
        return Err(ApiError::fields(&[("base", DUPLICATE)]));
    }
    Ok(())
}

fn find<'a>(project: &'a Project, page_slug: &str) -> Result<&'a WikiPage, ApiError> {
    project.wiki.get(page_slug).ok_or_else(not_found)
}

fn not_found() -> ApiError {
    ApiError::not_found("Wiki Page")
}
