//! The sandbox's tree and files, through the real client: listing directories, reading a
//! file (metadata, base64 and raw bytes), and one commit per created, updated or deleted file.

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

#[tokio::test]
async fn the_tree_lists_directories_first() {
    let (_sandbox, gitlab) = setup().await;
    let root = call(&gitlab, repo(Method::GET, &["tree"])).await.unwrap();
    assert_eq!(
        pluck(&root, "path"),
        json!([
            "assets",
            "docs",
            "src",
            "tests",
            ".gitlab-ci.yml",
            "Cargo.toml",
            "README.md"
        ])
    );
    assert_eq!(root[0]["type"], "tree");
    assert_eq!(root[0]["mode"], "040000");
    assert_eq!(root[6]["type"], "blob");
    assert_eq!(root[6]["mode"], "100644");
    assert_eq!(root[6]["id"].as_str().unwrap().len(), 40);

    let cases: [(&[(&str, &str)], Value); 3] = [
        (
            &[("path", "src")],
            json!(["src/lib.rs", "src/tokenizer.rs"]),
        ),
        (
            &[("path", "src"), ("ref", "feature/x")],
            json!(["src/counter.rs", "src/lib.rs", "src/tokenizer.rs"]),
        ),
        (
            &[("ref", "v1.0.0"), ("recursive", "true")],
            json!([
                "src",
                "tests",
                ".gitlab-ci.yml",
                "Cargo.toml",
                "README.md",
                "src/lib.rs",
                "src/tokenizer.rs",
                "tests/tokenizer.rs"
            ]),
        ),
    ];
    for (filters, expected) in cases {
        let listed = call(&gitlab, with_query(repo(Method::GET, &["tree"]), filters)).await;
        assert_eq!(pluck(&listed.unwrap(), "path"), expected, "{filters:?}");
    }
    let page = gitlab
        .send(repo(Method::GET, &["tree"]).query("per_page", 5))
        .await
        .unwrap();
    assert_eq!((page.total, page.next_page), (Some(7), Some(2)));
    let cases = [
        ([("ref", "nope")], "404 Tree Not Found"),
        ([("path", "nope")], "404 invalid revision or path Not Found"),
        (
            [("path", "README.md")],
            "404 invalid revision or path Not Found",
        ),
    ];
    for (filters, expected) in cases {
        let request = with_query(repo(Method::GET, &["tree"]), &filters);
        assert_eq!(refused(&gitlab, request).await, (404, expected.to_owned()));
    }
}

#[tokio::test]
async fn files_are_read_with_gitlabs_fields_and_raw() {
    let (sandbox, gitlab) = setup().await;
    let file = call(
        &gitlab,
        repo(Method::GET, &["files", "src/lib.rs"]).query("ref", "main"),
    )
    .await
    .unwrap();
    assert_eq!(
        sandbox.requests().last().unwrap().raw_path,
        "/api/v4/projects/demo%2Fsandbox/repository/files/src%2Flib.rs"
    );
    assert_eq!(
        (file["file_name"].clone(), file["file_path"].clone()),
        (json!("lib.rs"), json!("src/lib.rs"))
    );
    assert_eq!(file["encoding"], "base64");
    assert_eq!(file["ref"], "main");
    assert_eq!(file["execute_filemode"], false);
    assert_eq!(file["content_sha256"].as_str().unwrap().len(), 64);
    let raw = call(
        &gitlab,
        repo(Method::GET, &["files", "src/lib.rs", "raw"]).query("ref", "main"),
    )
    .await
    .unwrap();
    assert_eq!(
        raw,
        "//! The sandbox crate: text utilities for the demo project.\n\npub mod tokenizer;\n"
    );
    assert_eq!(file["size"], raw.as_str().unwrap().len());
    let added = call(
        &gitlab,
        repo(Method::GET, &["commits"]).query("path", "src/lib.rs"),
    )
    .await
    .unwrap();
    assert_eq!(
        file["last_commit_id"], added[0]["id"],
        "the last commit that changed it"
    );
    assert_ne!(file["commit_id"], file["last_commit_id"]);

    let url = format!(
        "{}api/v4/projects/1/repository/files/assets%2Flogo.png/raw",
        sandbox.base_url()
    );
    let logo = reqwest::get(url).await.unwrap();
    assert_eq!(logo.headers()["content-type"], "application/octet-stream");
    let bytes = logo.bytes().await.unwrap();
    assert_eq!(&bytes[..4], b"\x89PNG");
    let logo = call(
        &gitlab,
        repo(Method::GET, &["files", "assets/logo.png"]).query("ref", "main"),
    )
    .await
    .unwrap();
    assert!(logo["content"].as_str().unwrap().starts_with("iVBORw0KGgo"));
    assert_eq!(logo["size"], bytes.len());

    let cases = [
        (
            repo(Method::GET, &["files", "src/lib.rs"]),
            (400, "ref is missing, ref is empty"),
        ),
        (
            repo(Method::GET, &["files", "nope.rs"]).query("ref", "main"),
            (404, "404 File Not Found"),
        ),
        (
            repo(Method::GET, &["files", "src/lib.rs"]).query("ref", "nope"),
            (404, "404 Commit Not Found"),
        ),
        (
            repo(Method::GET, &["files", "docs/guide.md"]).query("ref", "v1.0.0"),
            (404, "404 File Not Found"),
        ),
    ];
    for (request, (status, expected)) in cases {
        assert_eq!(
            refused(&gitlab, request).await,
            (status, expected.to_owned())
        );
    }
}

