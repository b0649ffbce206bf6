//! "Which one did you mean?": a parameter that names its object loosely (a merge request by
//! a text in its title, a branch by part of its name, a user by name, a project by the last
//! part of its path) is looked up; one match is used, several are asked about on both wire
//! paths — and only the chosen object is acted on, through the same checks and guard —,
//! none is refused, and a client that cannot be asked gets the candidates.

use rmcp::model::{CallToolRequestParams, CallToolResult};
use serde_json::{Value, json};
use wizard::testkit::{
    Asked, Elicit, MAX_ROUNDS, Path, Reply, ScriptedClient, connect, decline, pick, yes,
};

use crate::surfaces::SurfaceKind;
use crate::tests::common::mcp::{Harness, text};

const PATHS: [Path; 2] = [Path::Sync, Path::Mrtr];

/// Posts `body` to the sandbox at `path` (under `/api/v4/`), as a test's setup.
async fn seed(harness: &Harness, path: &str, body: Value) -> Value {
    let url = format!("{}api/v4/{path}", harness.sandbox.base_url());
    let response = reqwest::Client::new()
        .post(url)
        .json(&body)
        .send()
        .await
        .expect("the sandbox answers");
    assert!(
        response.status().is_success(),
        "seeding {path}: {}",
        response.status()
    );
    response.json().await.expect("a JSON answer")
}

/// Two open merge requests with `login` in their titles, and one without; their iids.
async fn login_merge_requests(harness: &Harness) -> (u64, u64) {
    let mut iids = Vec::new();
    for (branch, title) in [
        ("feature/login-form", "Fix login form"),
        ("fix-redirect", "Login redirect"),
        ("docs", "Document the tokenizer"),
    ] {
        seed(
            harness,
            "projects/1/repository/branches",
            json!({"branch": branch, "ref": "main"}),
        )
        .await;
        let body = json!({"source_branch": branch, "target_branch": "main", "title": title});
        let mr = seed(harness, "projects/1/merge_requests", body).await;
        iids.push(mr["iid"].as_u64().expect("an iid"));
    }
    harness.sandbox.clear_requests();
    (iids[0], iids[1])
}

/// Runs action `id` on `harness`'s surface from a client declaring `elicit` on `path`,
/// answering with `replies`; the result and every question asked.
async fn call(
    harness: &Harness,
    path: Path,
    elicit: Elicit,
    replies: Vec<Reply>,
    id: &str,
    params: Value,
) -> (CallToolResult, Vec<Asked>) {
    let (tool, arguments) = harness.tool_call(id, params, false);
    let client = ScriptedClient::new(elicit, replies);
    let pair = connect(harness.server.clone().into_service(), path, client.clone()).await;
    let arguments = arguments.as_object().expect("an object").clone();
    let request = CallToolRequestParams::new(tool).with_arguments(arguments);
    let result = pair
        .client
        .call_tool_with_mrtr_max_rounds(request, MAX_ROUNDS)
        .await;
    pair.close().await;
    (result.expect("no protocol error"), client.asked())
}

/// The titles a choice question offers.
fn offered(asked: &Asked) -> Vec<String> {
    let property = asked.schema["properties"]
        .as_object()
        .and_then(|properties| properties.values().next())
        .expect("one property");
    // Options titled apart from their values travel as `oneOf`; the others as `enum`.
    match property["oneOf"].as_array() {
        Some(options) => options
            .iter()
            .map(|option| option["title"].as_str().unwrap_or_default().to_owned())
            .collect(),
        None => property["enum"]
            .as_array()
            .expect("options")
            .iter()
            .map(|option| option.as_str().unwrap_or_default().to_owned())
            .collect(),
    }
}

