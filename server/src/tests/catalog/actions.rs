//! The action catalog as data: every id, its flags, and its schemas.

use crate::catalog::graphql::Shape;
use crate::catalog::{Action, Output, Resource};
use crate::registry::catalog;
use reqwest::Method;
use serde_json::{Value, json};

fn action(id: &str) -> &'static Action {
    catalog()
        .get(id)
        .unwrap_or_else(|| panic!("`{id}` is in the catalog"))
}

fn schema_value(action: &Action) -> Value {
    Value::Object((**action.input_schema()).clone())
}

#[test]
fn ids_are_resource_dot_verb_and_the_catalog_is_large() {
    let actions = catalog().actions();
    for (index, action) in actions.iter().enumerate() {
        let (resource, verb) = action.id.split_once('.').expect("resource.verb");
        // Wizards are `interactive.<verb>`, filed under their alternative's resource.
        if !action.is_wizard() {
            assert_eq!(action.resource.id, resource, "{}", action.id);
        }
        assert_eq!(action.verb, verb, "{}", action.id);
        assert!(
            actions[..index].iter().all(|other| other.id != action.id),
            "{} twice",
            action.id
        );
    }
    let gitlab = actions.iter().filter(|a| !a.is_wizard()).count();
    assert!(gitlab >= 100, "{gitlab} GitLab actions");
}

/// Reads are exactly the GETs; every DELETE is destructive, and so are exactly these other
/// actions that lose work.
#[test]
fn the_class_follows_the_method_with_named_exceptions() {
    let mut destructive_beyond_deletes = Vec::new();
    // The door's method comes with each call.
    let gitlab = catalog().actions().iter().filter(|a| !a.is_wizard());
    // A typed GraphQL action posts a query or a mutation: its class follows the document.
    let graphql = |a: &&Action| matches!(a.output, Output::GraphQl(_));
    for action in gitlab.filter(|a| !a.method_in_call && !graphql(a)) {
        let endpoint = action
            .endpoint
            .as_ref()
            .expect("GitLab actions name their call");
        assert_eq!(
            action.read_only,
            endpoint.method == Method::GET,
            "{}",
            action.id
        );
        assert!(!(action.read_only && action.destructive), "{}", action.id);
        if endpoint.method == Method::DELETE {
            assert!(action.destructive, "{}", action.id);
        } else if action.destructive {
            destructive_beyond_deletes.push(action.id);
        }
    }
    assert_eq!(
        destructive_beyond_deletes,
        [
            "merge_request.merge",
            "merge_train.add",
            "pipeline.cancel",
            "job.cancel",
            "job.erase",
            "environment.stop",
            "environment.stop_stale",
            "deployment.approve",
            "deployment.reject",
            "project.push_mirror_add",
            "vulnerability.confirm",
            "vulnerability.resolve",
            "vulnerability.dismiss",
            "vulnerability.revert"
        ]
    );
}

#[test]
fn the_actions_asking_by_their_arguments_are_named() {
    let guarded: Vec<(&str, bool, bool)> = catalog()
        .actions()
        .iter()
        .filter_map(|a| {
            let guard = a.guard.as_ref()?;
            Some((a.id, a.destructive, guard.loses_work && a.destructive_hint))
        })
        .collect();
    assert_eq!(
        guarded,
        [
            ("group.update", false, false),
            ("project.update", false, false),
            ("project.pull_mirror_configure", false, true),
            ("api.request", false, true),
            ("api.graphql", false, true)
        ]
    );
}

#[test]
fn wizards_are_registered_under_the_names_of_spec_section_1() {
    let rows: Vec<(&str, &str, &str)> = catalog()
        .wizards()
        .map(|a| {
            let wizard = a.wizard().unwrap();
            (wizard.info.tool, a.id, wizard.info.alternative)
        })
        .collect();
    assert_eq!(
        rows,
        [
            (
                "gitlab_interactive_issue_create",
                "interactive.issue_create",
                "issue.create"
            ),
            (
                "gitlab_interactive_mr_create",
                "interactive.mr_create",
                "merge_request.create"
            ),
            (
                "gitlab_interactive_release_create",
                "interactive.release_create",
                "release.create"
            ),
            (
                "gitlab_interactive_project_create",
                "interactive.project_create",
                "project.create"
            ),
            (
                "gitlab_interactive_pipeline_run",
                "interactive.pipeline_run",
                "pipeline.create"
            ),
            (
                "gitlab_interactive_branch_create",
                "interactive.branch_create",
                "branch.create"
            ),
            (
                "gitlab_interactive_milestone_create",
                "interactive.milestone_create",
                "milestone.create"
            ),
            (
                "gitlab_interactive_mr_merge",
                "interactive.mr_merge",
                "merge_request.merge"
            ),
            (
                "gitlab_interactive_mr_review",
                "interactive.mr_review",
                "merge_request.draft_note_publish_all"
            ),
        ]
    );
    for action in catalog().wizards() {
        // Never guarded as destructive: the summary is the confirmation. The merge wizard
        // still tells clients it loses work, as its alternative does.
        assert!(!action.destructive && !action.read_only, "{}", action.id);
        assert_eq!(
            action.destructive_hint,
            action.id == "interactive.mr_merge",
            "{}",
            action.id
        );
        // A review makes several calls and answers what they did, not one object.
        let output = if action.id == "interactive.mr_review" {
            Output::Done
        } else {
            Output::Object
        };
        assert_eq!(action.output, output, "{}", action.id);
    }
}

