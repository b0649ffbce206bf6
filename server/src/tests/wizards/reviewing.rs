//! The review wizard against the sandbox GitLab through the server's tools, on both wire
//! paths and all three surfaces: each draft shown in its own form and kept, edited or
//! dropped, the verdict, the summary, and exactly what GitLab receives after the yes, in
//! order — or nothing, after a no, a decline or a cancel —, and once when the final yes
//! is repeated.

use crate::access::{Access, AllowedProjects};
use crate::gitlab::{ApiRequest, GitLab, GitLabConfig};
use crate::surfaces::SurfaceKind;
use crate::tests::common::mcp::{Harness, text};
use crate::wizards::ReviewWizard;
use reqwest::Method;
use rmcp::model::{CallToolRequestParams, CallToolResponse, InputResponses};
use serde_json::{Value, json};
use wizard::Wizard;
use wizard::testkit::{
    Asked, Elicit, Pair, Path, Reply, ScriptedClient, answer, cancel, connect, decline, no, pick,
    yes,
};

/// Each wire path, each on another surface, so every surface is run.
const RUNS: [(Path, SurfaceKind); 3] = [
    (Path::Sync, SurfaceKind::Dynamic),
    (Path::Mrtr, SurfaceKind::Meta),
    (Path::Mrtr, SurfaceKind::Individual),
];

const DECIDE: &str = "Keep this comment as it is, edit it, or drop it?";
const EDIT: &str = "Edit the comment (Markdown)";

fn keys(asked: &[Asked]) -> Vec<&str> {
    asked.iter().map(|a| a.key.as_str()).collect()
}

fn sandbox_client(harness: &Harness) -> GitLab {
    GitLab::new(GitLabConfig::new(harness.sandbox.base_url())).unwrap()
}

fn merge_request(method: ApiRequest) -> ApiRequest {
    method
        .segment("projects")
        .segment(1)
        .segment("merge_requests")
        .segment(1)
}

/// Writes the model's drafts on !1, in order: `(text, on a line of the diff)`. Returns
/// their ids and the position of the one on a line.
async fn drafted(harness: &Harness, drafts: &[(&str, bool)]) -> (Vec<u64>, Value) {
    let gitlab = sandbox_client(harness);
    let threads = gitlab
        .send(merge_request(ApiRequest::get()).segment("discussions"))
        .await
        .unwrap();
    let position = threads.body[0]["notes"][0]["position"].clone();
    let mut ids = Vec::new();
    for (note, on_a_line) in drafts {
        let mut body = json!({"note": note});
        if *on_a_line {
            body["position"] = position.clone();
        }
        let write = merge_request(ApiRequest::post()).segment("draft_notes");
        let draft = gitlab.send(write.json(body)).await.unwrap().body;
        ids.push(draft["id"].as_u64().unwrap());
    }
    harness.sandbox.clear_requests();
    (ids, position)
}

/// The drafts still on !1, as GitLab lists them.
async fn drafts_left(harness: &Harness) -> Vec<Value> {
    let gitlab = sandbox_client(harness);
    let list = merge_request(ApiRequest::get()).segment("draft_notes");
    let drafts = gitlab.send(list).await.unwrap().body;
    drafts.as_array().cloned().unwrap()
}

/// Every request GitLab received that changes something: method, path, body.
fn writes(harness: &Harness) -> Vec<(Method, String, Value)> {
    harness
        .sandbox
        .writes()
        .into_iter()
        .map(|write| (write.method, write.path, write.body))
        .collect()
}

async fn review(
    harness: &Harness,
    path: Path,
    replies: Vec<Reply>,
) -> (rmcp::model::CallToolResult, Vec<Asked>) {
    let args = json!({"project_id": "demo/sandbox", "merge_request_iid": 1});
    harness.wizard::<ReviewWizard>(path, replies, args).await
}

