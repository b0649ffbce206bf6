//! The `groups` toolset: `/groups[/:id[/…]]`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::releases::Sort;
use crate::catalog::asks::{Asks, Before};
use crate::catalog::params::{GroupId, PageNumber, PerPage, fixed_schema};
use crate::catalog::{Action, get, post, put};
use crate::gitlab::IdOrName;
use crate::table;
use crate::wizards::Visibility;

pub fn actions() -> Vec<Action> {
    [
        table![
            get::<GroupList>("group.list", "groups").list(),
            get::<GroupGet>("group.get", "groups/{group_id}"),
            get::<GroupProjects>("group.project_list", "groups/{group_id}/projects")
                .list()
                .title("List group projects"),
            get::<GroupMembers>("group.member_list", "groups/{group_id}/members/all")
                .list()
                .title("List group members"),
            get::<GroupMember>(
                "group.member_get",
                "groups/{group_id}/members/all/{user_id}"
            )
            .title("Get group member"),
            post::<GroupCreate>("group.create", "groups"),
            put::<GroupUpdate>("group.update", "groups/{group_id}").asks(MAKING_PUBLIC),
            get::<Subgroups>("group.subgroup_list", "groups/{group_id}/subgroups")
                .list()
                .title("List subgroups"),
            get::<Subgroups>(
                "group.descendant_list",
                "groups/{group_id}/descendant_groups"
            )
            .list()
            .title("List every group under a group"),
            get::<NamespaceList>("namespace.list", "namespaces").list(),
            get::<NamespaceGet>("namespace.get", "namespaces/{namespace_id}"),
        ],
        super::access_requests::group_actions(),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// A role, as GitLab numbers them: 10 guest, 15 planner, 20 reporter, 30 developer,
/// 40 maintainer, 50 owner.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(try_from = "u64", into = "u64")]
pub struct AccessLevel(u8);

impl TryFrom<u64> for AccessLevel {
    type Error = String;
    fn try_from(value: u64) -> Result<Self, String> {
        match value {
            10 | 15 | 20 | 30 | 40 | 50 => Ok(AccessLevel(value as u8)),
            _ => Err(format!(
                "{value} is not an access level; expected 10 (guest), 15 (planner), 20 (reporter), 30 (developer), 40 (maintainer) or 50 (owner)"
            )),
        }
    }
}

impl From<AccessLevel> for u64 {
    fn from(level: AccessLevel) -> u64 {
        level.0.into()
    }
}

fixed_schema!(AccessLevel, {
    "type": "integer",
    "enum": [10, 15, 20, 30, 40, 50],
    "description": "10 guest, 15 planner, 20 reporter, 30 developer, 40 maintainer, 50 owner"
});

/// What groups are sorted by.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum GroupOrder {
    Name,
    Path,
    Id,
    Similarity,
}

/// List the groups the token can see, filtered by text, ownership, role or top-level only,
/// one page at a time.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupList {
    /// Only groups whose name or path contains this text.
    pub search: Option<String>,
    /// Only groups you own.
    pub owned: Option<bool>,
    /// Only top-level groups, no subgroups.
    pub top_level_only: Option<bool>,
    /// Only groups where you have at least this role.
    pub min_access_level: Option<AccessLevel>,
    pub visibility: Option<Visibility>,
    /// What to sort by (GitLab's default: `name`).
    pub order_by: Option<GroupOrder>,
    /// `asc` or `desc` (GitLab's default: `asc`).
    pub sort: Option<Sort>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// GitLab adds up to 100 projects to a group unless told otherwise; left out unless asked,
/// the answer stays small and the projects are read page by page.
fn without_projects() -> bool {
    false
}

/// Get one group by id or path: name, full path, description, visibility, parent and
/// web_url.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupGet {
    pub group_id: GroupId,
    /// Include up to 100 of the group's projects (default false: see `group.project_list`).
    #[serde(default = "without_projects")]
    pub with_projects: bool,
}

