//! Thin typed calls for the four resources the server covers. Bodies stay JSON (the action
//! catalog is data-driven); parameter names are GitLab's.

use serde_json::Value;

use super::{ApiRequest, GitLab, GitLabError, Page, ProjectId};

impl GitLab {
    /// Sends and keeps only the body.
    async fn body(&self, request: ApiRequest) -> Result<Value, GitLabError> {
        Ok(self.send(request).await?.body)
    }

    /// A list endpoint: `filters` (a JSON object or null) become query parameters, `page` and
    /// `per_page` included.
    async fn list(&self, request: ApiRequest, filters: &Value) -> Result<Page, GitLabError> {
        let request = match filters {
            Value::Null => request,
            Value::Object(map) => request.query_object(map)?,
            _ => {
                return Err(GitLabError::InvalidRequest {
                    reason: "list filters must be a JSON object".to_owned(),
                });
            }
        };
        let response = self.send(request).await?;
        let items = match response.body {
            Value::Array(items) => items,
            Value::Null => Vec::new(),
            other => vec![other],
        };
        Ok(Page {
            items,
            next_page: response.next_page,
            total: response.total,
        })
    }

    // ---- projects: /projects[/:id]

    pub async fn create_project(&self, body: Value) -> Result<Value, GitLabError> {
        self.body(ApiRequest::post().segment("projects").json(body))
            .await
    }

    pub async fn get_project(&self, project_id: &ProjectId) -> Result<Value, GitLabError> {
        self.body(project(ApiRequest::get(), project_id)).await
    }

    pub async fn list_projects(&self, filters: &Value) -> Result<Page, GitLabError> {
        self.list(ApiRequest::get().segment("projects"), filters)
            .await
    }

    pub async fn update_project(
        &self,
        project_id: &ProjectId,
        body: Value,
    ) -> Result<Value, GitLabError> {
        self.body(project(ApiRequest::put(), project_id).json(body))
            .await
    }

    /// GitLab answers 202 and may delete later (or only mark for deletion).
    pub async fn delete_project(&self, project_id: &ProjectId) -> Result<Value, GitLabError> {
        self.body(project(ApiRequest::delete(), project_id)).await
    }

    // ---- issues: /projects/:id/issues[/:issue_iid]

    pub async fn create_issue(
        &self,
        project_id: &ProjectId,
        body: Value,
    ) -> Result<Value, GitLabError> {
        self.body(issues(ApiRequest::post(), project_id).json(body))
            .await
    }

    pub async fn get_issue(
        &self,
        project_id: &ProjectId,
        issue_iid: u64,
    ) -> Result<Value, GitLabError> {
        self.body(issues(ApiRequest::get(), project_id).segment(issue_iid))
            .await
    }

    pub async fn list_issues(
        &self,
        project_id: &ProjectId,
        filters: &Value,
    ) -> Result<Page, GitLabError> {
        self.list(issues(ApiRequest::get(), project_id), filters)
            .await
    }

    pub async fn update_issue(
        &self,
        project_id: &ProjectId,
        issue_iid: u64,
        body: Value,
    ) -> Result<Value, GitLabError> {
        self.body(
            issues(ApiRequest::put(), project_id)
                .segment(issue_iid)
                .json(body),
        )
        .await
    }

    /// GitLab answers 204: the result is `null`.
    pub async fn delete_issue(
        &self,
        project_id: &ProjectId,
        issue_iid: u64,
    ) -> Result<Value, GitLabError> {
        self.body(issues(ApiRequest::delete(), project_id).segment(issue_iid))
            .await
    }

    // ---- merge requests: /projects/:id/merge_requests[/:merge_request_iid[/merge]]

    pub async fn create_merge_request(
        &self,
        project_id: &ProjectId,
        body: Value,
    ) -> Result<Value, GitLabError> {
        self.body(merge_requests(ApiRequest::post(), project_id).json(body))
            .await
    }

    pub async fn get_merge_request(
        &self,
        project_id: &ProjectId,
        merge_request_iid: u64,
    ) -> Result<Value, GitLabError> {
        self.body(merge_requests(ApiRequest::get(), project_id).segment(merge_request_iid))
            .await
    }

