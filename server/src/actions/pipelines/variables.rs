//! CI/CD variables of a project (`/projects/:id/variables[/:key]`) and of a group
//! (`/groups/:id/variables[/:key]`). The value of a masked or hidden variable never
//! reaches the model: answers show it as masked.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::catalog::params::{GroupId, PageNumber, PerPage, VariableKey, VariableType};
use crate::catalog::{Action, delete, get, post, put};
use crate::gitlab::ProjectId;
use crate::table;

pub fn actions() -> Vec<Action> {
    table![
        get::<VariableList>("variable.list", "projects/{project_id}/variables")
            .list()
            .title("List CI/CD variables"),
        get::<VariableGet>("variable.get", "projects/{project_id}/variables/{key}")
            .title("Get a CI/CD variable"),
        post::<VariableCreate>("variable.create", "projects/{project_id}/variables")
            .title("Create a CI/CD variable"),
        put::<VariableUpdate>("variable.update", "projects/{project_id}/variables/{key}")
            .title("Update a CI/CD variable"),
        delete::<VariableDelete>("variable.delete", "projects/{project_id}/variables/{key}")
            .title("Delete a CI/CD variable"),
        get::<GroupVariableList>("variable.group_list", "groups/{group_id}/variables")
            .list()
            .title("List a group's CI/CD variables"),
        get::<GroupVariableGet>("variable.group_get", "groups/{group_id}/variables/{key}")
            .title("Get a group's CI/CD variable"),
        post::<GroupVariableCreate>("variable.group_create", "groups/{group_id}/variables")
            .title("Create a group CI/CD variable"),
        put::<GroupVariableUpdate>("variable.group_update", "groups/{group_id}/variables/{key}")
            .title("Update a group CI/CD variable"),
        delete::<GroupVariableDelete>("variable.group_delete", "groups/{group_id}/variables/{key}")
            .title("Delete a group CI/CD variable"),
    ]
}

/// Which of the variables of one key: they differ by environment scope.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScopeFilter {
    /// The scope of the one meant (`production`, `*`).
    pub environment_scope: String,
}

/// List a project's CI/CD variables: key, type, protected/masked flags, environment
/// scope; the value unless masked or hidden.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VariableList {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one CI/CD variable of a project by its key.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VariableGet {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub key: VariableKey,
    /// Which variable of this key: the one of this environment scope. Needed when the key
    /// has several (one per scope), which GitLab otherwise refuses with 409.
    pub filter: Option<ScopeFilter>,
}

/// Create a CI/CD variable in a project; jobs of later pipelines get it. Returns the
/// variable (a masked value stays hidden).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VariableCreate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub key: VariableKey,
    pub value: String,
    /// `env_var` (default) or `file`: the job gets a path to a file holding the value.
    pub variable_type: Option<VariableType>,
    /// Only pipelines on protected branches and tags get it.
    pub protected: Option<bool>,
    /// Hidden in job logs; the value must be at least 8 characters, without spaces.
    pub masked: Option<bool>,
    /// Taken as written: `$OTHER` in the value is not expanded.
    pub raw: Option<bool>,
    /// The environments that get it (`*` all, the default; `production`; `review/*`).
    pub environment_scope: Option<String>,
    pub description: Option<String>,
    /// Masked and hidden: nobody sees the value again, in the UI or the API.
    pub masked_and_hidden: Option<bool>,
}

/// Change a project's CI/CD variable: its value or settings; only what is given changes.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VariableUpdate {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub key: VariableKey,
    pub value: Option<String>,
    /// `env_var` (default) or `file`: the job gets a path to a file holding the value.
    pub variable_type: Option<VariableType>,
    /// Only pipelines on protected branches and tags get it.
    pub protected: Option<bool>,
    /// Hidden in job logs; the value must be at least 8 characters, without spaces.
    pub masked: Option<bool>,
    /// Taken as written: `$OTHER` in the value is not expanded.
    pub raw: Option<bool>,
    /// The environments that get it (`*` all, the default; `production`; `review/*`).
    pub environment_scope: Option<String>,
    pub description: Option<String>,
    /// Which variable of this key: the one of this environment scope. Needed when the key
    /// has several (one per scope), which GitLab otherwise refuses with 409.
    pub filter: Option<ScopeFilter>,
}

/// Delete a project's CI/CD variable (destructive): jobs no longer get it.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VariableDelete {
    /// The project's numeric id or its path (`group/project`).
    pub project_id: ProjectId,
    pub key: VariableKey,
    /// Which variable of this key: the one of this environment scope. Needed when the key
    /// has several (one per scope), which GitLab otherwise refuses with 409.
    pub filter: Option<ScopeFilter>,
}

/// List a group's CI/CD variables, which every project in the group gets.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupVariableList {
    pub group_id: GroupId,
    pub page: Option<PageNumber>,
    pub per_page: Option<PerPage>,
}

/// Get one CI/CD variable of a group by its key.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupVariableGet {
    pub group_id: GroupId,
    pub key: VariableKey,
    /// Which variable of this key: the one of this environment scope. Needed when the key
    /// has several (one per scope), which GitLab otherwise refuses with 409.
    pub filter: Option<ScopeFilter>,
}

/// Create a CI/CD variable in a group; every project in it gets it. Returns the variable.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupVariableCreate {
    pub group_id: GroupId,
    pub key: VariableKey,
    pub value: String,
    /// `env_var` (default) or `file`: the job gets a path to a file holding the value.
    pub variable_type: Option<VariableType>,
    /// Only pipelines on protected branches and tags get it.
    pub protected: Option<bool>,
    /// Hidden in job logs; the value must be at least 8 characters, without spaces.
    pub masked: Option<bool>,
    /// Taken as written: `$OTHER` in the value is not expanded.
    pub raw: Option<bool>,
    /// The environments that get it (`*` all, the default; `production`; `review/*`).
    pub environment_scope: Option<String>,
    pub description: Option<String>,
    /// Masked and hidden: nobody sees the value again, in the UI or the API.
    pub masked_and_hidden: Option<bool>,
}

/// Change a group's CI/CD variable; only what is given changes.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupVariableUpdate {
    pub group_id: GroupId,
    pub key: VariableKey,
    pub value: Option<String>,
    /// `env_var` (default) or `file`: the job gets a path to a file holding the value.
    pub variable_type: Option<VariableType>,
    /// Only pipelines on protected branches and tags get it.
    pub protected: Option<bool>,
    /// Hidden in job logs; the value must be at least 8 characters, without spaces.
    pub masked: Option<bool>,
    /// Taken as written: `$OTHER` in the value is not expanded.
    pub raw: Option<bool>,
    /// The environments that get it (`*` all, the default; `production`; `review/*`).
    pub environment_scope: Option<String>,
    pub description: Option<String>,
    /// Which variable of this key: the one of this environment scope. Needed when the key
    /// has several (one per scope), which GitLab otherwise refuses with 409.
    pub filter: Option<ScopeFilter>,
}

/// Delete a group's CI/CD variable (destructive).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GroupVariableDelete {
    pub group_id: GroupId,
    pub key: VariableKey,
    /// Which variable of this key: the one of this environment scope. Needed when the key
    /// has several (one per scope), which GitLab otherwise refuses with 409.
    pub filter: Option<ScopeFilter>,
}