#[tokio::test]
async fn files_are_created_updated_and_deleted_one_commit_each() {
    let (_sandbox, gitlab) = setup().await;
    let file = |method: Method| repo(method, &["files", "docs/faq.md"]);
    let body = json!({"branch": "feature/x", "commit_message": "Add a FAQ", "content": "# FAQ\n", "author_name": "Bob Builder", "author_email": "bob@example.com"});
    let created = call(&gitlab, file(Method::POST).json(body.clone()))
        .await
        .unwrap();
    assert_eq!(
        created,
        json!({"file_path": "docs/faq.md", "branch": "feature/x"})
    );
    let head = call(&gitlab, repo(Method::GET, &["commits", "feature/x"]))
        .await
        .unwrap();
    assert_eq!(
        (head["title"].clone(), head["author_name"].clone()),
        (json!("Add a FAQ"), json!("Bob Builder"))
    );
    assert_eq!(head["committer_name"], "Sandbox User");
    assert_eq!(
        refused(&gitlab, file(Method::POST).json(body)).await,
        (400, "A file with this name already exists".to_owned())
    );

    let stale = json!({"branch": "feature/x", "commit_message": "Edit", "content": "# FAQ\n\nQ?\n", "last_commit_id": "0".repeat(40)});
    assert_eq!(
        refused(&gitlab, file(Method::PUT).json(stale)).await,
        (
            400,
            "You are attempting to update a file that has changed since you started editing it."
                .to_owned()
        )
    );
    let fresh = json!({"branch": "feature/x", "commit_message": "Edit the FAQ", "content": "IyBGQVEKClE/Cg==", "encoding": "base64", "last_commit_id": head["id"]});
    let updated = call(&gitlab, file(Method::PUT).json(fresh)).await.unwrap();
    assert_eq!(
        updated,
        json!({"file_path": "docs/faq.md", "branch": "feature/x"})
    );
    let raw = call(
        &gitlab,
        repo(Method::GET, &["files", "docs/faq.md", "raw"]).query("ref", "feature/x"),
    )
    .await;
    assert_eq!(raw.unwrap(), "# FAQ\n\nQ?\n");

    let cases = [
        (
            file(Method::PUT).json(json!({"branch": "feature/x"})),
            "commit_message is missing, commit_message is empty, content is missing",
        ),
        (
            repo(Method::PUT, &["files", "nope.md"])
                .json(json!({"branch": "main", "commit_message": "x", "content": "x"})),
            "A file with this name doesn't exist",
        ),
        (
            file(Method::POST)
                .json(json!({"branch": "nope", "commit_message": "x", "content": "x"})),
            "You can only create or edit files when you are on a branch",
        ),
    ];
    for (request, expected) in cases {
        assert_eq!(refused(&gitlab, request).await, (400, expected.to_owned()));
    }
    // GitLab's delete route does not declare `last_commit_id`: a stale one is not checked.
    let stale = json!({"branch": "feature/x", "commit_message": "Drop the FAQ", "last_commit_id": head["id"]});
    let deleted = gitlab.send(file(Method::DELETE).json(stale)).await.unwrap();
    assert_eq!((deleted.status, deleted.body), (204, Value::Null));
    let gone = repo(Method::GET, &["files", "docs/faq.md"]).query("ref", "feature/x");
    assert_eq!(refused(&gitlab, gone).await.0, 404);
    let history = call(
        &gitlab,
        repo(Method::GET, &["commits"])
            .query("ref_name", "feature/x")
            .query("path", "docs/faq.md"),
    )
    .await;
    assert_eq!(
        pluck(&history.unwrap(), "title"),
        json!(["Drop the FAQ", "Edit the FAQ", "Add a FAQ"])
    );
}
