//! The cases of the merge requests and uploads actions: approval rules and settings, merge
//! trains, dependencies, the issues a merge request names, its reviewers, emoji reactions
//! (comments' included) and Markdown uploads.

use serde_json::{Value, json};

use super::{Case, P, after, case};
use crate::tests::common::mcp::Harness;

pub(super) fn cases() -> Vec<Case> {
    let mr = |more: Value| {
        let mut params = json!({"project_id": P, "merge_request_iid": 1});
        params
            .as_object_mut()
            .unwrap()
            .extend(more.as_object().unwrap().clone());
        params
    };
    let project_rule = [(
        "approval_rule.create",
        json!({"project_id": P, "name": "Security", "approvals_required": 1, "user_ids": [2]}),
    )];
    let mr_rule = [(
        "merge_request.approval_rule_create",
        mr(json!({"name": "Docs", "approvals_required": 1})),
    )];
    let second_mr = (
        "merge_request.create",
        json!({"project_id": P, "source_branch": "feature/x", "target_branch": "main", "title": "Word counter"}),
    );
    let on_train = [
        second_mr.clone(),
        (
            "merge_train.add",
            json!({"project_id": P, "merge_request_iid": 2}),
        ),
    ];
    let block = [
        second_mr.clone(),
        (
            "merge_request.dependency_create",
            mr(json!({"blocking_merge_request_id": "$mr2_id"})),
        ),
    ];
    let mr_award = [("merge_request.emoji_create", mr(json!({"name": "rocket"})))];
    let issue_award = [(
        "issue.emoji_create",
        json!({"project_id": P, "issue_iid": 1, "name": "rocket"}),
    )];
    let mr_note_award = [
        ("merge_request.note_create", mr(json!({"body": "Awarded"}))),
        (
            "merge_request.note_emoji_add",
            mr(json!({"note_id": "$mr_awarded_note", "name": "tada"})),
        ),
    ];
    let issue_note_award = [
        (
            "issue.note_create",
            json!({"project_id": P, "issue_iid": 1, "body": "Awarded"}),
        ),
        (
            "issue.note_emoji_add",
            json!({"project_id": P, "issue_iid": 1, "note_id": "$issue_awarded_note", "name": "tada"}),
        ),
    ];
    let upload = [(
        "upload.create",
        json!({"project_id": P, "file_name": "trace.log", "content": "panic at tokenizer.rs:3\n"}),
    )];
    vec![
        case(
            "merge_request.related_issue_list",
            mr(json!({"per_page": 20})),
        ),
        case("merge_request.closes_issue_list", mr(json!({"page": 1}))),
        case("merge_request.reviewer_list", mr(json!({}))),
        case("merge_request.approval_state", mr(json!({}))),
        after(&block, "merge_request.dependency_list", mr(json!({}))),
        after(
            &block,
            "merge_request.dependency_get",
            mr(json!({"block_id": "$block"})),
        ),
        after(
            std::slice::from_ref(&second_mr),
            "merge_request.dependency_create",
            mr(json!({"blocking_merge_request_id": "$mr2_id"})),
        ),
        after(
            &block,
            "merge_request.dependency_delete",
            mr(json!({"block_id": "$block"})),
        ),
        after(
            &project_rule,
            "approval_rule.list",
            json!({"project_id": P, "per_page": 10}),
        ),
        after(
            &project_rule,
            "approval_rule.get",
            json!({"project_id": P, "approval_rule_id": "$approval_rule"}),
        ),
        case(
            "approval_rule.create",
            json!({"project_id": P, "name": "Maintainers", "approvals_required": 2, "user_ids": [1, 2], "group_ids": [4], "protected_branch_ids": [1], "applies_to_all_protected_branches": false}),
        ),
        after(
            &project_rule,
            "approval_rule.update",
            json!({"project_id": P, "approval_rule_id": "$approval_rule", "name": "AppSec", "approvals_required": 2, "user_ids": [2, 3], "group_ids": [4], "protected_branch_ids": [1], "applies_to_all_protected_branches": true}),
        ),
        after(
            &project_rule,
            "approval_rule.delete",
            json!({"project_id": P, "approval_rule_id": "$approval_rule"}),
        ),
        case("approval_rule.settings_get", json!({"project_id": P})),
        case(
            "approval_rule.settings_update",
            json!({"project_id": P, "approvals_before_merge": 1, "reset_approvals_on_push": false, "selective_code_owner_removals": true, "disable_overriding_approvers_per_merge_request": true, "merge_requests_author_approval": false, "merge_requests_disable_committers_approval": true, "require_password_to_approve": false, "require_reauthentication_to_approve": false}),
        ),
        after(
            &mr_rule,
            "merge_request.approval_rule_list",
            mr(json!({"page": 1})),
        ),
        after(
            &mr_rule,
            "merge_request.approval_rule_get",
            mr(json!({"approval_rule_id": "$mr_approval_rule"})),
        ),
        after(
            &project_rule,
            "merge_request.approval_rule_create",
            mr(
                json!({"name": "Security", "approvals_required": 1, "approval_project_rule_id": "$approval_rule", "user_ids": [2], "group_ids": [4]}),
            ),
        ),
        after(
            &mr_rule,
            "merge_request.approval_rule_update",
            mr(
                json!({"approval_rule_id": "$mr_approval_rule", "name": "Docs team", "approvals_required": 2, "user_ids": [2], "group_ids": [4]}),
            ),
        ),
        after(
            &mr_rule,
            "merge_request.approval_rule_delete",
            mr(json!({"approval_rule_id": "$mr_approval_rule"})),
        ),
        after(
            &on_train,
            "merge_train.list",
            json!({"project_id": P, "scope": "active", "sort": "asc", "per_page": 5}),
        ),
        after(
            &on_train,
            "merge_train.branch_list",
            json!({"project_id": P, "target_branch": "main", "scope": "active", "sort": "desc"}),
        ),
        after(
            &on_train,
            "merge_train.status",
            json!({"project_id": P, "merge_request_iid": 2}),
        ),
        after(
            &[second_mr],
            "merge_train.add",
            json!({"project_id": P, "merge_request_iid": 2, "sha": "$feature_head", "squash": true, "auto_merge": false}),
        ),
        after(
            &mr_award,
            "merge_request.emoji_get",
            mr(json!({"award_id": "$mr_award"})),
        ),
        after(
            &mr_note_award,
            "merge_request.note_emoji_list",
            mr(json!({"note_id": "$mr_awarded_note", "per_page": 5})),
        ),
        after(
            &mr_note_award,
            "merge_request.note_emoji_get",
            mr(json!({"note_id": "$mr_awarded_note", "award_id": "$mr_note_award"})),
        ),
        case(
            "merge_request.note_emoji_add",
            mr(json!({"note_id": "$mr_note", "name": "thumbsup"})),
        ),
        after(
            &mr_note_award,
            "merge_request.note_emoji_delete",
            mr(json!({"note_id": "$mr_awarded_note", "award_id": "$mr_note_award"})),
        ),
        after(
            &issue_award,
            "issue.emoji_get",
            json!({"project_id": P, "issue_iid": 1, "award_id": "$issue_award"}),
        ),
        after(
            &issue_note_award,
            "issue.note_emoji_list",
            json!({"project_id": P, "issue_iid": 1, "note_id": "$issue_awarded_note", "page": 1}),
        ),
        after(
            &issue_note_award,
            "issue.note_emoji_get",
            json!({"project_id": P, "issue_iid": 1, "note_id": "$issue_awarded_note", "award_id": "$issue_note_award"}),
        ),
        case(
            "issue.note_emoji_add",
            json!({"project_id": P, "issue_iid": 1, "note_id": "$issue_note", "name": "eyes"}),
        ),
        after(
            &issue_note_award,
            "issue.note_emoji_delete",
            json!({"project_id": P, "issue_iid": 1, "note_id": "$issue_awarded_note", "award_id": "$issue_note_award"}),
        ),
        case(
            "upload.create",
            json!({"project_id": P, "file_name": "trace.log", "content": "panic at tokenizer.rs:3\n"}),
        ),
        after(
            &upload,
            "upload.list",
            json!({"project_id": P, "per_page": 10}),
        ),
        after(
            &upload,
            "upload.delete",
            json!({"project_id": P, "upload_id": "$upload"}),
        ),
    ]
}

