//! The two guards that depend on a call's arguments — `project.update` making a project
//! public, `project.pull_mirror_configure` leaving an enabled mirror that overwrites
//! diverged branches — on all three surfaces, the dynamic one included, and both wire
//! paths: asked with one GET read first; skipped with no read by `confirm: true` or
//! YOLO/AUTOPILOT; refused for a client that cannot be asked; a no, a decline or a cancel
//! sends nothing; settings that cannot be read are refused; and the calls that never ask.

use crate::surfaces::SurfaceKind;
use crate::tests::common::mcp::{Harness, text};
use gitlab_sandbox::FaultSpec;
use reqwest::Method;
use rmcp::model::{CallToolResult, ClientCapabilities};
use serde_json::{Value, json};
use wizard::testkit::{Path, Reply, cancel, decline, no, yes};

const SURFACES: [SurfaceKind; 3] = [
    SurfaceKind::Dynamic,
    SurfaceKind::Meta,
    SurfaceKind::Individual,
];
const PATHS: [Path; 2] = [Path::Sync, Path::Mrtr];

const REAPPROVE: &str =
    "Re-send with confirm=true only after the user explicitly approves this operation.";
const CANCELED: &str = "Operation canceled by user.";
/// A no: the form accepted with its box unticked.
const UNTICKED: &str =
    "Not executed: the box 'Update project' was not ticked, so nothing was sent to GitLab.";

const PUBLIC: &str = "Make project `demo/sandbox` public? It is private now: once public, \
                      anyone, signed in or not, can see its code, issues, merge requests and wiki.";

