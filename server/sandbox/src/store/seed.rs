//! The demo data every sandbox starts with (documented, with its ids, in the crate docs).
//! Everything is dated in the week of 2026-01-05 and every id is fixed, so tests and docs
//! can name them.

mod ci_log;
mod repository;

use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use super::issues::Issue;
use super::labels::Label;
use super::merge_requests::MergeRequest;
use super::milestones::Milestone;
use super::notes::{Discussion, Note, Position};
use super::people::{Group, Member, Namespace, User, access};
use super::pipelines::{Job, Pipeline};
use super::repository::{Person, ProtectedBranch};
use super::wiki::WikiPage;
use super::{CURRENT_USER, Ids, Store, seed_time, timestamp};

const ALICE: u64 = 2;
const BOB: u64 = 3;
/// Group ids share GitLab's namespace ids with the users' own namespaces (1 to 3).
const DEMO_GROUP: u64 = 4;

pub(super) fn seed(store: &mut Store) {
    let joined = timestamp(seed_time(0, 8, 0));
    for (id, username, name, bio) in [
        (
            CURRENT_USER,
            "sandbox-user",
            "Sandbox User",
            "The sandbox's own user: every token acts as me.",
        ),
        (
            ALICE,
            "alice",
            "Alice Example",
            "Maintainer of the sandbox crate.",
        ),
        (BOB, "bob", "Bob Builder", "Keeps the pipelines green."),
    ] {
        store.users.insert(
            id,
            User {
                id,
                username: username.to_owned(),
                name: name.to_owned(),
                email: format!("{username}@example.com"),
                bio: bio.to_owned(),
                is_admin: id == CURRENT_USER,
                created_at: joined.clone(),
            },
        );
    }
    let member = |user_id: u64, access_level: u8| Member {
        user_id,
        access_level,
        created_at: joined.clone(),
    };
    store.groups.insert(
        DEMO_GROUP,
        Group {
            id: DEMO_GROUP,
            name: "Demo".to_owned(),
            path: "demo".to_owned(),
            description: "The sandbox's demo group".to_owned(),
            visibility: "private".to_owned(),
            created_at: joined.clone(),
            members: vec![member(CURRENT_USER, access::OWNER)],
        },
    );

    let id = store.add_project(
        "sandbox",
        "sandbox",
        Namespace::Group(DEMO_GROUP),
        "private",
        None,
    );
    let people = [CURRENT_USER, ALICE, BOB].map(|u| {
        let user = store.user(u);
        Person::new(&user.name, &user.email)
    });
    let project = store.projects.get_mut(&id).expect("just added");
    project.description =
        Some("The sandbox's demo project: a tiny Rust tokenizer. Try every tool here.".to_owned());
    project.created_at = joined.clone();
    project.last_activity_at = timestamp(seed_time(8, 10, 20));
    project.members = vec![
        member(CURRENT_USER, access::OWNER),
        member(ALICE, access::MAINTAINER),
        member(BOB, access::DEVELOPER),
    ];
    let history = repository::build(&mut project.repository, &people);
    store.ids.protected_branch = 1;
    store.ids.access_level = 2;
    project.repository.protected.insert(
        "main".to_owned(),
        ProtectedBranch {
            id: 1,
            name: "main".to_owned(),
            push_access_level: access::MAINTAINER,
            merge_access_level: access::MAINTAINER,
            allow_force_push: false,
            access_ids: (1, 2),
        },
    );

    project.labels = vec![
        label(&mut store.ids, "bug", "#d9534f", "Something isn't working"),
        label(&mut store.ids, "feature", "#1f75cb", "New functionality"),
    ];
    let milestone_id = Ids::next(&mut store.ids.milestone);
    let iid = project.milestone_iid();
    project.milestones.insert(
        iid,
        Milestone {
            id: milestone_id,
            iid,
            title: "v1.1".to_owned(),
            description: Some("Tokenizer fixes and the word counter".to_owned()),
            state: "active",
            due_date: Some("2026-02-27".to_owned()),
            start_date: Some("2026-01-05".to_owned()),
            created_at: timestamp(seed_time(2, 16, 0)),
            updated_at: timestamp(seed_time(2, 16, 0)),
        },
    );
    for page in [
        WikiPage::new("Home", HOME_PAGE),
        WikiPage::new("Release process", RELEASE_PAGE),
    ] {
        project.wiki.insert(page.slug.clone(), page);
    }

    let at = |day, hour, minute| timestamp(seed_time(day, hour, minute));
    let ids = &mut store.ids;
    let mut first = Issue::new(
        Ids::next(&mut ids.issue),
        project.issue_iid(),
        "Tokenizer drops the last token",
        BOB,
        &at(7, 10, 30),
    );
    first.description = Some("`tokenize(\"hello world\")` returns only `hello`: a text that does not end in punctuation loses its last word.\n\nThe `test` job of the latest pipeline on `main` fails on it.".to_owned());
    first.assignee_ids = vec![ALICE];
    first.labels = vec!["bug".to_owned()];
    first.milestone_id = Some(milestone_id);
    first.updated_at = at(8, 9, 10);
    let confirmed = Note::new(
        ids,
        ALICE,
        "Confirmed: the loop stops one short of its end-of-text sentinel. Fix coming in !1.",
        &at(7, 11, 2),
    );
    let mut thread = Discussion::thread(ids, confirmed, false);
    thread.reply(Note::new(
        ids,
        BOB,
        "Thanks! I'll review it.",
        &at(8, 9, 10),
    ));
    first.discussions.push(thread);
    let mut second = Issue::new(
        Ids::next(&mut ids.issue),
        project.issue_iid(),
        "Document feature X",
        ALICE,
        &at(6, 10, 45),
    );
    second.description = Some(
        "Once `feature/x` lands, the user guide needs a section on the word counter.".to_owned(),
    );
    second.labels = vec!["feature".to_owned()];
    for issue in [first, second] {
        project.issues.insert(issue.iid, issue);
    }

    let main_head = history.main.clone();
    let mut review = Note::new(
        ids,
        BOB,
        "So `..=` makes the loop visit the sentinel at `chars.len()`, which is what flushes the last word. Could the comment above the loop say so?",
        &at(8, 9, 30),
    );
    review.position = Some(Position {
        base_sha: main_head.clone(),
        start_sha: main_head.clone(),
        head_sha: history.fix.clone(),
        old_path: "src/tokenizer.rs".to_owned(),
        new_path: "src/tokenizer.rs".to_owned(),
        old_line: None,
        new_line: Some(repository::fixed_line()),
    });
    let mut thread = Discussion::thread(ids, review, true);
    thread.reply(Note::new(ids, ALICE, "It does already (\"Position `chars.len()` is a sentinel separator\"); happy to expand it if you like.", &at(8, 10, 5)));
    let waiting = Note::new(
        ids,
        BOB,
        "I'll approve once the pipeline is green.",
        &at(8, 10, 20),
    );
    let waiting = Discussion::individual(ids, waiting);
    let iid = project.merge_request_iid();
    project.merge_requests.insert(iid, MergeRequest {
        id: Ids::next(&mut ids.merge_request),
        iid,
        title: "Fix off-by-one in tokenizer".to_owned(),
        description: Some("The tokenizer loop stopped before its end-of-text sentinel, so a trailing word was dropped.\n\nCloses #1".to_owned()),
        author_id: ALICE,
        assignee_ids: vec![ALICE],
        reviewer_ids: vec![BOB],
        labels: vec!["bug".to_owned()],
        milestone_id: Some(milestone_id),
        state: "opened",
        source_branch: "fix/tokenizer".to_owned(),
        target_branch: "main".to_owned(),
        sha: history.fix.clone(),
        force_remove_source_branch: true,
        squash: false,
        discussion_locked: None,
        created_at: at(8, 9, 0),
        updated_at: at(8, 10, 20),
        merged_at: None,
        merged_by: None,
        closed_at: None,
        closed_by: None,
        merge_commit_sha: None,
        squash_commit_sha: None,
        discussions: vec![thread, waiting],
        approvals_required: 1,
        approved_by: Vec::new(),
    });

    let path = "demo/sandbox";
    let runs = [
        (
            "main",
            &history.v1,
            BOB,
            seed_time(2, 14, 41),
            [Some(true), Some(true), Some(true)],
        ),
        (
            "main",
            &history.main,
            ALICE,
            seed_time(7, 9, 46),
            [Some(true), Some(false), Some(true)],
        ),
        (
            "fix/tokenizer",
            &history.fix,
            ALICE,
            seed_time(8, 8, 56),
            [Some(true), None, None],
        ),
    ];
    for (ref_name, sha, pusher, created, outcomes) in runs {
        let before = project
            .repository
            .commit(sha)
            .and_then(|c| c.parents.first().cloned())
            .unwrap_or_default();
        let pipeline_iid = project.pipeline_iid();
        let mut pipeline = pipeline(
            ids,
            pipeline_iid,
            path,
            ref_name,
            sha,
            &before,
            created,
            outcomes,
        );
        pipeline.user_id = pusher;
        project.pipelines.insert(pipeline.id, pipeline);
    }
}

