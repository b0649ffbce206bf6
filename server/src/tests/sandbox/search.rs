//! The sandbox's search, through the real client: the scopes GitLab allows at each level,
//! code search in the seeded repository (at the default branch or `ref`), commits, issues,
//! merge requests, milestones, notes, wiki pages, users and projects.

use crate::gitlab::{ApiRequest, GitLab, GitLabError};
use crate::tests::common::{at, call, demo, message, pluck, setup, with_query};
use reqwest::Method;
use serde_json::{Value, json};

fn in_project(pairs: &[(&str, &str)]) -> ApiRequest {
    with_query(ApiRequest::get().project(&demo()).segment("search"), pairs)
}

async fn project_search(gitlab: &GitLab, pairs: &[(&str, &str)]) -> Result<Value, GitLabError> {
    call(gitlab, in_project(pairs)).await
}

async fn found(gitlab: &GitLab, pairs: &[(&str, &str)]) -> Value {
    project_search(gitlab, pairs).await.unwrap()
}

#[tokio::test]
async fn code_search_finds_blocks_of_lines_like_gitlabs() {
    let (sandbox, gitlab) = setup().await;
    let hits = found(&gitlab, &[("scope", "blobs"), ("search", "SENTINEL")]).await;
    assert_eq!(hits.as_array().unwrap().len(), 1);
    let hit = &hits[0];
    assert_eq!(hit["path"], "src/tokenizer.rs");
    assert_eq!(hit["filename"], "src/tokenizer.rs");
    assert_eq!(hit["basename"], "src/tokenizer");
    assert_eq!(hit["ref"], "main");
    assert_eq!(hit["project_id"], 1);
    assert_eq!(hit["id"], Value::Null, "content matches carry no blob id");
    assert_eq!(
        hit["startline"], 13,
        "two lines of context before the match"
    );
    let data = hit["data"].as_str().unwrap();
    assert_eq!(data.lines().count(), 5);
    assert!(data.starts_with("    let mut tokens = Vec::new();\n"));
    assert!(data.contains("is a sentinel separator"));
    assert!(data.contains("for i in 0..chars.len() {"));

    let fixed = found(
        &gitlab,
        &[
            ("scope", "blobs"),
            ("search", "0..=chars"),
            ("ref", "fix/tokenizer"),
        ],
    )
    .await;
    assert_eq!(pluck(&fixed, "ref"), json!(["fix/tokenizer"]));
    let on_main = found(&gitlab, &[("scope", "blobs"), ("search", "0..=chars")]).await;
    assert_eq!(on_main, json!([]), "main still has the bug");
    let unknown = found(
        &gitlab,
        &[("scope", "blobs"), ("search", "fn"), ("ref", "nope")],
    )
    .await;
    assert_eq!(unknown, json!([]));

    // Files found by name come after content matches, with their blob id.
    let logo = found(&gitlab, &[("scope", "blobs"), ("search", "logo")]).await;
    assert_eq!(
        pluck(&logo, "path"),
        json!(["README.md", "assets/logo.png"])
    );
    assert_eq!(logo[1]["startline"], 1);
    assert_eq!(logo[1]["id"].as_str().unwrap().len(), 40);
    let markdown = found(
        &gitlab,
        &[("scope", "blobs"), ("search", "tokenize extension:md")],
    )
    .await;
    let paths = pluck(&markdown, "path");
    assert!(!paths.as_array().unwrap().is_empty());
    assert!(
        paths
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p.as_str().unwrap().ends_with(".md"))
    );

    let url = format!(
        "{}api/v4/projects/1/search?scope=blobs&search=fn&per_page=2",
        sandbox.base_url()
    );
    let answer = reqwest::get(&url).await.unwrap();
    assert_eq!(answer.headers()["x-search-type"], "basic");
    assert_eq!(answer.headers()["x-next-page"], "2");
}

#[tokio::test]
async fn commits_are_found_by_message_or_id() {
    let (_sandbox, gitlab) = setup().await;
    let commits = found(&gitlab, &[("scope", "commits"), ("search", "TOKENIZ")]).await;
    assert_eq!(
        pluck(&commits, "title"),
        json!(["Test tokenizing a whole sentence", "Add tokenizer"])
    );
    let head = &commits[0];
    assert_eq!(head["project_id"], 1);
    assert_eq!(head["status"], "failed");
    assert_eq!(head["last_pipeline"]["id"], 2);
    assert_eq!(head.get("stats"), None, "search leaves the stats out");
    let short = head["short_id"].as_str().unwrap().to_owned();
    let by_id = found(&gitlab, &[("scope", "commits"), ("search", &short)]).await;
    assert_eq!(by_id[0]["id"], head["id"]);
    let fix = found(
        &gitlab,
        &[
            ("scope", "commits"),
            ("search", "off-by-one"),
            ("ref", "fix/tokenizer"),
        ],
    )
    .await;
    assert_eq!(pluck(&fix, "title"), json!(["Fix off-by-one in tokenizer"]));
}

