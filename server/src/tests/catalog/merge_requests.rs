//! The `merge_requests` toolset as the catalog builds it: each action's GitLab call (method,
//! path segments, query or body) for representative arguments, the errors that name the
//! field at fault, and whether each action reads, writes or destroys.

use crate::catalog::{Output, Toolset};
use crate::tests::catalog_support::{Class, action, assert_toolset, pairs, prepared, refused};
use reqwest::Method;
use serde_json::{Value, json};

/// `{"project_id": "demo/sandbox", "merge_request_iid": 7}` and `more`.
fn mr(more: Value) -> Value {
    let mut params = json!({"project_id": "demo/sandbox", "merge_request_iid": 7});
    for (key, value) in more.as_object().expect("an object") {
        params[key] = value.clone();
    }
    params
}

/// `projects/demo%2Fsandbox/merge_requests/7/<tail>` as raw segments.
fn mr_path(tail: &[&str]) -> Vec<String> {
    ["projects", "demo/sandbox", "merge_requests", "7"]
        .iter()
        .chain(tail)
        .map(|segment| (*segment).to_owned())
        .collect()
}

#[test]
fn each_action_reads_writes_or_destroys() {
    use Class::{Destructive, Read, Write};
    let table = [
        ("merge_request.create", Write),
        ("merge_request.get", Read),
        ("merge_request.list", Read),
        ("merge_request.list_all", Read),
        ("merge_request.update", Write),
        ("merge_request.delete", Destructive),
        ("merge_request.merge", Destructive),
        ("merge_request.rebase", Write),
        ("merge_request.diff_list", Read),
        ("merge_request.commit_list", Read),
        ("merge_request.pipeline_list", Read),
        ("merge_request.approvals", Read),
        ("merge_request.approve", Write),
        ("merge_request.unapprove", Write),
        ("merge_request.note_list", Read),
        ("merge_request.note_create", Write),
        ("merge_request.note_update", Write),
        ("merge_request.note_get", Read),
        ("merge_request.note_delete", Destructive),
        ("merge_request.discussion_list", Read),
        ("merge_request.discussion_start", Write),
        ("merge_request.discussion_reply", Write),
        ("merge_request.discussion_resolve", Write),
        ("merge_request.discussion_note_update", Write),
        ("merge_request.discussion_note_delete", Destructive),
        ("merge_request.emoji_list", Read),
        ("merge_request.emoji_create", Write),
        ("merge_request.emoji_delete", Destructive),
        ("merge_request.emoji_get", Read),
        ("merge_request.note_emoji_list", Read),
        ("merge_request.note_emoji_get", Read),
        ("merge_request.note_emoji_add", Write),
        ("merge_request.note_emoji_delete", Destructive),
        ("merge_request.related_issue_list", Read),
        ("merge_request.closes_issue_list", Read),
        ("merge_request.reviewer_list", Read),
        ("merge_request.approval_state", Read),
        ("merge_request.dependency_list", Read),
        ("merge_request.dependency_get", Read),
        ("merge_request.dependency_create", Write),
        ("merge_request.dependency_delete", Destructive),
        ("approval_rule.list", Read),
        ("approval_rule.get", Read),
        ("approval_rule.create", Write),
        ("approval_rule.update", Write),
        ("approval_rule.delete", Destructive),
        ("approval_rule.settings_get", Read),
        ("approval_rule.settings_update", Write),
        ("merge_request.approval_rule_list", Read),
        ("merge_request.approval_rule_get", Read),
        ("merge_request.approval_rule_create", Write),
        ("merge_request.approval_rule_update", Write),
        ("merge_request.approval_rule_delete", Destructive),
        ("merge_train.list", Read),
        ("merge_train.branch_list", Read),
        ("merge_train.status", Read),
        ("merge_train.add", Destructive),
        ("merge_request.draft_note_list", Read),
        ("merge_request.draft_note_get", Read),
        ("merge_request.draft_note_create", Write),
        ("merge_request.draft_note_update", Write),
        ("merge_request.draft_note_delete", Destructive),
        ("merge_request.draft_note_publish", Write),
        ("merge_request.draft_note_publish_all", Write),
        ("merge_request.version_list", Read),
        ("merge_request.participant_list", Read),
        ("merge_request.subscribe", Write),
        ("merge_request.unsubscribe", Write),
        ("merge_request.time_stats", Read),
        ("merge_request.time_estimate_set", Write),
        ("merge_request.time_spent_add", Write),
        ("merge_request.label_event_list", Read),
        ("merge_request.label_event_get", Read),
        ("merge_request.milestone_event_list", Read),
        ("merge_request.milestone_event_get", Read),
        ("merge_request.state_event_list", Read),
        ("merge_request.state_event_get", Read),
    ];
    assert_toolset(Toolset::MergeRequests, &table);
}

