//! The `repository` toolset: branches, tags, commits, files, the tree and comparisons.

use crate::catalog::Action;

pub fn actions() -> Vec<Action> {
    Vec::new()
}
