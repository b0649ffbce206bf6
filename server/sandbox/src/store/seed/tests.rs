//! The seed holds together: branches merge cleanly, the review thread sits on the fixed
//! line, pipelines and logs are where the docs say.

use url::Url;

use super::*;
use crate::store::merge_requests::conflicts;

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
    use crate::store::notes::Noteable;
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

/// `--sandbox` must hold a merge request GitLab would merge now, or the merge wizard can
/// never reach a question (!1 waits for an approval); the tests' demo data stays as it is.
#[test]
fn the_showcase_holds_a_merge_request_that_can_be_merged() {
    let base = Url::parse("http://127.0.0.1:1").unwrap();
    assert!(
        !Store::new(&base).projects[&1]
            .merge_requests
            .contains_key(&2)
    );
    let mut store = Store::showcase(&base);
    assert_eq!(store.projects.get_mut(&1).unwrap().merge_request_iid(), 3);
    let project = &store.projects[&1];
    let repository = &project.repository;
    let docs = &repository.branches["docs/tokens"];
    assert!(conflicts(repository, docs, &repository.branches["main"]).is_empty());
    let mr = &project.merge_requests[&2];
    let json = store.merge_request_json(project, mr);
    assert_eq!(json["detailed_merge_status"], "mergeable");
    assert_eq!(
        (&json["source_branch"], &json["sha"]),
        (&"docs/tokens".into(), &docs.as_str().into())
    );
    // Its author's choices, which the merge wizard starts from.
    assert_eq!(
        (&json["squash"], &json["force_remove_source_branch"]),
        (&true.into(), &true.into())
    );
}
