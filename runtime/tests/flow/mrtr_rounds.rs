//! The MRTR wire, round by round: one question per round with no content, what a
//! retry may carry, the initialize-declared client, resultType, progress.

use crate::common::{Issue, accept, flow, issue_call, once, only_key, pair, retry, text};
use rmcp::model::{
    CallToolRequestParams, ElicitRequestParams, InputRequest, ProgressToken, RequestMetaObject,
    ResultType,
};
use serde_json::json;
use wizard::Serve;
use wizard::testkit::{self, Pair, Path, ScriptedClient, WizardServer, answer, connect, yes};

/// An MRTR pair serving the issue wizard, and the first round of a call to it.
async fn issue_on_mrtr() -> (Pair, CallToolRequestParams) {
    let pair = pair::<Issue>(flow(), Path::Mrtr, crate::common::form()).await;
    (pair, issue_call(json!({"project_id": "42"})))
}

#[tokio::test]
async fn each_round_asks_one_question_with_signed_state() {
    let (pair, request) = issue_on_mrtr().await;
    let first = once(&pair, request.clone()).await.expect("asks");
    assert_eq!(only_key(&first), "title");
    assert!(first.result_type.is_input_required());
    let Some(InputRequest::Elicitation(elicit)) =
        first.input_requests.as_ref().and_then(|r| r.get("title"))
    else {
        panic!("an elicitation/create request");
    };
    let ElicitRequestParams::FormElicitationParams {
        message,
        requested_schema,
        ..
    } = &elicit.params
    else {
        panic!("form mode");
    };
    assert_eq!(message, "Enter the issue title");
    assert_eq!(
        serde_json::to_value(requested_schema).expect("serializes"),
        json!({"type": "object", "required": ["title"], "properties": {"title": {
            "type": "string", "title": "Title", "description": "Enter the issue title",
            "minLength": 1}}})
    );
    assert!(
        first
            .request_state
            .as_deref()
            .is_some_and(|state| state.starts_with("rs2."))
    );
    pair.close().await;
}

#[tokio::test]
async fn a_missing_answer_asks_the_same_question_again_and_extra_keys_are_ignored() {
    let (pair, request) = issue_on_mrtr().await;
    let first = once(&pair, request.clone()).await.expect("asks");
    let unrelated = retry(
        &request,
        first.request_state.clone(),
        "labels",
        accept(json!({"labels": "x"})),
    );
    assert_eq!(
        only_key(&once(&pair, unrelated).await.expect("asks again")),
        "title"
    );
    let mut both = retry(
        &request,
        first.request_state,
        "title",
        accept(json!({"title": "T"})),
    );
    both.input_responses
        .as_mut()
        .expect("set")
        .insert("extra".into(), json!({"whatever": 1}));
    assert_eq!(
        only_key(&once(&pair, both).await.expect("continues")),
        "description"
    );
    pair.close().await;
}

#[tokio::test]
async fn answers_without_state_are_not_trusted() {
    let (pair, request) = issue_on_mrtr().await;
    let guessed = retry(&request, None, "title", accept(json!({"title": "T"})));
    assert_eq!(
        only_key(&once(&pair, guessed).await.expect("starts at the top")),
        "title"
    );
    pair.close().await;
}

#[tokio::test]
async fn a_response_that_is_not_an_elicitation_result_is_an_error() {
    let (pair, request) = issue_on_mrtr().await;
    let first = once(&pair, request.clone()).await.expect("asks");
    for wrong in [
        json!({"role": "assistant", "content": {"type": "text", "text": "T"}, "model": "m"}),
        json!({"roots": []}),
        json!({"action": "later"}),
    ] {
        let attempt = retry(
            &request,
            first.request_state.clone(),
            "title",
            wrong.clone(),
        );
        let result = once(&pair, attempt)
            .await
            .expect_err("an error, not a re-ask");
        assert_eq!(result.is_error, Some(true));
        assert!(
            text(&result)
                .starts_with("collecting title: the input response is not an elicitation result"),
            "{wrong}"
        );
    }
    pair.close().await;
}

#[test]
fn a_2026_client_is_served_mrtr_with_result_types_wherever_it_declared_it() {
    let replies = || {
        [
            answer("title", "T"),
            testkit::decline(),
            testkit::decline(),
            testkit::decline(),
            yes(),
        ]
    };
    for path in [Path::MrtrDeclaredInInitialize, Path::Mrtr] {
        let report = testkit::run::<Issue>(path, crate::common::issue_args(), replies());
        assert_eq!(report.calls, 6, "one tools/call per round");
        assert_eq!(report.result.result_type, Some(ResultType::COMPLETE));
        report.finished();
        // An error result is a complete result too.
        let cancelled =
            testkit::run::<Issue>(path, crate::common::issue_args(), [testkit::cancel()]);
        assert_eq!(cancelled.result.is_error, Some(true), "{path:?}");
        assert_eq!(
            cancelled.result.result_type,
            Some(ResultType::COMPLETE),
            "{path:?}"
        );
    }

    let legacy = testkit::run::<Issue>(Path::Sync, crate::common::issue_args(), replies());
    assert_eq!(legacy.calls, 1);
    assert_eq!(
        legacy.result.result_type, None,
        "legacy results carry no resultType"
    );
}

#[tokio::test]
async fn progress_is_reported_per_question_on_both_paths() {
    for path in [Path::Sync, Path::Mrtr] {
        let client = ScriptedClient::new(
            crate::common::form(),
            [answer("title", "T"), testkit::cancel()],
        );
        let pair = connect(
            Serve::new(WizardServer::<Issue>::new(flow())),
            path,
            client.clone(),
        )
        .await;
        let mut meta = RequestMetaObject::new();
        meta.set_progress_token(ProgressToken(rmcp::model::NumberOrString::Number(7)));
        let mut request = CallToolRequestParams::new("demo_issue_create");
        request.arguments = Some(crate::common::object(json!({"project_id": "42"})));
        request.meta = Some(meta);
        let result = pair.client.call_tool(request).await.expect("ends");
        assert_eq!(text(&result), "Issue cancelled.");
        pair.close().await;
        assert_eq!(
            client.progress(),
            ["Question 1 of 5: Title", "Question 2 of 5: Description"],
            "{path:?}"
        );
    }
}
