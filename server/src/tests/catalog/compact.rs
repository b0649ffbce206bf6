//! Compact answers, through the server against the sandbox: each kind of object keeps the
//! facts a model needs (checked against GitLab's whole object, which `raw: true` returns),
//! in under half the bytes; a page gives once what all its objects share.

use crate::surfaces::SurfaceKind;
use crate::tests::common::mcp::Harness;
use serde_json::{Value, json};

const P: &str = "demo/sandbox";

/// A read, and its facts: where the compact answer has each (a JSON pointer) and where
/// GitLab's whole object has it.
struct Case {
    action: &'static str,
    params: Value,
    facts: &'static [(&'static str, &'static str)],
}

/// The first object of a page, or the object itself.
fn first(answer: &Value) -> &Value {
    answer.get("items").map_or(answer, |items| &items[0])
}

fn cases() -> Vec<Case> {
    let mr = json!({"project_id": P, "merge_request_iid": 1});
    vec![
        Case {
            action: "merge_request.get",
            params: mr.clone(),
            facts: &[
                ("/iid", "/iid"),
                ("/title", "/title"),
                ("/state", "/state"),
                ("/source_branch", "/source_branch"),
                ("/target_branch", "/target_branch"),
                ("/author", "/author/username"),
                ("/assignees/0", "/assignees/0/username"),
                ("/labels/0", "/labels/0"),
                ("/milestone", "/milestone/title"),
                ("/head_pipeline/status", "/head_pipeline/status"),
                ("/detailed_merge_status", "/detailed_merge_status"),
                ("/description", "/description"),
                ("/web_url", "/web_url"),
            ],
        },
        Case {
            action: "issue.get",
            params: json!({"project_id": P, "issue_iid": 1}),
            facts: &[
                ("/iid", "/iid"),
                ("/title", "/title"),
                ("/state", "/state"),
                ("/author", "/author/username"),
                ("/assignees/0", "/assignees/0/username"),
                ("/milestone", "/milestone/title"),
                ("/user_notes_count", "/user_notes_count"),
                ("/web_url", "/web_url"),
            ],
        },
        Case {
            // The one that passed: a failed one also carries its failed jobs.
            action: "pipeline.get",
            params: json!({"project_id": P, "pipeline_id": 1}),
            facts: &[
                ("/id", "/id"),
                ("/status", "/status"),
                ("/ref", "/ref"),
                ("/sha", "/sha"),
                ("/user", "/user/username"),
                ("/web_url", "/web_url"),
            ],
        },
        Case {
            action: "job.get",
            params: json!({"project_id": P, "job_id": 6}),
            facts: &[
                ("/name", "/name"),
                ("/stage", "/stage"),
                ("/status", "/status"),
                ("/failure_reason", "/failure_reason"),
                ("/pipeline/id", "/pipeline/id"),
                ("/commit/id", "/commit/id"),
                ("/web_url", "/web_url"),
            ],
        },
        Case {
            action: "branch.list",
            params: json!({"project_id": P}),
            facts: &[("/name", "/name"), ("/commit/id", "/commit/id")],
        },
        Case {
            action: "tag.get",
            params: json!({"project_id": P, "tag_name": "v1.0.0"}),
            facts: &[("/name", "/name"), ("/commit/id", "/commit/id")],
        },
        Case {
            action: "commit.list",
            params: json!({"project_id": P}),
            facts: &[
                ("/id", "/id"),
                ("/title", "/title"),
                ("/author_name", "/author_name"),
                ("/authored_date", "/authored_date"),
            ],
        },
        Case {
            action: "release.get",
            params: json!({"project_id": P, "tag_name": "v1.0.0"}),
            facts: &[
                ("/tag_name", "/tag_name"),
                ("/name", "/name"),
                ("/description", "/description"),
            ],
        },
        Case {
            action: "milestone.get",
            params: json!({"project_id": P, "milestone_id": 1}),
            facts: &[
                ("/title", "/title"),
                ("/state", "/state"),
                ("/due_date", "/due_date"),
            ],
        },
        Case {
            action: "label.list",
            params: json!({"project_id": P}),
            facts: &[("/name", "/name"), ("/color", "/color")],
        },
        Case {
            action: "project.get",
            params: json!({"project_id": P}),
            facts: &[
                ("/id", "/id"),
                ("/path_with_namespace", "/path_with_namespace"),
                ("/default_branch", "/default_branch"),
                ("/visibility", "/visibility"),
                ("/web_url", "/web_url"),
            ],
        },
        Case {
            action: "group.get",
            params: json!({"group_id": "demo"}),
            facts: &[("/id", "/id"), ("/full_path", "/full_path")],
        },
        Case {
            action: "user.current",
            params: json!({}),
            facts: &[("/username", "/username"), ("/name", "/name")],
        },
        Case {
            action: "member.list",
            params: json!({"project_id": P}),
            facts: &[
                ("/username", "/username"),
                ("/access_level", "/access_level"),
            ],
        },
        Case {
            action: "merge_request.discussion_list",
            params: mr,
            facts: &[
                ("/id", "/id"),
                ("/notes/0/body", "/notes/0/body"),
                ("/notes/0/author", "/notes/0/author/username"),
                ("/notes/0/position/new_line", "/notes/0/position/new_line"),
            ],
        },
    ]
}

