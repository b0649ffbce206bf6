//! The wizards that read GitLab as they ask — pipeline run, branch, milestone, merge —
//! against the sandbox GitLab through the server's tools, on both wire paths and all three
//! surfaces: their live choices (offered from GitLab, past 100 options or a failed fetch
//! asked as text and checked), the answers asked again with the reason, and the exact
//! body GitLab receives.

use crate::gitlab::{ApiRequest, GitLab, GitLabConfig};
use crate::surfaces::SurfaceKind;
use crate::tests::common::mcp::{Harness, text};
use crate::wizards::{BranchWizard, IssueWizard, MergeWizard, MilestoneWizard, PipelineWizard};
use gitlab_sandbox::FaultSpec;
use reqwest::Method;
use serde_json::{Value, json};
use wizard::testkit::{Asked, Path, answer, decline, no, pick, yes};

/// Each wire path, each on another surface, so every surface is run by every wizard.
const RUNS: [(Path, SurfaceKind); 3] = [
    (Path::Sync, SurfaceKind::Dynamic),
    (Path::Mrtr, SurfaceKind::Meta),
    (Path::Mrtr, SurfaceKind::Individual),
];

const REF: &str = "Select the branch or tag to run the pipeline on";
const VARIABLES: &str = "Enter CI/CD variables as KEY=value pairs separated by commas, or leave \
                         empty (not for secrets: use CI/CD settings)";
const NEW_BRANCH: &str = "Enter the new branch name";
const START: &str = "Select the branch or tag to start from";
const TITLE: &str = "Enter the milestone title";
const DUE: &str = "Enter the due date as YYYY-MM-DD, not before the start date (or leave empty)";

/// The sandbox project's branches, the default one first, then its tags, as a live
/// choice offers them: the name answered, the name and what it is shown.
const REFS: [(&str, &str); 4] = [
    ("main", "main (default branch)"),
    ("feature/x", "feature/x (branch)"),
    ("fix/tokenizer", "fix/tokenizer (branch)"),
    ("v1.0.0", "v1.0.0 (tag)"),
];

fn keys(asked: &[Asked]) -> Vec<&str> {
    asked.iter().map(|a| a.key.as_str()).collect()
}

fn choice(message: &str, options: &[(&str, &str)]) -> Value {
    let options: Vec<Value> = options
        .iter()
        .map(|(value, title)| json!({"const": value, "title": title}))
        .collect();
    json!({"type": "object", "required": ["selection"], "properties": {"selection": {
        "type": "string", "title": "Ref", "description": message, "oneOf": options}}})
}

fn required_text(key: &str, message: &str) -> Value {
    json!({"type": "object", "required": [key], "properties": {key: {
        "type": "string", "title": wizard::form::label(key), "description": message, "minLength": 1}}})
}

/// The one write GitLab received: method, path, body.
fn one_write(harness: &Harness) -> (Method, String, Value) {
    let writes = harness.sandbox.writes();
    assert_eq!(writes.len(), 1, "{writes:?}");
    let write = &writes[0];
    (write.method.clone(), write.path.clone(), write.body.clone())
}

/// Adds tags straight to the sandbox until the project has more refs than a choice offers.
async fn over_a_hundred_refs(harness: &Harness) {
    let gitlab = GitLab::new(GitLabConfig::new(harness.sandbox.base_url())).unwrap();
    for n in 0..100 {
        let tag = ApiRequest::post()
            .segment("projects")
            .segment(1)
            .segment("repository")
            .segment("tags")
            .json(json!({"tag_name": format!("build-{n:03}"), "ref": "main"}));
        gitlab.send(tag).await.expect("the sandbox takes the tag");
    }
    harness.sandbox.clear_requests();
}

