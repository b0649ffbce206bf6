//! The REST client against the sandbox GitLab over real HTTP: configuration, path encoding,
//! pagination, every error body shape, timeouts, and that the token never shows.

use std::time::Duration;

use crate::gitlab::{
    ApiRequest, ConfigError, GitLab, GitLabConfig, GitLabError, ProjectId, Token, parse_base_url,
};
use crate::tests::common::{call, demo, issues, merge_requests, pluck, releases};
use gitlab_sandbox::{FaultSpec, Sandbox};
use reqwest::Method;
use serde_json::{Value, json};

const SECRET: &str = "glpat-SECRET-do-not-print";

async fn setup() -> (Sandbox, GitLab) {
    crate::tests::common::setup_with_token(Some(SECRET)).await
}

/// `GET projects/1`.
fn project_1() -> ApiRequest {
    ApiRequest::get().project(&ProjectId::Id(1))
}

/// `GET projects`.
fn projects() -> ApiRequest {
    ApiRequest::get().segment("projects")
}

/// The error's text and debug form, checked for the token on the way.
fn shown(error: &GitLabError) -> String {
    let (text, debug) = (error.to_string(), format!("{error:?}"));
    assert!(
        !text.contains("SECRET") && !debug.contains("SECRET"),
        "the token leaked: {text} / {debug}"
    );
    text
}

fn posts(sandbox: &Sandbox) -> usize {
    sandbox
        .requests()
        .iter()
        .filter(|r| r.method == Method::POST)
        .count()
}

#[tokio::test]
async fn configuration_is_checked_and_never_shows_the_token() {
    assert_eq!(Token::new("  ").unwrap_err(), ConfigError::EmptyToken);
    assert_eq!(
        Token::new("glpat abc").unwrap_err(),
        ConfigError::MalformedToken
    );
    let token = Token::new(format!("{SECRET}\n")).unwrap();
    assert_eq!(format!("{token:?} {token}"), "Token([redacted]) [redacted]");

    assert!(matches!(
        parse_base_url("ftp://gitlab.com"),
        Err(ConfigError::UnsupportedScheme { .. })
    ));
    let err = parse_base_url("https://user:hunter2@gitlab.com").unwrap_err();
    assert_eq!(err, ConfigError::UrlHasCredentials);
    assert!(!err.to_string().contains("hunter2"));
    assert!(matches!(
        parse_base_url("not a url"),
        Err(ConfigError::InvalidUrl { .. })
    ));
    assert_eq!(
        parse_base_url("https://gitlab.com/?x=1").unwrap_err(),
        ConfigError::UrlHasQuery
    );

    let base = parse_base_url("https://gitlab.example.com/gitlab/").unwrap();
    let zero = GitLabConfig::new(base.clone()).with_timeout(Duration::ZERO);
    assert_eq!(GitLab::new(zero).unwrap_err(), ConfigError::ZeroTimeout);
    let config = GitLabConfig::new(base).with_token(token.clone());
    assert!(!format!("{config:?}").contains("SECRET"));
    let gitlab = GitLab::new(config).unwrap();
    assert_eq!(
        gitlab.api_root().as_str(),
        "https://gitlab.example.com/gitlab/api/v4"
    );
    assert!(!format!("{gitlab:?}").contains("SECRET"));
    assert!(!format!("{:?}", gitlab.with_token(token)).contains("SECRET"));
}

#[tokio::test]
async fn a_base_url_ending_in_api_v4_is_the_same_instance() {
    let (sandbox, _) = setup().await;
    let with_api = sandbox.base_url().join("api/v4/").unwrap();
    let gitlab = GitLab::new(GitLabConfig::new(with_api)).unwrap();
    let project = call(&gitlab, project_1()).await.unwrap();
    assert_eq!(project["path_with_namespace"], "demo/sandbox");
    assert_eq!(sandbox.requests()[0].raw_path, "/api/v4/projects/1");
}

