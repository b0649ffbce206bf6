//! The wizards' alternatives (`issue.create`, `merge_request.create`, `release.create`,
//! `project.create`) with every field in one call, on every surface and both revisions:
//! nothing is asked, and GitLab receives exactly the body the wizard would send plus the
//! extra GitLab fields.

use crate::common::{REVISIONS, Session, concurrently, launches};
use serde_json::{Value, json};

struct Case {
    action: &'static str,
    params: Value,
    /// Decoded, and as sent.
    path: (&'static str, &'static str),
    body: Value,
}

fn cases() -> Vec<Case> {
    let orbit = json!({
        "name": "Orbit",
        "description": "Space",
        "visibility": "public",
        "initialize_with_readme": true,
        "default_branch": "trunk",
        "path": "orbit",
        "namespace_id": 1,
        "topics": ["a", "b"]
    });
    vec![
        Case {
            action: "issue.create",
            params: json!({
                "project_id": "demo/sandbox",
                "title": "Broken build",
                "description": "It fails",
                "labels": ["bug", "ci"],
                "confidential": false,
                "assignee_ids": [7],
                "milestone_id": 3,
                "due_date": "2026-08-01"
            }),
            path: (
                "/api/v4/projects/demo/sandbox/issues",
                "/api/v4/projects/demo%2Fsandbox/issues",
            ),
            body: json!({
                "title": "Broken build",
                "description": "It fails",
                "labels": "bug,ci",
                "confidential": false,
                "assignee_ids": [7],
                "milestone_id": 3,
                "due_date": "2026-08-01"
            }),
        },
        Case {
            action: "merge_request.create",
            params: json!({
                "project_id": 1,
                "source_branch": "feature/x",
                "target_branch": "main",
                "title": "Add X",
                "description": "Adds X",
                "labels": ["ui", "backend"],
                "remove_source_branch": true,
                "squash": true,
                "assignee_ids": [1],
                "reviewer_ids": [1],
                "milestone_id": 2
            }),
            path: (
                "/api/v4/projects/1/merge_requests",
                "/api/v4/projects/1/merge_requests",
            ),
            body: json!({
                "source_branch": "feature/x",
                "target_branch": "main",
                "title": "Add X",
                "description": "Adds X",
                "labels": "ui,backend",
                "remove_source_branch": true,
                "squash": true,
                "assignee_ids": [1],
                "reviewer_ids": [1],
                "milestone_id": 2
            }),
        },
        Case {
            action: "release.create",
            params: json!({
                "project_id": 1,
                "tag_name": "v1.0.0",
                "name": "One",
                "description": "Notes",
                "milestones": ["m1"],
                "released_at": "2026-07-28T12:00:00Z"
            }),
            path: ("/api/v4/projects/1/releases", "/api/v4/projects/1/releases"),
            body: json!({
                "tag_name": "v1.0.0",
                "name": "One",
                "description": "Notes",
                "milestones": ["m1"],
                "released_at": "2026-07-28T12:00:00Z"
            }),
        },
        Case {
            action: "project.create",
            params: orbit.clone(),
            path: ("/api/v4/projects", "/api/v4/projects"),
            // Every field goes to GitLab as given.
            body: orbit,
        },
    ]
}

async fn every_alternative(session: &Session) {
    for case in cases() {
        let at = format!("{} {}", session.launch, case.action);
        session.sandbox.clear_requests();
        // An empty script: a question here would fail the call.
        let run = session.run_action(case.action, case.params, None, []).await;
        assert!(
            !run.is_error(),
            "{at}: {}; {}",
            run.text(),
            session.context()
        );
        assert!(run.asked.is_empty(), "{at}: nothing is asked");
        // The branches a merge request names are looked up first (reads that search them
        // by name); the one write follows.
        let requests: Vec<_> = session
            .sandbox
            .requests()
            .into_iter()
            .filter(|sent| {
                !(sent.method.as_str() == "GET"
                    && sent.path.ends_with("/repository/branches")
                    && sent.query.iter().any(|(key, _)| key == "search"))
            })
            .collect();
        assert_eq!(requests.len(), 1, "{at}: one request, got {requests:?}");
        let request = &requests[0];
        assert_eq!(request.method.as_str(), "POST", "{at}");
        assert_eq!(
            (request.path.as_str(), request.raw_path.as_str()),
            case.path,
            "{at}"
        );
        assert_eq!(request.body, case.body, "{at}: the body GitLab received");
        let created = run.result.structured_content.clone().unwrap_or_default();
        assert!(
            created.is_object() && created != json!({}),
            "{at}: the created object, got {created}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn alternatives_take_every_field_in_one_call() {
    let sessions = launches(&REVISIONS).into_iter().map(|launch| async move {
        let session = Session::start(launch).await;
        every_alternative(&session).await;
        session.close().await;
    });
    concurrently(sessions).await;
}
