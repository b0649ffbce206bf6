//! The sandbox's labels, milestones and wiki, through the real client: the seeded `bug` and
//! `feature` labels, milestone `v1.1` and the `home` page, and GitLab's validation of each.

use crate::gitlab::{ApiRequest, GitLab, GitLabError};
use crate::tests::common::{call, demo_item, message, on_demo, pluck, refusal, setup, with_query};
use reqwest::Method;
use serde_json::{Value, json};

async fn get(gitlab: &GitLab, request: ApiRequest) -> Value {
    call(gitlab, request).await.unwrap()
}

async fn send(gitlab: &GitLab, request: ApiRequest) -> Result<(u16, Value), GitLabError> {
    let answer = gitlab.send(request).await?;
    Ok((answer.status, answer.body))
}

#[tokio::test]
async fn labels_list_by_name_with_counts_on_request() {
    let (_sandbox, gitlab) = setup().await;
    let labels = get(&gitlab, on_demo(Method::GET, "labels")).await;
    assert_eq!(pluck(&labels, "name"), json!(["bug", "feature"]));
    let bug = &labels[0];
    assert_eq!(bug["id"], 1);
    assert_eq!(bug["color"], "#d9534f");
    assert_eq!(bug["text_color"], "#FFFFFF");
    assert_eq!(bug["description"], "Something isn't working");
    assert_eq!(bug["is_project_label"], true);
    assert_eq!(bug["subscribed"], false);
    assert_eq!(
        bug.get("open_issues_count"),
        None,
        "counts only with_counts"
    );
    let counted = get(
        &gitlab,
        with_query(on_demo(Method::GET, "labels"), &[("with_counts", "true")]),
    )
    .await;
    let counts = |label: &Value| {
        (
            label["open_issues_count"].clone(),
            label["closed_issues_count"].clone(),
            label["open_merge_requests_count"].clone(),
        )
    };
    assert_eq!(counts(&counted[0]), (json!(1), json!(0), json!(1)));
    assert_eq!(counts(&counted[1]), (json!(1), json!(0), json!(0)));
    for (search, expected) in [
        ("BUG", json!(["bug"])),
        ("functionality", json!(["feature"])),
    ] {
        let found = get(
            &gitlab,
            with_query(on_demo(Method::GET, "labels"), &[("search", search)]),
        )
        .await;
        assert_eq!(pluck(&found, "name"), expected, "{search}");
    }
    let by_id = get(&gitlab, demo_item(Method::GET, "labels", 2, None)).await;
    let by_name = get(&gitlab, demo_item(Method::GET, "labels", "feature", None)).await;
    assert_eq!(by_id, by_name);
    let err = call(&gitlab, demo_item(Method::GET, "labels", "wontfix", None))
        .await
        .unwrap_err();
    assert_eq!(message(err), (404, "404 Label Not Found".to_owned()));
}

#[tokio::test]
async fn labels_are_created_with_gitlabs_validation() {
    let (sandbox, gitlab) = setup().await;
    let body =
        json!({"name": "docs", "color": "#F0F0F0", "description": "Documentation", "priority": 3});
    let (status, docs) = send(&gitlab, on_demo(Method::POST, "labels").json(body.clone()))
        .await
        .unwrap();
    assert_eq!(sandbox.writes()[0].body, body);
    assert_eq!(status, 201);
    assert_eq!(docs["id"], 3);
    assert_eq!(docs["priority"], 3);
    assert_eq!(docs["text_color"], "#1F1E24", "dark text on a light label");
    let named = get(
        &gitlab,
        on_demo(Method::POST, "labels").json(json!({"name": "ops", "color": "orange"})),
    )
    .await;
    assert_eq!(
        named["color"], "#ffa500",
        "a CSS colour name is stored as hex"
    );

    let err = call(&gitlab, on_demo(Method::POST, "labels").json(json!({})))
        .await
        .unwrap_err();
    assert_eq!(
        message(err),
        (400, "name is missing, color is missing".to_owned())
    );
    let err = call(
        &gitlab,
        on_demo(Method::POST, "labels").json(json!({"name": "bug", "color": "#000"})),
    )
    .await
    .unwrap_err();
    assert_eq!(message(err), (409, "Label already exists".to_owned()));
    let invalid = [
        (
            json!({"name": "x", "color": "d9534f"}),
            json!({"color": ["must be a valid color code"]}),
        ),
        (
            json!({"name": "a,b", "color": "#fff"}),
            json!({"title": ["is invalid"]}),
        ),
        (
            json!({"name": " ", "color": "blurple"}),
            json!({"color": ["must be a valid color code"], "title": ["can't be blank"]}),
        ),
    ];
    for (body, expected) in invalid {
        let err = call(&gitlab, on_demo(Method::POST, "labels").json(body.clone()))
            .await
            .unwrap_err();
        assert_eq!(refusal(err), (400, json!({"message": expected})), "{body}");
    }
}

