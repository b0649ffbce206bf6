//! The review records of GitLab Premium kept as [records](super::records): a project's
//! approval rules, a merge request's own approval rules, and a merge request's
//! dependencies (the merge requests that must merge first).

use axum::http::StatusCode;
use serde_json::{Map, Value, json};

use super::records::{Change, Field, Kind, Owner, Parent, Unique};
use super::state::Store;
use crate::reply::ApiError;

use Field::{Bool, Integer, Integers, Optional, Text};

/// A project's approval rules (`…/approval_rules`): who may approve its merge requests and
/// how many approvals they need. GitLab's services answer a model error as
/// `400 {"message": {"name": ["has already been taken"]}}`.
pub(crate) static PROJECT_APPROVAL_RULES: Kind = Kind {
    segment: "approval_rules",
    noun: "Approval Rule",
    parents: &[Parent::Project],
    updatable: true,
    fields: &[
        Text("name", ""),
        Integer("approvals_required", 0),
        Text("rule_type", "regular"),
        Integers("user_ids"),
        Integers("group_ids"),
        Integers("protected_branch_ids"),
        Bool("applies_to_all_protected_branches", false),
    ],
    required: &["name", "approvals_required"],
    fixed: &["rule_type"],
    unique: &[Unique {
        fields: &["name"],
        message: "has already been taken",
    }],
    view: rule_view,
    ..Kind::PLAIN
};

/// A merge request's approval rules (`…/merge_requests/:iid/approval_rules`), each with
/// who approved among its approvers.
pub(crate) static MERGE_REQUEST_APPROVAL_RULES: Kind = Kind {
    segment: "approval_rules",
    noun: "Approval Rule",
    parents: &[Parent::MergeRequest],
    updatable: true,
    fields: &[
        Text("name", ""),
        Integer("approvals_required", 0),
        Optional("approval_project_rule_id"),
        Integers("user_ids"),
        Integers("group_ids"),
    ],
    required: &["name", "approvals_required"],
    fixed: &["approval_project_rule_id"],
    unique: &[Unique {
        fields: &["name"],
        message: "has already been taken",
    }],
    view: rule_view,
    ..Kind::PLAIN
};

/// GitLab's `ApprovalRule` entities: the approvers as users (ids of no user dropped, as
/// GitLab's service keeps only users it finds), the groups, and on a merge request who
/// approved and whether that is enough.
fn rule_view(store: &Store, owner: &Owner, rule: &mut Map<String, Value>) {
    let ids = |field: &str| -> Vec<u64> {
        rule.get(field)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_u64)
            .collect()
    };
    let user_ids: Vec<u64> = ids("user_ids")
        .into_iter()
        .filter(|id| store.users.contains_key(id))
        .collect();
    let users: Vec<Value> = user_ids.iter().map(|id| store.user_json(*id)).collect();
    let groups: Vec<Value> = ids("group_ids")
        .iter()
        .filter_map(|id| store.groups.get(id))
        .map(|group| store.group_json(group))
        .collect();
    let branches: Vec<Value> = ids("protected_branch_ids")
        .into_iter()
        .map(|id| json!({"id": id}))
        .collect();
    for field in ["user_ids", "group_ids", "protected_branch_ids"] {
        rule.remove(field);
    }
    rule.insert("eligible_approvers".into(), json!(users));
    rule.insert("users".into(), json!(users));
    rule.insert("groups".into(), json!(groups));
    rule.insert("contains_hidden_groups".into(), json!(false));
    match owner {
        Owner::MergeRequest(project, iid) => {
            let mr = &store.projects[project].merge_requests[iid];
            let approved_by: Vec<Value> = mr
                .approvals
                .iter()
                .filter(|approval| user_ids.contains(&approval.user_id))
                .map(|approval| store.user_json(approval.user_id))
                .collect();
            let required = rule["approvals_required"].as_u64().unwrap_or_default();
            rule.insert(
                "approved".into(),
                json!(approved_by.len() as u64 >= required),
            );
            rule.insert("approved_by".into(), json!(approved_by));
            rule.insert("rule_type".into(), json!("regular"));
            rule.insert("report_type".into(), Value::Null);
            rule.insert("section".into(), Value::Null);
            rule.insert("overridden".into(), json!(false));
            rule.insert("code_owner".into(), json!(false));
            let source = rule
                .get("approval_project_rule_id")
                .and_then(Value::as_str)
                .and_then(|id| id.parse::<u64>().ok())
                .map(
                    |id| json!({"approvals_required": project_rule_required(store, *project, id)}),
                );
            rule.insert("source_rule".into(), source.unwrap_or(Value::Null));
        }
        _ => {
            rule.insert("protected_branches".into(), json!(branches));
        }
    }
}

