//! Calls through each surface, over a real rmcp client/server pair against the sandbox
//! GitLab: find_action, argument validation, the destructive guard, wizards routed by id.

use crate::gitlab::{GitLab, GitLabConfig};
use crate::handler::{GitLabMcp, Options};
use crate::registry::catalog;
use crate::surfaces::SurfaceKind;
use gitlab_sandbox::Sandbox;
use rmcp::model::{CallToolRequestParams, CallToolResult, ClientCapabilities};
use rmcp::service::ServiceError;
use serde_json::{Value, json};
use wizard::testkit::{Path, Reply, ScriptedClient, accept, connect, decline};
use wizard::{Flow, StateKeys};

const REAPPROVE: &str =
    "Re-send with confirm=true only after the user explicitly approves this operation.";

/// A server on `surface` against a fresh sandbox.
struct Setup {
    sandbox: Sandbox,
    server: GitLabMcp,
}

async fn setup(surface: SurfaceKind, autonomous: bool) -> Setup {
    let sandbox = Sandbox::start().await.expect("the sandbox starts");
    let gitlab = GitLab::new(GitLabConfig::new(sandbox.base_url())).expect("client builds");
    let options = Options {
        surface,
        access: Default::default(),
        flow: Flow::new(StateKeys::random()),
        autonomous,
        default_project: Default::default(),
    };
    Setup {
        sandbox,
        server: GitLabMcp::new(gitlab, options),
    }
}

fn eliciting() -> ClientCapabilities {
    ClientCapabilities::builder().enable_elicitation().build()
}

/// One call from a client with `capabilities` on `path`, answering with `replies`.
async fn call(
    setup: &Setup,
    path: Path,
    capabilities: ClientCapabilities,
    replies: Vec<Reply>,
    tool: &str,
    arguments: Value,
) -> (Result<CallToolResult, ServiceError>, Vec<String>) {
    let client = ScriptedClient::new(capabilities, replies);
    let pair = connect(setup.server.clone().into_service(), path, client.clone()).await;
    let request = CallToolRequestParams::new(tool.to_owned()).with_arguments(
        arguments
            .as_object()
            .expect("arguments are an object")
            .clone(),
    );
    let result = pair.client.call_tool(request).await;
    pair.close().await;
    let asked = client
        .asked()
        .into_iter()
        .map(|asked| asked.message)
        .collect();
    (result, asked)
}

/// One call from a client that declared nothing and is asked nothing, on the sync path.
async fn plain(
    setup: &Setup,
    tool: &str,
    arguments: Value,
) -> Result<CallToolResult, ServiceError> {
    let none = ClientCapabilities::default();
    call(setup, Path::Sync, none, vec![], tool, arguments)
        .await
        .0
}

fn text(result: &CallToolResult) -> String {
    result
        .content
        .iter()
        .filter_map(|block| block.as_text().map(|t| t.text.clone()))
        .collect::<Vec<_>>()
        .join("\n")
}

fn error_text(result: Result<CallToolResult, ServiceError>) -> String {
    let result = result.expect("a tool result");
    assert_eq!(result.is_error, Some(true), "{}", text(&result));
    assert!(result.structured_content.is_none());
    text(&result)
}

