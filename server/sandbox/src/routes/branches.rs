//! `/projects/:id/repository/branches[/:branch]`.

use axum::Router;
use axum::extract::{OriginalUri, Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;

use crate::app::App;
use crate::pagination::paginate;
use crate::params::Params;
use crate::reply::{ApiError, no_content, ok};
use crate::store::repository::valid_ref_name;

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route("/projects/{id}/repository/branches", get(list).post(create))
        .route(
            "/projects/{id}/repository/branches/{branch}",
            get(show).delete(remove),
        )
}

/// GitLab's name search: `^x` starts with x, `x$` ends with x, else contains x; ignoring case.
pub(super) fn name_matches(name: &str, search: &str) -> bool {
    let name = name.to_lowercase();
    let search = search.to_lowercase();
    match (search.strip_prefix('^'), search.strip_suffix('$')) {
        (Some(prefix), _) => name.starts_with(prefix),
        (None, Some(suffix)) => name.ends_with(suffix),
        (None, None) => name.contains(&search),
    }
}

/// Sorted by name (GitLab's default, `sort=name_asc`), or by the head commit's date with
/// `updated_asc` / `updated_desc`; `search` filters by name, `regex` by a regular
/// expression (an invalid one is a 400).
async fn list(
    State(app): State<App>,
    Path(id): Path<String>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let search = params.text("search")?;
        let regex = match params.text("regex")? {
            Some(pattern) => Some(
                regex::Regex::new(&pattern)
                    .map_err(|_| ApiError::bad_request("400 Bad request - Regex is invalid"))?,
            ),
            None => None,
        };
        let sort = params.choice("sort", &["name_asc", "updated_asc", "updated_desc"])?;
        let project = store.project(&id)?;
        let repository = &project.repository;
        let mut names: Vec<&String> = repository
            .branches
            .keys()
            .filter(|name| search.as_deref().is_none_or(|s| name_matches(name, s)))
            .filter(|name| regex.as_ref().is_none_or(|r| r.is_match(name)))
            .collect();
        let updated = |name: &String| repository.head(name).map(|c| c.committed);
        match sort.as_deref() {
            Some("updated_asc") => names.sort_by_key(|n| updated(n)),
            Some("updated_desc") => names.sort_by_key(|n| std::cmp::Reverse(updated(n))),
            _ => {}
        }
        let items = names
            .into_iter()
            .map(|name| store.branch_json(project, name))
            .collect();
        paginate(items, &params, &store.base, &uri)
    })
}

async fn show(
    State(app): State<App>,
    Path((id, branch)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project = store.project(&id)?;
        if !project.repository.branches.contains_key(&branch) {
            return Err(ApiError::not_found("Branch"));
        }
        Ok(ok(StatusCode::OK, store.branch_json(project, &branch)))
    })
}

/// `POST {branch, ref}`: `ref` is a branch, a tag or a commit of the project.
async fn create(
    State(app): State<App>,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require_filled(&["branch", "ref"], &["branch", "ref"])?;
        let branch = params.str("branch")?.unwrap_or_default();
        let reference = params.str("ref")?.unwrap_or_default();
        let project = store.project(&id)?;
        let project_id = project.id;
        if !valid_ref_name(&branch) {
            return Err(ApiError::bad_request("Branch name is invalid"));
        }
        if project.repository.branches.contains_key(&branch) {
            return Err(ApiError::bad_request("Branch already exists"));
        }
        let Some(commit) = project.repository.resolve(&reference) else {
            return Err(ApiError::bad_request(format!(
                "Failed to create branch '{branch}': invalid reference name '{reference}'"
            )));
        };
        let sha = commit.id.clone();
        let project = store.project_mut(project_id);
        project.repository.branches.insert(branch.clone(), sha);
        project.touch();
        let project = &store.projects[&project_id];
        Ok(ok(StatusCode::CREATED, store.branch_json(project, &branch)))
    })
}

/// Answers 204. GitLab's push checks refuse to delete the default branch; the sandbox, which
/// treats every API call as a push from outside the web UI, refuses protected branches too.
async fn remove(
    State(app): State<App>,
    Path((id, branch)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let project = store.project(&id)?;
        let project_id = project.id;
        if !project.repository.branches.contains_key(&branch) {
            return Err(ApiError::not_found("Branch"));
        }
        if branch == project.default_branch {
            return Err(ApiError::bad_request(
                "The default branch of a project cannot be deleted.",
            ));
        }
        if project.repository.protection(&branch).is_some() {
            return Err(ApiError::bad_request(
                "You can only delete protected branches using the web interface.",
            ));
        }
        let project = store.project_mut(project_id);
        project.repository.branches.remove(&branch);
        project.touch();
        Ok(no_content())
    })
}

#[cfg(test)]
mod tests {
    use super::name_matches;

    #[test]
    fn searches_anchor_like_gitlabs() {
        assert!(name_matches("feature/x", "FEAT"));
        assert!(name_matches("feature/x", "^feat"));
        assert!(!name_matches("my-feature", "^feat"));
        assert!(name_matches("fix/tokenizer", "tokenizer$"));
        assert!(!name_matches("fix/tokenizer", "fix$"));
    }
}
