//! The `security` toolset as requests: vulnerabilities, their findings and the dependency
//! list; a vulnerability's state changes ask the user first.

use crate::catalog::Toolset;
use crate::tests::catalog_support::{Class, assert_toolset, pairs, prepared, refused};
use reqwest::Method;
use serde_json::json;

#[test]
fn every_action_of_the_toolset_and_its_class() {
    use Class::{Destructive, Read};
    assert_toolset(
        Toolset::Security,
        &[
            ("vulnerability.list", Read),
            ("vulnerability.get", Read),
            ("vulnerability.confirm", Destructive),
            ("vulnerability.resolve", Destructive),
            ("vulnerability.dismiss", Destructive),
            ("vulnerability.revert", Destructive),
            ("vulnerability.finding_list", Read),
            ("dependency.list", Read),
        ],
    );
}

#[test]
fn lists_of_values_go_as_grape_arrays() {
    let request = prepared(
        "vulnerability.finding_list",
        json!({"project_id": "demo/sandbox", "severity": ["high", "critical"], "report_type": ["dependency_scanning"], "scope": "all"}),
    );
    assert_eq!(request.method, Method::GET);
    assert_eq!(
        request.path,
        ["projects", "demo/sandbox", "vulnerability_findings"]
    );
    assert_eq!(
        request.query,
        pairs(&[
            ("report_type[]", "dependency_scanning"),
            ("scope", "all"),
            ("severity[]", "high"),
            ("severity[]", "critical"),
        ])
    );
    let error = refused(
        "dependency.list",
        json!({"project_id": 1, "package_manager": ["cpan"]}),
    );
    assert!(error.contains("`package_manager[0]`"), "{error}");
}

/// The state changes name the vulnerability only, and send the comment when given.
#[test]
fn a_state_change_sends_its_comment() {
    let request = prepared(
        "vulnerability.confirm",
        json!({"vulnerability_id": 7, "comment": "Reproduced"}),
    );
    assert_eq!(request.method, Method::POST);
    assert_eq!(request.path, ["vulnerabilities", "7", "confirm"]);
    assert_eq!(request.body, Some(json!({"comment": "Reproduced"})));
    let error = refused(
        "vulnerability.dismiss",
        json!({"vulnerability_id": 7, "comment": "No"}),
    );
    assert!(error.contains("comment"), "{error}");
}

/// Approving and rejecting are one GitLab call; each action sends its own verdict, which
/// the caller cannot change.
#[test]
fn approve_and_reject_send_their_verdict() {
    for (id, status) in [
        ("deployment.approve", "approved"),
        ("deployment.reject", "rejected"),
    ] {
        let request = prepared(
            id,
            json!({"project_id": 1, "deployment_id": 9, "comment": "Checked"}),
        );
        assert_eq!(
            request.path,
            ["projects", "1", "deployments", "9", "approval"]
        );
        assert_eq!(
            request.body,
            Some(json!({"comment": "Checked", "status": status}))
        );
        let error = refused(
            id,
            json!({"project_id": 1, "deployment_id": 9, "status": "approved"}),
        );
        assert!(error.contains("status"), "{error}");
    }
}
