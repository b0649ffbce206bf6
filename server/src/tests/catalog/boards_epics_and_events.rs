//! The planning actions as requests: resource events, issue boards and their lists
//! (`issues` and `merge_requests` toolsets), epics and iterations (`work_items`): each
//! one's toolset and class, and the exact GitLab call for representative arguments.

use crate::catalog::{Output, Toolset};
use crate::tests::catalog_support::{Class, action, class, pairs, prepared, refused};
use reqwest::Method;
use serde_json::json;

#[test]
fn each_action_is_in_its_toolset_and_reads_writes_or_destroys() {
    use Class::{Destructive, Read, Write};
    let table = [
        ("issue.label_event_list", Toolset::Issues, Read),
        ("issue.state_event_get", Toolset::Issues, Read),
        (
            "merge_request.milestone_event_list",
            Toolset::MergeRequests,
            Read,
        ),
        (
            "merge_request.state_event_get",
            Toolset::MergeRequests,
            Read,
        ),
        ("board.create", Toolset::Issues, Write),
        ("board.delete", Toolset::Issues, Destructive),
        ("board_list.update", Toolset::Issues, Write),
        ("board_list.delete", Toolset::Issues, Destructive),
        ("epic.list", Toolset::WorkItems, Read),
        ("epic.get", Toolset::WorkItems, Read),
        ("epic.create", Toolset::WorkItems, Write),
        ("epic.update", Toolset::WorkItems, Write),
        ("epic.delete", Toolset::WorkItems, Destructive),
        ("epic.issue_list", Toolset::WorkItems, Read),
        ("epic.issue_assign", Toolset::WorkItems, Write),
        ("epic.issue_remove", Toolset::WorkItems, Destructive),
        ("epic.child_list", Toolset::WorkItems, Read),
        ("epic.child_add", Toolset::WorkItems, Write),
        ("epic.child_remove", Toolset::WorkItems, Destructive),
        ("iteration.list", Toolset::WorkItems, Read),
        ("iteration.group_list", Toolset::WorkItems, Read),
    ];
    for (id, toolset, expected) in table {
        let found = action(id);
        assert_eq!((found.toolset(), class(found)), (toolset, expected), "{id}");
    }
}

#[test]
fn events_are_read_one_kind_at_a_time() {
    let list = prepared(
        "merge_request.label_event_list",
        json!({"project_id": "demo/sandbox", "merge_request_iid": 4, "per_page": 50}),
    );
    assert_eq!(
        (list.method, list.path),
        (
            Method::GET,
            [
                "projects",
                "demo/sandbox",
                "merge_requests",
                "4",
                "resource_label_events"
            ]
            .map(str::to_owned)
            .to_vec()
        )
    );
    assert_eq!(list.query, pairs(&[("per_page", "50")]));
    assert_eq!(
        action("merge_request.label_event_list").output,
        Output::List
    );
    let one = prepared(
        "issue.state_event_get",
        json!({"project_id": 7, "issue_iid": 2, "event_id": 11}),
    );
    assert_eq!(
        one.path,
        [
            "projects",
            "7",
            "issues",
            "2",
            "resource_state_events",
            "11"
        ]
    );
}

#[test]
fn a_board_list_moves_to_a_position() {
    let moved = prepared(
        "board_list.update",
        json!({"project_id": "demo/sandbox", "board_id": 1, "list_id": 3, "position": 0}),
    );
    assert_eq!(moved.method, Method::PUT);
    assert_eq!(
        moved.path,
        ["projects", "demo/sandbox", "boards", "1", "lists", "3"]
    );
    assert_eq!(moved.body, Some(json!({"position": 0})));
    let error = refused(
        "board_list.update",
        json!({"project_id": "demo/sandbox", "board_id": 1, "list_id": 3}),
    );
    assert!(error.contains("position"), "{error}");
}

#[test]
fn epics_are_listed_with_gitlabs_filters_and_changed_by_field() {
    let list = prepared(
        "epic.list",
        json!({"group_id": "demo", "state": "opened", "labels": ["ux", "backend"], "order_by": "title", "sort": "asc"}),
    );
    assert_eq!(list.path, ["groups", "demo", "epics"]);
    assert_eq!(
        list.query,
        pairs(&[
            ("labels", "ux,backend"),
            ("order_by", "title"),
            ("sort", "asc"),
            ("state", "opened"),
        ])
    );
    let update = prepared(
        "epic.update",
        json!({"group_id": 4, "epic_iid": 2, "state_event": "close", "add_labels": ["done"]}),
    );
    assert_eq!(
        (update.method, update.path),
        (
            Method::PUT,
            ["groups", "4", "epics", "2"].map(str::to_owned).to_vec()
        )
    );
    assert_eq!(
        update.body,
        Some(json!({"state_event": "close", "add_labels": "done"}))
    );
    let nothing = refused("epic.update", json!({"group_id": 4, "epic_iid": 2}));
    assert!(nothing.contains("title"), "{nothing}");
    let assign = prepared(
        "epic.issue_assign",
        json!({"group_id": "demo", "epic_iid": 1, "issue_id": 55}),
    );
    assert_eq!(
        (assign.method, assign.path),
        (
            Method::POST,
            ["groups", "demo", "epics", "1", "issues", "55"]
                .map(str::to_owned)
                .to_vec()
        )
    );
}

#[test]
fn iterations_search_where_asked() {
    let list = prepared(
        "iteration.group_list",
        json!({"group_id": "demo", "state": "current", "search": "sprint", "in": ["title", "cadence_title"]}),
    );
    assert_eq!(list.path, ["groups", "demo", "iterations"]);
    assert_eq!(
        list.query,
        pairs(&[
            ("in[]", "title"),
            ("in[]", "cadence_title"),
            ("search", "sprint"),
            ("state", "current"),
        ])
    );
}
