//! `GET /projects/:id/repository/tree` and `…/repository/compare`, and what the repository
//! routes share: reading refs, file contents and authors, and committing on a branch.

use std::sync::Arc;
use std::time::SystemTime;

use axum::Router;
use axum::extract::{OriginalUri, Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;
use base64::Engine;
use base64::alphabet::STANDARD;
use base64::engine::{DecodePaddingMode, GeneralPurpose, GeneralPurposeConfig};
use serde_json::{Value, json};

use crate::app::App;
use crate::pagination::paginate;
use crate::params::Params;
use crate::reply::{ApiError, ok};
use crate::store::repository::{
    ActionError, Commit, FileAction, NewCommit, Person, TreeItem, diff_snapshots,
};
use crate::store::{CURRENT_USER, Project, Store};

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route("/projects/{id}/repository/tree", get(tree))
        .route("/projects/{id}/repository/compare", get(compare))
        .route("/projects/{id}/repository/merge_base", get(merge_base))
        .route("/projects/{id}/repository/contributors", get(contributors))
}

/// Who wrote the history of `ref` (default: the default branch), one entry per author
/// email with their number of commits. GitLab no longer counts lines (Gitaly does not),
/// so `additions` and `deletions` are 0, as there. `order_by` `name`, `email` or
/// `commits` (GitLab's default: commits), `sort` `asc` (default) or `desc`.
async fn contributors(
    State(app): State<App>,
    Path(id): Path<String>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let order_by = params
            .choice("order_by", &["name", "email", "commits"])?
            .unwrap_or_else(|| "commits".to_owned());
        let descending = params.choice("sort", &["asc", "desc"])?.as_deref() == Some("desc");
        let project = store.project(&id)?;
        let reference = params
            .text("ref")?
            .unwrap_or_else(|| project.default_branch.clone());
        let head = project
            .repository
            .resolve(&reference)
            .ok_or_else(|| ApiError::not_found("Ref"))?;
        let log = project
            .repository
            .log(&[head.id.as_str()], &Default::default());
        let mut authors: Vec<(String, String, u64)> = Vec::new();
        for commit in log {
            let email = commit.author.email.to_lowercase();
            match authors.iter_mut().find(|(_, known, _)| *known == email) {
                Some((_, _, commits)) => *commits += 1,
                None => authors.push((commit.author.name.clone(), email, 1)),
            }
        }
        authors.sort_by(|a, b| match order_by.as_str() {
            "name" => a.0.cmp(&b.0),
            "email" => a.1.cmp(&b.1),
            _ => a.2.cmp(&b.2),
        });
        if descending {
            authors.reverse();
        }
        let items = authors
            .into_iter()
            .map(|(name, email, commits)| {
                json!({"name": name, "email": email, "commits": commits, "additions": 0, "deletions": 0})
            })
            .collect();
        paginate(items, &params, &store.base, &uri)
    })
}

/// `path` (default: the root), `ref` (default: the default branch), `recursive`.
async fn tree(
    State(app): State<App>,
    Path(id): Path<String>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let path = params.str("path")?.unwrap_or_default();
        let recursive = params.bool("recursive")?.unwrap_or(false);
        let project = store.project(&id)?;
        let reference = params
            .text("ref")?
            .unwrap_or_else(|| project.default_branch.clone());
        let commit = project
            .repository
            .resolve(&reference)
            .ok_or_else(|| ApiError::not_found("Tree"))?;
        // A path that is no directory there: Gitaly's "invalid revision or path".
        let items = TreeItem::list(&commit.tree, &path, recursive)
            .ok_or_else(|| ApiError::not_found("invalid revision or path"))?;
        let items = items.iter().map(TreeItem::json).collect();
        paginate(items, &params, &store.base, &uri)
    })
}

/// `from`, `to` (branches, tags or commits), `straight`: without it GitLab compares from the
/// merge base of the two (`from...to`), with it from `from` itself (`from..to`). `commits`
/// are what `to` has that `from` has not, oldest first; `commit` is the newest of them.
/// `refs[]`: two or more branches, tags or commits; their best common ancestor, as a
/// commit. GitLab's answers: `400` for fewer than two refs, `404 Commit Not Found` for a
/// ref that names nothing, `404 Merge Base Not Found` when they share no history.
async fn merge_base(
    State(app): State<App>,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        let refs = params.labels("refs")?.unwrap_or_default();
        if refs.len() < 2 {
            return Err(ApiError::bad_request(
                "400 Bad request - Provide at least 2 refs",
            ));
        }
        let project = store.project(&id)?;
        let repository = &project.repository;
        let mut commits = Vec::new();
        for reference in &refs {
            let commit = repository
                .resolve(reference)
                .ok_or_else(|| ApiError::not_found("Commit"))?;
            commits.push(commit.id.clone());
        }
        let mut base = commits[0].clone();
        for other in &commits[1..] {
            base = repository
                .merge_base(&base, other)
                .ok_or_else(|| ApiError::not_found("Merge Base"))?
                .id
                .clone();
        }
        let commit = repository.commit(&base).expect("a merge base is a commit");
        Ok(ok(StatusCode::OK, store.commit_json(project, commit)))
    })
}

