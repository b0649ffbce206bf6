//! The sandbox's issue boards, through the real client: the seeded board and its label
//! lists, moving and removing lists (the others renumbered), GitLab's refusals, and the last
//! board that deleting keeps.

use crate::gitlab::{ApiRequest, GitLab};
use crate::tests::common::{call, message, on_demo, pluck, refusal, setup};
use reqwest::Method;
use serde_json::{Value, json};

fn board(method: Method, board_id: u64) -> ApiRequest {
    on_demo(method, "boards").segment(board_id)
}

async fn lists(gitlab: &GitLab) -> Value {
    call(gitlab, board(Method::GET, 1).segment("lists"))
        .await
        .unwrap()
}

fn label_names(lists: &Value) -> Vec<Value> {
    lists
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["label"]["name"].clone())
        .collect()
}

#[tokio::test]
async fn the_seeded_board_lists_bug_then_feature() {
    let (_sandbox, gitlab) = setup().await;
    let boards = call(&gitlab, on_demo(Method::GET, "boards")).await.unwrap();
    assert_eq!(pluck(&boards, "name"), json!(["Development"]));
    assert_eq!(boards[0]["project"]["path_with_namespace"], "demo/sandbox");
    let lists = lists(&gitlab).await;
    assert_eq!(label_names(&lists), [json!("bug"), json!("feature")]);
    assert_eq!(pluck(&lists, "position"), json!([0, 1]));
    let missing = call(&gitlab, board(Method::GET, 9)).await.unwrap_err();
    assert_eq!(message(missing), (404, "404 Not found".to_owned()));
}

#[tokio::test]
async fn lists_are_added_moved_and_removed_in_order() {
    let (_sandbox, gitlab) = setup().await;
    let label = on_demo(Method::POST, "labels").json(json!({"name": "docs", "color": "#00aa00"}));
    let label_id = call(&gitlab, label).await.unwrap()["id"].clone();
    let add = |label_id: Value| {
        board(Method::POST, 1)
            .segment("lists")
            .json(json!({"label_id": label_id}))
    };
    let added = call(&gitlab, add(label_id.clone())).await.unwrap();
    assert_eq!(added["position"], 2);
    let again = call(&gitlab, add(label_id)).await.unwrap_err();
    assert_eq!(
        refusal(again),
        (400, json!({"error": "Label has already been taken"}))
    );
    let unknown = call(&gitlab, add(json!(99))).await.unwrap_err();
    assert_eq!(refusal(unknown), (400, json!({"error": "Label not found"})));

    let list_id = added["id"].as_u64().unwrap();
    let moved = board(Method::PUT, 1)
        .segment("lists")
        .segment(list_id)
        .json(json!({"position": 0}));
    assert_eq!(call(&gitlab, moved).await.unwrap()["position"], 0);
    assert_eq!(
        label_names(&lists(&gitlab).await),
        [json!("docs"), json!("bug"), json!("feature")]
    );
    let nowhere = board(Method::PUT, 1)
        .segment("lists")
        .segment(list_id)
        .json(json!({"position": 3}));
    let refused = call(&gitlab, nowhere).await.unwrap_err();
    assert_eq!(
        refusal(refused),
        (400, json!({"error": "List could not be moved!"}))
    );

    let removed = board(Method::DELETE, 1).segment("lists").segment(list_id);
    assert_eq!(gitlab.send(removed).await.unwrap().status, 204);
    let lists = lists(&gitlab).await;
    assert_eq!(label_names(&lists), [json!("bug"), json!("feature")]);
    assert_eq!(pluck(&lists, "position"), json!([0, 1]));
}

#[tokio::test]
async fn a_project_keeps_its_last_board() {
    let (_sandbox, gitlab) = setup().await;
    let made = on_demo(Method::POST, "boards").json(json!({"name": "Release"}));
    let made = call(&gitlab, made).await.unwrap();
    assert_eq!(made["lists"], json!([]));
    let renamed = board(Method::PUT, 2).json(json!({"name": "Releases"}));
    assert_eq!(call(&gitlab, renamed).await.unwrap()["name"], "Releases");
    for id in [2, 1] {
        let deleted = gitlab.send(board(Method::DELETE, id)).await.unwrap();
        assert_eq!(deleted.status, 204);
    }
    let boards = call(&gitlab, on_demo(Method::GET, "boards")).await.unwrap();
    assert_eq!(pluck(&boards, "name"), json!(["Development"]));
}