#[tokio::test]
async fn the_token_travels_as_private_token_and_can_be_overridden_per_request() {
    let (sandbox, gitlab) = setup().await;
    let other = gitlab.with_token(Token::new("other-token").unwrap());
    let anonymous = GitLab::new(GitLabConfig::new(sandbox.base_url())).unwrap();
    for client in [&gitlab, &other, &gitlab, &anonymous] {
        client.send(project_1()).await.unwrap();
    }

    let tokens: Vec<_> = sandbox
        .requests()
        .into_iter()
        .map(|r| r.private_token)
        .collect();
    assert!(tokens[0].as_ref().unwrap().matches(SECRET));
    assert!(tokens[1].as_ref().unwrap().matches("other-token"));
    assert!(tokens[2].as_ref().unwrap().matches(SECRET));
    assert!(tokens[3].is_none());
    let debug = format!("{:?}", sandbox.requests());
    assert!(
        !debug.contains("SECRET") && !debug.contains("other-token"),
        "{debug}"
    );
}

#[tokio::test]
async fn project_paths_and_tag_names_are_one_encoded_segment() {
    let (sandbox, gitlab) = setup().await;
    let issue = call(
        &gitlab,
        issues(Method::POST).json(json!({"title": "Via the path"})),
    )
    .await
    .unwrap();
    assert_eq!(issue["project_id"], 1);
    let recorded = &sandbox.requests()[0];
    assert_eq!(recorded.raw_path, "/api/v4/projects/demo%2Fsandbox/issues");
    assert_eq!(recorded.path, "/api/v4/projects/demo/sandbox/issues");

    let body = json!({"tag_name": "release/2.0#rc", "ref": "main"});
    call(&gitlab, releases(Method::POST).json(body))
        .await
        .unwrap();
    let release = call(&gitlab, releases(Method::GET).segment("release/2.0#rc"))
        .await
        .unwrap();
    assert_eq!(release["tag_name"], "release/2.0#rc");
    let raw = sandbox.requests().last().unwrap().raw_path.clone();
    assert_eq!(
        raw,
        "/api/v4/projects/demo%2Fsandbox/releases/release%2F2.0%23rc"
    );

    // `..` would be dropped by the URL library and call the list instead: refused, not sent.
    sandbox.clear_requests();
    let err = call(&gitlab, releases(Method::GET).segment(".."))
        .await
        .unwrap_err();
    assert!(matches!(err, GitLabError::InvalidRequest { .. }), "{err}");
    assert!(sandbox.requests().is_empty());
}