async fn compare(
    State(app): State<App>,
    Path(id): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require(&["from", "to"])?;
        let from = params.str("from")?.unwrap_or_default();
        let to = params.str("to")?.unwrap_or_default();
        let straight = params.bool("straight")?.unwrap_or(false);
        let project = store.project(&id)?;
        let repository = &project.repository;
        let (Some(base), Some(head)) = (repository.resolve(&from), repository.resolve(&to)) else {
            return Err(ApiError::not_found("Ref"));
        };
        let start = if straight {
            Some(base)
        } else {
            repository.merge_base(&base.id, &head.id)
        };
        let diffs: Vec<Value> = match start {
            Some(start) => diff_snapshots(&start.tree, &head.tree),
            None => diff_snapshots(&Default::default(), &head.tree),
        }
        .iter()
        .map(|d| d.json())
        .collect();
        let commits: Vec<Value> = repository
            .commits_between(&base.id, &head.id)
            .into_iter()
            .map(|c| store.commit_json(project, c))
            .collect();
        let body = json!({
            "commit": commits.last(),
            "commits": commits,
            "diffs": diffs,
            "compare_timeout": false,
            "compare_same_ref": base.id == head.id,
            "web_url": format!("{}/-/compare/{from}...{to}", store.web_url(project)),
        });
        Ok(ok(StatusCode::OK, body))
    })
}

/// The commit `reference` names, or GitLab's `404 Commit Not Found`.
pub(super) fn find_commit<'a>(
    project: &'a Project,
    reference: &str,
) -> Result<&'a Arc<Commit>, ApiError> {
    project
        .repository
        .resolve(reference)
        .ok_or_else(|| ApiError::not_found("Commit"))
}

/// `author_name` and `author_email`, each defaulting to the current user's.
pub(super) fn author(store: &Store, params: &Params) -> Result<Person, ApiError> {
    let user = store.user(CURRENT_USER);
    Ok(Person {
        name: params
            .text("author_name")?
            .unwrap_or_else(|| user.name.clone()),
        email: params
            .text("author_email")?
            .unwrap_or_else(|| user.email.clone()),
    })
}

/// `text` (the default) or `base64` content, as bytes. Like Ruby's decoder, padding and
/// line breaks are optional.
pub(super) fn decode(
    content: &str,
    encoding: Option<&str>,
    key: &str,
) -> Result<Vec<u8>, ApiError> {
    if encoding != Some("base64") {
        return Ok(content.as_bytes().to_vec());
    }
    let lenient = GeneralPurpose::new(
        &STANDARD,
        GeneralPurposeConfig::new().with_decode_padding_mode(DecodePaddingMode::Indifferent),
    );
    let compact: String = content.chars().filter(|c| !c.is_whitespace()).collect();
    lenient
        .decode(compact)
        .map_err(|_| crate::params::invalid(key))
}

/// A commit to make on `branch`, as the commits and files APIs describe it.
pub(super) struct CommitRequest {
    pub branch: String,
    pub start_branch: Option<String>,
    pub start_sha: Option<String>,
    pub message: String,
    pub author: Person,
    pub actions: Vec<FileAction>,
}

/// Commits by GitLab's rules (where the commit starts, then the actions), committed by the
/// current user.
pub(super) fn write_commit(
    store: &mut Store,
    project_id: u64,
    request: CommitRequest,
) -> Result<Arc<Commit>, ActionError> {
    let user = store.user(CURRENT_USER);
    let committer = Person::new(&user.name, &user.email);
    let project = store.project_mut(project_id);
    let start = project
        .repository
        .start_point(
            &request.branch,
            request.start_branch.as_deref(),
            request.start_sha.as_deref(),
        )
        .map_err(ActionError::Refused)?;
    let was_empty = project.repository.is_empty();
    let branch = request.branch.clone();
    let commit = project.repository.apply(NewCommit {
        branch: request.branch,
        start,
        message: request.message,
        author: request.author,
        committer,
        date: SystemTime::now(),
        actions: request.actions,
    })?;
    // GitLab makes the first branch pushed to an empty repository its default.
    if was_empty {
        project.default_branch = branch;
    }
    project.touch();
    Ok(commit)
}
