//! The sandbox as a test fake, over raw HTTP: GitLab's fault bodies, fault targeting, request
//! recording, pagination headers, unknown routes, and shutting down.

use crate::gitlab::{ApiRequest, GitLab, GitLabError, ProjectId};
use crate::tests::common::{call, demo, setup};
use gitlab_sandbox::{FaultSpec, Sandbox};
use reqwest::Method;
use serde_json::{Value, json};

async fn start() -> (Sandbox, reqwest::Client) {
    (
        Sandbox::start().await.expect("the sandbox starts"),
        reqwest::Client::new(),
    )
}

fn url(sandbox: &Sandbox, path: &str) -> String {
    format!("{}api/v4{path}", sandbox.base_url())
}

/// `GET projects/1`.
async fn get_demo(gitlab: &GitLab) -> Result<Value, GitLabError> {
    call(gitlab, ApiRequest::get().project(&ProjectId::Id(1))).await
}

/// Status, content type and body text of a GET.
async fn fetch(http: &reqwest::Client, url: &str) -> (u16, String, String) {
    let response = http.get(url).send().await.unwrap();
    let status = response.status().as_u16();
    let content_type = response
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    (status, content_type, response.text().await.unwrap())
}

#[tokio::test]
async fn each_status_comes_with_gitlabs_own_body() {
    let (sandbox, http) = start().await;
    let project = url(&sandbox, "/projects/1");
    let json_cases = [
        (401, r#"{"message":"401 Unauthorized"}"#),
        (403, r#"{"message":"403 Forbidden"}"#),
        (404, r#"{"message":"404 Project Not Found"}"#),
        (409, r#"{"message":"Release already exists"}"#),
        (500, r#"{"message":"500 Internal Server Error"}"#),
        (503, r#"{"message":"503 Service Unavailable"}"#),
    ];
    for (status, body) in json_cases {
        sandbox.fail_next(FaultSpec::status(status));
        assert_eq!(
            fetch(&http, &project).await,
            (status, "application/json".to_owned(), body.to_owned())
        );
    }
    sandbox.fail_next(FaultSpec::status(409));
    let (_, _, body) = fetch(&http, &url(&sandbox, "/projects/1/merge_requests")).await;
    assert_eq!(
        body,
        r#"{"message":["Another open merge request already exists for this source branch: !1"]}"#
    );

    sandbox.fail_next(FaultSpec::status(429));
    let response = http.get(&project).send().await.unwrap();
    assert_eq!(response.status().as_u16(), 429);
    assert_eq!(response.headers()["retry-after"], "30");
    assert_eq!(response.headers()["content-type"], "text/plain");
    assert_eq!(response.text().await.unwrap(), "Retry later\n");

    let (status, _, body) = fetch(&http, &project).await;
    assert_eq!(status, 200, "faults are used up: {body}");
}

#[tokio::test]
async fn faults_hit_only_what_they_target_and_only_as_often_as_told() {
    let (sandbox, gitlab) = setup().await;

    sandbox.fail_next(FaultSpec::status(500).times(2));
    assert_eq!(get_demo(&gitlab).await.unwrap_err().status(), Some(500));
    let list = call(&gitlab, ApiRequest::get().segment("projects")).await;
    assert_eq!(list.unwrap_err().status(), Some(500));
    assert!(get_demo(&gitlab).await.is_ok());

    sandbox.fail_matching(
        Method::POST,
        "/projects/1/issues",
        FaultSpec::status(403).times(usize::MAX),
    );
    // The same project by number, so that only the method or the path differs.
    let on_demo = |method: Method, collection: &str| {
        ApiRequest::new(method)
            .project(&ProjectId::Id(1))
            .segment(collection)
    };
    let create_issue = || {
        call(
            &gitlab,
            on_demo(Method::POST, "issues").json(json!({"title": "t"})),
        )
    };
    assert!(
        call(&gitlab, on_demo(Method::GET, "issues")).await.is_ok(),
        "another method"
    );
    let mr = json!({"source_branch": "feature/x", "target_branch": "main", "title": "t"});
    assert!(
        call(&gitlab, on_demo(Method::POST, "merge_requests").json(mr))
            .await
            .is_ok(),
        "another path"
    );
    for _ in 0..3 {
        assert_eq!(create_issue().await.unwrap_err().status(), Some(403));
    }
    sandbox.clear_faults();
    assert!(create_issue().await.is_ok());

    // The prefix may name the decoded path, with or without /api/v4.
    sandbox.fail_matching(
        Method::GET,
        "/api/v4/projects/demo/sandbox",
        FaultSpec::status(404),
    );
    let by_path = || call(&gitlab, ApiRequest::get().project(&demo()));
    assert_eq!(by_path().await.unwrap_err().status(), Some(404));
    assert!(by_path().await.is_ok());
}

#[tokio::test]
async fn every_request_is_recorded_as_received() {
    let (sandbox, http) = start().await;
    http.post(url(
        &sandbox,
        "/projects/demo%2Fsandbox/issues?confidential=true",
    ))
    .header("PRIVATE-TOKEN", "glpat-recorded")
    .json(&json!({"title": "Recorded", "labels": ["a"]}))
    .send()
    .await
    .unwrap();
    http.get(url(&sandbox, "/projects?search=sand%20box"))
        .send()
        .await
        .unwrap();

    let requests = sandbox.requests();
    assert_eq!(requests.len(), 2);
    let post = &requests[0];
    assert_eq!(post.method, Method::POST);
    assert_eq!(post.raw_path, "/api/v4/projects/demo%2Fsandbox/issues");
    assert_eq!(post.path, "/api/v4/projects/demo/sandbox/issues");
    assert_eq!(post.query, [("confidential".to_owned(), "true".to_owned())]);
    assert_eq!(post.body, json!({"title": "Recorded", "labels": ["a"]}));
    assert_eq!(post.content_type.as_deref(), Some("application/json"));
    assert!(
        post.private_token
            .as_ref()
            .unwrap()
            .matches("glpat-recorded")
    );
    assert!(post.is_write());
    assert!(!format!("{post:?}").contains("glpat-recorded"));
    assert_eq!(
        requests[1].query,
        [("search".to_owned(), "sand box".to_owned())]
    );
    assert_eq!(
        (
            requests[1].body.clone(),
            requests[1].private_token.is_none()
        ),
        (Value::Null, true)
    );
    assert_eq!(sandbox.writes(), vec![post.clone()]);

    // Query parameters count as parameters on a POST too, as in GitLab.
    let issue: Value = http
        .get(url(&sandbox, "/projects/1/issues/3"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(issue["confidential"], true);

    sandbox.clear_requests();
    assert!(sandbox.requests().is_empty());
}

#[tokio::test]
async fn form_bodies_are_read_like_gitlab_reads_them() {
    let (sandbox, http) = start().await;
    let response = http
        .post(url(&sandbox, "/projects/1/issues"))
        .header("content-type", "application/x-www-form-urlencoded")
        .body("title=From+a+form&labels[]=x&labels[]=y&confidential=1")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 201);
    let issue: Value = response.json().await.unwrap();
    assert_eq!(
        (issue["title"].clone(), issue["labels"].clone()),
        (json!("From a form"), json!(["x", "y"]))
    );
    assert_eq!(issue["confidential"], true);

    let bad = http
        .post(url(&sandbox, "/projects/1/issues"))
        .header("content-type", "application/json")
        .body("[1, 2]")
        .send()
        .await
        .unwrap();
    assert_eq!(bad.status().as_u16(), 400);
    assert_eq!(
        bad.text().await.unwrap(),
        r#"{"error":"the request body must be a JSON object"}"#
    );
}

#[tokio::test]
async fn lists_send_gitlabs_pagination_headers() {
    let (sandbox, http) = start().await;
    for n in 0..3 {
        http.post(url(&sandbox, "/projects/1/issues"))
            .json(&json!({"title": format!("i{n}")}))
            .send()
            .await
            .unwrap();
    }
    let response = http
        .get(url(&sandbox, "/projects/1/issues?state=opened&per_page=2"))
        .send()
        .await
        .unwrap();
    let header = |name: &str| response.headers()[name].to_str().unwrap().to_owned();
    assert_eq!(
        [
            "x-page",
            "x-per-page",
            "x-next-page",
            "x-prev-page",
            "x-total",
            "x-total-pages"
        ]
        .map(header),
        ["1", "2", "2", "", "5", "3"],
        "the demo project's two issues and the three new ones"
    );
    let base = url(&sandbox, "/projects/1/issues");
    assert_eq!(
        header("link"),
        format!(
            "<{base}?state=opened&page=2&per_page=2>; rel=\"next\", <{base}?state=opened&page=1&per_page=2>; \
             rel=\"first\", <{base}?state=opened&page=3&per_page=2>; rel=\"last\""
        )
    );
    let items: Vec<Value> = response.json().await.unwrap();
    assert_eq!(items.len(), 2);

    let last = http
        .get(format!("{base}?page=3&per_page=2"))
        .send()
        .await
        .unwrap();
    assert_eq!(
        (
            last.headers()["x-next-page"].to_str().unwrap(),
            last.headers()["x-prev-page"].to_str().unwrap()
        ),
        ("", "2")
    );
    let big = http
        .get(format!("{base}?per_page=500"))
        .send()
        .await
        .unwrap();
    assert_eq!(
        big.headers()["x-per-page"],
        "100",
        "GitLab serves at most 100"
    );
    let zero = http.get(format!("{base}?per_page=0")).send().await.unwrap();
    assert_eq!(zero.headers()["x-per-page"], "20");
    let (status, _, body) = fetch(&http, &format!("{base}?page=first")).await;
    assert_eq!(
        (status, body.as_str()),
        (400, r#"{"error":"page is invalid"}"#)
    );
}

#[tokio::test]
async fn unknown_routes_and_methods_answer_like_gitlab() {
    let (sandbox, http) = start().await;
    let (status, _, body) = fetch(&http, &url(&sandbox, "/projects/1/no_such_resource")).await;
    assert_eq!(
        (status, body.as_str()),
        (404, r#"{"error":"404 Not Found"}"#)
    );
    let patched = http
        .patch(url(&sandbox, "/projects/1"))
        .send()
        .await
        .unwrap();
    assert_eq!(patched.status().as_u16(), 405);
    assert_eq!(
        patched.text().await.unwrap(),
        r#"{"message":"405 Method Not Allowed"}"#
    );
}

#[tokio::test]
async fn shutdown_releases_stalled_requests_and_stops_serving() {
    let (sandbox, gitlab) = setup().await;
    sandbox.fail_next(FaultSpec::stall());
    let stalled = tokio::spawn({
        let gitlab = gitlab.clone();
        async move { get_demo(&gitlab).await }
    });
    while sandbox.requests().is_empty() {
        tokio::task::yield_now().await;
    }
    sandbox.shutdown().await.unwrap();
    let answer = stalled.await.unwrap().unwrap_err();
    assert_eq!(answer.status(), Some(503));
    let after = get_demo(&gitlab).await.unwrap_err();
    assert!(matches!(after, GitLabError::Connect { .. }), "{after:?}");
}

#[tokio::test]
async fn dropping_the_sandbox_stops_it() {
    let (sandbox, gitlab) = setup().await;
    assert!(get_demo(&gitlab).await.is_ok());
    drop(sandbox);
    // The server winds down in the background: wait for it, by condition rather than by clock.
    loop {
        match get_demo(&gitlab).await {
            Err(GitLabError::Connect { .. }) => break,
            _ => tokio::task::yield_now().await,
        }
    }
}