#[tokio::test]
async fn find_action_returns_ids_flags_and_schemas() {
    let setup = setup(SurfaceKind::Dynamic, false).await;
    let find = async |arguments: Value| -> Vec<Value> {
        let result = plain(&setup, "gitlab_find_action", arguments).await;
        let found = result.unwrap().structured_content.expect("structured");
        found["actions"]
            .as_array()
            .expect("a list of actions")
            .clone()
    };
    let found = find(json!({"query": "delete an issue"})).await;
    assert_eq!(found[0]["id"], "issue.delete");
    assert_eq!(found[0]["destructive"], true);
    // The project may be left to the default project.
    assert_eq!(found[1]["optional"][0], "project_id", "{found:?}");
    // The best few, the best with its schema, the others in a line each.
    assert!(found.len() <= 5, "{found:?}");
    assert_eq!(found[0]["input_schema"]["required"], json!(["issue_iid"]));
    assert!(found[1..].iter().all(|a| a.get("input_schema").is_none()));
    let text = serde_json::to_string(&found).unwrap();
    assert!(text.len() < 2048, "{} bytes: {text}", text.len());
    // Every search within 2 KB: a long schema of the best one is left for its id's search.
    for query in [
        "list merge requests",
        "job log",
        "create issue",
        "update an issue",
    ] {
        let found = find(json!({"query": query})).await;
        let text = serde_json::to_string(&found).unwrap();
        assert!(text.len() <= 2048, "{query}: {} bytes: {text}", text.len());
        let said = ["required", "optional", "input_schema"];
        assert!(
            said.iter().any(|key| found[0].get(key).is_some()),
            "{query}: {text}"
        );
    }
    // An action's id gives it alone, with its schema.
    let one = find(json!({"query": "merge_request.get"})).await;
    assert_eq!(one.len(), 1);
    assert_eq!(
        one[0]["input_schema"]["required"],
        json!(["merge_request_iid"])
    );
    let found = find(json!({"query": "mr merge"})).await;
    assert_eq!(found[0]["id"], "merge_request.merge");
    let found = find(json!({"query": "create issue step by step"})).await;
    assert_eq!(found[0]["id"], "interactive.issue_create");
    let found = find(json!({"query": "create an issue"})).await;
    let ids: Vec<&Value> = found.iter().map(|a| &a["id"]).collect();
    assert!(ids.contains(&&json!("interactive.issue_create")), "{ids:?}");
    assert!(ids.contains(&&json!("issue.create")), "{ids:?}");
    assert_eq!(find(json!({})).await.len(), catalog().actions().len());
    assert!(
        setup.sandbox.requests().is_empty(),
        "finding sends nothing to GitLab"
    );
}

#[tokio::test]
async fn validation_errors_name_the_field_and_send_nothing() {
    let cases = [
        (
            SurfaceKind::Dynamic,
            "gitlab_execute_action",
            json!({"action": "issue.get", "params": {"project_id": 1, "issue_iid": "one"}}),
            "invalid parameters for `issue.get`: `issue_iid`: invalid type: string \"one\", expected u64",
        ),
        (
            SurfaceKind::Dynamic,
            "gitlab_execute_action",
            json!({"params": {}}),
            "invalid arguments for `gitlab_execute_action`: missing field `action`",
        ),
        (
            SurfaceKind::Dynamic,
            "gitlab_execute_action",
            json!({"action": "issues.create"}),
            "gitlab_execute_action: unknown action `issues.create`; find action ids with `gitlab_find_action`. Did you mean `issue.create`?",
        ),
        (
            SurfaceKind::Individual,
            "gitlab_mr_create",
            json!({"project_id": 1, "title": "x"}),
            "invalid parameters for `merge_request.create`: missing field `source_branch`",
        ),
        (
            SurfaceKind::Individual,
            "gitlab_issue_delete",
            json!({"project_id": 1, "issue_iid": 1, "confirm": "yes"}),
            "invalid arguments for `gitlab_issue_delete`: `confirm` must be true or false, got \"yes\"",
        ),
        (
            SurfaceKind::Individual,
            "gitlab_issue_get",
            json!({"project_id": 1, "issue_iid": 1, "confirm": true}),
            "invalid parameters for `issue.get`: unknown parameter `confirm`; expected `project_id`, `issue_iid`, `raw`",
        ),
        (
            SurfaceKind::Meta,
            "gitlab_project",
            json!({"action": "list", "params": {"per_page": 0}}),
            "invalid parameters for `project.list`: `per_page`: must be between 1 and 100, got 0",
        ),
    ];
    for (surface, tool, arguments, expected) in cases {
        let setup = setup(surface, false).await;
        let result = plain(&setup, tool, arguments).await;
        let text = error_text(result);
        // Where the tool did not carry the action's schema, wrong parameters show it.
        let (said, schema) = text
            .split_once(" `params` schema: ")
            .map_or((text.as_str(), None), |(said, schema)| (said, Some(schema)));
        assert_eq!(said, expected);
        let shown = schema.map(|schema| serde_json::from_str::<Value>(schema).expect("JSON"));
        let action = expected
            .strip_prefix("invalid parameters for `")
            .and_then(|rest| rest.split('`').next());
        match (surface, action) {
            (SurfaceKind::Individual, _) | (_, None) => assert!(shown.is_none(), "{text}"),
            (_, Some(id)) => assert_eq!(
                shown,
                Some(Value::Object(
                    (**crate::tests::catalog_support::action(id).input_schema()).clone()
                )),
                "{text}"
            ),
        }
        assert!(setup.sandbox.requests().is_empty(), "{expected}");
    }
}

