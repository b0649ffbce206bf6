//! The sandbox's branches, protected branches and tags, through the real client: GitLab's
//! shapes, searches, pages and refusals, on the demo repository.

use crate::gitlab::{ApiRequest, GitLab, GitLabError};
use crate::tests::common::{call, demo, message, pluck, setup, with_query};
use reqwest::Method;
use serde_json::{Value, json};

/// `<method> projects/demo%2Fsandbox/<parts…>`.
fn at(method: Method, parts: &[&str]) -> ApiRequest {
    parts
        .iter()
        .fold(ApiRequest::new(method).project(&demo()), |r, p| {
            r.segment(p)
        })
}

fn branches(method: Method) -> ApiRequest {
    at(method, &["repository", "branches"])
}

fn protected(method: Method) -> ApiRequest {
    at(method, &["protected_branches"])
}

fn tags(method: Method) -> ApiRequest {
    at(method, &["repository", "tags"])
}

async fn refused(gitlab: &GitLab, request: ApiRequest) -> (u16, String) {
    message(call(gitlab, request).await.unwrap_err())
}

async fn create_branch(gitlab: &GitLab, name: &str, from: &str) -> Result<Value, GitLabError> {
    call(
        gitlab,
        branches(Method::POST).json(json!({"branch": name, "ref": from})),
    )
    .await
}

#[tokio::test]
async fn branches_list_with_search_and_pages() {
    let (sandbox, gitlab) = setup().await;
    let all = call(&gitlab, branches(Method::GET)).await.unwrap();
    assert_eq!(
        pluck(&all, "name"),
        json!(["feature/x", "fix/tokenizer", "main"])
    );
    let main = &all[2];
    assert_eq!(main["default"], true);
    assert_eq!(main["protected"], true);
    assert_eq!(main["developers_can_push"], false);
    assert_eq!(main["merged"], false);
    assert_eq!(main["commit"]["title"], "Test tokenizing a whole sentence");
    assert_eq!(main["commit"]["author_name"], "Alice Example");
    assert_eq!(main["commit"]["id"].as_str().unwrap().len(), 40);
    assert_eq!(
        main["web_url"],
        format!("{}demo/sandbox/-/tree/main", sandbox.base_url())
    );
    assert_eq!(all[0]["protected"], false);

    let cases: [(&[(&str, &str)], Value); 6] = [
        (&[("search", "FIX")], json!(["fix/tokenizer"])),
        (&[("regex", "^f.*/t")], json!(["fix/tokenizer"])),
        (
            &[("regex", "^(main|feature/.+)$")],
            json!(["feature/x", "main"]),
        ),
        (&[("search", "^f")], json!(["feature/x", "fix/tokenizer"])),
        (&[("search", "x$")], json!(["feature/x"])),
        (
            &[("sort", "updated_desc")],
            json!(["fix/tokenizer", "main", "feature/x"]),
        ),
    ];
    for (filters, expected) in cases {
        let listed = call(&gitlab, with_query(branches(Method::GET), filters)).await;
        assert_eq!(pluck(&listed.unwrap(), "name"), expected, "{filters:?}");
    }
    let page = gitlab
        .send(branches(Method::GET).page(Some(1), Some(2)))
        .await
        .unwrap();
    assert_eq!((page.next_page, page.total), (Some(2), Some(3)));

    let one = call(
        &gitlab,
        at(Method::GET, &["repository", "branches", "feature/x"]),
    )
    .await
    .unwrap();
    assert_eq!(one["commit"]["title"], "Document the word counter");
    assert_eq!(
        sandbox.requests().last().unwrap().raw_path,
        "/api/v4/projects/demo%2Fsandbox/repository/branches/feature%2Fx"
    );
    let bad = with_query(branches(Method::GET), &[("regex", "(")]);
    assert_eq!(
        refused(&gitlab, bad).await,
        (400, "400 Bad request - Regex is invalid".to_owned())
    );
    let missing = at(Method::GET, &["repository", "branches", "nope"]);
    assert_eq!(
        refused(&gitlab, missing).await,
        (404, "404 Branch Not Found".to_owned())
    );
}

