//! The destructive-action guard over a real pair, on both paths: approved up front it
//! runs unasked; otherwise one yes/no (key `confirm`) decides, and every failure fails
//! closed.

use std::sync::atomic::Ordering;

use crate::common::prims::Prims;
use crate::common::{accept as accept_response, flow, object, once, retry, text};
use rmcp::model::{CallToolRequestParams, CallToolResult, ClientCapabilities};
use serde_json::{Value, json};
use wizard::Serve;
use wizard::testkit::{Path, Reply, ScriptedClient, accept, cancel, connect, decline, yes};

const PATHS: [Path; 2] = [Path::Sync, Path::Mrtr];
const REFUSAL: &str = "action \"issue.delete\" is destructive. Re-send with confirm=true only after the user explicitly approves this operation.";
const CANCELED: &str = "Cancelled by the user.";

struct Run {
    result: CallToolResult,
    asked: usize,
    executed: usize,
}

async fn delete(
    path: Path,
    server: Prims,
    caps: ClientCapabilities,
    arguments: Value,
    replies: Vec<Reply>,
) -> Run {
    let executed = server.executed.clone();
    let client = ScriptedClient::new(caps, replies);
    let pair = connect(Serve::new(server), path, client.clone()).await;
    let mut request = CallToolRequestParams::new("delete");
    request.arguments = Some(object(arguments));
    let result = pair.client.call_tool(request).await.expect("the call ends");
    pair.close().await;
    Run {
        result,
        asked: client.asked().len(),
        executed: executed.load(Ordering::SeqCst),
    }
}

#[tokio::test]
async fn an_approved_call_proceeds_without_asking() {
    for path in PATHS {
        let server = Prims {
            approved: true,
            ..Prims::new(flow())
        };
        let run = delete(path, server, crate::common::form(), json!({}), vec![]).await;
        assert_eq!((run.asked, run.executed), (0, 1), "{path:?}");
        let run = delete(
            path,
            Prims::new(flow()),
            crate::common::form(),
            json!({"confirm": true}),
            vec![],
        )
        .await;
        assert_eq!((run.asked, run.executed), (0, 1));
    }
}

#[tokio::test]
async fn otherwise_the_user_decides() {
    for path in PATHS {
        let run = delete(
            path,
            Prims::new(flow()),
            crate::common::form(),
            json!({}),
            vec![yes()],
        )
        .await;
        assert_eq!((run.asked, run.executed), (1, 1), "{path:?}");
        assert_eq!(text(&run.result), "\"deleted\"");
    }
}

#[tokio::test]
async fn no_decline_or_cancel_cancel_the_operation() {
    for path in PATHS {
        for reply in [accept(json!({"confirmed": false})), decline(), cancel()] {
            let run = delete(
                path,
                Prims::new(flow()),
                crate::common::form(),
                json!({}),
                vec![reply.clone()],
            )
            .await;
            // Accept with the box unticked says which box; decline and cancel are the
            // user's cancel.
            let ended = if reply == accept(json!({"confirmed": false})) {
                "Nothing was done: the box 'Delete the issue?' was not ticked."
            } else {
                CANCELED
            };
            assert_eq!(text(&run.result), ended, "{path:?} {reply:?}");
            assert_eq!(run.result.is_error, Some(true));
            assert_eq!(run.executed, 0);
        }
    }
}

#[tokio::test]
async fn a_client_that_cannot_ask_or_a_surface_that_may_not_is_refused() {
    for path in PATHS {
        let run = delete(
            path,
            Prims::new(flow()),
            ClientCapabilities::default(),
            json!({"confirm": "true"}),
            vec![],
        )
        .await;
        assert_eq!(
            (text(&run.result), run.asked, run.executed),
            (REFUSAL.to_owned(), 0, 0)
        );
        let server = Prims {
            may_elicit: false,
            ..Prims::new(flow())
        };
        let run = delete(path, server, crate::common::form(), json!({}), vec![yes()]).await;
        assert_eq!(
            (text(&run.result), run.asked, run.executed),
            (REFUSAL.to_owned(), 0, 0)
        );
    }
    // Stateless HTTP: a legacy client cannot be asked mid-call, so it needs confirm=true.
    let stateless = Prims::new(flow().with_server_requests(false));
    let run = delete(
        Path::Sync,
        stateless,
        crate::common::form(),
        json!({}),
        vec![],
    )
    .await;
    assert_eq!(
        (text(&run.result), run.asked, run.executed),
        (REFUSAL.to_owned(), 0, 0)
    );
}

