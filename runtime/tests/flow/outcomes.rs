//! Every way a wizard call ends (finished, cancelled, failed, unsupported client) on
//! every path, through the test kit (a real rmcp pair).

use crate::common::{Issue, issue_args};
use rmcp::model::{ClientCapabilities, ElicitationCapability, UrlElicitationCapability};
use serde_json::json;
use wizard::Failure;
use wizard::Outcome;
use wizard::Stage;
use wizard::testkit::{self, Kit, Path, Reply, accept, cancel, decline, yes};

const PATHS: [Path; 3] = [Path::Sync, Path::Mrtr, Path::MrtrDeclaredInInitialize];
const ISSUE_KEYS: [&str; 5] = ["title", "description", "labels", "confidential", "confirm"];

fn all_issue_answers() -> Vec<Reply> {
    vec![
        accept(json!({"title": "Fix the login"})),
        accept(json!({"description": "It *breaks*"})),
        accept(json!({"labels": "bug, ,, ui,"})),
        accept(json!({"confidential": false, "confirmed": false})),
        yes(),
    ]
}

/// How many `tools/call` requests a path takes for `questions` questions: MRTR
/// sends the first call and one retry per answer.
fn calls(path: Path, questions: usize) -> usize {
    if path == Path::Sync { 1 } else { questions + 1 }
}

#[test]
fn created_after_every_answer_in_order() {
    for path in PATHS {
        let report = testkit::run::<Issue>(path, issue_args(), all_issue_answers());
        assert_eq!(report.keys(), ISSUE_KEYS, "{path:?}");
        assert_eq!(report.calls, calls(path, 5), "{path:?}");
        assert_eq!(report.result.is_error, Some(false), "{path:?}");
        let issue = report.finished();
        assert_eq!(issue.title, "Fix the login");
        assert_eq!(issue.description.as_deref(), Some("It *breaks*"));
        assert_eq!(issue.labels, Some(vec!["bug".to_owned(), "ui".to_owned()]));
        assert_eq!(
            issue.confidential,
            Some(false),
            "an accepted no is sent as false"
        );
    }
}

#[test]
fn the_same_questions_go_out_on_every_path() {
    let asked: Vec<_> = PATHS
        .iter()
        .map(|path| testkit::run::<Issue>(*path, issue_args(), all_issue_answers()).asked)
        .collect();
    assert_eq!(asked[0], asked[1]);
    assert_eq!(asked[0], asked[2]);
    let summary = &asked[0][4];
    assert_eq!(
        summary.message,
        "Create issue in project `42`?\n\n- Title: `Fix the login`\n- Description: `It *breaks*`\n- Labels: `bug, ui`"
    );
    assert_eq!(
        summary.schema,
        json!({"type": "object", "required": ["confirmed"], "properties": {"confirmed": {
            "type": "boolean", "title": "Go ahead", "description": "Tick this box, then accept, to go ahead as summarised. Accepting without ticking it does nothing.", "default": false}}})
    );
}

#[test]
fn optional_questions_declined_or_left_empty_stay_unset() {
    for path in PATHS {
        let replies = [
            accept(json!({"title": "T"})),
            accept(json!({"description": ""})),
            decline(),
            decline(),
            yes(),
        ];
        let issue = testkit::run::<Issue>(path, issue_args(), replies).finished();
        assert_eq!(
            (issue.description, issue.labels, issue.confidential),
            (None, None, None),
            "{path:?}"
        );
    }
}

fn assert_cancelled<W: wizard::Wizard>(report: testkit::Report<W>, noun_text: &str) {
    assert!(matches!(report.outcome, Outcome::Cancelled(_)));
    assert_eq!(report.text(), noun_text);
    assert_eq!(report.result.is_error, Some(true));
    assert!(report.result.structured_content.is_none());
}

#[test]
fn cancel_at_any_question_cancels() {
    for path in PATHS {
        for at in 0..ISSUE_KEYS.len() {
            let mut replies = all_issue_answers();
            replies.truncate(at);
            replies.push(cancel());
            let report = testkit::run::<Issue>(path, issue_args(), replies);
            assert_eq!(report.keys(), ISSUE_KEYS[..=at], "{path:?} at {at}");
            assert_cancelled(report, "Issue cancelled.");
        }
    }
}