fn label(ids: &mut Ids, name: &str, color: &str, description: &str) -> Label {
    Label {
        id: Ids::next(&mut ids.label),
        name: name.to_owned(),
        color: color.to_owned(),
        description: Some(description.to_owned()),
        priority: None,
    }
}

/// A pipeline of the demo's `.gitlab-ci.yml`: build, then test and lint, then a manual
/// deploy. `outcomes` are build's, test's and lint's: passed, failed, or `None` while not
/// finished (test runs, lint waits).
#[allow(
    clippy::too_many_arguments,
    reason = "one call site, each value named there"
)]
fn pipeline(
    ids: &mut Ids,
    iid: u64,
    path: &str,
    ref_name: &str,
    sha: &str,
    before: &str,
    created: SystemTime,
    outcomes: [Option<bool>; 3],
) -> Pipeline {
    let short = &sha[..8];
    let unix = |t: SystemTime| {
        t.duration_since(UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0)
    };
    let later = |seconds: u64| created + std::time::Duration::from_secs(seconds);
    let mut jobs = Vec::new();
    let mut finished = created;
    let stages = [
        ("build", "build", 5, 62),
        ("test", "test", 70, 118),
        ("lint", "test", 70, 51),
    ];
    for ((name, stage, start, took), outcome) in stages.into_iter().zip(outcomes) {
        let running = outcome.is_none() && name == "test";
        let begun = (outcome.is_some() || running).then(|| later(start));
        let ended = outcome.map(|_| later(start + took));
        finished = finished.max(ended.unwrap_or(finished));
        let log = match (name, outcome) {
            ("build", _) => ci_log::build(unix(later(start)), path, ref_name, short),
            ("lint", Some(_)) => ci_log::lint(unix(later(start)), path, ref_name, short),
            ("test", Some(true)) => ci_log::test_passed(unix(later(start)), path, ref_name, short),
            ("test", Some(false)) => ci_log::test_failed(unix(later(start)), path, ref_name, short),
            ("test", None) => ci_log::test_running(unix(later(start)), path, ref_name, short),
            _ => String::new(),
        };
        jobs.push(Job {
            id: Ids::next(&mut ids.job),
            name: name.to_owned(),
            stage: stage.to_owned(),
            status: match (outcome, running) {
                (Some(true), _) => "success",
                (Some(false), _) => "failed",
                (None, true) => "running",
                (None, false) => "pending",
            },
            manual: false,
            allow_failure: false,
            retried: false,
            created_at: timestamp(created),
            started_at: begun.map(timestamp),
            finished_at: ended.map(timestamp),
            duration: outcome.map(|_| took as f64 + 0.42),
            queued_duration: begun.map(|_| 1.37),
            failure_reason: (outcome == Some(false)).then_some("script_failure"),
            coverage: None,
            log: Arc::from(log),
        });
    }
    let done = outcomes.iter().all(Option::is_some);
    jobs.push(Job {
        id: Ids::next(&mut ids.job),
        name: "deploy".to_owned(),
        stage: "deploy".to_owned(),
        status: if done { "manual" } else { "created" },
        manual: true,
        allow_failure: true,
        retried: false,
        created_at: timestamp(created),
        started_at: None,
        finished_at: None,
        duration: None,
        queued_duration: None,
        failure_reason: None,
        coverage: None,
        log: Arc::from(""),
    });
    let mut pipeline = Pipeline {
        id: Ids::next(&mut ids.pipeline),
        iid,
        sha: sha.to_owned(),
        ref_name: ref_name.to_owned(),
        tag: false,
        status: "created",
        source: "push",
        user_id: CURRENT_USER,
        before_sha: before.to_owned(),
        created_at: timestamp(created),
        updated_at: timestamp(finished),
        started_at: Some(timestamp(later(5))),
        finished_at: done.then(|| timestamp(finished)),
        duration: done.then(|| unix(finished) - unix(later(5))),
        queued_duration: Some(1.37),
        jobs,
    };
    pipeline.status = super::pipelines::composite_status(&pipeline.latest_jobs());
    pipeline
}

