//! Making a commit from file actions, as `POST …/repository/commits` and the files API do,
//! with GitLab's refusals (its commit service's and Gitaly's wording).

use std::sync::Arc;
use std::time::SystemTime;

use super::history::Repository;
use super::objects::{Commit, CommitDraft, Entry, Person, Snapshot};
use super::ref_names::valid_ref_name;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ActionKind {
    Create,
    Update,
    Delete,
    Move,
    Chmod,
}

impl ActionKind {
    /// The `action` values GitLab accepts.
    pub fn parse(text: &str) -> Option<ActionKind> {
        Some(match text {
            "create" => ActionKind::Create,
            "update" => ActionKind::Update,
            "delete" => ActionKind::Delete,
            "move" => ActionKind::Move,
            "chmod" => ActionKind::Chmod,
            _ => return None,
        })
    }
}

/// One change to one file; `content` is already decoded.
#[derive(Debug, Clone)]
pub(crate) struct FileAction {
    pub kind: ActionKind,
    pub file_path: String,
    pub previous_path: Option<String>,
    pub content: Option<Vec<u8>>,
    pub last_commit_id: Option<String>,
    pub execute_filemode: Option<bool>,
}

impl FileAction {
    pub fn new(kind: ActionKind, file_path: &str, content: Option<&[u8]>) -> FileAction {
        FileAction {
            kind,
            file_path: file_path.to_owned(),
            previous_path: None,
            content: content.map(<[u8]>::to_vec),
            last_commit_id: None,
            execute_filemode: None,
        }
    }
}

/// A commit to make on `branch`.
pub(crate) struct NewCommit {
    pub branch: String,
    /// What the commit starts from (see [`Repository::start_point`]); `None` only in an
    /// empty repository.
    pub start: Option<String>,
    pub message: String,
    pub author: Person,
    pub committer: Person,
    pub date: SystemTime,
    pub actions: Vec<FileAction>,
}

impl NewCommit {
    /// The first commit of a new project: a README on `branch`.
    pub fn initial(branch: &str, message: &str, author: Person, readme: Vec<u8>) -> NewCommit {
        NewCommit {
            branch: branch.to_owned(),
            start: None,
            message: message.to_owned(),
            committer: author.clone(),
            author,
            date: SystemTime::now(),
            actions: vec![FileAction::new(
                ActionKind::Create,
                "README.md",
                Some(&readme),
            )],
        }
    }
}

/// Why a commit was refused. A stale `last_commit_id` is told apart because the commits API
/// and the files API word it differently.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum ActionError {
    Stale(String),
    Refused(String),
}

impl ActionError {
    /// The commits API's wording.
    pub fn message(&self) -> String {
        match self {
            ActionError::Stale(path) => {
                format!("The file has changed since you started editing it: {path}")
            }
            ActionError::Refused(message) => message.clone(),
        }
    }
}

fn refused(message: &str) -> ActionError {
    ActionError::Refused(message.to_owned())
}

const EXISTS: &str = "A file with this name already exists";
const MISSING: &str = "A file with this name doesn't exist";

impl Repository {
    /// Where a commit to `branch` starts, by GitLab's rules: `start_branch` (default: `branch`
    /// itself) or `start_sha` must exist, and a commit that starts elsewhere creates `branch`,
    /// which must not exist yet. An empty repository starts from nothing.
    pub fn start_point(
        &self,
        branch: &str,
        start_branch: Option<&str>,
        start_sha: Option<&str>,
    ) -> Result<Option<String>, String> {
        if let Some(sha) = start_sha {
            if start_branch.is_some() {
                return Err("You can't pass both start_branch and start_sha".to_owned());
            }
            if sha.len() != 40 || !sha.bytes().all(|b| b.is_ascii_hexdigit()) {
                return Err(format!("Invalid start_sha '{sha}'"));
            }
            if self.commit(sha).is_none() {
                return Err(format!("Cannot find start_sha '{sha}'"));
            }
        }
        if self.is_empty() {
            return Ok(None);
        }
        let start_branch = start_branch.unwrap_or(branch);
        let start = match start_sha {
            Some(sha) => sha.to_owned(),
            None => match self.branches.get(start_branch) {
                Some(head) => head.clone(),
                None => {
                    return Err(
                        "You can only create or edit files when you are on a branch".to_owned()
                    );
                }
            },
        };
        let elsewhere = start_sha.is_some() || start_branch != branch;
        if elsewhere && self.branches.contains_key(branch) {
            return Err(format!(
                "A branch called '{branch}' already exists. Switch to that branch in order to make changes"
            ));
        }
        if elsewhere && !valid_ref_name(branch) {
            return Err(format!(
                "Something went wrong when we tried to create '{branch}' for you: Branch name is invalid"
            ));
        }
        Ok(Some(start))
    }

