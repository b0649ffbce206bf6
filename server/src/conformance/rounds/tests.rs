//! The MRTR fixtures' engine: rounds, binding, refusals.

use rmcp::model::{ErrorCode, InputResponses};
use serde_json::{Map, Value, json};

use super::*;
use wizard::state::Caller;

fn codec() -> RequestStateCodec {
    RequestStateCodec::try_new(vec![7; 32]).expect("a 32-byte key")
}

fn two_rounds() -> Vec<Vec<Request>> {
    vec![
        vec![text_form("step1", "Name?", "name")],
        vec![text_form("step2", "Colour?", "color")],
    ]
}

fn responses(value: Value) -> InputResponses {
    serde_json::from_value(value).expect("input responses")
}

fn call<'a>(
    rounds: &'a [Vec<Request>],
    responses: Option<&'a InputResponses>,
    state: Option<&'a str>,
    needs_state: bool,
) -> Call<'a> {
    let arguments = Map::from_iter([("x".to_owned(), json!(1))]);
    Call {
        digest: CallDigest::of(&Caller::ANYONE, "fixture", Some(&arguments)),
        rounds,
        responses,
        state,
        needs_state,
    }
}

fn asking(progress: Standing) -> (Vec<String>, String) {
    match progress {
        Standing::Asking(input) => {
            let value = serde_json::to_value(&input).expect("serialises");
            let keys = value["inputRequests"]
                .as_object()
                .expect("input requests")
                .keys()
                .cloned()
                .collect();
            (keys, input.request_state.expect("a requestState"))
        }
        Standing::Done(answers) => panic!("expected a question, got the answers {answers:?}"),
    }
}

fn accepted(field: &str, value: &str) -> Value {
    json!({"action": "accept", "content": {field: value}})
}

#[test]
fn the_rounds_are_asked_in_order_and_complete_with_every_answer() {
    let (codec, rounds) = (codec(), two_rounds());
    let (keys, state) = asking(step(&codec, &call(&rounds, None, None, false)).unwrap());
    assert_eq!(keys, ["step1"]);
    let first = responses(json!({"step1": accepted("name", "Ada")}));
    let progress = step(&codec, &call(&rounds, Some(&first), Some(&state), false)).unwrap();
    let (keys, next_state) = asking(progress);
    assert_eq!(keys, ["step2"]);
    assert_ne!(next_state, state, "each round seals a new state");
    let second = responses(json!({"step2": accepted("color", "blue"), "extra": {"x": 1}}));
    match step(
        &codec,
        &call(&rounds, Some(&second), Some(&next_state), false),
    )
    .unwrap()
    {
        Standing::Done(answers) => {
            assert_eq!(answers["step1"]["content"]["name"], "Ada");
            assert_eq!(answers["step2"]["content"]["color"], "blue");
            assert!(
                !answers.contains_key("extra"),
                "keys nobody asked for are ignored"
            );
        }
        Standing::Asking(_) => panic!("every round was answered"),
    }
}

#[test]
fn a_tampered_or_foreign_state_is_refused() {
    let (codec, rounds) = (codec(), two_rounds());
    let (_, state) = asking(step(&codec, &call(&rounds, None, None, false)).unwrap());
    let tampered = format!("{state}-TAMPERED");
    let error = step(&codec, &call(&rounds, None, Some(&tampered), false))
        .err()
        .expect("refused");
    assert_eq!(error.code, ErrorCode::INVALID_PARAMS);
    let other_call = Call {
        digest: CallDigest::of(&Caller::ANYONE, "fixture", None),
        ..call(&rounds, None, Some(&state), false)
    };
    assert!(
        step(&codec, &other_call).is_err(),
        "state bound to other arguments"
    );
    let other_key = RequestStateCodec::try_new(vec![8; 32]).unwrap();
    assert!(step(&other_key, &call(&rounds, None, Some(&state), false)).is_err());
}

#[test]
fn answers_without_a_state_count_only_when_the_fixture_allows_it() {
    let rounds = vec![vec![text_form("user_name", "Name?", "name")]];
    let answer = responses(json!({"user_name": accepted("name", "Ada")}));
    let lenient = step(&codec(), &call(&rounds, Some(&answer), None, false)).unwrap();
    assert!(matches!(lenient, Standing::Done(_)));
    let strict = step(&codec(), &call(&rounds, Some(&answer), None, true)).unwrap();
    assert_eq!(asking(strict).0, ["user_name"], "asked again, never used");
}

#[test]
fn malformed_answers_are_invalid_params() {
    let rounds = vec![vec![
        text_form("user_name", "Name?", "name"),
        Request {
            key: "greeting",
            need: Need::Sampling {
                text: "Hi?",
                max_tokens: 5,
            },
        },
        Request {
            key: "client_roots",
            need: Need::Roots,
        },
    ]];
    for bad in [
        json!({"user_name": 12345}),
        json!({"user_name": {"action": "accept", "content": {"name": 7}}}),
        json!({"greeting": {"roots": []}}),
        json!({"client_roots": {"role": "assistant", "content": {"type": "text", "text": "x"}, "model": "m"}}),
    ] {
        let bad = responses(bad);
        let error = step(&codec(), &call(&rounds, Some(&bad), None, false))
            .err()
            .unwrap_or_else(|| panic!("{bad:?} was accepted"));
        assert_eq!(error.code, ErrorCode::INVALID_PARAMS, "{bad:?}");
    }
    let good = responses(json!({
        "user_name": {"action": "decline"},
        "greeting": {"role": "assistant", "content": {"type": "text", "text": "Hello!"}, "model": "m"},
        "client_roots": {"roots": [{"uri": "file:///w", "name": "w"}]},
    }));
    match step(&codec(), &call(&rounds, Some(&good), None, false)).unwrap() {
        Standing::Done(answers) => {
            assert_eq!(answers["user_name"], json!({"action": "decline"}));
            assert_eq!(answers["greeting"], json!({"text": "Hello!"}));
            assert_eq!(answers["client_roots"], json!({"roots": ["file:///w"]}));
        }
        Standing::Asking(_) => panic!("every request was answered"),
    }
}
