//! The `repository` toolset as the catalog builds it: each action's GitLab call (method, path
//! segments, query or body) for representative arguments, the errors that name the field at
//! fault, and whether each action reads, writes or destroys.

use crate::catalog::{Output, Toolset};
use crate::tests::catalog_support::{Class, action, assert_toolset, pairs, prepared, refused};
use reqwest::Method;
use serde_json::{Value, json};

#[test]
fn each_action_reads_writes_or_destroys() {
    use Class::{Destructive, Read, Write};
    let table = [
        ("branch.list", Read),
        ("branch.get", Read),
        ("branch.create", Write),
        ("branch.delete", Destructive),
        ("branch.protect", Write),
        ("branch.protected_list", Read),
        ("branch.protected_get", Read),
        ("branch.unprotect", Destructive),
        ("tag.list", Read),
        ("tag.get", Read),
        ("tag.create", Write),
        ("tag.delete", Destructive),
        ("commit.list", Read),
        ("commit.get", Read),
        ("commit.diff", Read),
        ("commit.create", Write),
        ("commit.ref_list", Read),
        ("commit.cherry_pick", Write),
        ("commit.revert", Write),
        ("repository.tree", Read),
        ("repository.compare", Read),
        ("repository.merge_base", Read),
        ("repository.contributor_list", Read),
        ("file.get", Read),
        ("file.create", Write),
        ("file.update", Write),
        ("file.delete", Destructive),
        ("file.blame", Read),
        ("tag.protected_list", Read),
        ("tag.protected_get", Read),
        ("tag.protect", Write),
        ("tag.unprotect", Destructive),
        ("commit.status_list", Read),
        ("commit.status_set", Write),
        ("commit.comment_list", Read),
        ("commit.comment_create", Write),
        ("commit.merge_request_list", Read),
    ];
    assert_toolset(Toolset::Repository, &table);
}

