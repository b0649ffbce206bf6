//! What a prompt argument or resource-template variable holds, which says where its
//! completions come from.

/// The kinds of values completed. Each prompt argument and template variable has one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A project path (`demo/sandbox`): the user's projects, most recently active first,
    /// found by name or path.
    Project,
    /// A branch or tag of the chosen project.
    Ref,
    /// A tag of the chosen project.
    Tag,
    /// A file or directory path at the chosen ref of the chosen project.
    Path,
    /// An issue of the chosen project, by iid.
    Issue,
    /// A merge request of the chosen project, by iid.
    MergeRequest,
    /// A pipeline of the chosen project, by id.
    Pipeline,
    /// A CI job of the chosen project, by id.
    Job,
    /// A label of the chosen project.
    Label,
    /// A milestone of the chosen project, by id.
    Milestone,
    /// A release of the chosen project, by its tag.
    Release,
    /// A wiki page of the chosen project, by slug.
    WikiPage,
    /// A commit of the chosen project, by short SHA: the latest of its default branch.
    Commit,
    /// An environment of the chosen project, by name.
    Environment,
    /// A day to start from: yesterday, a week ago and the like, as `YYYY-MM-DD`; GitLab
    /// is not asked.
    Date,
    /// A number nothing suggests (a line, a count): completed with nothing.
    Free,
}

impl Kind {
    /// Whether a completion of this kind needs the project chosen first
    /// (`context.arguments.project`).
    pub fn needs_project(self) -> bool {
        !matches!(self, Kind::Project | Kind::Date | Kind::Free)
    }
}
