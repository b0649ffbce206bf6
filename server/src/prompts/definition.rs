//! What a prompt is: its name, texts, arguments and the catalog actions it reads.

use crate::completions::kind::Kind;
use crate::registry::ActionId;

/// One prompt.
#[derive(Debug)]
pub struct Definition {
    pub name: &'static str,
    pub title: &'static str,
    pub description: &'static str,
    pub arguments: &'static [Argument],
    /// The catalog actions every `prompts/get` of it runs.
    pub needs: &'static [ActionId],
}

/// One argument of a prompt.
#[derive(Debug)]
pub struct Argument {
    pub name: &'static str,
    /// What it takes, and its default when it is optional.
    pub description: &'static str,
    pub required: bool,
    pub kind: Kind,
}

pub(super) const PROJECT: Argument = Argument {
    name: "project",
    description: "The project: its path (`group/project`) or numeric id.",
    required: true,
    kind: Kind::Project,
};

pub(super) const MERGE_REQUEST_IID: Argument = Argument {
    name: "iid",
    description: "The merge request's number in the project (`7` or `!7`).",
    required: true,
    kind: Kind::MergeRequest,
};

pub(super) const ISSUE_IID: Argument = Argument {
    name: "iid",
    description: "The issue's number in the project (`7` or `#7`).",
    required: true,
    kind: Kind::Issue,
};
