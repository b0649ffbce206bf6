//! GitLab's "basic" entities, which lists, searches and milestones show: the full entity
//! without the fields only a single-record answer carries.

use serde_json::Value;

use super::issues::Issue;
use super::merge_requests::MergeRequest;
use super::project::Project;
use super::state::Store;

impl Store {
    /// `IssueBasic`: the issue without `_links` and `subscribed`.
    pub fn issue_basic_json(&self, project: &Project, issue: &Issue) -> Value {
        without(self.issue_json(project, issue), &["_links", "subscribed"])
    }

    /// `MergeRequestBasic`: the merge request without what only `GET …/merge_requests/:iid`
    /// shows (diff refs, pipelines, the merge user's details, counts).
    pub fn merge_request_basic_json(&self, project: &Project, mr: &MergeRequest) -> Value {
        without(
            self.merge_request_json(project, mr),
            &[
                "diff_refs",
                "subscribed",
                "changes_count",
                "merge_error",
                "user",
                "pipeline",
                "head_pipeline",
                "first_contribution",
                "latest_build_started_at",
                "latest_build_finished_at",
                "first_deployed_to_production_at",
                "diverged_commits_count",
                "rebase_in_progress",
            ],
        )
    }

    /// `BasicProjectDetails`: what search results and `forked_from_project` show.
    pub fn project_basic_json(&self, project: &Project) -> Value {
        let full = self.project_json(project);
        let mut basic = serde_json::Map::new();
        for key in [
            "id",
            "description",
            "name",
            "name_with_namespace",
            "path",
            "path_with_namespace",
            "created_at",
            "default_branch",
            "tag_list",
            "topics",
            "ssh_url_to_repo",
            "http_url_to_repo",
            "web_url",
            "readme_url",
            "forks_count",
            "avatar_url",
            "star_count",
            "last_activity_at",
            "visibility",
            "namespace",
        ] {
            if let Some(value) = full.get(key) {
                basic.insert(key.to_owned(), value.clone());
            }
        }
        Value::Object(basic)
    }
}

fn without(mut value: Value, keys: &[&str]) -> Value {
    if let Value::Object(map) = &mut value {
        for key in keys {
            map.remove(*key);
        }
    }
    value
}
