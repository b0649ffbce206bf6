//! Drives each wizard through the `Wizard` trait alone (next_step / apply / finish /
//! summary) and pins the questions asked on every branch and what each run builds.

use crate::gitlab::ProjectId;
use crate::wizards::{
    BranchWizard, IssueWizard, MergeRequestWizard, MergeWizard, MilestoneWizard, PipelineWizard,
    ProjectWizard, ProjectWizardArgs, ProjectWizardDraft, ReleaseWizard, Visibility,
};
use serde_json::{Value, json};
use wizard::__private::render_summary;
use wizard::Wizard;
use wizard::question::Requirement;

enum Reply {
    Give(Value),
    Decline,
}
use Reply::{Decline, Give};

/// What one run through the questions asked, and the draft it left.
struct Run<W: Wizard> {
    asked: Vec<&'static str>,
    draft: W::Draft,
}

impl<W: Wizard> Run<W> {
    /// Answers every question asked with the reply given for its key, as the runtime
    /// would: a decline of an optional question stores nothing and moves on.
    fn new(replies: &[(&str, Reply)]) -> Self {
        let mut draft = W::Draft::default();
        let mut asked = Vec::new();
        let mut from = 0;
        while let Some(step) = W::next_step(&draft, from) {
            let question = W::question(step);
            asked.push(question.key);
            let (_, reply) = replies
                .iter()
                .find(|(key, _)| *key == question.key)
                .unwrap_or_else(|| panic!("the test gives no reply to `{}`", question.key));
            match reply {
                Give(value) => W::apply(&mut draft, step, value).unwrap(),
                Decline => assert!(!question.is_required(), "`{}` is required", question.key),
            }
            from = W::index(step) + 1;
        }
        Run { asked, draft }
    }

    fn finish(self, args: W::Args) -> (W, String) {
        let summary = render_summary(&W::summary(&self.draft, &args));
        (W::finish(self.draft, args).unwrap(), summary)
    }
}

/// Every question of each wizard, in order.
const ISSUE_KEYS: [&str; 4] = ["title", "description", "labels", "confidential"];
const MERGE_REQUEST_KEYS: [&str; 7] = [
    "source_branch",
    "target_branch",
    "title",
    "description",
    "labels",
    "remove_source_branch",
    "squash",
];
const RELEASE_KEYS: [&str; 3] = ["tag_name", "name", "description"];
const PROJECT_KEYS: [&str; 5] = [
    "name",
    "description",
    "visibility",
    "initialize_with_readme",
    "default_branch",
];

const PIPELINE_KEYS: [&str; 2] = ["ref", "variables"];
const BRANCH_KEYS: [&str; 2] = ["branch", "ref"];
const MILESTONE_KEYS: [&str; 4] = ["title", "description", "start_date", "due_date"];
const MERGE_KEYS: [&str; 3] = ["squash", "should_remove_source_branch", "auto_merge"];

fn project_42<A: serde::de::DeserializeOwned>() -> A {
    serde_json::from_value(json!({ "project_id": 42 })).unwrap()
}

#[test]
fn steps_follow_the_question_table() {
    fn keys<W: Wizard>() -> Vec<&'static str> {
        W::STEPS.iter().map(|step| W::question(*step).key).collect()
    }
    assert_eq!(keys::<IssueWizard>(), ISSUE_KEYS);
    assert_eq!(keys::<MergeRequestWizard>(), MERGE_REQUEST_KEYS);
    assert_eq!(keys::<ReleaseWizard>(), RELEASE_KEYS);
    assert_eq!(keys::<ProjectWizard>(), PROJECT_KEYS);
    assert_eq!(keys::<PipelineWizard>(), PIPELINE_KEYS);
    assert_eq!(keys::<BranchWizard>(), BRANCH_KEYS);
    assert_eq!(keys::<MilestoneWizard>(), MILESTONE_KEYS);
    assert_eq!(keys::<MergeWizard>(), MERGE_KEYS);
}

#[test]
fn pipeline_with_and_without_variables() {
    let run = Run::<PipelineWizard>::new(&[
        ("ref", Give(json!("main"))),
        ("variables", Give(json!("DEPLOY_ENV=staging,DEBUG=1"))),
    ]);
    assert_eq!(run.asked, PIPELINE_KEYS);
    let (pipeline, summary) = run.finish(project_42());
    assert_eq!(
        summary,
        "Run a pipeline in project `42`?\n\n- Ref: `main`\n- Variables: `DEPLOY_ENV=staging, DEBUG=1`"
    );
    assert_eq!(pipeline.variables.map(|v| v.len()), Some(2));

    let run = Run::<PipelineWizard>::new(&[("ref", Give(json!("v1.0.0"))), ("variables", Decline)]);
    let (pipeline, summary) = run.finish(project_42());
    assert_eq!(
        summary,
        "Run a pipeline in project `42`?\n\n- Ref: `v1.0.0`"
    );
    assert_eq!(
        (pipeline.reference.as_str(), pipeline.variables),
        ("v1.0.0", None)
    );
}

