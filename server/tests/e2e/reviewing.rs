//! The review wizard through the real binary, on every surface and both revisions: the
//! model's drafts kept, edited and dropped as the user decides and exactly what GitLab
//! receives after the yes, in order; nothing after a no or a cancel; a command a
//! published draft runs named in the summary; and a repeated final yes that publishes
//! once.

use std::collections::BTreeMap;

use rmcp::model::{CallToolResponse, InputResponses};
use serde_json::{Value, json};

use crate::common::session::request;
use crate::common::{Launch, text};
use crate::common::{
    REVISIONS, Reply, Revision, SURFACES, Session, Surface, answer, assert_nothing_written,
    concurrently, launches, no, pick, seed, yes,
};

const ID: &str = "interactive.mr_review";
const DRAFTS: &str = "projects/1/merge_requests/1/draft_notes";

fn args() -> Value {
    json!({"project_id": 1, "merge_request_iid": 1})
}

/// Writes the model's drafts on !1 (`(text, on a line of the diff)`), straight into the
/// sandbox; their ids, and the position the one on a line sits at.
async fn drafted(session: &Session, drafts: &[(&str, bool)]) -> (Vec<u64>, Value) {
    let url = session
        .sandbox
        .base_url()
        .join("api/v4/projects/1/merge_requests/1/discussions")
        .unwrap();
    let threads: Value = session
        .http
        .get(url)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let position = threads[0]["notes"][0]["position"].clone();
    let mut ids = Vec::new();
    for (note, on_a_line) in drafts {
        let mut body = json!({"note": note});
        if *on_a_line {
            body["position"] = position.clone();
        }
        ids.push(seed(session, DRAFTS, body).await["id"].as_u64().unwrap());
    }
    session.sandbox.clear_requests();
    (ids, position)
}

/// The writes GitLab received, in order: method, path as routed, body.
fn writes(session: &Session) -> Vec<(String, String, Value)> {
    session
        .sandbox
        .writes()
        .into_iter()
        .map(|write| (write.method.to_string(), write.path, write.body))
        .collect()
}

/// The tool and arguments that run the wizard: `gitlab_execute_action` on the dynamic
/// surface, the wizard's own tool on the others (the meta surface has no
/// `gitlab_interactive` tool of verbs: each wizard is a tool).
fn call(session: &Session) -> (String, Value) {
    match session.launch.surface {
        Surface::Dynamic => (
            "gitlab_execute_action".to_owned(),
            json!({"action": ID, "params": args()}),
        ),
        _ => (format!("gitlab_{}", ID.replace('.', "_")), args()),
    }
}

