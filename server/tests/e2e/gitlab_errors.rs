//! GitLab answering 401 / 404 / 409 / 429: a clear tool error (isError, the status and
//! GitLab's message in the text, a 429's Retry-After), sent once and never retried — for a
//! one-call action and for a wizard's final call, on every surface and both revisions.

use crate::common::spec;
use crate::common::{REVISIONS, Session, answer, concurrently, launches, yes};
use gitlab_sandbox::FaultSpec;
use serde_json::{Value, json};

/// One failing call: what to send, and what the error must say.
struct Case {
    name: &'static str,
    action: &'static str,
    params: Value,
    /// Armed just before the call; `None` when GitLab's own state makes it fail.
    fault: Option<u16>,
    status: u16,
    says: &'static [&'static str],
}

fn cases() -> Vec<Case> {
    vec![
        Case {
            name: "401",
            action: "issue.create",
            params: json!({"project_id": 1, "title": "T"}),
            fault: Some(401),
            status: 401,
            says: &["401 Unauthorized", "token"],
        },
        Case {
            name: "404 for a project that does not exist",
            action: "issue.create",
            params: json!({"project_id": 999, "title": "T"}),
            fault: None,
            status: 404,
            says: &["404 Project Not Found"],
        },
        Case {
            name: "409 for a second release of one tag",
            action: "release.create",
            params: json!({"project_id": 1, "tag_name": "v1.0.0", "name": "again"}),
            fault: None,
            status: 409,
            says: &["Release already exists"],
        },
        Case {
            name: "429",
            action: "issue.create",
            params: json!({"project_id": 1, "title": "T"}),
            fault: Some(429),
            status: 429,
            says: &["Retry later", "30"],
        },
    ]
}

fn assert_clear_error(
    session: &Session,
    at: &str,
    result: &rmcp::model::CallToolResult,
    case: &Case,
) {
    let text = crate::common::text(result);
    assert_eq!(result.is_error, Some(true), "{at}: isError ({text})");
    assert_eq!(
        result.structured_content, None,
        "{at}: no structuredContent"
    );
    assert!(
        text.contains(&case.status.to_string()),
        "{at}: {text:?} names the status"
    );
    for says in case.says {
        assert!(
            text.contains(says),
            "{at}: {text:?} should contain {says:?}"
        );
    }
    if case.status == 429 {
        assert!(
            text.to_lowercase().contains("retry after"),
            "{at}: {text:?} says when to retry"
        );
    }
    let writes = session.sandbox.writes();
    assert_eq!(
        writes.len(),
        1,
        "{at}: sent once, never retried: {writes:?}"
    );
}

async fn one_call_actions(session: &Session) {
    // The release the 409 case collides with.
    let first = json!({"project_id": 1, "tag_name": "v1.0.0", "name": "first"});
    let created = session.run_action("release.create", first, None, []).await;
    assert!(
        !created.is_error(),
        "{}: {}",
        session.launch,
        created.text()
    );
    for case in cases() {
        let at = format!("{} {} ({})", session.launch, case.name, case.action);
        session.sandbox.clear_requests();
        if let Some(status) = case.fault {
            session.sandbox.fail_next(FaultSpec::status(status));
        }
        let run = session
            .run_action(case.action, case.params.clone(), None, [])
            .await;
        assert_clear_error(session, &at, &run.result, &case);
    }
}

/// The same error at the end of a wizard the user confirmed.
async fn wizard_final_call(session: &Session) {
    let case = cases().pop().expect("the 429 case");
    let at = format!("{} issue wizard, GitLab answers 429", session.launch);
    session.sandbox.clear_requests();
    session.sandbox.fail_next(FaultSpec::status(429));
    let replies = [
        answer("title", "T"),
        answer("description", ""),
        answer("labels", ""),
        yes(),
        yes(),
    ];
    let run = session
        .run_action(spec::ISSUE.id, json!({"project_id": 1}), None, replies)
        .await;
    assert_eq!(run.unused, 0, "{at}: every question was asked");
    assert_clear_error(session, &at, &run.result, &case);
    let body = &session.sandbox.writes()[0].body;
    assert_eq!(
        body,
        &json!({"title": "T", "confidential": true}),
        "{at}: empty texts are not sent"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn gitlab_errors_are_clear_tool_errors() {
    let sessions = launches(&REVISIONS).into_iter().map(|launch| async move {
        let session = Session::start(launch).await;
        one_call_actions(&session).await;
        wizard_final_call(&session).await;
        session.close().await;
    });
    concurrently(sessions).await;
}
