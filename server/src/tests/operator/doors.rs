//! The two guarded doors, `api.request` (any REST call) and `api.graphql` (any GraphQL
//! document), on every surface and both wire paths: a read runs at once, in read-only mode
//! too; a write (a method but GET, a mutation) asks with the exact request in the
//! question — a no sends nothing, a yes sends it once —, is refused to a client that cannot
//! be asked until it resends with `confirm: true`, and is refused in read-only mode; with an
//! allow list, a path naming another project, or any GraphQL document, is refused.

use crate::access::{Access, AllowedProjects};
use crate::surfaces::SurfaceKind;
use crate::tests::common::mcp::{Harness, text};
use rmcp::model::ClientCapabilities;
use serde_json::{Value, json};
use wizard::testkit::{Path, no, yes};

const SURFACES: [SurfaceKind; 3] = [
    SurfaceKind::Dynamic,
    SurfaceKind::Meta,
    SurfaceKind::Individual,
];
const PATHS: [Path; 2] = [Path::Sync, Path::Mrtr];

fn eliciting() -> ClientCapabilities {
    ClientCapabilities::builder().enable_elicitation().build()
}

/// What GitLab received, as `METHOD raw path`.
fn received(harness: &Harness) -> Vec<String> {
    harness
        .sandbox
        .requests()
        .iter()
        .map(|r| format!("{} {}", r.method, r.raw_path))
        .collect()
}

fn label_post() -> Value {
    json!({"method": "POST", "path": "projects/demo%2Fsandbox/labels", "body": {"name": "door", "color": "#00aa00"}})
}

const LABEL_QUESTION: &str = "Send this request to GitLab?\n\n`POST /api/v4/projects/demo%2Fsandbox/labels`\n\nBody: `{\"color\":\"#00aa00\",\"name\":\"door\"}`";

const MUTATION: &str = "mutation { createIssue(input: {projectPath: \"demo/sandbox\", title: \"Door\"}) { issue { iid } errors } }";

fn mutation() -> Value {
    json!({"query": MUTATION})
}

fn query() -> Value {
    json!({"query": "{ currentUser { username } }"})
}

#[tokio::test]
async fn a_write_through_either_door_asks_with_the_exact_request() {
    let doors = [
        (
            "api.request",
            label_post(),
            LABEL_QUESTION.to_owned(),
            "POST /api/v4/projects/demo%2Fsandbox/labels",
        ),
        (
            "api.graphql",
            mutation(),
            format!("Run this GraphQL mutation on GitLab?\n\n```graphql\n{MUTATION}\n```"),
            "POST /api/graphql",
        ),
    ];
    for surface in SURFACES {
        for path in PATHS {
            for (id, params, question, sent) in &doors {
                let at = format!("{id} {surface:?} {path:?}");
                let harness = Harness::new(surface).await;
                let (tool, arguments) = harness.tool_call(id, params.clone(), false);
                let (result, asked) = harness
                    .call_eliciting(path, eliciting(), vec![no()], &tool, arguments.clone())
                    .await;
                assert_eq!(asked, std::slice::from_ref(question), "{at}");
                assert_eq!(result.is_error, Some(true), "{at}");
                assert!(received(&harness).is_empty(), "{at}: a no sends nothing");

                let (result, asked) = harness
                    .call_eliciting(path, eliciting(), vec![yes()], &tool, arguments)
                    .await;
                assert_eq!(asked, std::slice::from_ref(question), "{at}");
                assert_eq!(result.is_error, Some(false), "{at}: {}", text(&result));
                assert_eq!(received(&harness), [sent.to_string()], "{at}: sent once");
            }
        }
    }
}