async fn review(session: &Session, replies: Vec<Reply>) -> crate::common::Run {
    let (tool, arguments) = call(session);
    let run = session.run(&tool, arguments, replies).await;
    assert_eq!(
        run.unused, 0,
        "{}: every scripted reply is used",
        session.launch
    );
    run
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kept_an_edited_and_a_dropped_comment_reach_gitlab_as_decided_and_in_order() {
    let sessions = launches(&REVISIONS).into_iter().map(|launch| async move {
        let session = Session::start(launch).await;
        let at = session.launch.to_string();
        let (ids, position) = drafted(
            &session,
            &[
                ("Looks right.", false),
                ("Why minus one?", true),
                ("nit: spacing", false),
            ],
        )
        .await;
        let replies = vec![
            pick("keep"),
            pick("edit"),
            answer("text", "Stop at the sentinel instead?"),
            pick("drop"),
            pick("approve"),
            yes(),
        ];
        let run = review(&session, replies).await;
        assert!(!run.is_error(), "{at}: {}", run.text());
        assert_eq!(run.asked.len(), 6, "{at}: {:#?}", run.asked);
        assert!(
            run.asked[1]
                .message
                .starts_with("Draft comment 2 of 3, on `src/tokenizer.rs:16`:\n\n`Why minus one?`"),
            "{at}: {}",
            run.asked[1].message
        );
        assert_eq!(
            run.asked[2].schema["properties"]["text"]["default"], "Why minus one?",
            "{at}"
        );
        assert!(
            run.asked[5].message.contains(
                "Publish 2 comments on !1 in `1` and approve it?\n\n\
                 - Kept, a general comment: `Looks right.`\n\
                 - Edited, on `src/tokenizer.rs:16`: `Stop at the sentinel instead?`\n\
                 - Dropped, a general comment: `nit: spacing`"
            ),
            "{at}: {}",
            run.asked[5].message
        );
        let mut on_the_line = position;
        on_the_line
            .as_object_mut()
            .unwrap()
            .retain(|_, value| !value.is_null());
        let drafts = "/api/v4/projects/1/merge_requests/1/draft_notes";
        assert_eq!(
            writes(&session),
            [
                (
                    "PUT".to_owned(),
                    format!("{drafts}/{}", ids[1]),
                    json!({"note": "Stop at the sentinel instead?", "position": on_the_line})
                ),
                (
                    "DELETE".to_owned(),
                    format!("{drafts}/{}", ids[2]),
                    Value::Null
                ),
                (
                    "POST".to_owned(),
                    format!("{drafts}/bulk_publish"),
                    json!({})
                ),
                (
                    "POST".to_owned(),
                    "/api/v4/projects/1/merge_requests/1/approve".to_owned(),
                    Value::Null
                ),
            ],
            "{at}"
        );
        let done = run.result.structured_content.clone().unwrap_or_default();
        assert_eq!(
            done["message"],
            "Published 2 comments on !1 (1 edited first), deleted 1 dropped draft and approved it.",
            "{at}"
        );
        session.close().await;
    });
    concurrently(sessions).await;
}

/// The drafts on !1, as GitLab lists them.
async fn drafts_left(session: &Session) -> Value {
    let url = session
        .sandbox
        .base_url()
        .join(&format!("api/v4/{DRAFTS}"))
        .unwrap();
    let drafts = session
        .http
        .get(url)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    session.sandbox.clear_requests();
    drafts
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_no_or_a_cancel_publishes_nothing_and_saves_no_edit() {
    let endings = [
        (
            "a no at the summary",
            vec![
                pick("edit"),
                answer("text", "Edited"),
                pick("keep"),
                pick("comment"),
                no(),
            ],
        ),
        ("a cancel at a draft", vec![pick("keep"), Reply::Cancel]),
        ("a decline of the edit", vec![pick("edit"), Reply::Decline]),
    ];
    let sessions = launches(&REVISIONS).into_iter().map(|launch| {
        let endings = endings.clone();
        async move {
            let session = Session::start(launch).await;
            drafted(&session, &[("One", false), ("Two", true)]).await;
            let before = drafts_left(&session).await;
            assert_eq!(
                before.as_array().map(Vec::len),
                Some(2),
                "{}",
                session.launch
            );
            for (ending, replies) in endings {
                let run = review(&session, replies).await;
                let at = format!("{}: {ending}", session.launch);
                assert!(run.is_error(), "{at}");
                // A no at the summary is an Accept with its box unticked, and says so.
                let ended = if ending.ends_with("summary") {
                    "Not published: the box 'Publish the review' was not ticked."
                } else {
                    "Review cancelled by user."
                };
                assert_eq!(run.text(), ended, "{at}");
                assert_nothing_written(&session, &at);
                // The drafts are as the model left them, the edit not saved.
                assert_eq!(drafts_left(&session).await, before, "{at}");
            }
            session.close().await;
        }
    });
    concurrently(sessions).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_merge_command_in_a_published_draft_is_named_in_the_summary() {
    let sessions = launches(&REVISIONS).into_iter().map(|launch| async move {
        let session = Session::start(launch).await;
        drafted(&session, &[("LGTM\n/merge", false)]).await;
        let run = review(&session, vec![pick("keep"), pick("comment"), no()]).await;
        let at = session.launch.to_string();
        let summary = &run.asked.last().expect("the summary").message;
        assert!(
            summary.ends_with(
                "Publishing runs the GitLab quick actions in these comments:\n\
                 - `/merge` in comment 1 (a general comment): it merges !1"
            ),
            "{at}: {summary}"
        );
        assert_nothing_written(&session, &at);
        session.close().await;
    });
    concurrently(sessions).await;
}

/// One round of the review on MRTR: the call with the answer to the key asked last round,
/// and its state.
async fn round(
    session: &Session,
    state: Option<&str>,
    answered: Option<(&str, Value)>,
) -> CallToolResponse {
    let (tool, arguments) = call(session);
    let mut call = request(&tool, arguments);
    if let Some((key, content)) = answered {
        let mut responses = InputResponses::new();
        responses.insert(
            key.to_owned(),
            json!({"action": "accept", "content": content}),
        );
        call = call.with_input_responses(responses);
    }
    if let Some(state) = state {
        call = call.with_request_state(state.to_owned());
    }
    session.call_once(call).await
}

/// The one key a round asks, and its state.
fn asked(response: &CallToolResponse) -> (String, String) {
    let CallToolResponse::InputRequired(round) = response else {
        panic!("expected another round, got {response:?}");
    };
    let keys: Vec<&String> = round.input_requests.as_ref().unwrap().keys().collect();
    assert_eq!(keys.len(), 1, "one question per round");
    (keys[0].clone(), round.request_state.clone().unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_repeated_final_yes_publishes_once_and_answers_the_same() {
    let sessions = SURFACES.into_iter().map(|surface| async move {
        let session = Session::start(Launch::new(surface, Revision::Mrtr)).await;
        let at = session.launch.to_string();
        drafted(&session, &[("Keep me", false), ("Drop me", false)]).await;
        let answers: BTreeMap<&str, Vec<Value>> = BTreeMap::from([
            (
                "decision",
                vec![json!({"selection": "keep"}), json!({"selection": "drop"})],
            ),
            ("verdict", vec![json!({"selection": "comment"})]),
        ]);
        let mut left = answers.clone();
        let (mut key, mut state) = asked(&round(&session, None, None).await);
        while key != "confirm" {
            let content = left.get_mut(key.as_str()).unwrap().remove(0);
            (key, state) = asked(&round(&session, Some(&state), Some((&key, content))).await);
        }
        let yes = || Some(("confirm", json!({"confirmed": true})));
        let first = round(&session, Some(&state), yes()).await;
        let again = round(&session, Some(&state), yes()).await;
        let (CallToolResponse::Complete(first), CallToolResponse::Complete(again)) = (first, again)
        else {
            panic!("{at}: the yes ends the call");
        };
        assert!(first.is_error != Some(true), "{at}: {}", text(&first));
        assert_eq!(text(&first), text(&again), "{at}: the same answer");
        assert_eq!(first.structured_content, again.structured_content, "{at}");
        let published = writes(&session)
            .iter()
            .filter(|(method, path, _)| method == "POST" && path.ends_with("bulk_publish"))
            .count();
        assert_eq!(published, 1, "{at}: published once: {:?}", writes(&session));
        assert_eq!(
            writes(&session).len(),
            2,
            "{at}: one deletion, one publishing"
        );
        session.close().await;
    });
    concurrently(sessions).await;
}
