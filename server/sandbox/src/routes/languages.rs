//! `GET /projects/:id/languages`: the share of each language in the default branch, in
//! percent of bytes with two decimals. Like GitLab's detection, only programming and markup
//! languages count: prose (Markdown), data (YAML, TOML, JSON), documentation (`docs/`),
//! vendored code and dotfiles are left out.

use axum::Router;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde_json::json;

use crate::app::App;
use crate::reply::ApiError;

pub(crate) fn routes() -> Router<App> {
    Router::new().route("/projects/{id}/languages", get(languages))
}

/// File extension → language, for the programming and markup languages the sandbox knows.
const LANGUAGES: &[(&str, &str)] = &[
    ("rs", "Rust"),
    ("py", "Python"),
    ("rb", "Ruby"),
    ("go", "Go"),
    ("js", "JavaScript"),
    ("ts", "TypeScript"),
    ("sh", "Shell"),
    ("c", "C"),
    ("h", "C"),
    ("cpp", "C++"),
    ("java", "Java"),
    ("html", "HTML"),
    ("css", "CSS"),
];

/// Biggest share first; `{}` for an empty repository.
async fn languages(State(app): State<App>, Path(id): Path<String>) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project = store.project(&id)?;
        let mut bytes: Vec<(&str, usize)> = Vec::new();
        if let Some(head) = project.repository.head(&project.default_branch) {
            for (path, entry) in head.tree.iter() {
                let Some(language) = language(path) else {
                    continue;
                };
                match bytes.iter_mut().find(|(l, _)| *l == language) {
                    Some((_, total)) => *total += entry.blob.data.len(),
                    None => bytes.push((language, entry.blob.data.len())),
                }
            }
        }
        let total: usize = bytes.iter().map(|(_, b)| b).sum();
        bytes.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        // Written by hand: a JSON map here would sort the languages by name.
        let shares: Vec<String> = bytes
            .into_iter()
            .map(|(language, size)| {
                let percent = (size as f64 * 10_000.0 / total as f64).round() / 100.0;
                format!("{}:{}", json!(language), json!(percent))
            })
            .collect();
        let body = format!("{{{}}}", shares.join(","));
        Ok((StatusCode::OK, [(CONTENT_TYPE, "application/json")], body).into_response())
    })
}

fn language(path: &str) -> Option<&'static str> {
    let excluded = path
        .split('/')
        .any(|part| part.starts_with('.') || matches!(part, "docs" | "vendor" | "node_modules"));
    if excluded {
        return None;
    }
    let name = path.rsplit('/').next()?;
    let (_, extension) = name.rsplit_once('.')?;
    LANGUAGES
        .iter()
        .find(|(e, _)| *e == extension)
        .map(|(_, language)| *language)
}
