//! The sandbox's users, members and groups, through the real client: sandbox-user (the admin
//! every token acts as), alice and bob, the demo project's members, and group `demo`.

use crate::gitlab::{ApiRequest, GitLab, ProjectId};
use crate::tests::common::{at, call, demo, message, pluck, setup, with_query};
use reqwest::Method;
use serde_json::{Value, json};

async fn get(gitlab: &GitLab, request: ApiRequest) -> Value {
    call(gitlab, request).await.unwrap()
}

fn members(all: bool) -> ApiRequest {
    let request = ApiRequest::get().project(&demo()).segment("members");
    if all { request.segment("all") } else { request }
}

#[tokio::test]
async fn the_current_user_is_the_sandbox_admin() {
    let (sandbox, gitlab) = setup().await;
    let me = get(&gitlab, at(Method::GET, &["user"])).await;
    assert_eq!(me["id"], 1);
    assert_eq!(me["username"], "sandbox-user");
    assert_eq!(me["name"], "Sandbox User");
    assert_eq!(me["email"], "sandbox-user@example.com");
    assert_eq!(me["is_admin"], true);
    assert_eq!(me["state"], "active");
    assert_eq!(me["web_url"], format!("{}sandbox-user", sandbox.base_url()));
    for key in [
        "created_at",
        "bio",
        "two_factor_enabled",
        "can_create_project",
        "identities",
    ] {
        assert!(me.get(key).is_some(), "{key}");
    }
    let alice = get(&gitlab, at(Method::GET, &["users", "2"])).await;
    assert_eq!(
        (alice["username"].clone(), alice["is_admin"].clone()),
        (json!("alice"), json!(false))
    );
    let err = call(&gitlab, at(Method::GET, &["users", "99"]))
        .await
        .unwrap_err();
    assert_eq!(message(err), (404, "404 User Not Found".to_owned()));
    let err = call(&gitlab, at(Method::GET, &["users", "alice"]))
        .await
        .unwrap_err();
    assert_eq!(message(err), (400, "id is invalid".to_owned()));
}

#[tokio::test]
async fn users_list_newest_first_with_gitlabs_filters() {
    let (_sandbox, gitlab) = setup().await;
    let listed = gitlab.send(at(Method::GET, &["users"])).await.unwrap();
    assert_eq!(pluck(&listed.body, "id"), json!([3, 2, 1]));
    assert_eq!(listed.total, Some(3));
    let cases: &[(&[(&str, &str)], Value)] = &[
        (&[("username", "ALICE")], json!([2])),
        (&[("username", "carol")], json!([])),
        (&[("search", "builder")], json!([3])),
        (&[("search", "bob@example.com")], json!([3])),
        (&[("search", "example.com")], json!([])),
        (
            &[("order_by", "username"), ("sort", "asc")],
            json!([2, 3, 1]),
        ),
        (&[("admins", "true")], json!([1])),
        (&[("blocked", "true")], json!([])),
        (&[("per_page", "1"), ("page", "3")], json!([1])),
    ];
    for (pairs, expected) in cases {
        let found = get(&gitlab, with_query(at(Method::GET, &["users"]), pairs)).await;
        assert_eq!(&pluck(&found, "id"), expected, "{pairs:?}");
    }
    for (pair, expected) in [
        (
            ("order_by", "email"),
            "order_by does not have a valid value",
        ),
        (("created_after", "last week"), "created_after is invalid"),
    ] {
        let err = call(&gitlab, with_query(at(Method::GET, &["users"]), &[pair]))
            .await
            .unwrap_err();
        assert_eq!(message(err), (400, expected.to_owned()));
    }
}