#[test]
fn branch_asks_its_name_then_where_it_starts() {
    let run = Run::<BranchWizard>::new(&[
        ("branch", Give(json!("topic/new"))),
        ("ref", Give(json!("main"))),
    ]);
    assert_eq!(run.asked, BRANCH_KEYS);
    let (branch, summary) = run.finish(project_42());
    assert_eq!(
        summary,
        "Create branch `topic/new` in project `42`?\n\n- From: `main`"
    );
    assert_eq!(
        (branch.branch.as_str(), branch.reference.as_str()),
        ("topic/new", "main")
    );
}

#[test]
fn milestone_with_every_optional_answered_and_declined() {
    let run = Run::<MilestoneWizard>::new(&[
        ("title", Give(json!("Sprint 12"))),
        ("description", Give(json!("The parser"))),
        ("start_date", Give(json!("2026-09-01"))),
        ("due_date", Give(json!("2026-09-30"))),
    ]);
    assert_eq!(run.asked, MILESTONE_KEYS);
    let (milestone, summary) = run.finish(project_42());
    assert_eq!(
        summary,
        "Create milestone in project `42`?\n\n- Title: `Sprint 12`\n- Description: `The parser`\n- Start: `2026-09-01`\n- Due: `2026-09-30`"
    );
    assert_eq!(
        milestone.due_date.map(|d| d.as_str().to_owned()).as_deref(),
        Some("2026-09-30")
    );

    let run = Run::<MilestoneWizard>::new(&[
        ("title", Give(json!("Sprint 12"))),
        ("description", Decline),
        ("start_date", Decline),
        ("due_date", Decline),
    ]);
    let (milestone, summary) = run.finish(project_42());
    assert_eq!(
        summary,
        "Create milestone in project `42`?\n\n- Title: `Sprint 12`"
    );
    assert_eq!((milestone.start_date, milestone.due_date), (None, None));
}

#[test]
fn merge_summary_says_every_yes_and_what_happens_to_the_source_branch() {
    let args =
        || serde_json::from_value(json!({"project_id": 42, "merge_request_iid": 7})).unwrap();
    let run = Run::<MergeWizard>::new(&[
        ("squash", Give(json!(true))),
        ("should_remove_source_branch", Give(json!(false))),
        ("auto_merge", Give(json!(true))),
    ]);
    assert_eq!(run.asked, MERGE_KEYS);
    let (merge, summary) = run.finish(args());
    assert_eq!(
        summary,
        "Merge `!7` in project `42`?\n- Squash commits: Yes\n- Source branch: kept\n- Merge \
         when pipeline succeeds: Yes"
    );
    assert_eq!(merge.should_remove_source_branch, Some(false));

    let declined: Vec<(&str, Reply)> = MERGE_KEYS.iter().map(|key| (*key, Decline)).collect();
    let (merge, summary) = Run::<MergeWizard>::new(&declined).finish(args());
    assert_eq!(summary, "Merge `!7` in project `42`?");
    assert_eq!(
        (
            merge.squash,
            merge.should_remove_source_branch,
            merge.auto_merge
        ),
        (None, None, None)
    );
}

#[test]
fn issue_with_every_optional_declined() {
    let run = Run::<IssueWizard>::new(&[
        ("title", Give(json!("Crash on save"))),
        ("description", Decline),
        ("labels", Decline),
        ("confidential", Decline),
    ]);
    assert_eq!(run.asked, ISSUE_KEYS);
    let (issue, summary) = run.finish(project_42());
    assert_eq!(
        issue,
        IssueWizard {
            project_id: ProjectId::Id(42),
            title: "Crash on save".into(),
            description: None,
            labels: None,
            confidential: None,
        }
    );
    assert_eq!(
        summary,
        "Create issue in project `42`?\n\n- Title: `Crash on save`"
    );
}

