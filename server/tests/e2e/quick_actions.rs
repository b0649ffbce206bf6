//! GitLab runs the quick actions (`/merge`, `/close`, `/move group/other`, …) written on
//! their own line in notes, replies, draft notes, commit comments and issue and merge
//! request descriptions. A text that carries one is never sent as it is: a client that
//! can be asked is asked, naming each command and what it does (a command that merges is
//! guarded as the merge is); a no sends nothing; a client that cannot be asked is refused
//! with the lines named; `confirm: true` is the user's yes. The allow list holds through
//! `/move`, `/clone`, `/relate` and the like whatever the yes. Both revisions, against
//! the sandbox, which runs the commands as GitLab does.

use serde_json::{Value, json};

use crate::common::spec::CONFIRM;
use crate::common::{
    Elicit, Launch, REVISIONS, SURFACES, Session, Surface, assert_nothing_sent, no, seed, yes,
};

const PROJECT: &str = "demo/sandbox";

fn issue_note(body: &str) -> Value {
    json!({"project_id": PROJECT, "issue_iid": 1, "body": body})
}

async fn issue_state(session: &Session, iid: u64) -> String {
    let url = session
        .sandbox
        .base_url()
        .join(&format!("api/v4/projects/1/issues/{iid}"))
        .unwrap();
    let issue: Value = session
        .http
        .get(url)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    issue["state"].as_str().unwrap_or_default().to_owned()
}

#[tokio::test]
async fn a_comment_that_runs_a_command_asks_naming_it_and_acts_once_on_yes() {
    for revision in REVISIONS {
        let session = Session::start(Launch::new(Surface::Meta, revision)).await;
        let at = session.launch.to_string();
        session.sandbox.clear_requests();
        let body = "Fixed by !1.\n/close";
        let run = session
            .run_action("issue.note_create", issue_note(body), None, [no()])
            .await;
        assert_eq!(run.keys(), [CONFIRM], "{at}");
        let question = &run.asked[0].message;
        assert!(
            question.contains("`/close`") && question.contains("closes #1"),
            "{at}: the question names the command and what it does: {question}"
        );
        assert!(run.is_error(), "{at}: a no sends nothing");
        assert_nothing_sent(&session, &at);
        assert_eq!(issue_state(&session, 1).await, "opened", "{at}");

        let run = session
            .run_action("issue.note_create", issue_note(body), None, [yes()])
            .await;
        assert!(!run.is_error(), "{at}: {}", run.text());
        let writes = session.sandbox.writes();
        assert_eq!(writes.len(), 1, "{at}: sent once");
        assert_eq!(writes[0].body["body"], body, "{at}: sent as written");
        assert_eq!(
            issue_state(&session, 1).await,
            "closed",
            "{at}: GitLab ran it"
        );
    }
}

#[tokio::test]
async fn a_client_that_cannot_be_asked_is_refused_with_the_lines_named() {
    for revision in REVISIONS {
        for surface in SURFACES {
            let launch = Launch::new(surface, revision).elicit(Elicit::None);
            let session = Session::start(launch).await;
            let at = session.launch.to_string();
            session.sandbox.clear_requests();
            let params = json!({
                "project_id": PROJECT, "merge_request_iid": 1, "body": "LGTM\n/approve"
            });
            let run = session
                .run_action("merge_request.note_create", params.clone(), None, [])
                .await;
            assert!(run.is_error(), "{at}: {}", run.text());
            let text = run.text();
            assert!(
                text.contains("`/approve`")
                    && text.contains("merge_request.approve")
                    && text.contains("confirm"),
                "{at}: {text}"
            );
            assert_nothing_sent(&session, &at);
            // `confirm: true` is the user's explicit yes.
            let run = session
                .run_action("merge_request.note_create", params, Some(true), [])
                .await;
            assert!(!run.is_error(), "{at}: {}", run.text());
            assert_eq!(session.sandbox.writes().len(), 1, "{at}");
        }
    }
}

#[tokio::test]
async fn a_command_that_merges_is_guarded_as_the_merge_is() {
    for revision in REVISIONS {
        // The dynamic surface never asks before a destructive action: refused unasked.
        let session = Session::start(Launch::new(Surface::Dynamic, revision)).await;
        let at = session.launch.to_string();
        session.sandbox.clear_requests();
        let params =
            json!({"project_id": PROJECT, "merge_request_iid": 1, "body": "Ship it\n/merge"});
        let run = session
            .run_action("merge_request.note_create", params.clone(), None, [])
            .await;
        assert!(run.asked.is_empty(), "{at}: asked on the dynamic surface");
        assert!(run.is_error(), "{at}");
        assert!(
            run.text().contains("`/merge`") && run.text().contains("merge_request.merge"),
            "{at}: {}",
            run.text()
        );
        assert_nothing_sent(&session, &at);
        // Where the surface may ask, it asks.
        let session = Session::start(Launch::new(Surface::Individual, revision)).await;
        session.sandbox.clear_requests();
        let run = session
            .run_action("merge_request.note_create", params, None, [no()])
            .await;
        assert_eq!(run.keys(), [CONFIRM], "{at}");
        assert!(run.asked[0].message.contains("merges !1"), "{at}");
        assert_nothing_sent(&session, &at);
    }
}

