//! The tools each surface lists, built from the one catalog: names, annotations, schemas and
//! the wizards' descriptions.

use gitlab_mcp_server::catalog::catalog;
use gitlab_mcp_server::surfaces::{Surface, SurfaceKind};
use rmcp::model::Tool;
use serde_json::{Value, json};
use wizard::Wizard;

fn surface(kind: SurfaceKind) -> Surface {
    Surface::new(kind, catalog(), Default::default())
}

fn names(surface: &Surface) -> Vec<String> {
    surface.tools().iter().map(|t| t.name.to_string()).collect()
}

fn hints(tool: &Tool) -> (Option<bool>, Option<bool>) {
    let annotations = tool.annotations.as_ref().expect("every tool is annotated");
    (annotations.read_only_hint, annotations.destructive_hint)
}

const WIZARD_TOOLS: [&str; 4] = [
    "gitlab_interactive_issue_create",
    "gitlab_interactive_mr_create",
    "gitlab_interactive_release_create",
    "gitlab_interactive_project_create",
];

#[test]
fn dynamic_lists_find_and_execute() {
    let surface = surface(SurfaceKind::Dynamic);
    assert_eq!(
        names(&surface),
        ["gitlab_find_action", "gitlab_execute_action"]
    );
    assert_eq!(
        hints(surface.tool("gitlab_find_action").unwrap()),
        (Some(true), None)
    );
    assert_eq!(
        hints(surface.tool("gitlab_execute_action").unwrap()),
        (Some(false), Some(true))
    );
    let execute = surface.tool("gitlab_execute_action").unwrap();
    let schema = Value::Object((*execute.input_schema).clone());
    assert_eq!(schema["required"], json!(["action"]));
    assert_eq!(schema["properties"]["confirm"]["type"], "boolean");
    assert_eq!(schema["properties"]["params"]["type"], "object");
    let description = execute.description.as_deref().unwrap();
    for id in [
        "issue.delete",
        "merge_request.merge",
        "interactive.issue_create",
    ] {
        assert!(description.contains(&format!("`{id}`")), "{description}");
    }
}

#[test]
fn meta_lists_domain_tools_and_the_wizards() {
    let surface = surface(SurfaceKind::Meta);
    let mut expected = vec![
        "gitlab_merge_request",
        "gitlab_issue",
        "gitlab_release",
        "gitlab_project",
    ];
    expected.extend(WIZARD_TOOLS);
    assert_eq!(names(&surface), expected);
    for name in &expected[..4] {
        let tool = surface.tool(name).unwrap();
        assert_eq!(hints(tool), (Some(false), Some(true)), "{name}");
        let schema = Value::Object((*tool.input_schema).clone());
        assert_eq!(schema["required"], json!(["action"]));
    }
    let merge_request = surface.tool("gitlab_merge_request").unwrap();
    assert_eq!(
        merge_request.input_schema["properties"]["action"]["enum"],
        json!(["create", "get", "list", "update", "delete", "merge"])
    );
    let description = merge_request.description.as_deref().unwrap();
    assert!(description.contains("- `merge`: "), "{description}");
    assert!(
        description.contains(
            "`project_id` (required), `merge_request_iid` (required), `merge_commit_message`, `sha`"
        ),
        "{description}"
    );
    assert!(
        description.contains("`gitlab_interactive_mr_create`"),
        "{description}"
    );
}

#[test]
fn individual_lists_one_tool_per_action_and_the_wizards() {
    let surface = surface(SurfaceKind::Individual);
    let mut expected = Vec::new();
    for (short, verbs) in [
        (
            "mr",
            &["create", "get", "list", "update", "delete", "merge"][..],
        ),
        ("issue", &["create", "get", "list", "update", "delete"][..]),
        (
            "release",
            &["create", "get", "list", "update", "delete"][..],
        ),
        (
            "project",
            &["create", "get", "list", "update", "delete"][..],
        ),
    ] {
        for verb in verbs {
            expected.push(format!("gitlab_{short}_{verb}"));
        }
    }
    expected.extend(WIZARD_TOOLS.map(str::to_owned));
    assert_eq!(names(&surface), expected);
    assert_eq!(surface.tools().len(), 25);
}

