//! Every way out of a wizard before its GitLab call, on every surface and both
//! revisions: a cancel at any question, a decline of a required one, a no at the summary
//! (the exact cancellation text, `isError`, nothing sent); and a malformed answer, which
//! is an error naming the step, never a cancellation.

use crate::common::spec::{self, CONFIRM, WizardSpec};
use crate::common::{
    REVISIONS, Reply, Session, accept, answer, assert_nothing_written, concurrently, launches, no,
    pick, yes,
};
use serde_json::{Value, json};

/// A wizard, its arguments, and a reply to every question on its longest path (the
/// project's README yes, so the default-branch question is asked too).
struct Script {
    wizard: WizardSpec,
    args: Value,
    answers: Vec<Reply>,
}

fn scripts() -> Vec<Script> {
    vec![
        Script {
            wizard: spec::ISSUE,
            args: json!({"project_id": 1}),
            answers: vec![
                answer("title", "T"),
                answer("description", "D"),
                answer("labels", "a"),
                yes(),
            ],
        },
        Script {
            wizard: spec::MERGE_REQUEST,
            args: json!({"project_id": 1}),
            answers: vec![
                answer("source_branch", "feature/x"),
                answer("target_branch", "main"),
                answer("title", "T"),
                answer("description", "D"),
                answer("labels", "a"),
                yes(),
                yes(),
            ],
        },
        Script {
            wizard: spec::RELEASE,
            args: json!({"project_id": 1}),
            answers: vec![
                answer("tag_name", "v1.0.0"),
                answer("name", "R"),
                answer("description", "D"),
            ],
        },
        Script {
            wizard: spec::PROJECT,
            args: json!({}),
            answers: vec![
                answer("name", "P"),
                answer("description", "D"),
                pick("private"),
                yes(),
                answer("default_branch", "trunk"),
            ],
        },
    ]
}

/// One way out: answer the first `at` questions, then `last` (at = number of questions:
/// at the summary).
struct Exit {
    at: usize,
    last: Reply,
}

fn exits(wizard: &WizardSpec) -> Vec<Exit> {
    let summary = wizard.questions.len();
    let mut exits: Vec<Exit> = (0..=summary)
        .map(|at| Exit {
            at,
            last: Reply::Cancel,
        })
        .collect();
    for (at, question) in wizard.questions.iter().enumerate() {
        if question.required {
            exits.push(Exit {
                at,
                last: Reply::Decline,
            });
        }
    }
    exits.push(Exit {
        at: summary,
        last: Reply::Decline,
    });
    exits.push(Exit {
        at: summary,
        last: no(),
    });
    exits
}

fn key_at(wizard: &WizardSpec, at: usize) -> &'static str {
    wizard
        .questions
        .get(at)
        .map_or(CONFIRM, |question| question.key)
}

async fn cancellations(session: &Session) {
    for script in scripts() {
        let wizard = script.wizard;
        for exit in exits(&wizard) {
            let key = key_at(&wizard, exit.at);
            let at = format!(
                "{} {}: {:?} at `{key}`",
                session.launch, wizard.id, exit.last
            );
            // Accept at the summary with its box unticked says which box; every other
            // exit is the user's cancel.
            let unticked = exit.at == wizard.questions.len() && exit.last == no();
            let mut replies = script.answers[..exit.at].to_vec();
            replies.push(exit.last);
            session.sandbox.clear_requests();
            let run = session
                .run_action(wizard.id, script.args.clone(), None, replies)
                .await;
            assert!(run.is_error(), "{at}: isError");
            let ended = if unticked {
                wizard.unticked()
            } else {
                wizard.cancelled()
            };
            assert_eq!(run.text(), ended, "{at}");
            assert_eq!(
                run.result.structured_content, None,
                "{at}: no structuredContent"
            );
            let expected: Vec<&str> = (0..=exit.at).map(|i| key_at(&wizard, i)).collect();
            assert_eq!(
                run.keys(),
                expected,
                "{at}: asked up to the exit and no further"
            );
            assert_nothing_written(session, &at);
        }
    }
}

/// A malformed answer is the client's fault: an error naming the step, nothing sent.
async fn malformed(session: &Session) {
    let wizard = spec::ISSUE;
    let cases = [
        (vec![accept(json!({"title": 42}))], "collecting title: "),
        (vec![accept(json!({"headline": "T"}))], "collecting title: "),
        (
            vec![
                answer("title", "T"),
                Reply::Decline,
                Reply::Decline,
                Reply::Decline,
                accept(json!({"confirmed": "yes"})),
            ],
            "issue creation confirmation failed: ",
        ),
    ];
    for (replies, prefix) in cases {
        let at = format!("{} malformed {replies:?}", session.launch);
        session.sandbox.clear_requests();
        let run = session
            .run_action(wizard.id, json!({"project_id": 1}), None, replies)
            .await;
        assert!(run.is_error(), "{at}: isError");
        assert!(
            run.text().starts_with(prefix),
            "{at}: {:?} should start with {prefix:?}",
            run.text()
        );
        assert_ne!(run.text(), wizard.cancelled(), "{at}: never a cancellation");
        assert_nothing_written(session, &at);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_exit_before_the_call_sends_nothing() {
    let sessions = launches(&REVISIONS).into_iter().map(|launch| async move {
        let session = Session::start(launch).await;
        cancellations(&session).await;
        malformed(&session).await;
        session.close().await;
    });
    concurrently(sessions).await;
}
