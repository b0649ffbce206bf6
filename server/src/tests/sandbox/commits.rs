//! The sandbox's commits and compare, through the real client: history filters, diffs in
//! GitLab's shape, committing file actions (text and base64), merging, and GitLab's refusals.

use crate::gitlab::{ApiRequest, GitLab};
use crate::tests::common::{call, demo, message, pluck, setup, with_query};
use reqwest::Method;
use serde_json::{Value, json};

/// `<method> projects/demo%2Fsandbox/repository/<parts…>`.
fn repo(method: Method, parts: &[&str]) -> ApiRequest {
    parts.iter().fold(
        ApiRequest::new(method)
            .project(&demo())
            .segment("repository"),
        |r, p| r.segment(p),
    )
}

async fn refused(gitlab: &GitLab, request: ApiRequest) -> (u16, String) {
    message(call(gitlab, request).await.unwrap_err())
}

async fn titles(gitlab: &GitLab, filters: &[(&str, &str)]) -> Value {
    let listed = call(gitlab, with_query(repo(Method::GET, &["commits"]), filters)).await;
    pluck(&listed.unwrap(), "title")
}

const MAIN: [&str; 6] = [
    "Test tokenizing a whole sentence",
    "Add logo",
    "Add user guide",
    "Add CI pipeline",
    "Add tokenizer",
    "Initial commit",
];

#[tokio::test]
async fn history_is_newest_first_with_gitlabs_filters() {
    let (_sandbox, gitlab) = setup().await;
    assert_eq!(titles(&gitlab, &[]).await, json!(MAIN));
    let cases: [(&[(&str, &str)], Value); 7] = [
        (&[("ref_name", "v1.0.0")], json!(MAIN[3..])),
        (
            &[("ref_name", "feature/x")],
            json!([
                "Document the word counter",
                "Add word counter",
                "Add user guide",
                "Add CI pipeline",
                "Add tokenizer",
                "Initial commit"
            ]),
        ),
        (&[("path", "src/tokenizer.rs")], json!(["Add tokenizer"])),
        (
            &[("path", "docs"), ("ref_name", "feature/x")],
            json!(["Document the word counter", "Add user guide"]),
        ),
        (&[("author", "bob")], json!(["Add logo", "Add CI pipeline"])),
        (
            &[("since", "2026-01-08"), ("until", "2026-01-10T00:00:00Z")],
            json!(["Add logo", "Add user guide"]),
        ),
        (&[("ref_name", "nope")], json!([])),
    ];
    for (filters, expected) in cases {
        assert_eq!(titles(&gitlab, filters).await, expected, "{filters:?}");
    }
    let all = gitlab
        .send(
            repo(Method::GET, &["commits"])
                .query("all", true)
                .query("per_page", 4),
        )
        .await
        .unwrap();
    assert_eq!(
        (all.total, all.next_page),
        (None, Some(2)),
        "GitLab pages commits without counting them"
    );
    let last = gitlab
        .send(
            repo(Method::GET, &["commits"])
                .query("all", true)
                .page(Some(3), Some(4)),
        )
        .await
        .unwrap();
    assert_eq!(
        (last.body.as_array().unwrap().len(), last.next_page),
        (1, None)
    );
    assert_eq!(all.body[0]["title"], "Fix off-by-one in tokenizer");

    let first = call(
        &gitlab,
        repo(Method::GET, &["commits"]).query("with_stats", true),
    )
    .await;
    let first = first.unwrap()[0].clone();
    assert_eq!(
        first["stats"],
        json!({"additions": 8, "deletions": 0, "total": 8})
    );
    assert_eq!(first["author_email"], "alice@example.com");
    assert_eq!(first["committed_date"], "2026-01-12T09:45:00.000+00:00");
    assert_eq!(first["parent_ids"].as_array().unwrap().len(), 1);
    assert_eq!(
        first["message"],
        "Test tokenizing a whole sentence\n\nA sentence that does not end in punctuation keeps its last word."
    );
    let err = refused(
        &gitlab,
        repo(Method::GET, &["commits"]).query("since", "soon"),
    )
    .await;
    assert_eq!(err, (400, "since is invalid".to_owned()));
}