#[test]
fn issue_with_every_optional_answered() {
    let run = Run::<IssueWizard>::new(&[
        ("title", Give(json!("Crash on save"))),
        ("description", Give(json!("Steps:\n1. save"))),
        ("labels", Give(json!("bug, ,, ui,"))),
        ("confidential", Give(json!(true))),
    ]);
    assert_eq!(run.asked, ISSUE_KEYS);
    let (issue, summary) =
        run.finish(serde_json::from_value(json!({ "project_id": "group/app" })).unwrap());
    assert_eq!(issue.project_id, ProjectId::Path("group/app".into()));
    assert_eq!(issue.description.as_deref(), Some("Steps:\n1. save"));
    assert_eq!(issue.labels, Some(vec!["bug".to_owned(), "ui".to_owned()]));
    assert_eq!(issue.confidential, Some(true));
    assert_eq!(
        summary,
        "Create issue in project `group/app`?\n\n- Title: `Crash on save`\n- Description: `Steps: 1. save`\n- Labels: `bug, ui`\n- Confidential: Yes"
    );
}

#[test]
fn an_accepted_no_is_kept_and_shows_no_row() {
    let run = Run::<IssueWizard>::new(&[
        ("title", Give(json!("t"))),
        ("description", Decline),
        ("labels", Decline),
        ("confidential", Give(json!(false))),
    ]);
    let (issue, summary) = run.finish(project_42());
    assert_eq!(issue.confidential, Some(false));
    assert!(!summary.contains("Confidential"), "{summary}");
}

#[test]
fn merge_request_with_every_optional_declined() {
    let run = Run::<MergeRequestWizard>::new(&[
        ("source_branch", Give(json!("feature/login"))),
        ("target_branch", Give(json!("main"))),
        ("title", Give(json!("Add login"))),
        ("description", Decline),
        ("labels", Decline),
        ("remove_source_branch", Decline),
        ("squash", Decline),
    ]);
    assert_eq!(run.asked, MERGE_REQUEST_KEYS);
    let (mr, summary) = run.finish(project_42());
    assert_eq!(
        mr,
        MergeRequestWizard {
            project_id: ProjectId::Id(42),
            source_branch: "feature/login".into(),
            target_branch: "main".into(),
            title: "Add login".into(),
            description: None,
            labels: None,
            remove_source_branch: None,
            squash: None,
        }
    );
    assert_eq!(
        summary,
        "Create merge request in project `42`?\n\n- Title: `Add login`\n- Source branch: `feature/login`\n- Target branch: `main`"
    );
}

#[test]
fn merge_request_with_every_optional_answered() {
    let long = "x".repeat(150);
    let run = Run::<MergeRequestWizard>::new(&[
        ("source_branch", Give(json!("feature/login"))),
        ("target_branch", Give(json!("main"))),
        ("title", Give(json!("Add login"))),
        ("description", Give(json!(long))),
        ("labels", Give(json!("auth"))),
        ("remove_source_branch", Give(json!(true))),
        ("squash", Give(json!(true))),
    ]);
    assert_eq!(run.asked, MERGE_REQUEST_KEYS);
    let (mr, summary) = run.finish(project_42());
    assert_eq!(
        mr.description.as_deref(),
        Some(long.as_str()),
        "the full text is kept; only the summary is cut"
    );
    assert_eq!(mr.labels, Some(vec!["auth".to_owned()]));
    assert_eq!(
        (mr.remove_source_branch, mr.squash),
        (Some(true), Some(true))
    );
    let cut = format!("{}...", "x".repeat(100));
    assert_eq!(
        summary,
        format!(
            "Create merge request in project `42`?\n\n- Title: `Add login`\n- Source branch: `feature/login`\n- Target branch: `main`\n- Description: `{cut}`\n- Labels: `auth`\n- Remove source branch: Yes\n- Squash commits: Yes"
        )
    );
}

#[test]
fn release_name_is_optional() {
    let name = ReleaseWizard::QUESTIONS
        .iter()
        .find(|q| q.key == "name")
        .unwrap();
    assert_eq!(name.requirement, Requirement::Optional);
    let run = Run::<ReleaseWizard>::new(&[
        ("tag_name", Give(json!("v1.2.0"))),
        ("name", Decline),
        ("description", Decline),
    ]);
    assert_eq!(run.asked, RELEASE_KEYS);
    let (release, summary) = run.finish(project_42());
    assert_eq!(
        release,
        ReleaseWizard {
            project_id: ProjectId::Id(42),
            tag_name: "v1.2.0".into(),
            name: None,
            description: None,
        }
    );
    assert_eq!(
        summary,
        "Create release in project `42`?\n\n- Tag: `v1.2.0`"
    );
}

#[test]
fn release_with_every_optional_answered() {
    let run = Run::<ReleaseWizard>::new(&[
        ("tag_name", Give(json!("v1.2.0"))),
        ("name", Give(json!("Spring"))),
        ("description", Give(json!("Notes"))),
    ]);
    let (release, summary) = run.finish(project_42());
    assert_eq!(
        (release.name.as_deref(), release.description.as_deref()),
        (Some("Spring"), Some("Notes"))
    );
    assert!(
        summary.ends_with("- Name: `Spring`\n- Description: `Notes`"),
        "{summary}"
    );
}

