//! What an action works on: the prefix of its id (`branch` in `branch.create`), which
//! names its meta-surface tool, its individual tools and its toolset.

use super::toolset::Toolset;

/// One kind of GitLab object.
#[derive(Debug, PartialEq, Eq)]
pub struct Resource {
    /// The prefix of action ids: `merge_request`.
    pub id: &'static str,
    /// The form in individual tool names: `gitlab_mr_merge`.
    pub short: &'static str,
    /// In prose: `merge request`.
    pub noun: &'static str,
    /// The plural in titles: `merge requests`.
    pub plural: &'static str,
    pub toolset: Toolset,
}

const fn resource(
    id: &'static str,
    short: &'static str,
    noun: &'static str,
    plural: &'static str,
    toolset: Toolset,
) -> Resource {
    Resource {
        id,
        short,
        noun,
        plural,
        toolset,
    }
}

/// Every resource, in the order the meta surface lists them. A new kind of object is one
/// line here.
pub static RESOURCES: &[Resource] = &[
    resource(
        "branch",
        "branch",
        "branch",
        "branches",
        Toolset::Repository,
    ),
    resource("tag", "tag", "tag", "tags", Toolset::Repository),
    resource("commit", "commit", "commit", "commits", Toolset::Repository),
    resource("file", "file", "file", "files", Toolset::Repository),
    resource(
        "repository",
        "repository",
        "repository",
        "repositories",
        Toolset::Repository,
    ),
    resource(
        "merge_request",
        "mr",
        "merge request",
        "merge requests",
        Toolset::MergeRequests,
    ),
    resource("issue", "issue", "issue", "issues", Toolset::Issues),
    resource(
        "pipeline",
        "pipeline",
        "pipeline",
        "pipelines",
        Toolset::Pipelines,
    ),
    resource("job", "job", "job", "jobs", Toolset::Pipelines),
    resource(
        "variable",
        "variable",
        "CI/CD variable",
        "CI/CD variables",
        Toolset::Pipelines,
    ),
    resource(
        "schedule",
        "schedule",
        "pipeline schedule",
        "pipeline schedules",
        Toolset::Pipelines,
    ),
    resource(
        "trigger_token",
        "trigger_token",
        "pipeline trigger token",
        "pipeline trigger tokens",
        Toolset::Pipelines,
    ),
    resource(
        "environment",
        "environment",
        "environment",
        "environments",
        Toolset::Pipelines,
    ),
    resource(
        "freeze_period",
        "freeze_period",
        "deploy freeze period",
        "deploy freeze periods",
        Toolset::Pipelines,
    ),
    resource(
        "deployment",
        "deployment",
        "deployment",
        "deployments",
        Toolset::Pipelines,
    ),
    resource("label", "label", "label", "labels", Toolset::Labels),
    resource(
        "milestone",
        "milestone",
        "milestone",
        "milestones",
        Toolset::Milestones,
    ),
    resource("wiki", "wiki", "wiki page", "wiki pages", Toolset::Wiki),
    resource("user", "user", "user", "users", Toolset::Users),
    resource(
        "member",
        "member",
        "project member",
        "project members",
        Toolset::Users,
    ),
    resource("group", "group", "group", "groups", Toolset::Groups),
    resource(
        "namespace",
        "namespace",
        "namespace",
        "namespaces",
        Toolset::Groups,
    ),
    resource("search", "search", "search", "searches", Toolset::Search),
    resource(
        "release",
        "release",
        "release",
        "releases",
        Toolset::Releases,
    ),
    resource(
        "release_link",
        "release_link",
        "release asset link",
        "release asset links",
        Toolset::Releases,
    ),
    resource(
        "project",
        "project",
        "project",
        "projects",
        Toolset::Projects,
    ),
    resource("hook", "hook", "webhook", "webhooks", Toolset::Projects),
    resource(
        "deploy_key",
        "deploy_key",
        "deploy key",
        "deploy keys",
        Toolset::Projects,
    ),
    resource("badge", "badge", "badge", "badges", Toolset::Projects),
    resource(
        "snippet",
        "snippet",
        "snippet",
        "snippets",
        Toolset::Projects,
    ),
    resource("todo", "todo", "to-do item", "to-do items", Toolset::Todos),
    // Work items (GraphQL-backed).
    resource(
        "work_item",
        "work_item",
        "work item",
        "work items",
        Toolset::WorkItems,
    ),
    // Planning: epics, iterations, boards, resource events.
    resource("epic", "epic", "epic", "epics", Toolset::WorkItems),
    resource(
        "iteration",
        "iteration",
        "iteration",
        "iterations",
        Toolset::WorkItems,
    ),
    resource(
        "board",
        "board",
        "issue board",
        "issue boards",
        Toolset::Issues,
    ),
    resource(
        "board_list",
        "board_list",
        "board list",
        "board lists",
        Toolset::Issues,
    ),
    // Merge requests' conflicts and approvals, uploads, award emoji, submodules.
    resource(
        "approval_rule",
        "approval_rule",
        "approval rule",
        "approval rules",
        Toolset::MergeRequests,
    ),
    resource(
        "merge_train",
        "merge_train",
        "merge train",
        "merge trains",
        Toolset::MergeRequests,
    ),
    resource("upload", "upload", "upload", "uploads", Toolset::Projects),
    // Packages, the container registry, runners.
    resource(
        "package",
        "package",
        "package",
        "packages",
        Toolset::Packages,
    ),
    resource(
        "package_file",
        "package_file",
        "package file",
        "package files",
        Toolset::Packages,
    ),
    resource(
        "package_rule",
        "package_rule",
        "package protection rule",
        "package protection rules",
        Toolset::Packages,
    ),
    resource(
        "registry",
        "registry",
        "container repository",
        "container repositories",
        Toolset::Packages,
    ),
    resource(
        "registry_tag",
        "registry_tag",
        "container image tag",
        "container image tags",
        Toolset::Packages,
    ),
    resource(
        "registry_rule",
        "registry_rule",
        "container repository protection rule",
        "container repository protection rules",
        Toolset::Packages,
    ),
    resource("runner", "runner", "runner", "runners", Toolset::Runners),
    // Security, protected environments, deployment approvals, feature flags, import/export.
    resource(
        "vulnerability",
        "vulnerability",
        "vulnerability",
        "vulnerabilities",
        Toolset::Security,
    ),
    resource(
        "dependency",
        "dependency",
        "dependency",
        "dependencies",
        Toolset::Security,
    ),
    resource(
        "protected_environment",
        "protected_env",
        "protected environment",
        "protected environments",
        Toolset::Pipelines,
    ),
    resource(
        "feature_flag",
        "feature_flag",
        "feature flag",
        "feature flags",
        Toolset::Pipelines,
    ),
    resource(
        "feature_flag_user_list",
        "ff_user_list",
        "feature flag user list",
        "feature flag user lists",
        Toolset::Pipelines,
    ),
    resource("api", "api", "API request", "API requests", Toolset::Api),
];

impl Resource {
    /// The resource of an action id's prefix.
    pub fn of(id: &str) -> Option<&'static Resource> {
        let prefix = id.split_once('.').map_or(id, |(prefix, _)| prefix);
        RESOURCES.iter().find(|resource| resource.id == prefix)
    }
}
