//! GitLab's package, package file, container repository and image tag entities.

use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use super::{ContainerRepository, ImageTag, Package, PackageFile, REGISTRY_HOST};
use crate::store::project::Project;
use crate::store::state::Store;

impl Store {
    /// `API::Entities::Package`; a group's list also names the project.
    pub fn package_json(&self, project: &Project, package: &Package, in_group: bool) -> Value {
        let full_path = self.full_path(project);
        let web_path = format!("/{full_path}/-/packages/{}", package.id);
        let pipeline = package
            .pipeline_ids
            .last()
            .and_then(|id| project.pipelines.get(id))
            .map(|pipeline| self.package_pipeline_json(project, pipeline));
        let mut value = json!({
            "id": package.id,
            "name": package.name,
            "version": package.version,
            "package_type": package.package_type,
            "status": package.status,
            "_links": {
                "web_path": web_path,
                "delete_api_path": format!("{}/packages/{}", self.api_url(project), package.id),
            },
            "created_at": package.created_at,
            "last_downloaded_at": null,
            "tags": [],
        });
        if let Some(pipeline) = pipeline {
            value["pipeline"] = pipeline.clone();
            value["pipelines"] = json!([pipeline]);
        }
        if in_group {
            value["project_id"] = json!(project.id);
            value["project_path"] = json!(full_path);
        }
        value
    }

    /// `API::Entities::Package::Pipeline`: the basic pipeline and who ran it.
    pub fn package_pipeline_json(
        &self,
        project: &Project,
        pipeline: &crate::store::pipelines::Pipeline,
    ) -> Value {
        let mut value = self.pipeline_basic_json(project, pipeline);
        let user = self.user(pipeline.user_id);
        value["user"] = json!({"name": user.name, "avatar_url": null});
        value
    }

    /// `API::Entities::PackageFile`: its checksums are made from its name, stable here.
    pub fn package_file_json(&self, package: &Package, file: &PackageFile) -> Value {
        let digest = hex(&Sha256::digest(file.file_name.as_bytes()));
        json!({
            "id": file.id,
            "package_id": package.id,
            "created_at": file.created_at,
            "file_name": file.file_name,
            "size": file.size,
            "file_md5": digest[..32],
            "file_sha1": digest[..40],
            "file_sha256": digest,
            "pipelines": [],
        })
    }

    /// `API::Entities::ContainerRegistry::Repository`, with its tags, their count and its
    /// size when asked.
    pub fn repository_json(
        &self,
        project: &Project,
        repository: &ContainerRepository,
        shown: Shown,
    ) -> Value {
        let path = repository_path(&self.full_path(project), repository);
        let mut value = json!({
            "id": repository.id,
            "name": repository.name,
            "path": path,
            "project_id": project.id,
            "location": format!("{REGISTRY_HOST}/{path}"),
            "created_at": repository.created_at,
            "cleanup_policy_started_at": null,
            "status": repository.delete_scheduled.then_some("delete_scheduled"),
            "delete_api_path": format!(
                "{}/registry/repositories/{}",
                self.api_url(project),
                repository.id
            ),
        });
        if shown.tags_count {
            value["tags_count"] = json!(repository.tags.len());
        }
        if shown.tags {
            value["tags"] = repository
                .tags
                .iter()
                .map(|(name, tag)| self.image_tag_json(project, repository, name, tag, false))
                .collect();
        }
        if shown.size {
            value["size"] = json!(repository.tags.values().map(|t| t.total_size).sum::<u64>());
        }
        value
    }

    /// `API::Entities::ContainerRegistry::Tag`, or `TagDetails` with its digest, size and
    /// date.
    pub fn image_tag_json(
        &self,
        project: &Project,
        repository: &ContainerRepository,
        name: &str,
        tag: &ImageTag,
        details: bool,
    ) -> Value {
        let path = format!(
            "{}:{name}",
            repository_path(&self.full_path(project), repository)
        );
        let mut value = json!({
            "name": name,
            "path": path,
            "location": format!("{REGISTRY_HOST}/{path}"),
        });
        if details {
            let revision = hex(&Sha256::digest(tag.digest.as_bytes()));
            value["revision"] = json!(revision);
            value["short_revision"] = json!(revision[..9]);
            value["digest"] = json!(tag.digest);
            value["created_at"] = json!(tag.created_at);
            value["total_size"] = json!(tag.total_size);
        }
        value
    }
}

/// Which optional parts of a repository an answer shows.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Shown {
    pub tags: bool,
    pub tags_count: bool,
    pub size: bool,
}

/// `demo/sandbox/app`, or `demo/sandbox` for the project's own image.
fn repository_path(project_path: &str, repository: &ContainerRepository) -> String {
    if repository.name.is_empty() {
        project_path.to_owned()
    } else {
        format!("{project_path}/{}", repository.name)
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
