//! The issue, merge request, release and project wizards' live checks against the sandbox GitLab, through the server's own
//! tools on both wire paths: an answer GitLab would refuse is asked again with the reason
//! (the same key again on 2026-07-28), the third refusal ends the wizard with nothing
//! sent, and a check GitLab cannot answer accepts, leaving the final call to decide.

use crate::surfaces::SurfaceKind;
use crate::tests::common::mcp::{Harness, text};
use crate::wizards::{MergeRequestWizard, ProjectWizard, ReleaseWizard};
use gitlab_sandbox::FaultSpec;
use reqwest::Method;
use serde_json::json;
use wizard::testkit::{Asked, Path, Reply, answer, decline, pick, yes};

const PATHS: [Path; 2] = [Path::Sync, Path::Mrtr];

const SOURCE: &str = "Enter the source branch name";
const TARGET: &str =
    "Enter the target branch name (the branch to merge into, often the default one)";
const TAG: &str = "Enter the tag name for the release (must already exist)";
const NAME: &str = "Enter the project name";

fn keys(asked: &[Asked]) -> Vec<&str> {
    asked.iter().map(|a| a.key.as_str()).collect()
}

fn messages(asked: &[Asked]) -> Vec<&str> {
    asked.iter().map(|a| a.message.as_str()).collect()
}

/// The rest of a merge request after its branches: a title, every optional declined,
/// and a yes.
fn mr_rest() -> Vec<Reply> {
    vec![
        answer("title", "Add the word counter"),
        decline(),
        decline(),
        decline(),
        decline(),
        yes(),
    ]
}

#[tokio::test]
async fn merge_request_branches_are_asked_again_until_gitlab_would_take_them() {
    for path in PATHS {
        let harness = Harness::new(SurfaceKind::Individual).await;
        let mut replies = vec![
            answer("source_branch", "featur/x"),
            answer("source_branch", "feature/x"),
            answer("target_branch", "feature/x"),
            answer("target_branch", "main"),
        ];
        replies.extend(mr_rest());
        let (result, asked) = harness
            .wizard::<MergeRequestWizard>(path, replies, json!({"project_id": "demo/sandbox"}))
            .await;
        assert_eq!(result.is_error, Some(false), "{path:?}: {}", text(&result));
        assert_eq!(
            keys(&asked)[..5],
            [
                "source_branch",
                "source_branch",
                "target_branch",
                "target_branch",
                "title"
            ],
            "{path:?}"
        );
        assert_eq!(
            messages(&asked)[..4],
            [
                SOURCE.to_owned(),
                format!(
                    "There is no branch `featur/x` in `demo/sandbox`. Its closest branches: \
                     `feature/x`.\n\n{SOURCE}"
                ),
                TARGET.to_owned(),
                format!(
                    "The target branch must differ from the source branch `feature/x`.\n\n{TARGET}"
                ),
            ]
        );
        // The form asked again is the same form, its field described by the reason, so
        // that a client shows the reason next to the field.
        let mut again = asked[0].schema.clone();
        again["properties"]["source_branch"]["description"] = json!(
            "There is no branch `featur/x` in `demo/sandbox`. Its closest branches: `feature/x`."
        );
        assert_eq!(asked[1].schema, again);
        let writes = harness.sandbox.writes();
        assert_eq!(writes.len(), 1, "{writes:?}");
        assert_eq!(writes[0].body["source_branch"], "feature/x");
        assert_eq!(writes[0].body["target_branch"], "main");
    }
}

/// A branch question names no branch the project may lack (the hint used to say
/// `develop`), and a mistyped branch is refused with the mistyped name and the project's
/// closest branches, at most ten, so that the user asked again sees what would be taken.
#[tokio::test]
async fn a_mistyped_branch_is_asked_again_with_the_closest_branches_beside_it() {
    assert!(!TARGET.contains("develop"), "{TARGET}");
    for path in PATHS {
        let harness = Harness::new(SurfaceKind::Individual).await;
        // More branches than a refusal lists: the closest ten of them are named.
        for n in 0..12 {
            let branch = format!("release/1.{n}");
            let params = json!({"project_id": "demo/sandbox", "branch": branch, "ref": "main"});
            harness.ok("branch.create", params).await;
        }
        let mut replies = vec![
            answer("source_branch", "feature/x"),
            answer("target_branch", "mian"),
            answer("target_branch", "relase/1.1"),
            answer("target_branch", "main"),
        ];
        replies.extend(mr_rest());
        let (result, asked) = harness
            .wizard::<MergeRequestWizard>(path, replies, json!({"project_id": "demo/sandbox"}))
            .await;
        assert_eq!(result.is_error, Some(false), "{path:?}: {}", text(&result));
        assert_eq!(
            asked[2].message,
            format!(
                "There is no branch `mian` in `demo/sandbox`. Its closest branches: `main`.\n\n{TARGET}"
            ),
            "{path:?}"
        );
        let again = &asked[3].message;
        let (reason, _) = again.split_once("\n\n").unwrap();
        assert!(
            reason.starts_with(
                "There is no branch `relase/1.1` in `demo/sandbox`. Its closest branches: \
                 `release/1.1`, "
            ),
            "{path:?}: {reason}"
        );
        assert_eq!(
            reason.matches("`release/1.").count(),
            10,
            "{path:?}: {reason}"
        );
    }
}

