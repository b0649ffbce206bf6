//! Security and deployment data no API call makes: what the demo project's scanners found
//! on `main` (vulnerabilities in three states, dependencies), and in the community's
//! handbook (apart from the demo project, whose environments the sandbox's user makes) a
//! deployment to its protected `production` environment, bob's, blocked until someone
//! approves it. Their ids are fixed and apart from the counters new records take theirs
//! from, so that what tests make keeps its ids.

use serde_json::{Value, json};

use super::{BOB, COMMUNITY_GROUP, HANDBOOK_PROJECT};
use crate::store::CURRENT_USER;
use crate::store::protected_environments::PROTECTED_ENVIRONMENTS;
use crate::store::record_kinds::{DEPLOYMENTS, ENVIRONMENTS};
use crate::store::records::Owner;
use crate::store::security::{DEPENDENCIES, VULNERABILITIES};
use crate::store::state::Store;
use crate::store::timestamps::{seed_time, timestamp};

/// The seeded production environment's and its blocked deployment's ids.
const PRODUCTION: u64 = 1_000;
const BLOCKED_DEPLOYMENT: u64 = 1_001;

pub(super) fn seed(store: &mut Store, project: u64) {
    vulnerabilities(store, project);
    dependencies(store, project);
    production(store, HANDBOOK_PROJECT);
}

fn vulnerabilities(store: &mut Store, project: u64) {
    let main = &store.projects[&project];
    let pipeline = main
        .pipelines
        .values()
        .filter(|pipeline| pipeline.ref_name == main.default_branch)
        .map(|pipeline| pipeline.id)
        .max();
    let found = timestamp(seed_time(8, 9, 0));
    let confirmed = timestamp(seed_time(8, 11, 30));
    let entries = [
        (
            1,
            "Regular expression denial of service in regex",
            "dependency_scanning",
            "high",
            "detected",
            json!({"file": "Cargo.lock", "dependency": {"package": {"name": "regex"}, "version": "1.5.4"}}),
            json!({"external_id": "gemnasium", "name": "Gemnasium", "vendor": {"name": "GitLab"}}),
            json!([{"external_type": "cve", "external_id": "CVE-2022-24713", "name": "CVE-2022-24713", "url": "https://nvd.nist.gov/vuln/detail/CVE-2022-24713"}]),
            "Upgrade regex to 1.5.5 or later.",
        ),
        (
            2,
            "Regular expression built from user input",
            "sast",
            "medium",
            "confirmed",
            json!({"file": "src/tokenizer.rs", "start_line": 3, "end_line": 3}),
            json!({"external_id": "semgrep", "name": "Semgrep", "vendor": {"name": "GitLab"}}),
            json!([{"external_type": "cwe", "external_id": "1333", "name": "CWE-1333", "url": "https://cwe.mitre.org/data/definitions/1333.html"}]),
            "Escape the input before building the expression.",
        ),
        (
            3,
            "Prototype pollution in lodash",
            "dependency_scanning",
            "critical",
            "dismissed",
            json!({"file": "docs/package-lock.json", "dependency": {"package": {"name": "lodash"}, "version": "4.17.20"}}),
            json!({"external_id": "gemnasium", "name": "Gemnasium", "vendor": {"name": "GitLab"}}),
            json!([{"external_type": "cve", "external_id": "CVE-2021-23337", "name": "CVE-2021-23337", "url": "https://nvd.nist.gov/vuln/detail/CVE-2021-23337"}]),
            "Upgrade lodash to 4.17.21 or later.",
        ),
    ];
    for (id, title, report_type, severity, state, location, scanner, identifiers, solution) in
        entries
    {
        let by = |wanted: &str| (state == wanted).then_some(CURRENT_USER);
        let at = |wanted: &str| (state == wanted).then(|| confirmed.clone());
        let vulnerability = json!({
            "id": id,
            "title": title,
            "description": null,
            "state": state,
            "severity": severity,
            "report_type": report_type,
            "finding": {
                "id": 100 + id,
                "name": title,
                "severity": severity,
                "report_type": report_type,
                "project_id": project,
                "vulnerability_id": id,
                "uuid": crate::store::hex_id(format!("finding {id}").as_bytes()),
                "project_fingerprint": crate::store::hex_id(format!("fingerprint {id}").as_bytes()),
                "description": format!("{title}."),
                "solution": solution,
                "location": location,
                "scanner": scanner,
                "identifiers": identifiers,
                "created_at": found,
                "updated_at": found,
            },
            "resolved_on_default_branch": false,
            "author_id": BOB,
            "resolved_by_id": by("resolved"),
            "dismissed_by_id": by("dismissed"),
            "confirmed_by_id": by("confirmed"),
            "created_at": found,
            "updated_at": if state == "detected" { found.clone() } else { confirmed.clone() },
            "resolved_at": at("resolved"),
            "dismissed_at": at("dismissed"),
            "confirmed_at": at("confirmed"),
            "pipeline_id": pipeline,
        });
        store.record_insert(&Owner::Project(project), &VULNERABILITIES, &vulnerability);
    }
}