    /// Applies the actions to the start snapshot and moves `branch` to the new commit.
    pub fn apply(&mut self, new: NewCommit) -> Result<Arc<Commit>, ActionError> {
        let start = new.start.as_deref().and_then(|id| self.commit(id)).cloned();
        let mut tree: Snapshot = start
            .as_ref()
            .map(|c| (*c.tree).clone())
            .unwrap_or_default();
        for action in &new.actions {
            if let (Some(expected), Some(start)) = (&action.last_commit_id, &start) {
                let path = action.previous_path.as_ref().unwrap_or(&action.file_path);
                let changes_content =
                    !matches!(action.kind, ActionKind::Create | ActionKind::Chmod);
                let last = self.last_commit_for(&start.id, path);
                if changes_content && last.is_some_and(|last| &last.id != expected) {
                    return Err(ActionError::Stale(path.clone()));
                }
            }
            apply_one(&mut tree, action)?;
        }
        let commit = self.write_commit(CommitDraft {
            parents: start.map(|s| s.id.clone()).into_iter().collect(),
            tree,
            message: new.message,
            author: new.author,
            authored: new.date,
            committer: new.committer,
            committed: new.date,
        });
        self.branches.insert(new.branch, commit.id.clone());
        Ok(commit)
    }
}

fn apply_one(tree: &mut Snapshot, action: &FileAction) -> Result<(), ActionError> {
    let path = normalize(&action.file_path)?;
    let content = || action.content.clone().unwrap_or_default();
    match action.kind {
        ActionKind::Create => {
            check_free(tree, &path)?;
            let mut entry = Entry::new(content());
            entry.executable = action.execute_filemode.unwrap_or(false);
            tree.insert(path, entry);
        }
        ActionKind::Update => {
            let old = tree.get(&path).ok_or_else(|| refused(MISSING))?;
            let mut entry = Entry::new(content());
            entry.executable = action.execute_filemode.unwrap_or(old.executable);
            tree.insert(path, entry);
        }
        ActionKind::Delete => {
            tree.remove(&path).ok_or_else(|| refused(MISSING))?;
        }
        ActionKind::Move => {
            let from = normalize(action.previous_path.as_deref().unwrap_or(""))?;
            let old = tree.remove(&from).ok_or_else(|| refused(MISSING))?;
            check_free(tree, &path)?;
            let entry = match &action.content {
                Some(content) => Entry {
                    executable: old.executable,
                    ..Entry::new(content.clone())
                },
                None => old,
            };
            tree.insert(path, entry);
        }
        ActionKind::Chmod => {
            let entry = tree.get_mut(&path).ok_or_else(|| refused(MISSING))?;
            entry.executable = action.execute_filemode.unwrap_or(false);
        }
    }
    Ok(())
}

/// Nothing at `path` yet: no file, no directory, and no file where a parent directory goes.
fn check_free(tree: &Snapshot, path: &str) -> Result<(), ActionError> {
    if tree.contains_key(path) {
        return Err(refused(EXISTS));
    }
    let dir = format!("{path}/");
    if tree.keys().any(|p| p.starts_with(&dir)) {
        return Err(refused("A directory with this name already exists"));
    }
    let mut prefix = String::new();
    for part in path.split('/') {
        if tree.contains_key(&prefix) {
            return Err(refused(EXISTS));
        }
        if !prefix.is_empty() {
            prefix.push('/');
        }
        prefix.push_str(part);
    }
    Ok(())
}