#[tokio::test]
async fn a_renamed_or_deleted_label_moves_with_its_issues() {
    let (_sandbox, gitlab) = setup().await;
    let renamed = get(
        &gitlab,
        demo_item(Method::PUT, "labels", "bug", None)
            .json(json!({"new_name": "defect", "color": "#000000", "priority": 1})),
    )
    .await;
    assert_eq!(
        (
            renamed["id"].clone(),
            renamed["name"].clone(),
            renamed["priority"].clone()
        ),
        (json!(1), json!("defect"), json!(1))
    );
    let issue = get(&gitlab, demo_item(Method::GET, "issues", 1, None)).await;
    assert_eq!(issue["labels"], json!(["defect"]));
    let cleared = get(
        &gitlab,
        demo_item(Method::PUT, "labels", 1, None).json(json!({"priority": null})),
    )
    .await;
    assert_eq!(cleared["priority"], Value::Null);

    let err = call(
        &gitlab,
        demo_item(Method::PUT, "labels", 1, None).json(json!({})),
    )
    .await
    .unwrap_err();
    assert_eq!(
        message(err),
        (
            400,
            "new_name, color, description, priority are missing, at least one parameter must be provided"
                .to_owned()
        )
    );
    let err = call(
        &gitlab,
        demo_item(Method::PUT, "labels", 1, None).json(json!({"new_name": "feature"})),
    )
    .await
    .unwrap_err();
    assert_eq!(
        refusal(err),
        (
            400,
            json!({"message": {"title": ["has already been taken"]}})
        )
    );

    let (status, body) = send(
        &gitlab,
        demo_item(Method::DELETE, "labels", "feature", None),
    )
    .await
    .unwrap();
    assert_eq!((status, body), (204, Value::Null));
    let issue = get(&gitlab, demo_item(Method::GET, "issues", 2, None)).await;
    assert_eq!(issue["labels"], json!([]));
    let err = call(
        &gitlab,
        demo_item(Method::DELETE, "labels", "feature", None),
    )
    .await
    .unwrap_err();
    assert_eq!(message(err), (404, "404 Label Not Found".to_owned()));
}

#[tokio::test]
async fn milestones_list_and_filter_as_gitlab_does() {
    let (sandbox, gitlab) = setup().await;
    let listed = get(&gitlab, on_demo(Method::GET, "milestones")).await;
    assert_eq!(listed.as_array().unwrap().len(), 1);
    let v11 = &listed[0];
    assert_eq!(
        (
            v11["id"].clone(),
            v11["iid"].clone(),
            v11["project_id"].clone()
        ),
        (json!(1), json!(1), json!(1))
    );
    assert_eq!(v11["title"], "v1.1");
    assert_eq!(v11["state"], "active");
    assert_eq!(v11["due_date"], "2026-02-27");
    assert_eq!(v11["start_date"], "2026-01-05");
    assert!(v11["expired"].is_boolean());
    assert_eq!(
        v11["web_url"],
        format!("{}demo/sandbox/-/milestones/1", sandbox.base_url())
    );
    let cases: &[(&[(&str, &str)], Value)] = &[
        (&[("state", "active")], json!([1])),
        (&[("state", "closed")], json!([])),
        (&[("iids[]", "1")], json!([1])),
        (&[("iids", "2,3")], json!([])),
        (&[("title", "v1.1")], json!([1])),
        (&[("title", "v1")], json!([])),
        (&[("search", "TOKENIZER")], json!([1])),
        (&[("updated_after", "2030-01-01")], json!([])),
    ];
    for (pairs, expected) in cases {
        let found = get(
            &gitlab,
            with_query(on_demo(Method::GET, "milestones"), pairs),
        )
        .await;
        assert_eq!(&pluck(&found, "id"), expected, "{pairs:?}");
    }
    let refused = [
        (("state", "open"), "state does not have a valid value"),
        (("iids", "one"), "iids is invalid"),
    ];
    for (pair, expected) in refused {
        let err = call(
            &gitlab,
            with_query(on_demo(Method::GET, "milestones"), &[pair]),
        )
        .await
        .unwrap_err();
        assert_eq!(message(err), (400, expected.to_owned()));
    }
    assert_eq!(
        get(&gitlab, demo_item(Method::GET, "milestones", 1, None)).await,
        *v11
    );
    let err = call(&gitlab, demo_item(Method::GET, "milestones", 99, None))
        .await
        .unwrap_err();
    assert_eq!(message(err), (404, "404 Not found".to_owned()));
    let err = call(&gitlab, demo_item(Method::GET, "milestones", "v1.1", None))
        .await
        .unwrap_err();
    assert_eq!(message(err), (400, "milestone_id is invalid".to_owned()));
    let issues = get(
        &gitlab,
        demo_item(Method::GET, "milestones", 1, Some("issues")),
    )
    .await;
    assert_eq!(pluck(&issues, "iid"), json!([1]));
    assert_eq!(issues[0].get("_links"), None, "GitLab's IssueBasic");
    let mrs = get(
        &gitlab,
        demo_item(Method::GET, "milestones", 1, Some("merge_requests")),
    )
    .await;
    assert_eq!(pluck(&mrs, "iid"), json!([1]));
    assert_eq!(mrs[0].get("diff_refs"), None, "GitLab's MergeRequestBasic");
}

