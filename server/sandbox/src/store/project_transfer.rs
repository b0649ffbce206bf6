//! A project's export and import status, as GitLab's `ProjectExportStatus` and
//! `ProjectImportStatus` entities. The export is kept as a record of its project: none
//! until one is scheduled, which the sandbox finishes at once.

use serde_json::{Value, json};

use super::Store;
use super::records::{Kind, Owner};

/// The export of a project (at most one: a new one replaces it).
pub(crate) static PROJECT_EXPORTS: Kind = Kind {
    segment: "export",
    noun: "Export",
    ..Kind::PLAIN
};

impl Store {
    /// The project as `ProjectIdentity` names it.
    fn project_identity(&self, project: u64) -> serde_json::Map<String, Value> {
        let project = &self.projects[&project];
        let identity = json!({
            "id": project.id,
            "description": project.description,
            "name": project.name,
            "name_with_namespace": format!("{} / {}", self.namespace_name(project.namespace), project.name),
            "path": project.path,
            "path_with_namespace": self.full_path(project),
            "created_at": project.created_at,
        });
        identity.as_object().cloned().unwrap_or_default()
    }

    /// `none` until an export was scheduled, then `finished` with the links to download it.
    pub fn export_status(&self, project: u64) -> Value {
        let mut status = self.project_identity(project);
        let owner = Owner::Project(project);
        if self.record_list(&owner, &PROJECT_EXPORTS).is_empty() {
            status.insert("export_status".into(), json!("none"));
            return Value::Object(status);
        }
        let web = self.web_url(&self.projects[&project]);
        status.insert("export_status".into(), json!("finished"));
        status.insert(
            "_links".into(),
            json!({
                "api_url": format!("{}/api/v4/projects/{project}/export/download", self.base),
                "web_url": format!("{web}/download_export"),
            }),
        );
        Value::Object(status)
    }

    /// Replaces the project's export with a new one.
    pub fn export_project(&mut self, project: u64) {
        let owner = Owner::Project(project);
        self.records
            .remove(&(owner.clone(), PROJECT_EXPORTS.segment));
        self.record_insert(&owner, &PROJECT_EXPORTS, &json!({"id": 1}));
    }

    /// The sandbox's projects were made, never imported.
    pub fn import_status(&self, project: u64) -> Value {
        let mut status = self.project_identity(project);
        for (field, value) in [
            ("import_status", json!("none")),
            ("import_type", Value::Null),
            ("correlation_id", Value::Null),
            ("failed_relations", json!([])),
            ("import_error", Value::Null),
            ("stats", Value::Null),
        ] {
            status.insert(field.into(), value);
        }
        Value::Object(status)
    }
}