#[tokio::test]
async fn every_kind_keeps_the_facts_a_model_needs_in_under_half_the_bytes() {
    let harness = Harness::new(SurfaceKind::Dynamic).await;
    // The sandbox starts without releases.
    let release = json!({"project_id": P, "tag_name": "v1.0.0", "name": "First", "description": "The first."});
    harness.ok("release.create", release).await;
    let mut total = (0, 0);
    for case in cases() {
        let id = case.action;
        let compact = harness.ok(id, case.params.clone()).await;
        let mut params = case.params.clone();
        params["raw"] = json!(true);
        let raw = harness.ok(id, params).await;
        let whole = &first(&raw)["raw"];
        assert!(
            whole.is_object(),
            "{id}: `raw: true` gives GitLab's object: {raw}"
        );
        // A page gives shared fields once: read them back into its first object.
        let mut object = first(&compact).clone();
        if let (Some(Value::Object(shared)), Value::Object(object)) =
            (compact.get("shared"), &mut object)
        {
            object.extend(shared.clone());
        }
        for (at, from) in case.facts {
            let fact = whole.pointer(from).unwrap_or(&Value::Null);
            assert!(
                !fact.is_null(),
                "{id}: GitLab's object has no {from}: {whole}"
            );
            assert_eq!(object.pointer(at), Some(fact), "{id}: {at} in {compact}");
        }
        let (small, large) = (compact.to_string().len(), raw.to_string().len());
        assert!(small < large, "{id}: {small} bytes compact, {large} whole");
        total.0 += small;
        total.1 += large;
    }
    // A small object (a milestone) has little to leave out; together, under half.
    assert!(total.0 * 2 < total.1, "{total:?}");
}

#[tokio::test]
async fn a_page_gives_once_what_its_objects_share() {
    let harness = Harness::new(SurfaceKind::Dynamic).await;
    let jobs = harness
        .ok(
            "pipeline.job_list",
            json!({"project_id": P, "pipeline_id": 2}),
        )
        .await;
    assert_eq!(jobs["shared"]["pipeline"]["id"], 2, "{jobs}");
    assert_eq!(jobs["shared"]["ref"], "main", "{jobs}");
    let items = jobs["items"].as_array().unwrap();
    assert!(items.len() > 1);
    for job in items {
        assert!(
            job.get("pipeline").is_none() && job.get("name").is_some(),
            "{job}"
        );
    }
}

#[tokio::test]
async fn flags_are_sent_when_true_and_empty_values_never() {
    let harness = Harness::new(SurfaceKind::Dynamic).await;
    let mr = harness
        .ok(
            "merge_request.get",
            json!({"project_id": P, "merge_request_iid": 1}),
        )
        .await;
    assert!(
        mr.get("draft").is_none() && mr.get("has_conflicts").is_none(),
        "{mr}"
    );
    let text = mr.to_string();
    for noise in ["null", "avatar_url", "_links", "detailed_status", "\"\""] {
        assert!(!text.contains(noise), "{noise} in {text}");
    }
}
