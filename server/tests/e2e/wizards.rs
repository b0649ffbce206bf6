//! Each wizard to completion on every surface and both revisions: the questions asked
//! (keys, messages, schemas, in order), the summary, and the exact request GitLab got.

use crate::common::spec::{self, CONFIRM, WizardSpec};
use crate::common::{
    REVISIONS, Reply, Session, answer, concurrently, launches, no, pick, session, yes,
};
use serde_json::{Value, json};

struct Case {
    name: &'static str,
    wizard: WizardSpec,
    args: Value,
    replies: Vec<Reply>,
    keys: &'static [&'static str],
    summary: String,
    /// Decoded, and as sent.
    path: (&'static str, &'static str),
    body: Value,
    /// Fields of the created object to check in `structuredContent`.
    created: Value,
}

fn cases() -> Vec<Case> {
    let long = "é".repeat(120);
    vec![
        Case {
            name: "issue, every field",
            wizard: spec::ISSUE,
            args: json!({"project_id": "demo/sandbox"}),
            replies: vec![
                answer("title", "Crash on save"),
                answer("description", "Steps:\n1. open\n2. save"),
                answer("labels", "bug, ,, feature,"),
                yes(),
                yes(),
            ],
            keys: &["title", "description", "labels", "confidential", CONFIRM],
            summary: "Create issue in project `demo/sandbox`?\n\n- Title: `Crash on save`\n- Description: `Steps: 1. open 2. save`\n- Labels: `bug, feature`\n- Confidential: Yes".into(),
            path: (
                "/api/v4/projects/demo/sandbox/issues",
                "/api/v4/projects/demo%2Fsandbox/issues",
            ),
            body: json!({
                "title": "Crash on save",
                "description": "Steps:\n1. open\n2. save",
                "labels": "bug,feature",
                "confidential": true
            }),
            created: json!({"title": "Crash on save", "labels": ["bug", "feature"], "confidential": true}),
        },
        Case {
            name: "issue, values escaped and a long description cut in the summary only",
            wizard: spec::ISSUE,
            args: json!({"project_id": 1}),
            replies: vec![
                answer("title", "Crash\r\nnow"),
                answer("description", &long),
                Reply::Decline,
                no(),
                yes(),
            ],
            keys: &["title", "description", "labels", "confidential", CONFIRM],
            summary: format!(
                "Create issue in project `1`?\n\n- Title: `Crash now`\n- Description: `{}...`",
                "é".repeat(100)
            ),
            path: ("/api/v4/projects/1/issues", "/api/v4/projects/1/issues"),
            body: json!({"title": "Crash\r\nnow", "description": long, "confidential": false}),
            created: json!({"title": "Crash\r\nnow", "confidential": false}),
        },
        Case {
            name: "merge request, description declined, squash no",
            wizard: spec::MERGE_REQUEST,
            args: json!({"project_id": 1}),
            replies: vec![
                answer("source_branch", "feature/x"),
                answer("target_branch", "main"),
                answer("title", "Fix `login` see https://x.io"),
                Reply::Decline,
                answer("labels", "ui"),
                yes(),
                no(),
                yes(),
            ],
            keys: &[
                "source_branch",
                "target_branch",
                "title",
                "description",
                "labels",
                "remove_source_branch",
                "squash",
                CONFIRM,
            ],
            summary: "Create merge request in project `1`?\n\n- Title: ``Fix `login` see https[:]//x.io``\n- Source branch: `feature/x`\n- Target branch: `main`\n- Labels: `ui`\n- Remove source branch: Yes".into(),
            path: (
                "/api/v4/projects/1/merge_requests",
                "/api/v4/projects/1/merge_requests",
            ),
            body: json!({
                "source_branch": "feature/x",
                "target_branch": "main",
                "title": "Fix `login` see https://x.io",
                "labels": "ui",
                "remove_source_branch": true,
                "squash": false
            }),
            created: json!({"source_branch": "feature/x", "target_branch": "main", "squash": false}),
        },
        Case {
            name: "release, empty name",
            wizard: spec::RELEASE,
            args: json!({"project_id": 1}),
            replies: vec![
                answer("tag_name", "v1.0.0"),
                answer("name", ""),
                answer("description", "First release"),
                yes(),
            ],
            keys: &["tag_name", "name", "description", CONFIRM],
            summary: "Create release in project `1`?\n\n- Tag: `v1.0.0`\n- Description: `First release`".into(),
            path: ("/api/v4/projects/1/releases", "/api/v4/projects/1/releases"),
            // Left empty, the name is the tag's: GitLab keeps an empty name as sent.
            body: json!({"tag_name": "v1.0.0", "name": "v1.0.0", "description": "First release"}),
            created: json!({"tag_name": "v1.0.0", "name": "v1.0.0", "description": "First release"}),
        },
        Case {
            name: "project, README yes with a default branch",
            wizard: spec::PROJECT,
            args: json!({}),
            replies: vec![
                answer("name", "Atlas"),
                Reply::Decline,
                pick("internal"),
                yes(),
                answer("default_branch", "trunk"),
                yes(),
            ],
            keys: &[
                "name",
                "description",
                "visibility",
                "initialize_with_readme",
                "default_branch",
                CONFIRM,
            ],
            summary: "Create new GitLab project?\n\n- Name: `Atlas`\n- Visibility: `internal`\n- README: Yes\n- Default branch: `trunk`".into(),
            path: ("/api/v4/projects", "/api/v4/projects"),
            body: json!({
                "name": "Atlas",
                "visibility": "internal",
                "initialize_with_readme": true,
                "default_branch": "trunk"
            }),
            created: json!({"name": "Atlas", "visibility": "internal", "default_branch": "trunk"}),
        },
        Case {
            name: "project, README no: no default-branch question",
            wizard: spec::PROJECT,
            args: json!({}),
            replies: vec![
                answer("name", "Empty box"),
                answer("description", "Nothing yet"),
                pick("private"),
                no(),
                yes(),
            ],
            keys: &["name", "description", "visibility", "initialize_with_readme", CONFIRM],
            summary: "Create new GitLab project?\n\n- Name: `Empty box`\n- Visibility: `private`\n- Description: `Nothing yet`".into(),
            path: ("/api/v4/projects", "/api/v4/projects"),
            body: json!({
                "name": "Empty box",
                "description": "Nothing yet",
                "visibility": "private",
                "initialize_with_readme": false
            }),
            created: json!({"name": "Empty box", "visibility": "private"}),
        },
        Case {
            name: "project, README declined = no",
            wizard: spec::PROJECT,
            args: json!({}),
            replies: vec![
                answer("name", "Declined box"),
                Reply::Decline,
                pick("public"),
                Reply::Decline,
                yes(),
            ],
            keys: &["name", "description", "visibility", "initialize_with_readme", CONFIRM],
            summary: "Create new GitLab project?\n\n- Name: `Declined box`\n- Visibility: `public`".into(),
            path: ("/api/v4/projects", "/api/v4/projects"),
            body: json!({"name": "Declined box", "visibility": "public", "initialize_with_readme": false}),
            created: json!({"name": "Declined box", "visibility": "public"}),
        },
    ]
}