/// The approvals a project rule asks for, `null` when there is no such rule.
fn project_rule_required(store: &Store, project: u64, id: u64) -> Value {
    store
        .record_list(&Owner::Project(project), &PROJECT_APPROVAL_RULES)
        .iter()
        .find(|rule| rule["id"] == json!(id))
        .map_or(Value::Null, |rule| rule["approvals_required"].clone())
}

/// A merge request's dependencies (`…/merge_requests/:iid/blocks`): the merge requests,
/// by global id, that must merge before it may.
pub(crate) static MERGE_REQUEST_BLOCKS: Kind = Kind {
    segment: "blocks",
    noun: "Merge Request Block",
    parents: &[Parent::MergeRequest],
    updatable: false,
    fields: &[Integer("blocking_merge_request_id", 0)],
    required: &["blocking_merge_request_id"],
    judge: block_judge,
    view: block_view,
    ..Kind::PLAIN
};

/// The merge request with global id `id`: its project and iid.
fn merge_request_by_id(store: &Store, id: u64) -> Option<(u64, u64)> {
    store.projects.values().find_map(|project| {
        project
            .merge_requests
            .values()
            .find(|mr| mr.id == id)
            .map(|mr| (project.id, mr.iid))
    })
}

/// `CreateBlockService`: `404 Blocking merge request not found` for an id of no merge
/// request, `409 Block already exists` for a second block by the same one.
fn block_judge(
    store: &Store,
    owner: &Owner,
    params: &Map<String, Value>,
    change: Change<'_>,
) -> Result<(), ApiError> {
    let Change::Create = change else {
        return Ok(());
    };
    let blocking = params
        .get("blocking_merge_request_id")
        .and_then(|v| v.as_u64().or_else(|| v.as_str()?.parse().ok()))
        .unwrap_or_default();
    if merge_request_by_id(store, blocking).is_none() {
        return Err(ApiError::message(
            StatusCode::NOT_FOUND,
            "Blocking merge request not found",
        ));
    }
    let taken = store
        .record_list(owner, &MERGE_REQUEST_BLOCKS)
        .iter()
        .any(|block| block["blocking_merge_request"]["id"] == json!(blocking));
    if taken {
        return Err(ApiError::message(
            StatusCode::CONFLICT,
            "Block already exists",
        ));
    }
    Ok(())
}

/// `MergeRequestDependency`: the block's id, both merge requests (basic), the project.
fn block_view(store: &Store, owner: &Owner, block: &mut Map<String, Value>) {
    let Owner::MergeRequest(project, iid) = owner else {
        return;
    };
    let basic = |project: u64, iid: u64| {
        let project = &store.projects[&project];
        store.merge_request_basic_json(project, &project.merge_requests[&iid])
    };
    let blocking = block
        .remove("blocking_merge_request_id")
        .and_then(|id| id.as_u64())
        .and_then(|id| merge_request_by_id(store, id))
        .map_or(Value::Null, |(p, i)| basic(p, i));
    block.insert("blocking_merge_request".into(), blocking);
    block.insert("blocked_merge_request".into(), basic(*project, *iid));
    block.insert("project_id".into(), json!(project));
}