#[tokio::test]
async fn a_pipeline_runs_on_a_ref_picked_from_gitlab_with_its_variables() {
    for (path, surface) in RUNS {
        let at = format!("{path:?} {surface:?}");
        let harness = Harness::new(surface).await;
        let replies = vec![
            pick("fix/tokenizer"),
            answer("variables", "DEPLOY_ENV=staging, staging"),
            answer("variables", " DEPLOY_ENV = staging ,DEBUG=1"),
            yes(),
        ];
        let (result, asked) = harness
            .wizard::<PipelineWizard>(path, replies, json!({"project_id": "demo/sandbox"}))
            .await;
        assert_eq!(result.is_error, Some(false), "{at}: {}", text(&result));
        assert_eq!(
            keys(&asked),
            ["ref", "variables", "variables", "confirm"],
            "{at}"
        );
        assert_eq!(asked[0].schema, choice(REF, &REFS), "{at}");
        assert_eq!(asked[1].message, VARIABLES);
        assert_eq!(
            asked[2].message,
            format!("`staging` has no `=`: write each variable as KEY=value.\n\n{VARIABLES}")
        );
        assert_eq!(
            asked[3].message,
            "Run a pipeline in project `demo/sandbox`?\n\n- Ref: `fix/tokenizer`\n\
             - Variables: `DEPLOY_ENV=staging, DEBUG=1`"
        );
        assert_eq!(
            one_write(&harness),
            (
                Method::POST,
                "/api/v4/projects/demo/sandbox/pipeline".to_owned(),
                json!({"ref": "fix/tokenizer", "variables": [
                    {"key": "DEPLOY_ENV", "value": "staging"},
                    {"key": "DEBUG", "value": "1"}
                ]})
            ),
            "{at}"
        );
        let pipeline = result.structured_content.unwrap();
        assert!(pipeline["id"].is_u64(), "{pipeline}");
        assert!(
            pipeline["web_url"]
                .as_str()
                .is_some_and(|url| url.contains("/-/pipelines/")),
            "{pipeline}"
        );
    }
}

#[tokio::test]
async fn a_ref_not_offered_is_malformed_and_sends_nothing() {
    for (path, surface) in RUNS {
        let harness = Harness::new(surface).await;
        let (result, asked) = harness
            .wizard::<PipelineWizard>(path, vec![pick("nope")], json!({"project_id": 1}))
            .await;
        assert_eq!(keys(&asked), ["ref"]);
        assert_eq!(result.is_error, Some(true));
        assert!(
            text(&result).starts_with("collecting ref: "),
            "{path:?}: {}",
            text(&result)
        );
        harness.nothing_written();
    }
}

#[tokio::test]
async fn past_a_hundred_refs_the_ref_is_typed_and_checked() {
    for (path, surface) in RUNS {
        let at = format!("{path:?} {surface:?}");
        let harness = Harness::new(surface).await;
        over_a_hundred_refs(&harness).await;
        let replies = vec![
            answer("ref", "build-999"),
            answer("ref", "build-042"),
            decline(),
            yes(),
        ];
        let (result, asked) = harness
            .wizard::<PipelineWizard>(path, replies, json!({"project_id": "demo/sandbox"}))
            .await;
        assert_eq!(result.is_error, Some(false), "{at}: {}", text(&result));
        assert_eq!(asked[0].schema, required_text("ref", REF), "{at}");
        assert_eq!(
            asked[1].message,
            format!("There is no branch or tag `build-999` in `demo/sandbox`.\n\n{REF}"),
            "{at}"
        );
        let (_, _, body) = one_write(&harness);
        assert_eq!(body, json!({"ref": "build-042"}), "{at}: no variables");
    }
}

