//! The sandbox's settings-like records through the real client, with GitLab's answers to
//! what it refuses: snippets, emoji reactions, release links, webhooks, protected tags and
//! badges (whose URLs GitLab renders).

use crate::gitlab::{ApiRequest, GitLab, GitLabError};
use crate::tests::common::{
    at, call, demo_item, issue, message, on_demo, refusal, releases, setup,
};
use gitlab_sandbox::Sandbox;
use reqwest::Method;
use serde_json::{Value, json};

async fn get(gitlab: &GitLab, request: ApiRequest) -> Value {
    call(gitlab, request).await.unwrap()
}

async fn refused(gitlab: &GitLab, request: ApiRequest) -> (u16, Value) {
    refusal(call(gitlab, request).await.unwrap_err())
}

async fn send(gitlab: &GitLab, request: ApiRequest) -> Result<(u16, Value), GitLabError> {
    let answer = gitlab.send(request).await?;
    Ok((answer.status, answer.body))
}

#[tokio::test]
async fn a_snippet_needs_its_visibility_and_one_file() {
    let (_sandbox, gitlab) = setup().await;
    let snippets = |body: Value| on_demo(Method::POST, "snippets").json(body);
    let cases = [
        (
            json!({"title": "Words", "file_name": "w.rs", "content": "fn main() {}"}),
            "visibility is missing",
        ),
        (
            json!({"title": "Words", "visibility": "secret", "file_name": "w.rs", "content": "x"}),
            "visibility does not have a valid value",
        ),
        (
            json!({"title": "Words", "visibility": "private"}),
            "files, content are missing, exactly one parameter must be provided",
        ),
        (
            json!({"title": "Words", "visibility": "private", "content": "x"}),
            "file_name is missing",
        ),
        (
            json!({"title": " ", "visibility": "private", "file_name": "w.rs", "content": "x"}),
            "title is empty",
        ),
    ];
    for (body, expected) in cases {
        assert_eq!(
            refused(&gitlab, snippets(body.clone())).await,
            (400, json!({"error": expected})),
            "{body}"
        );
    }
    let made = get(
        &gitlab,
        snippets(json!({"title": "Words", "visibility": "internal", "file_name": "w.rs", "content": "x"})),
    )
    .await;
    assert_eq!(made["visibility"], "internal");
    let id = made["id"].clone();
    let update = |body: Value| demo_item(Method::PUT, "snippets", &id, None).json(body);
    assert_eq!(
        refused(&gitlab, update(json!({}))).await,
        (
            400,
            json!({"error": "content, description, files, file_name, title, visibility are missing, at least one parameter must be provided"})
        )
    );
    assert_eq!(
        refused(&gitlab, update(json!({"files": [], "content": "y"}))).await,
        (
            400,
            json!({"error": "files, content are mutually exclusive"})
        )
    );
    assert_eq!(
        get(&gitlab, update(json!({"title": "Counting"}))).await["title"],
        "Counting"
    );
}

#[tokio::test]
async fn an_emoji_awarded_twice_is_not_found_as_gitlab_says() {
    let (_sandbox, gitlab) = setup().await;
    let award = |name: &str| {
        issue(Method::POST, 2)
            .segment("award_emoji")
            .json(json!({"name": name}))
    };
    let first = get(&gitlab, award("+1")).await;
    assert_eq!(
        first["name"], "thumbsup",
        "+1 is GitLab's other name of thumbsup"
    );
    assert_eq!(
        refused(&gitlab, award("thumbsup")).await,
        (
            404,
            json!({"message": "404 Award Emoji Name has already been taken Not Found"})
        )
    );
    assert_eq!(
        refused(&gitlab, award("Not An Emoji")).await,
        (
            404,
            json!({"message": "404 Award Emoji Name is not a valid emoji name Not Found"})
        )
    );
    let missing = issue(Method::GET, 2).segment("award_emoji").segment(999);
    assert_eq!(
        refused(&gitlab, missing).await,
        (404, json!({"message": "404 Not found"}))
    );
}

#[tokio::test]
async fn a_release_link_names_and_urls_once() {
    let (_sandbox, gitlab) = setup().await;
    let body = json!({"tag_name": "v1.0.0", "name": "1.0"});
    get(&gitlab, releases(Method::POST).json(body)).await;
    let links = |method| {
        releases(method)
            .segment("v1.0.0")
            .segment("assets")
            .segment("links")
    };
    let link = |name: &str, url: &str| links(Method::POST).json(json!({"name": name, "url": url}));
    let made = get(&gitlab, link("Binary", "https://example.com/bin")).await;
    assert_eq!(
        refused(&gitlab, link("Binary", "https://example.com/other")).await,
        (400, json!({"message": ["Name has already been taken"]}))
    );
    assert_eq!(
        refused(&gitlab, link("Other", "https://example.com/bin")).await,
        (400, json!({"message": ["Url has already been taken"]}))
    );
    assert_eq!(
        refused(&gitlab, link("Binary", "https://example.com/bin")).await,
        (
            400,
            json!({"message": ["Url has already been taken", "Name has already been taken"]})
        )
    );
    assert_eq!(
        refused(&gitlab, link("Mail", "mailto:a@example.com")).await,
        (
            400,
            json!({"message": ["Url is blocked: Only allowed schemes are http, https, ftp"]})
        )
    );
    let second = get(&gitlab, link("Docs", "https://example.com/docs")).await;
    let update = |body: Value| links(Method::PUT).segment(second["id"].clone()).json(body);
    assert_eq!(
        refused(&gitlab, update(json!({"link_type": "image"}))).await,
        (
            400,
            json!({"error": "name, url are missing, at least one parameter must be provided"})
        )
    );
    assert_eq!(
        refused(&gitlab, update(json!({"name": made["name"].clone()}))).await,
        (400, json!({"message": ["Name has already been taken"]}))
    );
    assert_eq!(
        get(&gitlab, update(json!({"name": "Manual"}))).await["name"],
        "Manual"
    );
}