#[tokio::test]
async fn a_graphql_query_runs_unasked_and_a_client_that_cannot_be_asked_must_confirm() {
    for surface in SURFACES {
        let harness = Harness::new(surface).await;
        let (tool, arguments) = harness.tool_call("api.graphql", query(), false);
        let (result, asked) = harness
            .call_eliciting(Path::Mrtr, eliciting(), vec![], &tool, arguments)
            .await;
        assert!(asked.is_empty(), "{surface:?}: a query is a read");
        assert_eq!(
            result.structured_content.unwrap()["data"]["currentUser"]["username"],
            "sandbox-user"
        );
        assert_eq!(received(&harness), ["POST /api/graphql"]);

        harness.sandbox.clear_requests();
        let (tool, arguments) = harness.tool_call("api.graphql", mutation(), false);
        let result = harness.call_tool(&tool, arguments).await;
        assert_eq!(result.is_error, Some(true), "{surface:?}");
        assert!(
            text(&result).contains("would run a GraphQL mutation")
                && text(&result).contains("confirm=true"),
            "{surface:?}: {}",
            text(&result)
        );
        assert!(received(&harness).is_empty());
        // Resent with `confirm: true` after the user's yes: sent once.
        let created = harness.ok("api.graphql", mutation()).await;
        assert_eq!(created["data"]["createIssue"]["issue"]["iid"], "3");
        assert_eq!(received(&harness), ["POST /api/graphql"]);
    }
}

#[tokio::test]
async fn read_only_runs_the_reads_of_both_doors_and_refuses_their_writes() {
    let access = Access {
        read_only: true,
        ..Access::default()
    };
    for surface in SURFACES {
        let harness = Harness::with_access(surface, access.clone()).await;
        harness
            .ok(
                "api.request",
                json!({"method": "GET", "path": "projects/demo%2Fsandbox"}),
            )
            .await;
        harness.ok("api.graphql", query()).await;
        assert_eq!(
            received(&harness),
            ["GET /api/v4/projects/demo%2Fsandbox", "POST /api/graphql"],
            "{surface:?}"
        );
        harness.sandbox.clear_requests();
        for (id, params) in [("api.request", label_post()), ("api.graphql", mutation())] {
            let refused = harness.error(id, params).await;
            assert!(
                refused.contains("GITLAB_MCP_READ_ONLY=true"),
                "{surface:?} {id}: {refused}"
            );
        }
        assert!(received(&harness).is_empty(), "{surface:?}");
    }
}

#[tokio::test]
async fn with_an_allow_list_another_project_and_any_graphql_are_refused() {
    let access = Access {
        projects: Some(AllowedProjects::parse("demo/sandbox").unwrap()),
        ..Access::default()
    };
    for surface in SURFACES {
        let harness = Harness::with_access(surface, access.clone()).await;
        let elsewhere = json!({"method": "GET", "path": "projects/community%2Fhandbook/issues"});
        let refused = harness.error("api.request", elsewhere).await;
        assert!(
            refused.contains("community/handbook"),
            "{surface:?}: {refused}"
        );
        let refused = harness.error("api.graphql", query()).await;
        assert!(
            refused.contains("GraphQL document") && refused.contains("GITLAB_MCP_ALLOWED_PROJECTS"),
            "{surface:?}: {refused}"
        );
        assert!(received(&harness).is_empty(), "{surface:?}");
        harness
            .ok(
                "api.request",
                json!({"method": "GET", "path": "projects/demo%2Fsandbox/labels"}),
            )
            .await;
    }
}

#[tokio::test]
async fn a_document_that_is_not_graphql_is_refused_before_anything_is_sent() {
    let harness = Harness::new(SurfaceKind::Dynamic).await;
    let refused = harness
        .error("api.graphql", json!({"query": "{ currentUser { "}))
        .await;
    assert!(refused.contains("not a GraphQL document"), "{refused}");
    let refused = harness
        .error(
            "api.graphql",
            json!({"query": "subscription { issueUpdated { title } }"}),
        )
        .await;
    assert!(refused.contains("subscription"), "{refused}");
    assert!(received(&harness).is_empty());
}