#[tokio::test]
async fn branches_are_created_and_deleted_by_gitlabs_rules() {
    let (_sandbox, gitlab) = setup().await;
    let created = create_branch(&gitlab, "release/1.0", "v1.0.0")
        .await
        .unwrap();
    assert_eq!(created["name"], "release/1.0");
    assert_eq!(created["commit"]["title"], "Add CI pipeline");
    assert_eq!(created["merged"], true, "v1.0.0 is in main");
    assert_eq!(created["default"], false);

    let cases = [
        (json!({"branch": "x"}), "ref is missing, ref is empty"),
        (json!({"branch": "", "ref": "main"}), "branch is empty"),
        (
            json!({"branch": "main", "ref": "main"}),
            "Branch already exists",
        ),
        (
            json!({"branch": "bad name", "ref": "main"}),
            "Branch name is invalid",
        ),
        (
            json!({"branch": "y", "ref": "nope"}),
            "Failed to create branch 'y': invalid reference name 'nope'",
        ),
    ];
    for (body, expected) in cases {
        let request = branches(Method::POST).json(body.clone());
        assert_eq!(
            refused(&gitlab, request).await,
            (400, expected.to_owned()),
            "{body}"
        );
    }

    let remove = |name: &str| at(Method::DELETE, &["repository", "branches", name]);
    let deleted = gitlab.send(remove("release/1.0")).await.unwrap();
    assert_eq!((deleted.status, deleted.body), (204, Value::Null));
    assert_eq!(
        refused(&gitlab, remove("release/1.0")).await,
        (404, "404 Branch Not Found".to_owned())
    );
    assert_eq!(
        refused(&gitlab, remove("main")).await,
        (
            400,
            "The default branch of a project cannot be deleted.".to_owned()
        )
    );
    let protect = protected(Method::POST).json(json!({"name": "fix/*"}));
    call(&gitlab, protect).await.unwrap();
    assert_eq!(
        refused(&gitlab, remove("fix/tokenizer")).await,
        (
            400,
            "You can only delete protected branches using the web interface.".to_owned()
        )
    );
    gitlab.send(remove("feature/x")).await.unwrap();
}

#[tokio::test]
async fn protected_branches_have_gitlabs_shape_and_rules() {
    let (_sandbox, gitlab) = setup().await;
    let listed = call(&gitlab, protected(Method::GET)).await.unwrap();
    assert_eq!(pluck(&listed, "name"), json!(["main"]));
    let main = call(&gitlab, at(Method::GET, &["protected_branches", "main"]))
        .await
        .unwrap();
    assert_eq!(main, listed[0]);
    assert_eq!(main["id"], 1);
    assert_eq!(main["allow_force_push"], false);
    assert_eq!(main["push_access_levels"][0]["access_level"], 40);
    assert_eq!(
        main["merge_access_levels"][0]["access_level_description"],
        "Maintainers"
    );

    let body = json!({"name": "release/*", "push_access_level": 30, "merge_access_level": 40, "allow_force_push": true});
    let rule = call(&gitlab, protected(Method::POST).json(body.clone()))
        .await
        .unwrap();
    assert_eq!(
        (
            rule["id"].clone(),
            rule["name"].clone(),
            rule["allow_force_push"].clone()
        ),
        (json!(2), json!("release/*"), json!(true))
    );
    assert_eq!(
        rule["push_access_levels"][0]["access_level_description"],
        "Developers + Maintainers"
    );
    let branch = create_branch(&gitlab, "release/2.0", "main").await.unwrap();
    assert_eq!(
        (
            branch["protected"].clone(),
            branch["developers_can_push"].clone()
        ),
        (json!(true), json!(true)),
        "the wildcard covers it"
    );

    let cases = [
        (body, 409, "Protected branch 'release/*' already exists"),
        (json!({"push_access_level": 40}), 400, "name is missing"),
        (
            json!({"name": "x", "push_access_level": 20}),
            400,
            "push_access_level does not have a valid value",
        ),
    ];
    for (body, status, expected) in cases {
        let request = protected(Method::POST).json(body.clone());
        assert_eq!(
            refused(&gitlab, request).await,
            (status, expected.to_owned()),
            "{body}"
        );
    }

    let unprotect = || at(Method::DELETE, &["protected_branches", "release/*"]);
    let answer = gitlab.send(unprotect()).await.unwrap();
    assert_eq!(answer.status, 204);
    assert_eq!(
        refused(&gitlab, unprotect()).await,
        (404, "404 Not found".to_owned())
    );
    let branch = call(
        &gitlab,
        at(Method::GET, &["repository", "branches", "release/2.0"]),
    )
    .await
    .unwrap();
    assert_eq!(branch["protected"], false);
}

