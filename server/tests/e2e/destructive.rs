//! The destructive guard over the real binary: every destructive action on every
//! surface and both revisions, with and without `confirm`, under YOLO, AUTOPILOT and
//! `GITLAB_MCP_YOLO_MODE=false` + `AUTOPILOT=true`, with a client that can elicit (answering
//! yes, no, decline, cancel), one that cannot, and one that declared url mode only.

use std::sync::atomic::{AtomicUsize, Ordering};

use crate::common::spec::{self, CANCELED, CONFIRM, REAPPROVE};
use crate::common::{
    Elicit, Launch, REVISIONS, Reply, SURFACES, Session, Surface, assert_nothing_sent,
    concurrently, no, seed, yes,
};
use serde_json::{Value, json};

const ACTIONS: [&str; 5] = [
    "issue.delete",
    "merge_request.delete",
    "merge_request.merge",
    "release.delete",
    "project.delete",
];

/// The guard's yes/no is labelled with the action's title as a question.
fn guard_title(action: &str) -> &'static str {
    match action {
        "issue.delete" => "Delete issue",
        "merge_request.delete" => "Delete merge request",
        "merge_request.merge" => "Merge merge request",
        "release.delete" => "Delete release",
        "project.delete" => "Delete project",
        other => panic!("no guard title written for `{other}`"),
    }
}

/// The operator's settings, as environment variables.
#[derive(Debug, Clone, Copy)]
enum Setting {
    Unset,
    Yolo,
    Autopilot,
    YoloFalseBeatsAutopilot,
}

impl Setting {
    fn env(self) -> &'static [(&'static str, &'static str)] {
        match self {
            Setting::Unset => &[],
            Setting::Yolo => &[("GITLAB_MCP_YOLO_MODE", "true")],
            Setting::Autopilot => &[("AUTOPILOT", "true")],
            Setting::YoloFalseBeatsAutopilot => {
                &[("GITLAB_MCP_YOLO_MODE", "false"), ("AUTOPILOT", "true")]
            }
        }
    }

    fn autonomous(self) -> bool {
        matches!(self, Setting::Yolo | Setting::Autopilot)
    }
}

/// Something fresh for the action to destroy, and the request that destroys it.
struct Target {
    params: Value,
    method: &'static str,
    path: String,
}

/// Names seeded branches, tags and projects apart.
static SEEDED: AtomicUsize = AtomicUsize::new(0);

async fn target(session: &Session, action: &str) -> Target {
    let sandbox = &session.sandbox;
    let n = SEEDED.fetch_add(1, Ordering::Relaxed);
    let target = match action {
        "issue.delete" => {
            let issue = seed(session, "projects/1/issues", json!({"title": "seed"})).await;
            let iid = issue["iid"].as_u64().expect("an iid");
            Target {
                params: json!({"project_id": 1, "issue_iid": iid}),
                method: "DELETE",
                path: format!("/api/v4/projects/1/issues/{iid}"),
            }
        }
        "merge_request.delete" | "merge_request.merge" => {
            let branch = format!("seed-{n}");
            seed(
                session,
                "projects/1/repository/branches",
                json!({"branch": branch, "ref": "main"}),
            )
            .await;
            let body = json!({"source_branch": branch, "target_branch": "main", "title": "seed"});
            let mr = seed(session, "projects/1/merge_requests", body).await;
            let iid = mr["iid"].as_u64().expect("an iid");
            let (method, tail) = if action == "merge_request.merge" {
                ("PUT", "/merge")
            } else {
                ("DELETE", "")
            };
            Target {
                params: json!({"project_id": 1, "merge_request_iid": iid}),
                method,
                path: format!("/api/v4/projects/1/merge_requests/{iid}{tail}"),
            }
        }
        "release.delete" => {
            let tag = format!("seed-{n}");
            seed(
                session,
                "projects/1/releases",
                json!({"tag_name": tag, "ref": "main"}),
            )
            .await;
            Target {
                params: json!({"project_id": 1, "tag_name": tag}),
                method: "DELETE",
                path: format!("/api/v4/projects/1/releases/{tag}"),
            }
        }
        "project.delete" => {
            let project = seed(session, "projects", json!({"name": format!("seed-{n}")})).await;
            let id = project["id"].as_u64().expect("an id");
            Target {
                params: json!({"project_id": id}),
                method: "DELETE",
                path: format!("/api/v4/projects/{id}"),
            }
        }
        other => panic!("no target for {other}"),
    };
    sandbox.clear_requests();
    target
}

/// What one call should do.
#[derive(Debug, Clone, PartialEq)]
enum Expect {
    Proceed,
    /// Refused without asking; the text.
    Refused(String),
    /// One yes/no is asked; then proceed on yes; a no (its box unticked) says so, a decline
    /// or cancel `Operation canceled by user.`
    Ask(Reply),
}