#[tokio::test]
async fn commands_in_code_or_quotes_or_mid_line_are_text() {
    for revision in REVISIONS {
        let session = Session::start(Launch::new(Surface::Meta, revision)).await;
        let at = session.launch.to_string();
        for body in [
            "Run this:\n```\n/close\n```",
            "> /close\nquoted",
            "Type `/close` to close it, or / close",
            "/closed is not a command",
            " /close is indented",
        ] {
            session.sandbox.clear_requests();
            let run = session
                .run_action("issue.note_create", issue_note(body), None, [])
                .await;
            assert!(run.asked.is_empty(), "{at} {body:?}: asked");
            assert!(!run.is_error(), "{at} {body:?}: {}", run.text());
            assert_eq!(issue_state(&session, 1).await, "opened", "{at} {body:?}");
        }
    }
}

#[tokio::test]
async fn every_text_gitlab_reads_commands_from_is_scanned() {
    for revision in REVISIONS {
        let session = Session::start(Launch::new(Surface::Meta, revision)).await;
        let at = session.launch.to_string();
        let head = seed(
            &session,
            "projects/1/repository/commits",
            json!({"branch": "main", "commit_message": "c", "actions": [{"action": "create", "file_path": "qa.txt", "content": "x"}]}),
        )
        .await["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let calls = [
            (
                "issue.create",
                json!({"project_id": PROJECT, "title": "t", "description": "Steps\n/label ~bug"}),
                "`/label ~bug`",
            ),
            (
                "merge_request.update",
                json!({"project_id": PROJECT, "merge_request_iid": 1, "description": "/draft"}),
                "`/draft`",
            ),
            (
                "commit.comment_create",
                json!({"project_id": PROJECT, "sha": head, "note": "/tag v9.9.9"}),
                "`/tag v9.9.9`",
            ),
            (
                "merge_request.draft_note_create",
                json!({"project_id": PROJECT, "merge_request_iid": 1, "note": "nit\n/unapprove"}),
                "`/unapprove`",
            ),
            (
                "api.request",
                json!({"method": "POST", "path": "projects/1/issues/1/notes", "body": {"body": "/lock"}}),
                "`/lock`",
            ),
            (
                "api.request",
                json!({"method": "POST", "path": "projects/1/issues/1/notes", "query": {"body": "/lock"}}),
                "`/lock`",
            ),
            (
                "api.graphql",
                json!({"query": "mutation { createNote(input: {noteableId: \"gid://gitlab/Issue/1\", body: \"ok\\n/close\"}) { errors } }"}),
                "`/close`",
            ),
        ];
        for (action, params, command) in calls {
            session.sandbox.clear_requests();
            let run = session.run_action(action, params, None, [no()]).await;
            assert_eq!(run.keys(), [CONFIRM], "{at} {action}: {}", run.text());
            let question = &run.asked[0].message;
            assert!(question.contains(command), "{at} {action}: {question}");
            assert!(run.is_error(), "{at} {action}");
            assert_nothing_sent(&session, &format!("{at} {action}"));
        }
    }
}

#[tokio::test]
async fn the_allow_list_holds_through_commands_whatever_the_yes() {
    for revision in REVISIONS {
        let launch = Launch::new(Surface::Meta, revision)
            .env(&[("GITLAB_MCP_ALLOWED_PROJECTS", "demo/sandbox")]);
        let session = Session::start(launch).await;
        let at = session.launch.to_string();
        for body in [
            "/move other/project",
            "Moving.\n/clone other/project --with_notes",
            "/relate other/project#1",
            "/duplicate other/project#2",
            "/relate https://gitlab.example.com/other/project/-/issues/3",
        ] {
            session.sandbox.clear_requests();
            let run = session
                .run_action("issue.note_create", issue_note(body), Some(true), [yes()])
                .await;
            assert!(run.is_error(), "{at} {body:?}: {}", run.text());
            assert!(run.asked.is_empty(), "{at} {body:?}: asked anyway");
            let text = run.text();
            assert!(
                text.contains("other/project") && text.contains("GITLAB_MCP_ALLOWED_PROJECTS"),
                "{at} {body:?}: {text}"
            );
            let writes = session.sandbox.writes();
            assert!(writes.is_empty(), "{at} {body:?}: {writes:?}");
        }
        // Within the project, a relation is the user's to approve.
        session.sandbox.clear_requests();
        let run = session
            .run_action(
                "issue.note_create",
                issue_note("/relate #2"),
                Some(true),
                [],
            )
            .await;
        assert!(!run.is_error(), "{at}: {}", run.text());
    }
}
