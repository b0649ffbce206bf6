//! `GET /search`, `GET /groups/:id/search` and `GET /projects/:id/search` (also under `/-/`):
//! GitLab's basic search, with the scopes Community Edition allows at each level.

use axum::Router;
use axum::extract::{OriginalUri, Path, State};
use axum::http::{HeaderValue, Uri};
use axum::response::Response;
use axum::routing::get;
use serde_json::Value;

use crate::app::App;
use crate::pagination::paginate;
use crate::params::Params;
use crate::reply::ApiError;
use crate::store::code_search::{FoundBlob, search as grep};
use crate::store::notes::Noteable;
use crate::store::repository::LogFilter;
use crate::store::{Project, Store, hex_id};

pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route("/search", get(instance))
        .route("/groups/{id}/search", get(group))
        .route("/groups/{id}/-/search", get(group))
        .route("/projects/{id}/search", get(project))
        .route("/projects/{id}/-/search", get(project))
}

/// The scopes each level takes (Community Edition: code, commits, notes and wikis only in a
/// project); any other is Grape's `scope does not have a valid value`.
const INSTANCE_SCOPES: &[&str] = &[
    "projects",
    "issues",
    "merge_requests",
    "milestones",
    "snippet_titles",
    "users",
];
const GROUP_SCOPES: &[&str] = &[
    "projects",
    "issues",
    "merge_requests",
    "milestones",
    "users",
];
const PROJECT_SCOPES: &[&str] = &[
    "issues",
    "merge_requests",
    "milestones",
    "notes",
    "wiki_blobs",
    "commits",
    "blobs",
    "users",
];

/// Where a search looks.
enum Level {
    Instance,
    Group(u64),
    Project(u64),
}

async fn instance(
    State(app): State<App>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    run(&app, None, INSTANCE_SCOPES, &uri, &params)
}

async fn group(
    State(app): State<App>,
    Path(id): Path<String>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    run(&app, Some(Target::Group(id)), GROUP_SCOPES, &uri, &params)
}

async fn project(
    State(app): State<App>,
    Path(id): Path<String>,
    OriginalUri(uri): OriginalUri,
    params: Params,
) -> Result<Response, ApiError> {
    run(
        &app,
        Some(Target::Project(id)),
        PROJECT_SCOPES,
        &uri,
        &params,
    )
}

enum Target {
    Group(String),
    Project(String),
}

/// `search` and `scope` required; `state` (all, opened, closed, merged) and `confidential`
/// narrow issues and merge requests; `ref` (projects only) picks the branch, tag or commit
/// `blobs` and `commits` search, the default branch otherwise. Results are paged, with
/// `X-Search-Type: basic`.
fn run(
    app: &App,
    target: Option<Target>,
    scopes: &[&str],
    uri: &Uri,
    params: &Params,
) -> Result<Response, ApiError> {
    app.with_store(|store| {
        params.require(&["search", "scope"])?;
        let scope = params.choice("scope", scopes)?.unwrap_or_default();
        let state = params.choice("state", &["all", "opened", "closed", "merged"])?;
        let confidential = params.bool("confidential")?;
        let reference = params.text("ref")?;
        let text = params.str("search")?.unwrap_or_default();
        let level = match target {
            None => Level::Instance,
            Some(Target::Group(id)) => Level::Group(store.group_named(&id)?.id),
            Some(Target::Project(id)) => Level::Project(store.project_id(&id)?),
        };
        let found = Found {
            store,
            level,
            needle: text.trim().to_lowercase(),
            state,
            confidential,
        };
        let items = if found.needle.is_empty() {
            Vec::new()
        } else {
            match scope.as_str() {
                "projects" => found.projects(),
                "issues" => found.issues(),
                "merge_requests" => found.merge_requests(),
                "milestones" => found.milestones(),
                "users" => found.users(),
                "notes" => found.notes(),
                "blobs" => found.blobs(&text, reference.as_deref()),
                "wiki_blobs" => found.wiki_blobs(&text),
                "commits" => found.commits(reference.as_deref()),
                // Snippets: the sandbox has none.
                _ => Vec::new(),
            }
        };
        let mut response = paginate(items, params, &store.base, uri)?;
        response
            .headers_mut()
            .insert("x-search-type", HeaderValue::from_static("basic"));
        Ok(response)
    })
}