fn project_replies(readme: Reply) -> Vec<(&'static str, Reply)> {
    vec![
        ("name", Give(json!("atlas"))),
        ("description", Decline),
        ("visibility", Give(json!("internal"))),
        ("initialize_with_readme", readme),
        ("default_branch", Give(json!("trunk"))),
    ]
}

#[test]
fn project_readme_yes_asks_for_the_default_branch() {
    let run = Run::<ProjectWizard>::new(&project_replies(Give(json!(true))));
    assert_eq!(run.asked, PROJECT_KEYS);
    let (project, summary) = run.finish(ProjectWizardArgs {});
    assert_eq!(
        project,
        ProjectWizard {
            name: "atlas".into(),
            description: None,
            visibility: Visibility::Internal,
            initialize_with_readme: true,
            default_branch: Some("trunk".into()),
        }
    );
    assert_eq!(
        summary,
        "Create new GitLab project?\n\n- Name: `atlas`\n- Visibility: `internal`\n- README: Yes\n- Default branch: `trunk`"
    );
}

#[test]
fn project_readme_no_skips_the_default_branch() {
    let run = Run::<ProjectWizard>::new(&project_replies(Give(json!(false))));
    assert_eq!(run.asked, PROJECT_KEYS[..4], "no `default_branch`");
    let (project, summary) = run.finish(ProjectWizardArgs {});
    assert!(!project.initialize_with_readme);
    assert_eq!(project.default_branch, None);
    assert_eq!(
        summary,
        "Create new GitLab project?\n\n- Name: `atlas`\n- Visibility: `internal`"
    );
}

#[test]
fn project_readme_declined_means_no_and_skips_the_default_branch() {
    let run = Run::<ProjectWizard>::new(&project_replies(Decline));
    assert_eq!(run.asked, PROJECT_KEYS[..4], "no `default_branch`");
    let (project, _) = run.finish(ProjectWizardArgs {});
    assert!(
        !project.initialize_with_readme,
        "a declined README question finishes as no"
    );
    assert_eq!(project.default_branch, None);
}

#[test]
fn project_with_every_optional_answered() {
    let mut replies = project_replies(Give(json!(true)));
    replies[1].1 = Give(json!("A map of the world"));
    let (project, summary) = Run::<ProjectWizard>::new(&replies).finish(ProjectWizardArgs {});
    assert_eq!(project.description.as_deref(), Some("A map of the world"));
    assert!(
        summary.contains(
            "\n- Visibility: `internal`\n- Description: `A map of the world`\n- README: Yes\n"
        ),
        "{summary}"
    );
}

#[test]
fn a_default_branch_without_a_readme_yes_is_dropped() {
    // A draft can only get here by tampering, but finish and summary still agree with is_asked.
    let draft = ProjectWizardDraft {
        name: Some("atlas".into()),
        visibility: Some(Visibility::Public),
        initialize_with_readme: Some(false),
        default_branch: Some("trunk".into()),
        ..ProjectWizardDraft::default()
    };
    let summary = render_summary(&ProjectWizard::summary(&draft, &ProjectWizardArgs {}));
    assert!(!summary.contains("Default Branch"), "{summary}");
    let project = ProjectWizard::finish(draft, ProjectWizardArgs {}).unwrap();
    assert_eq!(project.default_branch, None);
}

#[test]
fn finish_names_the_missing_required_answer() {
    let error = IssueWizard::finish(Default::default(), project_42()).unwrap_err();
    assert!(error.contains("`title`"), "{error}");
    let mut draft = ProjectWizardDraft {
        name: Some("atlas".into()),
        ..Default::default()
    };
    let error = ProjectWizard::finish(draft.clone(), ProjectWizardArgs {}).unwrap_err();
    assert!(error.contains("`visibility`"), "{error}");
    draft.visibility = Some(Visibility::Private);
    assert!(ProjectWizard::finish(draft, ProjectWizardArgs {}).is_ok());
}

#[test]
fn apply_refuses_a_value_of_the_wrong_kind() {
    let mut draft = ProjectWizardDraft::default();
    let step = ProjectWizard::STEPS[2];
    assert_eq!(ProjectWizard::question(step).key, "visibility");
    assert!(ProjectWizard::apply(&mut draft, step, &json!("secret-ish")).is_err());
    assert!(ProjectWizard::apply(&mut draft, step, &json!(3)).is_err());
    assert_eq!(draft.visibility, None);
}