#[tokio::test]
async fn a_failed_fetch_asks_the_start_as_text_and_checks_it() {
    for (path, surface) in RUNS {
        let at = format!("{path:?} {surface:?}");
        let harness = Harness::new(surface).await;
        // The list of tags fails once: the options cannot be offered.
        harness.sandbox.fail_matching(
            Method::GET,
            "/projects/demo/sandbox/repository/tags",
            FaultSpec::status(503).times(1),
        );
        let replies = vec![
            answer("branch", "feature/x"),
            answer("branch", "bad name"),
            answer("branch", "topic/new"),
            answer("ref", "no-such-ref"),
            answer("ref", "v1.0.0"),
            yes(),
        ];
        let (result, asked) = harness
            .wizard::<BranchWizard>(path, replies, json!({"project_id": "demo/sandbox"}))
            .await;
        assert_eq!(result.is_error, Some(false), "{at}: {}", text(&result));
        assert_eq!(
            keys(&asked),
            ["branch", "branch", "branch", "ref", "ref", "confirm"],
            "{at}"
        );
        assert_eq!(
            asked[1].message,
            format!("There is a branch `feature/x` in `demo/sandbox` already.\n\n{NEW_BRANCH}")
        );
        assert_eq!(
            asked[2].message,
            format!(
                "`bad name` cannot be a branch name: it may not contain spaces or control \
                 characters.\n\n{NEW_BRANCH}"
            )
        );
        assert_eq!(asked[3].schema, required_text("ref", START), "{at}");
        assert_eq!(
            asked[4].message,
            format!(
                "There is no branch, tag or commit `no-such-ref` in `demo/sandbox`.\n\n{START}"
            )
        );
        assert_eq!(
            asked[5].message,
            "Create branch `topic/new` in project `demo/sandbox`?\n\n- From: `v1.0.0`"
        );
        assert_eq!(
            one_write(&harness),
            (
                Method::POST,
                "/api/v4/projects/demo/sandbox/repository/branches".to_owned(),
                json!({"branch": "topic/new", "ref": "v1.0.0"})
            )
        );
        assert_eq!(result.structured_content.unwrap()["name"], "topic/new");
    }
}

#[tokio::test]
async fn a_branch_starts_from_a_ref_picked_from_gitlab() {
    for (path, surface) in RUNS {
        let harness = Harness::new(surface).await;
        let replies = vec![answer("branch", "topic/new"), pick("main"), yes()];
        let (result, asked) = harness
            .wizard::<BranchWizard>(path, replies, json!({"project_id": 1}))
            .await;
        assert_eq!(result.is_error, Some(false), "{}", text(&result));
        assert_eq!(asked[1].schema, choice(START, &REFS));
        let (_, _, body) = one_write(&harness);
        assert_eq!(body, json!({"branch": "topic/new", "ref": "main"}));
    }
}

#[tokio::test]
async fn a_milestone_due_before_its_start_is_asked_again() {
    for (path, surface) in RUNS {
        let at = format!("{path:?} {surface:?}");
        let harness = Harness::new(surface).await;
        let replies = vec![
            answer("title", "v1.1"),
            answer("title", "Sprint 12"),
            answer("description", "The parser"),
            answer("start_date", "2026-09-31"),
            answer("start_date", "2026-09-01"),
            answer("due_date", "2026-08-31"),
            answer("due_date", "2026-09-30"),
            yes(),
        ];
        let (result, asked) = harness
            .wizard::<MilestoneWizard>(path, replies, json!({"project_id": "demo/sandbox"}))
            .await;
        assert_eq!(result.is_error, Some(false), "{at}: {}", text(&result));
        assert_eq!(
            asked[1].message,
            format!("There is a milestone `v1.1` in `demo/sandbox` already.\n\n{TITLE}")
        );
        assert_eq!(
            asked[4].message,
            "`2026-09-31` is not a date written YYYY-MM-DD.\n\nEnter the start date as YYYY-MM-DD \
             (or leave empty)"
        );
        assert_eq!(
            asked[6].message,
            format!("The due date `2026-08-31` is before the start date `2026-09-01`.\n\n{DUE}")
        );
        assert_eq!(
            asked[7].message,
            "Create milestone in project `demo/sandbox`?\n\n- Title: `Sprint 12`\n\
             - Description: `The parser`\n- Start: `2026-09-01`\n- Due: `2026-09-30`",
            "{at}"
        );
        assert_eq!(
            one_write(&harness),
            (
                Method::POST,
                "/api/v4/projects/demo/sandbox/milestones".to_owned(),
                json!({"title": "Sprint 12", "description": "The parser",
                       "start_date": "2026-09-01", "due_date": "2026-09-30"})
            )
        );
    }
}