#[tokio::test]
async fn one_commit_its_stats_pipeline_and_diff() {
    let (sandbox, gitlab) = setup().await;
    let head = call(&gitlab, repo(Method::GET, &["commits", "main"]))
        .await
        .unwrap();
    assert_eq!(head["title"], MAIN[0]);
    assert_eq!(
        head["status"], "failed",
        "the latest pipeline on main failed"
    );
    assert_eq!(head["last_pipeline"]["id"], 2);
    assert_eq!(head["project_id"], 1);
    let id = head["id"].as_str().unwrap();
    assert_eq!(
        head["web_url"],
        format!("{}demo/sandbox/-/commit/{id}", sandbox.base_url())
    );
    let short = call(&gitlab, repo(Method::GET, &["commits", &id[..8]]))
        .await
        .unwrap();
    assert_eq!(short, head);
    let bare = call(
        &gitlab,
        repo(Method::GET, &["commits", id]).query("stats", false),
    )
    .await;
    assert_eq!(bare.unwrap().get("stats"), None);
    let tagged = call(&gitlab, repo(Method::GET, &["commits", "v1.0.0"]))
        .await
        .unwrap();
    assert_eq!(tagged["status"], "success");

    let diff = call(&gitlab, repo(Method::GET, &["commits", id, "diff"]))
        .await
        .unwrap();
    assert_eq!(pluck(&diff, "new_path"), json!(["tests/tokenizer.rs"]));
    let file = &diff[0];
    assert_eq!(
        (file["a_mode"].clone(), file["b_mode"].clone()),
        (json!("100644"), json!("100644"))
    );
    assert_eq!(file["new_file"], false);
    let text = file["diff"].as_str().unwrap();
    assert!(text.starts_with("@@ -16,3 +16,11 @@"), "{text}");
    assert!(text.contains("+fn splits_a_sentence() {\n"), "{text}");

    let logo = call(&gitlab, repo(Method::GET, &["commits", "main~1"])).await;
    assert_eq!(
        message(logo.unwrap_err()),
        (404, "404 Commit Not Found".to_owned())
    );
    let added = call(
        &gitlab,
        repo(Method::GET, &["commits"]).query("path", "assets/logo.png"),
    )
    .await;
    let logo_commit = added.unwrap()[0]["id"].as_str().unwrap().to_owned();
    let pages = gitlab
        .send(repo(Method::GET, &["commits", &logo_commit, "diff"]).query("per_page", 1))
        .await
        .unwrap();
    assert_eq!((pages.total, pages.next_page), (Some(2), Some(2)));
    assert_eq!(pages.body[0]["new_path"], "README.md");
    let binary = call(
        &gitlab,
        repo(Method::GET, &["commits", &logo_commit, "diff"]).page(Some(2), Some(1)),
    )
    .await;
    let binary = binary.unwrap()[0].clone();
    assert_eq!(binary["new_file"], true);
    assert_eq!(binary["a_mode"], "0");
    assert_eq!(
        binary["diff"],
        "Binary files /dev/null and b/assets/logo.png differ\n"
    );
}