#[tokio::test]
async fn milestones_are_created_updated_and_deleted_with_gitlabs_refusals() {
    let (_sandbox, gitlab) = setup().await;
    let body = json!({"title": "v1.2", "description": "Word counter", "start_date": "2026-03-01", "due_date": "2026-03-31"});
    let (status, created) = send(&gitlab, on_demo(Method::POST, "milestones").json(body))
        .await
        .unwrap();
    assert_eq!(status, 201);
    assert_eq!(
        (
            created["id"].clone(),
            created["iid"].clone(),
            created["state"].clone()
        ),
        (json!(2), json!(2), json!("active"))
    );
    let listed = get(&gitlab, on_demo(Method::GET, "milestones")).await;
    assert_eq!(
        pluck(&listed, "title"),
        json!(["v1.1", "v1.2"]),
        "earliest due first"
    );

    let refusals = [
        (json!({}), 400, "title is missing"),
        (
            json!({"title": "v1.1"}),
            400,
            "Failed to create milestone {:title=>[\"already being used for another group or project milestone.\"]}",
        ),
        (
            json!({"title": "v2", "start_date": "2026-05-01", "due_date": "2026-04-01"}),
            400,
            "Failed to create milestone {:due_date=>[\"must be greater than start date\"]}",
        ),
    ];
    for (body, status, expected) in refusals {
        let err = call(
            &gitlab,
            on_demo(Method::POST, "milestones").json(body.clone()),
        )
        .await
        .unwrap_err();
        assert_eq!(message(err), (status, expected.to_owned()), "{body}");
    }

    let closed = get(
        &gitlab,
        demo_item(Method::PUT, "milestones", 2, None).json(json!({"state_event": "close"})),
    )
    .await;
    assert_eq!(closed["state"], "closed");
    let active = get(
        &gitlab,
        with_query(on_demo(Method::GET, "milestones"), &[("state", "active")]),
    )
    .await;
    assert_eq!(pluck(&active, "id"), json!([1]));
    let err = call(
        &gitlab,
        demo_item(Method::PUT, "milestones", 2, None).json(json!({})),
    )
    .await
    .unwrap_err();
    assert_eq!(
        message(err),
        (
            400,
            "title, description, start_date, due_date, state_event are missing, at least one parameter must be provided"
                .to_owned()
        )
    );
    let err = call(
        &gitlab,
        demo_item(Method::PUT, "milestones", 2, None).json(json!({"due_date": "2026-02-01"})),
    )
    .await
    .unwrap_err();
    assert_eq!(
        message(err),
        (
            400,
            "Failed to update milestone {:due_date=>[\"must be greater than start date\"]}"
                .to_owned()
        )
    );

    let (status, _) = send(&gitlab, demo_item(Method::DELETE, "milestones", 1, None))
        .await
        .unwrap();
    assert_eq!(status, 204);
    let issue = get(&gitlab, demo_item(Method::GET, "issues", 1, None)).await;
    assert_eq!(
        issue["milestone"],
        Value::Null,
        "the issue lost its milestone"
    );
    let err = call(&gitlab, demo_item(Method::DELETE, "milestones", 1, None))
        .await
        .unwrap_err();
    assert_eq!(message(err), (404, "404 Not found".to_owned()));
}