#[tokio::test]
async fn an_unknown_tool_is_a_protocol_error() {
    let setup = setup(SurfaceKind::Dynamic, false).await;
    let result = plain(&setup, "gitlab_issue_create", json!({})).await;
    assert!(
        matches!(result, Err(ServiceError::McpError(_))),
        "{result:?}"
    );
}

#[tokio::test]
async fn dynamic_refuses_destructive_actions_without_confirm_and_never_asks() {
    let setup = setup(SurfaceKind::Dynamic, false).await;
    for path in [Path::Sync, Path::Mrtr] {
        let (result, asked) = call(
            &setup,
            path,
            eliciting(),
            vec![accept(json!({"confirmed": true}))],
            "gitlab_execute_action",
            json!({"action": "issue.delete", "params": {"project_id": 1, "issue_iid": 1}}),
        )
        .await;
        assert_eq!(
            error_text(result),
            "gitlab_execute_action: action \"issue.delete\" is destructive. Re-send with confirm=true only after the user explicitly approves this operation."
        );
        assert!(
            asked.is_empty(),
            "the dynamic surface never asks: {asked:?}"
        );
    }
    assert!(setup.sandbox.requests().is_empty());
    let result = plain(
        &setup,
        "gitlab_execute_action",
        json!({"action": "project.delete", "params": {"project_id": "demo/sandbox"}, "confirm": true}),
    )
    .await
    .unwrap();
    assert_eq!(result.structured_content.unwrap()["deleted"], true);
    let writes = setup.sandbox.writes();
    assert_eq!(writes.len(), 1);
    assert_eq!(writes[0].raw_path, "/api/v4/projects/demo%2Fsandbox");
}

#[tokio::test]
async fn autonomy_skips_the_question() {
    let setup = setup(SurfaceKind::Meta, true).await;
    let (result, asked) = call(
        &setup,
        Path::Sync,
        eliciting(),
        vec![],
        "gitlab_release",
        json!({"action": "delete", "params": {"project_id": 1, "tag_name": "v1.0.0"}}),
    )
    .await;
    assert!(asked.is_empty());
    // The demo project has the tag but no release: GitLab's 404, as a clear error.
    let text = error_text(result);
    assert!(text.contains("404"), "{text}");
    assert_eq!(setup.sandbox.writes().len(), 1);
}

#[tokio::test]
async fn meta_and_individual_ask_before_destroying() {
    for (surface, tool, arguments) in [
        (
            SurfaceKind::Meta,
            "gitlab_project",
            json!({"action": "delete", "params": {"project_id": 1}}),
        ),
        (
            SurfaceKind::Individual,
            "gitlab_project_delete",
            json!({"project_id": 1}),
        ),
    ] {
        for path in [Path::Sync, Path::Mrtr] {
            let setup = setup(surface, false).await;
            let (result, asked) = call(
                &setup,
                path,
                eliciting(),
                vec![decline()],
                tool,
                arguments.clone(),
            )
            .await;
            assert_eq!(error_text(result), "Operation canceled by user.");
            assert_eq!(asked.len(), 1, "{asked:?}");
            assert!(
                asked[0].starts_with("Delete project (project_id `1`)?"),
                "{asked:?}"
            );
            assert!(setup.sandbox.requests().is_empty());

            let (result, _) = call(
                &setup,
                path,
                eliciting(),
                vec![accept(json!({"confirmed": true}))],
                tool,
                arguments.clone(),
            )
            .await;
            assert_eq!(result.unwrap().structured_content.unwrap()["deleted"], true);
            assert_eq!(setup.sandbox.writes().len(), 1);

            let (result, asked) = call(
                &setup,
                path,
                ClientCapabilities::default(),
                vec![],
                tool,
                arguments.clone(),
            )
            .await;
            let text = error_text(result);
            assert!(
                text.starts_with(&format!("{tool}: action \"project.delete\" is destructive")),
                "{text}"
            );
            assert!(text.ends_with(REAPPROVE), "{text}");
            assert!(asked.is_empty());
            assert_eq!(setup.sandbox.writes().len(), 1, "nothing more was sent");
        }
    }
}