#[tokio::test]
async fn tags_are_listed_created_and_deleted() {
    let (_sandbox, gitlab) = setup().await;
    let listed = call(&gitlab, tags(Method::GET)).await.unwrap();
    assert_eq!(pluck(&listed, "name"), json!(["v1.0.0"]));
    let v1 = &listed[0];
    assert_eq!(v1["message"], "Version 1.0.0: tokenizer and CI");
    assert_eq!(v1["commit"]["title"], "Add CI pipeline");
    assert_ne!(
        v1["target"], v1["commit"]["id"],
        "an annotated tag is its own object"
    );
    assert_eq!(v1["created_at"], "2026-01-07T15:00:00.000Z");
    assert_eq!(v1["release"], Value::Null);
    assert_eq!(v1["protected"], false);

    let light = call(
        &gitlab,
        tags(Method::POST).json(json!({"tag_name": "v1.1.0", "ref": "fix/tokenizer"})),
    )
    .await
    .unwrap();
    assert_eq!(light["target"], light["commit"]["id"]);
    assert_eq!(
        (light["message"].clone(), light["created_at"].clone()),
        (Value::Null, Value::Null)
    );
    assert_eq!(light["commit"]["title"], "Fix off-by-one in tokenizer");
    let annotated = call(
        &gitlab,
        tags(Method::POST).json(json!({"tag_name": "v1.10.0", "ref": "main", "message": "Ten"})),
    )
    .await
    .unwrap();
    assert_eq!(annotated["message"], "Ten");
    assert!(annotated["created_at"].is_string());

    let cases: [(&[(&str, &str)], Value); 4] = [
        (&[], json!(["v1.1.0", "v1.10.0", "v1.0.0"])),
        (
            &[("order_by", "name"), ("sort", "asc")],
            json!(["v1.0.0", "v1.1.0", "v1.10.0"]),
        ),
        (
            &[("order_by", "version")],
            json!(["v1.10.0", "v1.1.0", "v1.0.0"]),
        ),
        (&[("search", "^v1.1")], json!(["v1.1.0", "v1.10.0"])),
    ];
    for (filters, expected) in cases {
        let listed = call(&gitlab, with_query(tags(Method::GET), filters)).await;
        assert_eq!(pluck(&listed.unwrap(), "name"), expected, "{filters:?}");
    }

    let cases = [
        (
            json!({"tag_name": "v1.0.0", "ref": "main"}),
            "Tag v1.0.0 already exists",
        ),
        (
            json!({"tag_name": "v2", "ref": "nope"}),
            "Target nope is invalid",
        ),
        (
            json!({"tag_name": "bad tag", "ref": "main"}),
            "Tag name invalid",
        ),
        (json!({"tag_name": "v2"}), "ref is missing"),
    ];
    for (body, expected) in cases {
        let request = tags(Method::POST).json(body.clone());
        assert_eq!(
            refused(&gitlab, request).await,
            (400, expected.to_owned()),
            "{body}"
        );
    }

    // A release hangs off its tag, and goes with it.
    let release = ApiRequest::post().project(&demo()).segment("releases");
    call(
        &gitlab,
        release.json(json!({"tag_name": "v1.1.0", "description": "Fixes"})),
    )
    .await
    .unwrap();
    let with_release = call(&gitlab, at(Method::GET, &["repository", "tags", "v1.1.0"]))
        .await
        .unwrap();
    assert_eq!(
        with_release["release"],
        json!({"tag_name": "v1.1.0", "description": "Fixes"})
    );
    let deleted = gitlab
        .send(at(Method::DELETE, &["repository", "tags", "v1.1.0"]))
        .await
        .unwrap();
    assert_eq!(deleted.status, 204);
    let gone = at(Method::GET, &["repository", "tags", "v1.1.0"]);
    assert_eq!(
        refused(&gitlab, gone).await,
        (404, "404 Tag Not Found".to_owned())
    );
    let release = ApiRequest::get()
        .project(&demo())
        .segment("releases")
        .segment("v1.1.0");
    assert_eq!(refused(&gitlab, release).await.0, 404);
}