#[test]
fn each_action_calls_its_method_and_path() {
    let discussion = "6a9c1750b37d513a43987b574953fceb50b03ce7";
    let table: [(&str, Value, Method, Vec<String>); 14] = [
        (
            "merge_request.rebase",
            mr(json!({})),
            Method::PUT,
            mr_path(&["rebase"]),
        ),
        (
            "merge_request.diff_list",
            mr(json!({})),
            Method::GET,
            mr_path(&["diffs"]),
        ),
        (
            "merge_request.commit_list",
            mr(json!({})),
            Method::GET,
            mr_path(&["commits"]),
        ),
        (
            "merge_request.pipeline_list",
            mr(json!({})),
            Method::GET,
            mr_path(&["pipelines"]),
        ),
        (
            "merge_request.approvals",
            mr(json!({})),
            Method::GET,
            mr_path(&["approvals"]),
        ),
        (
            "merge_request.approve",
            mr(json!({})),
            Method::POST,
            mr_path(&["approve"]),
        ),
        (
            "merge_request.unapprove",
            mr(json!({})),
            Method::POST,
            mr_path(&["unapprove"]),
        ),
        (
            "merge_request.note_list",
            mr(json!({})),
            Method::GET,
            mr_path(&["notes"]),
        ),
        (
            "merge_request.note_create",
            mr(json!({"body": "Looks good"})),
            Method::POST,
            mr_path(&["notes"]),
        ),
        (
            "merge_request.note_update",
            mr(json!({"note_id": 302, "body": "Looks good"})),
            Method::PUT,
            mr_path(&["notes", "302"]),
        ),
        (
            "merge_request.discussion_list",
            mr(json!({})),
            Method::GET,
            mr_path(&["discussions"]),
        ),
        (
            "merge_request.discussion_start",
            mr(json!({"body": "Why?"})),
            Method::POST,
            mr_path(&["discussions"]),
        ),
        (
            "merge_request.discussion_reply",
            mr(json!({"discussion_id": discussion, "body": "Because"})),
            Method::POST,
            mr_path(&["discussions", discussion, "notes"]),
        ),
        (
            "merge_request.discussion_resolve",
            mr(json!({"discussion_id": discussion, "resolved": true})),
            Method::PUT,
            mr_path(&["discussions", discussion]),
        ),
    ];
    for (id, params, method, path) in table {
        let request = prepared(id, params);
        assert_eq!(request.method, method, "{id}");
        assert_eq!(request.path, path, "{id}");
    }
}

#[test]
fn outputs_shape_diffs_pages_and_objects() {
    for (id, output) in [
        ("merge_request.diff_list", Output::Diffs),
        ("merge_request.commit_list", Output::List),
        ("merge_request.pipeline_list", Output::List),
        ("merge_request.note_list", Output::List),
        ("merge_request.discussion_list", Output::List),
        ("merge_request.rebase", Output::Object),
        ("merge_request.approvals", Output::Object),
        ("merge_request.approve", Output::Object),
        ("merge_request.discussion_start", Output::Object),
        ("merge_request.discussion_resolve", Output::Object),
    ] {
        assert_eq!(action(id).output, output, "{id}");
    }
}

