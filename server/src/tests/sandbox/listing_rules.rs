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

#[tokio::test]
async fn lists_refuse_filters_grape_declares_exclusive() {
    let (_sandbox, gitlab) = setup().await;
    let refused = [
        (
            with_query(
                on_demo(Method::GET, "issues"),
                &[("author_id", "2"), ("author_username", "alice")],
            ),
            "author_id, author_username are mutually exclusive",
        ),
        (
            with_query(
                at(Method::GET, &["issues"]),
                &[("assignee_id", "2"), ("assignee_username", "alice")],
            ),
            "assignee_id, assignee_username are mutually exclusive",
        ),
        (
            with_query(on_demo(Method::GET, "issues"), &[("milestone_id", "Soon")]),
            "milestone_id does not have a valid value",
        ),
        (
            with_query(
                on_demo(Method::GET, "merge_requests"),
                &[("reviewer_id", "3"), ("reviewer_username", "bob")],
            ),
            "reviewer_id, reviewer_username are mutually exclusive",
        ),
        (
            with_query(at(Method::GET, &["users"]), &[("extern_uid", "42")]),
            "extern_uid, provider provide all or none of parameters",
        ),
    ];
    for (request, expected) in refused {
        let err = call(&gitlab, request).await.unwrap_err();
        assert_eq!(message(err), (400, expected.to_owned()));
    }
    let both = with_query(
        at(Method::GET, &["users"]),
        &[("extern_uid", "42"), ("provider", "ldap")],
    );
    assert_eq!(call(&gitlab, both).await.unwrap(), json!([]));
}

#[tokio::test]
async fn writes_refuse_a_milestone_by_id_and_by_title_at_once() {
    let (_sandbox, gitlab) = setup().await;
    let issue = json!({"title": "Both", "milestone_id": 1, "milestone": "v1.1"});
    let err = call(&gitlab, on_demo(Method::POST, "issues").json(issue))
        .await
        .unwrap_err();
    assert_eq!(
        message(err),
        (
            400,
            "milestone_id, milestone are mutually exclusive".to_owned()
        )
    );
    let update = on_demo(Method::PUT, "merge_requests")
        .segment(1)
        .json(json!({"milestone_id": 1, "milestone": "v1.1"}));
    let err = call(&gitlab, update).await.unwrap_err();
    assert_eq!(
        message(err),
        (
            400,
            "milestone_id, milestone are mutually exclusive".to_owned()
        )
    );
    let release = json!({"tag_name": "v1.0.0", "milestones": ["v1.1"], "milestone_ids": [1]});
    let err = call(&gitlab, on_demo(Method::POST, "releases").json(release))
        .await
        .unwrap_err();
    assert_eq!(
        message(err),
        (
            400,
            "milestones, milestone_ids Cannot specify milestones and milestone_ids at the same time"
                .to_owned()
        )
    );
}

#[tokio::test]
async fn projects_filter_by_update_time_only_in_that_order() {
    let (_sandbox, gitlab) = setup().await;
    let projects = |pairs: &[(&str, &str)]| with_query(at(Method::GET, &["projects"]), pairs);
    for pairs in [
        vec![("updated_after", "2020-01-01T00:00:00Z")],
        vec![
            ("updated_before", "2999-01-01T00:00:00Z"),
            ("order_by", "id"),
        ],
    ] {
        let err = call(&gitlab, projects(&pairs)).await.unwrap_err();
        assert_eq!(
            message(err),
            (
                400,
                "400 Bad request - `updated_at` filter and `updated_at` sorting must be paired"
                    .to_owned()
            ),
            "{pairs:?}"
        );
    }
    let paired = projects(&[
        ("updated_after", "2020-01-01T00:00:00Z"),
        ("order_by", "updated_at"),
    ]);
    call(&gitlab, paired).await.unwrap();
}
