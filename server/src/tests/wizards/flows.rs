//! The issue, merge request, release and project wizards driven end to end by the runtime's test kit: a real rmcp
//! client/server pair on the sync path, the MRTR path, and MRTR declared in
//! `initialize`. GitLab cannot be reached here, so every live check accepts the answer
//! (GitLab's answer to the final call would decide): what they check against a GitLab is
//! in `wizard_live.rs`.

use crate::catalog::wizard::{GitLabTexts, GitLabWizard};
use crate::gitlab::{GitLab, GitLabConfig, ProjectId};
use crate::wizards::{
    IssueWizard, IssueWizardArgs, MergeRequestWizard, MergeRequestWizardArgs, ProjectWizard,
    ProjectWizardArgs, ReleaseWizard, ReleaseWizardArgs, Visibility,
};
use rmcp::model::ClientCapabilities;
use serde_json::json;
use wizard::Outcome;
use wizard::testkit::{self, Kit, Path, accept, answer, cancel, decline, no, pick, yes};

/// The scripted run with this server's texts, against a GitLab nobody answers at.
fn run<W: wizard::Wizard<Context = GitLab>>(
    path: Path,
    args: W::Args,
    replies: impl IntoIterator<Item = wizard::prompt::Reply>,
) -> testkit::Report<W> {
    let flow = wizard::Flow::new(wizard::StateKeys::random()).with_texts(GitLabTexts);
    Kit::new(path)
        .with_flow(flow)
        .run_with(args, offline(), replies)
}

/// A client for a GitLab at a local port nothing listens on: every read fails at once.
fn offline() -> GitLab {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free port")
        .port();
    let url = format!("http://127.0.0.1:{port}/").parse().expect("a URL");
    GitLab::new(GitLabConfig::new(url)).expect("a valid configuration")
}

/// Every question the project wizard may ask, in order.
const PROJECT_KEYS: [&str; 6] = [
    "name",
    "description",
    "visibility",
    "initialize_with_readme",
    "default_branch",
    "confirm",
];

const PATHS: [Path; 3] = [Path::Sync, Path::Mrtr, Path::MrtrDeclaredInInitialize];

/// Project 42: the tool input of the three wizards that take one.
const P42: ProjectId = ProjectId::Id(42);

#[test]
fn issue_asks_five_questions_and_builds_the_issue() {
    let long = "x".repeat(120);
    for path in PATHS {
        let replies = [
            answer("title", "Login fails on https://example.com"),
            answer("description", &long),
            answer("labels", "bug, ,, ui,"),
            yes(),
            yes(),
        ];
        let report = run::<IssueWizard>(path, IssueWizardArgs { project_id: P42 }, replies);
        assert_eq!(
            report.keys(),
            ["title", "description", "labels", "confidential", "confirm"],
            "{path:?}"
        );
        assert_eq!(
            report.asked[4].message,
            format!(
                "Create issue in project `42`?\n\n- Title: `Login fails on https[:]//example.com`\n\
                 - Description: `{}...`\n- Labels: `bug, ui`\n- Confidential: Yes",
                "x".repeat(100)
            )
        );
        let issue = report.finished();
        assert_eq!(issue.project_id, ProjectId::Id(42));
        assert_eq!(issue.title, "Login fails on https://example.com");
        assert_eq!(issue.description.as_deref(), Some(long.as_str()));
        assert_eq!(issue.labels, Some(vec!["bug".to_owned(), "ui".to_owned()]));
        assert_eq!(issue.confidential, Some(true));
    }
}

