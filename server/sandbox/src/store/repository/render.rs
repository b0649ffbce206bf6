//! The repository as GitLab's API shows it: commits, diffs, tree items, branches, tags and
//! protected branches, with GitLab's field names.

use std::collections::BTreeSet;

use serde_json::{Value, json};

use super::diff::{FileDiff, diff_snapshots};
use super::objects::{Commit, Snapshot, Tag, tree_id_under};
use super::protected_branches::ProtectedBranch;
use crate::store::people::access;
use crate::store::project::Project;
use crate::store::state::Store;
use crate::store::timestamps::{git_timestamp, timestamp};

/// One entry of `GET …/repository/tree`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TreeItem {
    pub id: String,
    pub name: String,
    /// `tree` or `blob`.
    pub kind: &'static str,
    pub path: String,
    pub mode: &'static str,
}

impl TreeItem {
    pub fn json(&self) -> Value {
        json!({"id": self.id, "name": self.name, "type": self.kind, "path": self.path, "mode": self.mode})
    }

    /// The entries of directory `dir` (`""`: the root), or everything below it when
    /// `recursive`; directories first, then files, each by path, as GitLab lists them.
    /// `None` when `dir` is not a directory of the snapshot.
    pub fn list(tree: &Snapshot, dir: &str, recursive: bool) -> Option<Vec<TreeItem>> {
        let dir = dir.trim_matches('/');
        let prefix = if dir.is_empty() {
            String::new()
        } else {
            format!("{dir}/")
        };
        let mut dirs = BTreeSet::new();
        let mut files = Vec::new();
        for (path, entry) in tree.range(prefix.clone()..) {
            let Some(rest) = path.strip_prefix(&prefix) else {
                break;
            };
            let parts: Vec<&str> = rest.split('/').collect();
            let depth = if recursive {
                parts.len() - 1
            } else {
                parts.len().min(2) - 1
            };
            for level in 1..=depth {
                dirs.insert(format!("{prefix}{}", parts[..level].join("/")));
            }
            if recursive || parts.len() == 1 {
                files.push(TreeItem {
                    id: entry.blob.id.clone(),
                    name: (*parts.last().unwrap_or(&"")).to_owned(),
                    kind: "blob",
                    path: path.clone(),
                    mode: entry.mode(),
                });
            }
        }
        if dirs.is_empty() && files.is_empty() && !dir.is_empty() {
            return None;
        }
        let trees = dirs.into_iter().map(|path| TreeItem {
            id: tree_id_under(tree, &path),
            name: path.rsplit('/').next().unwrap_or(&path).to_owned(),
            kind: "tree",
            path,
            mode: "040000",
        });
        Some(trees.chain(files).collect())
    }
}

impl FileDiff {
    pub fn json(&self) -> Value {
        json!({
            "diff": self.diff,
            "collapsed": false,
            "too_large": false,
            "new_path": self.new_path,
            "old_path": self.old_path,
            "a_mode": self.a_mode,
            "b_mode": self.b_mode,
            "new_file": self.new_file,
            "renamed_file": self.renamed_file,
            "deleted_file": self.deleted_file,
            "generated_file": false,
        })
    }
}

impl Store {
    /// GitLab's commit entity.
    pub fn commit_json(&self, project: &Project, commit: &Commit) -> Value {
        json!({
            "id": commit.id,
            "short_id": commit.short_id(),
            "created_at": git_timestamp(commit.committed),
            "parent_ids": commit.parents,
            "title": commit.title(),
            "message": commit.message,
            "author_name": commit.author.name,
            "author_email": commit.author.email,
            "authored_date": git_timestamp(commit.authored),
            "committer_name": commit.committer.name,
            "committer_email": commit.committer.email,
            "committed_date": git_timestamp(commit.committed),
            "trailers": {},
            "extended_trailers": {},
            "web_url": format!("{}/-/commit/{}", self.web_url(project), commit.id),
        })
    }

    /// What a commit changed, against its first parent (a root commit: against nothing).
    pub fn commit_diffs(&self, project: &Project, commit: &Commit) -> Vec<FileDiff> {
        let parent = commit
            .parents
            .first()
            .and_then(|p| project.repository.commit(p));
        match parent {
            Some(parent) => diff_snapshots(&parent.tree, &commit.tree),
            None => diff_snapshots(&Snapshot::new(), &commit.tree),
        }
    }

    /// GitLab's commit detail: the commit, its stats when asked, and its latest pipeline.
    pub fn commit_detail_json(&self, project: &Project, commit: &Commit, stats: bool) -> Value {
        let mut value = self.commit_json(project, commit);
        if stats {
            let diffs = self.commit_diffs(project, commit);
            let additions: usize = diffs.iter().map(|d| d.additions).sum();
            let deletions: usize = diffs.iter().map(|d| d.deletions).sum();
            value["stats"] = json!({"additions": additions, "deletions": deletions, "total": additions + deletions});
        }
        let pipeline = project
            .pipelines
            .values()
            .rev()
            .find(|p| p.sha == commit.id);
        value["status"] = json!(pipeline.map(|p| p.status));
        value["project_id"] = json!(project.id);
        value["last_pipeline"] =
            pipeline.map_or(Value::Null, |p| self.pipeline_basic_json(project, p));
        value
    }