#[test]
fn what_a_merge_request_brings_is_read_a_page_at_a_time() {
    for id in [
        "merge_request.diff_list",
        "merge_request.commit_list",
        "merge_request.pipeline_list",
        "merge_request.discussion_list",
    ] {
        let paged = prepared(id, mr(json!({"page": 3, "per_page": 20})));
        assert_eq!(
            paged.query,
            pairs(&[("page", "3"), ("per_page", "20")]),
            "{id}"
        );
        assert_eq!(paged.body, None, "{id}");
        let bare = prepared(id, mr(json!({})));
        assert!(bare.query.is_empty(), "{id}: {:?}", bare.query);
    }
    let error = refused("merge_request.diff_list", mr(json!({"per_page": 0})));
    assert_eq!(
        error,
        "invalid parameters for `merge_request.diff_list`: `per_page`: must be between 1 and 100, got 0"
    );
}

#[test]
fn approving_rebasing_and_their_options() {
    let approve = prepared("merge_request.approve", mr(json!({"sha": "abc123"})));
    assert_eq!(approve.body, Some(json!({"sha": "abc123"})));
    let unapprove = prepared("merge_request.unapprove", mr(json!({})));
    assert_eq!(unapprove.body, None, "nothing to send, no body");
    let approvals = prepared("merge_request.approvals", mr(json!({})));
    assert!(approvals.query.is_empty() && approvals.body.is_none());
    let rebase = prepared("merge_request.rebase", mr(json!({"skip_ci": true})));
    assert_eq!(rebase.body, Some(json!({"skip_ci": true})));
    assert_eq!(
        refused(
            "merge_request.approve",
            mr(json!({"approval_password": "x"}))
        ),
        "invalid parameters for `merge_request.approve`: unknown parameter `approval_password`; expected `project_id`, `merge_request_iid`, `sha`"
    );
    assert_eq!(
        refused("merge_request.rebase", json!({"project_id": 1})),
        "invalid parameters for `merge_request.rebase`: missing field `merge_request_iid`"
    );
}

#[test]
fn notes_are_listed_in_order_created_and_edited() {
    let list = prepared(
        "merge_request.note_list",
        mr(json!({"sort": "asc", "order_by": "updated_at", "activity_filter": "only_comments"})),
    );
    assert_eq!(
        list.query,
        pairs(&[
            ("activity_filter", "only_comments"),
            ("order_by", "updated_at"),
            ("sort", "asc")
        ])
    );
    let order = refused("merge_request.note_list", mr(json!({"order_by": "date"})));
    assert!(
        order.contains("`order_by`: unknown variant `date`"),
        "{order}"
    );
    let create = prepared(
        "merge_request.note_create",
        mr(json!({"body": "LGTM", "internal": true})),
    );
    assert_eq!(create.body, Some(json!({"body": "LGTM", "internal": true})));
    assert_eq!(
        refused("merge_request.note_create", mr(json!({}))),
        "invalid parameters for `merge_request.note_create`: missing field `body`"
    );
    let update = prepared(
        "merge_request.note_update",
        mr(json!({"note_id": 302, "body": "LGTM!"})),
    );
    assert_eq!(update.body, Some(json!({"body": "LGTM!"})));
    let id = refused(
        "merge_request.note_update",
        mr(json!({"note_id": "302", "body": "x"})),
    );
    assert!(
        id.starts_with(
            "invalid parameters for `merge_request.note_update`: `note_id`: invalid type"
        ),
        "{id}"
    );
}

fn position(more: Value) -> Value {
    let mut position = json!({
        "base_sha": "b5d6e7b1", "start_sha": "7c9c2ead", "head_sha": "4803c71e",
        "old_path": "src/lib.rs", "new_path": "src/lib.rs"
    });
    for (key, value) in more.as_object().expect("an object") {
        position[key] = value.clone();
    }
    position
}