#[test]
fn each_action_calls_its_method_and_path() {
    let project = "demo/sandbox";
    let table: [(&str, Value, Method, &[&str]); 22] = [
        (
            "branch.list",
            json!({"project_id": project}),
            Method::GET,
            &["projects", project, "repository", "branches"],
        ),
        (
            "branch.get",
            json!({"project_id": project, "branch": "feature/x"}),
            Method::GET,
            &["projects", project, "repository", "branches", "feature/x"],
        ),
        (
            "branch.create",
            json!({"project_id": project, "branch": "feature/x", "ref": "main"}),
            Method::POST,
            &["projects", project, "repository", "branches"],
        ),
        (
            "branch.delete",
            json!({"project_id": project, "branch": "feature/x"}),
            Method::DELETE,
            &["projects", project, "repository", "branches", "feature/x"],
        ),
        (
            "branch.protect",
            json!({"project_id": project, "name": "release/*"}),
            Method::POST,
            &["projects", project, "protected_branches"],
        ),
        (
            "branch.unprotect",
            json!({"project_id": project, "name": "release/*"}),
            Method::DELETE,
            &["projects", project, "protected_branches", "release/*"],
        ),
        (
            "tag.list",
            json!({"project_id": project}),
            Method::GET,
            &["projects", project, "repository", "tags"],
        ),
        (
            "tag.get",
            json!({"project_id": project, "tag_name": "release/1.0"}),
            Method::GET,
            &["projects", project, "repository", "tags", "release/1.0"],
        ),
        (
            "tag.create",
            json!({"project_id": project, "tag_name": "v1.0", "ref": "main"}),
            Method::POST,
            &["projects", project, "repository", "tags"],
        ),
        (
            "tag.delete",
            json!({"project_id": project, "tag_name": "release/1.0"}),
            Method::DELETE,
            &["projects", project, "repository", "tags", "release/1.0"],
        ),
        (
            "commit.list",
            json!({"project_id": project}),
            Method::GET,
            &["projects", project, "repository", "commits"],
        ),
        (
            "commit.get",
            json!({"project_id": project, "sha": "feature/x"}),
            Method::GET,
            &["projects", project, "repository", "commits", "feature/x"],
        ),
        (
            "commit.diff",
            json!({"project_id": project, "sha": "abc123"}),
            Method::GET,
            &[
                "projects",
                project,
                "repository",
                "commits",
                "abc123",
                "diff",
            ],
        ),
        (
            "commit.create",
            json!({"project_id": project, "branch": "main", "commit_message": "m",
                   "actions": [{"action": "delete", "file_path": "old.txt"}]}),
            Method::POST,
            &["projects", project, "repository", "commits"],
        ),
        (
            "commit.ref_list",
            json!({"project_id": project, "sha": "abc123"}),
            Method::GET,
            &[
                "projects",
                project,
                "repository",
                "commits",
                "abc123",
                "refs",
            ],
        ),
        (
            "commit.cherry_pick",
            json!({"project_id": project, "sha": "abc123", "branch": "release/1.0"}),
            Method::POST,
            &[
                "projects",
                project,
                "repository",
                "commits",
                "abc123",
                "cherry_pick",
            ],
        ),
        (
            "repository.tree",
            json!({"project_id": project}),
            Method::GET,
            &["projects", project, "repository", "tree"],
        ),
        (
            "repository.compare",
            json!({"project_id": project, "from": "main", "to": "feature/x"}),
            Method::GET,
            &["projects", project, "repository", "compare"],
        ),
        (
            "file.get",
            json!({"project_id": project, "file_path": "src/lib.rs", "ref": "main"}),
            Method::GET,
            &["projects", project, "repository", "files", "src/lib.rs"],
        ),
        (
            "file.create",
            json!({"project_id": project, "file_path": "src/lib.rs", "branch": "main",
                   "commit_message": "m", "content": "x"}),
            Method::POST,
            &["projects", project, "repository", "files", "src/lib.rs"],
        ),
        (
            "file.update",
            json!({"project_id": project, "file_path": "src/lib.rs", "branch": "main",
                   "commit_message": "m", "content": "x"}),
            Method::PUT,
            &["projects", project, "repository", "files", "src/lib.rs"],
        ),
        (
            "file.delete",
            json!({"project_id": project, "file_path": "src/lib.rs", "branch": "main",
                   "commit_message": "m"}),
            Method::DELETE,
            &["projects", project, "repository", "files", "src/lib.rs"],
        ),
    ];
    for (id, params, method, path) in table {
        let request = prepared(id, params);
        assert_eq!(request.method, method, "{id}");
        assert_eq!(request.path, path, "{id}");
    }
}

#[test]
fn outputs_shape_lists_diffs_files_and_comparisons() {
    for (id, output) in [
        ("branch.list", Output::List),
        ("branch.get", Output::Object),
        ("branch.delete", Output::Deleted),
        ("branch.unprotect", Output::Done),
        ("tag.list", Output::List),
        ("commit.list", Output::List),
        ("commit.diff", Output::Diffs),
        ("commit.create", Output::Object),
        ("commit.ref_list", Output::List),
        ("repository.tree", Output::List),
        ("repository.compare", Output::Compare),
        ("file.get", Output::File),
        ("file.create", Output::Object),
        ("file.delete", Output::Deleted),
    ] {
        assert_eq!(action(id).output, output, "{id}");
    }
}

#[test]
fn branches_list_create_and_protect() {
    let list = prepared(
        "branch.list",
        json!({"project_id": 1, "search": "^fix", "sort": "updated_desc", "per_page": 50, "page": 2}),
    );
    assert_eq!(
        list.query,
        pairs(&[
            ("page", "2"),
            ("per_page", "50"),
            ("search", "^fix"),
            ("sort", "updated_desc")
        ])
    );
    assert_eq!(list.body, None);
    let create = prepared(
        "branch.create",
        json!({"project_id": 1, "branch": "feature/x", "ref": "main"}),
    );
    assert_eq!(
        create.body,
        Some(json!({"branch": "feature/x", "ref": "main"}))
    );
    assert!(create.query.is_empty());
    let protect = prepared(
        "branch.protect",
        json!({"project_id": 1, "name": "main", "push_access_level": 0,
               "merge_access_level": 30, "allow_force_push": false}),
    );
    assert_eq!(
        protect.body,
        Some(json!({"name": "main", "push_access_level": 0,
                    "merge_access_level": 30, "allow_force_push": false}))
    );
    let bare = prepared("branch.protect", json!({"project_id": 1, "name": "main"}));
    assert_eq!(bare.body, Some(json!({"name": "main"})));
}

