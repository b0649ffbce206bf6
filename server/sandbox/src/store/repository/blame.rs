//! Blame: for each line of a file, the commit that last changed it. Walks first parents
//! back from the ref, as `git blame --first-parent` does: a line the parent's version of
//! the file also has (by a line diff) belongs to an older commit; one it lacks, to this one.

use std::collections::HashMap;
use std::sync::Arc;

use similar::{DiffOp, TextDiff};

use super::history::Repository;
use super::objects::Commit;

impl Repository {
    /// Each line of `path` at `head`, with the commit that last changed it; `None` when the
    /// file is not there or is binary.
    pub fn blame(&self, head: &str, path: &str) -> Option<Vec<(String, Arc<Commit>)>> {
        let text_at = |commit: &Commit| -> Option<String> {
            commit.tree.get(path)?.blob.text().map(str::to_owned)
        };
        let mut commit = self.commit(head)?.clone();
        let text = text_at(&commit)?;
        let lines: Vec<String> = text
            .split_inclusive('\n')
            .map(|line| line.trim_end_matches(['\n', '\r']).to_owned())
            .collect();
        let mut owners: Vec<Option<Arc<Commit>>> = vec![None; lines.len()];
        // Lines still unowned: (index at `head`, index in `commit`'s version).
        let mut pending: Vec<(usize, usize)> = (0..lines.len()).map(|i| (i, i)).collect();
        while !pending.is_empty() {
            let current = text_at(&commit).unwrap_or_default();
            let parent = commit.parents.first().and_then(|p| self.commit(p)).cloned();
            let Some((parent, before)) = parent.and_then(|p| text_at(&p).map(|t| (p, t))) else {
                for (line, _) in pending.drain(..) {
                    owners[line] = Some(commit.clone());
                }
                break;
            };
            let mut kept = HashMap::new();
            for op in TextDiff::from_lines(&before, &current).ops() {
                if let DiffOp::Equal {
                    old_index,
                    new_index,
                    len,
                } = *op
                {
                    kept.extend((0..len).map(|k| (new_index + k, old_index + k)));
                }
            }
            pending.retain_mut(|(line, at)| match kept.get(at) {
                Some(&older) => {
                    *at = older;
                    true
                }
                None => {
                    owners[*line] = Some(commit.clone());
                    false
                }
            });
            commit = parent;
        }
        Some(
            lines
                .into_iter()
                .zip(owners)
                .map(|(line, owner)| (line, owner.expect("every line is owned")))
                .collect(),
        )
    }
}