#[tokio::test]
async fn issues_merge_requests_milestones_notes_and_wiki_in_a_project() {
    let (_sandbox, gitlab) = setup().await;
    /// The query, the field to read of each hit, what it reads.
    type Case = (&'static [(&'static str, &'static str)], &'static str, Value);
    let cases: &[Case] = &[
        (
            &[("scope", "issues"), ("search", "tokenizer")],
            "iid",
            json!([1]),
        ),
        (
            &[
                ("scope", "issues"),
                ("search", "tokenizer"),
                ("state", "closed"),
            ],
            "iid",
            json!([]),
        ),
        (
            &[("scope", "merge_requests"), ("search", "OFF-BY-ONE")],
            "iid",
            json!([1]),
        ),
        (
            &[
                ("scope", "merge_requests"),
                ("search", "off-by-one"),
                ("state", "merged"),
            ],
            "iid",
            json!([]),
        ),
        (
            &[("scope", "milestones"), ("search", "word counter")],
            "title",
            json!(["v1.1"]),
        ),
        (
            &[("scope", "notes"), ("search", "review")],
            "id",
            json!([2]),
        ),
        (
            &[("scope", "users"), ("search", "ali")],
            "username",
            json!(["alice"]),
        ),
    ];
    for (pairs, key, expected) in cases {
        let hits = found(&gitlab, pairs).await;
        assert_eq!(&pluck(&hits, key), expected, "{pairs:?}");
    }
    let note = &found(&gitlab, &[("scope", "notes"), ("search", "review")]).await[0];
    assert_eq!(note["noteable_type"], "Issue");
    assert_eq!(note["author"]["username"], "bob");
    let issue = &found(&gitlab, &[("scope", "issues"), ("search", "tokenizer")]).await[0];
    assert_eq!(issue.get("_links"), None, "GitLab's IssueBasic");

    let wiki = found(&gitlab, &[("scope", "wiki_blobs"), ("search", "release")]).await;
    assert_eq!(
        pluck(&wiki, "path"),
        json!(["Release-process.md", "home.md"])
    );
    assert_eq!(wiki[1]["basename"], "home");
    assert!(
        wiki[1]["data"]
            .as_str()
            .unwrap()
            .contains("[Release process](Release-process)")
    );
}

#[tokio::test]
async fn instance_and_group_search_their_own_scopes() {
    let (_sandbox, gitlab) = setup().await;
    let search = |segments: &'static [&'static str],
                  pairs: &'static [(&'static str, &'static str)]| {
        let gitlab = gitlab.clone();
        async move { call(&gitlab, with_query(at(Method::GET, segments), pairs)).await }
    };
    let projects = search(
        &["search"],
        &[("scope", "projects"), ("search", "TOKENIZER")],
    )
    .await
    .unwrap();
    assert_eq!(
        pluck(&projects, "path_with_namespace"),
        json!(["demo/sandbox"])
    );
    assert_eq!(
        projects[0].get("permissions"),
        None,
        "GitLab's BasicProjectDetails"
    );
    let issues = search(&["search"], &[("scope", "issues"), ("search", "feature")])
        .await
        .unwrap();
    assert_eq!(pluck(&issues, "iid"), json!([2]));
    let users = search(&["search"], &[("scope", "users"), ("search", "bob")])
        .await
        .unwrap();
    assert_eq!(pluck(&users, "username"), json!(["bob"]));
    assert_eq!(
        search(&["search"], &[("scope", "snippet_titles"), ("search", "x")])
            .await
            .unwrap(),
        json!([])
    );
    let in_group = search(
        &["groups", "demo", "search"],
        &[("scope", "merge_requests"), ("search", "tokenizer")],
    )
    .await
    .unwrap();
    assert_eq!(pluck(&in_group, "iid"), json!([1]));
    let group_users = search(
        &["groups", "4", "search"],
        &[("scope", "users"), ("search", "user")],
    )
    .await
    .unwrap();
    assert_eq!(pluck(&group_users, "username"), json!(["sandbox-user"]));
    let dashed = search(
        &["groups", "4", "-", "search"],
        &[("scope", "milestones"), ("search", "v1")],
    )
    .await
    .unwrap();
    assert_eq!(pluck(&dashed, "title"), json!(["v1.1"]));
}

#[tokio::test]
async fn scopes_and_parameters_are_refused_as_gitlab_refuses_them() {
    let (_sandbox, gitlab) = setup().await;
    /// Where, the query, GitLab's status and message.
    type Refusal = (
        &'static [&'static str],
        &'static [(&'static str, &'static str)],
        u16,
        &'static str,
    );
    let refused: &[Refusal] = &[
        (&["search"], &[], 400, "search is missing, scope is missing"),
        (&["search"], &[("search", "x")], 400, "scope is missing"),
        // Community Edition searches code, commits, notes and wikis only in a project.
        (
            &["search"],
            &[("scope", "blobs"), ("search", "fn")],
            400,
            "scope does not have a valid value",
        ),
        (
            &["groups", "4", "search"],
            &[("scope", "commits"), ("search", "fn")],
            400,
            "scope does not have a valid value",
        ),
        (
            &["search"],
            &[("scope", "issues"), ("search", "x"), ("state", "open")],
            400,
            "state does not have a valid value",
        ),
        (
            &["groups", "99", "search"],
            &[("scope", "issues"), ("search", "x")],
            404,
            "404 Group Not Found",
        ),
        (
            &["projects", "99", "search"],
            &[("scope", "issues"), ("search", "x")],
            404,
            "404 Project Not Found",
        ),
    ];
    for (segments, pairs, status, expected) in refused {
        let err = call(&gitlab, with_query(at(Method::GET, segments), pairs))
            .await
            .unwrap_err();
        assert_eq!(
            message(err),
            (*status, (*expected).to_owned()),
            "{segments:?} {pairs:?}"
        );
    }
    let err = project_search(&gitlab, &[("scope", "projects"), ("search", "x")])
        .await
        .unwrap_err();
    assert_eq!(
        message(err),
        (400, "scope does not have a valid value".to_owned())
    );
}