    pub async fn list_merge_requests(
        &self,
        project_id: &ProjectId,
        filters: &Value,
    ) -> Result<Page, GitLabError> {
        self.list(merge_requests(ApiRequest::get(), project_id), filters)
            .await
    }

    pub async fn update_merge_request(
        &self,
        project_id: &ProjectId,
        merge_request_iid: u64,
        body: Value,
    ) -> Result<Value, GitLabError> {
        self.body(
            merge_requests(ApiRequest::put(), project_id)
                .segment(merge_request_iid)
                .json(body),
        )
        .await
    }

    /// GitLab answers 204: the result is `null`.
    pub async fn delete_merge_request(
        &self,
        project_id: &ProjectId,
        merge_request_iid: u64,
    ) -> Result<Value, GitLabError> {
        self.body(merge_requests(ApiRequest::delete(), project_id).segment(merge_request_iid))
            .await
    }

    /// `PUT …/merge`. `body` may hold `sha` (refuse unless the source head is that commit),
    /// `squash`, `should_remove_source_branch`, `merge_commit_message`, `squash_commit_message`;
    /// build it with [`merge_body`] or pass the caller's JSON.
    pub async fn merge_merge_request(
        &self,
        project_id: &ProjectId,
        merge_request_iid: u64,
        body: Value,
    ) -> Result<Value, GitLabError> {
        let request = merge_requests(ApiRequest::put(), project_id)
            .segment(merge_request_iid)
            .segment("merge");
        self.body(request.json(body)).await
    }

    // ---- releases: /projects/:id/releases[/:tag_name]

    pub async fn create_release(
        &self,
        project_id: &ProjectId,
        body: Value,
    ) -> Result<Value, GitLabError> {
        self.body(releases(ApiRequest::post(), project_id).json(body))
            .await
    }

    pub async fn get_release(
        &self,
        project_id: &ProjectId,
        tag_name: &str,
    ) -> Result<Value, GitLabError> {
        self.body(releases(ApiRequest::get(), project_id).segment(tag_name))
            .await
    }

    pub async fn list_releases(
        &self,
        project_id: &ProjectId,
        filters: &Value,
    ) -> Result<Page, GitLabError> {
        self.list(releases(ApiRequest::get(), project_id), filters)
            .await
    }

    pub async fn update_release(
        &self,
        project_id: &ProjectId,
        tag_name: &str,
        body: Value,
    ) -> Result<Value, GitLabError> {
        self.body(
            releases(ApiRequest::put(), project_id)
                .segment(tag_name)
                .json(body),
        )
        .await
    }

    /// GitLab answers with the deleted release; the tag stays.
    pub async fn delete_release(
        &self,
        project_id: &ProjectId,
        tag_name: &str,
    ) -> Result<Value, GitLabError> {
        self.body(releases(ApiRequest::delete(), project_id).segment(tag_name))
            .await
    }
}

/// The body of `PUT …/merge`: only what is given is sent.
pub fn merge_body(
    sha: Option<&str>,
    squash: Option<bool>,
    should_remove_source_branch: Option<bool>,
) -> Value {
    let mut body = serde_json::Map::new();
    if let Some(sha) = sha {
        body.insert("sha".to_owned(), sha.into());
    }
    if let Some(squash) = squash {
        body.insert("squash".to_owned(), squash.into());
    }
    if let Some(remove) = should_remove_source_branch {
        body.insert("should_remove_source_branch".to_owned(), remove.into());
    }
    Value::Object(body)
}

fn project(request: ApiRequest, project_id: &ProjectId) -> ApiRequest {
    request.segment("projects").segment(project_id)
}

fn issues(request: ApiRequest, project_id: &ProjectId) -> ApiRequest {
    project(request, project_id).segment("issues")
}

fn merge_requests(request: ApiRequest, project_id: &ProjectId) -> ApiRequest {
    project(request, project_id).segment("merge_requests")
}

fn releases(request: ApiRequest, project_id: &ProjectId) -> ApiRequest {
    project(request, project_id).segment("releases")
}