    /// GitLab's branch entity.
    pub fn branch_json(&self, project: &Project, name: &str) -> Value {
        let repository = &project.repository;
        let head = repository.head(name);
        let default_head = repository.branches.get(&project.default_branch);
        let merged = name != project.default_branch
            && head
                .zip(default_head)
                .is_some_and(|(head, default)| repository.is_ancestor(&head.id, default));
        let protection = repository.protection(name);
        let developers_can = |level: fn(&ProtectedBranch) -> u8| {
            protection.is_none_or(|p| level(p) == access::DEVELOPER)
        };
        json!({
            "name": name,
            "commit": head.map(|c| self.commit_json(project, c)),
            "merged": merged,
            "protected": protection.is_some(),
            "developers_can_push": protection.is_some() && developers_can(|p| p.push_access_level),
            "developers_can_merge": protection.is_some() && developers_can(|p| p.merge_access_level),
            "can_push": true,
            "default": name == project.default_branch,
            "web_url": format!("{}/-/tree/{name}", self.web_url(project)),
        })
    }

    /// GitLab's tag entity: `target` is the tag object for an annotated tag, else the commit;
    /// `message` and `created_at` exist only for annotated tags.
    pub fn tag_json(&self, project: &Project, tag: &Tag) -> Value {
        let commit = project.repository.commit(&tag.commit);
        let release = project
            .releases
            .get(&tag.name)
            .map(|r| json!({"tag_name": r.tag_name, "description": r.description}));
        let annotation = tag.annotation.as_ref();
        json!({
            "name": tag.name,
            "message": annotation.map(|a| a.message.as_str()),
            "target": annotation.map_or(&tag.commit, |a| &a.id),
            "commit": commit.map(|c| self.commit_json(project, c)),
            "release": release,
            "protected": false,
            "created_at": annotation.map(|a| timestamp(a.date)),
        })
    }

    /// GitLab's protected branch entity.
    pub fn protected_branch_json(&self, rule: &ProtectedBranch) -> Value {
        let level = |id: u64, level: u8| {
            json!([{
                "id": id,
                "access_level": level,
                "access_level_description": access::description(level),
                "deploy_key_id": null,
                "user_id": null,
                "group_id": null,
            }])
        };
        json!({
            "id": rule.id,
            "name": rule.name,
            "push_access_levels": level(rule.access_ids.0, rule.push_access_level),
            "merge_access_levels": level(rule.access_ids.1, rule.merge_access_level),
            "allow_force_push": rule.allow_force_push,
            "unprotect_access_levels": [],
            "code_owner_approval_required": false,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::objects::Entry;
    use super::*;

    fn tree() -> Snapshot {
        [
            "README.md",
            "src/lib.rs",
            "src/parse/mod.rs",
            "tests/a.rs",
            "z.txt",
        ]
        .iter()
        .map(|p| ((*p).to_owned(), Entry::new(p.as_bytes().to_vec())))
        .collect()
    }

    fn paths(items: &[TreeItem]) -> Vec<(&str, &str)> {
        items.iter().map(|i| (i.kind, i.path.as_str())).collect()
    }

    #[test]
    fn trees_list_directories_first() {
        let root = TreeItem::list(&tree(), "", false).unwrap();
        assert_eq!(
            paths(&root),
            [
                ("tree", "src"),
                ("tree", "tests"),
                ("blob", "README.md"),
                ("blob", "z.txt")
            ]
        );
        assert_eq!((root[0].name.as_str(), root[0].mode), ("src", "040000"));
        assert_eq!(root[2].mode, "100644");
        let src = TreeItem::list(&tree(), "src/", false).unwrap();
        assert_eq!(paths(&src), [("tree", "src/parse"), ("blob", "src/lib.rs")]);
        assert_eq!(src[1].name, "lib.rs");
        let all = TreeItem::list(&tree(), "src", true).unwrap();
        assert_eq!(
            paths(&all),
            [
                ("tree", "src/parse"),
                ("blob", "src/lib.rs"),
                ("blob", "src/parse/mod.rs")
            ]
        );
        assert_eq!(TreeItem::list(&tree(), "nope", false), None);
        assert_eq!(TreeItem::list(&tree(), "README.md", false), None);
    }

    #[test]
    fn tree_ids_change_with_their_contents() {
        let mut changed = tree();
        changed.insert("tests/b.rs".to_owned(), Entry::new(b"b".to_vec()));
        let id = |t: &Snapshot, dir: &str| {
            TreeItem::list(t, "", false)
                .unwrap()
                .into_iter()
                .find(|i| i.path == dir)
                .unwrap()
                .id
        };
        assert_eq!(id(&tree(), "src"), id(&changed, "src"));
        assert_ne!(id(&tree(), "tests"), id(&changed, "tests"));
    }
}