#[tokio::test]
async fn a_transport_failure_fails_closed() {
    // The scripted client has no reply and answers the question with a JSON-RPC error.
    let run = delete(
        Path::Sync,
        Prims::new(flow()),
        crate::common::form(),
        json!({}),
        vec![],
    )
    .await;
    let text = text(&run.result);
    assert!(
        text.starts_with("Confirmation failed: the client refused the question: "),
        "{text}"
    );
    assert!(text.ends_with(". Nothing was done."), "{text}");
    assert_eq!((run.asked, run.executed), (1, 0));
}

#[tokio::test]
async fn a_malformed_answer_fails_closed() {
    for path in PATHS {
        let run = delete(
            path,
            Prims::new(flow()),
            crate::common::form(),
            json!({}),
            vec![accept(json!({"confirmed": "yes"}))],
        )
        .await;
        let text = text(&run.result);
        assert!(
            text.starts_with(
                "Confirmation failed: the answer did not satisfy the requested schema: "
            ),
            "{text}"
        );
        assert!(text.ends_with(". Nothing was done."), "{text}");
        assert_eq!(run.executed, 0);
    }
}

#[tokio::test]
async fn the_mrtr_question_is_one_round_keyed_confirm_and_bad_state_fails_closed() {
    let server = Prims::new(flow());
    let executed = server.executed.clone();
    let pair = connect(
        Serve::new(server),
        Path::Mrtr,
        ScriptedClient::new(crate::common::form(), []),
    )
    .await;
    let request = CallToolRequestParams::new("delete").with_arguments(object(json!({"iid": 1})));
    let round = once(&pair, request.clone()).await.expect("asks");
    assert_eq!(crate::common::only_key(&round), "confirm");

    let forged = retry(
        &request,
        Some("rs2.AAAA.AAAA.AAAA".into()),
        "confirm",
        accept_response(json!({"confirmed": true})),
    );
    let result = once(&pair, forged).await.expect_err("refused");
    assert!(
        text(&result)
            .starts_with("Confirmation failed: the requestState was not issued by this server"),
        "{}",
        text(&result)
    );

    let wrong = retry(
        &request,
        round.request_state.clone(),
        "confirm",
        json!({"roots": []}),
    );
    let result = once(&pair, wrong).await.expect_err("refused");
    assert!(
        text(&result).starts_with(
            "Confirmation failed: `confirm`: the input response is not an elicitation result"
        ),
        "{}",
        text(&result)
    );
    assert_eq!(executed.load(Ordering::SeqCst), 0);

    let approved = retry(
        &request,
        round.request_state,
        "confirm",
        accept_response(json!({"confirmed": true})),
    );
    let result = once(&pair, approved).await.expect_err("complete");
    assert_eq!(text(&result), "\"deleted\"");
    assert_eq!(executed.load(Ordering::SeqCst), 1);
    pair.close().await;
}

#[tokio::test]
async fn a_yes_given_for_other_arguments_is_not_a_yes_for_these() {
    let server = Prims::new(flow());
    let executed = server.executed.clone();
    let pair = connect(
        Serve::new(server),
        Path::Mrtr,
        ScriptedClient::new(crate::common::form(), []),
    )
    .await;
    let first = CallToolRequestParams::new("delete").with_arguments(object(json!({"iid": 1})));
    let round = once(&pair, first).await.expect("asks");
    let other = CallToolRequestParams::new("delete").with_arguments(object(json!({"iid": 2})));
    let replayed = retry(
        &other,
        round.request_state,
        "confirm",
        accept_response(json!({"confirmed": true})),
    );
    let again = once(&pair, replayed).await.expect("asked again, no error");
    assert_eq!(crate::common::only_key(&again), "confirm");
    assert_eq!(executed.load(Ordering::SeqCst), 0);
    pair.close().await;
}