const HOME_PAGE: &str = "# Sandbox wiki

Welcome to the wiki of the `sandbox` crate.

- [Release process](Release-process)
- The [user guide](../-/blob/main/docs/guide.md) lives in the repository.
";

const RELEASE_PAGE: &str = "# Release process

1. Make sure the latest pipeline on `main` passed.
2. Tag the release: `vMAJOR.MINOR.PATCH`, annotated.
3. Create the release from the tag, with the changes since the previous one.
";

#[cfg(test)]
mod tests {
    use url::Url;

    use super::super::merge_requests::conflicts;
    use super::*;

    #[test]
    fn the_seed_holds_together() {
        let store = Store::new(&Url::parse("http://127.0.0.1:1").unwrap());
        let project = &store.projects[&1];
        let repository = &project.repository;
        let main = &repository.branches["main"];
        for branch in ["feature/x", "fix/tokenizer"] {
            let head = &repository.branches[branch];
            assert!(
                conflicts(repository, head, main).is_empty(),
                "{branch} merges cleanly"
            );
        }
        let mr = &project.merge_requests[&1];
        let position = mr.discussions[0].notes[0].position.clone().unwrap();
        let fixed = repository.commit(&position.head_sha).unwrap();
        let text = fixed.tree["src/tokenizer.rs"].blob.text().unwrap();
        let line = text
            .lines()
            .nth(position.new_line.unwrap() as usize - 1)
            .unwrap();
        assert!(line.contains("0..=chars.len()"), "{line}");
        assert_eq!(&position.start_sha, main);
        let statuses: Vec<&str> = project.pipelines.values().map(|p| p.status).collect();
        assert_eq!(statuses, ["success", "failed", "running"]);
        let v1 = &repository.tags["v1.0.0"].commit;
        assert_eq!(&project.pipelines[&1].sha, v1);
        assert_eq!(&project.pipelines[&2].sha, main);
        assert_eq!(repository.commits_between(v1, main).len(), 3);
    }