async fn check(session: &Session, case: Case) {
    let at = format!("{} {}", session.launch, case.name);
    session.sandbox.clear_requests();
    let run = session
        .run_action(case.wizard.id, case.args, None, case.replies)
        .await;
    assert!(
        !run.is_error(),
        "{at}: {}; {}",
        run.text(),
        session.context()
    );
    assert_eq!(run.keys(), case.keys, "{at}: the questions asked");
    assert_eq!(run.unused, 0, "{at}: every scripted reply is used");
    let (summary, questions) = run.asked.split_last().expect("something was asked");
    for asked in questions {
        let question = case.wizard.question(&asked.key);
        assert_eq!(asked.message, question.message, "{at}: `{}`", asked.key);
        assert_eq!(
            asked.schema,
            question.schema(),
            "{at}: `{}`'s schema",
            asked.key
        );
    }
    assert_eq!(summary.message, case.summary, "{at}: the summary");
    assert_eq!(
        summary.schema,
        spec::summary_schema(case.wizard.confirm),
        "{at}: the summary's schema"
    );

    // The live checks' reads aside, one write.
    let requests = session.sandbox.writes();
    assert_eq!(requests.len(), 1, "{at}: one write, got {requests:?}");
    let request = &requests[0];
    assert_eq!(request.method.as_str(), "POST", "{at}");
    assert_eq!(
        (request.path.as_str(), request.raw_path.as_str()),
        case.path,
        "{at}"
    );
    assert_eq!(request.body, case.body, "{at}: the body GitLab received");
    assert!(
        request
            .private_token
            .as_ref()
            .is_some_and(|token| token.matches(session::TOKEN)),
        "{at}: the token is sent"
    );
    let created = run
        .result
        .structured_content
        .as_ref()
        .unwrap_or_else(|| panic!("{at}: no structuredContent"));
    for (field, value) in case.created.as_object().expect("an object") {
        // A compact answer sends a flag only when true.
        let sent = match &created[field] {
            Value::Null if *value == Value::Bool(false) => value,
            sent => sent,
        };
        assert_eq!(sent, value, "{at}: the created object's `{field}`");
    }
}

/// Dynamic runs them through `gitlab_execute_action` with `interactive.*`; meta and
/// individual call the wizards by name.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_wizard_completes_on_every_surface_and_revision() {
    let sessions = launches(&REVISIONS).into_iter().map(|launch| async move {
        let session = Session::start(launch).await;
        for case in cases() {
            check(&session, case).await;
        }
        session.close().await;
    });
    concurrently(sessions).await;
}