#[test]
fn access_levels_are_gitlabs_four() {
    assert_eq!(
        refused(
            "branch.protect",
            json!({"project_id": 1, "name": "main", "push_access_level": 35})
        ),
        "invalid parameters for `branch.protect`: `push_access_level`: must be 0 (no one), 30 (developers and maintainers), 40 (maintainers) or 60 (admins), got 35"
    );
    let schema = &action("branch.protect").input_schema()["properties"]["merge_access_level"];
    assert_eq!(schema["enum"], json!([0, 30, 40, 60]));
}

#[test]
fn branch_parameters_are_checked() {
    assert_eq!(
        refused("branch.create", json!({"project_id": 1, "branch": "x"})),
        "invalid parameters for `branch.create`: missing field `ref`"
    );
    assert_eq!(
        refused(
            "branch.get",
            json!({"project_id": 1, "branch": "x", "name": "y"})
        ),
        "invalid parameters for `branch.get`: unknown parameter `name`; expected `project_id`, `branch`, `raw`"
    );
    let wrong = refused("branch.delete", json!({"project_id": 1, "branch": 7}));
    assert!(
        wrong.starts_with("invalid parameters for `branch.delete`: `branch`: invalid type"),
        "{wrong}"
    );
    let sort = refused("branch.list", json!({"project_id": 1, "sort": "newest"}));
    assert!(sort.contains("`sort`: unknown variant `newest`"), "{sort}");
}

#[test]
fn tags_list_and_create() {
    let list = prepared(
        "tag.list",
        json!({"project_id": 1, "order_by": "version", "sort": "asc", "search": "v1"}),
    );
    assert_eq!(
        list.query,
        pairs(&[("order_by", "version"), ("search", "v1"), ("sort", "asc")])
    );
    let create = prepared(
        "tag.create",
        json!({"project_id": 1, "tag_name": "v1.0", "ref": "feature/x", "message": "First"}),
    );
    assert_eq!(
        create.body,
        Some(json!({"tag_name": "v1.0", "ref": "feature/x", "message": "First"}))
    );
    let lightweight = prepared(
        "tag.create",
        json!({"project_id": 1, "tag_name": "v1.0", "ref": "main"}),
    );
    assert_eq!(
        lightweight.body,
        Some(json!({"tag_name": "v1.0", "ref": "main"}))
    );
    assert_eq!(
        refused("tag.create", json!({"project_id": 1, "ref": "main"})),
        "invalid parameters for `tag.create`: missing field `tag_name`"
    );
    let order = refused("tag.list", json!({"project_id": 1, "order_by": "date"}));
    assert!(
        order.contains("`order_by`: unknown variant `date`"),
        "{order}"
    );
}

#[test]
fn commit_history_filters_go_to_the_query() {
    let list = prepared(
        "commit.list",
        json!({"project_id": 1, "ref_name": "feature/x", "path": "src/lib.rs",
               "since": "2026-01-01", "until": "2026-02-01T00:00:00Z", "author": "ada",
               "with_stats": true, "first_parent": true, "per_page": 10}),
    );
    assert_eq!(
        list.query,
        pairs(&[
            ("author", "ada"),
            ("first_parent", "true"),
            ("path", "src/lib.rs"),
            ("per_page", "10"),
            ("ref_name", "feature/x"),
            ("since", "2026-01-01"),
            ("until", "2026-02-01T00:00:00Z"),
            ("with_stats", "true"),
        ])
    );
    let all = prepared("commit.list", json!({"project_id": 1, "all": true}));
    assert_eq!(all.query, pairs(&[("all", "true")]));
    assert_eq!(
        refused(
            "commit.list",
            json!({"project_id": 1, "all": true, "ref_name": "main"})
        ),
        "invalid parameters for `commit.list`: `all`: lists the commits of every branch, so `ref_name` would be ignored; give one or the other"
    );
}

