//! MRTR cost: one round of an issue-shaped wizard (open the state, apply the answer,
//! choose the next question, build its schema, seal) and a whole five-answer wizard,
//! in-process; and the requestState size after each answer.
//!
//! Targets: a round ≤ 10 µs; the state after 4 answers ≤ 2× the answers' JSON + 100 bytes.

use std::future::Future as _;
use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use rmcp::model::{CallToolRequestParams, InputResponses};
use serde_json::{Value, json};
use wizard::{Flow, Outcome, StateKeys};

#[path = "../tests/flow/common/wizards.rs"]
mod wizards;

use wizards::{Issue, IssueArgs};

/// The answers of a typical issue, in question order, as inputResponses content.
fn answers() -> [(&'static str, Value); 5] {
    [
        (
            "title",
            json!({"title": "Login fails after the password reset"}),
        ),
        (
            "description",
            json!({"description": "Steps: reset the password, then sign in."}),
        ),
        ("labels", json!({"labels": "bug, auth"})),
        ("confidential", json!({"confirmed": false})),
        ("confirm", json!({"confirmed": true})),
    ]
}

fn args() -> IssueArgs {
    IssueArgs {
        project_id: "group/project".into(),
    }
}

fn first_call() -> CallToolRequestParams {
    let mut request = CallToolRequestParams::new("demo_issue_create");
    request.arguments = json!({"project_id": "group/project"}).as_object().cloned();
    request
}

/// The retry that answers `key` with `content` against `state`.
fn answering(state: &str, key: &str, content: &Value) -> CallToolRequestParams {
    let mut request = first_call();
    request.request_state = Some(state.to_owned());
    let responses: InputResponses = [(
        key.to_owned(),
        json!({"action": "accept", "content": content}),
    )]
    .into();
    request.input_responses = Some(responses);
    request
}

/// One round. The issue wizard has no live check, choice or intro, so a round does no IO
/// and completes on its first poll.
fn round(flow: &Flow, request: &CallToolRequestParams) -> Outcome<Issue> {
    let mut future = std::pin::pin!(flow.mrtr_round::<Issue>(&(), args(), request));
    match future
        .as_mut()
        .poll(&mut std::task::Context::from_waker(std::task::Waker::noop()))
    {
        std::task::Poll::Ready(outcome) => outcome,
        std::task::Poll::Pending => unreachable!("a wizard without live functions never waits"),
    }
}

fn state_of(outcome: Outcome<Issue>) -> String {
    match outcome {
        Outcome::Pending(input) => input.request_state.expect("every round carries state"),
        _ => panic!("the wizard stopped early"),
    }
}

/// Drives the whole wizard and returns the state after each answer.
fn whole(flow: &Flow) -> Vec<String> {
    let mut state = state_of(round(flow, &first_call()));
    let mut states = Vec::new();
    for (key, content) in answers() {
        match round(flow, &answering(&state, key, &content)) {
            Outcome::Pending(input) => {
                state = input.request_state.expect("state");
                states.push(state.clone());
            }
            Outcome::Finished(issue) => {
                assert_eq!(issue.title, "Login fails after the password reset")
            }
            _ => panic!("the wizard did not finish"),
        }
    }
    states
}

fn report_sizes(flow: &Flow) {
    let states = whole(flow);
    let mut answers_json = 0;
    for ((key, content), state) in answers().iter().zip(&states) {
        answers_json += content.to_string().len();
        println!(
            "requestState after `{key}`: {} bytes (answers so far: {answers_json} bytes of JSON)",
            state.len()
        );
    }
    let four: usize = answers()[..4]
        .iter()
        .map(|(_, content)| content.to_string().len())
        .sum();
    let limit = 2 * four + 100;
    println!(
        "after 4 answers: {} bytes, target ≤ 2 × {four} + 100 = {limit}: {}",
        states[3].len(),
        if states[3].len() <= limit {
            "met"
        } else {
            "MISSED"
        }
    );
}

fn rounds(c: &mut Criterion) {
    let flow = Flow::new(StateKeys::random());
    report_sizes(&flow);

    let mut states = vec![state_of(round(&flow, &first_call()))];
    states.extend(whole(&flow));
    let answers = answers();
    let title = answering(&states[0], answers[0].0, &answers[0].1);
    c.bench_function("round: answer the title, ask the description", |b| {
        b.iter(|| black_box(round(&flow, black_box(&title))));
    });
    let last = answering(&states[3], answers[3].0, &answers[3].1);
    c.bench_function("round: answer the 4th question, render the summary", |b| {
        b.iter(|| black_box(round(&flow, black_box(&last))));
    });
    c.bench_function("whole wizard: 6 rounds, 5 answers", |b| {
        b.iter(|| black_box(whole(&flow)))
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    targets = rounds
}
criterion_main!(benches);