    #[test]
    fn the_failed_pipeline_has_the_failing_test_log() {
        let store = Store::new(&Url::parse("http://127.0.0.1:1").unwrap());
        let project = &store.projects[&1];
        let jobs = |id: u64| -> Vec<(u64, &str, &str)> {
            let pipeline = &project.pipelines[&id];
            pipeline
                .jobs
                .iter()
                .map(|j| (j.id, j.name.as_str(), j.status))
                .collect()
        };
        assert_eq!(
            jobs(1),
            [
                (1, "build", "success"),
                (2, "test", "success"),
                (3, "lint", "success"),
                (4, "deploy", "manual")
            ]
        );
        assert_eq!(
            jobs(2),
            [
                (5, "build", "success"),
                (6, "test", "failed"),
                (7, "lint", "success"),
                (8, "deploy", "manual")
            ]
        );
        assert_eq!(
            jobs(3),
            [
                (9, "build", "success"),
                (10, "test", "running"),
                (11, "lint", "pending"),
                (12, "deploy", "created")
            ]
        );
        let failed = &project.pipelines[&2];
        let test = &failed.jobs[1];
        assert!(test.log.contains("thread 'splits_a_sentence' panicked"));
        assert!(test.log.contains("error\x1b[0m: test failed"));
        assert!(test.log.lines().count() > 150);
        let job = store.job_json(project, failed, test);
        assert_eq!(job["failure_reason"], "script_failure");
        assert_eq!(job["pipeline"]["id"], 2);
        assert_eq!(job["commit"]["title"], "Test tokenizing a whole sentence");
        let detail = store.pipeline_json(project, failed);
        assert_eq!(
            (detail["status"].clone(), detail["ref"].clone()),
            (serde_json::json!("failed"), serde_json::json!("main"))
        );
        assert_eq!(detail["user"]["username"], "alice");
    }

    #[test]
    fn merge_request_one_has_an_open_review_thread() {
        use super::super::notes::Noteable;
        let store = Store::new(&Url::parse("http://127.0.0.1:1").unwrap());
        let project = &store.projects[&1];
        let mr = &project.merge_requests[&1];
        let on = Noteable::MergeRequest {
            id: mr.id,
            iid: mr.iid,
        };
        let thread = store.discussion_json(project, on, &mr.discussions[0]);
        assert_eq!(thread["individual_note"], false);
        assert_eq!(thread["id"].as_str().unwrap().len(), 40);
        let notes = thread["notes"].as_array().unwrap();
        assert_eq!(notes.len(), 2);
        assert_eq!(
            (notes[0]["id"].clone(), notes[0]["type"].clone()),
            (serde_json::json!(3), serde_json::json!("DiffNote"))
        );
        assert_eq!(notes[0]["author"]["username"], "bob");
        assert_eq!(notes[0]["position"]["new_path"], "src/tokenizer.rs");
        assert_eq!(
            (notes[0]["resolvable"].clone(), notes[0]["resolved"].clone()),
            (serde_json::json!(true), serde_json::json!(false))
        );
        assert_eq!(notes[1]["author"]["username"], "alice");
        let general = store.discussion_json(project, on, &mr.discussions[1]);
        assert_eq!(
            (
                general["individual_note"].clone(),
                general["notes"][0]["type"].clone()
            ),
            (serde_json::json!(true), serde_json::Value::Null)
        );
        let json = store.merge_request_json(project, mr);
        assert_eq!(json["detailed_merge_status"], "not_approved");
        assert_eq!(json["blocking_discussions_resolved"], false);
        assert_eq!(json["user_notes_count"], 3);
        let issue = store.issue_json(project, &project.issues[&1]);
        assert_eq!(
            (
                issue["milestone"]["title"].clone(),
                issue["merge_requests_count"].clone()
            ),
            (serde_json::json!("v1.1"), serde_json::json!(1))
        );
        assert_eq!(issue["user_notes_count"], 2);
    }
}