#[test]
fn one_commit_its_diff_refs_and_cherry_pick() {
    let get = prepared(
        "commit.get",
        json!({"project_id": 1, "sha": "abc123", "stats": false}),
    );
    assert_eq!(get.query, pairs(&[("stats", "false")]));
    let diff = prepared(
        "commit.diff",
        json!({"project_id": 1, "sha": "abc123", "page": 2, "per_page": 5}),
    );
    assert_eq!(diff.query, pairs(&[("page", "2"), ("per_page", "5")]));
    let refs = prepared(
        "commit.ref_list",
        json!({"project_id": 1, "sha": "abc123", "type": "tag"}),
    );
    assert_eq!(refs.query, pairs(&[("type", "tag")]));
    let kind = refused(
        "commit.ref_list",
        json!({"project_id": 1, "sha": "abc123", "type": "tags"}),
    );
    assert!(kind.contains("`type`: unknown variant `tags`"), "{kind}");
    let pick = prepared(
        "commit.cherry_pick",
        json!({"project_id": 1, "sha": "abc123", "branch": "release/1.0", "dry_run": true}),
    );
    assert_eq!(
        pick.body,
        Some(json!({"branch": "release/1.0", "dry_run": true}))
    );
    assert_eq!(
        refused("commit.cherry_pick", json!({"project_id": 1, "sha": "abc"})),
        "invalid parameters for `commit.cherry_pick`: missing field `branch`"
    );
    assert_eq!(
        action("commit.cherry_pick").title,
        "Cherry-pick commit",
        "the title says what a person would"
    );
}

#[test]
fn a_commit_of_several_files_sends_each_change_without_unset_fields() {
    let commit = prepared(
        "commit.create",
        json!({
            "project_id": "demo/sandbox",
            "branch": "feature/x",
            "start_branch": "main",
            "commit_message": "Reorganise",
            "author_name": "Ada",
            "actions": [
                {"action": "create", "file_path": "src/new.rs", "content": "fn main() {}\n"},
                {"action": "update", "file_path": "README.md", "content": "# Hi\n", "last_commit_id": "abc"},
                {"action": "move", "file_path": "docs/b.md", "previous_path": "docs/a.md"},
                {"action": "delete", "file_path": "old.txt"},
                {"action": "chmod", "file_path": "run.sh", "execute_filemode": true},
                {"action": "create", "file_path": "logo.png", "content": "iVBORw0=", "encoding": "base64"}
            ]
        }),
    );
    assert_eq!(commit.method, Method::POST);
    assert_eq!(
        commit.body,
        Some(json!({
            "branch": "feature/x",
            "start_branch": "main",
            "commit_message": "Reorganise",
            "author_name": "Ada",
            "actions": [
                {"action": "create", "file_path": "src/new.rs", "content": "fn main() {}\n"},
                {"action": "update", "file_path": "README.md", "content": "# Hi\n", "last_commit_id": "abc"},
                {"action": "move", "file_path": "docs/b.md", "previous_path": "docs/a.md"},
                {"action": "delete", "file_path": "old.txt"},
                {"action": "chmod", "file_path": "run.sh", "execute_filemode": true},
                {"action": "create", "file_path": "logo.png", "content": "iVBORw0=", "encoding": "base64"}
            ]
        }))
    );
}

