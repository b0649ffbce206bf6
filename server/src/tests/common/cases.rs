//! One runnable case per catalog action against the seeded sandbox: what to do first (to
//! have something to act on) and the parameters, with `"$name"` values read from the
//! sandbox just before the call.

use std::collections::HashMap;

use serde_json::{Value, json};

use super::mcp::Harness;

/// One action's run: what to do first (other actions, to have something to act on), and
/// its parameters. `"$name"` strings are filled from the sandbox before the call.
pub struct Case {
    pub id: &'static str,
    pub before: Vec<(&'static str, Value)>,
    pub params: Value,
}

fn case(id: &'static str, params: Value) -> Case {
    Case {
        id,
        before: Vec::new(),
        params,
    }
}

fn after(before: &[(&'static str, Value)], id: &'static str, params: Value) -> Case {
    Case {
        id,
        before: before.to_vec(),
        params,
    }
}

/// The demo project by path, so every path also proves its encoding.
const P: &str = "demo/sandbox";

/// Every GitLab action's case, in catalog order.
pub fn cases() -> Vec<Case> {
    let release = [(
        "release.create",
        json!({"project_id": P, "tag_name": "v1.0.0", "name": "One"}),
    )];
    let mergeable = [(
        "merge_request.create",
        json!({"project_id": P, "source_branch": "feature/x", "target_branch": "main", "title": "Word counter"}),
    )];
    vec![
        // repository
        case("branch.list", json!({"project_id": P, "search": "fix"})),
        case(
            "branch.get",
            json!({"project_id": P, "branch": "feature/x"}),
        ),
        case(
            "branch.create",
            json!({"project_id": P, "branch": "topic/new", "ref": "main"}),
        ),
        case(
            "branch.delete",
            json!({"project_id": P, "branch": "feature/x"}),
        ),
        case(
            "branch.protect",
            json!({"project_id": P, "name": "release/*", "push_access_level": 40}),
        ),
        case("branch.unprotect", json!({"project_id": P, "name": "main"})),
        case("tag.list", json!({"project_id": P, "order_by": "name"})),
        case("tag.get", json!({"project_id": P, "tag_name": "v1.0.0"})),
        case(
            "tag.create",
            json!({"project_id": P, "tag_name": "v1.1.0", "ref": "main", "message": "Next"}),
        ),
        case("tag.delete", json!({"project_id": P, "tag_name": "v1.0.0"})),
        case(
            "commit.list",
            json!({"project_id": P, "ref_name": "main", "path": "src/tokenizer.rs"}),
        ),
        case("commit.get", json!({"project_id": P, "sha": "$main_head"})),
        case("commit.diff", json!({"project_id": P, "sha": "$main_head"})),
        case(
            "commit.create",
            json!({"project_id": P, "branch": "main", "commit_message": "Docs", "actions": [
                {"action": "create", "file_path": "docs/faq.md", "content": "# FAQ\n"},
                {"action": "update", "file_path": "README.md", "content": "# sandbox\n"}
            ]}),
        ),
        case(
            "commit.ref_list",
            json!({"project_id": P, "sha": "$main_head"}),
        ),
        case(
            "commit.cherry_pick",
            json!({"project_id": P, "sha": "$fix_head", "branch": "main"}),
        ),
        case(
            "repository.tree",
            json!({"project_id": P, "path": "src", "ref": "main"}),
        ),
        case(
            "repository.compare",
            json!({"project_id": P, "from": "v1.0.0", "to": "main"}),
        ),
        case(
            "file.get",
            json!({"project_id": P, "file_path": "src/lib.rs", "ref": "feature/x"}),
        ),
        case(
            "file.create",
            json!({"project_id": P, "file_path": "docs/new.md", "branch": "main", "commit_message": "Add", "content": "new\n"}),
        ),
        case(
            "file.update",
            json!({"project_id": P, "file_path": "README.md", "branch": "main", "commit_message": "Edit", "content": "# New\n"}),
        ),
        case(
            "file.delete",
            json!({"project_id": P, "file_path": "docs/guide.md", "branch": "main", "commit_message": "Drop"}),
        ),
        // merge requests
        case(
            "merge_request.create",
            json!({"project_id": P, "source_branch": "feature/x", "target_branch": "main", "title": "Counter", "labels": ["feature"]}),
        ),
        case(
            "merge_request.get",
            json!({"project_id": P, "merge_request_iid": 1}),
        ),
        case(
            "merge_request.list",
            json!({"project_id": P, "state": "opened", "labels": ["bug"], "author_username": "alice", "assignee_id": "Any", "wip": "no", "order_by": "updated_at", "sort": "asc"}),
        ),
        case(
            "merge_request.list_all",
            json!({"scope": "reviews_for_me", "state": "opened", "reviewer_id": 1, "not[labels]": ["wontfix"], "created_after": "2026-01-01", "milestone": "Any"}),
        ),
        case(
            "merge_request.update",
            json!({"project_id": P, "merge_request_iid": 1, "title": "Fix it"}),
        ),
        case(
            "merge_request.delete",
            json!({"project_id": P, "merge_request_iid": 1}),
        ),
        after(
            &mergeable,
            "merge_request.merge",
            json!({"project_id": P, "merge_request_iid": 2, "squash": true, "should_remove_source_branch": false, "auto_merge": true}),
        ),
        case(
            "merge_request.rebase",
            json!({"project_id": P, "merge_request_iid": 1}),
        ),
        case(
            "merge_request.diff_list",
            json!({"project_id": P, "merge_request_iid": 1}),
        ),
        case(
            "merge_request.commit_list",
            json!({"project_id": P, "merge_request_iid": 1}),
        ),
        case(
            "merge_request.pipeline_list",
            json!({"project_id": P, "merge_request_iid": 1}),
        ),
        case(
            "merge_request.approvals",
            json!({"project_id": P, "merge_request_iid": 1}),
        ),
        case(
            "merge_request.approve",
            json!({"project_id": P, "merge_request_iid": 1}),
        ),
        after(
            &[(
                "merge_request.approve",
                json!({"project_id": P, "merge_request_iid": 1}),
            )],
            "merge_request.unapprove",
            json!({"project_id": P, "merge_request_iid": 1}),
        ),
        case(
            "merge_request.note_list",
            json!({"project_id": P, "merge_request_iid": 1, "sort": "asc"}),
        ),
        case(
            "merge_request.note_create",
            json!({"project_id": P, "merge_request_iid": 1, "body": "Looks good"}),
        ),
        case(
            "merge_request.note_update",
            json!({"project_id": P, "merge_request_iid": 1, "note_id": "$mr_note", "body": "Edited"}),
        ),
        case(
            "merge_request.note_get",
            json!({"project_id": P, "merge_request_iid": 1, "note_id": "$mr_note"}),
        ),
        case(
            "merge_request.note_delete",
            json!({"project_id": P, "merge_request_iid": 1, "note_id": "$mr_note"}),
        ),
        case(
            "merge_request.discussion_list",
            json!({"project_id": P, "merge_request_iid": 1}),
        ),
        case(
            "merge_request.discussion_start",
            json!({"project_id": P, "merge_request_iid": 1, "body": "Why?"}),
        ),
        case(
            "merge_request.discussion_reply",
            json!({"project_id": P, "merge_request_iid": 1, "discussion_id": "$mr_thread", "body": "Done"}),
        ),
        case(
            "merge_request.discussion_resolve",
            json!({"project_id": P, "merge_request_iid": 1, "discussion_id": "$mr_thread", "resolved": true}),
        ),
        case(
            "merge_request.discussion_note_update",
            json!({"project_id": P, "merge_request_iid": 1, "discussion_id": "$mr_thread", "note_id": 4, "body": "Edited in the thread"}),
        ),
        case(
            "merge_request.discussion_note_delete",
            json!({"project_id": P, "merge_request_iid": 1, "discussion_id": "$mr_thread", "note_id": 4}),
        ),
        // issues
        case(
            "issue.create",
            json!({"project_id": P, "title": "Crash", "labels": ["bug"], "confidential": true}),
        ),
        case("issue.get", json!({"project_id": P, "issue_iid": 1})),
        case(
            "issue.list",
            json!({"project_id": P, "state": "opened", "search": "token", "assignee_username": ["sandbox-user"], "milestone": "None", "updated_before": "2030-01-01T00:00:00Z"}),
        ),
        case(
            "issue.list_all",
            json!({"scope": "assigned_to_me", "state": "opened", "author_id": 2, "order_by": "title"}),
        ),
        case(
            "issue.update",
            json!({"project_id": P, "issue_iid": 2, "state_event": "close"}),
        ),
        case("issue.delete", json!({"project_id": P, "issue_iid": 2})),
        case("issue.note_list", json!({"project_id": P, "issue_iid": 1})),
        case(
            "issue.note_create",
            json!({"project_id": P, "issue_iid": 1, "body": "Seen it"}),
        ),
        case(
            "issue.note_update",
            json!({"project_id": P, "issue_iid": 1, "note_id": "$issue_note", "body": "Edited"}),
        ),
        case(
            "issue.note_get",
            json!({"project_id": P, "issue_iid": 1, "note_id": "$issue_note"}),
        ),
        case(
            "issue.note_delete",
            json!({"project_id": P, "issue_iid": 1, "note_id": "$issue_note"}),
        ),
        case(
            "issue.discussion_list",
            json!({"project_id": P, "issue_iid": 1}),
        ),
        case(
            "issue.discussion_reply",
            json!({"project_id": P, "issue_iid": 1, "discussion_id": "$issue_thread", "body": "Agreed"}),
        ),
        case("issue.link_list", json!({"project_id": P, "issue_iid": 1})),
        case(
            "issue.link_create",
            json!({"project_id": P, "issue_iid": 1, "target_project_id": P, "target_issue_iid": 2, "link_type": "relates_to"}),
        ),
        case(
            "issue.link_delete",
            json!({"project_id": P, "issue_iid": 1, "issue_link_id": "$issue_link"}),
        ),
        // pipelines and jobs
        case(
            "pipeline.list",
            json!({"project_id": P, "status": "failed", "ref": "main"}),
        ),
        case("pipeline.get", json!({"project_id": P, "pipeline_id": 2})),
        case("pipeline.latest", json!({"project_id": P, "ref": "main"})),
        case(
            "pipeline.create",
            json!({"project_id": P, "ref": "main", "variables": [{"key": "DEPLOY", "value": "no"}]}),
        ),
        case("pipeline.retry", json!({"project_id": P, "pipeline_id": 2})),
        case(
            "pipeline.cancel",
            json!({"project_id": P, "pipeline_id": 3}),
        ),
        case(
            "pipeline.delete",
            json!({"project_id": P, "pipeline_id": 1}),
        ),
        case(
            "pipeline.job_list",
            json!({"project_id": P, "pipeline_id": 2, "scope": ["failed"]}),
        ),
        case("job.list", json!({"project_id": P, "scope": ["running"]})),
        case("job.get", json!({"project_id": P, "job_id": 6})),
        case(
            "job.log",
            json!({"project_id": P, "job_id": 6, "tail_lines": 30}),
        ),
        case("job.retry", json!({"project_id": P, "job_id": 6})),
        case("job.cancel", json!({"project_id": P, "job_id": 10})),
        case("job.play", json!({"project_id": P, "job_id": 8})),
        case("job.erase", json!({"project_id": P, "job_id": 6})),
        // labels, milestones, wiki
        case("label.list", json!({"project_id": P, "with_counts": true})),
        case("label.get", json!({"project_id": P, "label_id": "bug"})),
        case(
            "label.create",
            json!({"project_id": P, "name": "urgent", "color": "#ff0000"}),
        ),
        case(
            "label.update",
            json!({"project_id": P, "label_id": 1, "new_name": "defect"}),
        ),
        case("label.delete", json!({"project_id": P, "label_id": 2})),
        case(
            "milestone.list",
            json!({"project_id": P, "state": "active"}),
        ),
        case("milestone.get", json!({"project_id": P, "milestone_id": 1})),
        case(
            "milestone.create",
            json!({"project_id": P, "title": "v1.2", "start_date": "2026-03-01", "due_date": "2026-03-31"}),
        ),
        case(
            "milestone.update",
            json!({"project_id": P, "milestone_id": 1, "state_event": "close"}),
        ),
        case(
            "milestone.delete",
            json!({"project_id": P, "milestone_id": 1}),
        ),
        case(
            "milestone.issue_list",
            json!({"project_id": P, "milestone_id": 1}),
        ),
        case(
            "milestone.merge_request_list",
            json!({"project_id": P, "milestone_id": 1}),
        ),
        case("wiki.list", json!({"project_id": P, "with_content": true})),
        case("wiki.get", json!({"project_id": P, "slug": "home"})),
        case(
            "wiki.create",
            json!({"project_id": P, "title": "Onboarding", "content": "Welcome"}),
        ),
        case(
            "wiki.update",
            json!({"project_id": P, "slug": "home", "content": "New home"}),
        ),
        case(
            "wiki.delete",
            json!({"project_id": P, "slug": "Release-process"}),
        ),
        // users, groups, search
        case("user.current", json!({})),
        case("user.list", json!({"search": "ali"})),
        case("user.get", json!({"user_id": 2})),
        case("member.list", json!({"project_id": P, "query": "bob"})),
        case("group.list", json!({"search": "demo"})),
        case("group.get", json!({"group_id": "demo"})),
        case("group.project_list", json!({"group_id": 4})),
        case("group.member_list", json!({"group_id": "demo"})),
        case(
            "search.project",
            json!({"project_id": P, "scope": "blobs", "search": "tokenize", "ref": "main"}),
        ),
        case(
            "search.group",
            json!({"group_id": "demo", "scope": "issues", "search": "token"}),
        ),
        case(
            "search.global",
            json!({"scope": "projects", "search": "sandbox"}),
        ),
        // releases and projects
        case(
            "release.create",
            json!({"project_id": P, "tag_name": "v1.0.0", "name": "One", "description": "First"}),
        ),
        after(
            &release,
            "release.get",
            json!({"project_id": P, "tag_name": "v1.0.0"}),
        ),
        after(
            &release,
            "release.list",
            json!({"project_id": P, "sort": "asc"}),
        ),
        after(
            &release,
            "release.update",
            json!({"project_id": P, "tag_name": "v1.0.0", "name": "Uno"}),
        ),
        after(
            &release,
            "release.delete",
            json!({"project_id": P, "tag_name": "v1.0.0"}),
        ),
        case(
            "project.create",
            json!({"name": "Lab", "visibility": "internal", "initialize_with_readme": true}),
        ),
        case("project.get", json!({"project_id": P})),
        case(
            "project.list",
            json!({"search": "sand", "membership": true}),
        ),
        case(
            "project.update",
            json!({"project_id": P, "description": "New words"}),
        ),
        case("project.delete", json!({"project_id": P})),
        case(
            "project.fork",
            json!({"project_id": P, "namespace_path": "sandbox-user", "path": "sandbox-fork"}),
        ),
        case("project.archive", json!({"project_id": P})),
        after(
            &[("project.archive", json!({"project_id": P}))],
            "project.unarchive",
            json!({"project_id": P}),
        ),
        case(
            "project.pull_mirror_configure",
            json!({
                "project_id": P,
                "url": "https://gitlab.example.com/upstream/sandbox.git",
                "auth_user": "mirror-bot",
                "auth_password": "not-a-real-token",
                "enabled": true,
                "mirror_trigger_builds": false,
                "only_mirror_protected_branches": false,
                "mirror_overwrites_diverged_branches": true,
                "mirror_branch_regex": "^release/"
            }),
        ),
        case(
            "project.push_mirror_add",
            json!({
                "project_id": P,
                "url": "https://mirror-bot:not-a-real-token@backup.example.com/sandbox.git",
                "enabled": true,
                "keep_divergent_refs": true,
                "only_protected_branches": false,
                "auth_method": "password"
            }),
        ),
        case(
            "todo.list",
            json!({"state": "pending", "type": "Issue", "action": "mentioned"}),
        ),
        case("todo.done", json!({"id": 1})),
        case("todo.done_all", json!({})),
        case(
            "branch.protected_list",
            json!({"project_id": P, "search": "ma"}),
        ),
        case(
            "branch.protected_get",
            json!({"project_id": P, "name": "main"}),
        ),
        case(
            "pipeline.variable_list",
            json!({"project_id": P, "pipeline_id": 1}),
        ),
        case(
            "pipeline.lint",
            json!({"project_id": P, "content": "stages: [build]\nbuild:\n  stage: build\n  script: make\n", "include_jobs": true}),
        ),
        case(
            "pipeline.lint_project",
            json!({"project_id": P, "content_ref": "main", "include_jobs": true}),
        ),
        case(
            "repository.merge_base",
            json!({"project_id": P, "refs": ["main", "feature/x"]}),
        ),
        case("member.get", json!({"project_id": P, "user_id": 2})),
        case(
            "group.member_get",
            json!({"group_id": "demo", "user_id": 1}),
        ),
        after(
            &[(
                "project.pull_mirror_configure",
                json!({"project_id": P, "url": "https://gitlab.example.com/upstream/sandbox.git", "enabled": true}),
            )],
            "project.pull_mirror_get",
            json!({"project_id": P}),
        ),
        case("project.push_mirror_list", json!({"project_id": P})),
        case(
            "project.push_mirror_get",
            json!({"project_id": P, "mirror_id": "$push_mirror"}),
        ),
        case(
            "api.request",
            json!({"method": "GET", "path": "projects/demo%2Fsandbox/issues", "query": {"state": "opened", "per_page": 2}}),
        ),
        case(
            "api.request",
            json!({"method": "POST", "path": "/api/v4/projects/demo%2Fsandbox/labels", "body": {"name": "through-the-door", "color": "#00aa00"}}),
        ),
    ]
}

/// A value the cases name by `$name`, read from the sandbox through the catalog's own reads.
async fn lookup(harness: &Harness, name: &str) -> Value {
    let first = |list: &Value, key: &str| list["items"][0][key].clone();
    match name {
        "$main_head" => harness
            .ok("branch.get", json!({"project_id": P, "branch": "main"}))
            .await["commit"]["id"]
            .clone(),
        "$fix_head" => harness
            .ok(
                "branch.get",
                json!({"project_id": P, "branch": "fix/tokenizer"}),
            )
            .await["commit"]["id"]
            .clone(),
        "$mr_thread" => {
            let threads = harness
                .ok(
                    "merge_request.discussion_list",
                    json!({"project_id": P, "merge_request_iid": 1}),
                )
                .await;
            let thread = threads["items"]
                .as_array()
                .unwrap()
                .iter()
                .find(|d| d["individual_note"] != true);
            thread.expect("MR !1 has a thread")["id"].clone()
        }
        "$issue_thread" => {
            let threads = harness
                .ok(
                    "issue.discussion_list",
                    json!({"project_id": P, "issue_iid": 1}),
                )
                .await;
            first(&threads, "id")
        }
        "$mr_note" => harness
            .ok(
                "merge_request.note_create",
                json!({"project_id": P, "merge_request_iid": 1, "body": "Mine"}),
            )
            .await["id"]
            .clone(),
        "$push_mirror" => harness
            .ok(
                "project.push_mirror_add",
                json!({"project_id": P, "url": "https://backup.example.com/sandbox.git", "enabled": true}),
            )
            .await["id"]
            .clone(),
        "$issue_note" => harness
            .ok(
                "issue.note_create",
                json!({"project_id": P, "issue_iid": 1, "body": "Mine"}),
            )
            .await["id"]
            .clone(),
        "$issue_link" => {
            let link = json!({"project_id": P, "issue_iid": 1, "target_project_id": P, "target_issue_iid": 2});
            harness.ok("issue.link_create", link).await;
            let links = harness
                .ok("issue.link_list", json!({"project_id": P, "issue_iid": 1}))
                .await;
            links["items"][0]["issue_link_id"].clone()
        }
        other => panic!("no lookup for `{other}`"),
    }
}

/// `params` with every `"$name"` replaced.
pub async fn filled(
    harness: &Harness,
    params: &Value,
    known: &mut HashMap<String, Value>,
) -> Value {
    let mut params = params.clone();
    if let Value::Object(map) = &mut params {
        for value in map.values_mut() {
            if let Some(name) = value
                .as_str()
                .filter(|v| v.starts_with('$'))
                .map(str::to_owned)
            {
                if !known.contains_key(&name) {
                    let found = lookup(harness, &name).await;
                    known.insert(name.clone(), found);
                }
                *value = known[&name].clone();
            }
        }
    }
    params
}