/// `/src//lib.rs` → `src/lib.rs`; no empty path, no `..`.
fn normalize(path: &str) -> Result<String, ActionError> {
    let parts: Vec<&str> = path
        .split('/')
        .filter(|p| !p.is_empty() && *p != ".")
        .collect();
    if parts.is_empty() {
        return Err(refused("You must provide a file path"));
    }
    if parts.contains(&"..") {
        return Err(refused("Path cannot include directory traversal"));
    }
    Ok(parts.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn person() -> Person {
        Person::new("T", "t@example.com")
    }

    fn commit(repo: &mut Repository, actions: Vec<FileAction>) -> Result<Arc<Commit>, ActionError> {
        let start = repo.start_point("main", None, None).unwrap();
        repo.apply(NewCommit {
            branch: "main".to_owned(),
            start,
            message: "change".to_owned(),
            author: person(),
            committer: person(),
            date: SystemTime::UNIX_EPOCH,
            actions,
        })
    }

    fn create(path: &str, content: &str) -> FileAction {
        FileAction::new(ActionKind::Create, path, Some(content.as_bytes()))
    }

    fn seeded() -> (Repository, Arc<Commit>) {
        let mut repo = Repository::default();
        let first = commit(
            &mut repo,
            vec![create("a.txt", "a\n"), create("dir/b.txt", "b\n")],
        )
        .unwrap();
        (repo, first)
    }

    #[test]
    fn actions_change_the_snapshot_and_the_branch() {
        let (mut repo, first) = seeded();
        assert!(first.parents.is_empty());
        let mut moved = FileAction::new(ActionKind::Move, "c.txt", None);
        moved.previous_path = Some("a.txt".to_owned());
        let mut chmod = FileAction::new(ActionKind::Chmod, "dir/b.txt", None);
        chmod.execute_filemode = Some(true);
        let second = commit(&mut repo, vec![moved, chmod]).unwrap();
        assert_eq!(second.parents, vec![first.id.clone()]);
        assert_eq!(repo.branches["main"], second.id);
        assert_eq!(
            second.tree["c.txt"].blob.id, first.tree["a.txt"].blob.id,
            "the blob is shared"
        );
        assert!(Arc::ptr_eq(
            &second.tree["c.txt"].blob,
            &first.tree["a.txt"].blob
        ));
        assert!(second.tree["dir/b.txt"].executable);
        assert!(!second.tree.contains_key("a.txt"));
        assert!(first.tree.contains_key("a.txt"), "commits are immutable");
    }

    #[test]
    fn actions_are_refused_with_gitlabs_messages() {
        let (mut repo, first) = seeded();
        let refuse = |repo: &mut Repository, action: FileAction| {
            commit(repo, vec![action]).unwrap_err().message()
        };
        assert_eq!(refuse(&mut repo, create("a.txt", "x")), EXISTS);
        assert_eq!(
            refuse(&mut repo, create("dir", "x")),
            "A directory with this name already exists"
        );
        assert_eq!(refuse(&mut repo, create("a.txt/x", "x")), EXISTS);
        let update = FileAction::new(ActionKind::Update, "nope.txt", Some(b"x"));
        assert_eq!(refuse(&mut repo, update), MISSING);
        let delete = FileAction::new(ActionKind::Delete, "nope.txt", None);
        assert_eq!(refuse(&mut repo, delete), MISSING);
        assert_eq!(
            refuse(&mut repo, create("../x", "x")),
            "Path cannot include directory traversal"
        );
        assert_eq!(
            refuse(&mut repo, create("/", "x")),
            "You must provide a file path"
        );
        assert_eq!(repo.branches["main"], first.id, "nothing was committed");
    }

    #[test]
    fn a_stale_last_commit_id_is_refused() {
        let (mut repo, first) = seeded();
        let update = |last: &str| {
            let mut action = FileAction::new(ActionKind::Update, "a.txt", Some(b"new\n"));
            action.last_commit_id = Some(last.to_owned());
            action
        };
        commit(&mut repo, vec![update(&first.id)]).unwrap();
        let err = commit(&mut repo, vec![update(&first.id)]).unwrap_err();
        assert_eq!(err, ActionError::Stale("a.txt".to_owned()));
        assert_eq!(
            err.message(),
            "The file has changed since you started editing it: a.txt"
        );
    }

    #[test]
    fn start_points_follow_gitlabs_branch_rules() {
        let (repo, first) = seeded();
        assert_eq!(
            repo.start_point("main", None, None),
            Ok(Some(first.id.clone()))
        );
        assert_eq!(
            repo.start_point("new", Some("main"), None),
            Ok(Some(first.id.clone()))
        );
        assert_eq!(
            repo.start_point("new", None, Some(&first.id)),
            Ok(Some(first.id.clone()))
        );
        let err = |r: Result<Option<String>, String>| r.unwrap_err();
        assert_eq!(
            err(repo.start_point("new", None, None)),
            "You can only create or edit files when you are on a branch"
        );
        assert_eq!(
            err(repo.start_point("main", Some("main"), Some(&first.id))),
            "You can't pass both start_branch and start_sha"
        );
        assert_eq!(
            err(repo.start_point("x", None, Some("abc"))),
            "Invalid start_sha 'abc'"
        );
        assert!(
            err(repo.start_point("x", None, Some(&"0".repeat(40))))
                .starts_with("Cannot find start_sha")
        );
        let mut two = Repository::default();
        two.branches.insert("main".to_owned(), first.id.clone());
        two.branches.insert("dev".to_owned(), first.id.clone());
        assert_eq!(
            err(two.start_point("dev", Some("main"), None)),
            "A branch called 'dev' already exists. Switch to that branch in order to make changes"
        );
        assert_eq!(
            Repository::default().start_point("main", None, None),
            Ok(None)
        );
    }
}
