//! The `security` toolset (GitLab Ultimate): a project's vulnerabilities
//! (`/projects/:id/vulnerabilities`, `/vulnerabilities/:id[/…]`), the findings of its security
//! scans (`/projects/:id/vulnerability_findings`) and its dependency list
//! (`/projects/:id/dependencies`).
//!
//! A vulnerability's state changes (confirm, resolve, dismiss, revert) are guarded like a
//! delete: they decide what the security dashboard, merge request widgets and security
//! policies treat as open, so a dismissed or resolved one stops blocking anything — the
//! user says yes first. The vulnerability routes name no project, so they read projects the
//! call does not name and are refused when `GITLAB_MCP_ALLOWED_PROJECTS` limits them.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::catalog::params::{PageNumber, PerPage};
use crate::catalog::{Action, get, post};
use crate::gitlab::ProjectId;
use crate::table;

pub fn actions() -> Vec<Action> {
    table![
        get::<VulnerabilityList>(
            "vulnerability.list",
            "projects/{project_id}/vulnerabilities"
        )
        .list(),
        get::<VulnerabilityGet>("vulnerability.get", "vulnerabilities/{vulnerability_id}")
            .across_projects(),
        post::<VulnerabilityComment>(
            "vulnerability.confirm",
            "vulnerabilities/{vulnerability_id}/confirm"
        )
        .destructive()
        .across_projects(),
        post::<VulnerabilityComment>(
            "vulnerability.resolve",
            "vulnerabilities/{vulnerability_id}/resolve"
        )
        .destructive()
        .across_projects(),
        post::<VulnerabilityDismiss>(
            "vulnerability.dismiss",
            "vulnerabilities/{vulnerability_id}/dismiss"
        )
        .destructive()
        .across_projects(),
        post::<VulnerabilityComment>(
            "vulnerability.revert",
            "vulnerabilities/{vulnerability_id}/revert"
        )
        .destructive()
        .across_projects()
        .title("Revert a vulnerability to detected"),
        get::<VulnerabilityFindingList>(
            "vulnerability.finding_list",
            "projects/{project_id}/vulnerability_findings"
        )
        .list()
        .title("List the vulnerability findings of a pipeline"),
        get::<DependencyList>("dependency.list", "projects/{project_id}/dependencies").list(),
    ]
}

/// List a project's security vulnerabilities (its vulnerability report): title, state (`detected`, `confirmed`, `resolved`,
/// `dismissed`), severity, scanner report type and the finding's location.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VulnerabilityList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one vulnerability by its id: state, severity, finding (scanner, location,
/// identifiers) and who confirmed, resolved or dismissed it.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VulnerabilityGet {
    pub vulnerability_id: u64,
}

/// Change a vulnerability's state (destructive: what is open decides what the dashboard and
/// security policies block), with an optional comment: `confirm` (a real problem),
/// `resolve` (fixed) or `revert` (back to detected). Returns it; 304 when already so.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VulnerabilityComment {
    pub vulnerability_id: u64,
    /// Why (at most 50,000 characters).
    pub comment: Option<String>,
}

/// Dismiss a vulnerability as no risk here (destructive: it leaves the open ones and stops
/// blocking anything). Returns it; GitLab answers 304 when it is already dismissed.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VulnerabilityDismiss {
    pub vulnerability_id: u64,
}

/// The scanners whose reports findings come from.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ReportType {
    Sast,
    Dast,
    DependencyScanning,
    ContainerScanning,
    SecretDetection,
    CoverageFuzzing,
    ApiFuzzing,
    ClusterImageScanning,
    Generic,
}

/// How severe a finding is.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    Info,
    Unknown,
    Low,
    Medium,
    High,
    Critical,
}

/// Which findings: those not dismissed, or all.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FindingScope {
    Dismissed,
    All,
}

/// List the vulnerability findings of a pipeline's security reports (the project's latest
/// security pipeline unless `pipeline_id` says): name, severity, scanner, location.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VulnerabilityFindingList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// The pipeline whose reports to read.
    pub pipeline_id: Option<u64>,
    /// Only from these scanners' reports.
    pub report_type: Option<Vec<ReportType>>,
    /// Only of these severities.
    pub severity: Option<Vec<Severity>>,
    /// `dismissed` (GitLab's default) leaves dismissed findings out; `all` keeps them.
    pub scope: Option<FindingScope>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// The package managers a dependency comes from.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PackageManager {
    Bundler,
    Yarn,
    Npm,
    Pnpm,
    Maven,
    Composer,
    Pip,
    Conan,
    Go,
    Nuget,
    Sbt,
    Gradle,
    Pipenv,
    Poetry,
    Setuptools,
    Apk,
    Conda,
    Pub,
    Cargo,
}

/// List a project's dependencies from its latest SBOM: name, version, package manager,
/// the file declaring it, and its known vulnerabilities and licenses.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DependencyList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// Only from these package managers.
    pub package_manager: Option<Vec<PackageManager>>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}