#[tokio::test]
async fn a_merge_request_named_by_a_text_matching_several_is_chosen_by_the_user_on_both_paths() {
    for path in PATHS {
        let harness = Harness::new(SurfaceKind::Individual).await;
        let (form, redirect) = login_merge_requests(&harness).await;
        let params = json!({"project_id": 1, "merge_request_iid": "login"});
        let replies = vec![pick(&redirect.to_string())];
        let (result, asked) = call(
            &harness,
            path,
            Elicit::Form,
            replies,
            "merge_request.get",
            params,
        )
        .await;
        assert_ne!(result.is_error, Some(true), "{path:?}: {}", text(&result));
        assert_eq!(asked.len(), 1, "{path:?}: one question");
        assert!(
            asked[0].message.contains("matches 2 merge requests")
                && asked[0].message.contains("Which one"),
            "{path:?}: {}",
            asked[0].message
        );
        let titles = offered(&asked[0]);
        for title in [
            format!("!{form} Fix login form (feature/login-form)"),
            format!("!{redirect} Login redirect (fix-redirect)"),
        ] {
            assert!(
                titles.contains(&title),
                "{path:?}: {title} among {titles:?}"
            );
        }
        assert_eq!(
            offered(&asked[0]).len(),
            2,
            "{path:?}: {:?}",
            offered(&asked[0])
        );
        let structured = result
            .structured_content
            .clone()
            .expect("the merge request");
        assert_eq!(structured["iid"], json!(redirect), "{path:?}");
        assert!(
            text(&result).contains("which the user chose among 2"),
            "{path:?}: {}",
            text(&result)
        );
        let requests = harness.sandbox.requests();
        let read = |iid: u64| {
            requests
                .iter()
                .any(|r| r.path == format!("/api/v4/projects/1/merge_requests/{iid}"))
        };
        assert!(
            read(redirect) && !read(form),
            "{path:?}: only the chosen one: {requests:?}"
        );
        harness.nothing_written();
    }
}

#[tokio::test]
async fn a_branch_chosen_then_confirmed_is_the_only_one_deleted_and_a_decline_deletes_nothing() {
    for path in PATHS {
        let harness = Harness::new(SurfaceKind::Individual).await;
        login_merge_requests(&harness).await;
        seed(
            &harness,
            "projects/1/repository/branches",
            json!({"branch": "login-page", "ref": "main"}),
        )
        .await;
        harness.sandbox.clear_requests();
        let params = json!({"project_id": 1, "branch": "login"});

        let (result, asked) = call(
            &harness,
            path,
            Elicit::Form,
            vec![decline()],
            "branch.delete",
            params.clone(),
        )
        .await;
        assert!(
            text(&result).contains("No branch was chosen"),
            "{path:?}: {}",
            text(&result)
        );
        assert_eq!(asked.len(), 1, "{path:?}");
        harness.nothing_written();

        let replies = vec![pick("login-page"), yes()];
        let (result, asked) = call(
            &harness,
            path,
            Elicit::Form,
            replies,
            "branch.delete",
            params,
        )
        .await;
        assert_ne!(result.is_error, Some(true), "{path:?}: {}", text(&result));
        assert_eq!(asked.len(), 2, "{path:?}: the choice, then the guard's yes");
        assert_eq!(
            offered(&asked[0]),
            ["feature/login-form", "login-page"],
            "{path:?}"
        );
        assert!(
            asked[1].message.contains("login-page"),
            "{path:?}: the guard names the chosen branch: {}",
            asked[1].message
        );
        let writes = harness.sandbox.writes();
        assert_eq!(writes.len(), 1, "{path:?}: {writes:?}");
        assert_eq!(
            writes[0].path,
            "/api/v4/projects/1/repository/branches/login-page"
        );
    }
}