/// The reads of a call that asked: one per round, as on 2026-07-28 the call runs again
/// with the answer and reads again, so that the answer applies to the settings as they are
/// when it is sent.
fn reads(path: Path, read: &'static str) -> Vec<&'static str> {
    match path {
        Path::Sync => vec![read],
        _ => vec![read, read],
    }
}

fn eliciting() -> ClientCapabilities {
    ClientCapabilities::builder().enable_elicitation().build()
}

/// Calls action `id` on the harness's surface, unconfirmed, from a client with
/// `capabilities` on `path` answering `replies`; the result and the messages asked.
async fn call(
    harness: &Harness,
    path: Path,
    capabilities: ClientCapabilities,
    replies: Vec<Reply>,
    id: &str,
    params: Value,
) -> (CallToolResult, Vec<String>) {
    let (tool, arguments) = harness.tool_call(id, params, false);
    harness
        .call_eliciting(path, capabilities, replies, &tool, arguments)
        .await
}

/// The GETs and the writes GitLab received, as `METHOD path`.
fn received(harness: &Harness) -> Vec<String> {
    harness
        .sandbox
        .requests()
        .iter()
        .map(|r| format!("{} {}", r.method, r.path))
        .collect()
}

const READ_PROJECT: &str = "GET /api/v4/projects/demo/sandbox";
const UPDATE_PROJECT: &str = "PUT /api/v4/projects/demo/sandbox";
const READ_MIRROR: &str = "GET /api/v4/projects/demo/sandbox/mirror/pull";
const CONFIGURE_MIRROR: &str = "PUT /api/v4/projects/demo/sandbox/mirror/pull";

fn make_public() -> Value {
    json!({"project_id": "demo/sandbox", "visibility": "public"})
}

#[tokio::test]
async fn making_a_private_project_public_asks_first_on_every_surface() {
    for surface in SURFACES {
        for path in PATHS {
            let at = format!("{surface:?} {path:?}");
            let harness = Harness::new(surface).await;
            for (refusal, refusal_is_no) in [(no(), true), (decline(), false), (cancel(), false)] {
                harness.sandbox.clear_requests();
                let (result, asked) = call(
                    &harness,
                    path,
                    eliciting(),
                    vec![refusal],
                    "project.update",
                    make_public(),
                )
                .await;
                assert_eq!(asked, [PUBLIC], "{at}");
                assert_eq!(result.is_error, Some(true), "{at}");
                let ended = if refusal_is_no { UNTICKED } else { CANCELED };
                assert_eq!(text(&result), ended, "{at}");
                assert_eq!(
                    received(&harness),
                    reads(path, READ_PROJECT),
                    "{at}: no write"
                );
            }

            harness.sandbox.clear_requests();
            let (result, asked) = call(
                &harness,
                path,
                eliciting(),
                vec![yes()],
                "project.update",
                make_public(),
            )
            .await;
            assert_eq!(asked, [PUBLIC], "{at}");
            assert_eq!(result.is_error, Some(false), "{at}: {}", text(&result));
            let mut sent = reads(path, READ_PROJECT);
            sent.push(UPDATE_PROJECT);
            assert_eq!(received(&harness), sent, "{at}");
            assert_eq!(
                result.structured_content.unwrap()["visibility"],
                "public",
                "{at}"
            );
        }
    }
}

#[tokio::test]
async fn confirm_or_yolo_skip_the_question_and_the_read() {
    for surface in SURFACES {
        let harness = Harness::new(surface).await;
        // `run` sends `confirm: true`, as after the user approved.
        harness.ok("project.update", make_public()).await;
        assert_eq!(received(&harness), [UPDATE_PROJECT], "{surface:?}");

        let yolo = Harness::autonomous(surface).await;
        let (result, asked) = call(
            &yolo,
            Path::Mrtr,
            eliciting(),
            vec![],
            "project.update",
            make_public(),
        )
        .await;
        assert!(asked.is_empty(), "{surface:?}");
        assert_eq!(result.is_error, Some(false), "{surface:?}");
        assert_eq!(received(&yolo), [UPDATE_PROJECT], "{surface:?}");
    }
}

#[tokio::test]
async fn a_client_that_cannot_be_asked_is_told_how_to_resend() {
    for surface in SURFACES {
        let harness = Harness::new(surface).await;
        let (tool, arguments) = harness.tool_call("project.update", make_public(), false);
        let result = harness.call_tool(&tool, arguments).await;
        assert_eq!(result.is_error, Some(true), "{surface:?}");
        assert_eq!(
            text(&result),
            format!(
                "{tool}: action \"project.update\" would make a private or internal project \
                 public and this client cannot be asked to confirm it (it declared no form \
                 elicitation). {REAPPROVE}"
            )
        );
        assert_eq!(received(&harness), [READ_PROJECT], "{surface:?}");
    }
}

#[tokio::test]
async fn other_updates_never_ask() {
    for surface in SURFACES {
        let harness = Harness::new(surface).await;
        // Not making it public: nothing read, nothing asked.
        for params in [
            json!({"project_id": "demo/sandbox", "description": "Tokenizer"}),
            json!({"project_id": "demo/sandbox", "visibility": "internal"}),
        ] {
            harness.sandbox.clear_requests();
            let (result, asked) = call(
                &harness,
                Path::Mrtr,
                eliciting(),
                vec![],
                "project.update",
                params,
            )
            .await;
            assert!(asked.is_empty(), "{surface:?}");
            assert_eq!(result.is_error, Some(false), "{}", text(&result));
            assert_eq!(received(&harness), [UPDATE_PROJECT], "{surface:?}");
        }
        // Public already: read, then sent without a question, even to a client that
        // cannot be asked.
        harness.ok("project.update", make_public()).await;
        harness.sandbox.clear_requests();
        let (tool, arguments) = harness.tool_call("project.update", make_public(), false);
        let result = harness.call_tool(&tool, arguments).await;
        assert_eq!(result.is_error, Some(false), "{}", text(&result));
        assert_eq!(received(&harness), [READ_PROJECT, UPDATE_PROJECT]);
    }
}

#[tokio::test]
async fn settings_that_cannot_be_read_are_refused() {
    for surface in SURFACES {
        let harness = Harness::new(surface).await;
        harness.sandbox.fail_matching(
            Method::GET,
            "/projects/demo/sandbox",
            FaultSpec::status(500).times(1),
        );
        let (result, asked) = call(
            &harness,
            Path::Sync,
            eliciting(),
            vec![yes()],
            "project.update",
            make_public(),
        )
        .await;
        assert!(asked.is_empty(), "{surface:?}");
        assert_eq!(result.is_error, Some(true));
        let text = text(&result);
        assert!(
            text.contains("action \"project.update\" could not read what it would change"),
            "{text}"
        );
        assert!(text.ends_with(REAPPROVE), "{text}");
        harness.nothing_written();
    }
}

const SOURCE: &str = "https://mirror-bot:not-a-real-token@gitlab.example.com/up/stream.git";

fn overwriting(project: &str, source: &str) -> String {
    format!(
        "Set the pull mirror of project `{project}` to pull from {source} and overwrite \
         diverged branches? Every branch of `{project}` that has diverged from the source \
         will be overwritten at each update: commits made only in `{project}` will be lost."
    )
}

fn mirror(settings: Value) -> Value {
    let mut params = settings;
    params["project_id"] = json!("demo/sandbox");
    params
}

/// The pull mirror's decision table: the arguments, the mirror before the call (`None`:
/// never set up), and whether the call asks (the question) or not.
fn mirror_table() -> Vec<(Value, Option<Value>, Option<String>)> {
    let named = overwriting(
        "demo/sandbox",
        "`https[:]//gitlab.example.com/up/stream.git`",
    );
    let configured = overwriting("demo/sandbox", "its configured mirror source");
    let safe =
        json!({"enabled": true, "url": SOURCE, "mirror_overwrites_diverged_branches": false});
    let overwriting_off =
        json!({"enabled": false, "url": SOURCE, "mirror_overwrites_diverged_branches": true});
    let overwriting_on =
        json!({"enabled": true, "url": SOURCE, "mirror_overwrites_diverged_branches": true});
    vec![
        // Arming the flag on a new mirror, and on an enabled one.
        (overwriting_on.clone(), None, Some(named.clone())),
        (
            json!({"mirror_overwrites_diverged_branches": true}),
            Some(safe.clone()),
            Some(configured.clone()),
        ),
        // Enabling a mirror that overwrites already.
        (
            json!({"enabled": true}),
            Some(overwriting_off.clone()),
            Some(configured),
        ),
        // Pointing an overwriting mirror at another URL.
        (
            json!({"url": "https://gitlab.example.com/other/place.git"}),
            Some(overwriting_on.clone()),
            Some(overwriting(
                "demo/sandbox",
                "`https[:]//gitlab.example.com/other/place.git`",
            )),
        ),
        // Never asks: the same source, unrelated edits, a mirror that stays safe or off.
        (json!({"url": SOURCE}), Some(overwriting_on.clone()), None),
        (
            json!({"mirror_trigger_builds": true}),
            Some(overwriting_on.clone()),
            None,
        ),
        (json!({"enabled": true}), Some(safe), None),
        (
            json!({"mirror_overwrites_diverged_branches": true}),
            Some(json!({"enabled": false, "url": SOURCE})),
            None,
        ),
    ]
}

#[tokio::test]
async fn a_pull_mirror_that_would_overwrite_diverged_branches_asks_first() {
    for surface in SURFACES {
        for path in PATHS {
            for (params, before, question) in mirror_table() {
                let at = format!("{surface:?} {path:?} {params} after {before:?}");
                let harness = Harness::new(surface).await;
                if let Some(before) = before {
                    harness
                        .ok("project.pull_mirror_configure", mirror(before))
                        .await;
                }
                harness.sandbox.clear_requests();
                let replies = if question.is_some() {
                    vec![decline()]
                } else {
                    vec![]
                };
                let (result, asked) = call(
                    &harness,
                    path,
                    eliciting(),
                    replies,
                    "project.pull_mirror_configure",
                    mirror(params.clone()),
                )
                .await;
                match &question {
                    Some(question) => {
                        assert_eq!(asked, [question.as_str()], "{at}");
                        assert_eq!(text(&result), CANCELED, "{at}");
                        assert_eq!(received(&harness), reads(path, READ_MIRROR), "{at}");
                    }
                    None => {
                        assert!(asked.is_empty(), "{at}: {asked:?}");
                        assert_eq!(result.is_error, Some(false), "{at}: {}", text(&result));
                        assert_eq!(received(&harness), [READ_MIRROR, CONFIGURE_MIRROR], "{at}");
                    }
                }
            }
        }
    }
}

#[tokio::test]
async fn disabling_or_clearing_the_flag_reads_nothing() {
    for surface in SURFACES {
        let harness = Harness::new(surface).await;
        harness
            .ok(
                "project.pull_mirror_configure",
                mirror(json!({"enabled": true, "url": SOURCE, "mirror_overwrites_diverged_branches": true})),
            )
            .await;
        for params in [
            json!({"enabled": false}),
            json!({"mirror_overwrites_diverged_branches": false}),
        ] {
            harness.sandbox.clear_requests();
            let (tool, arguments) =
                harness.tool_call("project.pull_mirror_configure", mirror(params), false);
            let result = harness.call_tool(&tool, arguments).await;
            assert_eq!(result.is_error, Some(false), "{}", text(&result));
            assert_eq!(received(&harness), [CONFIGURE_MIRROR], "{surface:?}");
        }
    }
}

#[tokio::test]
async fn an_overwriting_mirror_is_sent_after_a_yes_confirm_or_yolo_and_refused_otherwise() {
    let arm = || {
        mirror(json!({"enabled": true, "url": SOURCE, "mirror_overwrites_diverged_branches": true}))
    };
    for surface in SURFACES {
        for path in PATHS {
            let harness = Harness::new(surface).await;
            let (result, _) = call(
                &harness,
                path,
                eliciting(),
                vec![yes()],
                "project.pull_mirror_configure",
                arm(),
            )
            .await;
            assert_eq!(result.is_error, Some(false), "{}", text(&result));
            let mut sent = reads(path, READ_MIRROR);
            sent.push(CONFIGURE_MIRROR);
            assert_eq!(received(&harness), sent);
            let configured = result.structured_content.unwrap();
            assert_eq!(configured["mirror_overwrites_diverged_branches"], true);
            assert!(
                !configured.to_string().contains("not-a-real-token"),
                "{configured}"
            );
        }

        let harness = Harness::new(surface).await;
        harness.ok("project.pull_mirror_configure", arm()).await;
        assert_eq!(received(&harness), [CONFIGURE_MIRROR], "confirm: no read");

        let yolo = Harness::autonomous(surface).await;
        let (tool, arguments) = yolo.tool_call("project.pull_mirror_configure", arm(), false);
        let result = yolo.call_tool(&tool, arguments).await;
        assert_eq!(result.is_error, Some(false), "{}", text(&result));
        assert_eq!(received(&yolo), [CONFIGURE_MIRROR], "YOLO: no read");

        let harness = Harness::new(surface).await;
        let (tool, arguments) = harness.tool_call("project.pull_mirror_configure", arm(), false);
        let result = harness.call_tool(&tool, arguments).await;
        assert_eq!(
            text(&result),
            format!(
                "{tool}: action \"project.pull_mirror_configure\" would leave an enabled pull \
                 mirror that overwrites diverged branches and this client cannot be asked to \
                 confirm it (it declared no form elicitation). {REAPPROVE}"
            )
        );
        assert_eq!(received(&harness), [READ_MIRROR]);

        let harness = Harness::new(surface).await;
        harness.sandbox.fail_matching(
            Method::GET,
            "/projects/demo/sandbox/mirror/pull",
            FaultSpec::status(502).times(1),
        );
        let (result, asked) = call(
            &harness,
            Path::Mrtr,
            eliciting(),
            vec![yes()],
            "project.pull_mirror_configure",
            arm(),
        )
        .await;
        assert!(asked.is_empty());
        assert!(
            text(&result).contains("could not read what it would change"),
            "{}",
            text(&result)
        );
        harness.nothing_written();
    }
}