/// A `$name` value these cases use, or `None` when the name is another area's.
pub(super) async fn lookup(harness: &Harness, name: &str) -> Option<Value> {
    let first_id = |list: Value| list["items"][0]["id"].clone();
    let mr = |more: Value| {
        let mut params = json!({"project_id": P, "merge_request_iid": 1});
        params
            .as_object_mut()
            .unwrap()
            .extend(more.as_object().unwrap().clone());
        params
    };
    // The comment a case's setup wrote ("Awarded"), found among the thing's comments.
    let awarded = |notes: Value| {
        let notes = notes["items"].as_array().cloned().unwrap_or_default();
        let note = notes.iter().find(|note| note["body"] == "Awarded");
        note.expect("the setup wrote the comment")["id"].clone()
    };
    let issue = json!({"project_id": P, "issue_iid": 1});
    Some(match name {
        "$mr2_id" => harness
            .ok(
                "merge_request.get",
                json!({"project_id": P, "merge_request_iid": 2}),
            )
            .await["id"]
            .clone(),
        "$feature_head" => harness
            .ok(
                "branch.get",
                json!({"project_id": P, "branch": "feature/x"}),
            )
            .await["commit"]["id"]
            .clone(),
        "$block" => first_id(
            harness
                .ok("merge_request.dependency_list", mr(json!({})))
                .await,
        ),
        "$approval_rule" => first_id(
            harness
                .ok("approval_rule.list", json!({"project_id": P}))
                .await,
        ),
        "$mr_approval_rule" => first_id(
            harness
                .ok("merge_request.approval_rule_list", mr(json!({})))
                .await,
        ),
        "$mr_award" => first_id(harness.ok("merge_request.emoji_list", mr(json!({}))).await),
        "$issue_award" => first_id(harness.ok("issue.emoji_list", issue.clone()).await),
        "$mr_awarded_note" => awarded(harness.ok("merge_request.note_list", mr(json!({}))).await),
        "$issue_awarded_note" => awarded(harness.ok("issue.note_list", issue.clone()).await),
        "$mr_note_award" => {
            let note = awarded(harness.ok("merge_request.note_list", mr(json!({}))).await);
            let params = mr(json!({"note_id": note}));
            first_id(harness.ok("merge_request.note_emoji_list", params).await)
        }
        "$issue_note_award" => {
            let note = awarded(harness.ok("issue.note_list", issue.clone()).await);
            let params = json!({"project_id": P, "issue_iid": 1, "note_id": note});
            first_id(harness.ok("issue.note_emoji_list", params).await)
        }
        "$upload" => first_id(harness.ok("upload.list", json!({"project_id": P})).await),
        _ => return None,
    })
}
