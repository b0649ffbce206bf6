//! The sandbox's releases, through the real client: existing tags, `ref`, duplicates, the name
//! defaulting to the tag, and the rest of CRUD.

use crate::gitlab::{GitLab, GitLabError};
use crate::tests::common::{call, merge_requests, message, pluck, releases, setup, with_query};
use reqwest::Method;
use serde_json::{Value, json};

async fn create(gitlab: &GitLab, body: Value) -> Result<Value, GitLabError> {
    call(gitlab, releases(Method::POST).json(body)).await
}

#[tokio::test]
async fn a_release_of_an_existing_tag_has_gitlabs_shape() {
    let (sandbox, gitlab) = setup().await;
    let body = json!({"tag_name": "v1.0.0", "name": "First", "description": "## Notes"});
    let release = create(&gitlab, body.clone()).await.unwrap();
    assert_eq!(sandbox.requests()[0].body, body);
    assert_eq!(release["tag_name"], "v1.0.0");
    assert_eq!(release["name"], "First");
    assert_eq!(release["description"], "## Notes");
    assert_eq!(release["author"]["username"], "sandbox-user");
    assert_eq!(release["commit"]["id"].as_str().unwrap().len(), 40);
    assert_eq!(release["tag_path"], "/demo/sandbox/-/tags/v1.0.0");
    assert_eq!(
        release["_links"]["self"],
        format!("{}demo/sandbox/-/releases/v1.0.0", sandbox.base_url())
    );
    assert_eq!(release["assets"]["sources"][0]["format"], "zip");
    let fetched = call(&gitlab, releases(Method::GET).segment("v1.0.0")).await;
    assert_eq!(fetched.unwrap(), release);
}

#[tokio::test]
async fn the_name_defaults_to_the_tag_and_a_blank_one_is_kept_as_gitlab_keeps_it() {
    let (_sandbox, gitlab) = setup().await;
    let absent = create(&gitlab, json!({"tag_name": "v1.0.0"}))
        .await
        .unwrap();
    assert_eq!(
        (absent["name"].clone(), absent["description"].clone()),
        (json!("v1.0.0"), Value::Null)
    );
    let empty = create(
        &gitlab,
        json!({"tag_name": "v2.0.0", "ref": "main", "name": ""}),
    )
    .await
    .unwrap();
    assert_eq!(empty["name"], "");
}

#[tokio::test]
async fn creation_follows_gitlabs_rules() {
    let (_sandbox, gitlab) = setup().await;
    let cases = [
        (json!({"name": "x"}), 400, "tag_name is missing"),
        (json!({"tag_name": "v9"}), 422, "Ref is not specified"),
        (
            json!({"tag_name": "v9", "ref": "nope"}),
            400,
            "Target nope is invalid",
        ),
        (
            json!({"tag_name": "bad tag", "ref": "main"}),
            400,
            "Tag name invalid",
        ),
    ];
    for (body, status, expected) in cases {
        let err = create(&gitlab, body.clone()).await.unwrap_err();
        assert_eq!(message(err), (status, expected.to_owned()), "{body}");
    }
    create(&gitlab, json!({"tag_name": "v1.0.0"}))
        .await
        .unwrap();
    let err = create(&gitlab, json!({"tag_name": "v1.0.0"}))
        .await
        .unwrap_err();
    assert_eq!(message(err), (409, "Release already exists".to_owned()));
    let listed = gitlab.send(releases(Method::GET)).await.unwrap();
    assert_eq!(listed.total, Some(1));
}

#[tokio::test]
async fn a_ref_creates_the_missing_tag() {
    let (_sandbox, gitlab) = setup().await;
    let created = create(&gitlab, json!({"tag_name": "v1.1.0", "ref": "feature/x"}))
        .await
        .unwrap();
    let branch = json!({"source_branch": "feature/x", "target_branch": "main", "title": "x"});
    let mr = call(&gitlab, merge_requests(Method::POST).json(branch))
        .await
        .unwrap();
    assert_eq!(
        created["commit"]["id"], mr["sha"],
        "the tag points at the branch head"
    );
    // The tag now exists: a second release of it is a duplicate, not a missing ref.
    let err = create(&gitlab, json!({"tag_name": "v1.1.0"}))
        .await
        .unwrap_err();
    assert_eq!(message(err), (409, "Release already exists".to_owned()));
    // The release is deleted, the tag stays: a new release needs no ref.
    call(&gitlab, releases(Method::DELETE).segment("v1.1.0"))
        .await
        .unwrap();
    create(&gitlab, json!({"tag_name": "v1.1.0"}))
        .await
        .unwrap();
}

#[tokio::test]
async fn releases_list_newest_first_and_update_and_delete() {
    let (_sandbox, gitlab) = setup().await;
    create(
        &gitlab,
        json!({"tag_name": "v1.0.0", "released_at": "2024-01-01T00:00:00Z"}),
    )
    .await
    .unwrap();
    create(
        &gitlab,
        json!({"tag_name": "v2.0.0", "ref": "main", "released_at": "2025-01-01T00:00:00Z"}),
    )
    .await
    .unwrap();
    let cases: [(&[(&str, &str)], Value); 2] = [
        (&[], json!(["v2.0.0", "v1.0.0"])),
        (&[("sort", "asc")], json!(["v1.0.0", "v2.0.0"])),
    ];
    for (filters, expected) in cases {
        let listed = call(&gitlab, with_query(releases(Method::GET), filters))
            .await
            .unwrap();
        assert_eq!(pluck(&listed, "tag_name"), expected, "{filters:?}");
    }
    let page = gitlab
        .send(releases(Method::GET).query("per_page", 1))
        .await
        .unwrap();
    assert_eq!(
        (
            page.body.as_array().unwrap().len(),
            page.next_page,
            page.total
        ),
        (1, Some(2), Some(2))
    );

    let update =
        |tag: &str, body: Value| call(&gitlab, releases(Method::PUT).segment(tag).json(body));
    let updated = update("v1.0.0", json!({"name": "One", "description": "Notes"}))
        .await
        .unwrap();
    assert_eq!(
        (updated["name"].clone(), updated["description"].clone()),
        (json!("One"), json!("Notes"))
    );
    let err = update("v1.0.0", json!({"tag_name": "x"}))
        .await
        .unwrap_err();
    assert_eq!(
        message(err),
        (400, "name, description, released_at, milestones are missing, at least one parameter must be provided".to_owned())
    );
    let err = update("v3", json!({"name": "x"})).await.unwrap_err();
    assert_eq!(message(err), (404, "404 Not Found".to_owned()));

    let deleted = call(&gitlab, releases(Method::DELETE).segment("v1.0.0"))
        .await
        .unwrap();
    assert_eq!(deleted, updated, "GitLab answers with the deleted release");
    let err = call(&gitlab, releases(Method::GET).segment("v1.0.0"))
        .await
        .unwrap_err();
    assert_eq!(message(err), (404, "404 Not Found".to_owned()));
}