#[tokio::test]
async fn a_kept_an_edited_and_a_dropped_comment_are_published_as_decided_then_approved() {
    for (path, surface) in RUNS {
        let at = format!("{path:?} {surface:?}");
        let harness = Harness::new(surface).await;
        let (ids, position) = drafted(
            &harness,
            &[
                ("Nice **fix**.", false),
                ("Why minus one?", true),
                ("Typo in the title", false),
            ],
        )
        .await;
        let replies = vec![
            pick("keep"),
            pick("edit"),
            answer("text", "Why not stop at the sentinel?"),
            pick("drop"),
            pick("approve"),
            yes(),
        ];
        let (result, asked) = review(&harness, path, replies).await;
        assert_eq!(result.is_error, Some(false), "{at}: {}", text(&result));
        assert_eq!(
            keys(&asked),
            [
                "decision", "decision", "text", "decision", "verdict", "confirm"
            ],
            "{at}"
        );
        // The merge request first, then each draft where it sits, its text escaped.
        assert_eq!(
            asked[0].message,
            format!(
                "Review of merge request !1 in `demo/sandbox`: `Fix off-by-one in tokenizer`\n\n\
                 - Branches: `fix/tokenizer` -> `main`\n\n\
                 Draft comment 1 of 3, a general comment:\n\n`Nice **fix**.`\n\n{DECIDE}"
            ),
            "{at}"
        );
        assert_eq!(
            asked[1].message,
            format!(
                "Draft comment 2 of 3, on `src/tokenizer.rs:16`:\n\n`Why minus one?`\n\n{DECIDE}"
            )
        );
        // The text to edit starts as the draft's, for the user to change.
        assert_eq!(
            asked[2].message,
            format!(
                "Draft comment 2 of 3, on `src/tokenizer.rs:16`:\n\n`Why minus one?`\n\n{EDIT}"
            )
        );
        assert_eq!(
            asked[2].schema["properties"]["text"]["default"],
            "Why minus one?"
        );
        let verdicts: Vec<&Value> = asked[4].schema["properties"]["selection"]["oneOf"]
            .as_array()
            .unwrap()
            .iter()
            .map(|option| &option["const"])
            .collect();
        assert_eq!(verdicts, ["comment", "approve", "request_changes"]);
        assert_eq!(
            asked[5].message,
            "Review of merge request !1 in `demo/sandbox`: `Fix off-by-one in tokenizer`\n\n\
             - Branches: `fix/tokenizer` -> `main`\n\n\
             Publish 2 comments on !1 in `demo/sandbox` and approve it?\n\n\
             - Kept, a general comment: `Nice **fix**.`\n\
             - Edited, on `src/tokenizer.rs:16`: `Why not stop at the sentinel?`\n\
             - Dropped, a general comment: `Typo in the title`"
        );
        // The edit (with its position, which GitLab's update would otherwise clear), the
        // deletion, the publishing, the approval: in that order, nothing else.
        let drafts = "/api/v4/projects/demo/sandbox/merge_requests/1/draft_notes";
        let mut on_the_line = position.clone();
        on_the_line
            .as_object_mut()
            .unwrap()
            .retain(|_, value| !value.is_null());
        assert_eq!(
            writes(&harness),
            [
                (
                    Method::PUT,
                    format!("{drafts}/{}", ids[1]),
                    json!({"note": "Why not stop at the sentinel?", "position": on_the_line})
                ),
                (Method::DELETE, format!("{drafts}/{}", ids[2]), Value::Null),
                (Method::POST, format!("{drafts}/bulk_publish"), json!({})),
                (
                    Method::POST,
                    "/api/v4/projects/demo/sandbox/merge_requests/1/approve".to_owned(),
                    Value::Null
                ),
            ],
            "{at}"
        );
        assert_eq!(
            result.structured_content.as_ref().unwrap()["message"],
            "Published 2 comments on !1 (1 edited first), deleted 1 dropped draft and approved it."
        );
        assert!(drafts_left(&harness).await.is_empty(), "{at}");
        let gitlab = sandbox_client(&harness);
        let threads = gitlab
            .send(merge_request(ApiRequest::get()).segment("discussions"))
            .await
            .unwrap()
            .body
            .to_string();
        assert!(threads.contains("Nice **fix**."), "{at}");
        assert!(threads.contains("Why not stop at the sentinel?"), "{at}");
        assert!(!threads.contains("Typo in the title"), "{at}");
        let approvals = gitlab
            .send(merge_request(ApiRequest::get()).segment("approvals"))
            .await
            .unwrap()
            .body;
        assert_eq!(
            approvals["approved_by"][0]["user"]["username"],
            "sandbox-user"
        );
    }
}