#[tokio::test]
async fn the_wiki_lists_and_shows_its_pages() {
    let (_sandbox, gitlab) = setup().await;
    let pages = gitlab.send(on_demo(Method::GET, "wikis")).await.unwrap();
    assert_eq!(pages.total, None, "GitLab does not page the wiki list");
    assert_eq!(
        pages.body,
        json!([
            {"format": "markdown", "slug": "home", "title": "Home", "wiki_page_meta_id": 1},
            {"format": "markdown", "slug": "Release-process", "title": "Release process", "wiki_page_meta_id": 2}
        ])
    );
    let full = get(
        &gitlab,
        with_query(on_demo(Method::GET, "wikis"), &[("with_content", "true")]),
    )
    .await;
    assert!(
        full[0]["content"]
            .as_str()
            .unwrap()
            .starts_with("# Sandbox wiki")
    );
    assert_eq!(full[0]["encoding"], "UTF-8");
    let home = get(&gitlab, demo_item(Method::GET, "wikis", "home", None)).await;
    assert_eq!(home, full[0]);
    assert_eq!(home["front_matter"], json!({}));
    let html = get(
        &gitlab,
        with_query(
            demo_item(Method::GET, "wikis", "home", None),
            &[("render_html", "true")],
        ),
    )
    .await;
    let html = html["content"].as_str().unwrap();
    assert!(html.starts_with("<h1>Sandbox wiki</h1>"), "{html}");
    assert!(html.contains("<a href=\"Release-process\">Release process</a>"));
    for request in [
        demo_item(Method::GET, "wikis", "nope", None),
        with_query(
            demo_item(Method::GET, "wikis", "home", None),
            &[("version", "0123456789abcdef0123456789abcdef01234567")],
        ),
    ] {
        let err = call(&gitlab, request).await.unwrap_err();
        assert_eq!(message(err), (404, "404 Wiki Page Not Found".to_owned()));
    }
}

#[tokio::test]
async fn wiki_pages_are_written_with_gitlabs_rules() {
    let (_sandbox, gitlab) = setup().await;
    let body =
        json!({"title": "Getting started", "content": "Run `cargo test`.", "format": "markdown"});
    let (status, created) = send(&gitlab, on_demo(Method::POST, "wikis").json(body))
        .await
        .unwrap();
    assert_eq!(status, 201);
    assert_eq!(created["slug"], "Getting-started");
    assert_eq!(created["content"], "Run `cargo test`.");
    assert_eq!(created["wiki_page_meta_id"], 3);
    let err = call(
        &gitlab,
        on_demo(Method::POST, "wikis")
            .json(json!({"title": "getting started", "content": "again"})),
    )
    .await
    .unwrap_err();
    assert_eq!(
        refusal(err),
        (
            400,
            json!({"message": {"base": ["Duplicate page: A page with that title already exists"]}})
        )
    );
    let refusals = [
        (json!({}), "title is missing, content is missing"),
        (
            json!({"title": "x", "content": "y", "format": "html"}),
            "format does not have a valid value",
        ),
    ];
    for (body, expected) in refusals {
        let err = call(&gitlab, on_demo(Method::POST, "wikis").json(body))
            .await
            .unwrap_err();
        assert_eq!(message(err), (400, expected.to_owned()));
    }
    let err = call(
        &gitlab,
        on_demo(Method::POST, "wikis").json(json!({"title": " ", "content": "y"})),
    )
    .await
    .unwrap_err();
    assert_eq!(
        refusal(err),
        (400, json!({"message": {"title": ["can't be blank"]}}))
    );

    let updated = get(
        &gitlab,
        demo_item(Method::PUT, "wikis", "Getting-started", None)
            .json(json!({"title": "Onboarding", "format": "asciidoc"})),
    )
    .await;
    assert_eq!(
        (
            updated["slug"].clone(),
            updated["format"].clone(),
            updated["content"].clone()
        ),
        (
            json!("Onboarding"),
            json!("asciidoc"),
            json!("Run `cargo test`.")
        )
    );
    assert_eq!(updated["wiki_page_meta_id"], 3, "the page keeps its record");
    let err = call(
        &gitlab,
        demo_item(Method::GET, "wikis", "Getting-started", None),
    )
    .await
    .unwrap_err();
    assert_eq!(message(err), (404, "404 Wiki Page Not Found".to_owned()));
    let err = call(
        &gitlab,
        demo_item(Method::PUT, "wikis", "Onboarding", None).json(json!({})),
    )
    .await
    .unwrap_err();
    assert_eq!(
        message(err),
        (
            400,
            "content, title, format are missing, at least one parameter must be provided"
                .to_owned()
        )
    );
    let err = call(
        &gitlab,
        demo_item(Method::PUT, "wikis", "Onboarding", None).json(json!({"title": "Home"})),
    )
    .await
    .unwrap_err();
    assert_eq!(refusal(err).0, 400);

    let (status, body) = send(
        &gitlab,
        demo_item(Method::DELETE, "wikis", "Onboarding", None),
    )
    .await
    .unwrap();
    assert_eq!((status, body), (204, Value::Null));
    let err = call(
        &gitlab,
        demo_item(Method::DELETE, "wikis", "Onboarding", None),
    )
    .await
    .unwrap_err();
    assert_eq!(message(err), (404, "404 Wiki Page Not Found".to_owned()));
}
