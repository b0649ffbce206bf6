//! One runnable case per catalog action against the seeded sandbox: what to do first (to
//! have something to act on) and the parameters, with `"$name"` values read from the
//! sandbox just before the call.

use std::collections::HashMap;

use serde_json::{Value, json};

use super::mcp::Harness;

// The cases of the areas issue 39 added, each in its own module with its own lookups.
mod merge_requests_and_uploads;
mod packages_and_runners;
mod planning;
mod security_and_deployments;
mod work_items;

/// One action's run: what to do first (other actions, to have something to act on), and
/// its parameters. `"$name"` strings are filled from the sandbox before the call.
pub struct Case {
    pub id: &'static str,
    pub before: Vec<(&'static str, Value)>,
    pub params: Value,
}

pub(super) fn case(id: &'static str, params: Value) -> Case {
    Case {
        id,
        before: Vec::new(),
        params,
    }
}

pub(super) fn after(before: &[(&'static str, Value)], id: &'static str, params: Value) -> Case {
    Case {
        id,
        before: before.to_vec(),
        params,
    }
}

/// The demo project by path, so every path also proves its encoding.
pub(super) const P: &str = "demo/sandbox";
/// A project the sandbox's user is not a member of, which bob asks to join.
const HANDBOOK: &str = "community/handbook";

/// Every GitLab action's case, in catalog order.
pub fn cases() -> Vec<Case> {
    let snippet = [(
        "snippet.create",
        json!({"project_id": P, "title": "Tokenize", "file_name": "demo.rs", "content": "let words = tokenize(text);\nprintln!(\"{words:?}\");\n", "visibility": "private"}),
    )];
    let subgroup = [(
        "group.create",
        json!({"name": "Platform", "path": "platform", "parent_id": 4}),
    )];
    let commit_comment = [(
        "commit.comment_create",
        json!({"project_id": P, "sha": "main", "note": "Why this test?"}),
    )];
    let release = [(
        "release.create",
        json!({"project_id": P, "tag_name": "v1.0.0", "name": "One"}),
    )];
    let mergeable = [(
        "merge_request.create",
        json!({"project_id": P, "source_branch": "feature/x", "target_branch": "main", "title": "Word counter"}),
    )];
    let draft = [(
        "merge_request.draft_note_create",
        json!({"project_id": P, "merge_request_iid": 1, "note": "Why a new type here?"}),
    )];
    let release_link = [
        release[0].clone(),
        (
            "release_link.create",
            json!({"project_id": P, "tag_name": "v1.0.0", "name": "Docs", "url": "https://example.com/docs"}),
        ),
    ];
    let protected_tag = [("tag.protect", json!({"project_id": P, "name": "v*"}))];
    let group_label = [(
        "label.group_create",
        json!({"group_id": "demo", "name": "platform", "color": "#5843AD"}),
    )];
    let group_milestone = [(
        "milestone.group_create",
        json!({"group_id": "demo", "title": "Sprint 12"}),
    )];
    let freeze = [(
        "freeze_period.create",
        json!({"project_id": P, "freeze_start": "0 23 * * 5", "freeze_end": "0 7 * * 1"}),
    )];
    let variable = [(
        "variable.create",
        json!({"project_id": P, "key": "DEPLOY_ENV", "value": "staging"}),
    )];
    let group_variable = [(
        "variable.group_create",
        json!({"group_id": "demo", "key": "REGISTRY", "value": "registry.example.com"}),
    )];
    let schedule = [(
        "schedule.create",
        json!({"project_id": P, "description": "Nightly", "ref": "main", "cron": "0 2 * * *"}),
    )];
    let trigger = [(
        "trigger_token.create",
        json!({"project_id": P, "description": "Release tool"}),
    )];
    let environment = [(
        "environment.create",
        json!({"project_id": P, "name": "staging", "external_url": "https://staging.example.com"}),
    )];
    // GitLab deletes only a stopped environment.
    let stopped_environment = [
        environment[0].clone(),
        (
            "environment.stop",
            json!({"project_id": P, "environment_id": 1}),
        ),
    ];
    let deployment = [(
        "deployment.create",
        json!({"project_id": P, "environment": "production", "sha": "$main_head", "ref": "main", "tag": false, "status": "success"}),
    )];
    let hook = [(
        "hook.create",
        json!({"project_id": P, "url": "https://ci.example.com/hook"}),
    )];
    let deploy_key = [(
        "deploy_key.create",
        json!({"project_id": P, "title": "Deploy", "key": "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIExample deploy@example.com"}),
    )];
    let badge = [(
        "badge.create",
        json!({"project_id": P, "link_url": "https://example.com/docs", "image_url": "https://example.com/pipeline.svg", "name": "Pipeline"}),
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
            json!({"project_id": P, "state": "opened", "labels": ["bug"], "author_username": "alice", "assignee_id": "Any", "draft": false, "order_by": "updated_at", "sort": "asc"}),
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
        case(
            "repository.contributor_list",
            json!({"project_id": P, "ref": "main", "order_by": "name", "sort": "desc"}),
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
        // CI/CD: variables, schedules, triggers, environments and deployments; each
        // record made first in a fresh sandbox is number 1.
        case("variable.list", json!({"project_id": P})),
        after(
            &variable,
            "variable.get",
            json!({"project_id": P, "key": "DEPLOY_ENV"}),
        ),
        case(
            "variable.create",
            json!({"project_id": P, "key": "API_TOKEN", "value": "s3cret-value-1", "masked": true, "protected": true, "environment_scope": "production", "description": "For the deploy job"}),
        ),
        after(
            &variable,
            "variable.update",
            json!({"project_id": P, "key": "DEPLOY_ENV", "value": "production", "variable_type": "env_var", "raw": true}),
        ),
        after(
            &variable,
            "variable.delete",
            json!({"project_id": P, "key": "DEPLOY_ENV"}),
        ),
        case("variable.group_list", json!({"group_id": "demo"})),
        after(
            &group_variable,
            "variable.group_get",
            json!({"group_id": "demo", "key": "REGISTRY"}),
        ),
        case(
            "variable.group_create",
            json!({"group_id": "demo", "key": "REGISTRY", "value": "registry.example.com", "variable_type": "env_var"}),
        ),
        after(
            &group_variable,
            "variable.group_update",
            json!({"group_id": "demo", "key": "REGISTRY", "protected": true}),
        ),
        after(
            &group_variable,
            "variable.group_delete",
            json!({"group_id": "demo", "key": "REGISTRY"}),
        ),
        after(
            &schedule,
            "schedule.list",
            json!({"project_id": P, "scope": "active"}),
        ),
        after(
            &schedule,
            "schedule.get",
            json!({"project_id": P, "pipeline_schedule_id": 1}),
        ),
        case(
            "schedule.create",
            json!({"project_id": P, "description": "Nightly build", "ref": "main", "cron": "0 2 * * *", "cron_timezone": "Europe/Berlin", "active": false}),
        ),
        after(
            &schedule,
            "schedule.update",
            json!({"project_id": P, "pipeline_schedule_id": 1, "cron": "30 3 * * 1-5", "active": false}),
        ),
        after(
            &schedule,
            "schedule.delete",
            json!({"project_id": P, "pipeline_schedule_id": 1}),
        ),
        after(
            &schedule,
            "schedule.play",
            json!({"project_id": P, "pipeline_schedule_id": 1}),
        ),
        after(
            &schedule,
            "schedule.take_ownership",
            json!({"project_id": P, "pipeline_schedule_id": 1}),
        ),
        case("trigger_token.list", json!({"project_id": P})),
        after(
            &trigger,
            "trigger_token.get",
            json!({"project_id": P, "trigger_id": 1}),
        ),
        case(
            "trigger_token.create",
            json!({"project_id": P, "description": "Release tool"}),
        ),
        after(
            &trigger,
            "trigger_token.update",
            json!({"project_id": P, "trigger_id": 1, "description": "Release tool v2"}),
        ),
        after(
            &trigger,
            "trigger_token.delete",
            json!({"project_id": P, "trigger_id": 1}),
        ),
        after(
            &environment,
            "environment.list",
            json!({"project_id": P, "search": "stag", "states": "available"}),
        ),
        after(
            &environment,
            "environment.get",
            json!({"project_id": P, "environment_id": 1}),
        ),
        case(
            "environment.create",
            json!({"project_id": P, "name": "review/feature-x", "external_url": "https://feature-x.review.example.com", "tier": "development"}),
        ),
        after(
            &environment,
            "environment.update",
            json!({"project_id": P, "environment_id": 1, "external_url": "https://staging2.example.com"}),
        ),
        after(
            &stopped_environment,
            "environment.delete",
            json!({"project_id": P, "environment_id": 1}),
        ),
        after(
            &environment,
            "environment.stop",
            json!({"project_id": P, "environment_id": 1, "force": true}),
        ),
        case(
            "environment.stop_stale",
            json!({"project_id": P, "before": "2020-01-01T00:00:00Z"}),
        ),
        after(
            &deployment,
            "deployment.list",
            json!({"project_id": P, "environment": "production", "status": "success", "order_by": "created_at", "sort": "desc"}),
        ),
        after(
            &deployment,
            "deployment.get",
            json!({"project_id": P, "deployment_id": 1}),
        ),
        after(
            &[],
            "deployment.create",
            json!({"project_id": P, "environment": "production", "sha": "$main_head", "ref": "main", "tag": false, "status": "running"}),
        ),
        after(
            &deployment,
            "deployment.update",
            json!({"project_id": P, "deployment_id": 1, "status": "failed"}),
        ),
        after(
            &deployment,
            "deployment.merge_request_list",
            json!({"project_id": P, "deployment_id": 1}),
        ),
        // Reactions, draft reviews, release links, protected tags.
        case("issue.emoji_list", json!({"project_id": P, "issue_iid": 1})),
        case(
            "issue.participant_list",
            json!({"project_id": P, "issue_iid": 1}),
        ),
        case(
            "merge_request.participant_list",
            json!({"project_id": P, "merge_request_iid": 1}),
        ),
        case(
            "issue.emoji_create",
            json!({"project_id": P, "issue_iid": 1, "name": "thumbsup"}),
        ),
        after(
            &[(
                "issue.emoji_create",
                json!({"project_id": P, "issue_iid": 1, "name": "eyes"}),
            )],
            "issue.emoji_delete",
            json!({"project_id": P, "issue_iid": 1, "award_id": 1}),
        ),
        case(
            "merge_request.emoji_list",
            json!({"project_id": P, "merge_request_iid": 1}),
        ),
        case(
            "merge_request.emoji_create",
            json!({"project_id": P, "merge_request_iid": 1, "name": "tada"}),
        ),
        after(
            &[(
                "merge_request.emoji_create",
                json!({"project_id": P, "merge_request_iid": 1, "name": "+1"}),
            )],
            "merge_request.emoji_delete",
            json!({"project_id": P, "merge_request_iid": 1, "award_id": 1}),
        ),
        after(
            &draft,
            "merge_request.draft_note_list",
            json!({"project_id": P, "merge_request_iid": 1}),
        ),
        after(
            &draft,
            "merge_request.draft_note_get",
            json!({"project_id": P, "merge_request_iid": 1, "draft_note_id": 1}),
        ),
        case(
            "merge_request.draft_note_create",
            json!({"project_id": P, "merge_request_iid": 1, "note": "Reply in the thread", "in_reply_to_discussion_id": "$mr_thread", "resolve_discussion": true}),
        ),
        after(
            &draft,
            "merge_request.draft_note_update",
            json!({"project_id": P, "merge_request_iid": 1, "draft_note_id": 1, "note": "Clearer"}),
        ),
        after(
            &draft,
            "merge_request.draft_note_delete",
            json!({"project_id": P, "merge_request_iid": 1, "draft_note_id": 1}),
        ),
        after(
            &draft,
            "merge_request.draft_note_publish",
            json!({"project_id": P, "merge_request_iid": 1, "draft_note_id": 1}),
        ),
        after(
            &draft,
            "merge_request.draft_note_publish_all",
            json!({"project_id": P, "merge_request_iid": 1}),
        ),
        after(
            &release,
            "release_link.list",
            json!({"project_id": P, "tag_name": "v1.0.0"}),
        ),
        after(
            &release_link,
            "release_link.get",
            json!({"project_id": P, "tag_name": "v1.0.0", "link_id": 1}),
        ),
        after(
            &release,
            "release_link.create",
            json!({"project_id": P, "tag_name": "v1.0.0", "name": "Linux binary", "url": "https://example.com/app-linux.tar.gz", "direct_asset_path": "/binaries/app-linux", "link_type": "package"}),
        ),
        after(
            &release_link,
            "release_link.update",
            json!({"project_id": P, "tag_name": "v1.0.0", "link_id": 1, "name": "Linux x86_64 binary"}),
        ),
        after(
            &release_link,
            "release_link.delete",
            json!({"project_id": P, "tag_name": "v1.0.0", "link_id": 1}),
        ),
        after(
            &protected_tag,
            "tag.protected_list",
            json!({"project_id": P}),
        ),
        after(
            &protected_tag,
            "tag.protected_get",
            json!({"project_id": P, "name": "v*"}),
        ),
        case(
            "tag.protect",
            json!({"project_id": P, "name": "release-*", "create_access_level": 30}),
        ),
        after(
            &protected_tag,
            "tag.unprotect",
            json!({"project_id": P, "name": "v*"}),
        ),
        // Group labels and milestones, deploy freezes.
        case(
            "label.group_list",
            json!({"group_id": "demo", "search": "plat"}),
        ),
        after(
            &group_label,
            "label.group_get",
            json!({"group_id": "demo", "label_id": "platform"}),
        ),
        case(
            "label.group_create",
            json!({"group_id": "demo", "name": "team::web", "color": "#428bca", "description": "The web team"}),
        ),
        after(
            &group_label,
            "label.group_update",
            json!({"group_id": "demo", "label_id": 1, "new_name": "platform-team", "color": "teal"}),
        ),
        after(
            &group_label,
            "label.group_delete",
            json!({"group_id": "demo", "label_id": "platform"}),
        ),
        case(
            "milestone.group_list",
            json!({"group_id": "demo", "state": "active"}),
        ),
        after(
            &group_milestone,
            "milestone.group_get",
            json!({"group_id": "demo", "milestone_id": 1}),
        ),
        case(
            "milestone.group_create",
            json!({"group_id": "demo", "title": "Q3", "description": "Quarter", "start_date": "2026-07-01", "due_date": "2026-09-30"}),
        ),
        after(
            &group_milestone,
            "milestone.group_update",
            json!({"group_id": "demo", "milestone_id": 1, "state_event": "close"}),
        ),
        after(
            &group_milestone,
            "milestone.group_delete",
            json!({"group_id": "demo", "milestone_id": 1}),
        ),
        case("freeze_period.list", json!({"project_id": P})),
        after(
            &freeze,
            "freeze_period.get",
            json!({"project_id": P, "freeze_period_id": 1}),
        ),
        case(
            "freeze_period.create",
            json!({"project_id": P, "freeze_start": "0 23 * * 5", "freeze_end": "0 7 * * 1", "cron_timezone": "Europe/Berlin"}),
        ),
        after(
            &freeze,
            "freeze_period.update",
            json!({"project_id": P, "freeze_period_id": 1, "freeze_end": "0 8 * * 1"}),
        ),
        after(
            &freeze,
            "freeze_period.delete",
            json!({"project_id": P, "freeze_period_id": 1}),
        ),
        // projects: webhooks, deploy keys, badges.
        case("hook.list", json!({"project_id": P})),
        after(&hook, "hook.get", json!({"project_id": P, "hook_id": 1})),
        case(
            "hook.create",
            json!({"project_id": P, "url": "https://ci.example.com/hooks/gitlab", "token": "not-a-real-secret", "push_events": true, "push_events_branch_filter": "main", "merge_requests_events": true, "pipeline_events": true, "enable_ssl_verification": true}),
        ),
        after(
            &hook,
            "hook.update",
            json!({"project_id": P, "hook_id": 1, "issues_events": true, "name": "CI bridge"}),
        ),
        after(&hook, "hook.delete", json!({"project_id": P, "hook_id": 1})),
        after(
            &hook,
            "hook.test",
            json!({"project_id": P, "hook_id": 1, "trigger": "push_events"}),
        ),
        case("deploy_key.list", json!({"project_id": P})),
        after(
            &deploy_key,
            "deploy_key.get",
            json!({"project_id": P, "key_id": 1}),
        ),
        case(
            "deploy_key.create",
            json!({"project_id": P, "title": "CI deploy", "key": "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIExample ci@example.com", "can_push": true, "expires_at": "2030-01-01T00:00:00Z"}),
        ),
        after(
            &deploy_key,
            "deploy_key.update",
            json!({"project_id": P, "key_id": 1, "can_push": false}),
        ),
        after(
            &deploy_key,
            "deploy_key.delete",
            json!({"project_id": P, "key_id": 1}),
        ),
        after(
            &badge,
            "badge.list",
            json!({"project_id": P, "name": "Pipeline"}),
        ),
        after(&badge, "badge.get", json!({"project_id": P, "badge_id": 1})),
        case(
            "badge.create",
            json!({"project_id": P, "link_url": "https://example.com/%{project_path}", "image_url": "https://example.com/%{project_path}/badge.svg", "name": "Docs"}),
        ),
        after(
            &badge,
            "badge.update",
            json!({"project_id": P, "badge_id": 1, "name": "Pipeline status"}),
        ),
        after(
            &badge,
            "badge.delete",
            json!({"project_id": P, "badge_id": 1}),
        ),
        case("badge.group_list", json!({"group_id": "demo"})),
        case(
            "badge.group_create",
            json!({"group_id": "demo", "link_url": "https://example.com/demo", "image_url": "https://example.com/demo.svg"}),
        ),
        after(
            &[(
                "badge.group_create",
                json!({"group_id": "demo", "link_url": "https://example.com/demo", "image_url": "https://example.com/demo.svg"}),
            )],
            "badge.group_delete",
            json!({"group_id": "demo", "badge_id": 1}),
        ),
        case("snippet.list", json!({"project_id": P})),
        after(
            &snippet,
            "snippet.get",
            json!({"project_id": P, "snippet_id": 1}),
        ),
        after(
            &snippet,
            "snippet.content",
            json!({"project_id": P, "snippet_id": 1, "first_line": 1, "last_line": 1}),
        ),
        case(
            "snippet.create",
            json!({"project_id": P, "title": "Counting words", "file_name": "count.rs", "content": "fn main() {}\n", "description": "A start", "visibility": "internal"}),
        ),
        after(
            &snippet,
            "snippet.update",
            json!({"project_id": P, "snippet_id": 1, "title": "Counting words", "content": "fn main() { println!(); }\n"}),
        ),
        after(
            &snippet,
            "snippet.delete",
            json!({"project_id": P, "snippet_id": 1}),
        ),
        case(
            "project.access_request_list",
            json!({"project_id": HANDBOOK}),
        ),
        case(
            "project.access_request_create",
            json!({"project_id": HANDBOOK}),
        ),
        case(
            "project.access_request_approve",
            json!({"project_id": HANDBOOK, "user_id": 3, "access_level": 20}),
        ),
        case(
            "project.access_request_deny",
            json!({"project_id": HANDBOOK, "user_id": 3}),
        ),
        case(
            "group.access_request_list",
            json!({"group_id": "community"}),
        ),
        case(
            "group.access_request_create",
            json!({"group_id": "community"}),
        ),
        case(
            "group.access_request_approve",
            json!({"group_id": "community", "user_id": 3, "access_level": 30}),
        ),
        case(
            "group.access_request_deny",
            json!({"group_id": "community", "user_id": 3}),
        ),
        case(
            "group.create",
            json!({"name": "Platform", "path": "platform", "parent_id": 4, "description": "Shared services", "visibility": "private"}),
        ),
        case(
            "group.update",
            json!({"group_id": "demo", "description": "Renamed", "visibility": "internal"}),
        ),
        after(
            &subgroup,
            "group.subgroup_list",
            json!({"group_id": "demo", "search": "plat", "order_by": "path"}),
        ),
        after(
            &subgroup,
            "group.descendant_list",
            json!({"group_id": "demo", "sort": "desc"}),
        ),
        case(
            "namespace.list",
            json!({"search": "demo", "owned_only": true}),
        ),
        case("namespace.get", json!({"namespace_id": "demo"})),
        case(
            "commit.status_list",
            json!({"project_id": P, "sha": "$main_head", "ref": "main", "all": true}),
        ),
        case(
            "commit.status_set",
            json!({"project_id": P, "sha": "$main_head", "state": "success", "name": "ci/lint", "ref": "main", "target_url": "https://ci.example.com/1", "description": "Lint passed", "coverage": 87.5}),
        ),
        after(
            &commit_comment,
            "commit.comment_list",
            json!({"project_id": P, "sha": "$main_head"}),
        ),
        case(
            "commit.comment_create",
            json!({"project_id": P, "sha": "$main_head", "note": "Nice test", "path": "tests/tokenizer.rs", "line": 3, "line_type": "new"}),
        ),
        case(
            "commit.merge_request_list",
            json!({"project_id": P, "sha": "$fix_head"}),
        ),
        case(
            "commit.revert",
            json!({"project_id": P, "sha": "$main_head", "branch": "main"}),
        ),
        case(
            "file.blame",
            json!({"project_id": P, "file_path": "src/tokenizer.rs", "ref": "main", "range_start": 1, "range_end": 4}),
        ),
        case(
            "project.event_list",
            json!({"project_id": P, "action": "commented", "target_type": "note", "after": "2026-01-01", "sort": "asc"}),
        ),
        case(
            "user.event_list",
            json!({"user_id": 2, "before": "2027-01-01"}),
        ),
        case("user.current_event_list", json!({"per_page": 5})),
        case("issue.subscribe", json!({"project_id": P, "issue_iid": 1})),
        after(
            &[("issue.subscribe", json!({"project_id": P, "issue_iid": 1}))],
            "issue.unsubscribe",
            json!({"project_id": P, "issue_iid": 1}),
        ),
        case(
            "merge_request.subscribe",
            json!({"project_id": P, "merge_request_iid": 1}),
        ),
        after(
            &[(
                "merge_request.subscribe",
                json!({"project_id": P, "merge_request_iid": 1}),
            )],
            "merge_request.unsubscribe",
            json!({"project_id": P, "merge_request_iid": 1}),
        ),
        case("issue.time_stats", json!({"project_id": P, "issue_iid": 1})),
        case(
            "issue.time_estimate_set",
            json!({"project_id": P, "issue_iid": 1, "duration": "3h30m"}),
        ),
        case(
            "issue.time_spent_add",
            json!({"project_id": P, "issue_iid": 1, "duration": "1h15m", "summary": "Reproduced it"}),
        ),
        case(
            "merge_request.time_stats",
            json!({"project_id": P, "merge_request_iid": 1}),
        ),
        case(
            "merge_request.time_estimate_set",
            json!({"project_id": P, "merge_request_iid": 1, "duration": "1d"}),
        ),
        case(
            "merge_request.time_spent_add",
            json!({"project_id": P, "merge_request_iid": 1, "duration": "45m"}),
        ),
        case(
            "merge_request.version_list",
            json!({"project_id": P, "merge_request_iid": 1}),
        ),
        case(
            "pipeline.bridge_list",
            json!({"project_id": P, "pipeline_id": 2, "scope": ["success"]}),
        ),
        case(
            "pipeline.test_report_summary",
            json!({"project_id": P, "pipeline_id": 2}),
        ),
        case(
            "job.artifact_file",
            json!({"project_id": P, "job_id": 6, "artifact_path": "reports/junit.xml", "first_line": 1, "last_line": 3}),
        ),
        case(
            "pipeline.wait",
            json!({"project_id": P, "pipeline_id": 2, "timeout_seconds": 30, "poll_seconds": 1}),
        ),
        case(
            "job.wait",
            json!({"project_id": P, "job_id": 6, "timeout_seconds": 30, "poll_seconds": 1}),
        ),
        case("job.artifacts_keep", json!({"project_id": P, "job_id": 6})),
        case(
            "job.artifacts_delete",
            json!({"project_id": P, "job_id": 6}),
        ),
        case("project.language_list", json!({"project_id": P})),
        case("project.star", json!({"project_id": P})),
        after(
            &[("project.star", json!({"project_id": P}))],
            "project.unstar",
            json!({"project_id": P}),
        ),
        case(
            "api.request",
            json!({"method": "GET", "path": "projects/demo%2Fsandbox/issues", "query": {"state": "opened", "per_page": 2}}),
        ),
        case(
            "api.request",
            json!({"method": "POST", "path": "/api/v4/projects/demo%2Fsandbox/labels", "body": {"name": "through-the-door", "color": "#00aa00"}}),
        ),
        case(
            "api.graphql",
            json!({"query": "query($path: ID!) { currentUser { username } project(fullPath: $path) { name issue(iid: \"1\") { title state } } }", "variables": {"path": P}}),
        ),
        case(
            "api.graphql",
            json!({"query": "mutation { createIssue(input: {projectPath: \"demo/sandbox\", title: \"Filed through GraphQL\"}) { issue { iid title } errors } }"}),
        ),
    ]
    .into_iter()
    .chain(planning::cases())
    .chain(merge_requests_and_uploads::cases())
    .chain(packages_and_runners::cases())
    .chain(security_and_deployments::cases())
    .chain(work_items::cases())
    .collect()
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
        other => {
            let found = match planning::lookup(harness, other).await {
                Some(found) => Some(found),
                None => match merge_requests_and_uploads::lookup(harness, other).await {
                    Some(found) => Some(found),
                    None => match packages_and_runners::lookup(harness, other).await {
                        Some(found) => Some(found),
                        None => match security_and_deployments::lookup(harness, other).await {
                            Some(found) => Some(found),
                            None => work_items::lookup(harness, other).await,
                        },
                    },
                },
            };
            found.unwrap_or_else(|| panic!("no lookup for `{other}`"))
        }
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