#[tokio::test]
async fn one_match_proceeds_unasked_none_is_refused_and_a_client_that_cannot_be_asked_gets_the_candidates()
 {
    let harness = Harness::new(SurfaceKind::Individual).await;
    let (form, redirect) = login_merge_requests(&harness).await;
    let get = |text: &str| json!({"project_id": 1, "merge_request_iid": text});

    let (result, asked) = call(
        &harness,
        Path::Mrtr,
        Elicit::Form,
        vec![],
        "merge_request.get",
        get("redirect"),
    )
    .await;
    assert!(asked.is_empty());
    assert_eq!(
        result
            .structured_content
            .as_ref()
            .expect("the merge request")["iid"],
        json!(redirect)
    );
    assert!(
        text(&result).contains("the only merge request matching it"),
        "{}",
        text(&result)
    );

    let (result, asked) = call(
        &harness,
        Path::Sync,
        Elicit::Form,
        vec![],
        "merge_request.get",
        get("nothing-like-it"),
    )
    .await;
    assert!(asked.is_empty());
    assert_eq!(result.is_error, Some(true));
    assert!(
        text(&result).contains("names no merge request"),
        "{}",
        text(&result)
    );

    for path in PATHS {
        let (result, asked) = call(
            &harness,
            path,
            Elicit::None,
            vec![],
            "merge_request.get",
            get("login"),
        )
        .await;
        assert!(asked.is_empty());
        assert_eq!(result.is_error, Some(true), "{path:?}");
        let said = text(&result);
        assert!(
            said.contains(&format!("!{form} Fix login form (feature/login-form)"))
                && said.contains(&format!("!{redirect} Login redirect (fix-redirect)"))
                && said.contains("cannot be asked"),
            "{path:?}: {said}"
        );
    }
    harness.nothing_written();
}

#[tokio::test]
async fn users_by_name_and_projects_by_their_last_path_part_are_resolved_too() {
    for path in PATHS {
        let harness = Harness::new(SurfaceKind::Individual).await;
        let issue = seed(&harness, "projects/1/issues", json!({"title": "Assign me"})).await;
        let iid = issue["iid"].as_u64().expect("an iid");
        // A second project whose path ends in `sandbox`, in the user's own namespace.
        seed(&harness, "projects", json!({"name": "sandbox"})).await;
        harness.sandbox.clear_requests();
        // `er`: Sandbox User and Bob Builder; the user picks Bob. `sandbox`: two projects.
        let params = json!({"project_id": "sandbox", "issue_iid": iid, "assignee_ids": ["er"]});
        let replies = vec![pick("demo/sandbox"), pick("3")];
        let (result, asked) = call(
            &harness,
            path,
            Elicit::Form,
            replies,
            "issue.update",
            params,
        )
        .await;
        assert_ne!(result.is_error, Some(true), "{path:?}: {}", text(&result));
        assert_eq!(asked.len(), 2, "{path:?}: {asked:?}");
        assert!(
            offered(&asked[0]).contains(&"demo/sandbox".to_owned()),
            "{path:?}: {asked:?}"
        );
        assert!(
            offered(&asked[1]).contains(&"@bob (Bob Builder)".to_owned()),
            "{path:?}: {asked:?}"
        );
        let writes = harness.sandbox.writes();
        assert_eq!(writes.len(), 1, "{path:?}: {writes:?}");
        assert_eq!(
            writes[0].path,
            format!("/api/v4/projects/demo/sandbox/issues/{iid}")
        );
        assert_eq!(writes[0].body["assignee_ids"], json!([3]), "{path:?}");
    }
}

#[tokio::test]
async fn a_question_offers_ten_and_says_how_many_more_matched() {
    let harness = Harness::new(SurfaceKind::Individual).await;
    for n in 0..12 {
        let body = json!({"branch": format!("bulk-{n:02}"), "ref": "main"});
        seed(&harness, "projects/1/repository/branches", body).await;
    }
    let params = json!({"project_id": 1, "branch": "bulk"});
    let replies = vec![pick("bulk-03")];
    let (result, asked) = call(
        &harness,
        Path::Mrtr,
        Elicit::Form,
        replies,
        "branch.get",
        params,
    )
    .await;
    assert_ne!(result.is_error, Some(true), "{}", text(&result));
    assert_eq!(offered(&asked[0]).len(), 10, "{asked:?}");
    assert!(
        asked[0].message.contains("matches 12 branches"),
        "{}",
        asked[0].message
    );
    assert!(
        asked[0].message.contains("2 more matched"),
        "{}",
        asked[0].message
    );
    assert_eq!(
        result.structured_content.expect("the branch")["name"],
        json!("bulk-03")
    );
}