#[test]
fn each_file_change_has_what_its_action_needs() {
    let commit = |change: Value| {
        refused(
            "commit.create",
            json!({"project_id": 1, "branch": "main", "commit_message": "m",
                   "actions": [{"action": "delete", "file_path": "a"}, change]}),
        )
    };
    let prefix = "invalid parameters for `commit.create`: ";
    assert_eq!(
        commit(json!({"action": "create", "file_path": "b"})),
        format!(
            "{prefix}`actions[1].content`: a `create` action needs `content` (the file's whole new content)"
        )
    );
    assert_eq!(
        commit(json!({"action": "update", "file_path": "b"})),
        format!(
            "{prefix}`actions[1].content`: a `update` action needs `content` (the file's whole new content)"
        )
    );
    assert_eq!(
        commit(json!({"action": "move", "file_path": "b"})),
        format!(
            "{prefix}`actions[1].previous_path`: a `move` action needs `previous_path` (the path the file moves from)"
        )
    );
    assert_eq!(
        commit(json!({"action": "chmod", "file_path": "b"})),
        format!(
            "{prefix}`actions[1].execute_filemode`: a `chmod` action needs `execute_filemode` (true or false)"
        )
    );
    let rename = commit(json!({"action": "rename", "file_path": "b"}));
    assert!(
        rename.starts_with(&format!(
            "{prefix}`actions[1].action`: unknown variant `rename`"
        )),
        "{rename}"
    );
    let unknown = commit(json!({"action": "delete", "file_path": "b", "path": "c"}));
    assert!(
        unknown.starts_with(&format!("{prefix}`actions[1].path`: unknown field `path`")),
        "{unknown}"
    );
    assert_eq!(
        commit(json!({"action": "delete"})),
        format!("{prefix}`actions[1]`: missing field `file_path`")
    );
    assert_eq!(
        refused(
            "commit.create",
            json!({"project_id": 1, "branch": "main", "commit_message": "m", "actions": []})
        ),
        format!("{prefix}`actions`: give at least one file change")
    );
    assert_eq!(
        refused(
            "commit.create",
            json!({"project_id": 1, "branch": "main", "commit_message": "m"})
        ),
        format!("{prefix}missing field `actions`")
    );
}

#[test]
fn the_tree_and_comparisons() {
    let tree = prepared(
        "repository.tree",
        json!({"project_id": 1, "path": "src/api", "ref": "feature/x", "recursive": true, "per_page": 100}),
    );
    assert_eq!(
        tree.query,
        pairs(&[
            ("path", "src/api"),
            ("per_page", "100"),
            ("recursive", "true"),
            ("ref", "feature/x")
        ])
    );
    let compare = prepared(
        "repository.compare",
        json!({"project_id": 1, "from": "v1.0", "to": "feature/x", "straight": true}),
    );
    assert_eq!(
        compare.query,
        pairs(&[("from", "v1.0"), ("straight", "true"), ("to", "feature/x")])
    );
    assert_eq!(
        refused(
            "repository.compare",
            json!({"project_id": 1, "from": "v1.0"})
        ),
        "invalid parameters for `repository.compare`: missing field `to`"
    );
}

#[test]
fn reading_a_file_sends_only_the_ref_and_keeps_the_window_ours() {
    let get = prepared(
        "file.get",
        json!({"project_id": "demo/sandbox", "file_path": "src/lib.rs", "ref": "feature/x",
               "first_line": 10, "last_line": 20}),
    );
    assert_eq!(get.query, pairs(&[("ref", "feature/x")]));
    assert_eq!(get.body, None);
    let one_line = prepared(
        "file.get",
        json!({"project_id": 1, "file_path": "a", "ref": "main", "first_line": 3, "last_line": 3}),
    );
    assert_eq!(one_line.query, pairs(&[("ref", "main")]));
    let parameters = action("file.get").parameters();
    assert_eq!(
        parameters,
        &["project_id", "file_path", "ref", "first_line", "last_line"]
    );
    let schema = &action("file.get").input_schema()["properties"]["first_line"];
    assert_eq!(schema["minimum"], 1);
}

#[test]
fn the_window_of_lines_must_select_some() {
    let get = |window: Value| {
        let mut params = json!({"project_id": 1, "file_path": "a", "ref": "main"});
        for (key, value) in window.as_object().unwrap() {
            params[key] = value.clone();
        }
        refused("file.get", params)
    };
    let prefix = "invalid parameters for `file.get`: ";
    assert_eq!(
        get(json!({"first_line": 0})),
        format!("{prefix}`first_line`: lines count from 1, got 0")
    );
    assert_eq!(
        get(json!({"last_line": 0})),
        format!("{prefix}`last_line`: lines count from 1, got 0")
    );
    assert_eq!(
        get(json!({"first_line": 20, "last_line": 10})),
        format!(
            "{prefix}`last_line`: 10 is before `first_line` 20; give a last line at or after the first"
        )
    );
    let negative = get(json!({"first_line": -1}));
    assert!(
        negative.starts_with(&format!("{prefix}`first_line`: invalid value")),
        "{negative}"
    );
    assert_eq!(
        refused(
            "file.get",
            json!({"project_id": 1, "file_path": "src/lib.rs"})
        ),
        format!("{prefix}missing field `ref`")
    );
}

