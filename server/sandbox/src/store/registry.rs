//! A project's package registry (packages, their files and the pipelines that built them)
//! and its container registry (repositories of images and their tags), with GitLab's
//! entities for them. The demo project starts with a few of each (`seed`).

mod render;
mod seed;

use std::collections::BTreeMap;

pub(crate) use render::Shown;
pub(crate) use seed::seed;

/// Where the sandbox's images live, as GitLab's registry host is set apart from its web
/// host.
pub(crate) const REGISTRY_HOST: &str = "registry.sandbox.test";

/// A package of one name and version.
pub(crate) struct Package {
    pub id: u64,
    pub project_id: u64,
    pub name: String,
    pub version: Option<String>,
    pub package_type: &'static str,
    /// `default`, or `pending_destruction` once deleted (GitLab hides it, then removes it).
    pub status: &'static str,
    pub created_at: String,
    pub files: Vec<PackageFile>,
    /// The pipelines that published it, oldest first.
    pub pipeline_ids: Vec<u64>,
}

/// One file of a package.
pub(crate) struct PackageFile {
    pub id: u64,
    pub file_name: String,
    pub size: u64,
    pub created_at: String,
}

/// A repository of container images.
pub(crate) struct ContainerRepository {
    pub id: u64,
    pub project_id: u64,
    /// Below the project's path; empty for the project's own image.
    pub name: String,
    pub created_at: String,
    /// Set once deleting it was asked for (GitLab answers `202` and deletes it later).
    pub delete_scheduled: bool,
    /// Its tags, by name.
    pub tags: BTreeMap<String, ImageTag>,
    /// When tags were last deleted in bulk: GitLab takes such a request once an hour.
    pub cleanup_started: Option<std::time::SystemTime>,
}

/// A tag of an image.
pub(crate) struct ImageTag {
    pub digest: String,
    pub total_size: u64,
    pub created_at: String,
}

/// Every project's packages and container repositories, by id.
#[derive(Default)]
pub(crate) struct Registry {
    pub packages: BTreeMap<u64, Package>,
    pub repositories: BTreeMap<u64, ContainerRepository>,
    pub next_package_file: u64,
}

impl Registry {
    /// The package `id` of `project` that GitLab shows (not one being deleted).
    pub fn package(&self, project: u64, id: u64) -> Option<&Package> {
        self.packages
            .get(&id)
            .filter(|p| p.project_id == project && p.status != "pending_destruction")
    }

    /// The container repository `id` of `project`.
    pub fn repository(&self, project: u64, id: u64) -> Option<&ContainerRepository> {
        self.repositories
            .get(&id)
            .filter(|r| r.project_id == project)
    }
}