#[tokio::test]
async fn compare_answers_what_changed_since_a_tag() {
    let (sandbox, gitlab) = setup().await;
    let compare = |from: &str, to: &str| {
        repo(Method::GET, &["compare"])
            .query("from", from)
            .query("to", to)
    };
    let since = call(&gitlab, compare("v1.0.0", "main")).await.unwrap();
    assert_eq!(
        pluck(&since["commits"], "title"),
        json!([MAIN[2], MAIN[1], MAIN[0]]),
        "oldest first"
    );
    assert_eq!(since["commit"]["title"], MAIN[0]);
    assert_eq!(
        pluck(&since["diffs"], "new_path"),
        json!([
            "README.md",
            "assets/logo.png",
            "docs/guide.md",
            "tests/tokenizer.rs"
        ])
    );
    assert_eq!(since["compare_same_ref"], false);
    assert_eq!(since["compare_timeout"], false);
    assert_eq!(
        since["web_url"],
        format!("{}demo/sandbox/-/compare/v1.0.0...main", sandbox.base_url())
    );

    // From main to feature/x: only the branch's own changes, unless compared straight.
    let feature = call(&gitlab, compare("main", "feature/x")).await.unwrap();
    assert_eq!(
        pluck(&feature["diffs"], "new_path"),
        json!(["docs/guide.md", "src/counter.rs", "src/lib.rs"])
    );
    let straight = call(
        &gitlab,
        compare("main", "feature/x").query("straight", true),
    )
    .await
    .unwrap();
    assert_eq!(
        straight["diffs"].as_array().unwrap().len(),
        6,
        "main's own changes show, reversed"
    );
    assert_eq!(straight["commits"], feature["commits"]);

    let same = call(&gitlab, compare("main", "main")).await.unwrap();
    assert_eq!(
        (same["compare_same_ref"].clone(), same["commit"].clone()),
        (json!(true), Value::Null)
    );
    assert_eq!(
        refused(&gitlab, compare("main", "nope")).await,
        (404, "404 Ref Not Found".to_owned())
    );
    let half = repo(Method::GET, &["compare"]).query("from", "main");
    assert_eq!(
        refused(&gitlab, half).await,
        (400, "to is missing".to_owned())
    );
}

#[tokio::test]
async fn commits_take_several_actions_and_base64_binaries() {
    let (sandbox, gitlab) = setup().await;
    let body = json!({
        "branch": "topic",
        "start_branch": "main",
        "commit_message": "Reorganise\n\nSeveral actions at once.",
        "actions": [
            {"action": "create", "file_path": "assets/bytes.bin", "content": "AAEC/w==", "encoding": "base64"},
            {"action": "move", "previous_path": "docs/guide.md", "file_path": "docs/user-guide.md"},
            {"action": "update", "file_path": "Cargo.toml", "content": "[package]\nname = \"sandbox\"\n"},
            {"action": "delete", "file_path": ".gitlab-ci.yml"},
            {"action": "chmod", "file_path": "src/lib.rs", "execute_filemode": true},
        ],
    });
    let commit = call(&gitlab, repo(Method::POST, &["commits"]).json(body))
        .await
        .unwrap();
    assert_eq!(commit["title"], "Reorganise");
    assert_eq!(commit["author_name"], "Sandbox User");
    assert!(commit["stats"]["deletions"].as_u64().unwrap() > 0);
    let id = commit["id"].as_str().unwrap();
    let diff = call(&gitlab, repo(Method::GET, &["commits", id, "diff"]))
        .await
        .unwrap();
    assert_eq!(
        pluck(&diff, "new_path"),
        json!([
            ".gitlab-ci.yml",
            "Cargo.toml",
            "assets/bytes.bin",
            "docs/user-guide.md",
            "src/lib.rs"
        ])
    );
    assert_eq!(diff[0]["deleted_file"], true);
    assert_eq!(
        (diff[3]["renamed_file"].clone(), diff[3]["old_path"].clone()),
        (json!(true), json!("docs/guide.md"))
    );
    assert_eq!(
        (diff[4]["a_mode"].clone(), diff[4]["b_mode"].clone()),
        (json!("100644"), json!("100755"))
    );

    let file = call(
        &gitlab,
        repo(Method::GET, &["files", "assets/bytes.bin"]).query("ref", "topic"),
    )
    .await
    .unwrap();
    assert_eq!(
        (file["content"].clone(), file["size"].clone()),
        (json!("AAEC/w=="), json!(4))
    );
    let url = format!(
        "{}api/v4/projects/1/repository/files/assets%2Fbytes.bin/raw?ref=topic",
        sandbox.base_url()
    );
    let raw = reqwest::get(url).await.unwrap().bytes().await.unwrap();
    assert_eq!(&raw[..], [0, 1, 2, 255]);
    let branches = call(
        &gitlab,
        ApiRequest::get()
            .project(&demo())
            .segment("repository")
            .segment("branches")
            .segment("topic"),
    )
    .await;
    assert_eq!(branches.unwrap()["commit"]["id"], commit["id"]);

    let action = |a: Value| json!({"branch": "main", "commit_message": "x", "actions": [a]});
    let cases = [
        (
            json!({"branch": "main", "commit_message": "x"}),
            "actions is missing",
        ),
        (
            json!({"commit_message": "x", "actions": []}),
            "branch is missing, branch is empty",
        ),
        (
            json!({"branch": "x", "start_branch": "main", "start_sha": "abc", "commit_message": "x", "actions": []}),
            "start_branch, start_sha are mutually exclusive",
        ),
        (
            action(json!({"action": "update", "file_path": "x"})),
            "actions[0][content] is missing",
        ),
        (
            action(json!({"action": "chmod", "file_path": "x"})),
            "actions[0][execute_filemode] is missing",
        ),
        (
            action(json!({"action": "rename", "file_path": "x"})),
            "actions[0][action] does not have a valid value",
        ),
        (
            action(json!({"action": "create"})),
            "actions[0][file_path] is missing",
        ),
        (
            action(json!({"action": "move", "file_path": "x"})),
            "actions[0][previous_path] is missing",
        ),
        (
            action(json!({"action": "create", "file_path": "x", "encoding": "hex"})),
            "actions[0][encoding] does not have a valid value",
        ),
    ];
    for (body, expected) in cases {
        let request = repo(Method::POST, &["commits"]).json(body.clone());
        let (status, text) = refused(&gitlab, request).await;
        assert_eq!((status, text.as_str()), (400, expected), "{body}");
    }
    let cases = [
        (
            action(json!({"action": "create", "file_path": "README.md"})),
            "A file with this name already exists",
        ),
        (
            action(json!({"action": "delete", "file_path": "nope"})),
            "A file with this name doesn't exist",
        ),
        (
            action(
                json!({"action": "update", "file_path": "README.md", "content": "x", "last_commit_id": id}),
            ),
            "The file has changed since you started editing it: README.md",
        ),
        (
            json!({"branch": "topic", "start_branch": "main", "commit_message": "x", "actions": [{"action": "create", "file_path": "y"}]}),
            "A branch called 'topic' already exists. Switch to that branch in order to make changes",
        ),
    ];
    for (body, expected) in cases {
        let request = repo(Method::POST, &["commits"]).json(body.clone());
        assert_eq!(
            refused(&gitlab, request).await,
            (400, expected.to_owned()),
            "{body}"
        );
    }
    let main = call(&gitlab, repo(Method::GET, &["commits", "main"]))
        .await
        .unwrap();
    assert_eq!(main["title"], MAIN[0], "nothing was committed to main");
}