#[tokio::test]
async fn wizards_without_elicitation_name_their_alternative_on_every_surface() {
    for (surface, tool, arguments) in [
        (
            SurfaceKind::Dynamic,
            "gitlab_execute_action",
            json!({"action": "interactive.mr_create", "params": {"project_id": 1}}),
        ),
        (
            SurfaceKind::Meta,
            "gitlab_interactive_mr_create",
            json!({"project_id": 1}),
        ),
        (
            SurfaceKind::Individual,
            "gitlab_interactive_mr_create",
            json!({"project_id": 1}),
        ),
    ] {
        let setup = setup(surface, false).await;
        let text = error_text(plain(&setup, tool, arguments).await);
        assert!(text.contains("does not support elicitation"), "{text}");
        assert!(text.contains("`merge_request.create`"), "{text}");
        assert!(setup.sandbox.requests().is_empty());
    }
}

#[tokio::test]
async fn a_finished_wizard_creates_the_object_on_both_paths() {
    for (surface, tool, arguments) in [
        (
            SurfaceKind::Dynamic,
            "gitlab_execute_action",
            json!({"action": "interactive.issue_create", "params": {"project_id": "demo/sandbox"}}),
        ),
        (
            SurfaceKind::Individual,
            "gitlab_interactive_issue_create",
            json!({"project_id": "demo/sandbox"}),
        ),
    ] {
        for path in [Path::Sync, Path::Mrtr] {
            let setup = setup(surface, false).await;
            let replies = vec![
                accept(json!({"title": "Broken build"})),
                decline(),
                accept(json!({"labels": "bug, ,, ci,"})),
                accept(json!({"confirmed": false})),
                accept(json!({"confirmed": true})),
            ];
            let (result, asked) =
                call(&setup, path, eliciting(), replies, tool, arguments.clone()).await;
            let result = result.unwrap();
            assert_eq!(result.is_error, Some(false), "{}", text(&result));
            let issue = result
                .structured_content
                .clone()
                .expect("the GitLab object");
            assert_eq!(issue["title"], "Broken build");
            assert_eq!(
                serde_json::from_str::<Value>(&text(&result)).unwrap(),
                issue
            );
            assert_eq!(asked.len(), 5);
            let writes = setup.sandbox.writes();
            assert_eq!(writes.len(), 1);
            assert_eq!(writes[0].raw_path, "/api/v4/projects/demo%2Fsandbox/issues");
            assert_eq!(
                writes[0].body,
                json!({"title": "Broken build", "labels": "bug,ci", "confidential": false})
            );
        }
    }
}

#[tokio::test]
async fn gitlab_errors_are_clear_tool_errors() {
    let setup = setup(SurfaceKind::Individual, false).await;
    let result = plain(
        &setup,
        "gitlab_mr_create",
        json!({"project_id": 1, "source_branch": "main", "target_branch": "main", "title": "x"}),
    )
    .await;
    let text = error_text(result);
    assert!(
        text.starts_with("POST /api/v4/projects/1/merge_requests: "),
        "{text}"
    );
    assert_eq!(setup.sandbox.writes().len(), 1, "sent once, never retried");
}