#[tokio::test]
async fn a_milestone_with_every_optional_declined_sends_the_title_alone() {
    for (path, surface) in RUNS {
        let harness = Harness::new(surface).await;
        let replies = vec![
            answer("title", "Sprint 12"),
            decline(),
            decline(),
            decline(),
            yes(),
        ];
        let (result, asked) = harness
            .wizard::<MilestoneWizard>(path, replies, json!({"project_id": 1}))
            .await;
        assert_eq!(result.is_error, Some(false), "{}", text(&result));
        assert_eq!(
            keys(&asked),
            ["title", "description", "start_date", "due_date", "confirm"]
        );
        assert_eq!(one_write(&harness).2, json!({"title": "Sprint 12"}));
    }
}

/// A merge request from `feature/x` into `main`, as the user opened it: iid 2.
async fn open_merge_request(harness: &Harness) {
    harness
        .ok(
            "merge_request.create",
            json!({"project_id": 1, "source_branch": "feature/x", "target_branch": "main",
                   "title": "Word counter"}),
        )
        .await;
    harness.sandbox.clear_requests();
}

const MERGE_INTRO: &str = "Merge request !2 in `demo/sandbox`: `Word counter`\n\n- Branches: \
                           `feature/x` -> `main`\n- Pipeline: none\n- Merge status: \
                           `mergeable`";

#[tokio::test]
async fn a_merge_shows_the_merge_request_and_its_summary_is_the_confirmation() {
    for (path, surface) in RUNS {
        let at = format!("{path:?} {surface:?}");
        let harness = Harness::new(surface).await;
        open_merge_request(&harness).await;
        let args = json!({"project_id": "demo/sandbox", "merge_request_iid": 2});
        let replies = vec![yes(), no(), yes()];
        let (result, asked) = harness
            .wizard::<MergeWizard>(path, replies, args.clone())
            .await;
        assert_eq!(result.is_error, Some(false), "{at}: {}", text(&result));
        // No pipeline, so nothing to wait for; no guard question after the summary.
        assert_eq!(
            keys(&asked),
            ["squash", "should_remove_source_branch", "confirm"],
            "{at}"
        );
        assert_eq!(
            asked[0].message,
            format!("{MERGE_INTRO}\n\nSquash commits on merge?"),
            "{at}"
        );
        assert_eq!(
            asked[2].message,
            format!(
                "{MERGE_INTRO}\n\nMerge `!2` in project `demo/sandbox`?\n\
                 - Squash commits: Yes\n- Source branch: kept"
            ),
            "{at}"
        );
        assert_eq!(
            one_write(&harness),
            (
                Method::PUT,
                "/api/v4/projects/demo/sandbox/merge_requests/2/merge".to_owned(),
                json!({"squash": true, "should_remove_source_branch": false})
            ),
            "{at}"
        );
        assert_eq!(result.structured_content.unwrap()["state"], "merged");

        // Merged now: the wizard stops before asking anything.
        let (result, asked) = harness
            .wizard::<MergeWizard>(path, vec![], args.clone())
            .await;
        assert!(asked.is_empty());
        assert_eq!(result.is_error, Some(true));
        assert!(
            text(&result).contains("Merge request !2 in `demo/sandbox` is merged already."),
            "{}",
            text(&result)
        );
    }
}

#[tokio::test]
async fn a_merge_answered_no_at_the_summary_sends_nothing() {
    for (path, surface) in RUNS {
        let harness = Harness::new(surface).await;
        open_merge_request(&harness).await;
        let replies = vec![no(), no(), no()];
        let (result, _) = harness
            .wizard::<MergeWizard>(
                path,
                replies,
                json!({"project_id": 1, "merge_request_iid": 2}),
            )
            .await;
        assert_eq!(result.is_error, Some(true));
        harness.nothing_written();
    }
}

