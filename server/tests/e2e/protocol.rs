//! The wire details of both paths: progress notifications while a wizard runs, `resultType`
//! on every 2026-07-28 result (also for a client that declared 2026-07-28 only in
//! `initialize`) and on no legacy one, one question per `input_required` round, and the
//! requestState rules (forged or foreign state refused, state for other
//! arguments ignored).

use std::time::Duration;

use crate::common::session::request;
use crate::common::spec::{self, CONFIRM};
use crate::common::{
    Launch, REVISIONS, Revision, Session, Surface, answer, assert_nothing_sent, concurrently,
    launches, yes,
};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, InputRequest, InputRequiredResult, InputResponses,
    ResultType,
};
use serde_json::{Value, json};

fn issue_replies() -> Vec<crate::common::Reply> {
    vec![
        answer("title", "T"),
        answer("description", "D"),
        answer("labels", "a"),
        yes(),
        yes(),
    ]
}

/// Progress notifications travel beside the call's answers; wait (bounded) until `count`
/// have been handled.
async fn progress_after(session: &Session, count: usize) -> Vec<crate::common::client::Progress> {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let progress = session.client.progress_notifications();
        if progress.len() >= count || tokio::time::Instant::now() >= deadline {
            return progress;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// One notification per question, numbered in order, each naming its question.
async fn wizard_reports_progress(session: &Session) {
    let at = format!("{} issue wizard", session.launch);
    session.client.clear_progress();
    let run = session
        .run_action(
            spec::ISSUE.id,
            json!({"project_id": 1}),
            None,
            issue_replies(),
        )
        .await;
    assert!(!run.is_error(), "{at}: {}", run.text());
    let keys = ["title", "description", "labels", "confidential", CONFIRM];
    let mut progress = progress_after(session, keys.len()).await;
    assert_eq!(
        progress.len(),
        keys.len(),
        "{at}: one notification per question, got {progress:?}"
    );
    progress.sort_by(|a, b| a.progress.total_cmp(&b.progress));
    for (index, (note, key)) in progress.iter().zip(keys).enumerate() {
        #[allow(clippy::cast_precision_loss, reason = "question numbers are small")]
        let number = (index + 1) as f64;
        assert_eq!(note.progress, number, "{at}: {progress:?}");
        // `Question 2 of 5: Description`: the question's label, never a raw key.
        let label = spec::ISSUE
            .questions
            .iter()
            .find(|question| question.key == key)
            .map_or(spec::ISSUE.confirm, |question| question.title);
        let message = note.message.as_deref().unwrap_or_default();
        assert_eq!(
            message,
            format!("Question {number} of {}: {label}", keys.len()),
            "{at}: notification {number}"
        );
    }
    if session.launch.revision == Revision::Legacy {
        assert!(
            progress.iter().all(|note| note.token == progress[0].token),
            "{at}: all on the one call's progress token: {progress:?}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wizards_report_progress_on_both_revisions() {
    let sessions = REVISIONS.map(|revision| async move {
        let session = Session::start(Launch::new(Surface::Dynamic, revision)).await;
        wizard_reports_progress(&session).await;
        session.close().await;
    });
    concurrently(sessions).await;
}

async fn result_types(session: &Session) {
    let expected = match session.launch.revision {
        Revision::Legacy => None,
        Revision::Mrtr | Revision::MrtrInInitialize => Some(ResultType::COMPLETE),
    };
    let calls = [
        (
            "an ordinary call",
            "issue.list",
            json!({"project_id": 1}),
            None,
        ),
        (
            "a GitLab error",
            "issue.get",
            json!({"project_id": 1, "issue_iid": 999}),
            None,
        ),
        (
            "a refusal",
            "issue.delete",
            json!({"project_id": 1, "issue_iid": 1}),
            None,
        ),
        ("bad arguments", "issue.get", json!({"project_id": 1}), None),
        (
            "a completed wizard",
            spec::ISSUE.id,
            json!({"project_id": 1}),
            Some(issue_replies()),
        ),
        (
            "a cancelled wizard",
            spec::ISSUE.id,
            json!({"project_id": 1}),
            Some(vec![crate::common::Reply::Cancel]),
        ),
    ];
    for (what, action, params, replies) in calls {
        let at = format!("{} {what} ({action})", session.launch);
        // The refusal needs a client that cannot confirm on meta/individual: decline.
        let replies = replies.unwrap_or_else(|| vec![crate::common::Reply::Decline]);
        let run = session.run_action(action, params, None, replies).await;
        assert_eq!(
            run.result.result_type,
            expected,
            "{at}: resultType ({})",
            run.text()
        );
    }
}

/// On 2026-07-28 a wizard's first answer is an `input_required` round asking exactly one
/// question, with a requestState, and no content.
async fn one_question_per_round(session: &Session) {
    let at = format!("{} first round", session.launch);
    let round = first_round(session, json!({"project_id": 1})).await;
    let requests = round.input_requests.expect("inputRequests");
    let keys: Vec<&String> = requests.keys().collect();
    assert_eq!(keys, ["title"], "{at}: one question per round");
    let InputRequest::Elicitation(request) = &requests["title"] else {
        panic!("{at}: an elicitation/create request");
    };
    let params = serde_json::to_value(&request.params).expect("params serialise");
    let title = spec::ISSUE.question("title");
    assert_eq!(params["message"], title.message, "{at}");
    assert_eq!(params["requestedSchema"], title.schema(), "{at}");
    assert!(
        round.request_state.is_some_and(|state| !state.is_empty()),
        "{at}: a requestState"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn result_type_follows_the_declared_revision() {
    let sessions = launches(&[Revision::Legacy, Revision::Mrtr, Revision::MrtrInInitialize])
        .into_iter()
        .map(|launch| async move {
            let session = Session::start(launch).await;
            result_types(&session).await;
            if session.launch.revision != Revision::Legacy {
                one_question_per_round(&session).await;
            }
            session.close().await;
        });
    concurrently(sessions).await;
}

/// The issue wizard's call on this surface, for `project_id` arguments.
fn issue_call(session: &Session, args: Value) -> CallToolRequestParams {
    let (tool, arguments) = session.action(spec::ISSUE.id, args, None);
    request(&tool, arguments)
}

async fn first_round(session: &Session, args: Value) -> InputRequiredResult {
    match session.call_once(issue_call(session, args)).await {
        CallToolResponse::InputRequired(round) => round,
        _ => panic!("{}: expected an input_required result", session.launch),
    }
}

/// Repeats the issue call with `args`, answering `title` and echoing `state`.
async fn answer_title(session: &Session, args: Value, state: &str) -> CallToolResponse {
    let accept = json!({"action": "accept", "content": {"title": "T"}});
    respond(session, args, state, accept).await
}

/// Repeats the issue call with `args`, `title`'s response and `state`.
async fn respond(session: &Session, args: Value, state: &str, title: Value) -> CallToolResponse {
    let mut responses = InputResponses::new();
    responses.insert("title".to_owned(), title);
    let call = issue_call(session, args)
        .with_input_responses(responses)
        .with_request_state(state.to_owned());
    session.call_once(call).await
}

/// The keys an `input_required` round asks.
fn asks(response: &CallToolResponse) -> Vec<String> {
    match response {
        CallToolResponse::InputRequired(round) => round
            .input_requests
            .as_ref()
            .map(|requests| requests.keys().cloned().collect())
            .unwrap_or_default(),
        _ => Vec::new(),
    }
}

fn assert_refused(session: &Session, at: &str, response: &CallToolResponse) {
    let CallToolResponse::Complete(result) = response else {
        panic!("{at}: refused with an error result, got another round");
    };
    assert_eq!(
        result.is_error,
        Some(true),
        "{at}: isError ({})",
        crate::common::text(result)
    );
    assert_ne!(
        crate::common::text(result),
        spec::ISSUE.cancelled(),
        "{at}: not a cancellation"
    );
    assert_nothing_sent(session, at);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn request_state_is_bound_signed_and_per_process() {
    let session = Session::start(Launch::new(Surface::Dynamic, Revision::Mrtr)).await;
    let other = Session::start(Launch::new(Surface::Dynamic, Revision::Mrtr)).await;
    let args = json!({"project_id": 1});
    let state = first_round(&session, args.clone())
        .await
        .request_state
        .expect("a requestState");

    let next = answer_title(&session, args.clone(), &state).await;
    assert_eq!(
        asks(&next),
        ["description"],
        "the answer carried by a valid state counts"
    );

    let moved = answer_title(&session, json!({"project_id": 2}), &state).await;
    assert_eq!(
        asks(&moved),
        ["title"],
        "state for other arguments is ignored: ask again"
    );

    let middle = state.len() / 2;
    let flipped = if state.as_bytes()[middle] == b'A' {
        "B"
    } else {
        "A"
    };
    let forged = format!("{}{flipped}{}", &state[..middle], &state[middle + 1..]);
    let response = answer_title(&session, args.clone(), &forged).await;
    assert_refused(&session, "a forged requestState", &response);

    let response = respond(&session, args.clone(), &state, json!("T")).await;
    assert_refused(
        &session,
        "a response that is no elicitation result",
        &response,
    );

    let response = answer_title(&other, args, &state).await;
    assert_refused(&other, "another process's requestState", &response);
    session.close().await;
    other.close().await;
}