#[test]
fn declining_a_required_question_or_the_summary_cancels() {
    for path in PATHS {
        let report = testkit::run::<Issue>(path, issue_args(), [decline()]);
        assert_eq!(report.keys(), ["title"]);
        assert_cancelled(report, "Issue cancelled.");

        let mut replies = all_issue_answers();
        *replies.last_mut().expect("five replies") = decline();
        assert_cancelled(
            testkit::run::<Issue>(path, issue_args(), replies),
            "Issue cancelled.",
        );
    }
}

#[test]
fn an_unticked_summary_does_nothing_and_says_so() {
    for path in PATHS {
        let mut replies = all_issue_answers();
        *replies.last_mut().expect("five replies") = accept(json!({"confirmed": false}));
        // A client's Accept beside the unticked box: not the user's cancel.
        assert_cancelled(
            testkit::run::<Issue>(path, issue_args(), replies),
            "Nothing was done: the box 'Go ahead' was not ticked.",
        );
    }
}

#[test]
fn a_malformed_answer_is_an_error_naming_the_step_never_a_cancellation() {
    for path in PATHS {
        for bad in [
            json!({}),
            json!({"title": 7}),
            json!({"title": "   "}),
            json!({"name": "T"}),
        ] {
            let report = testkit::run::<Issue>(path, issue_args(), [accept(bad.clone())]);
            assert!(
                matches!(
                    &report.outcome,
                    Outcome::Failed(Failure {
                        stage: Stage::Question("title"),
                        ..
                    })
                ),
                "{path:?} {bad}"
            );
            assert!(
                report.text().starts_with("collecting title: "),
                "{}",
                report.text()
            );
            assert_eq!(report.result.is_error, Some(true));
        }
        let mut replies = all_issue_answers();
        *replies.last_mut().expect("five replies") = accept(json!({"confirmed": "yes"}));
        let report = testkit::run::<Issue>(path, issue_args(), replies);
        assert!(
            report.text().starts_with("confirming the issue failed: "),
            "{}",
            report.text()
        );
        assert!(matches!(
            report.outcome,
            Outcome::Failed(Failure {
                stage: Stage::Summary,
                ..
            })
        ));
    }
}

#[test]
fn a_client_without_elicitation_is_told_the_alternative_and_asked_nothing() {
    for path in PATHS {
        let report = Kit::new(path)
            .with_capabilities(ClientCapabilities::default())
            .run::<Issue>(issue_args(), []);
        assert!(matches!(report.outcome, Outcome::Unsupported(_)));
        assert!(report.asked.is_empty());
        assert_eq!(report.result.is_error, Some(true));
        let text = report.text();
        assert!(text.contains("does not support elicitation"), "{text}");
        assert!(text.contains("`issue.create`"), "{text}");
        assert!(!text.contains("merge_request.create"));
    }
}

#[test]
fn a_url_only_client_is_told_it_lacks_form_elicitation() {
    let url_only = ClientCapabilities::builder()
        .enable_elicitation_with(
            ElicitationCapability::new().with_url(UrlElicitationCapability::default()),
        )
        .build();
    for path in PATHS {
        let report = Kit::new(path)
            .with_capabilities(url_only.clone())
            .run::<Issue>(issue_args(), []);
        assert!(
            matches!(report.outcome, Outcome::FormUnsupported(_)),
            "{path:?}"
        );
        assert!(report.asked.is_empty());
        assert!(
            report.text().contains("does not support form elicitation"),
            "{}",
            report.text()
        );
    }
}

#[test]
fn a_transport_failure_on_the_sync_path_is_an_error_naming_the_step() {
    // The scripted client refuses the second question with a JSON-RPC error.
    let report = testkit::run::<Issue>(Path::Sync, issue_args(), [accept(json!({"title": "T"}))]);
    let text = report.text();
    assert!(
        text.starts_with("collecting description: the client refused the question: "),
        "{text}"
    );
    assert!(matches!(report.outcome, Outcome::Failed(_)));
}