#[tokio::test]
async fn a_target_already_joined_to_the_source_by_an_open_merge_request_is_asked_again() {
    for path in PATHS {
        let harness = Harness::new(SurfaceKind::Meta).await;
        let mut replies = vec![
            answer("source_branch", "fix/tokenizer"),
            answer("target_branch", "main"),
            answer("target_branch", "feature/x"),
        ];
        replies.extend(mr_rest());
        let (result, asked) = harness
            .wizard::<MergeRequestWizard>(path, replies, json!({"project_id": 1}))
            .await;
        assert_eq!(
            asked[2].message,
            format!(
                "Merge request !1 already merges `fix/tokenizer` into `main`: `Fix off-by-one in \
                 tokenizer`.\n\n{TARGET}"
            ),
            "{path:?}"
        );
        assert_eq!(result.is_error, Some(false), "{}", text(&result));
    }
}

#[tokio::test]
async fn the_third_refusal_ends_the_wizard_and_sends_nothing() {
    for path in PATHS {
        let harness = Harness::new(SurfaceKind::Dynamic).await;
        let replies = vec![
            answer("source_branch", "a"),
            answer("source_branch", "b"),
            answer("source_branch", "c"),
            answer("source_branch", "feature/x"),
        ];
        let (result, asked) = harness
            .wizard::<MergeRequestWizard>(path, replies, json!({"project_id": "demo/sandbox"}))
            .await;
        assert_eq!(keys(&asked), ["source_branch"; 3], "{path:?}");
        assert_eq!(result.is_error, Some(true));
        assert!(result.structured_content.is_none());
        assert_eq!(
            text(&result),
            "Merge request creation stopped: There is no branch `c` in `demo/sandbox`. Its \
             branches: `feature/x`, `fix/tokenizer`, `main`. The answer to \
             `source_branch` was refused 3 times, so nothing was sent to GitLab."
        );
        harness.nothing_written();
    }
}

#[tokio::test]
async fn a_check_gitlab_cannot_answer_accepts_and_gitlab_decides_at_the_end() {
    for path in PATHS {
        let harness = Harness::new(SurfaceKind::Individual).await;
        harness.sandbox.fail_matching(
            Method::GET,
            "/projects/demo/sandbox/repository/branches",
            FaultSpec::status(503).times(usize::MAX),
        );
        let mut replies = vec![
            answer("source_branch", "no-such-branch"),
            answer("target_branch", "main"),
        ];
        replies.extend(mr_rest());
        let (result, asked) = harness
            .wizard::<MergeRequestWizard>(path, replies, json!({"project_id": "demo/sandbox"}))
            .await;
        assert_eq!(
            keys(&asked),
            [
                "source_branch",
                "target_branch",
                "title",
                "description",
                "labels",
                "remove_source_branch",
                "squash",
                "confirm"
            ],
            "{path:?}: accepted unchecked"
        );
        // GitLab's own answer to the one write it received.
        assert_eq!(result.is_error, Some(true));
        assert!(
            text(&result).contains("source_branch"),
            "{path:?}: {}",
            text(&result)
        );
        assert_eq!(harness.sandbox.writes().len(), 1);
    }
}

#[tokio::test]
async fn a_release_tag_must_exist_and_have_no_release_yet() {
    for path in PATHS {
        let harness = Harness::new(SurfaceKind::Individual).await;
        harness
            .ok(
                "tag.create",
                json!({"project_id": 1, "tag_name": "v1.1.0", "ref": "main"}),
            )
            .await;
        harness
            .ok(
                "release.create",
                json!({"project_id": 1, "tag_name": "v1.0.0", "name": "First"}),
            )
            .await;
        harness.sandbox.clear_requests();
        let replies = vec![
            answer("tag_name", "v9"),
            answer("tag_name", "v1.0.0"),
            answer("tag_name", "v1.1.0"),
            answer("name", ""),
            decline(),
            yes(),
        ];
        let (result, asked) = harness
            .wizard::<ReleaseWizard>(path, replies, json!({"project_id": "demo/sandbox"}))
            .await;
        assert_eq!(
            messages(&asked)[..3],
            [
                TAG.to_owned(),
                format!("There is no tag `v9` in `demo/sandbox`: enter an existing tag.\n\n{TAG}"),
                format!("Tag `v1.0.0` already has a release, `First`.\n\n{TAG}"),
            ],
            "{path:?}"
        );
        assert_eq!(result.is_error, Some(false), "{}", text(&result));
        let writes = harness.sandbox.writes();
        assert_eq!(writes.len(), 1);
        assert_eq!(writes[0].body["tag_name"], "v1.1.0");
    }
}

#[tokio::test]
async fn a_project_name_must_be_free_in_the_users_namespace() {
    for path in PATHS {
        let harness = Harness::new(SurfaceKind::Meta).await;
        harness
            .ok(
                "project.create",
                json!({"name": "Tools", "visibility": "private"}),
            )
            .await;
        harness.sandbox.clear_requests();
        let replies = vec![
            answer("name", "tools"),
            answer("name", "Tools."),
            // `demo/sandbox` is the group's: the name is free in the user's namespace.
            answer("name", "sandbox"),
            decline(),
            pick("private"),
            decline(),
            yes(),
        ];
        let (result, asked) = harness
            .wizard::<ProjectWizard>(path, replies, json!({}))
            .await;
        assert_eq!(
            messages(&asked)[..3],
            [
                NAME.to_owned(),
                format!(
                    "You already have a project named `tools`: `sandbox-user/tools`.\n\n{NAME}"
                ),
                format!(
                    "The name `Tools.` makes the path `tools`, which `sandbox-user/tools` \
                     already has.\n\n{NAME}"
                ),
            ],
            "{path:?}"
        );
        assert_eq!(result.is_error, Some(false), "{}", text(&result));
        assert_eq!(
            result.structured_content.unwrap()["path_with_namespace"],
            "sandbox-user/sandbox"
        );
    }
}