/// What a form client sends for a field the user did not fill: the field left out, or
/// empty. Either way an optional question stays unset and the wizard goes on.
#[test]
fn optional_fields_left_out_or_empty_stay_unset() {
    for path in PATHS {
        let replies = [
            answer("title", "Crash on save"),
            accept(json!({})),
            answer("labels", ""),
            accept(json!({})),
            yes(),
        ];
        let report = run::<IssueWizard>(path, IssueWizardArgs { project_id: P42 }, replies);
        assert_eq!(
            report.asked[4].message, "Create issue in project `42`?\n\n- Title: `Crash on save`",
            "{path:?}"
        );
        let issue = report.finished();
        assert_eq!(
            (issue.description, issue.labels, issue.confidential),
            (None, None, None),
            "{path:?}"
        );

        // The release name is optional: left out, it is not set.
        let replies = [
            answer("tag_name", "v1.0.0"),
            accept(json!({})),
            accept(json!({})),
            yes(),
        ];
        let release = run::<ReleaseWizard>(path, ReleaseWizardArgs { project_id: P42 }, replies);
        assert_eq!(release.finished().name, None, "{path:?}");
    }
}

#[test]
fn merge_request_asks_eight_questions() {
    for path in PATHS {
        let replies = [
            answer("source_branch", "feature"),
            answer("target_branch", "main"),
            answer("title", "Add it"),
            decline(),
            answer("labels", ""),
            yes(),
            no(),
            yes(),
        ];
        let args = MergeRequestWizardArgs { project_id: P42 };
        let report = run::<MergeRequestWizard>(path, args, replies);
        assert_eq!(
            report.keys(),
            [
                "source_branch",
                "target_branch",
                "title",
                "description",
                "labels",
                "remove_source_branch",
                "squash",
                "confirm"
            ]
        );
        assert_eq!(
            report.asked[7].message,
            "Create merge request in project `42`?\n\n- Title: `Add it`\n- Source branch: `feature`\n- Target branch: `main`\n\
             - Remove source branch: Yes"
        );
        let mr = report.finished();
        assert_eq!((mr.description, mr.labels), (None, None));
        assert_eq!(
            (mr.remove_source_branch, mr.squash),
            (Some(true), Some(false))
        );
    }
}

#[test]
fn release_name_is_optional_and_declining_it_names_the_release_after_its_tag() {
    for path in PATHS {
        let args = || ReleaseWizardArgs { project_id: P42 };
        // Its form does not require it, so Decline must skip it rather than end the
        // wizard.
        let replies = [answer("tag_name", "v1.0.0"), decline(), decline(), yes()];
        let report = run::<ReleaseWizard>(path, args(), replies);
        assert_eq!(
            report.keys(),
            ["tag_name", "name", "description", "confirm"],
            "{path:?}: {}",
            report.text()
        );
        let name = &report.asked[1];
        assert_eq!(name.schema["required"], json!(null), "{path:?}");
        assert_eq!(
            report.asked[3].message,
            "Create release in project `42`?\n\n- Tag: `v1.0.0`"
        );
        let release = report.finished();
        assert_eq!(
            (release.name.as_deref(), release.description.as_deref()),
            (None, None)
        );
        assert_eq!(release.request().body.unwrap()["name"], "v1.0.0");

        // Answered, the name is the release's.
        let replies = [
            answer("tag_name", "v1.0.0"),
            answer("name", "Spring"),
            decline(),
            yes(),
        ];
        let release = run::<ReleaseWizard>(path, args(), replies).finished();
        assert_eq!(release.request().body.unwrap()["name"], "Spring");
    }
}