#[tokio::test]
async fn merging_makes_a_real_merge_commit() {
    let (_sandbox, gitlab) = setup().await;
    let mrs = || {
        ApiRequest::new(Method::POST)
            .project(&demo())
            .segment("merge_requests")
    };
    let mr = json!({"source_branch": "feature/x", "target_branch": "main", "title": "Add the word counter"});
    let mr = call(&gitlab, mrs().json(mr)).await.unwrap();
    assert_eq!(mr["detailed_merge_status"], "mergeable");
    assert!(mr["diff_refs"]["base_sha"].is_string());
    let merge = ApiRequest::put()
        .project(&demo())
        .segment("merge_requests")
        .segment(2)
        .segment("merge");
    let merged = call(&gitlab, merge.json(json!({}))).await.unwrap();
    let commit = call(&gitlab, repo(Method::GET, &["commits", "main"]))
        .await
        .unwrap();
    assert_eq!(merged["merge_commit_sha"], commit["id"]);
    assert_eq!(commit["title"], "Merge branch 'feature/x' into 'main'");
    assert_eq!(commit["parent_ids"].as_array().unwrap().len(), 2);
    let counter = call(
        &gitlab,
        repo(Method::GET, &["files", "src/counter.rs"]).query("ref", "main"),
    )
    .await;
    assert!(counter.is_ok(), "the source's changes are on main");
    let readme = call(
        &gitlab,
        repo(Method::GET, &["files", "README.md", "raw"]).query("ref", "main"),
    )
    .await;
    assert!(
        readme.unwrap().as_str().unwrap().contains("## Logo"),
        "and main's own stay"
    );

    // Squashing lands the source's changes as one commit, then merges it. (!1 already
    // proposes fix/tokenizer: a copy of the branch gets its own merge request.)
    let copy = ApiRequest::post()
        .project(&demo())
        .segment("repository")
        .segment("branches");
    call(
        &gitlab,
        copy.json(json!({"branch": "fix/again", "ref": "fix/tokenizer"})),
    )
    .await
    .unwrap();
    let squash = call(
        &gitlab,
        mrs().json(
            json!({"source_branch": "fix/again", "target_branch": "main", "title": "Fix it"}),
        ),
    )
    .await;
    assert_eq!(squash.unwrap()["iid"], 3);
    let merge = ApiRequest::put()
        .project(&demo())
        .segment("merge_requests")
        .segment(3)
        .segment("merge");
    let merged = call(&gitlab, merge.json(json!({"squash": true})))
        .await
        .unwrap();
    let squash_commit = merged["squash_commit_sha"].as_str().unwrap();
    let squashed = call(&gitlab, repo(Method::GET, &["commits", squash_commit]))
        .await
        .unwrap();
    assert_eq!(squashed["title"], "Fix it");
    assert_eq!(squashed["author_name"], "Sandbox User");
    let head = call(&gitlab, repo(Method::GET, &["commits", "main"]))
        .await
        .unwrap();
    assert_eq!(head["parent_ids"][1], squashed["id"]);

    // !1 needs an approval first: GitLab refuses to merge it.
    let seeded = ApiRequest::put()
        .project(&demo())
        .segment("merge_requests")
        .segment(1)
        .segment("merge");
    assert_eq!(
        refused(&gitlab, seeded.json(json!({}))).await,
        (405, "405 Method Not Allowed".to_owned())
    );
}

