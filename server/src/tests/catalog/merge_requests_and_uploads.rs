//! The actions issue 39 added for merge requests' approvals, trains and dependencies,
//! comments' emoji reactions and Markdown uploads, as requests: an upload travels as a
//! multipart file, bounded and named before anything is sent; approval rules and trains
//! send GitLab's names.

use base64::Engine as _;
use reqwest::Method;
use serde_json::json;

use crate::gitlab::FilePart;
use crate::tests::catalog_support::{prepared, refused};

fn segments(path: &[&str]) -> Vec<String> {
    path.iter().map(|segment| (*segment).to_owned()).collect()
}

#[test]
fn an_upload_is_a_multipart_file_from_text_or_base64() {
    let text = prepared(
        "upload.create",
        json!({"project_id": "demo/sandbox", "file_name": "trace.log", "content": "panic\n"}),
    );
    assert_eq!(
        (text.method, text.path, text.body),
        (
            Method::POST,
            segments(&["projects", "demo/sandbox", "uploads"]),
            None
        )
    );
    assert_eq!(
        text.file.as_deref(),
        Some(&FilePart {
            field: "file",
            file_name: "trace.log".to_owned(),
            bytes: b"panic\n".to_vec(),
        })
    );
    let png = [0x89, b'P', b'N', b'G', 0, 1];
    let encoded = base64::engine::general_purpose::STANDARD.encode(png);
    let image = prepared(
        "upload.create",
        json!({"project_id": 1, "file_name": "shot.png", "content_base64": encoded}),
    );
    assert_eq!(image.file.unwrap().bytes, png);
}

#[test]
fn an_upload_is_refused_unsent_when_it_cannot_be_one_file() {
    let upload = |more: serde_json::Value| {
        let mut params = json!({"project_id": 1, "file_name": "a.txt"});
        params
            .as_object_mut()
            .unwrap()
            .extend(more.as_object().unwrap().clone());
        refused("upload.create", params)
    };
    assert!(upload(json!({})).contains("exactly one of `content` and `content_base64`"));
    assert!(upload(json!({"content": "a", "content_base64": "YQ=="})).contains("exactly one of"));
    assert!(upload(json!({"content_base64": "not base64!"})).contains("is not base64"));
    let large = "x".repeat(10 * 1024 * 1024 + 1);
    assert!(upload(json!({"content": large})).contains("at most 10485760 bytes"));
    let nested = refused(
        "upload.create",
        json!({"project_id": 1, "file_name": "../etc/passwd", "content": "a"}),
    );
    assert!(nested.contains("`file_name`"), "{nested}");
}

#[test]
fn approval_rules_and_trains_send_gitlabs_names() {
    let rule = prepared(
        "approval_rule.create",
        json!({"project_id": "demo/sandbox", "name": "Security", "approvals_required": 2, "user_ids": [2, 3]}),
    );
    assert_eq!(
        rule.body,
        Some(json!({"name": "Security", "approvals_required": 2, "user_ids": [2, 3]}))
    );
    let nothing = refused(
        "approval_rule.settings_update",
        json!({"project_id": "demo/sandbox"}),
    );
    assert!(nothing.contains("nothing to update"), "{nothing}");
    let train = prepared(
        "merge_train.branch_list",
        json!({"project_id": 1, "target_branch": "release/1.0", "scope": "complete"}),
    );
    assert_eq!(
        train.path,
        segments(&["projects", "1", "merge_trains", "release/1.0"])
    );
    let block = prepared(
        "merge_request.dependency_create",
        json!({"project_id": 1, "merge_request_iid": 3, "blocking_merge_request_id": 41}),
    );
    assert_eq!(block.body, Some(json!({"blocking_merge_request_id": 41})));
}

/// A merge train's car is not a merge request, though its path ends in one: its answer
/// keeps the car's own fields (its status on the train and its pipeline), as do a
/// container image's tags, which are not git's.
#[tokio::test]
async fn a_train_car_and_an_image_tag_keep_their_own_fields() {
    use crate::surfaces::SurfaceKind;
    use crate::tests::common::mcp::Harness;

    let harness = Harness::new(SurfaceKind::Individual).await;
    let mr = json!({"project_id": "demo/sandbox", "source_branch": "feature/x", "target_branch": "main", "title": "Word counter"});
    harness.ok("merge_request.create", mr).await;
    let car = json!({"project_id": "demo/sandbox", "merge_request_iid": 2});
    let added = harness
        .run(
            "merge_train.add",
            json!({"project_id": "demo/sandbox", "merge_request_iid": 2, "confirm": true}),
        )
        .await;
    assert_ne!(added.is_error, Some(true), "{added:?}");
    let status = harness.ok("merge_train.status", car).await;
    assert!(status["status"].is_string(), "{status}");
    assert!(status["merge_request"].is_object(), "{status}");
    let tag = harness
        .ok(
            "registry_tag.get",
            json!({"project_id": "demo/sandbox", "repository_id": 1, "tag_name": "v1.0.0"}),
        )
        .await;
    assert!(tag["digest"].is_string(), "{tag}");
}