#[test]
fn project_asks_the_default_branch_only_after_a_readme_yes() {
    for path in PATHS {
        let start = || vec![answer("name", "demo"), decline(), pick("public")];
        let mut replies = start();
        replies.extend([yes(), answer("default_branch", "trunk"), yes()]);
        let report = run::<ProjectWizard>(path, ProjectWizardArgs {}, replies);
        assert_eq!(report.keys(), PROJECT_KEYS);
        assert_eq!(
            report.asked[2].schema,
            json!({"type": "object", "required": ["selection"], "properties": {"selection": {"type": "string",
                "title": "Visibility", "description": "Select the project visibility", "enum": ["private", "internal", "public"]}}})
        );
        assert_eq!(
            report.asked[5].message,
            "Create new GitLab project?\n\n- Name: `demo`\n- Visibility: `public`\n- README: Yes\n- Default branch: `trunk`"
        );
        let project = report.finished();
        assert_eq!(project.visibility, Visibility::Public);
        assert!(project.initialize_with_readme);
        assert_eq!(project.default_branch.as_deref(), Some("trunk"));

        for readme in [no(), decline()] {
            let mut replies = start();
            replies.extend([readme, yes()]);
            let report = run::<ProjectWizard>(path, ProjectWizardArgs {}, replies);
            let without_branch: Vec<&str> = PROJECT_KEYS
                .into_iter()
                .filter(|key| *key != "default_branch")
                .collect();
            assert_eq!(report.keys(), without_branch);
            let project = report.finished();
            assert!(!project.initialize_with_readme);
            assert_eq!(project.default_branch, None);
        }
    }
}

#[test]
fn a_visibility_that_was_not_offered_is_malformed() {
    for path in PATHS {
        let replies = [answer("name", "p"), decline(), pick("secret")];
        let report = run::<ProjectWizard>(path, ProjectWizardArgs {}, replies);
        assert!(
            report.text().starts_with("collecting visibility: "),
            "{path:?}: {}",
            report.text()
        );
        assert!(matches!(report.outcome, Outcome::Failed(_)), "{path:?}");
    }
}

#[test]
fn every_wizard_cancels_with_its_own_noun() {
    for path in PATHS {
        let issue = run::<IssueWizard>(path, IssueWizardArgs { project_id: P42 }, [cancel()]);
        assert_eq!(issue.text(), "Issue creation cancelled by user.");
        let args = MergeRequestWizardArgs { project_id: P42 };
        let mr = run::<MergeRequestWizard>(path, args, [answer("source_branch", "f"), cancel()]);
        assert_eq!(mr.text(), "Merge request creation cancelled by user.");
        let project = run::<ProjectWizard>(
            path,
            ProjectWizardArgs {},
            [answer("name", "p"), decline(), decline()],
        );
        assert_eq!(project.text(), "Project creation cancelled by user.");
    }
}

#[test]
fn a_malformed_summary_answer_names_the_wizard() {
    let replies = [
        answer("tag_name", "v1"),
        answer("name", "One"),
        decline(),
        accept(json!({"confirmed": 1})),
    ];
    let report = run::<ReleaseWizard>(Path::Mrtr, ReleaseWizardArgs { project_id: P42 }, replies);
    assert!(
        report
            .text()
            .starts_with("release creation confirmation failed: "),
        "{}",
        report.text()
    );
}

#[test]
fn without_elicitation_each_wizard_names_its_alternative() {
    let kit = Kit::new(Path::Mrtr).with_capabilities(ClientCapabilities::default());
    let texts = [
        kit.run_with::<IssueWizard>(IssueWizardArgs { project_id: P42 }, offline(), [])
            .text(),
        kit.run_with::<MergeRequestWizard>(
            MergeRequestWizardArgs { project_id: P42 },
            offline(),
            [],
        )
        .text(),
        kit.run_with::<ReleaseWizard>(ReleaseWizardArgs { project_id: P42 }, offline(), [])
            .text(),
        kit.run_with::<ProjectWizard>(ProjectWizardArgs {}, offline(), [])
            .text(),
    ];
    let alternatives = [
        "issue.create",
        "merge_request.create",
        "release.create",
        "project.create",
    ];
    for (text, alternative) in texts.iter().zip(alternatives) {
        assert!(text.contains(&format!("`{alternative}`")), "{text}");
        for other in alternatives.iter().filter(|other| **other != alternative) {
            assert!(
                !text.contains(other),
                "{text} names only its own alternative"
            );
        }
    }
}
