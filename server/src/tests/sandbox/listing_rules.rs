//! Parameters GitLab's routes declare, or do not, through the real client: a commit comment
//! on a file names its line, events take every target type GitLab knows, and the merge
//! request list across projects has no `iids`.

use crate::gitlab::ApiRequest;
use crate::tests::common::{at, call, message, on_demo, pluck, setup, with_query};
use reqwest::Method;
use serde_json::json;

#[tokio::test]
async fn a_comment_on_a_file_names_its_line() {
    let (_sandbox, gitlab) = setup().await;
    let comment = |body: serde_json::Value| {
        on_demo(Method::POST, "repository")
            .segment("commits")
            .segment("main")
            .segment("comments")
            .json(body)
    };
    let err = call(
        &gitlab,
        comment(json!({"note": "Here", "path": "README.md"})),
    )
    .await
    .unwrap_err();
    assert_eq!(message(err), (400, "line is missing".to_owned()));
    let err = call(
        &gitlab,
        comment(json!({"note": "Here", "path": "README.md", "line": 1, "line_type": "both"})),
    )
    .await
    .unwrap_err();
    assert_eq!(
        message(err),
        (400, "line_type does not have a valid value".to_owned())
    );
    let made = call(
        &gitlab,
        comment(json!({"note": "Here", "path": "README.md", "line": 1})),
    )
    .await
    .unwrap();
    assert_eq!(
        (made["line"].clone(), made["line_type"].clone()),
        (json!(1), json!("new"))
    );
}

#[tokio::test]
async fn events_take_every_target_type_gitlab_knows() {
    let (_sandbox, gitlab) = setup().await;
    for target in [
        "issue",
        "milestone",
        "merge_request",
        "note",
        "project",
        "snippet",
        "user",
        "wiki",
        "design",
    ] {
        for request in [
            at(Method::GET, &["events"]),
            on_demo(Method::GET, "events"),
            at(Method::GET, &["users", "alice", "events"]),
        ] {
            call(&gitlab, with_query(request, &[("target_type", target)]))
                .await
                .unwrap_or_else(|e| panic!("{target}: {e}"));
        }
    }
    let wiki = with_query(on_demo(Method::GET, "events"), &[("target_type", "wiki")]);
    assert_eq!(call(&gitlab, wiki).await.unwrap(), json!([]));
    let err = call(
        &gitlab,
        with_query(at(Method::GET, &["events"]), &[("target_type", "epic")]),
    )
    .await
    .unwrap_err();
    assert_eq!(
        message(err),
        (400, "target_type does not have a valid value".to_owned())
    );
}

#[tokio::test]
async fn the_merge_request_list_across_projects_ignores_iids() {
    let (_sandbox, gitlab) = setup().await;
    let everywhere =
        |query: &[(&str, &str)]| with_query(ApiRequest::get().segment("merge_requests"), query);
    let all = call(&gitlab, everywhere(&[("scope", "all")]))
        .await
        .unwrap();
    let asked = everywhere(&[("scope", "all"), ("iids[]", "99")]);
    assert_eq!(call(&gitlab, asked).await.unwrap(), all);
    assert_eq!(pluck(&all, "iid"), json!([1]));
    // A project's list declares it.
    let in_project = with_query(on_demo(Method::GET, "merge_requests"), &[("iids[]", "99")]);
    assert_eq!(call(&gitlab, in_project).await.unwrap(), json!([]));
}
