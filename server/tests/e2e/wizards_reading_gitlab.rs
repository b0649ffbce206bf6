//! The wizards whose questions read GitLab (live choices, live checks, an intro) to
//! completion through the real binary, on every surface and both revisions: one write,
//! exactly the request their answers describe. Their messages and schemas are pinned by
//! the server's own tests and snapshots; here it is the binary end to end.

use crate::common::{
    REVISIONS, Reply, Session, Surface, answer, concurrently, launches, no, pick, seed, yes,
};
use serde_json::{Value, json};

struct Case {
    id: &'static str,
    args: Value,
    replies: Vec<Reply>,
    /// Questions asked, the summary included.
    asked: usize,
    method: &'static str,
    path: &'static str,
    body: Value,
}

fn cases() -> Vec<Case> {
    vec![
        Case {
            id: "interactive.pipeline_run",
            args: json!({"project_id": 1}),
            replies: vec![
                pick("main"),
                answer("variables", "DEPLOY_ENV=staging"),
                yes(),
            ],
            asked: 3,
            method: "POST",
            path: "/api/v4/projects/1/pipeline",
            body: json!({"ref": "main", "variables": [{"key": "DEPLOY_ENV", "value": "staging"}]}),
        },
        Case {
            id: "interactive.branch_create",
            args: json!({"project_id": 1}),
            replies: vec![answer("branch", "topic/e2e"), pick("v1.0.0"), yes()],
            asked: 3,
            method: "POST",
            path: "/api/v4/projects/1/repository/branches",
            body: json!({"branch": "topic/e2e", "ref": "v1.0.0"}),
        },
        Case {
            id: "interactive.milestone_create",
            args: json!({"project_id": 1}),
            replies: vec![
                answer("title", "Sprint 12"),
                Reply::Decline,
                answer("start_date", "2026-09-01"),
                answer("due_date", "2026-09-30"),
                yes(),
            ],
            asked: 5,
            method: "POST",
            path: "/api/v4/projects/1/milestones",
            body: json!({"title": "Sprint 12", "start_date": "2026-09-01", "due_date": "2026-09-30"}),
        },
        Case {
            id: "interactive.mr_merge",
            // Opened by the test first (below): the seeded !1 has an open thread.
            args: json!({"project_id": 1, "merge_request_iid": 2}),
            // No pipeline: nothing to wait for, so no third question.
            replies: vec![yes(), no(), yes()],
            asked: 3,
            method: "PUT",
            path: "/api/v4/projects/1/merge_requests/2/merge",
            body: json!({"squash": true, "should_remove_source_branch": false}),
        },
    ]
}

async fn check(session: &Session, case: Case) {
    let at = format!("{} {}", session.launch, case.id);
    session.sandbox.clear_requests();
    // Dynamic runs a wizard through `gitlab_execute_action`; meta and individual by name.
    let (tool, arguments) = match session.launch.surface {
        Surface::Dynamic => (
            "gitlab_execute_action".to_owned(),
            json!({"action": case.id, "params": case.args}),
        ),
        _ => (format!("gitlab_{}", case.id.replace('.', "_")), case.args),
    };
    let run = session.run(&tool, arguments, case.replies).await;
    assert!(
        !run.is_error(),
        "{at}: {}; {}",
        run.text(),
        session.context()
    );
    assert_eq!(run.asked.len(), case.asked, "{at}: {:?}", run.keys());
    assert_eq!(run.unused, 0, "{at}: every scripted reply is used");
    let writes = session.sandbox.writes();
    assert_eq!(writes.len(), 1, "{at}: one write, got {writes:?}");
    let write = &writes[0];
    assert_eq!(write.method.as_str(), case.method, "{at}");
    assert_eq!(write.path, case.path, "{at}");
    assert_eq!(write.body, case.body, "{at}: the body GitLab received");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_wizards_reading_gitlab_complete_on_every_surface_and_revision() {
    let sessions = launches(&REVISIONS).into_iter().map(|launch| async move {
        let session = Session::start(launch).await;
        let body =
            json!({"source_branch": "feature/x", "target_branch": "main", "title": "Merge me"});
        let mr = seed(&session, "projects/1/merge_requests", body).await;
        assert_eq!(mr["iid"], 2, "the merge request the merge case merges");
        for case in cases() {
            check(&session, case).await;
        }
        session.close().await;
    });
    concurrently(sessions).await;
}