fn dependencies(store: &mut Store, project: u64) {
    let advisory = |id: u64, name: &str, severity: &str| json!({"id": id, "name": name, "severity": severity, "url": format!("{}/demo/sandbox/-/security/vulnerabilities/{id}", store.base)});
    let mit = json!([{"name": "MIT", "url": "https://opensource.org/licenses/MIT"}]);
    let both = json!([
        {"name": "Apache-2.0", "url": "https://opensource.org/licenses/Apache-2.0"},
        {"name": "MIT", "url": "https://opensource.org/licenses/MIT"}
    ]);
    let entries: [(&str, &str, &str, &str, Value, &Value); 3] = [
        (
            "regex",
            "1.5.4",
            "cargo",
            "Cargo.lock",
            json!([advisory(
                1,
                "Regular expression denial of service in regex",
                "high"
            )]),
            &both,
        ),
        ("serde", "1.0.210", "cargo", "Cargo.lock", json!([]), &both),
        (
            "lodash",
            "4.17.20",
            "npm",
            "docs/package-lock.json",
            json!([advisory(3, "Prototype pollution in lodash", "critical")]),
            &mit,
        ),
    ];
    for (name, version, manager, file, vulnerabilities, licenses) in entries {
        let dependency = json!({
            "name": name,
            "version": version,
            "package_manager": manager,
            "dependency_file_path": file,
            "vulnerabilities": vulnerabilities,
            "licenses": licenses,
        });
        store.record_insert(&Owner::Project(project), &DEPENDENCIES, &dependency);
    }
}

/// `production`, protected in the project (maintainers deploy, one maintainer approves)
/// and as a tier in its group, with bob's deployment of `main` waiting there.
fn production(store: &mut Store, project: u64) {
    let at = timestamp(seed_time(8, 14, 0));
    let sha = store.projects[&project]
        .repository
        .resolve("main")
        .map(|commit| commit.id.clone())
        .unwrap_or_default();
    let environment = json!({
        "id": PRODUCTION,
        "name": "production",
        "slug": "production",
        "external_url": "https://handbook.example.com",
        "tier": "production",
        "description": null,
        "auto_stop_setting": "always",
        "state": "available",
        "created_at": at,
        "updated_at": at,
    });
    let owner = Owner::Project(project);
    store.record_insert(&owner, &ENVIRONMENTS, &environment);
    let brief: serde_json::Map<String, Value> =
        ["id", "name", "slug", "external_url", "tier", "state"]
            .into_iter()
            .map(|field| (field.to_owned(), environment[field].clone()))
            .collect();
    let deployment = json!({
        "id": BLOCKED_DEPLOYMENT,
        "iid": BLOCKED_DEPLOYMENT,
        "environment": brief,
        "sha": sha,
        "ref": "main",
        "tag": false,
        "status": "blocked",
        "user": store.user_json(BOB),
        "created_at": at,
        "updated_at": at,
        "approvals": [],
        "pending_approval_count": 1,
    });
    store.record_insert(&owner, &DEPLOYMENTS, &deployment);
    let maintainers = |id: u64| json!({"id": id, "access_level": 40, "access_level_description": "Maintainers", "user_id": null, "group_id": null, "group_inheritance_type": 0});
    let mut approvers = maintainers(2);
    approvers["required_approvals"] = json!(1);
    store.record_insert(
        &owner,
        &PROTECTED_ENVIRONMENTS,
        &json!({"name": "production", "deploy_access_levels": [maintainers(1)], "required_approval_count": 0, "approval_rules": [approvers]}),
    );
    store.record_insert(
        &Owner::Group(COMMUNITY_GROUP),
        &PROTECTED_ENVIRONMENTS,
        &json!({"name": "production", "deploy_access_levels": [maintainers(3)], "required_approval_count": 0, "approval_rules": []}),
    );
    store.ids.protected_environment_access = 3;
}
