//! A project's vulnerabilities, the findings of its security scans and its dependency list
//! (GitLab Ultimate), kept as records of their project. Nothing makes them through the API:
//! scanners report them, so the demo project is seeded with some, and the API only moves a
//! vulnerability between its states.

use serde_json::{Value, json};

use super::records::{Kind, Owner};
use super::{CURRENT_USER, Store, now};
use crate::reply::ApiError;

/// Vulnerabilities: each with its finding (scanner, identifiers, location) and the pipeline
/// whose security report found it (`pipeline_id`, the sandbox's own, never answered).
pub(crate) static VULNERABILITIES: Kind = Kind {
    segment: "vulnerabilities",
    noun: "Vulnerability",
    ..Kind::PLAIN
};

/// Dependencies from the latest SBOM of the default branch.
pub(crate) static DEPENDENCIES: Kind = Kind {
    segment: "dependencies",
    noun: "Dependency",
    ..Kind::PLAIN
};

/// The states someone puts a vulnerability in, each with `<state>_by_id` and `<state>_at`
/// saying who and when (the fourth, `detected`, is where scanners put it).
const DECIDED: [&str; 3] = ["confirmed", "resolved", "dismissed"];

/// The scanners' report types GitLab's findings list takes.
pub(crate) const REPORT_TYPES: &[&str] = &[
    "sast",
    "dependency_scanning",
    "container_scanning",
    "dast",
    "secret_detection",
    "coverage_fuzzing",
    "api_fuzzing",
    "cluster_image_scanning",
    "generic",
];
pub(crate) const SEVERITIES: &[&str] = &["info", "unknown", "low", "medium", "high", "critical"];
/// The package managers GitLab's dependency list filters by.
pub(crate) const PACKAGE_MANAGERS: &[&str] = &[
    "bundler",
    "yarn",
    "npm",
    "pnpm",
    "maven",
    "composer",
    "pip",
    "conan",
    "go",
    "nuget",
    "sbt",
    "gradle",
    "pipenv",
    "poetry",
    "setuptools",
    "apk",
    "conda",
    "pub",
    "cargo",
];

/// What the findings list is asked for.
pub(crate) struct FindingQuery {
    /// As Grape takes it, a text: one naming no pipeline finds nothing.
    pub pipeline_id: Option<String>,
    pub report_types: Option<Vec<String>>,
    pub severities: Option<Vec<String>>,
    /// Dismissed findings too (`scope=all`).
    pub with_dismissed: bool,
}

impl Store {
    /// A project's vulnerabilities, oldest first, as GitLab's `Vulnerability` entity.
    pub fn vulnerabilities(&self, project: u64) -> Vec<Value> {
        let owner = Owner::Project(project);
        self.record_list(&owner, &VULNERABILITIES)
            .iter()
            .map(|kept| self.vulnerability_json(project, kept))
            .collect()
    }

    /// The vulnerability with this id, whichever project it is in; GitLab's route looks it
    /// up by id and lets the lookup fail: `404 Not found`.
    pub fn vulnerability(&self, id: &str) -> Result<Value, ApiError> {
        let (project, kept) = self.find_vulnerability(id)?;
        Ok(self.vulnerability_json(project, &kept))
    }

    fn find_vulnerability(&self, id: &str) -> Result<(u64, Value), ApiError> {
        let wanted = id.trim().parse::<u64>().ok();
        self.records
            .iter()
            .filter(|((_, segment), _)| *segment == VULNERABILITIES.segment)
            .find_map(|((owner, _), kept)| {
                let Owner::Project(project) = owner else {
                    return None;
                };
                kept.iter()
                    .find(|v| wanted.is_some_and(|wanted| v["id"] == wanted))
                    .map(|v| (*project, Value::Object(v.clone())))
            })
            .ok_or_else(|| VULNERABILITIES.not_found())
    }

    /// Moves a vulnerability to `state` on the current user's word, with their comment:
    /// the vulnerability as it now is, or `None` when it already was in that state (GitLab
    /// answers `304 Not Modified`). Reverting to `detected` forgets who confirmed, resolved
    /// or dismissed it.
    pub fn vulnerability_to(
        &mut self,
        id: &str,
        state: &str,
        comment: Option<String>,
    ) -> Result<Option<Value>, ApiError> {
        let (project, kept) = self.find_vulnerability(id)?;
        if kept["state"] == state {
            return Ok(None);
        }
        let owner = Owner::Project(project);
        let at = now();
        let vulnerability = self.record_mut(&owner, &VULNERABILITIES, id)?;
        if state == "detected" {
            for decided in DECIDED {
                vulnerability.insert(format!("{decided}_by_id"), Value::Null);
                vulnerability.insert(format!("{decided}_at"), Value::Null);
            }
        } else {
            vulnerability.insert(format!("{state}_by_id"), json!(CURRENT_USER));
            vulnerability.insert(format!("{state}_at"), json!(at));
        }
        vulnerability.insert("state".into(), json!(state));
        vulnerability.insert("updated_at".into(), json!(at));
        if let Some(comment) = comment {
            vulnerability.insert("state_comment".into(), json!(comment));
        }
        let kept = Value::Object(vulnerability.clone());
        Ok(Some(self.vulnerability_json(project, &kept)))
    }