#[tokio::test]
async fn project_members_direct_and_inherited() {
    let (_sandbox, gitlab) = setup().await;
    let direct = get(&gitlab, members(false)).await;
    assert_eq!(
        pluck(&direct, "username"),
        json!(["sandbox-user", "alice", "bob"])
    );
    assert_eq!(pluck(&direct, "access_level"), json!([50, 40, 30]));
    let bob = &direct[2];
    assert_eq!(bob["name"], "Bob Builder");
    assert_eq!(bob["membership_state"], "active");
    assert!(bob["created_at"].is_string());
    let all = get(&gitlab, members(true)).await;
    assert_eq!(
        pluck(&all, "id"),
        json!([1, 2, 3]),
        "the group's owner counts once"
    );
    /// Whether `/members/all` is asked, the query, the member ids expected.
    type Case = (bool, &'static [(&'static str, &'static str)], Value);
    let cases: &[Case] = &[
        (false, &[("query", "ALI")], json!([2])),
        (false, &[("query", "bob@example.com")], json!([3])),
        (false, &[("user_ids", "2,3")], json!([2, 3])),
        (true, &[("user_ids[]", "1")], json!([1])),
        (false, &[("skip_users", "1")], json!([2, 3])),
    ];
    for (all, pairs, expected) in cases {
        let found = get(&gitlab, with_query(members(*all), pairs)).await;
        assert_eq!(&pluck(&found, "id"), expected, "{pairs:?}");
    }
    let err = call(
        &gitlab,
        with_query(members(false), &[("user_ids", "alice")]),
    )
    .await
    .unwrap_err();
    assert_eq!(message(err), (400, "user_ids is invalid".to_owned()));
    let alice = get(&gitlab, members(false).segment(2)).await;
    assert_eq!(alice["access_level"], 40);
    let owner = get(&gitlab, members(true).segment(1)).await;
    assert_eq!(owner["access_level"], 50);
    let err = call(&gitlab, members(false).segment(99)).await.unwrap_err();
    assert_eq!(message(err), (404, "404 Not found".to_owned()));

    let created = json!({"name": "mine"});
    call(
        &gitlab,
        ApiRequest::post().segment("projects").json(created),
    )
    .await
    .unwrap();
    let mine = get(
        &gitlab,
        ApiRequest::get()
            .project(&ProjectId::Id(2))
            .segment("members"),
    )
    .await;
    assert_eq!(
        (pluck(&mine, "username"), pluck(&mine, "access_level")),
        (json!(["sandbox-user"]), json!([50])),
        "GitLab makes the owner of a personal project its Owner member"
    );
}

#[tokio::test]
async fn groups_list_show_and_hold_projects() {
    let (sandbox, gitlab) = setup().await;
    let groups = get(&gitlab, at(Method::GET, &["groups"])).await;
    // By name: Community, then Demo.
    assert_eq!(pluck(&groups, "id"), json!([5, 4]));
    let groups = json!([groups[1].clone()]);
    let demo_group = &groups[0];
    assert_eq!(demo_group["name"], "Demo");
    assert_eq!(demo_group["full_path"], "demo");
    assert_eq!(demo_group["visibility"], "private");
    assert_eq!(demo_group["parent_id"], Value::Null);
    assert_eq!(
        demo_group["web_url"],
        format!("{}groups/demo", sandbox.base_url())
    );
    let cases: &[(&[(&str, &str)], Value)] = &[
        (&[("search", "DEM")], json!([4])),
        (&[("search", "zzz")], json!([])),
        (&[("owned", "true")], json!([4])),
        (&[("min_access_level", "50")], json!([4])),
        (&[("top_level_only", "true")], json!([5, 4])),
        (&[("skip_groups[]", "4")], json!([5])),
        (&[("visibility", "public")], json!([5])),
    ];
    for (pairs, expected) in cases {
        let found = get(&gitlab, with_query(at(Method::GET, &["groups"]), pairs)).await;
        assert_eq!(&pluck(&found, "id"), expected, "{pairs:?}");
    }
    let err = call(
        &gitlab,
        with_query(at(Method::GET, &["groups"]), &[("min_access_level", "45")]),
    )
    .await
    .unwrap_err();
    assert_eq!(
        message(err),
        (
            400,
            "min_access_level does not have a valid value".to_owned()
        )
    );

    let by_id = get(&gitlab, at(Method::GET, &["groups", "4"])).await;
    let by_path = get(&gitlab, at(Method::GET, &["groups", "demo"])).await;
    assert_eq!(by_id, by_path);
    assert_eq!(
        pluck(&by_id["projects"], "path_with_namespace"),
        json!(["demo/sandbox"])
    );
    assert_eq!(by_id["shared_projects"], json!([]));
    let lean = get(
        &gitlab,
        with_query(
            at(Method::GET, &["groups", "4"]),
            &[("with_projects", "false")],
        ),
    )
    .await;
    assert_eq!(lean.get("projects"), None);
    let err = call(&gitlab, at(Method::GET, &["groups", "nope"]))
        .await
        .unwrap_err();
    assert_eq!(message(err), (404, "404 Group Not Found".to_owned()));

    let projects = get(&gitlab, at(Method::GET, &["groups", "demo", "projects"])).await;
    assert_eq!(pluck(&projects, "id"), json!([1]));
    let found = get(
        &gitlab,
        with_query(
            at(Method::GET, &["groups", "4", "projects"]),
            &[("search", "box")],
        ),
    )
    .await;
    assert_eq!(pluck(&found, "id"), json!([1]));
    let simple = get(
        &gitlab,
        with_query(
            at(Method::GET, &["groups", "4", "projects"]),
            &[("simple", "true")],
        ),
    )
    .await;
    assert_eq!(
        simple[0].get("permissions"),
        None,
        "simple: the basic project entity"
    );
    let err = call(&gitlab, at(Method::GET, &["groups", "99", "projects"]))
        .await
        .unwrap_err();
    assert_eq!(message(err), (404, "404 Group Not Found".to_owned()));
    let group_members = get(&gitlab, at(Method::GET, &["groups", "demo", "members"])).await;
    assert_eq!(
        (
            pluck(&group_members, "username"),
            pluck(&group_members, "access_level")
        ),
        (json!(["sandbox-user"]), json!([50]))
    );
}