#[tokio::test]
async fn a_no_a_decline_or_a_cancel_anywhere_sends_nothing_and_leaves_the_drafts() {
    let endings: [(&str, Vec<Reply>); 4] = [
        (
            "a no at the summary",
            vec![
                pick("keep"),
                pick("edit"),
                answer("text", "Changed"),
                pick("comment"),
                no(),
            ],
        ),
        ("a cancel at a draft", vec![pick("keep"), cancel()]),
        ("a decline of the edit", vec![pick("edit"), decline()]),
        (
            "a decline of the verdict",
            vec![pick("drop"), pick("drop"), decline()],
        ),
    ];
    for (path, surface) in RUNS {
        for (ending, replies) in &endings {
            let at = format!("{path:?} {surface:?}: {ending}");
            let harness = Harness::new(surface).await;
            drafted(&harness, &[("First", false), ("Second", true)]).await;
            let before = drafts_left(&harness).await;
            let (result, _) = review(&harness, path, replies.clone()).await;
            assert_eq!(result.is_error, Some(true), "{at}");
            // A no at the summary is an Accept with its box unticked, and says so.
            let ended = if ending.ends_with("summary") {
                "Not published: the box 'Publish the review' was not ticked."
            } else {
                "Review cancelled by user."
            };
            assert_eq!(text(&result), ended, "{at}");
            harness.nothing_written();
            // Not even the edit was saved.
            assert_eq!(drafts_left(&harness).await, before, "{at}");
        }
    }
}

#[tokio::test]
async fn without_drafts_there_is_nothing_to_review() {
    for (path, surface) in RUNS {
        let harness = Harness::new(surface).await;
        let (result, asked) = review(&harness, path, vec![]).await;
        assert!(asked.is_empty(), "{path:?}: nothing was asked");
        assert_eq!(
            text(&result),
            "Review stopped: You have no draft comments on !1 in `demo/sandbox`: there is \
             nothing to review. Write them first with `merge_request.draft_note_create`, then \
             call this wizard again. Nothing was sent to GitLab."
        );
        harness.nothing_written();
    }
}

#[tokio::test]
async fn the_summary_names_every_command_a_published_draft_runs() {
    for (path, surface) in RUNS {
        let at = format!("{path:?} {surface:?}");
        let harness = Harness::new(surface).await;
        drafted(
            &harness,
            &[
                ("Ship it\n/merge", false),
                ("Dropped, so never run\n/close", false),
                ("Fine", true),
            ],
        )
        .await;
        let replies = vec![
            pick("keep"),
            pick("drop"),
            pick("edit"),
            answer("text", "Fine\n/label ~bug"),
            pick("request_changes"),
            yes(),
        ];
        let (result, asked) = review(&harness, path, replies).await;
        let summary = &asked.last().unwrap().message;
        assert!(
            summary.ends_with(
                "Publishing runs the GitLab quick actions in these comments:\n\
                 - `/merge` in comment 1 (a general comment): it merges !1\n\
                 - `/label ~bug` in comment 3 (on `src/tokenizer.rs:16`): it adds labels to !1"
            ),
            "{at}: {summary}"
        );
        assert!(
            !summary.contains("`/close` in"),
            "{at}: a dropped draft runs nothing"
        );
        assert!(
            summary.contains("Publish 2 comments on !1 in `demo/sandbox` and request changes?"),
            "{at}: {summary}"
        );
        assert_eq!(result.is_error, Some(false), "{at}: {}", text(&result));
        let publish = harness.sent(
            Method::POST,
            "/api/v4/projects/demo%2Fsandbox/merge_requests/1/draft_notes/bulk_publish",
        );
        assert_eq!(publish.body, json!({"reviewer_state": "requested_changes"}));
    }
}

#[tokio::test]
async fn a_published_draft_reaching_a_project_off_the_allow_list_refuses_the_review() {
    for (path, surface) in RUNS {
        let at = format!("{path:?} {surface:?}");
        let access = Access {
            projects: Some(AllowedProjects::parse("demo/sandbox").unwrap()),
            ..Access::default()
        };
        let harness = Harness::with_access(surface, access).await;
        drafted(&harness, &[("Same as\n/copy_metadata other/app!3", false)]).await;
        let before = drafts_left(&harness).await;
        let replies = vec![pick("keep"), pick("comment"), yes()];
        let (result, asked) = review(&harness, path, replies).await;
        assert_eq!(keys(&asked), ["decision", "verdict", "confirm"], "{at}");
        assert!(
            asked[2]
                .message
                .contains("`/copy_metadata other/app!3` in comment 1"),
            "{at}: the summary named it"
        );
        assert_eq!(result.is_error, Some(true), "{at}");
        let refusal = text(&result);
        assert!(refusal.contains("other/app"), "{at}: {refusal}");
        assert!(
            refusal.contains("GITLAB_MCP_ALLOWED_PROJECTS"),
            "{at}: {refusal}"
        );
        harness.nothing_written();
        assert_eq!(drafts_left(&harness).await, before, "{at}");
    }
}