    /// GitLab's `Vulnerability` entity: the project named briefly, the finding as stored,
    /// and the fields GitLab deprecated, always null.
    fn vulnerability_json(&self, project: u64, kept: &Value) -> Value {
        let project = &self.projects[&project];
        let mut shown = kept.as_object().cloned().unwrap_or_default();
        shown.remove("pipeline_id");
        shown.remove("state_comment");
        let mut finding = shown
            .remove("finding")
            .and_then(|f| f.as_object().cloned())
            .unwrap_or_default();
        finding.remove("scanner");
        finding.remove("identifiers");
        shown.insert("finding".into(), Value::Object(finding));
        shown.insert(
            "project".into(),
            json!({
                "id": project.id,
                "description": project.description,
                "name": project.name,
                "name_with_namespace": format!("{} / {}", self.namespace_name(project.namespace), project.name),
                "path": project.path,
                "path_with_namespace": self.full_path(project),
                "created_at": project.created_at,
            }),
        );
        shown.insert(
            "project_default_branch".into(),
            json!(project.default_branch),
        );
        for deprecated in [
            "last_edited_at",
            "start_date",
            "updated_by_id",
            "last_edited_by_id",
            "due_date",
        ] {
            shown.insert(deprecated.into(), Value::Null);
        }
        Value::Object(shown)
    }

    /// The findings of a pipeline's security reports, as GitLab's `FindingEntity`: the
    /// project's latest pipeline with security reports unless one is named; none for a
    /// pipeline without reports. Dismissed findings only with `scope=all`.
    pub fn vulnerability_findings(&self, project: u64, query: &FindingQuery) -> Vec<Value> {
        let owner = Owner::Project(project);
        let kept = self.record_list(&owner, &VULNERABILITIES);
        let latest = kept.iter().filter_map(|v| v["pipeline_id"].as_u64()).max();
        let pipeline = match &query.pipeline_id {
            Some(named) => named.trim().parse::<u64>().ok(),
            None => latest,
        };
        let Some(pipeline) = pipeline else {
            return Vec::new();
        };
        let among = |wanted: &Option<Vec<String>>, value: &Value| {
            wanted
                .as_ref()
                .is_none_or(|wanted| wanted.iter().any(|w| value == w.as_str()))
        };
        let web = self.web_url(&self.projects[&project]);
        kept.iter()
            .filter(|v| v["pipeline_id"] == pipeline)
            .filter(|v| query.with_dismissed || v["state"] != "dismissed")
            .filter(|v| among(&query.report_types, &v["report_type"]))
            .filter(|v| among(&query.severities, &v["severity"]))
            .map(|v| {
                let finding = &v["finding"];
                let file = finding["location"]["file"].as_str().unwrap_or_default();
                let line = finding["location"]["start_line"].as_u64();
                let blob = line.map_or_else(
                    || {
                        format!(
                            "{web}/-/blob/{}/{file}",
                            self.projects[&project].default_branch
                        )
                    },
                    |line| {
                        format!(
                            "{web}/-/blob/{}/{file}#L{line}",
                            self.projects[&project].default_branch
                        )
                    },
                );
                json!({
                    "id": finding["id"],
                    "report_type": v["report_type"],
                    "name": finding["name"],
                    "severity": v["severity"],
                    "scanner": finding["scanner"],
                    "identifiers": finding["identifiers"],
                    "project_fingerprint": finding["project_fingerprint"],
                    "uuid": finding["uuid"],
                    "false_positive": false,
                    "description": finding["description"],
                    "links": [],
                    "location": finding["location"],
                    "remediations": [],
                    "solution": finding["solution"],
                    "state": v["state"],
                    "vulnerability_id": v["id"],
                    "blob_path": blob,
                })
            })
            .collect()
    }

    /// A project's dependencies, by package manager when asked, as GitLab's `Dependency`
    /// entity (the current user, an admin, sees their vulnerabilities and licenses).
    pub fn dependencies(&self, project: u64, managers: Option<&[String]>) -> Vec<Value> {
        self.record_list(&Owner::Project(project), &DEPENDENCIES)
            .into_iter()
            .filter(|d| {
                managers.is_none_or(|managers| {
                    managers.iter().any(|m| d["package_manager"] == m.as_str())
                })
            })
            .collect()
    }
}

/// GitLab's refusal of a list value outside `allowed`: `<param> does not have a valid
/// value`.
pub(crate) fn check_values(
    param: &str,
    values: Option<&[String]>,
    allowed: &[&str],
) -> Result<(), ApiError> {
    match values {
        Some(values) if values.iter().any(|v| !allowed.contains(&v.as_str())) => Err(
            ApiError::error(format!("{param} does not have a valid value")),
        ),
        _ => Ok(()),
    }
}