#[test]
fn wizard_inputs_are_the_project_id_alone_or_nothing() {
    for id in [
        "interactive.issue_create",
        "interactive.mr_create",
        "interactive.release_create",
        "interactive.pipeline_run",
        "interactive.branch_create",
        "interactive.milestone_create",
    ] {
        let schema = schema_value(action(id));
        assert_eq!(action(id).parameters(), ["project_id"], "{id}");
        assert_eq!(schema["required"], json!(["project_id"]), "{id}");
        // Text, so that a form fills `42` or `group/project` without quotes.
        assert_eq!(schema["properties"]["project_id"]["type"], "string", "{id}");
        assert_eq!(schema["properties"]["project_id"]["minLength"], 1, "{id}");
    }
    let project = action("interactive.project_create");
    assert!(project.parameters().is_empty());
    assert_eq!(schema_value(project)["type"], "object");
    for id in ["interactive.mr_merge", "interactive.mr_review"] {
        let merge_request = action(id);
        assert_eq!(
            merge_request.parameters(),
            ["project_id", "merge_request_iid"],
            "{id}"
        );
        assert_eq!(
            schema_value(merge_request)["required"],
            json!(["project_id", "merge_request_iid"]),
            "{id}"
        );
    }
}

#[test]
fn parameters_carry_gitlab_names() {
    let expect = |id: &str, required: &[&str], optional: &[&str]| {
        let action = action(id);
        let schema = schema_value(action);
        let mut listed: Vec<&str> = schema["required"]
            .as_array()
            .map(|names| names.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        // Required by GitLab, though a call may leave it to the default project.
        if action.takes_default_project() {
            listed.insert(0, "project_id");
        }
        assert_eq!(listed, required, "required parameters of {id}");
        for name in optional {
            assert!(
                action.parameters().iter().any(|p| p == name),
                "{id} takes `{name}`: {:?}",
                action.parameters()
            );
        }
        // Every read answering with GitLab objects also takes `raw`.
        let raw = action.read_only && action.output.has_raw();
        assert_eq!(
            action.parameters().iter().any(|p| p == "raw"),
            raw,
            "{id}: {:?}",
            action.parameters()
        );
        assert_eq!(
            action.parameters().len(),
            required.len() + optional.len() + usize::from(raw),
            "{id}: {:?}",
            action.parameters()
        );
    };
    expect("issue.get", &["project_id", "issue_iid"], &[]);
    expect("issue.delete", &["project_id", "issue_iid"], &[]);
    expect(
        "issue.list",
        &["project_id"],
        &[
            "state",
            "assignee_username",
            "scope",
            "labels",
            "not[labels]",
            "search",
            "author_id",
            "author_username",
            "assignee_id",
            "milestone",
            "created_after",
            "created_before",
            "updated_after",
            "updated_before",
            "iids",
            "order_by",
            "sort",
            "page",
            "per_page",
        ],
    );
    expect(
        "issue.list_all",
        &[],
        &[
            "state",
            "assignee_username",
            "scope",
            "labels",
            "not[labels]",
            "search",
            "author_id",
            "author_username",
            "assignee_id",
            "milestone",
            "created_after",
            "created_before",
            "updated_after",
            "updated_before",
            "iids",
            "order_by",
            "sort",
            "page",
            "per_page",
        ],
    );
    expect(
        "merge_request.list_all",
        &[],
        &[
            "state",
            "source_branch",
            "target_branch",
            "reviewer_id",
            "reviewer_username",
            "draft",
            "scope",
            "labels",
            "not[labels]",
            "search",
            "author_id",
            "author_username",
            "assignee_id",
            "milestone",
            "created_after",
            "created_before",
            "updated_after",
            "updated_before",
            "order_by",
            "sort",
            "page",
            "per_page",
        ],
    );
    expect(
        "issue.update",
        &["project_id", "issue_iid"],
        &[
            "title",
            "description",
            "labels",
            "state_event",
            "confidential",
            "assignee_ids",
            "milestone_id",
            "due_date",
        ],
    );
    expect(
        "merge_request.get",
        &["project_id", "merge_request_iid"],
        &[
            "include_rebase_in_progress",
            "include_diverged_commits_count",
        ],
    );
    expect(
        "merge_request.merge",
        &["project_id", "merge_request_iid"],
        &[
            "sha",
            "squash",
            "should_remove_source_branch",
            "auto_merge",
            "merge_commit_message",
            "squash_commit_message",
        ],
    );
    expect("release.get", &["project_id", "tag_name"], &[]);
    expect("release.delete", &["project_id", "tag_name"], &[]);
    expect(
        "release.list",
        &["project_id"],
        &["sort", "page", "per_page"],
    );
    expect("project.get", &["project_id"], &[]);
    expect("project.delete", &["project_id"], &[]);
    expect(
        "project.list",
        &[],
        &[
            "search",
            "search_namespaces",
            "owned",
            "membership",
            "visibility",
            "order_by",
            "sort",
            "page",
            "per_page",
        ],
    );
}

#[test]
fn input_schemas_are_flat_objects_without_refs() {
    for action in catalog().actions() {
        let schema = schema_value(action);
        assert_eq!(schema["type"], "object", "{}", action.id);
        assert!(schema["properties"].is_object(), "{}", action.id);
        let text = schema.to_string();
        for banned in ["$ref", "$defs", "$schema"] {
            assert!(!text.contains(banned), "{} has {banned}: {text}", action.id);
        }
    }
}

/// Page sizes are bounded where every tool's `per_page` is described, the server's
/// instructions, and by the parse, which names the bounds: the schemas give the type only.
#[test]
fn page_sizes_are_bounded_by_the_parse_and_said_once() {
    assert!(
        crate::catalog::params::SHARED_PARAMETERS.contains("`per_page` (1 to 100, default 20)")
    );
    for id in [
        "issue.list",
        "merge_request.list",
        "release.list",
        "project.list",
    ] {
        let action = action(id);
        assert_eq!(
            schema_value(action)["properties"]["per_page"],
            json!({"type": "integer"}),
            "{id}"
        );
        for size in [0, 101] {
            let mut params = serde_json::Map::new();
            if action.parameters().iter().any(|name| name == "project_id") {
                params.insert("project_id".to_owned(), json!("demo/sandbox"));
            }
            params.insert("per_page".to_owned(), json!(size));
            let refused = action.prepare(&params).unwrap_err();
            assert!(
                refused.contains("`per_page`") && refused.contains("between 1 and 100"),
                "{id}: {refused}"
            );
        }
    }
}

#[test]
fn output_schemas_follow_the_verb() {
    for action in catalog().actions() {
        let schema = Value::Object((*action.output_schema()).clone());
        assert_eq!(schema["type"], "object", "{}", action.id);
        match action.output {
            // A declared kind lists its fields; any other object keeps GitLab's; both
            // may carry GitLab's whole object under `raw`.
            Output::Object => {
                assert_eq!(
                    schema["properties"]["raw"]["type"], "object",
                    "{}",
                    action.id
                );
                match action.kind {
                    Some(kind) => assert_eq!(
                        schema["properties"].as_object().map(|p| p.len()),
                        Some(kind.fields.len() + 1),
                        "{}",
                        action.id
                    ),
                    None => assert_eq!(schema["additionalProperties"], true, "{}", action.id),
                }
            }
            Output::List => {
                assert!(action.read_only, "{} lists, so it reads", action.id);
                assert_eq!(schema["properties"]["items"]["type"], "array");
                assert_eq!(schema["required"], json!(["items"]));
            }
            Output::Deleted => {
                assert!(action.id.ends_with("delete"), "{}", action.id);
                assert_eq!(schema["properties"]["deleted"]["type"], "boolean");
            }
            Output::Done => assert_eq!(schema["properties"]["done"]["type"], "boolean"),
            Output::JobLog => assert_eq!(schema["properties"]["log"]["type"], "string"),
            Output::File | Output::Text => assert!(schema["properties"]["content"].is_object()),
            Output::Diffs => assert_eq!(schema["properties"]["items"]["type"], "array"),
            Output::Compare | Output::Any => assert_eq!(schema["additionalProperties"], true),
            // A typed GraphQL action answers as its operation's shape says.
            Output::GraphQl(operation) => match operation.shape {
                Shape::Page => {
                    assert_eq!(
                        schema["properties"]["items"]["type"], "array",
                        "{}",
                        action.id
                    );
                }
                Shape::Deleted => {
                    assert_eq!(
                        schema["properties"]["deleted"]["type"], "boolean",
                        "{}",
                        action.id
                    );
                }
                Shape::Object => {
                    assert_eq!(schema["additionalProperties"], true, "{}", action.id);
                    assert!(schema["properties"].get("items").is_none(), "{}", action.id);
                }
            },
            Output::Pipeline => {
                assert_eq!(action.kind.map(|kind| kind.name), Some("pipeline"));
                assert_eq!(schema["properties"]["status"]["type"], "string");
                assert_eq!(schema["properties"]["failed_jobs"]["type"], "array");
            }
        }
    }
    assert_eq!(action("merge_request.merge").output, Output::Object);
}

#[test]
fn resources_group_the_actions() {
    let verbs = |id: &str| {
        let resource = Resource::of(id).unwrap();
        catalog().of(resource).map(|a| a.verb).collect::<Vec<_>>()
    };
    assert_eq!(
        verbs("issue"),
        [
            "create",
            "get",
            "list",
            "list_all",
            "update",
            "delete",
            "note_list",
            "note_create",
            "note_update",
            "note_get",
            "note_delete",
            "discussion_list",
            "discussion_reply",
            "link_list",
            "link_create",
            "link_delete",
            "emoji_list",
            "emoji_create",
            "emoji_delete",
            "emoji_get",
            "note_emoji_list",
            "note_emoji_get",
            "note_emoji_add",
            "note_emoji_delete",
            "participant_list",
            "subscribe",
            "unsubscribe",
            "time_stats",
            "time_estimate_set",
            "time_spent_add",
            "label_event_list",
            "label_event_get",
            "milestone_event_list",
            "milestone_event_get",
            "state_event_list",
            "state_event_get"
        ]
    );
    assert_eq!(
        verbs("merge_request"),
        [
            "create",
            "get",
            "list",
            "list_all",
            "update",
            "delete",
            "merge",
            "rebase",
            "diff_list",
            "commit_list",
            "pipeline_list",
            "approvals",
            "approve",
            "unapprove",
            "note_list",
            "note_create",
            "note_update",
            "note_get",
            "note_delete",
            "discussion_list",
            "discussion_start",
            "discussion_reply",
            "discussion_resolve",
            "discussion_note_update",
            "discussion_note_delete",
            "emoji_list",
            "emoji_create",
            "emoji_delete",
            "emoji_get",
            "note_emoji_list",
            "note_emoji_get",
            "note_emoji_add",
            "note_emoji_delete",
            "related_issue_list",
            "closes_issue_list",
            "reviewer_list",
            "approval_state",
            "dependency_list",
            "dependency_get",
            "dependency_create",
            "dependency_delete",
            "approval_rule_list",
            "approval_rule_get",
            "approval_rule_create",
            "approval_rule_update",
            "approval_rule_delete",
            "draft_note_list",
            "draft_note_get",
            "draft_note_create",
            "draft_note_update",
            "draft_note_delete",
            "draft_note_publish",
            "draft_note_publish_all",
            "version_list",
            "participant_list",
            "subscribe",
            "unsubscribe",
            "time_stats",
            "time_estimate_set",
            "time_spent_add",
            "label_event_list",
            "label_event_get",
            "milestone_event_list",
            "milestone_event_get",
            "state_event_list",
            "state_event_get"
        ]
    );
    assert_eq!(
        verbs("branch"),
        [
            "list",
            "get",
            "create",
            "delete",
            "protect",
            "protected_list",
            "protected_get",
            "unprotect"
        ]
    );
    assert_eq!(
        verbs("release"),
        ["create", "get", "list", "update", "delete"]
    );
    assert_eq!(
        verbs("project"),
        [
            "create",
            "get",
            "list",
            "update",
            "delete",
            "fork",
            "archive",
            "unarchive",
            "pull_mirror_configure",
            "push_mirror_add",
            "pull_mirror_get",
            "push_mirror_list",
            "push_mirror_get",
            "language_list",
            "star",
            "unstar",
            "access_request_list",
            "access_request_create",
            "access_request_approve",
            "access_request_deny",
            "event_list",
            "export_status",
            "export",
            "import_status"
        ]
    );
}

#[test]
fn every_action_has_a_description() {
    for action in catalog().actions() {
        assert!(action.description().len() > 20, "{}", action.id);
        if action.destructive {
            assert!(
                action.description().contains("destructive"),
                "{}",
                action.id
            );
        }
    }
}

/// A client shows titles side by side (a permission dialog, a tool picker): each names one
/// action, and reads as words, not as an id repeated.
#[test]
fn every_title_is_unique_and_reads_as_words() {
    let mut seen = std::collections::HashMap::new();
    for action in catalog().actions() {
        let title = &action.title;
        if let Some(other) = seen.insert(title.clone(), action.id) {
            panic!("`{}` and `{other}` share the title {title:?}", action.id);
        }
        let words: Vec<&str> = title.split_whitespace().collect();
        assert!(
            words.windows(2).all(|pair| pair[0] != pair[1]),
            "{}: {title:?} repeats a word",
            action.id
        );
        assert!(!title.contains('_'), "{}: {title:?}", action.id);
    }
}
