//! Protected environments of a project (by environment name) or a group (by deployment
//! tier), kept as records: who may deploy (`deploy_access_levels`) and who must approve
//! (`approval_rules`); and the approvals of a deployment waiting for them.

use axum::http::StatusCode;
use serde_json::{Map, Value, json};

use super::record_kinds::DEPLOYMENTS;
use super::records::{Kind, Owner};
use super::{CURRENT_USER, Ids, Store, now};
use crate::reply::ApiError;

/// GitLab answers each as kept: `name`, `deploy_access_levels`, `required_approval_count`,
/// `approval_rules`.
pub(crate) static PROTECTED_ENVIRONMENTS: Kind = Kind {
    segment: "protected_environments",
    noun: "Protected environment",
    key: "name",
    ..Kind::PLAIN
};

/// The access levels that may deploy or approve.
const LEVELS: [u64; 4] = [20, 30, 40, 60];

/// Which list of a protected environment: deployers, or approval rules (which also say how
/// many approvals they need).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Access {
    Deploy,
    Approve,
}

impl Access {
    pub fn field(self) -> &'static str {
        match self {
            Access::Deploy => "deploy_access_levels",
            Access::Approve => "approval_rules",
        }
    }
}

impl Store {
    /// One deployer or approval rule from what a request gives, checked as Grape does
    /// (`field[i][…]` named in its refusals), with a new id.
    fn access_entry(
        &mut self,
        access: Access,
        index: usize,
        given: &Value,
    ) -> Result<Map<String, Value>, ApiError> {
        let name = |inner: &str| format!("{}[{index}][{inner}]", access.field());
        let number = |inner: &str| -> Result<Option<u64>, ApiError> {
            match &given[inner] {
                Value::Null => Ok(None),
                value => value
                    .as_u64()
                    .or_else(|| value.as_str().and_then(|s| s.parse().ok()))
                    .map(Some)
                    .ok_or_else(|| ApiError::error(format!("{} is invalid", name(inner)))),
            }
        };
        let level = number("access_level")?;
        if level.is_some_and(|level| !LEVELS.contains(&level)) {
            return Err(ApiError::error(format!(
                "{} does not have a valid value",
                name("access_level")
            )));
        }
        let inheritance = number("group_inheritance_type")?;
        if inheritance.is_some_and(|value| value > 1) {
            return Err(ApiError::error(format!(
                "{} does not have a valid value",
                name("group_inheritance_type")
            )));
        }
        let user_id = number("user_id")?;
        let group_id = number("group_id")?;
        if access == Access::Approve && level.is_none() && user_id.is_none() && group_id.is_none() {
            return Err(ApiError::error(format!(
                "{}, {}, {} are missing, at least one parameter must be provided",
                name("access_level"),
                name("user_id"),
                name("group_id")
            )));
        }
        let mut entry = Map::new();
        entry.insert(
            "id".into(),
            json!(Ids::next(&mut self.ids.protected_environment_access)),
        );
        entry.insert("access_level".into(), json!(level));
        entry.insert("user_id".into(), json!(user_id));
        entry.insert("group_id".into(), json!(group_id));
        entry.insert(
            "group_inheritance_type".into(),
            json!(inheritance.unwrap_or(0)),
        );
        if access == Access::Approve {
            entry.insert(
                "required_approvals".into(),
                json!(number("required_approvals")?.unwrap_or(1)),
            );
        }
        let description = self.access_description(&entry);
        entry.insert("access_level_description".into(), description);
        Ok(entry)
    }

    /// What GitLab says an entry lets in: the user's or group's name, or the role.
    fn access_description(&self, entry: &Map<String, Value>) -> Value {
        if let Some(user) = entry["user_id"].as_u64() {
            return json!(self.users.get(&user).map(|u| u.name.clone()));
        }
        if let Some(group) = entry["group_id"].as_u64() {
            return json!(self.groups.get(&group).map(|g| g.name.clone()));
        }
        match entry["access_level"].as_u64() {
            Some(40) => json!("Maintainers"),
            Some(30) => json!("Developers + Maintainers"),
            _ => Value::Null,
        }
    }