#[tokio::test]
async fn pages_are_read_from_the_headers() {
    let (sandbox, gitlab) = setup().await;
    for n in 1..=5 {
        let body = json!({"title": format!("Issue {n}")});
        call(&gitlab, issues(Method::POST).json(body))
            .await
            .unwrap();
    }
    let first = gitlab
        .send(issues(Method::GET).query("per_page", 2))
        .await
        .unwrap();
    assert_eq!(
        (
            first.body.as_array().unwrap().len(),
            first.next_page,
            first.total
        ),
        (2, Some(2), Some(7)),
        "the demo project's two issues and the five new ones"
    );

    let mut seen = Vec::new();
    let mut page = Some(1);
    while let Some(number) = page {
        let listed = gitlab
            .send(issues(Method::GET).page(Some(number), Some(2)))
            .await
            .unwrap();
        seen.extend(pluck(&listed.body, "iid").as_array().unwrap().clone());
        page = listed.next_page;
    }
    assert_eq!(seen, [7, 6, 5, 4, 3, 2, 1]);

    // Without x-next-page the client follows `Link: rel="next"`.
    let link = format!(
        "<{0}api/v4/projects/1/issues?page=1&per_page=1>; rel=\"prev\", \
         <{0}api/v4/projects/1/issues?page=3&per_page=1>; rel=\"next\"",
        sandbox.base_url()
    );
    sandbox.fail_next(FaultSpec::raw(200, r#"[{"iid": 4}]"#).header("link", link));
    let linked = gitlab
        .send(issues(Method::GET).page(Some(2), Some(1)))
        .await
        .unwrap();
    assert_eq!(
        (linked.body, linked.next_page, linked.total),
        (json!([{"iid": 4}]), Some(3), None)
    );
}

#[tokio::test]
async fn page_sizes_above_100_are_refused_before_sending() {
    let (sandbox, gitlab) = setup().await;
    let err = gitlab
        .send(issues(Method::GET).query("per_page", 500))
        .await
        .unwrap_err();
    assert_eq!(
        shown(&err),
        "invalid GitLab request: `per_page` must be between 1 and 100 (got `500`); GitLab serves at most \
         100 items a page, read the following pages with `page`"
    );
    let err = gitlab
        .send(
            ApiRequest::get()
                .segment("projects")
                .page(Some(0), Some(20)),
        )
        .await
        .unwrap_err();
    assert_eq!(
        shown(&err),
        "invalid GitLab request: `page` must be a whole number from 1 (got `0`)"
    );
    assert!(matches!(err, GitLabError::InvalidRequest { .. }));
    assert!(sandbox.requests().is_empty());
}

#[tokio::test]
async fn filters_become_gitlab_query_parameters() {
    let (sandbox, gitlab) = setup().await;
    let request = issues(Method::GET)
        .query("state", "opened")
        .query("confidential", false)
        .query("iids[]", 1)
        .query("iids[]", 2)
        .query_opt("milestone", None::<&str>)
        .query_opt("per_page", Some(10));
    gitlab.send(request).await.unwrap();
    let mut query = sandbox.requests()[0].query.clone();
    query.sort();
    let expected = [
        ("confidential", "false"),
        ("iids[]", "1"),
        ("iids[]", "2"),
        ("per_page", "10"),
        ("state", "opened"),
    ];
    assert_eq!(query, expected.map(|(k, v)| (k.to_owned(), v.to_owned())));
}

#[tokio::test]
async fn error_bodies_of_every_shape_read_as_one_line() {
    let (sandbox, gitlab) = setup().await;
    let answered = "POST /api/v4/projects/demo%2Fsandbox/issues: GitLab answered";

    // {"error": "…"}: a required parameter missing.
    let err = call(
        &gitlab,
        issues(Method::POST).json(json!({"description": "no title"})),
    )
    .await
    .unwrap_err();
    assert_eq!(
        shown(&err),
        format!("{answered} 400 Bad Request: title is missing")
    );
    assert_eq!(err.status(), Some(400));

    // {"message": {"field": [..]}}: validation, in GitLab's field order.
    let long = "x".repeat(256);
    let err = call(&gitlab, issues(Method::POST).json(json!({"title": long})))
        .await
        .unwrap_err();
    assert_eq!(
        shown(&err),
        format!("{answered} 400 Bad Request: title is too long (maximum is 255 characters)")
    );
    sandbox.fail_next(FaultSpec::raw(
        400,
        r#"{"message":{"title":["is too long"],"labels":["is invalid"],"base":["Spam detected"]}}"#,
    ));
    let err = call(&gitlab, issues(Method::POST).json(json!({"title": "t"})))
        .await
        .unwrap_err();
    assert_eq!(
        shown(&err),
        format!("{answered} 400 Bad Request: title is too long; labels is invalid; Spam detected")
    );

    // {"message": [..]}: merge request branch rules.
    let mr = json!({"source_branch": "feature/x", "target_branch": "main", "title": "One"});
    call(&gitlab, merge_requests(Method::POST).json(mr.clone()))
        .await
        .unwrap();
    let err = call(&gitlab, merge_requests(Method::POST).json(mr))
        .await
        .unwrap_err();
    assert_eq!(
        shown(&err),
        "POST /api/v4/projects/demo%2Fsandbox/merge_requests: GitLab answered 409 Conflict: Another open merge \
         request already exists for this source branch: !2 — it already exists or conflicts with the current \
         state; read it first"
    );

    // {"message": "…"}: a missing project.
    let elsewhere = ApiRequest::get().project(&ProjectId::Id(99));
    let err = gitlab
        .send(elsewhere.segment("issues").segment(1))
        .await
        .unwrap_err();
    assert_eq!(
        shown(&err),
        "GET /api/v4/projects/99/issues/1: GitLab answered 404 Not Found: 404 Project Not Found — check the \
         project id or path and the iid or tag name; GitLab also answers 404 when the token cannot see the project"
    );

    // {"error": …, "error_description": …}: OAuth's shape.
    let oauth = r#"{"error":"invalid_token","error_description":"Token was revoked. You have to re-authorize from the user."}"#;
    sandbox.fail_next(FaultSpec::raw(401, oauth));
    let err = gitlab.send(project_1()).await.unwrap_err();
    assert_eq!(
        shown(&err),
        "GET /api/v4/projects/1: GitLab answered 401 Unauthorized: invalid_token: Token was revoked. You have \
         to re-authorize from the user. — check the token: it is missing, expired or revoked; sign \
         in with `gitlab-mcp-server auth login`, or set GITLAB_TOKEN to an access token"
    );

    // An empty body, and an HTML page from a proxy.
    sandbox.fail_next(FaultSpec::raw(500, ""));
    let err = gitlab.send(project_1()).await.unwrap_err();
    assert_eq!(
        shown(&err),
        "GET /api/v4/projects/1: GitLab answered 500 Internal Server Error with an empty body — GitLab failed \
         on its side; try again later"
    );
    let html = "<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>";
    sandbox.fail_next(FaultSpec::raw(502, html));
    let err = gitlab.send(project_1()).await.unwrap_err();
    assert_eq!(
        shown(&err),
        "GET /api/v4/projects/1: GitLab answered 502 Bad Gateway: an HTML page titled `502 Bad Gateway` — \
         GitLab failed on its side; try again later"
    );
    if let GitLabError::Api(api) = &err {
        assert_eq!(api.body, Value::String(html.to_owned()));
    } else {
        panic!("expected an API error, got {err:?}");
    }
}

#[tokio::test]
async fn injected_statuses_carry_gitlabs_bodies_and_hints() {
    let (sandbox, gitlab) = setup().await;
    let cases = [
        (
            401,
            "401 Unauthorized — check the token: it is missing, expired or revoked; sign in with \
             `gitlab-mcp-server auth login`, or set GITLAB_TOKEN to an access token",
        ),
        (
            403,
            "403 Forbidden — the token lacks the role or the scope (`api`) this needs",
        ),
        (
            409,
            "409 Conflict: Release already exists — it already exists or conflicts with the current state; read it first",
        ),
        (
            500,
            "500 Internal Server Error — GitLab failed on its side; try again later",
        ),
    ];
    // GitLab's message that only repeats the status line is said once.
    for (status, expected) in cases {
        sandbox.fail_next(FaultSpec::status(status));
        let err = call(
            &gitlab,
            releases(Method::POST).json(json!({"tag_name": "v1.0.0"})),
        )
        .await
        .unwrap_err();
        let text = shown(&err);
        assert_eq!(
            text,
            format!("POST /api/v4/projects/demo%2Fsandbox/releases: GitLab answered {expected}")
        );
    }
}

#[tokio::test]
async fn rate_limits_say_when_to_retry() {
    let (sandbox, gitlab) = setup().await;
    sandbox.fail_next(FaultSpec::status(429));
    let err = gitlab.send(projects()).await.unwrap_err();
    assert_eq!(
        shown(&err),
        "GET /api/v4/projects: GitLab answered 429 Too Many Requests: Retry later — rate limited: retry after 30 seconds"
    );
    assert_eq!(err.retry_after_secs(), Some(30));
    sandbox.fail_next(FaultSpec::raw(429, "slow down"));
    let err = gitlab.send(projects()).await.unwrap_err();
    assert!(shown(&err).ends_with("slow down — rate limited: wait a moment before retrying"));
    assert_eq!(err.retry_after_secs(), None);
}

#[tokio::test]
async fn a_failed_write_is_sent_exactly_once() {
    let (sandbox, gitlab) = setup().await;
    for status in [500, 503, 429, 409] {
        sandbox.clear_requests();
        sandbox.fail_next(FaultSpec::status(status));
        call(&gitlab, issues(Method::POST).json(json!({"title": "Once"})))
            .await
            .unwrap_err();
        assert_eq!(posts(&sandbox), 1, "status {status}");
    }
    // Nothing was created by the faulted calls: the demo project still has its two issues.
    let listed = gitlab.send(issues(Method::GET)).await.unwrap();
    assert_eq!(listed.total, Some(2));
}

#[tokio::test]
async fn redirects_are_reported_not_followed() {
    let (sandbox, gitlab) = setup().await;
    sandbox.fail_next(
        FaultSpec::raw(301, "").header("location", "https://gitlab.example.com/api/v4/projects/1"),
    );
    let err = gitlab.send(project_1()).await.unwrap_err();
    assert_eq!(
        shown(&err),
        "GET /api/v4/projects/1: GitLab answered 301 Moved Permanently with an empty body — GitLab redirects to \
         https://gitlab.example.com/api/v4/projects/1; set the GitLab URL to that address"
    );
    assert_eq!(sandbox.requests().len(), 1);
}

#[tokio::test]
async fn a_stalled_gitlab_times_out_and_the_write_is_not_repeated() {
    let sandbox = Sandbox::start().await.unwrap();
    let config = GitLabConfig::new(sandbox.base_url()).with_timeout(Duration::from_millis(300));
    let gitlab = GitLab::new(config).unwrap();

    sandbox.fail_next(FaultSpec::stall());
    let err = gitlab.send(project_1()).await.unwrap_err();
    assert!(matches!(err, GitLabError::Timeout { .. }), "{err:?}");
    assert_eq!(
        shown(&err),
        "GET /api/v4/projects/1: GitLab did not answer within 300ms; try again, or raise the timeout"
    );

    sandbox.fail_matching(Method::POST, "/projects/1/issues", FaultSpec::stall());
    let err = call(
        &gitlab,
        ApiRequest::post()
            .project(&ProjectId::Id(1))
            .segment("issues")
            .json(json!({"title": "Slow"})),
    )
    .await
    .unwrap_err();
    assert_eq!(
        shown(&err),
        "POST /api/v4/projects/1/issues: GitLab did not answer within 300ms; the change may or may not have \
         been made, check before sending it again"
    );
    assert_eq!(posts(&sandbox), 1);
    sandbox.shutdown().await.unwrap();
}

#[tokio::test]
async fn an_unreachable_gitlab_is_a_connection_error() {
    let port = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap().port()
    };
    let base = parse_base_url(&format!("http://127.0.0.1:{port}")).unwrap();
    let gitlab =
        GitLab::new(GitLabConfig::new(base).with_token(Token::new(SECRET).unwrap())).unwrap();
    let err = gitlab
        .send(ApiRequest::get().project(&demo()))
        .await
        .unwrap_err();
    assert!(matches!(err, GitLabError::Connect { .. }), "{err:?}");
    let text = shown(&err);
    let prefix = format!(
        "GET /api/v4/projects/demo%2Fsandbox: could not connect to GitLab at http://127.0.0.1:{port}: "
    );
    assert!(text.starts_with(&prefix), "{text}");
    assert!(
        text.ends_with("; check the GitLab URL, the network and the proxy the server goes through (HTTPS_PROXY, HTTP_PROXY, NO_PROXY; the startup log names it)"),
        "{text}"
    );
    assert!(text.to_lowercase().contains("refused"), "{text}");
}

#[tokio::test]
async fn send_returns_status_body_and_pagination() {
    let (_sandbox, gitlab) = setup().await;
    let response = gitlab
        .send(ApiRequest::get().segment("projects").page(Some(1), Some(1)))
        .await
        .unwrap();
    // demo/sandbox and community/handbook.
    assert_eq!(
        (response.status, response.next_page, response.total),
        (200, Some(2), Some(2))
    );
    assert_eq!(response.body[0]["id"], 1);
    let created = gitlab
        .send(
            ApiRequest::post()
                .segment("projects")
                .segment(1)
                .segment("issues")
                .json(json!({"title": "Raw"})),
        )
        .await
        .unwrap();
    assert_eq!(
        (created.status, created.body["title"].clone()),
        (201, json!("Raw"))
    );
    let deleted = gitlab
        .send(issues(Method::DELETE).segment(1))
        .await
        .unwrap();
    assert_eq!(deleted.body, Value::Null);
}
