//! A git repository in memory: immutable commits (snapshots of path → file, files shared
//! between commits through `Arc`), branches and tags pointing at them, protected branches.
//! The objects are in `objects`, the repository and its history questions (resolving a ref,
//! log, merge base) in `history`; making tags in `tagging`, making commits from file actions
//! in `actions`, diffs and merges in `diff`, GitLab's JSON in `render`. This module only
//! gathers what the routes use.

pub(crate) mod actions;
mod blame;
pub(crate) mod diff;
mod fork;
pub(crate) mod history;
pub(crate) mod objects;
pub(crate) mod protected_branches;
mod rebase;
mod ref_names;
mod render;
mod tagging;

pub(crate) use actions::{ActionError, ActionKind, FileAction, NewCommit};
pub(crate) use diff::diff_snapshots;
pub(crate) use history::LogFilter;
pub(crate) use objects::{Commit, Person, Tag};
pub(crate) use protected_branches::ProtectedBranch;
pub(crate) use rebase::CherryPickError;
pub(crate) use ref_names::valid_ref_name;
pub(crate) use render::TreeItem;
pub(crate) use tagging::TagRefusal;
