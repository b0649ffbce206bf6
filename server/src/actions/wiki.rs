//! The `wiki` toolset.

use crate::catalog::Action;

pub fn actions() -> Vec<Action> {
    Vec::new()
}