/// A merge request its author set to squash and to remove its branch: a merge the user
/// only confirms does what the author set up (the yes/nos start where the merge request
/// has them, not on no), the summary says so, and no pipeline means no question about
/// waiting for one.
#[tokio::test]
async fn a_merge_starts_from_the_merge_requests_own_settings_and_says_them() {
    for (path, surface) in RUNS {
        let at = format!("{path:?} {surface:?}");
        let harness = Harness::new(surface).await;
        harness
            .ok(
                "merge_request.create",
                json!({"project_id": 1, "source_branch": "feature/x", "target_branch": "main",
                       "title": "Word counter", "squash": true, "remove_source_branch": true}),
            )
            .await;
        harness.sandbox.clear_requests();
        // Both yes/nos skipped: each keeps where it starts.
        let replies = vec![decline(), decline(), yes()];
        let args = json!({"project_id": 1, "merge_request_iid": 2});
        let (result, asked) = harness.wizard::<MergeWizard>(path, replies, args).await;
        assert_eq!(result.is_error, Some(false), "{at}: {}", text(&result));
        assert_eq!(
            keys(&asked),
            ["squash", "should_remove_source_branch", "confirm"],
            "{at}"
        );
        for question in &asked[..2] {
            assert_eq!(
                question.schema["properties"]["confirmed"]["default"],
                json!(true),
                "{at}: {} starts ticked",
                question.key
            );
        }
        assert!(
            asked[2]
                .message
                .ends_with("?\n- Squash commits: Yes\n- Source branch: removed after the merge"),
            "{at}: {}",
            asked[2].message
        );
        assert_eq!(
            one_write(&harness).2,
            json!({"squash": true, "should_remove_source_branch": true}),
            "{at}"
        );
        assert_eq!(result.structured_content.unwrap()["state"], "merged");
    }
}

/// A project that always or never squashes decides it whatever the merge request says:
/// the wizard says so instead of asking.
#[tokio::test]
async fn a_project_that_always_or_never_squashes_is_not_asked_about_it() {
    for (path, surface) in RUNS {
        for (option, squash) in [("always", true), ("never", false)] {
            let at = format!("{path:?} {surface:?} {option}");
            let harness = Harness::new(surface).await;
            let gitlab = GitLab::new(GitLabConfig::new(harness.sandbox.base_url())).unwrap();
            let policy = ApiRequest::put()
                .segment("projects")
                .segment("1")
                .json(json!({"squash_option": option}));
            gitlab.send(policy).await.unwrap();
            open_merge_request(&harness).await;
            let replies = vec![decline(), yes()];
            let args = json!({"project_id": 1, "merge_request_iid": 2});
            let (result, asked) = harness.wizard::<MergeWizard>(path, replies, args).await;
            assert_eq!(result.is_error, Some(false), "{at}: {}", text(&result));
            assert_eq!(
                keys(&asked),
                ["should_remove_source_branch", "confirm"],
                "{at}"
            );
            assert!(
                asked[0].message.contains(&format!(
                    "- Squash commits: {option}, as the project requires"
                )),
                "{at}: {}",
                asked[0].message
            );
            assert_eq!(
                asked[1].message.contains("- Squash commits: Yes"),
                squash,
                "{at}: {}",
                asked[1].message
            );
            assert_eq!(
                one_write(&harness).2,
                json!({"squash": squash, "should_remove_source_branch": false}),
                "{at}"
            );
        }
    }
}

