//! The `users`, `groups`, `search` and `projects` toolsets as requests: every action turns
//! its arguments into exactly GitLab's call, or refuses them naming the field, before
//! anything is sent.

use crate::catalog::{Output, Toolset};
use crate::tests::catalog_support::{Class, action, assert_toolset, pairs, prepared, refused};
use reqwest::Method;
use serde_json::json;

#[test]
fn every_action_of_the_toolsets_and_its_class() {
    use Class::{Destructive, Read, Write};
    assert_toolset(
        Toolset::Users,
        &[
            ("user.current", Read),
            ("user.list", Read),
            ("user.get", Read),
            ("member.list", Read),
            ("member.get", Read),
            ("user.event_list", Read),
            ("user.current_event_list", Read),
        ],
    );
    assert_toolset(
        Toolset::Groups,
        &[
            ("group.list", Read),
            ("group.get", Read),
            ("group.project_list", Read),
            ("group.member_list", Read),
            ("group.member_get", Read),
            ("group.create", Write),
            ("group.update", Write),
            ("group.subgroup_list", Read),
            ("group.descendant_list", Read),
            ("namespace.list", Read),
            ("namespace.get", Read),
            ("group.access_request_list", Read),
            ("group.access_request_create", Write),
            ("group.access_request_approve", Write),
            ("group.access_request_deny", Destructive),
        ],
    );
    assert_toolset(
        Toolset::Search,
        &[
            ("search.project", Read),
            ("search.group", Read),
            ("search.global", Read),
        ],
    );
    assert_toolset(
        Toolset::Projects,
        &[
            ("project.create", Write),
            ("project.get", Read),
            ("project.list", Read),
            ("project.update", Write),
            ("project.delete", Destructive),
            ("project.fork", Write),
            ("project.archive", Write),
            ("project.unarchive", Write),
            ("project.pull_mirror_configure", Write),
            ("project.push_mirror_add", Destructive),
            ("project.pull_mirror_get", Read),
            ("project.push_mirror_list", Read),
            ("project.push_mirror_get", Read),
            ("project.language_list", Read),
            ("project.star", Write),
            ("project.unstar", Write),
            ("hook.list", Read),
            ("hook.get", Read),
            ("hook.create", Write),
            ("hook.update", Write),
            ("hook.delete", Destructive),
            ("hook.test", Write),
            ("deploy_key.list", Read),
            ("deploy_key.get", Read),
            ("deploy_key.create", Write),
            ("deploy_key.update", Write),
            ("deploy_key.delete", Destructive),
            ("badge.list", Read),
            ("badge.get", Read),
            ("badge.create", Write),
            ("badge.update", Write),
            ("badge.delete", Destructive),
            ("badge.group_list", Read),
            ("badge.group_create", Write),
            ("badge.group_delete", Destructive),
            ("snippet.list", Read),
            ("snippet.get", Read),
            ("snippet.content", Read),
            ("snippet.create", Write),
            ("snippet.update", Write),
            ("snippet.delete", Destructive),
            ("upload.create", Write),
            ("upload.list", Read),
            ("upload.delete", Destructive),
            ("project.access_request_list", Read),
            ("project.access_request_create", Write),
            ("project.access_request_approve", Write),
            ("project.access_request_deny", Destructive),
            ("project.event_list", Read),
            ("project.export_status", Read),
            ("project.export", Write),
            ("project.import_status", Read),
        ],
    );
}

#[test]
fn who_am_i_and_other_users() {
    let me = prepared("user.current", json!({}));
    assert_eq!((me.method, me.path), (Method::GET, vec!["user".to_owned()]));
    assert!(me.query.is_empty());
    assert_eq!(action("user.current").title, "Get current user");
    assert_eq!(
        refused("user.current", json!({"user_id": 1})),
        "invalid parameters for `user.current`: unknown parameter `user_id`; expected `raw`"
    );
    let search = prepared(
        "user.list",
        json!({"search": "jane", "active": true, "per_page": 5}),
    );
    assert_eq!(search.path, ["users"]);
    assert_eq!(
        search.query,
        pairs(&[("active", "true"), ("per_page", "5"), ("search", "jane")])
    );
    assert_eq!(action("user.list").output, Output::List);
    let exact = prepared("user.list", json!({"username": "jane_doe"}));
    assert_eq!(exact.query, pairs(&[("username", "jane_doe")]));
    let user = prepared("user.get", json!({"user_id": 42}));
    assert_eq!(
        (user.method, user.path),
        (Method::GET, vec!["users".to_owned(), "42".to_owned()])
    );
    assert_eq!(
        refused("user.get", json!({"user_id": "jane"})),
        "invalid parameters for `user.get`: `user_id`: invalid type: string \"jane\", expected u64"
    );
}

