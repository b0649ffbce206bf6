//! The tools each surface lists, built from the one catalog: names, annotations, schemas and
//! the wizards' descriptions.

use crate::catalog::{RESOURCES, Resource};
use crate::registry::catalog;
use crate::surfaces::{Surface, SurfaceKind, individual_tool_name};
use rmcp::model::Tool;
use serde_json::{Value, json};
use wizard::Wizard;

fn surface(kind: SurfaceKind) -> Surface {
    Surface::new(kind, catalog(), Default::default())
}

fn names(surface: &Surface) -> Vec<String> {
    surface.tools().iter().map(|t| t.name.to_string()).collect()
}

/// What a tool's hints say, read as a client reads them: what is left out is the spec's
/// default (not read-only, destructive, not idempotent, open world), and a read-only tool
/// changes nothing.
struct Hints {
    read_only: bool,
    destructive: bool,
    idempotent: bool,
    open_world: bool,
}

fn effective(tool: &Tool) -> Hints {
    let annotations = tool.annotations.as_ref().expect("every tool is annotated");
    let read_only = annotations.read_only_hint.unwrap_or(false);
    Hints {
        read_only,
        destructive: !read_only && annotations.destructive_hint.unwrap_or(true),
        idempotent: read_only || annotations.idempotent_hint.unwrap_or(false),
        open_world: annotations.open_world_hint.unwrap_or(true),
    }
}

fn hints(tool: &Tool) -> (bool, bool) {
    let hints = effective(tool);
    (hints.read_only, hints.destructive)
}

const WIZARD_TOOLS: [&str; 9] = [
    "gitlab_interactive_issue_create",
    "gitlab_interactive_mr_create",
    "gitlab_interactive_release_create",
    "gitlab_interactive_project_create",
    "gitlab_interactive_pipeline_run",
    "gitlab_interactive_branch_create",
    "gitlab_interactive_milestone_create",
    "gitlab_interactive_mr_merge",
    "gitlab_interactive_mr_review",
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
        (true, false)
    );
    assert_eq!(
        hints(surface.tool("gitlab_execute_action").unwrap()),
        (false, true)
    );
    let execute = surface.tool("gitlab_execute_action").unwrap();
    let schema = Value::Object((*execute.input_schema).clone());
    assert_eq!(schema["required"], json!(["action"]));
    assert_eq!(schema["properties"]["confirm"]["type"], "boolean");
    assert_eq!(schema["properties"]["params"]["type"], "object");
    let description = execute.description.as_deref().unwrap();
    assert!(!description.contains("`issue.get`"), "{description}");
    assert!(description.contains("`interactive.*`"), "{description}");
}

#[test]
fn execute_says_what_matters_within_a_permission_dialog() {
    let surface = surface(SurfaceKind::Dynamic);
    let execute = surface.tool("gitlab_execute_action").unwrap();
    let description = execute.description.as_deref().unwrap();
    // A client shows it whole where the user allows the tool.
    assert!(
        description.chars().count() <= 600,
        "{} characters: {description}",
        description.chars().count()
    );
    for said in [
        "Destructive actions",
        "`confirm: true`",
        "ask the user first",
        "quick actions",
        "`interactive.*`",
        "`gitlab_find_action`",
    ] {
        assert!(description.contains(said), "{said:?} in {description}");
    }
}

/// Whether every `(` in `line` is closed on it, outside code spans.
fn balanced(line: &str) -> bool {
    let mut depth = 0_i32;
    let mut in_code = false;
    for c in line.chars() {
        match c {
            '`' => in_code = !in_code,
            '(' if !in_code => depth += 1,
            ')' if !in_code => depth -= 1,
            _ => {}
        }
        if depth < 0 {
            return false;
        }
    }
    depth == 0
}