#[tokio::test]
async fn a_merge_when_the_running_pipeline_succeeds_leaves_it_open() {
    for (path, surface) in RUNS {
        let harness = Harness::new(surface).await;
        harness
            .ok(
                "pipeline.create",
                json!({"project_id": 1, "ref": "feature/x"}),
            )
            .await;
        open_merge_request(&harness).await;
        let replies = vec![no(), yes(), yes(), yes()];
        let (result, asked) = harness
            .wizard::<MergeWizard>(
                path,
                replies,
                json!({"project_id": 1, "merge_request_iid": 2}),
            )
            .await;
        assert_eq!(result.is_error, Some(false), "{}", text(&result));
        assert!(
            asked[0].message.contains("- Pipeline: `"),
            "{}",
            asked[0].message
        );
        assert_eq!(
            one_write(&harness).2,
            json!({"squash": false, "should_remove_source_branch": true,
                   "auto_merge": true})
        );
        let mr = result.structured_content.unwrap();
        assert_eq!(
            (&mr["state"], &mr["merge_when_pipeline_succeeds"]),
            (&json!("opened"), &json!(true))
        );
    }
}

#[tokio::test]
async fn a_merge_gitlab_would_refuse_stops_before_any_question_and_says_why() {
    for (path, surface) in RUNS {
        let harness = Harness::new(surface).await;
        // The demo merge request waits for an approval.
        let (result, asked) = harness
            .wizard::<MergeWizard>(
                path,
                vec![],
                json!({"project_id": "demo/sandbox", "merge_request_iid": 1}),
            )
            .await;
        assert!(asked.is_empty(), "{path:?}");
        assert_eq!(result.is_error, Some(true));
        assert!(
            text(&result).contains(
                "Merge request !1 in `demo/sandbox` cannot be merged now: it needs its approvals \
                 first (GitLab's merge status `not_approved`)."
            ),
            "{path:?}: {}",
            text(&result)
        );
        harness.nothing_written();
    }
}

#[tokio::test]
async fn a_merge_request_that_does_not_exist_stops_the_merge_before_any_question() {
    for (path, surface) in RUNS {
        let harness = Harness::new(surface).await;
        let (result, asked) = harness
            .wizard::<MergeWizard>(
                path,
                vec![],
                json!({"project_id": "demo/sandbox", "merge_request_iid": 99}),
            )
            .await;
        assert!(asked.is_empty());
        assert_eq!(result.is_error, Some(true));
        assert!(
            text(&result).contains("There is no merge request !99 in `demo/sandbox`."),
            "{}",
            text(&result)
        );
        harness.nothing_written();
    }
}

/// Claude Code and fast-agent show the summary's yes/no as a checkbox beside Accept:
/// Accept with the box unticked sends `confirmed: false`. Nothing is created, and the
/// ending says which box was not ticked rather than that the user cancelled; the box is
/// labelled with the action and says that Accept alone does nothing.
#[tokio::test]
async fn a_summary_accepted_with_its_box_unticked_creates_nothing_and_says_so() {
    for (path, surface) in RUNS {
        let at = format!("{path:?} {surface:?}");
        let harness = Harness::new(surface).await;
        let replies = vec![
            answer("title", "Never filed"),
            decline(),
            decline(),
            decline(),
            no(),
        ];
        let (result, asked) = harness
            .wizard::<IssueWizard>(path, replies, json!({"project_id": 1}))
            .await;
        assert_eq!(result.is_error, Some(true), "{at}");
        assert_eq!(
            text(&result),
            "Not created: the box 'Create the issue' was not ticked.",
            "{at}"
        );
        assert_eq!(
            asked[4].schema["properties"]["confirmed"],
            json!({"type": "boolean", "title": "Create the issue", "default": false,
                   "description": "Tick this box, then Accept, to create the issue. Accept \
                                   without ticking it creates nothing."}),
            "{at}"
        );
        harness.nothing_written();

        // The same for a merge.
        open_merge_request(&harness).await;
        let args = json!({"project_id": 1, "merge_request_iid": 2});
        let (result, _) = harness
            .wizard::<MergeWizard>(path, vec![decline(), decline(), no()], args)
            .await;
        assert_eq!(
            text(&result),
            "Not merged: the box 'Merge the merge request' was not ticked.",
            "{at}"
        );
        harness.nothing_written();
    }
}