#[test]
fn project_members_include_inherited_ones() {
    let members = prepared(
        "member.list",
        json!({"project_id": "demo/sandbox", "query": "jane", "user_ids": [1, 2], "page": 2}),
    );
    assert_eq!(members.method, Method::GET);
    assert_eq!(members.path, ["projects", "demo/sandbox", "members", "all"]);
    assert_eq!(
        members.query,
        pairs(&[
            ("page", "2"),
            ("query", "jane"),
            ("user_ids[]", "1"),
            ("user_ids[]", "2"),
        ])
    );
    assert_eq!(action("member.list").title, "List project members");
}

#[test]
fn groups_are_listed_and_named_by_id_or_path() {
    let list = prepared(
        "group.list",
        json!({"search": "plat", "owned": true, "top_level_only": true, "min_access_level": 40, "order_by": "path", "sort": "desc"}),
    );
    assert_eq!(list.path, ["groups"]);
    assert_eq!(
        list.query,
        pairs(&[
            ("min_access_level", "40"),
            ("order_by", "path"),
            ("owned", "true"),
            ("search", "plat"),
            ("sort", "desc"),
            ("top_level_only", "true"),
        ])
    );
    assert_eq!(
        refused("group.list", json!({"min_access_level": 35})),
        "invalid parameters for `group.list`: `min_access_level`: 35 is not an access level; expected 10 (guest), 15 (planner), 20 (reporter), 30 (developer), 40 (maintainer) or 50 (owner)"
    );
    // Without `with_projects`, the group comes without its projects: they are listed page
    // by page with `group.project_list`.
    let get = prepared("group.get", json!({"group_id": "demo/platform"}));
    assert_eq!(get.path, ["groups", "demo/platform"]);
    assert_eq!(get.query, pairs(&[("with_projects", "false")]));
    let with = prepared("group.get", json!({"group_id": 9, "with_projects": true}));
    assert_eq!(with.path, ["groups", "9"]);
    assert_eq!(with.query, pairs(&[("with_projects", "true")]));
    let error = refused("group.get", json!({"group_id": 0}));
    assert!(
        error.starts_with("invalid parameters for `group.get`: `group_id`: invalid value: integer `0`, expected a group id (a positive integer) or a non-empty group path"),
        "{error}"
    );
}

#[test]
fn the_projects_and_members_of_a_group() {
    let projects = prepared(
        "group.project_list",
        json!({"group_id": "demo", "include_subgroups": true, "search": "api", "archived": false, "order_by": "last_activity_at", "per_page": 20}),
    );
    assert_eq!(projects.method, Method::GET);
    assert_eq!(projects.path, ["groups", "demo", "projects"]);
    assert_eq!(
        projects.query,
        pairs(&[
            ("archived", "false"),
            ("include_subgroups", "true"),
            ("order_by", "last_activity_at"),
            ("per_page", "20"),
            ("search", "api"),
        ])
    );
    let members = prepared(
        "group.member_list",
        json!({"group_id": "demo/platform", "query": "jane"}),
    );
    assert_eq!(members.path, ["groups", "demo/platform", "members", "all"]);
    assert_eq!(members.query, pairs(&[("query", "jane")]));
    for id in ["group.list", "group.project_list", "group.member_list"] {
        assert_eq!(action(id).output, Output::List, "{id}");
    }
}

#[test]
fn project_search_takes_the_project_scopes_and_a_ref_for_code() {
    let code = prepared(
        "search.project",
        json!({"project_id": "demo/sandbox", "scope": "blobs", "search": "fn main", "ref": "release/1.0"}),
    );
    assert_eq!(code.method, Method::GET);
    assert_eq!(code.path, ["projects", "demo/sandbox", "search"]);
    assert_eq!(
        code.query,
        pairs(&[
            ("ref", "release/1.0"),
            ("scope", "blobs"),
            ("search", "fn main")
        ])
    );
    for scope in [
        "issues",
        "merge_requests",
        "milestones",
        "notes",
        "wiki_blobs",
        "commits",
        "blobs",
        "users",
    ] {
        let request = prepared(
            "search.project",
            json!({"project_id": 1, "scope": scope, "search": "x"}),
        );
        assert!(
            request
                .query
                .contains(&("scope".to_owned(), scope.to_owned()))
        );
    }
    assert_eq!(
        refused(
            "search.project",
            json!({"project_id": 1, "scope": "projects", "search": "x"})
        ),
        "invalid parameters for `search.project`: `scope`: unknown variant `projects`, expected one of `issues`, `merge_requests`, `milestones`, `notes`, `wiki_blobs`, `commits`, `blobs`, `users`"
    );
    assert_eq!(
        refused(
            "search.project",
            json!({"project_id": 1, "scope": "issues", "search": "x", "ref": "main"})
        ),
        "invalid parameters for `search.project`: `ref` applies only to the `blobs`, `commits` and `wiki_blobs` scopes (the code, the history or the wiki at a branch or tag); leave it out for other scopes"
    );
    // The wiki at a ref, as GitLab takes it.
    let wiki = prepared(
        "search.project",
        json!({"project_id": 1, "scope": "wiki_blobs", "search": "x", "ref": "main"}),
    );
    assert!(wiki.query.contains(&("ref".to_owned(), "main".to_owned())));
    assert_eq!(
        refused("search.project", json!({"project_id": 1, "scope": "blobs"})),
        "invalid parameters for `search.project`: missing field `search`"
    );
}

