//! A fork's copy of a repository: the same commits (shared, as snapshots are), its branches
//! (all, or the one asked for) and its tags. Protected branch rules stay with the source.

use std::sync::Arc;

use super::history::Repository;
use super::objects::{Annotation, Tag};

impl Repository {
    /// What `POST …/fork` gives the new project; with `branch`, only that branch.
    pub fn fork(&self, branch: Option<&str>) -> Repository {
        let branches = self
            .branches
            .iter()
            .filter(|(name, _)| branch.is_none_or(|b| b == name.as_str()))
            .map(|(name, head)| (name.clone(), head.clone()))
            .collect();
        let tags = self
            .tags
            .iter()
            .map(|(name, tag)| {
                let copy = Tag {
                    name: tag.name.clone(),
                    commit: tag.commit.clone(),
                    annotation: tag.annotation.as_ref().map(|a| Annotation {
                        id: a.id.clone(),
                        message: a.message.clone(),
                        date: a.date,
                    }),
                };
                (name.clone(), copy)
            })
            .collect();
        Repository {
            commits: self
                .commits
                .iter()
                .map(|(id, commit)| (id.clone(), Arc::clone(commit)))
                .collect(),
            branches,
            tags,
            protected: Default::default(),
        }
    }
}