#[test]
fn individual_annotations_follow_the_catalog() {
    let surface = surface(SurfaceKind::Individual);
    for tool in surface.tools() {
        let name = tool.name.as_ref();
        let verb = name.rsplit('_').next().unwrap();
        let expected = match verb {
            "get" | "list" => (Some(true), Some(false)),
            "delete" | "merge" => (Some(false), Some(true)),
            _ => (Some(false), Some(false)),
        };
        assert_eq!(hints(tool), expected, "{name}");
        assert!(tool.output_schema.is_some(), "{name} declares its output");
        let has_confirm = tool.input_schema["properties"].get("confirm").is_some();
        assert_eq!(has_confirm, matches!(verb, "delete" | "merge"), "{name}");
    }
    let delete = surface.tool("gitlab_project_delete").unwrap();
    assert!(
        delete
            .description
            .as_deref()
            .unwrap()
            .contains("send `confirm: true` only after the user explicitly approved")
    );
}

fn assert_lists_questions<W: Wizard>(tool: &Tool) {
    let description = tool.description.as_deref().unwrap();
    let mut from = 0;
    for question in W::QUESTIONS {
        let found = description[from..]
            .find(question.message)
            .unwrap_or_else(|| panic!("`{}` in order in {description}", question.message));
        from += found + question.message.len();
    }
    assert!(description[from..].contains("`confirm`"), "{description}");
    assert!(
        description.contains(&format!(
            "use the action `{}` instead",
            W::INFO.alternative.unwrap()
        )),
        "{description}"
    );
}

#[test]
fn wizard_descriptions_list_the_questions_in_order_and_name_the_alternative() {
    use gitlab_mcp_server::wizards::{
        IssueWizard, MergeRequestWizard, ProjectWizard, ReleaseWizard,
    };
    for kind in [SurfaceKind::Meta, SurfaceKind::Individual] {
        let surface = surface(kind);
        assert_lists_questions::<IssueWizard>(surface.tool(WIZARD_TOOLS[0]).unwrap());
        assert_lists_questions::<MergeRequestWizard>(surface.tool(WIZARD_TOOLS[1]).unwrap());
        assert_lists_questions::<ReleaseWizard>(surface.tool(WIZARD_TOOLS[2]).unwrap());
        assert_lists_questions::<ProjectWizard>(surface.tool(WIZARD_TOOLS[3]).unwrap());
        for name in WIZARD_TOOLS {
            assert_eq!(
                hints(surface.tool(name).unwrap()),
                (Some(false), Some(false))
            );
        }
    }
    let individual = surface(SurfaceKind::Individual);
    let issue = individual.tool("gitlab_interactive_issue_create").unwrap();
    assert!(
        issue
            .description
            .as_deref()
            .unwrap()
            .ends_with("the tool `gitlab_issue_create`.")
    );
    let meta = surface(SurfaceKind::Meta);
    let project = meta.tool("gitlab_interactive_project_create").unwrap();
    assert!(
        project
            .description
            .as_deref()
            .unwrap()
            .ends_with("`gitlab_project` with `action: \"create\"`.")
    );
    let readme = project.description.as_deref().unwrap();
    assert!(
        readme.contains("asked only after a yes at step 4"),
        "{readme}"
    );
}

#[test]
fn wizard_tool_inputs_are_their_tool_arguments() {
    let surface = surface(SurfaceKind::Individual);
    let issue = surface.tool("gitlab_interactive_issue_create").unwrap();
    assert_eq!(issue.input_schema["required"], json!(["project_id"]));
    let project = surface.tool("gitlab_interactive_project_create").unwrap();
    assert_eq!(project.input_schema["properties"], json!({}));
}
