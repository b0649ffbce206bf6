//! History questions on a small repository: logs, merge bases, refs, binaries.

use super::*;
use crate::store::repository::objects::{Blob, Entry, Person};

/// `main`: a - b - d (merge of c), `topic`: a - c; dates in commit order.
fn history() -> (Repository, [String; 4]) {
    let mut repo = Repository::default();
    let mut commit = |parents: &[&String], file: &str, minute: u64| {
        let mut tree = parents
            .first()
            .map(|p| (*repo.commit(p).unwrap().tree).clone())
            .unwrap_or_default();
        tree.insert(file.to_owned(), Entry::new(file.as_bytes().to_vec()));
        let at = std::time::UNIX_EPOCH + std::time::Duration::from_secs(minute * 60);
        let who = Person::new("T", "t@example.com");
        repo.write_commit(CommitDraft {
            parents: parents.iter().map(|p| (*p).clone()).collect(),
            tree,
            message: format!("add {file}"),
            author: who.clone(),
            authored: at,
            committer: who,
            committed: at,
        })
        .id
        .clone()
    };
    let a = commit(&[], "a", 1);
    let b = commit(&[&a], "dir/b", 2);
    let c = commit(&[&a], "c", 3);
    let d = commit(&[&b, &c], "d", 4);
    repo.branches.insert("main".to_owned(), d.clone());
    repo.branches.insert("topic".to_owned(), c.clone());
    (repo, [a, b, c, d])
}

#[test]
fn logs_merge_bases_and_refs() {
    let (repo, [a, b, c, d]) = history();
    let ids = |commits: Vec<&Arc<Commit>>| commits.iter().map(|c| c.id.clone()).collect::<Vec<_>>();
    let v = |wanted: &[&String]| wanted.iter().map(|s| (*s).clone()).collect::<Vec<_>>();
    let all = LogFilter::default();
    assert_eq!(ids(repo.log(&[&d], &all)), v(&[&d, &c, &b, &a]));
    let first_parent = LogFilter {
        first_parent: true,
        ..LogFilter::default()
    };
    assert_eq!(ids(repo.log(&[&d], &first_parent)), v(&[&d, &b, &a]));
    let under_dir = LogFilter {
        path: Some("dir".to_owned()),
        ..LogFilter::default()
    };
    assert_eq!(
        ids(repo.log(&[&d], &under_dir)),
        v(&[&b]),
        "the merge is not a change to dir"
    );
    let since = LogFilter {
        since: Some(std::time::UNIX_EPOCH + std::time::Duration::from_secs(180)),
        ..LogFilter::default()
    };
    assert_eq!(ids(repo.log(&[&d], &since)), v(&[&d, &c]));
    assert_eq!(repo.merge_base(&b, &c).unwrap().id, a);
    assert_eq!(repo.merge_base(&d, &c).unwrap().id, c);
    assert!(repo.is_ancestor(&c, &d) && !repo.is_ancestor(&d, &c));
    assert_eq!(ids(repo.commits_between(&c, &d)), v(&[&b, &d]));
    assert_eq!(repo.last_commit_for(&d, "c").unwrap().id, c);
    assert_eq!(repo.resolve("topic").unwrap().id, c);
    assert_eq!(repo.resolve(&d[..7]).unwrap().id, d);
    assert!(repo.resolve("abc").is_none(), "too short to be an id");
    assert!(repo.resolve("nope").is_none());
}

#[test]
fn binary_means_nul_or_not_utf8() {
    assert_eq!(Blob::new(b"text\n".to_vec()).text(), Some("text\n"));
    assert_eq!(Blob::new(vec![b'a', 0, b'b']).text(), None);
    assert_eq!(Blob::new(vec![0xff, 0xfe]).text(), None);
}
