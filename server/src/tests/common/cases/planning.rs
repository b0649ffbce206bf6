//! The cases of the planning actions (epics, iterations, boards, resource events).

use serde_json::{Value, json};

use super::{Case, P, after, case};
use crate::tests::common::mcp::Harness;

pub(super) fn cases() -> Vec<Case> {
    let closed_issue = [(
        "issue.update",
        json!({"project_id": P, "issue_iid": 2, "state_event": "close"}),
    )];
    let closed_mr = [(
        "merge_request.update",
        json!({"project_id": P, "merge_request_iid": 1, "state_event": "close"}),
    )];
    let docs_label = [(
        "label.create",
        json!({"project_id": P, "name": "docs", "color": "#00aa00"}),
    )];
    let spare_board = [("board.create", json!({"project_id": P, "name": "Spare"}))];
    let new_epic = [(
        "epic.create",
        json!({"group_id": "demo", "title": "Docs overhaul"}),
    )];
    vec![
        // epics; the seed's: &1 "Tokenizer 1.1" (id 1, issue #1 in it, assignment 1) and its
        // child &2 "Word counter" (id 2, issue #2 in it, assignment 2).
        case(
            "epic.list",
            json!({"group_id": "demo", "state": "opened", "search": "token", "order_by": "title", "sort": "asc"}),
        ),
        case("epic.get", json!({"group_id": "demo", "epic_iid": 1})),
        case(
            "epic.create",
            json!({"group_id": "demo", "title": "Docs overhaul", "description": "Rewrite the guide", "confidential": false, "start_date_fixed": "2026-03-02", "due_date_fixed": "2026-03-27", "parent_id": 1}),
        ),
        case(
            "epic.update",
            json!({"group_id": "demo", "epic_iid": 1, "title": "Tokenizer 1.1 (done)", "state_event": "close"}),
        ),
        case("epic.delete", json!({"group_id": "demo", "epic_iid": 2})),
        case(
            "epic.issue_list",
            json!({"group_id": "demo", "epic_iid": 1}),
        ),
        case(
            "epic.issue_assign",
            json!({"group_id": "demo", "epic_iid": 1, "issue_id": 2}),
        ),
        case(
            "epic.issue_remove",
            json!({"group_id": "demo", "epic_iid": 1, "epic_issue_id": 1}),
        ),
        case(
            "epic.child_list",
            json!({"group_id": "demo", "epic_iid": 1}),
        ),
        after(
            &new_epic,
            "epic.child_add",
            json!({"group_id": "demo", "epic_iid": 1, "child_epic_id": 3}),
        ),
        case(
            "epic.child_remove",
            json!({"group_id": "demo", "epic_iid": 1, "child_epic_id": 2}),
        ),
        // iterations: the demo group's "Sprint 1" to "Sprint 3".
        case(
            "iteration.list",
            json!({"project_id": P, "state": "all", "search": "sprint", "in": ["title"]}),
        ),
        case(
            "iteration.group_list",
            json!({"group_id": "demo", "include_ancestors": false, "search": "tokenizer", "in": ["title", "cadence_title"]}),
        ),
        // boards; the seed's board 1 "Development" has lists 1 (`bug`) and 2 (`feature`).
        case("board.list", json!({"project_id": P})),
        case("board.get", json!({"project_id": P, "board_id": 1})),
        case("board.create", json!({"project_id": P, "name": "Release"})),
        case(
            "board.update",
            json!({"project_id": P, "board_id": 1, "name": "Triage"}),
        ),
        after(
            &spare_board,
            "board.delete",
            json!({"project_id": P, "board_id": 2}),
        ),
        case(
            "board_list.list",
            json!({"project_id": P, "board_id": 1, "per_page": 10}),
        ),
        case(
            "board_list.get",
            json!({"project_id": P, "board_id": 1, "list_id": 1}),
        ),
        after(
            &docs_label,
            "board_list.create",
            json!({"project_id": P, "board_id": 1, "label_id": 3}),
        ),
        case(
            "board_list.update",
            json!({"project_id": P, "board_id": 1, "list_id": 1, "position": 1}),
        ),
        case(
            "board_list.delete",
            json!({"project_id": P, "board_id": 1, "list_id": 2}),
        ),
        // resource events; the seed's: issue #2 was made with `feature` (label event 1),
        // #1 with `bug` (2) and milestone v1.1 (milestone event 1), !1 with both (3 and 2).
        case(
            "issue.label_event_list",
            json!({"project_id": P, "issue_iid": 1}),
        ),
        case(
            "issue.label_event_get",
            json!({"project_id": P, "issue_iid": 1, "event_id": 2}),
        ),
        case(
            "issue.milestone_event_list",
            json!({"project_id": P, "issue_iid": 1, "per_page": 5}),
        ),
        case(
            "issue.milestone_event_get",
            json!({"project_id": P, "issue_iid": 1, "event_id": 1}),
        ),
        after(
            &closed_issue,
            "issue.state_event_list",
            json!({"project_id": P, "issue_iid": 2}),
        ),
        after(
            &closed_issue,
            "issue.state_event_get",
            json!({"project_id": P, "issue_iid": 2, "event_id": 1}),
        ),
        case(
            "merge_request.label_event_list",
            json!({"project_id": P, "merge_request_iid": 1}),
        ),
        case(
            "merge_request.label_event_get",
            json!({"project_id": P, "merge_request_iid": 1, "event_id": 3}),
        ),
        case(
            "merge_request.milestone_event_list",
            json!({"project_id": P, "merge_request_iid": 1}),
        ),
        case(
            "merge_request.milestone_event_get",
            json!({"project_id": P, "merge_request_iid": 1, "event_id": 2}),
        ),
        after(
            &closed_mr,
            "merge_request.state_event_list",
            json!({"project_id": P, "merge_request_iid": 1, "page": 1}),
        ),
        after(
            &closed_mr,
            "merge_request.state_event_get",
            json!({"project_id": P, "merge_request_iid": 1, "event_id": 1}),
        ),
    ]
}

/// A `$name` value these cases use, or `None` when the name is another area's.
pub(super) async fn lookup(_harness: &Harness, _name: &str) -> Option<Value> {
    None
}
