//! Toolsets: the groups of actions an operator can offer or hide with `GITLAB_MCP_TOOLSETS`.

use std::fmt;
use std::str::FromStr;

/// A group of related actions, named as `GITLAB_MCP_TOOLSETS` takes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Toolset {
    Repository,
    MergeRequests,
    Issues,
    Pipelines,
    Labels,
    Milestones,
    Wiki,
    Users,
    Groups,
    Search,
    Releases,
    Projects,
    /// The current user's to-do list.
    Todos,
    /// Work items (tasks, epics, objectives, key results, incidents), epics and iterations.
    WorkItems,
    /// The package registry and the container registry.
    Packages,
    /// CI runners of a project or a group.
    Runners,
    /// Vulnerabilities, their findings and the dependency list.
    Security,
    /// The guarded door to the rest of the REST API (`api.request`).
    Api,
}

impl Toolset {
    pub const ALL: [Toolset; 18] = [
        Toolset::Repository,
        Toolset::MergeRequests,
        Toolset::Issues,
        Toolset::Pipelines,
        Toolset::Labels,
        Toolset::Milestones,
        Toolset::Wiki,
        Toolset::Users,
        Toolset::Groups,
        Toolset::Search,
        Toolset::Releases,
        Toolset::Projects,
        Toolset::Todos,
        Toolset::WorkItems,
        Toolset::Packages,
        Toolset::Runners,
        Toolset::Security,
        Toolset::Api,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Toolset::Repository => "repository",
            Toolset::MergeRequests => "merge_requests",
            Toolset::Issues => "issues",
            Toolset::Pipelines => "pipelines",
            Toolset::Labels => "labels",
            Toolset::Milestones => "milestones",
            Toolset::Wiki => "wiki",
            Toolset::Users => "users",
            Toolset::Groups => "groups",
            Toolset::Search => "search",
            Toolset::Releases => "releases",
            Toolset::Projects => "projects",
            Toolset::Todos => "todos",
            Toolset::WorkItems => "work_items",
            Toolset::Packages => "packages",
            Toolset::Runners => "runners",
            Toolset::Security => "security",
            Toolset::Api => "api",
        }
    }

    /// Every name, for error messages: `repository, merge_requests, …`.
    pub fn names() -> String {
        Toolset::ALL.map(Toolset::name).join(", ")
    }

    /// `repository,merge_requests` → both; `all` → every toolset. Names are trimmed and
    /// case-insensitive; an unknown or empty one is refused with the list of valid ones.
    pub fn parse_list(raw: &str) -> Result<Vec<Toolset>, String> {
        let mut toolsets = Vec::new();
        for name in raw.split(',') {
            let name = name.trim();
            if name.eq_ignore_ascii_case("all") {
                return Ok(Toolset::ALL.to_vec());
            }
            let toolset = name.parse::<Toolset>().map_err(|()| {
                let shown = if name.is_empty() {
                    "an empty name".to_owned()
                } else {
                    format!("`{name}`")
                };
                format!(
                    "{shown} is not a toolset; expected a comma-separated list of {} (or `all`)",
                    Toolset::names()
                )
            })?;
            if !toolsets.contains(&toolset) {
                toolsets.push(toolset);
            }
        }
        toolsets.sort();
        Ok(toolsets)
    }
}

impl FromStr for Toolset {
    type Err = ();
    fn from_str(raw: &str) -> Result<Self, ()> {
        let raw = raw.trim().to_ascii_lowercase().replace('-', "_");
        Toolset::ALL
            .into_iter()
            .find(|toolset| toolset.name() == raw)
            .ok_or(())
    }
}

impl fmt::Display for Toolset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_parse_and_unknown_names_list_the_valid_ones() {
        assert_eq!(
            Toolset::parse_list(" Issues , repository,issues").unwrap(),
            vec![Toolset::Repository, Toolset::Issues]
        );
        assert_eq!(Toolset::parse_list("all").unwrap().len(), 18);
        assert_eq!(
            Toolset::parse_list("merge-requests").unwrap(),
            vec![Toolset::MergeRequests]
        );
        let error = Toolset::parse_list("issues,ci").unwrap_err();
        assert!(
            error.starts_with("`ci` is not a toolset; expected"),
            "{error}"
        );
        assert!(error.contains("pipelines"), "{error}");
        assert!(
            Toolset::parse_list("issues,,wiki")
                .unwrap_err()
                .starts_with("an empty name")
        );
    }
}