#[test]
fn no_description_line_leaves_a_parenthesis_open() {
    assert!(balanced("a (b) `(`") && !balanced("a (b. ") && !balanced(") ("));
    let mut open = Vec::new();
    for kind in [
        SurfaceKind::Dynamic,
        SurfaceKind::Meta,
        SurfaceKind::Individual,
    ] {
        for tool in surface(kind).tools() {
            let description = tool.description.as_deref().unwrap_or_default();
            for line in description.lines().filter(|line| !balanced(line)) {
                open.push(format!("{}: {line}", tool.name));
            }
        }
    }
    assert!(
        open.is_empty(),
        "{} lines:\n{}",
        open.len(),
        open.join("\n")
    );
}

#[test]
fn meta_lists_domain_tools_and_the_wizards() {
    let surface = surface(SurfaceKind::Meta);
    // One tool per kind of object that has actions, in the order of RESOURCES.
    let domains: Vec<&Resource> = RESOURCES
        .iter()
        .filter(|resource| catalog().of(resource).next().is_some())
        .collect();
    let mut expected: Vec<String> = domains.iter().map(|r| format!("gitlab_{}", r.id)).collect();
    expected.extend(WIZARD_TOOLS.map(str::to_owned));
    assert_eq!(names(&surface), expected);
    for resource in domains {
        let name = format!("gitlab_{}", resource.id);
        let tool = surface.tool(&name).unwrap();
        // Read-only when every action of the kind reads; destructive when one may lose
        // work; `confirm` when one is destructive or may ask by its arguments or its text.
        let actions: Vec<_> = catalog().of(resource).collect();
        let read_only = actions.iter().all(|a| a.read_only);
        let destructive = actions.iter().any(|a| a.destructive_hint);
        assert_eq!(hints(tool), (read_only, destructive), "{name}");
        let schema = Value::Object((*tool.input_schema).clone());
        assert_eq!(schema["required"], json!(["action"]));
        let confirms = actions
            .iter()
            .any(|a| a.destructive || a.guard.is_some() || a.carries_quick_actions());
        assert_eq!(
            schema["properties"].get("confirm").is_some(),
            confirms,
            "{name}"
        );
    }
    for name in [
        "gitlab_branch",
        "gitlab_pipeline",
        "gitlab_job",
        "gitlab_search",
        "gitlab_wiki",
    ] {
        assert!(surface.tool(name).is_some(), "{name}");
    }
    let merge_request = surface.tool("gitlab_merge_request").unwrap();
    let description = merge_request.description.as_deref().unwrap();
    for action in catalog()
        .actions()
        .iter()
        .filter(|a| a.id.starts_with("merge_request."))
    {
        assert!(
            description.contains(&format!(" `{}`", action.verb)),
            "`{}` in {description}",
            action.verb
        );
    }

    // Actions by the parameters they require, those requiring the same on one line.
    assert!(
        description.contains("\n- `merge_request_iid`: `get`, `update`, `delete`, `merge`, "),
        "{description}"
    );
    assert!(
        description.contains("\n- `source_branch`, `target_branch`, `title`: `create`\n"),
        "{description}"
    );
    assert!(
        description.contains("\n- none: `list`, `list_all`\n"),
        "{description}"
    );
    assert!(
        description.contains("Destructive, asked to the user first (`confirm: true` only after the user explicitly approved): `delete`, `merge`, "),
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
    let expected: Vec<String> = catalog()
        .actions()
        .iter()
        .map(individual_tool_name)
        .collect();
    assert_eq!(names(&surface), expected);
    for name in [
        "gitlab_branch_create",
        "gitlab_repository_compare",
        "gitlab_file_get",
        "gitlab_mr_merge",
        "gitlab_mr_note_create",
        "gitlab_mr_discussion_resolve",
        "gitlab_issue_link_create",
        "gitlab_pipeline_retry",
        "gitlab_job_log",
        "gitlab_search_global",
        "gitlab_project_fork",
    ] {
        assert!(surface.tool(name).is_some(), "{name}");
    }
    assert!(names(&surface).ends_with(&WIZARD_TOOLS.map(str::to_owned)));
}

#[test]
fn individual_annotations_follow_the_catalog() {
    let surface = surface(SurfaceKind::Individual);
    for action in catalog().actions() {
        let name = individual_tool_name(action);
        let tool = surface.tool(&name).unwrap();
        let hints = effective(tool);
        assert_eq!(hints.read_only, action.read_only, "{name}");
        assert_eq!(hints.destructive, action.destructive_hint, "{name}");
        assert_eq!(hints.idempotent, action.idempotent, "{name}");
        assert!(hints.open_world, "{name}");
        assert!(
            tool.output_schema.is_none(),
            "{name}: output schemas are not listed"
        );
        let has_confirm = tool.input_schema["properties"].get("confirm").is_some();
        let confirms =
            action.destructive || action.guard.is_some() || action.carries_quick_actions();
        assert_eq!(has_confirm, confirms, "{name}");
    }
    let hints_of = |name: &str| hints(surface.tool(name).unwrap());
    assert_eq!(hints_of("gitlab_job_log"), (true, false));
    assert_eq!(hints_of("gitlab_branch_unprotect"), (false, true));
    assert_eq!(hints_of("gitlab_job_erase"), (false, true));
    assert_eq!(hints_of("gitlab_mr_approve"), (false, false));
    let delete = surface.tool("gitlab_project_delete").unwrap();
    assert_eq!(
        delete.input_schema["properties"]["confirm"]["description"],
        "True only after the user explicitly approved this."
    );
}

fn assert_lists_questions<W: Wizard>(tool: &Tool) {
    let description = tool.description.as_deref().unwrap();
    let mut from = 0;
    for question in W::QUESTIONS {
        let key = format!("`{}`", question.key);
        let found = description[from..]
            .find(&key)
            .unwrap_or_else(|| panic!("{key} in order in {description}"));
        from += found + key.len();
    }
    assert!(
        description[from..].contains("then a yes to the summary"),
        "{description}"
    );
    assert!(
        description.contains("takes every answer in one call"),
        "{description}"
    );
}

#[test]
fn wizard_descriptions_list_the_questions_in_order_and_name_the_alternative() {
    use crate::wizards::{
        BranchWizard, IssueWizard, MergeRequestWizard, MergeWizard, MilestoneWizard,
        PipelineWizard, ProjectWizard, ReleaseWizard,
    };
    for kind in [SurfaceKind::Meta, SurfaceKind::Individual] {
        let surface = surface(kind);
        assert_lists_questions::<IssueWizard>(surface.tool(WIZARD_TOOLS[0]).unwrap());
        assert_lists_questions::<MergeRequestWizard>(surface.tool(WIZARD_TOOLS[1]).unwrap());
        assert_lists_questions::<ReleaseWizard>(surface.tool(WIZARD_TOOLS[2]).unwrap());
        assert_lists_questions::<ProjectWizard>(surface.tool(WIZARD_TOOLS[3]).unwrap());
        assert_lists_questions::<PipelineWizard>(surface.tool(WIZARD_TOOLS[4]).unwrap());
        assert_lists_questions::<BranchWizard>(surface.tool(WIZARD_TOOLS[5]).unwrap());
        assert_lists_questions::<MilestoneWizard>(surface.tool(WIZARD_TOOLS[6]).unwrap());
        assert_lists_questions::<MergeWizard>(surface.tool(WIZARD_TOOLS[7]).unwrap());
        for name in WIZARD_TOOLS {
            // The merge wizard loses work as its alternative does.
            let destructive = name == "gitlab_interactive_mr_merge";
            assert_eq!(
                hints(surface.tool(name).unwrap()),
                (false, destructive),
                "{name}"
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
            .contains("`gitlab_project` with `action: \"create\"` takes every answer in one call.")
    );
    let readme = project.description.as_deref().unwrap();
    assert!(
        readme.contains("`default_branch` (after a yes to `initialize_with_readme`)"),
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

/// What a client shows and how it builds a form from a tool's input schema: every tool
/// carries a `title` (clients show it, not `annotations.title`); no parameter is typed
/// as a union with `null` or offers `null` as a value (an optional parameter is simply not required), and a project
/// is text, so that a form fills `group/project` without quotes.
#[test]
fn every_tool_is_titled_and_its_inputs_fill_as_plain_fields() {
    /// Where `schema` offers `null`: as a type, or among an enum's values.
    fn nulls(schema: &Value, at: &str, found: &mut Vec<String>) {
        match schema {
            Value::Object(map) => {
                let null = |t: &Value| t == "null" || t.is_null();
                let lists_null = |key: &str| match map.get(key) {
                    Some(Value::Array(values)) => values.iter().any(null),
                    Some(value) => null(value),
                    None => false,
                };
                if lists_null("type") || lists_null("enum") {
                    found.push(at.to_owned());
                }
                for (key, value) in map {
                    nulls(value, &format!("{at}/{key}"), found);
                }
            }
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    nulls(item, &format!("{at}/{i}"), found);
                }
            }
            _ => {}
        }
    }
    for kind in [
        SurfaceKind::Dynamic,
        SurfaceKind::Meta,
        SurfaceKind::Individual,
    ] {
        for tool in surface(kind).tools() {
            let name = &tool.name;
            let title = tool.title.as_deref().unwrap_or_default();
            assert!(!title.is_empty(), "{kind:?} `{name}` has no title");
            let annotated = tool.annotations.as_ref().and_then(|a| a.title.as_deref());
            assert_eq!(annotated, None, "{kind:?} `{name}`: the title is said once");
            let schema = Value::Object((*tool.input_schema).clone());
            let mut found = Vec::new();
            nulls(&schema, "", &mut found);
            assert!(
                found.is_empty(),
                "{kind:?} `{name}` offers null at {found:?}"
            );
            // A project by id or path; by id alone where GitLab takes only an id.
            if let Some(project) = schema.pointer("/properties/project_id") {
                assert!(
                    project["type"] == "string" || project["type"] == "integer",
                    "{kind:?} `{name}`: {project}"
                );
            }
        }
    }
}

/// What `project_id`, `group_id`, `page`, `per_page` and `raw` mean on every tool is said
/// once, in the instructions each surface gives at `initialize`; no tool repeats it, and a
/// field whose meaning is its own (the variables' `raw`, a `per_page` GitLab caps at 20)
/// keeps its own description.
#[tokio::test]
async fn shared_parameters_are_said_once_in_the_instructions() {
    use crate::catalog::params::SHARED_PARAMETERS;
    use crate::tests::common::mcp::Harness;
    use wizard::testkit::Path;

    for name in [
        "project_id",
        "group_id",
        "merge_request_iid",
        "issue_iid",
        "page",
        "per_page",
        "raw",
    ] {
        assert!(SHARED_PARAMETERS.contains(&format!("`{name}")), "{name}");
    }
    for kind in [
        SurfaceKind::Dynamic,
        SurfaceKind::Meta,
        SurfaceKind::Individual,
    ] {
        let harness = Harness::new(kind).await;
        let pair = harness.client(Path::Sync).await;
        let info = pair.client.peer_info().expect("initialized");
        let instructions = info
            .instructions
            .clone()
            .expect("every surface gives instructions");
        assert!(
            instructions.ends_with(SHARED_PARAMETERS),
            "{kind:?}: {instructions}"
        );
        pair.close().await;
    }
    let mut seen = 0;
    for tool in surface(SurfaceKind::Individual).tools() {
        let Some(Value::Object(properties)) = tool.input_schema.get("properties") else {
            continue;
        };
        for (name, property) in properties {
            let shared = match name.as_str() {
                "project_id" | "group_id" => property["type"] == "string",
                "page" | "issue_iid" => true,
                // A dependency's merge request is the blocked one: said on the tool.
                "merge_request_iid" => !tool.name.contains("dependency"),
                // One `per_page` is GitLab's own lower cap, described where it is.
                "per_page" => property.get("maximum").is_none(),
                // A variable's `raw` is its own: its value is taken as written.
                "raw" => !tool.name.contains("variable"),
                _ => false,
            };
            if shared {
                seen += 1;
                assert_eq!(property.get("description"), None, "{}: `{name}`", tool.name);
            }
        }
        assert!(
            !tool.input_schema.contains_key("additionalProperties"),
            "{}: the instructions say that unknown parameters are refused",
            tool.name
        );
    }
    assert!(seen > 500, "{seen} shared parameters listed");
}
