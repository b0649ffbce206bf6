//! requestState the server did not sign is refused with an error and never used;
//! expired state starts the questions again; keys, restarts and key rings.

use std::time::Duration;

use crate::common::{Issue, accept, flow, issue_call, once, only_key, pair, retry, text};
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde_json::json;
use wizard::testkit::Path;
use wizard::{Flow, StateKeys};

const REFUSED: &str = "issue failed: the requestState was not issued by this server or was altered; \
                       repeat the call without requestState to start again";

fn segments(token: &str) -> Vec<String> {
    token.split('.').map(str::to_owned).collect()
}

/// Every way a client can hand back state the server did not write.
fn tampered(token: &str) -> Vec<(&'static str, String)> {
    let parts = segments(token);
    assert_eq!(parts.len(), 4, "rs2.kid.body.tag");
    let body = URL_SAFE_NO_PAD
        .decode(&parts[2])
        .expect("the body is base64url");
    let mut edited = body.clone();
    let last = edited.len() - 3;
    edited[last] ^= 0x01;
    let with = |i: usize, segment: String| {
        let mut parts = parts.clone();
        parts[i] = segment;
        parts.join(".")
    };
    vec![
        (
            "client-written JSON",
            r#"{"at":1,"draft":{"title":"Mine"}}"#.to_owned(),
        ),
        (
            "client-written JSON, base64",
            URL_SAFE_NO_PAD.encode(br#"{"at":1,"draft":{"title":"Mine"}}"#),
        ),
        (
            "valid payload, forged MAC",
            with(3, URL_SAFE_NO_PAD.encode([7u8; 32])),
        ),
        (
            "edited payload, old MAC",
            with(2, URL_SAFE_NO_PAD.encode(&edited)),
        ),
        ("two-part string", format!("{}.{}", parts[0], parts[2])),
        ("dots", "..".to_owned()),
        ("empty", String::new()),
        ("unknown version prefix", with(0, "rs9".to_owned())),
        ("truncated", token[..token.len() - 4].to_owned()),
        (
            "another key id",
            with(1, URL_SAFE_NO_PAD.encode("00000000")),
        ),
    ]
}

#[tokio::test]
async fn every_tampered_state_is_refused_and_never_used() {
    let pair = pair::<Issue>(flow(), Path::Mrtr, crate::common::form()).await;
    let request = issue_call(json!({"project_id": "42"}));
    let first = once(&pair, request.clone()).await.expect("round 1 asks");
    let round2 = retry(
        &request,
        first.request_state.clone(),
        "title",
        accept(json!({"title": "T"})),
    );
    let second = once(&pair, round2).await.expect("round 2 asks");
    assert_eq!(only_key(&second), "description");
    let token = second.request_state.expect("state");
    for (name, bad) in tampered(&token) {
        let attempt = retry(
            &request,
            Some(bad),
            "description",
            accept(json!({"description": "D"})),
        );
        let result = once(&pair, attempt).await.expect_err(name);
        assert_eq!(result.is_error, Some(true), "{name}");
        assert_eq!(text(&result), REFUSED, "{name}");
    }
    // The genuine token still works afterwards.
    let genuine = retry(
        &request,
        Some(token),
        "description",
        accept(json!({"description": "D"})),
    );
    assert_eq!(
        only_key(&once(&pair, genuine).await.expect("continues")),
        "labels"
    );
    pair.close().await;
}

#[tokio::test]
async fn expired_state_starts_the_questions_again_without_an_error() {
    let pair = pair::<Issue>(
        flow().with_state_ttl(Duration::from_millis(1)),
        Path::Mrtr,
        crate::common::form(),
    )
    .await;
    let request = issue_call(json!({"project_id": "42"}));
    let first = once(&pair, request.clone()).await.expect("round 1 asks");
    tokio::time::sleep(Duration::from_millis(20)).await;
    let late = retry(
        &request,
        first.request_state,
        "title",
        accept(json!({"title": "T"})),
    );
    let again = once(&pair, late)
        .await
        .expect("asks again rather than failing");
    assert_eq!(only_key(&again), "title");
    pair.close().await;
}

#[tokio::test]
async fn state_from_before_a_restart_is_refused() {
    let request = issue_call(json!({"project_id": "42"}));
    let before = pair::<Issue>(flow(), Path::Mrtr, crate::common::form()).await;
    let state = once(&before, request.clone())
        .await
        .expect("round 1")
        .request_state;
    before.close().await;

    let after = pair::<Issue>(flow(), Path::Mrtr, crate::common::form()).await;
    let result = once(
        &after,
        retry(&request, state, "title", accept(json!({"title": "T"}))),
    )
    .await
    .expect_err("refused");
    assert_eq!(text(&result), REFUSED);
    after.close().await;
}

const K1: &str = "1111111111111111111111111111111111111111111111111111111111111111";
const K2: &str = "2222222222222222222222222222222222222222222222222222222222222222";

fn ring(keys: &str) -> Flow {
    Flow::new(StateKeys::parse(keys).expect("valid key ring"))
}

#[tokio::test]
async fn a_key_ring_accepts_state_sealed_by_its_second_key() {
    let request = issue_call(json!({"project_id": "42"}));
    let old_replica = pair::<Issue>(ring(K2), Path::Mrtr, crate::common::form()).await;
    let state = once(&old_replica, request.clone())
        .await
        .expect("round 1")
        .request_state;
    old_replica.close().await;

    let rotated = pair::<Issue>(
        ring(&format!("{K1},{K2}")),
        Path::Mrtr,
        crate::common::form(),
    )
    .await;
    let answer = retry(
        &request,
        state.clone(),
        "title",
        accept(json!({"title": "T"})),
    );
    let next = once(&rotated, answer)
        .await
        .expect("accepted and continued");
    assert_eq!(only_key(&next), "description");
    // What the rotated replica signs (with K1), a replica holding the same ring accepts.
    let peer = pair::<Issue>(
        ring(&format!("{K1},{K2}")),
        Path::Mrtr,
        crate::common::form(),
    )
    .await;
    let answer = retry(
        &request,
        next.request_state,
        "description",
        accept(json!({"description": ""})),
    );
    assert_eq!(
        only_key(&once(&peer, answer).await.expect("continued")),
        "labels"
    );
    rotated.close().await;
    peer.close().await;

    let retired = pair::<Issue>(ring(K1), Path::Mrtr, crate::common::form()).await;
    let result = once(
        &retired,
        retry(&request, state, "title", accept(json!({"title": "T"}))),
    )
    .await
    .expect_err("K2 was retired");
    assert_eq!(text(&result), REFUSED);
    retired.close().await;
}