#[test]
fn writing_files_sends_the_commit_in_the_body() {
    let create = prepared(
        "file.create",
        json!({"project_id": 1, "file_path": "docs/intro.md", "branch": "feature/x",
               "start_branch": "main", "commit_message": "Add intro", "content": "# Intro\n",
               "execute_filemode": false}),
    );
    assert_eq!(
        create.body,
        Some(json!({"branch": "feature/x", "start_branch": "main",
                    "commit_message": "Add intro", "content": "# Intro\n",
                    "execute_filemode": false}))
    );
    let update = prepared(
        "file.update",
        json!({"project_id": 1, "file_path": "src/lib.rs", "branch": "main",
               "commit_message": "Fix", "content": "AA==", "encoding": "base64",
               "last_commit_id": "abc123"}),
    );
    assert_eq!(
        update.body,
        Some(
            json!({"branch": "main", "commit_message": "Fix", "content": "AA==",
                    "encoding": "base64", "last_commit_id": "abc123"})
        )
    );
    let unguarded = prepared(
        "file.update",
        json!({"project_id": 1, "file_path": "a", "branch": "main", "commit_message": "m", "content": ""}),
    );
    assert_eq!(
        unguarded.body,
        Some(json!({"branch": "main", "commit_message": "m", "content": ""})),
        "`last_commit_id` is optional"
    );
    assert_eq!(
        refused(
            "file.create",
            json!({"project_id": 1, "file_path": "a", "branch": "main", "commit_message": "m"})
        ),
        "invalid parameters for `file.create`: missing field `content`"
    );
    let encoding = refused(
        "file.update",
        json!({"project_id": 1, "file_path": "a", "branch": "main", "commit_message": "m",
               "content": "x", "encoding": "utf8"}),
    );
    assert!(
        encoding.contains("`encoding`: unknown variant `utf8`"),
        "{encoding}"
    );
}

#[test]
fn deleting_a_file_sends_its_commit_in_the_query() {
    let delete = prepared(
        "file.delete",
        json!({"project_id": "demo/sandbox", "file_path": "src/old file.rs", "branch": "feature/x",
               "commit_message": "Remove"}),
    );
    assert_eq!(
        delete.path,
        [
            "projects",
            "demo/sandbox",
            "repository",
            "files",
            "src/old file.rs"
        ]
    );
    assert_eq!(
        delete.query,
        pairs(&[("branch", "feature/x"), ("commit_message", "Remove")])
    );
    assert_eq!(delete.body, None);
    assert_eq!(
        refused(
            "file.delete",
            json!({"project_id": 1, "file_path": "a", "branch": "main"})
        ),
        "invalid parameters for `file.delete`: missing field `commit_message`"
    );
}

#[test]
fn destructive_descriptions_say_so() {
    for id in [
        "branch.delete",
        "branch.unprotect",
        "tag.delete",
        "file.delete",
    ] {
        assert!(
            action(id).description().contains("destructive"),
            "{id}: {}",
            action(id).description()
        );
    }
}

/// A comment on a commit's file sits on one of its lines: GitLab refuses a `path` without
/// them, so the action does first.
#[test]
fn a_commit_comment_on_a_file_names_its_line() {
    let error = refused(
        "commit.comment_create",
        json!({"project_id": 1, "sha": "main", "note": "n", "path": "src/lib.rs"}),
    );
    assert!(
        error.contains("`path` needs `line` and `line_type`"),
        "{error}"
    );
    prepared(
        "commit.comment_create",
        json!({"project_id": 1, "sha": "main", "note": "n", "path": "src/lib.rs", "line": 3, "line_type": "new"}),
    );
}