    /// Protects a project's environment by name (GitLab does not look the environment up:
    /// a name can be protected before anything is deployed to it).
    pub fn protect_environment(
        &mut self,
        project: u64,
        params: &Map<String, Value>,
    ) -> Result<Value, ApiError> {
        let missing: Vec<&str> = ["name", "deploy_access_levels"]
            .into_iter()
            .filter(|name| params.get(*name).is_none_or(Value::is_null))
            .collect();
        if !missing.is_empty() {
            return Err(ApiError::missing(&missing));
        }
        let owner = Owner::Project(project);
        let name = params["name"].as_str().unwrap_or_default().to_owned();
        let mut lists = Map::new();
        for access in [Access::Deploy, Access::Approve] {
            let given = match params.get(access.field()) {
                None | Some(Value::Null) => Vec::new(),
                Some(Value::Array(given)) => given.clone(),
                Some(_) => return Err(ApiError::error(format!("{} is invalid", access.field()))),
            };
            let mut entries = Vec::new();
            for (index, given) in given.iter().enumerate() {
                entries.push(Value::Object(self.access_entry(access, index, given)?));
            }
            lists.insert(access.field().to_owned(), Value::Array(entries));
        }
        if self.record(&owner, &PROTECTED_ENVIRONMENTS, &name).is_ok() {
            return Err(ApiError::message(
                StatusCode::CONFLICT,
                format!("Environment '{name}' is already protected"),
            ));
        }
        no_deployers(&lists)?;
        let record = json!({
            "name": name,
            "deploy_access_levels": lists["deploy_access_levels"],
            "required_approval_count": 0,
            "approval_rules": lists["approval_rules"],
        });
        self.record_insert(&owner, &PROTECTED_ENVIRONMENTS, &record);
        Ok(record)
    }

    /// Changes a protected environment's deployers and approval rules as Rails' nested
    /// attributes do: an entry with an `id` changes that one (or removes it with
    /// `_destroy`), one without is added; it must keep a deployer.
    pub fn update_protected_environment(
        &mut self,
        project: u64,
        name: &str,
        params: &Map<String, Value>,
    ) -> Result<Value, ApiError> {
        let owner = Owner::Project(project);
        let mut changed = self.record(&owner, &PROTECTED_ENVIRONMENTS, name)?;
        for access in [Access::Deploy, Access::Approve] {
            let given = match params.get(access.field()) {
                None | Some(Value::Null) => continue,
                Some(Value::Array(given)) => given.clone(),
                Some(_) => return Err(ApiError::error(format!("{} is invalid", access.field()))),
            };
            let mut entries = changed[access.field()]
                .as_array()
                .cloned()
                .unwrap_or_default();
            for (index, change) in given.iter().enumerate() {
                let Some(id) = change["id"].as_u64() else {
                    entries.push(Value::Object(self.access_entry(access, index, change)?));
                    continue;
                };
                let at = entries
                    .iter()
                    .position(|entry| entry["id"] == id)
                    .ok_or_else(|| PROTECTED_ENVIRONMENTS.not_found())?;
                if matches!(&change["_destroy"], Value::Bool(true)) || change["_destroy"] == "true"
                {
                    entries.remove(at);
                    continue;
                }
                let mut entry = self.access_entry(access, index, change)?;
                let kept = entries[at].as_object().cloned().unwrap_or_default();
                entry.insert("id".into(), json!(id));
                for (field, value) in &kept {
                    if change.get(field).is_none_or(Value::is_null) {
                        entry.insert(field.clone(), value.clone());
                    }
                }
                let description = self.access_description(&entry);
                entry.insert("access_level_description".into(), description);
                entries[at] = Value::Object(entry);
            }
            changed[access.field()] = Value::Array(entries);
        }
        no_deployers(changed.as_object().expect("a record"))?;
        *self.record_mut(&owner, &PROTECTED_ENVIRONMENTS, name)? =
            changed.as_object().cloned().unwrap_or_default();
        Ok(changed)
    }

