//! One action of each area the catalog grew by — work items over GraphQL, epics, boards,
//! resource events, approval rules, uploads, merge trains, packages, the container registry,
//! runners, vulnerabilities, feature flags — through the binary, on every surface and both
//! revisions: GitLab receives exactly the request the action names (method, encoded path,
//! what the body or form carries), the answer is GitLab's object made compact, and an
//! action that loses work sends nothing on a no and its request once on a yes.

use crate::common::spec;
use crate::common::{
    Launch, REVISIONS, Reply, SURFACES, Session, Surface, assert_nothing_sent, no, yes,
};
use gitlab_sandbox::RecordedRequest;
use serde_json::{Value, json};

const P: &str = "demo/sandbox";

/// One action's run, and what GitLab must receive.
struct Area {
    /// Run first, to have something to act on.
    before: Vec<(&'static str, Value)>,
    action: &'static str,
    params: Value,
    method: &'static str,
    raw_path: &'static str,
    /// What the sent request must hold, and what the answer must have.
    check: fn(&RecordedRequest, &Value),
    /// Loses work: asked first (a no sends nothing), sent once on a yes.
    asks: bool,
}

fn areas() -> Vec<Area> {
    vec![
        Area {
            before: vec![],
            action: "work_item.create",
            params: json!({"namespace_path": P, "work_item_type": "task", "title": "Cover Unicode words"}),
            method: "POST",
            raw_path: "/api/graphql",
            check: |sent, answer| {
                assert_eq!(sent.body["operationName"], "workItemCreate");
                assert_eq!(
                    sent.body["variables"]["input"]["title"],
                    "Cover Unicode words"
                );
                assert_eq!(answer["title"], "Cover Unicode words", "{answer}");
            },
            asks: false,
        },
        Area {
            before: vec![],
            action: "epic.list",
            params: json!({"group_id": "demo", "state": "opened"}),
            method: "GET",
            raw_path: "/api/v4/groups/demo/epics",
            check: |sent, answer| {
                assert!(
                    sent.query.contains(&("state".into(), "opened".into())),
                    "{sent:?}"
                );
                assert!(answer["items"][0]["iid"].is_u64(), "{answer}");
            },
            asks: false,
        },
        Area {
            before: vec![(
                "label.create",
                json!({"project_id": P, "name": "docs", "color": "#00aa00"}),
            )],
            action: "board_list.create",
            params: json!({"project_id": P, "board_id": 1, "label_id": 3}),
            method: "POST",
            raw_path: "/api/v4/projects/demo%2Fsandbox/boards/1/lists",
            check: |sent, answer| {
                assert_eq!(sent.body["label_id"], 3, "{sent:?}");
                assert!(answer["id"].is_u64(), "{answer}");
            },
            asks: false,
        },
        Area {
            before: vec![],
            action: "issue.label_event_list",
            params: json!({"project_id": P, "issue_iid": 1}),
            method: "GET",
            raw_path: "/api/v4/projects/demo%2Fsandbox/issues/1/resource_label_events",
            check: |_, answer| assert!(answer["items"][0]["action"].is_string(), "{answer}"),
            asks: false,
        },
        Area {
            before: vec![],
            action: "approval_rule.create",
            params: json!({"project_id": P, "name": "Maintainers", "approvals_required": 2, "user_ids": [1, 2]}),
            method: "POST",
            raw_path: "/api/v4/projects/demo%2Fsandbox/approval_rules",
            check: |sent, answer| {
                assert_eq!(sent.body["approvals_required"], 2, "{sent:?}");
                assert_eq!(sent.body["user_ids"], json!([1, 2]), "{sent:?}");
                assert_eq!(answer["name"], "Maintainers", "{answer}");
            },
            asks: false,
        },
        Area {
            before: vec![],
            action: "upload.create",
            params: json!({"project_id": P, "file_name": "trace.log", "content": "panic at tokenizer.rs:3\n"}),
            method: "POST",
            raw_path: "/api/v4/projects/demo%2Fsandbox/uploads",
            check: |sent, answer| {
                // A multipart form: the file as its `file` part, whole.
                assert_eq!(sent.body["file"]["filename"], "trace.log", "{sent:?}");
                assert_eq!(sent.body["file"]["content"], "panic at tokenizer.rs:3\n");
                assert!(
                    answer["markdown"]
                        .as_str()
                        .is_some_and(|m| m.contains("trace.log")),
                    "{answer}"
                );
            },
            asks: false,
        },
        Area {
            before: vec![(
                "merge_request.create",
                json!({"project_id": P, "source_branch": "feature/x", "target_branch": "main", "title": "Word counter"}),
            )],
            action: "merge_train.add",
            params: json!({"project_id": P, "merge_request_iid": 2}),
            method: "POST",
            raw_path: "/api/v4/projects/demo%2Fsandbox/merge_trains/merge_requests/2",
            check: |_, answer| assert!(answer["items"].is_array(), "{answer}"),
            asks: true,
        },
        Area {
            before: vec![],
            action: "package.list",
            params: json!({"project_id": P, "package_type": "generic"}),
            method: "GET",
            raw_path: "/api/v4/projects/demo%2Fsandbox/packages",
            check: |sent, answer| {
                assert!(
                    sent.query
                        .contains(&("package_type".into(), "generic".into())),
                    "{sent:?}"
                );
                assert!(answer["items"].is_array(), "{answer}");
            },
            asks: false,
        },
        Area {
            before: vec![],
            action: "registry_tag.delete",
            params: json!({"project_id": P, "repository_id": 1, "tag_name": "dev-main"}),
            method: "DELETE",
            raw_path: "/api/v4/projects/demo%2Fsandbox/registry/repositories/1/tags/dev-main",
            check: |sent, _| assert!(sent.body.is_null(), "{sent:?}"),
            asks: true,
        },
        Area {
            before: vec![],
            action: "runner.pause",
            params: json!({"runner_id": 1}),
            method: "PUT",
            raw_path: "/api/v4/runners/1",
            check: |sent, answer| {
                assert_eq!(sent.body, json!({"paused": true}), "{sent:?}");
                assert_eq!(answer["paused"], true, "{answer}");
                assert!(answer.get("token").is_none(), "no runner token: {answer}");
            },
            asks: false,
        },
        Area {
            before: vec![],
            action: "vulnerability.confirm",
            params: json!({"vulnerability_id": 1, "comment": "Reproduced on main"}),
            method: "POST",
            raw_path: "/api/v4/vulnerabilities/1/confirm",
            check: |sent, answer| {
                assert_eq!(sent.body["comment"], "Reproduced on main", "{sent:?}");
                assert_eq!(answer["state"], "confirmed", "{answer}");
            },
            asks: true,
        },
        Area {
            before: vec![],
            action: "feature_flag.create",
            params: json!({"project_id": P, "name": "new_checkout", "strategies": [{"name": "default", "parameters": {}}]}),
            method: "POST",
            raw_path: "/api/v4/projects/demo%2Fsandbox/feature_flags",
            check: |sent, answer| {
                assert_eq!(sent.body["strategies"][0]["name"], "default", "{sent:?}");
                assert_eq!(answer["name"], "new_checkout", "{answer}");
            },
            asks: false,
        },
    ]
}

/// The request the action made, lookups and the version read left aside.
fn the_request(session: &Session, at: &str) -> RecordedRequest {
    let requests: Vec<RecordedRequest> = session
        .sandbox
        .requests()
        .into_iter()
        .filter(|sent| sent.path != "/api/v4/version")
        .collect();
    assert_eq!(requests.len(), 1, "{at}: one request: {requests:?}");
    requests.into_iter().next().unwrap()
}

/// Without a yes nothing is sent: the dynamic surface refuses outright, naming the action;
/// elsewhere the user is asked, and says no.
async fn refused_without_a_yes(session: &Session, area: &Area) {
    let at = format!("{} {}", session.launch, area.action);
    session.sandbox.clear_requests();
    let dynamic = session.launch.surface == Surface::Dynamic;
    let replies = if dynamic { vec![] } else { vec![no()] };
    let refused = session
        .run_action(area.action, area.params.clone(), None, replies)
        .await;
    assert!(refused.is_error(), "{at}: no yes, no call");
    if dynamic {
        assert_eq!(refused.text(), spec::dynamic_refusal(area.action), "{at}");
    } else {
        assert_eq!(refused.keys(), [spec::CONFIRM], "{at}: asked once");
    }
    assert_nothing_sent(session, &at);
}

async fn run(session: &Session, area: &Area, confirm: Option<bool>, replies: Vec<Reply>) {
    let at = format!("{} {}", session.launch, area.action);
    session.sandbox.clear_requests();
    let run = session
        .run_action(area.action, area.params.clone(), confirm, replies)
        .await;
    assert!(!run.is_error(), "{at}: {}", run.text());
    let sent = the_request(session, &at);
    assert_eq!(
        (sent.method.as_str(), sent.raw_path.as_str()),
        (area.method, area.raw_path),
        "{at}"
    );
    let answer = run.result.structured_content.clone().unwrap_or_default();
    (area.check)(&sent, &answer);
}

#[tokio::test]
async fn each_new_area_runs_through_the_binary_on_both_revisions() {
    for revision in REVISIONS {
        for (index, area) in areas().iter().enumerate() {
            // A fresh sandbox each, on the surfaces in turn.
            let surface = SURFACES[index % SURFACES.len()];
            let session = Session::start(Launch::new(surface, revision)).await;
            for (id, params) in &area.before {
                let done = session.run_action(id, params.clone(), None, []).await;
                assert!(!done.is_error(), "{} {id}: {}", session.launch, done.text());
            }
            if area.asks {
                refused_without_a_yes(&session, area).await;
                match surface {
                    // The dynamic surface's execute tool is re-sent with `confirm` instead.
                    Surface::Dynamic => run(&session, area, Some(true), vec![]).await,
                    _ => run(&session, area, None, vec![yes()]).await,
                }
            } else {
                run(&session, area, None, vec![]).await;
            }
            session.close().await;
        }
    }
}

/// The prompt the merge request area brought: it reads the merge request, its diffs and
/// what the target branch changed since the base, and sets the file both sides changed
/// side by side; it writes nothing.
#[tokio::test]
async fn explain_conflicts_reads_both_sides_through_the_binary_on_both_revisions() {
    for revision in REVISIONS {
        let session = Session::start(Launch::new(Surface::Meta, revision)).await;
        let at = session.launch.to_string();
        // `main` changes the file the merge request changes, after they diverged.
        let seeded = session
            .run_action(
                "commit.create",
                json!({"project_id": P, "branch": "main", "commit_message": "Trim tokens",
                       "actions": [{"action": "update", "file_path": "src/tokenizer.rs", "content": "pub fn tokenize(text: &str) -> Vec<&str> { text.split_whitespace().collect() }\n"}]}),
                None,
                [],
            )
            .await;
        assert!(!seeded.is_error(), "{at}: {}", seeded.text());
        session.sandbox.clear_requests();
        let result = session
            .prompt("explain_conflicts", json!({"project": P, "iid": 1}))
            .await;
        let shown: Vec<String> = result
            .messages
            .iter()
            .filter_map(|message| match &message.content {
                rmcp::model::ContentBlock::Text(text) => Some(text.text.clone()),
                _ => None,
            })
            .collect();
        assert!(
            shown
                .iter()
                .any(|text| text
                    .contains("# Conflicts of merge request !1: `fix/tokenizer` → `main`")),
            "{at}: {shown:#?}"
        );
        let conflicts = shown
            .iter()
            .find(|text| text.contains("# Conflicts"))
            .unwrap();
        for expected in [
            "## Files both branches changed since they diverged (1)",
            "### `src/tokenizer.rs`",
            "The target branch's change (`main`):\n\n```diff\n",
        ] {
            assert!(
                conflicts.contains(expected),
                "{at}: {expected}\n{conflicts}"
            );
        }
        assert!(
            shown
                .iter()
                .any(|text| text.contains("propose how to resolve")),
            "{at}: {shown:#?}"
        );
        let written: Vec<String> = session
            .sandbox
            .requests()
            .iter()
            .filter(|sent| sent.method != reqwest::Method::GET)
            .map(|sent| format!("{} {}", sent.method, sent.path))
            .collect();
        assert!(written.is_empty(), "{at}: a prompt only reads: {written:?}");
        session.close().await;
    }
}