fn expect(
    setting: Setting,
    session: &Session,
    action: &str,
    confirm: Option<bool>,
    reply: &Reply,
) -> Expect {
    if setting.autonomous() || confirm == Some(true) {
        return Expect::Proceed;
    }
    match (session.launch.surface, session.launch.elicit) {
        (Surface::Dynamic, _) => Expect::Refused(spec::dynamic_refusal(action)),
        // A url-only client cannot take a form question either.
        (_, Elicit::None | Elicit::UrlOnly) => Expect::Refused(String::new()),
        _ => Expect::Ask(reply.clone()),
    }
}

async fn one_call(
    setting: Setting,
    session: &Session,
    action: &str,
    confirm: Option<bool>,
    reply: Reply,
) {
    let expected = expect(setting, session, action, confirm, &reply);
    let at = format!(
        "{} {action} confirm={confirm:?} expecting {expected:?}",
        session.launch
    );
    let target = target(session, action).await;
    let replies = match expected {
        Expect::Ask(_) => vec![reply.clone()],
        // An empty script: a question the guard must not ask fails the call.
        _ => Vec::new(),
    };
    let run = session
        .run_action(action, target.params, confirm, replies)
        .await;
    let proceeds = match &expected {
        Expect::Proceed => true,
        Expect::Refused(_) => false,
        Expect::Ask(reply) => *reply == yes(),
    };
    match &expected {
        Expect::Ask(_) => {
            assert_eq!(run.keys(), [CONFIRM], "{at}: one question, key `confirm`");
            let asked = &run.asked[0];
            assert_eq!(
                asked.schema,
                spec::yes_no_schema(guard_title(action), &asked.message),
                "{at}: a yes/no starting on no"
            );
        }
        _ => assert!(
            run.asked.is_empty(),
            "{at}: nothing is asked, got {:?}",
            run.asked
        ),
    }
    if proceeds {
        assert!(
            !run.is_error(),
            "{at}: {}; {}",
            run.text(),
            session.context()
        );
        let requests = session.sandbox.requests();
        let sent: Vec<(&str, &str)> = requests
            .iter()
            .map(|r| (r.method.as_str(), r.path.as_str()))
            .collect();
        assert_eq!(
            sent,
            [(target.method, target.path.as_str())],
            "{at}: GitLab received"
        );
        let structured = run.result.structured_content.clone().unwrap_or_default();
        if action == "merge_request.merge" {
            assert_eq!(structured["state"], "merged", "{at}: {structured}");
        } else {
            assert_eq!(structured["deleted"], true, "{at}: {structured}");
        }
        return;
    }
    assert!(run.is_error(), "{at}: isError");
    let text = run.text();
    match &expected {
        Expect::Refused(exact) if !exact.is_empty() => assert_eq!(&text, exact, "{at}"),
        Expect::Refused(_) => {
            assert!(
                text.ends_with(REAPPROVE),
                "{at}: {text:?} ends with the re-approve sentence"
            );
            assert!(
                text.contains(&format!("\"{action}\"")),
                "{at}: {text:?} names the action"
            );
        }
        // Accept with the box unticked is said as such, not as the user's cancel.
        Expect::Ask(reply) if *reply == no() => assert_eq!(
            text,
            format!(
                "Not executed: the box '{}' was not ticked, so nothing was sent to GitLab.",
                guard_title(action)
            ),
            "{at}"
        ),
        _ => assert_eq!(text, CANCELED, "{at}"),
    }
    assert_nothing_sent(session, &at);
}

async fn every_action(setting: Setting, session: &Session) {
    for action in ACTIONS {
        one_call(setting, session, action, Some(true), yes()).await;
        for reply in [yes(), no(), Reply::Decline, Reply::Cancel] {
            one_call(setting, session, action, None, reply).await;
        }
        // `confirm: false` is no confirmation.
        one_call(setting, session, action, Some(false), no()).await;
    }
}

async fn guard(setting: Setting) {
    let mut sessions = Vec::new();
    for surface in SURFACES {
        for revision in REVISIONS {
            for elicit in [Elicit::Form, Elicit::None, Elicit::UrlOnly] {
                sessions.push(async move {
                    let launch = Launch::new(surface, revision)
                        .elicit(elicit)
                        .env(setting.env());
                    let session = Session::start(launch).await;
                    every_action(setting, &session).await;
                    session.close().await;
                });
            }
        }
    }
    concurrently(sessions).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_yolo_or_autopilot() {
    guard(Setting::Unset).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_yolo() {
    guard(Setting::Yolo).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_autopilot() {
    guard(Setting::Autopilot).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn yolo_false_beats_autopilot() {
    guard(Setting::YoloFalseBeatsAutopilot).await;
}
