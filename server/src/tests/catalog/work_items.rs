//! The `work_items` toolset: GitLab's work items through typed GraphQL operations, each
//! call's variables exactly GitLab's arguments, refused before anything is sent when they
//! would change nothing.

use serde_json::json;

use crate::catalog::Toolset;
use crate::gitlab::Api;
use crate::tests::catalog_support::{Class, assert_toolset, prepared, refused};

#[test]
fn every_action_of_the_toolset_and_its_class() {
    use Class::{Destructive, Read, Write};
    assert_toolset(
        Toolset::WorkItems,
        &[
            ("work_item.list", Read),
            ("work_item.get", Read),
            ("work_item.create", Write),
            ("work_item.update", Write),
            ("work_item.close", Write),
            ("work_item.reopen", Write),
            ("work_item.delete", Destructive),
            ("work_item.child_list", Read),
            ("work_item.add_child", Write),
            ("work_item.remove_child", Write),
            ("work_item.link_list", Read),
            ("work_item.link_add", Write),
            ("work_item.link_remove", Write),
            ("work_item.type_list", Read),
            ("epic.list", Read),
            ("epic.get", Read),
            ("epic.create", Write),
            ("epic.update", Write),
            ("epic.delete", Destructive),
            ("epic.issue_list", Read),
            ("epic.issue_assign", Write),
            ("epic.issue_remove", Destructive),
            ("epic.child_list", Read),
            ("epic.child_add", Write),
            ("epic.child_remove", Destructive),
            ("iteration.list", Read),
            ("iteration.group_list", Read),
        ],
    );
}

#[test]
fn a_create_sends_one_input_of_gitlabs_widgets() {
    let request = prepared(
        "work_item.create",
        json!({"namespace_path": "demo/sandbox", "work_item_type": "key_result", "title": "Ship it", "parent_id": 12, "label_ids": [3], "start_date": "2026-01-05"}),
    );
    assert_eq!(request.api, Api::GraphQl { mutation: true });
    assert_eq!(request.path, ["graphql"]);
    let body = request.body.unwrap();
    assert_eq!(body["operationName"], "workItemCreate");
    assert_eq!(
        body["variables"],
        json!({"input": {
            "namespacePath": "demo/sandbox",
            "workItemTypeId": "gid://gitlab/WorkItems::Type/7",
            "title": "Ship it",
            "hierarchyWidget": {"parentId": "gid://gitlab/WorkItem/12"},
            "labelsWidget": {"labelIds": ["gid://gitlab/Label/3"]},
            "startAndDueDateWidget": {"startDate": "2026-01-05"},
        }})
    );
}

#[test]
fn reads_send_only_the_filters_given() {
    let request = prepared(
        "work_item.list",
        json!({"full_path": "demo", "types": ["epic", "issue"], "first": 5}),
    );
    assert_eq!(request.api, Api::GraphQl { mutation: false });
    assert_eq!(
        request.body.unwrap()["variables"],
        json!({"fullPath": "demo", "types": ["EPIC", "ISSUE"], "first": 5})
    );
    let request = prepared(
        "work_item.get",
        json!({"full_path": "demo/sandbox", "iid": 3}),
    );
    assert_eq!(
        request.body.unwrap()["variables"],
        json!({"fullPath": "demo/sandbox", "iid": "3"})
    );
}

#[test]
fn state_and_hierarchy_changes_are_updates() {
    let close = prepared("work_item.close", json!({"id": 4})).body.unwrap();
    assert_eq!(close["operationName"], "workItemUpdate");
    assert_eq!(
        close["variables"],
        json!({"input": {"id": "gid://gitlab/WorkItem/4", "stateEvent": "CLOSE"}})
    );
    let detach = prepared("work_item.remove_child", json!({"id": 4}))
        .body
        .unwrap();
    assert_eq!(
        detach["variables"],
        json!({"input": {"id": "gid://gitlab/WorkItem/4", "hierarchyWidget": {"parentId": null}}})
    );
}

#[test]
fn calls_that_would_change_nothing_are_refused() {
    let error = refused("work_item.update", json!({"id": 4}));
    assert!(error.contains("nothing to update"), "{error}");
    let error = refused("work_item.add_child", json!({"id": 4, "children_ids": []}));
    assert!(error.contains("children_ids"), "{error}");
    let error = refused("work_item.list", json!({"full_path": "demo", "first": 500}));
    assert!(error.contains("first"), "{error}");
}