#[tokio::test]
async fn a_webhook_with_a_bad_url_is_unprocessable() {
    let (_sandbox, gitlab) = setup().await;
    let hooks = |body: Value| on_demo(Method::POST, "hooks").json(body);
    for url in ["ftp://example.com/hook", "not a url", "http://"] {
        assert_eq!(
            refused(&gitlab, hooks(json!({"url": url}))).await,
            (422, json!({"error": "Invalid url given"})),
            "{url}"
        );
    }
    let hook = get(&gitlab, hooks(json!({"url": "https://example.com/hook"}))).await;
    let update = |body: Value| demo_item(Method::PUT, "hooks", &hook["id"], None).json(body);
    assert_eq!(
        refused(&gitlab, update(json!({}))).await,
        (400, json!({"error": "No parameters provided"}))
    );
    assert_eq!(
        refused(&gitlab, update(json!({"url": "gopher://example.com"}))).await,
        (422, json!({"error": "Invalid url given"}))
    );
    let updated = get(&gitlab, update(json!({"issues_events": true}))).await;
    assert_eq!(updated["issues_events"], true);
    assert_eq!(
        refused(&gitlab, demo_item(Method::GET, "hooks", 999, None)).await,
        (404, json!({"message": "404 Not found"}))
    );
}

#[tokio::test]
async fn a_tag_is_protected_once() {
    let (_sandbox, gitlab) = setup().await;
    let protect = |body: Value| on_demo(Method::POST, "protected_tags").json(body);
    let (status, made) = send(&gitlab, protect(json!({"name": "v*"}))).await.unwrap();
    assert_eq!((status, made["name"].clone()), (201, json!("v*")));
    assert_eq!(
        refused(
            &gitlab,
            protect(json!({"name": "v*", "create_access_level": 30}))
        )
        .await,
        (422, json!({"message": ["Name has already been taken"]}))
    );
    assert_eq!(
        refused(
            &gitlab,
            protect(json!({"name": "r*", "create_access_level": 20}))
        )
        .await,
        (
            400,
            json!({"error": "create_access_level does not have a valid value"})
        )
    );
    assert_eq!(
        refused(
            &gitlab,
            demo_item(Method::GET, "protected_tags", "x*", None)
        )
        .await,
        (404, json!({"message": "404 Not found"}))
    );
}

/// The address part of the sandbox's base URL: GitLab's `gitlab_server`.
fn host(sandbox: &Sandbox) -> String {
    sandbox.base_url().host_str().unwrap().to_owned()
}

#[tokio::test]
async fn badge_urls_render_every_placeholder_gitlab_knows() {
    let (sandbox, gitlab) = setup().await;
    let head = get(
        &gitlab,
        at(
            Method::GET,
            &["projects", "1", "repository", "branches", "main"],
        ),
    )
    .await;
    let head = head["commit"]["id"].as_str().unwrap().to_owned();
    let link = "https://%{gitlab_server}/%{project_path}/-/%{project_name}/%{project_id}\
                ?t=%{project_title}&n=%{project_namespace}&g=%{group_name}&p=%{gitlab_pages_domain}\
                &b=%{default_branch}&c=%{commit_sha}&l=%{latest_tag}&x=%{unknown}";
    let body = json!({"link_url": link, "image_url": "https://img.example.com/%{project_path}/%{default_branch}.svg"});
    let badge = get(&gitlab, on_demo(Method::POST, "badges").json(body)).await;
    let expected = format!(
        "https://{}/demo/sandbox/-/sandbox/1?t=sandbox&n=demo/sandbox&g=demo&p=example.com\
         &b=main&c={head}&l=v1.0.0&x=%{{unknown}}",
        host(&sandbox)
    );
    assert_eq!(badge["link_url"], link, "kept as written");
    assert_eq!(badge["rendered_link_url"], expected);
    assert_eq!(
        badge["rendered_image_url"],
        "https://img.example.com/demo/sandbox/main.svg"
    );

    // Rendered as the project is now: a new commit on main moves `%{commit_sha}`.
    let commit = json!({"branch": "main", "commit_message": "More", "actions": [{"action": "create", "file_path": "more.txt", "content": "more"}]});
    let pushed = get(
        &gitlab,
        on_demo(Method::POST, "repository")
            .segment("commits")
            .json(commit),
    )
    .await;
    let again = get(
        &gitlab,
        demo_item(Method::GET, "badges", &badge["id"], None),
    )
    .await;
    let moved = expected.replace(&head, pushed["id"].as_str().unwrap());
    assert_eq!(again["rendered_link_url"], moved);

    // A group's badge, read on its group, shows its URLs as written.
    let body = json!({"link_url": "https://x/%{project_path}", "image_url": "https://x/i.svg"});
    let group = get(
        &gitlab,
        at(Method::POST, &["groups", "4", "badges"]).json(body),
    )
    .await;
    assert_eq!(group["rendered_link_url"], "https://x/%{project_path}");
    assert_eq!(
        message(
            call(&gitlab, demo_item(Method::GET, "badges", 999, None))
                .await
                .unwrap_err()
        ),
        (404, "404 Badge Not Found".to_owned())
    );
}
