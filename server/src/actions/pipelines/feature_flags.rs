//! Feature flags (`/projects/:id/feature_flags[/:feature_flag_name]`) and their user lists
//! (`/projects/:id/feature_flags_user_lists[/:iid]`): switches an application reads through
//! GitLab's Unleash endpoint, each turned on by strategies for some environments.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::catalog::params::{PageNumber, PerPage};
use crate::catalog::{Action, delete, get, post, put};
use crate::gitlab::ProjectId;
use crate::table;

pub fn actions() -> Vec<Action> {
    table![
        get::<FeatureFlagList>("feature_flag.list", "projects/{project_id}/feature_flags").list(),
        get::<FeatureFlagGet>(
            "feature_flag.get",
            "projects/{project_id}/feature_flags/{feature_flag_name}"
        ),
        post::<FeatureFlagCreate>("feature_flag.create", "projects/{project_id}/feature_flags"),
        put::<FeatureFlagUpdate>(
            "feature_flag.update",
            "projects/{project_id}/feature_flags/{feature_flag_name}"
        ),
        delete::<FeatureFlagDelete>(
            "feature_flag.delete",
            "projects/{project_id}/feature_flags/{feature_flag_name}"
        ),
        get::<UserListList>(
            "feature_flag_user_list.list",
            "projects/{project_id}/feature_flags_user_lists"
        )
        .list(),
        get::<UserListGet>(
            "feature_flag_user_list.get",
            "projects/{project_id}/feature_flags_user_lists/{iid}"
        ),
        post::<UserListCreate>(
            "feature_flag_user_list.create",
            "projects/{project_id}/feature_flags_user_lists"
        ),
        put::<UserListUpdate>(
            "feature_flag_user_list.update",
            "projects/{project_id}/feature_flags_user_lists/{iid}"
        ),
        delete::<UserListDelete>(
            "feature_flag_user_list.delete",
            "projects/{project_id}/feature_flags_user_lists/{iid}"
        ),
    ]
}

/// Which flags: the active ones or the inactive ones.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FlagScope {
    Enabled,
    Disabled,
}

/// How a strategy picks who gets the feature.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
pub enum StrategyName {
    /// Everyone (`parameters`: none).
    #[serde(rename = "default")]
    Default,
    /// A percentage of users (`parameters`: `groupId`, `percentage`).
    #[serde(rename = "gradualRolloutUserId")]
    GradualRolloutUserId,
    /// A percentage by a stickiness (`parameters`: `groupId`, `rollout`, `stickiness`).
    #[serde(rename = "flexibleRollout")]
    FlexibleRollout,
    /// Users by id (`parameters`: `userIds`, comma-separated).
    #[serde(rename = "userWithId")]
    UserWithId,
    /// The users of a user list (`user_list_id`).
    #[serde(rename = "gitlabUserList")]
    GitlabUserList,
}

/// An environment a strategy applies to.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EnvironmentScope {
    /// An environment name or wildcard: `production`, `review/*`, `*` (all).
    pub environment_scope: String,
}

/// Who gets the feature, and in which environments.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Strategy {
    pub name: StrategyName,
    /// The strategy's parameters, as texts (`{"percentage": "50", "groupId": "default"}`).
    pub parameters: Option<BTreeMap<String, String>>,
    /// The user list, for `gitlabUserList`.
    pub user_list_id: Option<u64>,
    /// Where it applies (GitLab's default: every environment).
    pub scopes: Option<Vec<EnvironmentScope>>,
}

/// A change to an environment scope of a strategy: `id` names an existing one (with
/// `_destroy: true` to remove it); without `id`, one is added.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScopeChange {
    pub id: Option<u64>,
    pub environment_scope: Option<String>,
    #[serde(rename = "_destroy")]
    pub destroy: Option<bool>,
}

/// A change to a strategy: `id` names an existing one (with `_destroy: true` to remove
/// it); without `id`, one is added.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StrategyChange {
    pub id: Option<u64>,
    pub name: Option<StrategyName>,
    pub parameters: Option<BTreeMap<String, String>>,
    pub user_list_id: Option<u64>,
    #[serde(rename = "_destroy")]
    pub destroy: Option<bool>,
    pub scopes: Option<Vec<ScopeChange>>,
}

/// List a project's feature flags: name, whether active, and their strategies with the
/// environments each applies to.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FeatureFlagList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// Only `enabled` (active) or `disabled` ones.
    pub scope: Option<FlagScope>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one feature flag by its name: active or not, strategies and their environments.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FeatureFlagGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub feature_flag_name: String,
}

/// Create a feature flag, with the strategies that turn it on where. Returns the flag.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FeatureFlagCreate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// Lowercase letters, digits, `_` and `-`, starting with a letter (`new_checkout`).
    pub name: String,
    pub description: Option<String>,
    /// Whether it is on at all (GitLab's default: true).
    pub active: Option<bool>,
    pub strategies: Option<Vec<Strategy>>,
}

/// Change a feature flag: rename it, switch it on or off, change its strategies. Returns
/// the flag.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FeatureFlagUpdate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub feature_flag_name: String,
    /// A new name.
    pub name: Option<String>,
    pub description: Option<String>,
    pub active: Option<bool>,
    pub strategies: Option<Vec<StrategyChange>>,
}

/// Delete a feature flag (destructive: applications reading it get it off).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FeatureFlagDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub feature_flag_name: String,
}

/// List a project's feature flag user lists: name and the user ids in each.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UserListList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    /// Only lists whose name contains this text.
    pub search: Option<String>,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one feature flag user list by its iid.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UserListGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub iid: u64,
}

/// Create a feature flag user list, for `gitlabUserList` strategies. Returns it.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UserListCreate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub name: String,
    /// The users' ids in your application, comma-separated (`user1,user42`).
    pub user_xids: String,
}

/// Rename a feature flag user list or replace its users. Returns it.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UserListUpdate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub iid: u64,
    pub name: Option<String>,
    /// Replaces the users: their ids, comma-separated.
    pub user_xids: Option<String>,
}

/// Delete a feature flag user list (destructive); GitLab refuses while a strategy uses it.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UserListDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub iid: u64,
}