/// What a group's projects are sorted by.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum GroupProjectOrder {
    Id,
    Name,
    Path,
    CreatedAt,
    UpdatedAt,
    LastActivityAt,
    Similarity,
    StarCount,
}

/// List the projects of a group, and of its subgroups with `include_subgroups`, filtered
/// by text, visibility or archived state, one page at a time.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupProjects {
    pub group_id: GroupId,
    /// Also list the projects of its subgroups, at any depth.
    pub include_subgroups: Option<bool>,
    /// Only projects whose name or path contains this text.
    pub search: Option<String>,
    /// Only archived (true) or only active (false) projects.
    pub archived: Option<bool>,
    pub visibility: Option<Visibility>,
    /// Also list projects shared with the group (GitLab's default: true).
    pub with_shared: Option<bool>,
    /// What to sort by (GitLab's default: `created_at`).
    pub order_by: Option<GroupProjectOrder>,
    /// `asc` or `desc` (GitLab's default: `desc`).
    pub sort: Option<Sort>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// List the members of a group (direct and inherited from parent groups) with their access
/// level, filtered by name, one page at a time.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupMembers {
    pub group_id: GroupId,
    /// Only members whose name, username or email contains this text.
    pub query: Option<String>,
    /// Only these users, by user id.
    pub user_ids: Option<Vec<u64>>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one member of a group (direct, or inherited from parent groups) by user id: their
/// access level and when it expires.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupMember {
    pub group_id: GroupId,
    /// The user's id.
    pub user_id: u64,
}

/// Create a group, or a subgroup under `parent_id`. Returns it.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupCreate {
    pub name: String,
    /// Its URL path (`platform-team`): letters, digits, `_`, `-` and `.`.
    pub path: String,
    /// The group to create it under, by id; a top-level group when left out.
    pub parent_id: Option<u64>,
    pub description: Option<String>,
    /// GitLab's default: `private`.
    pub visibility: Option<Visibility>,
}

/// Change a group's name, path, description or visibility. Making it public asks first.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupUpdate {
    pub group_id: GroupId,
    pub name: Option<String>,
    /// A new URL path: every link to the group and its projects changes.
    pub path: Option<String>,
    pub description: Option<String>,
    pub visibility: Option<Visibility>,
}

/// Asks before a group becomes public: everything in it becomes visible to anyone.
const MAKING_PUBLIC: Asks<GroupUpdate> = Asks {
    when: "make a group public",
    loses_work: false,
    read: |update| match update.visibility {
        Some(Visibility::Public) => Before::Ask,
        _ => Before::Nothing,
    },
    question: |update, _| {
        let group = match &update.group_id.0 {
            IdOrName::Id(id) => id.to_string(),
            IdOrName::Name(path) => path.clone(),
        };
        Ok(Some(format!(
            "Make group `{group}` public? Anyone, signed in or not, will see it and its public projects."
        )))
    },
};

/// List the subgroups of a group (`group.subgroup_list`: direct ones; `group.descendant_list`:
/// at any depth), filtered by text, one page at a time.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Subgroups {
    pub group_id: GroupId,
    /// Only groups whose name or path contains this text.
    pub search: Option<String>,
    /// Only groups you own.
    pub owned: Option<bool>,
    /// Only groups where you have at least this role.
    pub min_access_level: Option<AccessLevel>,
    /// What to sort by (GitLab's default: `name`).
    pub order_by: Option<GroupOrder>,
    /// `asc` or `desc` (GitLab's default: `asc`).
    pub sort: Option<Sort>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// List the namespaces you can create projects in: your own (`kind: user`) and your
/// groups (`kind: group`), with their full paths.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NamespaceList {
    /// Only namespaces whose path contains this text.
    pub search: Option<String>,
    /// Only namespaces where you are at least a maintainer.
    pub owned_only: Option<bool>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one namespace, a user's or a group's, by id or full path.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NamespaceGet {
    /// The namespace's numeric id or full path (`demo`, `demo/platform`).
    pub namespace_id: GroupId,
}