/// One search being answered.
struct Found<'a> {
    store: &'a Store,
    level: Level,
    /// The search text, lowercase: basic search matches case-insensitively.
    needle: String,
    state: Option<String>,
    confidential: Option<bool>,
}

impl Found<'_> {
    fn matches(&self, text: &str) -> bool {
        text.to_lowercase().contains(&self.needle)
    }

    fn matches_either(&self, title: &str, description: Option<&str>) -> bool {
        self.matches(title) || description.is_some_and(|d| self.matches(d))
    }

    /// The projects the search covers, oldest first.
    fn projects_in_scope(&self) -> Vec<&Project> {
        let store = self.store;
        match self.level {
            Level::Instance => store.projects.values().collect(),
            Level::Group(id) => store.group_projects(id),
            Level::Project(id) => vec![&store.projects[&id]],
        }
    }

    fn state_allows(&self, state: &str) -> bool {
        self.state
            .as_deref()
            .is_none_or(|wanted| wanted == "all" || wanted == state)
    }

    /// Name, path or description; newest first.
    fn projects(&self) -> Vec<Value> {
        let mut projects: Vec<&Project> = self
            .projects_in_scope()
            .into_iter()
            .filter(|p| {
                self.matches(&p.name)
                    || self.matches(&p.path)
                    || p.description.as_deref().is_some_and(|d| self.matches(d))
            })
            .collect();
        projects.reverse();
        projects
            .into_iter()
            .map(|p| self.store.project_basic_json(p))
            .collect()
    }

    /// Title or description; newest first.
    fn issues(&self) -> Vec<Value> {
        let mut found = Vec::new();
        for project in self.projects_in_scope() {
            for issue in project.issues.values() {
                let keep = self.matches_either(&issue.title, issue.description.as_deref())
                    && self.state_allows(issue.state)
                    && self.confidential.is_none_or(|c| c == issue.confidential);
                if keep {
                    found.push((issue.created_at.clone(), issue.id, project, issue));
                }
            }
        }
        found.sort_by(|a, b| (&b.0, b.1).cmp(&(&a.0, a.1)));
        found
            .into_iter()
            .map(|(_, _, project, issue)| self.store.issue_basic_json(project, issue))
            .collect()
    }

    /// Title or description; newest first.
    fn merge_requests(&self) -> Vec<Value> {
        let mut found = Vec::new();
        for project in self.projects_in_scope() {
            for mr in project.merge_requests.values() {
                let keep = self.matches_either(&mr.title, mr.description.as_deref())
                    && self.state_allows(mr.state);
                if keep {
                    found.push((mr.created_at.clone(), mr.id, project, mr));
                }
            }
        }
        found.sort_by(|a, b| (&b.0, b.1).cmp(&(&a.0, a.1)));
        found
            .into_iter()
            .map(|(_, _, project, mr)| self.store.merge_request_basic_json(project, mr))
            .collect()
    }

    /// Title or description; the latest updated first.
    fn milestones(&self) -> Vec<Value> {
        let mut found = Vec::new();
        for project in self.projects_in_scope() {
            for milestone in project.milestones.values() {
                if self.matches_either(&milestone.title, milestone.description.as_deref()) {
                    found.push((
                        milestone.updated_at.clone(),
                        milestone.id,
                        project,
                        milestone,
                    ));
                }
            }
        }
        found.sort_by(|a, b| (&b.0, b.1).cmp(&(&a.0, a.1)));
        found
            .into_iter()
            .map(|(_, _, project, m)| self.store.milestone_json(project, m))
            .collect()
    }

    /// A part of the name or username, or the whole email: everyone (instance), the group's
    /// members, or the project's members with inherited ones; newest user first.
    fn users(&self) -> Vec<Value> {
        let store = self.store;
        let mut ids: Vec<u64> = match self.level {
            Level::Instance => store.users.keys().copied().collect(),
            Level::Group(id) => store.groups[&id]
                .members
                .iter()
                .map(|m| m.user_id)
                .collect(),
            Level::Project(id) => store
                .all_project_members(&store.projects[&id])
                .into_iter()
                .map(|m| m.user_id)
                .collect(),
        };
        ids.sort_unstable_by(|a, b| b.cmp(a));
        ids.into_iter()
            .filter(|&id| {
                let user = store.user(id);
                self.matches(&user.name)
                    || self.matches(&user.username)
                    || user.email.to_lowercase() == self.needle
            })
            .map(|id| store.user_json(id))
            .collect()
    }

    /// Comments (not system notes) on the project's issues and merge requests; the latest
    /// updated first.
    fn notes(&self) -> Vec<Value> {
        let store = self.store;
        let mut found = Vec::new();
        for project in self.projects_in_scope() {
            let issues = project.issues.values().map(|i| {
                let on = Noteable::Issue {
                    id: i.id,
                    iid: i.iid,
                };
                (on, &i.discussions)
            });
            let mrs = project.merge_requests.values().map(|m| {
                let on = Noteable::MergeRequest {
                    id: m.id,
                    iid: m.iid,
                };
                (on, &m.discussions)
            });
            for (on, discussions) in issues.chain(mrs) {
                for discussion in discussions {
                    for note in discussion.notes.iter().filter(|n| !n.system) {
                        if self.matches(&note.body) {
                            let json = store.note_json(project, on, discussion, note);
                            found.push((note.updated_at.clone(), note.id, json));
                        }
                    }
                }
            }
        }
        found.sort_by(|a, b| (&b.0, b.1).cmp(&(&a.0, a.1)));
        found.into_iter().map(|(_, _, json)| json).collect()
    }

    /// The files of `ref` (default: the default branch); an unknown ref has none.
    fn blobs(&self, text: &str, reference: Option<&str>) -> Vec<Value> {
        let Level::Project(id) = self.level else {
            return Vec::new();
        };
        let project = &self.store.projects[&id];
        let reference = reference.unwrap_or(&project.default_branch);
        let Some(commit) = project.repository.resolve(reference) else {
            return Vec::new();
        };
        let files = commit
            .tree
            .iter()
            .map(|(path, entry)| (path.as_str(), entry.blob.text(), entry.blob.id.as_str()));
        grep(files, text)
            .iter()
            .map(|found| found.json(reference, project.id))
            .collect()
    }

    /// The wiki's pages as the files of its repository (`<slug>.md` for markdown).
    fn wiki_blobs(&self, text: &str) -> Vec<Value> {
        let Level::Project(id) = self.level else {
            return Vec::new();
        };
        let project = &self.store.projects[&id];
        let mut pages: Vec<(String, &str, String)> = project
            .wiki
            .values()
            .map(|page| {
                let extension = match page.format.as_str() {
                    "markdown" => "md",
                    other => other,
                };
                let id =
                    hex_id(format!("blob {}\0{}", page.content.len(), page.content).as_bytes());
                (
                    format!("{}.{extension}", page.slug),
                    page.content.as_str(),
                    id,
                )
            })
            .collect();
        pages.sort_by(|a, b| a.0.cmp(&b.0));
        let files = pages
            .iter()
            .map(|(path, content, id)| (path.as_str(), Some(*content), id.as_str()));
        grep(files, text)
            .iter()
            .map(|found: &FoundBlob| found.json("main", project.id))
            .collect()
    }

    /// A commit named by the search (an id, or a prefix of one), then the commits of `ref`
    /// whose message contains it, newest first; without `stats`.
    fn commits(&self, reference: Option<&str>) -> Vec<Value> {
        let Level::Project(id) = self.level else {
            return Vec::new();
        };
        let project = &self.store.projects[&id];
        let repository = &project.repository;
        let reference = reference.unwrap_or(&project.default_branch);
        let Some(head) = repository.resolve(reference) else {
            return Vec::new();
        };
        let named = (self.needle.len() >= 7 && self.needle.bytes().all(|b| b.is_ascii_hexdigit()))
            .then(|| repository.resolve(&self.needle))
            .flatten();
        let mut commits: Vec<_> = named.into_iter().collect();
        for commit in repository.log(&[head.id.as_str()], &LogFilter::default()) {
            if self.matches(&commit.message) && !commits.iter().any(|c| c.id == commit.id) {
                commits.push(commit);
            }
        }
        commits
            .into_iter()
            .map(|c| self.store.commit_detail_json(project, c, false))
            .collect()
    }
}
