//! The operator's limits over a real client/server pair against the sandbox:
//! `GITLAB_MCP_READ_ONLY` lists and runs only reads, `GITLAB_MCP_TOOLSETS` only the chosen
//! toolsets, `GITLAB_MCP_ALLOWED_PROJECTS` only calls naming allowed projects — and a
//! refused call sends nothing to GitLab.

use crate::access::{Access, AllowedProjects};
use crate::catalog::{Action, Toolset};
use crate::registry::catalog;
use crate::surfaces::{SurfaceKind, individual_tool_name, meta_tool_name};
use crate::tests::common::mcp::{Harness, text};
use serde_json::{Value, json};

const SURFACES: [SurfaceKind; 3] = [
    SurfaceKind::Dynamic,
    SurfaceKind::Meta,
    SurfaceKind::Individual,
];

fn read_only() -> Access {
    Access {
        read_only: true,
        ..Access::default()
    }
}

fn toolsets(toolsets: &[Toolset]) -> Access {
    Access {
        toolsets: toolsets.to_vec(),
        ..Access::default()
    }
}

fn projects(list: &str) -> Access {
    Access {
        projects: Some(AllowedProjects::parse(list).unwrap()),
        ..Access::default()
    }
}

/// The catalog ids a surface offers: on the dynamic surface what `gitlab_find_action`
/// lists; elsewhere the actions behind the listed tools (the verbs a meta tool's description
/// lists).
async fn offered_ids(harness: &Harness) -> Vec<String> {
    if harness.surface == SurfaceKind::Dynamic {
        let found = harness.call_tool("gitlab_find_action", json!({})).await;
        let found = found.structured_content.unwrap();
        return found["actions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["id"].as_str().unwrap().to_owned())
            .collect();
    }
    let surface = harness.server.surface();
    // A tool of the action's own (individual surface, wizards), or a verb of its meta tool.
    let listed = |action: &Action| {
        surface.tool(&individual_tool_name(action)).is_some()
            || surface
                .tool(&meta_tool_name(action.resource))
                .is_some_and(|tool| {
                    // Its lines by required parameters: `- `a`, `b`: `verb`, `verb``.
                    let description = tool.description.as_deref().unwrap_or_default();
                    let verb = format!("`{}`", action.verb);
                    description
                        .lines()
                        .filter_map(|line| line.strip_prefix("- "))
                        .filter_map(|line| line.rsplit_once(": ").map(|(_, verbs)| verbs))
                        .any(|verbs| verbs.split(", ").any(|v| v == verb))
                })
    };
    catalog()
        .actions()
        .iter()
        .filter(|action| listed(action))
        .map(|action| action.id.to_owned())
        .collect()
}

#[tokio::test]
async fn read_only_lists_only_reads_and_refuses_every_write_unasked() {
    for surface in SURFACES {
        let harness = Harness::with_access(surface, read_only()).await;
        let offered = offered_ids(&harness).await;
        assert!(!offered.is_empty(), "{surface:?} offers the reads");
        // The reads, and the door, whose GETs are reads.
        let readable = |action: &Action| action.read_only || action.method_in_call;
        for id in &offered {
            let action = catalog().get(id).unwrap();
            assert!(
                readable(action),
                "{surface:?} offers `{id}` in read-only mode"
            );
        }
        let reads = catalog().actions().iter().filter(|a| readable(a)).count();
        assert_eq!(offered.len(), reads, "{surface:?} offers every read");
        // Through the door, a write is refused naming the setting; a read runs.
        let write = json!({"method": "DELETE", "path": "projects/1/labels/1"});
        let result = harness.run("api.request", write).await;
        assert!(
            text(&result).contains("GITLAB_MCP_READ_ONLY=true"),
            "{}",
            text(&result)
        );
        assert!(
            text(&result).contains("`DELETE /projects/1/labels/1`"),
            "{}",
            text(&result)
        );
        assert!(harness.sandbox.requests().is_empty());
        for action in catalog().actions().iter().filter(|a| !readable(a)) {
            let result = harness.run(action.id, json!({"project_id": 1})).await;
            assert_eq!(result.is_error, Some(true), "{}", action.id);
            let text = text(&result);
            assert!(
                text.contains("GITLAB_MCP_READ_ONLY=true") && text.contains(action.id),
                "{surface:?} {}: {text}",
                action.id
            );
        }
        assert!(
            harness.sandbox.requests().is_empty(),
            "{surface:?}: nothing reached GitLab"
        );
        let project = harness.ok("project.get", json!({"project_id": 1})).await;
        assert_eq!(project["id"], 1, "reads still run");
    }
}

#[tokio::test]
async fn toolsets_limit_what_is_listed_found_and_run() {
    let only = [Toolset::Releases];
    for surface in SURFACES {
        let harness = Harness::with_access(surface, toolsets(&only)).await;
        let offered = offered_ids(&harness).await;
        let expected: Vec<String> = catalog()
            .actions()
            .iter()
            .filter(|a| a.toolset() == Toolset::Releases)
            .map(|a| a.id.to_owned())
            .collect();
        assert!(!expected.is_empty());
        assert_eq!(offered, expected, "{surface:?}");
        let error = harness
            .error("issue.get", json!({"project_id": 1, "issue_iid": 1}))
            .await;
        assert!(
            error.contains("`issue.get` belongs to the `issues` toolset")
                && error.contains("GITLAB_MCP_TOOLSETS=releases"),
            "{surface:?}: {error}"
        );
        assert!(harness.sandbox.requests().is_empty());
        let releases = harness.ok("release.list", json!({"project_id": 1})).await;
        assert!(releases["items"].is_array());
    }
    let harness = Harness::with_access(SurfaceKind::Dynamic, toolsets(&only)).await;
    let found = harness
        .call_tool("gitlab_find_action", json!({"query": "create an issue"}))
        .await;
    let found = found.structured_content.unwrap();
    let ids: Vec<&Value> = found["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| &a["id"])
        .collect();
    assert!(
        !ids.iter()
            .any(|id| id.as_str().unwrap().starts_with("issue.")),
        "{ids:?}"
    );
}

#[tokio::test]
async fn allowed_projects_refuse_other_projects_before_anything_is_sent() {
    for surface in SURFACES {
        // The demo project by path; a call naming it by id is settled with one read.
        let harness = Harness::with_access(surface, projects("Demo/Sandbox")).await;
        let by_path = harness
            .ok("project.get", json!({"project_id": "demo/sandbox"}))
            .await;
        assert_eq!(by_path["id"], 1);
        assert_eq!(
            harness.sandbox.requests().len(),
            1,
            "{surface:?}: no lookup needed"
        );
        harness.sandbox.clear_requests();
        harness.ok("release.list", json!({"project_id": 1})).await;
        let paths: Vec<String> = harness
            .sandbox
            .requests()
            .iter()
            .map(|r| r.raw_path.clone())
            .collect();
        assert_eq!(
            paths,
            ["/api/v4/projects/1", "/api/v4/projects/1/releases"],
            "{surface:?}: one lookup, then the call"
        );
        harness.sandbox.clear_requests();
        harness.ok("release.list", json!({"project_id": 1})).await;
        assert_eq!(
            harness.sandbox.requests().len(),
            1,
            "{surface:?}: the lookup is remembered"
        );

        harness.sandbox.clear_requests();
        let error = harness
            .error(
                "issue.create",
                json!({"project_id": "other/project", "title": "x"}),
            )
            .await;
        assert!(
            error.contains("`project_id` names project `other/project`")
                && error.contains("GITLAB_MCP_ALLOWED_PROJECTS=demo/sandbox"),
            "{surface:?}: {error}"
        );
        assert!(
            harness.sandbox.requests().is_empty(),
            "{surface:?}: nothing sent"
        );
    }
    // Listed by id: a path is looked up, an unknown project refused.
    let harness = Harness::with_access(SurfaceKind::Dynamic, projects("1")).await;
    harness
        .ok("project.get", json!({"project_id": "demo/sandbox"}))
        .await;
    let error = harness
        .error("project.get", json!({"project_id": 99}))
        .await;
    assert!(error.contains("`project_id` names project `99`"), "{error}");
    harness.sandbox.clear_requests();
    let error = harness
        .error("project.get", json!({"project_id": "nobody/nothing"}))
        .await;
    assert!(error.contains("not one of the projects"), "{error}");
    let sent: Vec<String> = harness
        .sandbox
        .requests()
        .iter()
        .map(|r| r.path.clone())
        .collect();
    assert_eq!(
        sent,
        ["/api/v4/projects/nobody/nothing"],
        "only the lookup was sent"
    );
}

#[tokio::test]
async fn wizards_are_checked_before_the_first_question() {
    let harness = Harness::with_access(SurfaceKind::Meta, projects("demo/sandbox")).await;
    let result = harness
        .call_tool(
            "gitlab_interactive_issue_create",
            json!({"project_id": "elsewhere/x"}),
        )
        .await;
    assert_eq!(result.is_error, Some(true));
    assert!(
        text(&result).contains("GITLAB_MCP_ALLOWED_PROJECTS"),
        "{}",
        text(&result)
    );
    assert!(harness.sandbox.requests().is_empty());
    let harness = Harness::with_access(SurfaceKind::Meta, read_only()).await;
    let result = harness
        .call_tool("gitlab_interactive_issue_create", json!({"project_id": 1}))
        .await;
    assert!(
        text(&result).contains("GITLAB_MCP_READ_ONLY=true"),
        "{}",
        text(&result)
    );
}

#[tokio::test]
async fn searches_across_projects_are_refused_when_projects_are_limited() {
    let harness = Harness::with_access(SurfaceKind::Dynamic, projects("demo/sandbox")).await;
    let offered = offered_ids(&harness).await;
    assert!(
        !offered
            .iter()
            .any(|id| id == "search.global" || id == "search.group"),
        "{offered:?}"
    );
    assert!(offered.iter().any(|id| id == "search.project"));
    let error = harness
        .error("search.global", json!({"scope": "projects", "search": "x"}))
        .await;
    assert!(
        error.contains("`search.global` reads projects it does not name")
            && error.contains("GITLAB_MCP_ALLOWED_PROJECTS=demo/sandbox")
            && error.contains("`search.project`"),
        "{error}"
    );
    assert!(harness.sandbox.requests().is_empty());
    let found = harness
        .ok(
            "search.project",
            json!({"project_id": "demo/sandbox", "scope": "blobs", "search": "token"}),
        )
        .await;
    assert!(!found["items"].as_array().unwrap().is_empty());
}
