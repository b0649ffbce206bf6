//! The cases of the work item actions (GraphQL-backed).

use serde_json::{Value, json};

use super::{Case, P, after, case};
use crate::tests::common::mcp::Harness;

pub(super) fn cases() -> Vec<Case> {
    let task = [(
        "work_item.create",
        json!({"namespace_path": P, "work_item_type": "task", "title": "Cover Unicode words"}),
    )];
    let child = [(
        "work_item.create",
        json!({"namespace_path": P, "work_item_type": "task", "title": "Cover Unicode words", "parent_id": "$issue_1_id"}),
    )];
    let linked = [(
        "work_item.link_add",
        json!({"id": "$issue_1_id", "work_items_ids": "$issue_2_ids"}),
    )];
    let closed = [("work_item.close", json!({"id": "$issue_1_id"}))];
    vec![
        case(
            "work_item.list",
            json!({"full_path": P, "types": ["issue"], "state": "opened", "search": "tokenizer", "first": 10}),
        ),
        case("work_item.get", json!({"full_path": P, "iid": 1})),
        case(
            "work_item.create",
            json!({"namespace_path": P, "work_item_type": "task", "title": "Cover Unicode words", "description": "Accents and CJK", "parent_id": "$issue_1_id", "assignee_ids": [1], "due_date": "2026-09-30", "confidential": false}),
        ),
        case(
            "work_item.update",
            json!({"id": "$issue_1_id", "title": "Tokenizer splits words", "start_date": "2026-09-01", "weight": 3}),
        ),
        case("work_item.close", json!({"id": "$issue_1_id"})),
        after(&closed, "work_item.reopen", json!({"id": "$issue_1_id"})),
        after(&task, "work_item.delete", json!({"id": "$task_id"})),
        after(
            &child,
            "work_item.child_list",
            json!({"full_path": P, "iid": 1}),
        ),
        after(
            &task,
            "work_item.add_child",
            json!({"id": "$issue_1_id", "children_ids": "$task_ids"}),
        ),
        after(&child, "work_item.remove_child", json!({"id": "$task_id"})),
        after(
            &linked,
            "work_item.link_list",
            json!({"full_path": P, "iid": 1}),
        ),
        case(
            "work_item.link_add",
            json!({"id": "$issue_1_id", "work_items_ids": "$issue_2_ids", "link_type": "blocks"}),
        ),
        after(
            &linked,
            "work_item.link_remove",
            json!({"id": "$issue_1_id", "work_items_ids": "$issue_2_ids"}),
        ),
        case("work_item.type_list", json!({"full_path": P})),
    ]
}

/// The number in a work item's global id (`gid://gitlab/WorkItem/7`).
fn number(gid: &Value) -> Value {
    let text = gid.as_str().unwrap_or_default();
    json!(text.rsplit('/').next().and_then(|n| n.parse::<u64>().ok()))
}

/// A `$name` value these cases use, or `None` when the name is another area's.
pub(super) async fn lookup(harness: &Harness, name: &str) -> Option<Value> {
    let issue_id = async |iid: u64| {
        harness
            .ok("issue.get", json!({"project_id": P, "issue_iid": iid}))
            .await["id"]
            .clone()
    };
    let task_id = async || {
        let tasks = harness
            .ok("work_item.list", json!({"full_path": P, "types": ["task"]}))
            .await;
        number(&tasks["items"][0]["id"])
    };
    Some(match name {
        "$issue_1_id" => issue_id(1).await,
        "$issue_2_ids" => json!([issue_id(2).await]),
        "$task_id" => task_id().await,
        "$task_ids" => json!([task_id().await]),
        _ => return None,
    })
}