#[test]
fn a_thread_starts_general_or_on_a_diff_line() {
    let general = prepared(
        "merge_request.discussion_start",
        mr(json!({"body": "Why?"})),
    );
    assert_eq!(general.body, Some(json!({"body": "Why?"})));
    let on_line = prepared(
        "merge_request.discussion_start",
        mr(json!({"body": "Off by one?", "position": position(json!({"new_line": 27}))})),
    );
    assert_eq!(
        on_line.body,
        Some(json!({
            "body": "Off by one?",
            "position": {
                "base_sha": "b5d6e7b1", "start_sha": "7c9c2ead", "head_sha": "4803c71e",
                "position_type": "text",
                "old_path": "src/lib.rs", "new_path": "src/lib.rs", "new_line": 27
            }
        })),
        "the position type is GitLab's `text` unless given; unset lines are not sent"
    );
    let unchanged = prepared(
        "merge_request.discussion_start",
        mr(
            json!({"body": "x", "position": position(json!({"old_line": 3, "new_line": 4, "position_type": "text"}))}),
        ),
    );
    assert_eq!(unchanged.body.unwrap()["position"]["old_line"], 3);
}

#[test]
fn a_diff_position_is_checked_before_sending() {
    let start = |position: Value| {
        refused(
            "merge_request.discussion_start",
            mr(json!({"body": "x", "position": position})),
        )
    };
    let prefix = "invalid parameters for `merge_request.discussion_start`: ";
    assert_eq!(
        start(position(json!({}))),
        format!(
            "{prefix}`position`: give `new_line` for an added line, `old_line` for a removed one, or both for an unchanged line"
        )
    );
    assert_eq!(
        start(position(json!({"new_line": 0}))),
        format!("{prefix}`position.new_line`: lines count from 1, got 0")
    );
    let mut headless = position(json!({"new_line": 1}));
    headless.as_object_mut().unwrap().remove("head_sha");
    assert_eq!(
        start(headless),
        format!("{prefix}`position`: missing field `head_sha`")
    );
    let image = start(position(json!({"new_line": 1, "position_type": "image"})));
    assert!(
        image.starts_with(&format!(
            "{prefix}`position.position_type`: unknown variant `image`"
        )),
        "{image}"
    );
    let typo = start(position(json!({"newline": 1})));
    assert!(
        typo.starts_with(&format!(
            "{prefix}`position.newline`: unknown field `newline`"
        )),
        "{typo}"
    );
}

#[test]
fn replies_and_resolving_name_the_thread() {
    let reply = prepared(
        "merge_request.discussion_reply",
        mr(json!({"discussion_id": "abc", "body": "Done"})),
    );
    assert_eq!(reply.body, Some(json!({"body": "Done"})));
    assert_eq!(
        refused(
            "merge_request.discussion_reply",
            mr(json!({"body": "Done"}))
        ),
        "invalid parameters for `merge_request.discussion_reply`: missing field `discussion_id`"
    );
    let reopen = prepared(
        "merge_request.discussion_resolve",
        mr(json!({"discussion_id": "abc", "resolved": false})),
    );
    assert_eq!(reopen.body, Some(json!({"resolved": false})));
    assert_eq!(
        refused(
            "merge_request.discussion_resolve",
            mr(json!({"discussion_id": "abc"}))
        ),
        "invalid parameters for `merge_request.discussion_resolve`: missing field `resolved`"
    );
    let wrong = refused(
        "merge_request.discussion_resolve",
        mr(json!({"discussion_id": "abc", "resolved": "yes"})),
    );
    assert!(
        wrong.contains("`resolved`: invalid type: string \"yes\", expected a boolean"),
        "{wrong}"
    );
    assert_eq!(
        action("merge_request.discussion_reply").title,
        "Reply to merge request discussion"
    );
}