#[test]
fn group_and_global_search_take_the_scopes_gitlab_documents_there() {
    let group = prepared(
        "search.group",
        json!({"group_id": "demo/platform", "scope": "merge_requests", "search": "flaky", "page": 2}),
    );
    assert_eq!(group.path, ["groups", "demo/platform", "search"]);
    assert_eq!(
        group.query,
        pairs(&[
            ("page", "2"),
            ("scope", "merge_requests"),
            ("search", "flaky")
        ])
    );
    // The advanced scopes are GitLab's to refuse where advanced search is off.
    for scope in ["blobs", "commits", "notes", "wiki_blobs"] {
        let group = prepared(
            "search.group",
            json!({"group_id": 1, "scope": scope, "search": "x"}),
        );
        assert!(
            group
                .query
                .contains(&("scope".to_owned(), scope.to_owned()))
        );
        let global = prepared("search.global", json!({"scope": scope, "search": "x"}));
        assert!(
            global
                .query
                .contains(&("scope".to_owned(), scope.to_owned()))
        );
    }
    assert_eq!(
        refused(
            "search.group",
            json!({"group_id": 1, "scope": "snippet_titles", "search": "x"})
        ),
        "invalid parameters for `search.group`: `scope`: unknown variant `snippet_titles`, expected one of `projects`, `issues`, `merge_requests`, `milestones`, `users`, `blobs`, `commits`, `notes`, `wiki_blobs`"
    );
    let global = prepared(
        "search.global",
        json!({"scope": "snippet_titles", "search": "deploy script"}),
    );
    assert_eq!(global.path, ["search"]);
    assert_eq!(
        global.query,
        pairs(&[("scope", "snippet_titles"), ("search", "deploy script")])
    );
    assert_eq!(
        refused("search.global", json!({"scope": "code", "search": "x"})),
        "invalid parameters for `search.global`: `scope`: unknown variant `code`, expected one of `projects`, `issues`, `merge_requests`, `milestones`, `snippet_titles`, `users`, `blobs`, `commits`, `notes`, `wiki_blobs`"
    );
    assert!(
        refused(
            "search.global",
            json!({"scope": "issues", "search": "x", "ref": "main"})
        )
        .contains("unknown parameter `ref`")
    );
    for id in ["search.project", "search.group", "search.global"] {
        assert_eq!(action(id).output, Output::List, "{id}");
    }
}

#[test]
fn a_fork_names_its_namespace_once() {
    let fork = prepared(
        "project.fork",
        json!({"project_id": "demo/sandbox", "namespace_path": "jane", "name": "sandbox-fork", "visibility": "private", "branches": "main"}),
    );
    assert_eq!(fork.method, Method::POST);
    assert_eq!(fork.path, ["projects", "demo/sandbox", "fork"]);
    assert_eq!(
        fork.body,
        Some(
            json!({"namespace_path": "jane", "name": "sandbox-fork", "visibility": "private", "branches": "main"})
        )
    );
    let bare = prepared("project.fork", json!({"project_id": 1}));
    assert_eq!(
        bare.body, None,
        "a fork into your own namespace sends nothing more"
    );
    assert_eq!(
        refused(
            "project.fork",
            json!({"project_id": 1, "namespace_id": 5, "namespace_path": "jane"})
        ),
        "invalid parameters for `project.fork`: give the namespace of the fork once: `namespace_id` or `namespace_path`, not both"
    );
    let error = refused(
        "project.fork",
        json!({"project_id": 1, "visibility": "secret"}),
    );
    assert!(error.contains("`visibility`: "), "{error}");
    assert!(
        refused(
            "project.fork",
            json!({"project_id": 1, "namespace": "jane"})
        )
        .contains("unknown parameter `namespace`")
    );
}

#[test]
fn archive_and_unarchive_post_to_the_project() {
    for (id, verb) in [
        ("project.archive", "archive"),
        ("project.unarchive", "unarchive"),
    ] {
        let request = prepared(id, json!({"project_id": "demo/sandbox"}));
        assert_eq!(request.method, Method::POST, "{id}");
        assert_eq!(request.path, ["projects", "demo/sandbox", verb], "{id}");
        assert_eq!(request.body, None, "{id}");
        assert_eq!(action(id).output, Output::Object, "{id}");
    }
}
