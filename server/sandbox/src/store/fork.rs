//! Forking a project: a new project in the target namespace whose repository shares the
//! source's commits, with `forked_from_project` naming the source.

use super::people::Namespace;
use super::state::Store;
use super::timestamps::now;

/// What `POST …/fork` asks for, already checked by the route.
pub(crate) struct ForkRequest {
    pub source: u64,
    pub namespace: Namespace,
    pub name: String,
    pub path: String,
    pub description: Option<String>,
    pub visibility: String,
    /// Only this branch, when given (it then becomes the default branch).
    pub branch: Option<String>,
}

impl Store {
    /// The fork's id. Like GitLab's fork service, a fork is never more visible than its
    /// source: the visibility asked for is lowered to the source's.
    pub fn fork_project(&mut self, request: ForkRequest) -> u64 {
        let source = &self.projects[&request.source];
        let repository = source.repository.fork(request.branch.as_deref());
        let default_branch = request
            .branch
            .clone()
            .unwrap_or_else(|| source.default_branch.clone());
        let visibility = less_visible(&request.visibility, &source.visibility).to_owned();
        let id = self.add_project(
            &request.name,
            &request.path,
            request.namespace,
            &visibility,
            None,
        );
        let project = self.project_mut(id);
        project.repository = repository;
        project.default_branch = default_branch;
        project.description = request.description;
        project.forked_from = Some(request.source);
        project.last_activity_at = now();
        id
    }
}

/// The less visible of two visibilities (`private` < `internal` < `public`).
pub(crate) fn less_visible<'a>(a: &'a str, b: &'a str) -> &'a str {
    let rank = |v: &str| match v {
        "public" => 2,
        "internal" => 1,
        _ => 0,
    };
    if rank(a) <= rank(b) { a } else { b }
}