#[tokio::test]
async fn refs_and_cherry_picks_follow_the_history() {
    let (_sandbox, gitlab) = setup().await;
    let head = async |branch: &str| {
        let branch = call(&gitlab, repo(Method::GET, &["branches", branch])).await;
        branch.unwrap()["commit"]["id"].as_str().unwrap().to_owned()
    };
    let fix = head("fix/tokenizer").await;
    // The fix is only on its own branch, and no tag holds it.
    let refs = call(&gitlab, repo(Method::GET, &["commits", &fix, "refs"])).await;
    assert_eq!(
        refs.unwrap(),
        json!([{"type": "branch", "name": "fix/tokenizer"}])
    );
    // The tagged commit is under the tag.
    let tagged = call(&gitlab, repo(Method::GET, &["commits", "v1.0.0"]))
        .await
        .unwrap();
    let tagged = tagged["id"].as_str().unwrap().to_owned();
    let only_tags = with_query(
        repo(Method::GET, &["commits", &tagged, "refs"]),
        &[("type", "tag")],
    );
    assert_eq!(
        call(&gitlab, only_tags).await.unwrap(),
        json!([{"type": "tag", "name": "v1.0.0"}])
    );

    let pick = |branch: &str, dry_run: bool| {
        repo(Method::POST, &["commits", &fix, "cherry_pick"])
            .json(json!({"branch": branch, "dry_run": dry_run}))
    };
    let dry = call(&gitlab, pick("main", true)).await.unwrap();
    assert_eq!(dry, json!({"dry_run": "success"}));
    let main_before = head("main").await;
    let picked = call(&gitlab, pick("main", false)).await.unwrap();
    assert_eq!(picked["parent_ids"], json!([main_before]));
    let message_text = picked["message"].as_str().unwrap();
    assert!(
        message_text.contains(&format!("(cherry picked from commit {fix})")),
        "{message_text}"
    );
    assert_eq!(head("main").await, picked["id"].as_str().unwrap());
    // Picking it again changes nothing: GitLab refuses it.
    let (status, text) = refused(&gitlab, pick("main", false)).await;
    assert_eq!(status, 400);
    assert!(
        text.contains("cannot cherry pick this commit automatically"),
        "{text}"
    );
    assert_eq!(refused(&gitlab, pick("no-such-branch", false)).await.0, 404);
}