    /// The protection a deployment's environment has: the project's by the environment's
    /// name, else its group's by the environment's tier.
    fn protection_of(&self, project: u64, environment: &Value) -> Option<Value> {
        let name = environment["name"].as_str().unwrap_or_default();
        if let Ok(found) = self.record(&Owner::Project(project), &PROTECTED_ENVIRONMENTS, name) {
            return Some(found);
        }
        let group = self.project_group(project)?;
        let tier = environment["tier"].as_str().unwrap_or_default();
        self.record(&Owner::Group(group), &PROTECTED_ENVIRONMENTS, tier)
            .ok()
    }

    /// Approves or rejects a deployment waiting on its protected environment's approval
    /// rules, as the current user, with GitLab's refusals in GitLab's order. A rejection
    /// fails the deployment's job, and so the deployment.
    pub fn approve_deployment(
        &mut self,
        project: u64,
        deployment: &str,
        status: &str,
        comment: Option<String>,
    ) -> Result<Value, ApiError> {
        let owner = Owner::Project(project);
        let kept = self.record(&owner, &DEPLOYMENTS, deployment)?;
        let Some(protection) = self.protection_of(project, &kept["environment"]) else {
            return Err(ApiError::bad_request("This environment is not protected."));
        };
        if kept["user"]["id"] == CURRENT_USER && status == "approved" {
            return Err(ApiError::bad_request(
                "You cannot approve your own deployment. This configuration can be adjusted in the protected environment settings.",
            ));
        }
        let required = required_approvals(&protection);
        if required == 0 {
            return Err(ApiError::bad_request(
                "Deployment approvals is not configured for this environment.",
            ));
        }
        if pending_approvals(&kept, required) == 0 {
            return Err(ApiError::bad_request(
                "This deployment is not waiting for approvals.",
            ));
        }
        let me = self.me();
        let record = self.record_mut(&owner, &DEPLOYMENTS, deployment)?;
        let mut approvals = record["approvals"].as_array().cloned().unwrap_or_default();
        let approval = match approvals
            .iter_mut()
            .find(|approval| approval["user"]["id"] == CURRENT_USER)
        {
            Some(approval) if approval["status"] == status => approval.clone(),
            Some(approval) => {
                approval["status"] = json!(status);
                approval["comment"] = json!(comment);
                approval.clone()
            }
            None => {
                let approval = json!({
                    "user": me,
                    "status": status,
                    "created_at": now(),
                    "comment": comment,
                });
                approvals.push(approval.clone());
                approval
            }
        };
        record.insert("approvals".into(), Value::Array(approvals));
        if status == "rejected" {
            record.insert("status".into(), json!("failed"));
        }
        let pending = pending_approvals(&Value::Object(record.clone()), required);
        record.insert("pending_approval_count".into(), json!(pending));
        Ok(approval)
    }

    /// The group a project is in, if it is in one.
    fn project_group(&self, project: u64) -> Option<u64> {
        match self.projects.get(&project)?.namespace {
            super::Namespace::Group(group) => Some(group),
            super::Namespace::User(_) => None,
        }
    }
}

/// The model's refusal of a protected environment nobody may deploy to.
fn no_deployers(record: &Map<String, Value>) -> Result<(), ApiError> {
    if record["deploy_access_levels"]
        .as_array()
        .is_none_or(Vec::is_empty)
    {
        return Err(ApiError::messages(
            StatusCode::UNPROCESSABLE_ENTITY,
            &["Deploy access levels is too short (minimum is 1 character)".to_owned()],
        ));
    }
    Ok(())
}

/// How many approvals a protected environment asks of a deployment: its rules' together
/// (or the count GitLab kept before it had rules).
fn required_approvals(protection: &Value) -> u64 {
    let rules: u64 = protection["approval_rules"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|rule| rule["required_approvals"].as_u64())
        .sum();
    rules.max(protection["required_approval_count"].as_u64().unwrap_or(0))
}

/// How many approvals a deployment still waits for: none unless it is blocked.
fn pending_approvals(deployment: &Value, required: u64) -> u64 {
    if deployment["status"] != "blocked" {
        return 0;
    }
    let approved = deployment["approvals"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|approval| approval["status"] == "approved")
        .count() as u64;
    required.saturating_sub(approved)
}
