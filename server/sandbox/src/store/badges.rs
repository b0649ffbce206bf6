//! A project badge's URLs as GitLab renders them: each `%{placeholder}` it knows replaced by
//! the project's value now, written into the URL as it is (not escaped). A placeholder with
//! no value (`%{group_name}` of a project in a user's namespace, `%{latest_tag}` of a
//! project without tags) stays as written, as do the ones GitLab does not know.

use super::Namespace;
use super::state::Store;

/// The domain GitLab Pages serve from: GitLab's default, as no sandbox serves Pages.
const PAGES_DOMAIN: &str = "example.com";

/// `url` with the placeholders filled in from project `project`.
pub(crate) fn rendered(store: &Store, project: u64, url: &str) -> String {
    let mut out = String::new();
    let mut rest = url;
    while let Some(start) = rest.find("%{") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let value = after
            .find('}')
            .and_then(|end| Some((value(store, project, &after[..end])?, end)));
        match value {
            Some((value, end)) => {
                out.push_str(&value);
                rest = &after[end + 1..];
            }
            None => {
                out.push_str("%{");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The value of one placeholder, by its name.
fn value(store: &Store, project: u64, name: &str) -> Option<String> {
    let project = &store.projects[&project];
    let repository = &project.repository;
    Some(match name {
        "project_path" => store.full_path(project),
        "project_title" => project.name.clone(),
        "project_name" => project.path.clone(),
        "project_id" => project.id.to_string(),
        // The project's own namespace, whose path is the project's full path.
        "project_namespace" => store.full_path(project),
        "group_name" => match project.namespace {
            Namespace::Group(_) => store.namespace_path(project.namespace),
            Namespace::User(_) => return None,
        },
        "gitlab_server" => url::Url::parse(&store.base).ok()?.host_str()?.to_owned(),
        "gitlab_pages_domain" => PAGES_DOMAIN.to_owned(),
        "default_branch" => project.default_branch.clone(),
        "commit_sha" => repository.head(&project.default_branch)?.id.clone(),
        // The tag whose commit is the newest, as GitLab's `updated_desc` tag order has it.
        "latest_tag" => repository
            .tags
            .values()
            .filter_map(|tag| Some((repository.commit(&tag.commit)?.committed, &tag.name)))
            .max()?
            .1
            .clone(),
        _ => return None,
    })
}
