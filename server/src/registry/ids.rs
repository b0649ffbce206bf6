//! The ids of the catalog actions that code names — the reads behind the resources,
//! prompts and completions —, each a constant, so a misspelled id does not compile.

use super::ActionId;

/// `NAME = "resource.verb",`: a constant for each, and [`ALL`] of them.
macro_rules! ids {
    ($($name:ident = $id:literal,)*) => {
        $(pub const $name: ActionId = ActionId($id);)*
        /// Every id named here.
        #[cfg(test)]
        pub const ALL: &[ActionId] = &[$($name),*];
    };
}

ids! {
    BRANCH_LIST = "branch.list",
    COMMIT_DIFF = "commit.diff",
    COMMIT_GET = "commit.get",
    COMMIT_LIST = "commit.list",
    DEPLOYMENT_LIST = "deployment.list",
    ENVIRONMENT_LIST = "environment.list",
    FILE_GET = "file.get",
    ISSUE_DISCUSSION_LIST = "issue.discussion_list",
    ISSUE_GET = "issue.get",
    ISSUE_LIST = "issue.list",
    ISSUE_LIST_ALL = "issue.list_all",
    JOB_GET = "job.get",
    JOB_LIST = "job.list",
    JOB_LOG = "job.log",
    LABEL_LIST = "label.list",
    MEMBER_LIST = "member.list",
    MERGE_REQUEST_APPROVALS = "merge_request.approvals",
    MERGE_REQUEST_COMMIT_LIST = "merge_request.commit_list",
    MERGE_REQUEST_DIFF_LIST = "merge_request.diff_list",
    MERGE_REQUEST_DISCUSSION_LIST = "merge_request.discussion_list",
    MERGE_REQUEST_GET = "merge_request.get",
    MERGE_REQUEST_LIST = "merge_request.list",
    MERGE_REQUEST_LIST_ALL = "merge_request.list_all",
    MILESTONE_GET = "milestone.get",
    MILESTONE_ISSUE_LIST = "milestone.issue_list",
    MILESTONE_LIST = "milestone.list",
    MILESTONE_MERGE_REQUEST_LIST = "milestone.merge_request_list",
    PIPELINE_GET = "pipeline.get",
    PIPELINE_JOB_LIST = "pipeline.job_list",
    PIPELINE_LATEST = "pipeline.latest",
    PIPELINE_LIST = "pipeline.list",
    PROJECT_GET = "project.get",
    PROJECT_LIST = "project.list",
    RELEASE_GET = "release.get",
    RELEASE_LINK_LIST = "release_link.list",
    RELEASE_LIST = "release.list",
    REPOSITORY_COMPARE = "repository.compare",
    REPOSITORY_TREE = "repository.tree",
    TAG_GET = "tag.get",
    TAG_LIST = "tag.list",
    TODO_LIST = "todo.list",
    USER_CURRENT = "user.current",
    WIKI_GET = "wiki.get",
    WIKI_LIST = "wiki.list",
}

#[cfg(test)]
mod tests {
    use super::ALL;
    use crate::registry::catalog;

    #[test]
    fn every_id_names_a_read_of_the_catalog() {
        for id in ALL {
            let action = catalog()
                .get(&id.to_string())
                .unwrap_or_else(|| panic!("`{id}` is not a catalog action"));
            assert!(
                action.read_only && !action.is_wizard(),
                "`{id}` changes GitLab: what code names is read"
            );
        }
    }
}