/// One round of the review on 2026-07-28, through `pair`: the call carrying the answer to
/// the question asked last round and that round's state.
async fn round(
    harness: &Harness,
    pair: &Pair,
    state: Option<&str>,
    answered: Option<(&str, Value)>,
) -> CallToolResponse {
    let args = json!({"project_id": "demo/sandbox", "merge_request_iid": 1});
    let id = ReviewWizard::INFO.id.unwrap();
    let (tool, arguments) = harness.tool_call(id, args, false);
    let arguments = arguments.as_object().unwrap().clone();
    let mut call = CallToolRequestParams::new(tool).with_arguments(arguments);
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
    pair.client.call_tool_once(call).await.unwrap()
}

/// The one question a round asks, and the state to send back with its answer.
fn asked_once(response: &CallToolResponse) -> (String, String) {
    let CallToolResponse::InputRequired(round) = response else {
        panic!("expected another round, got {response:?}");
    };
    let keys: Vec<&String> = round.input_requests.as_ref().unwrap().keys().collect();
    assert_eq!(keys.len(), 1, "one question per round");
    (keys[0].clone(), round.request_state.clone().unwrap())
}

/// A client that repeats the round carrying the yes (a retry after a lost response, or a
/// replay) gets the first answer again; GitLab saw one publishing.
#[tokio::test]
async fn a_repeated_final_yes_publishes_once() {
    for surface in [
        SurfaceKind::Dynamic,
        SurfaceKind::Meta,
        SurfaceKind::Individual,
    ] {
        let at = format!("{surface:?}");
        let harness = Harness::new(surface).await;
        drafted(
            &harness,
            &[("Kept", false), ("Edited", true), ("Dropped", false)],
        )
        .await;
        // A client that can be asked, answering by hand below.
        let client = ScriptedClient::new(Elicit::Form, vec![]);
        let pair = connect(harness.server.clone().into_service(), Path::Mrtr, client).await;
        let mut answers = vec![
            ("decision", json!({"selection": "keep"})),
            ("decision", json!({"selection": "edit"})),
            ("text", json!({"text": "Edited, better"})),
            ("decision", json!({"selection": "drop"})),
            ("verdict", json!({"selection": "approve"})),
        ]
        .into_iter();
        let (mut key, mut state) = asked_once(&round(&harness, &pair, None, None).await);
        while key != "confirm" {
            let (expected, content) = answers.next().expect("no more questions than answers");
            assert_eq!(key, expected, "{at}");
            (key, state) =
                asked_once(&round(&harness, &pair, Some(&state), Some((&key, content))).await);
        }
        let yes = || Some(("confirm", json!({"confirmed": true})));
        let first = round(&harness, &pair, Some(&state), yes()).await;
        let again = round(&harness, &pair, Some(&state), yes()).await;
        pair.close().await;
        let (CallToolResponse::Complete(first), CallToolResponse::Complete(again)) = (first, again)
        else {
            panic!("{at}: the yes ends the call");
        };
        assert_eq!(first.is_error, Some(false), "{at}: {}", text(&first));
        assert_eq!(text(&first), text(&again), "{at}: the same answer");
        assert_eq!(first.structured_content, again.structured_content, "{at}");
        let sent: Vec<String> = writes(&harness)
            .into_iter()
            .map(|(method, path, _)| format!("{method} {}", path.rsplit('/').next().unwrap()))
            .collect();
        assert_eq!(
            sent.len(),
            4,
            "{at}: one edit, deletion, publishing, approval: {sent:?}"
        );
        assert_eq!(sent[2], "POST bulk_publish", "{at}");
        assert_eq!(sent[3], "POST approve", "{at}");
    }
}
