//! A project's feature flags and their user lists, kept as records. A flag is turned on by
//! strategies (everyone, a percentage, some user ids, a user list), each for some
//! environment scopes; GitLab checks each strategy's parameters against its kind.

use axum::http::StatusCode;
use serde_json::{Map, Value, json};

use super::records::{Change, Errors, Field, Filter, Kind, Owner, Parent, Unique};
use super::{Ids, Store, now};
use crate::reply::ApiError;

/// Feature flags, named by `name` (routes of their own: an update merges strategies, a
/// delete answers with the flag).
pub(crate) static FEATURE_FLAGS: Kind = Kind {
    segment: "feature_flags",
    noun: "Feature flag",
    key: "name",
    filters: &[Filter::Flag("scope", "active", ["enabled", "disabled"])],
    ..Kind::PLAIN
};

/// User lists a `gitlabUserList` strategy turns a flag on for, numbered by `iid`.
pub(crate) static FEATURE_FLAG_USER_LISTS: Kind = Kind {
    segment: "feature_flags_user_lists",
    noun: "User list",
    parents: &[Parent::Project],
    updatable: true,
    key: "iid",
    fields: &[Field::Text("name", ""), Field::Text("user_xids", "")],
    required: &["name", "user_xids"],
    filters: &[Filter::Contains("search", "name")],
    made: user_list_made,
    unique: &[Unique {
        fields: &["name"],
        message: "has already been taken",
    }],
    errors: Errors::Sentences(StatusCode::BAD_REQUEST),
    judge: user_list_judge,
    ..Kind::PLAIN
};

/// The kinds of strategy and the parameters each takes.
const STRATEGIES: [(&str, &[&str]); 5] = [
    ("default", &[]),
    ("gitlabUserList", &[]),
    ("gradualRolloutUserId", &["groupId", "percentage"]),
    ("flexibleRollout", &["groupId", "rollout", "stickiness"]),
    ("userWithId", &["userIds"]),
];

/// A list is named by its `iid`, which counts per project, and has an `id` too; its paths
/// are the project's web pages for it.
fn user_list_made(store: &mut Store, owner: &Owner, record: &mut Map<String, Value>) {
    let Owner::Project(project) = owner else {
        return;
    };
    let iid = store
        .record_list(owner, &FEATURE_FLAG_USER_LISTS)
        .iter()
        .filter_map(|list| list["iid"].as_u64())
        .max()
        .unwrap_or(0)
        + 1;
    let path = format!(
        "/{}/-/feature_flags_user_lists/{iid}",
        store.full_path(&store.projects[project])
    );
    let at = now();
    record.insert("id".into(), json!(Ids::next(&mut store.ids.record)));
    record.insert("iid".into(), json!(iid));
    record.insert("project_id".into(), json!(project));
    record.insert("created_at".into(), json!(at));
    record.insert("updated_at".into(), json!(at));
    record.insert("edit_path".into(), json!(format!("{path}/edit")));
    record.insert("path".into(), json!(path));
}

/// A list a strategy uses stays: `409` with the model's reason.
fn user_list_judge(
    store: &Store,
    owner: &Owner,
    _: &Map<String, Value>,
    change: Change<'_>,
) -> Result<(), ApiError> {
    let Change::Delete(list) = change else {
        return Ok(());
    };
    let used = store.record_list(owner, &FEATURE_FLAGS).iter().any(|flag| {
        flag["strategies"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|strategy| strategy["user_list_id"] == list["id"])
    });
    if used {
        return Err(ApiError::messages(
            StatusCode::CONFLICT,
            &["User list is associated with a strategy".to_owned()],
        ));
    }
    Ok(())
}

impl Store {
    /// A project's flags, by name, as GitLab's `FeatureFlag` entity.
    pub fn feature_flags(
        &self,
        project: u64,
        params: &Map<String, Value>,
    ) -> Result<Vec<Value>, ApiError> {
        let owner = Owner::Project(project);
        let mut flags = self.record_search(&owner, &FEATURE_FLAGS, params)?;
        flags.sort_by(|a, b| a["name"].as_str().cmp(&b["name"].as_str()));
        Ok(flags
            .iter()
            .map(|flag| self.flag_json(&owner, flag))
            .collect())
    }

    pub fn feature_flag(&self, project: u64, name: &str) -> Result<Value, ApiError> {
        let owner = Owner::Project(project);
        let flag = self.record(&owner, &FEATURE_FLAGS, name)?;
        Ok(self.flag_json(&owner, &flag))
    }

    /// A new flag, active unless told otherwise, its strategies each with a new id.
    pub fn feature_flag_create(
        &mut self,
        project: u64,
        params: &Map<String, Value>,
    ) -> Result<Value, ApiError> {
        let owner = Owner::Project(project);
        let Some(name) = params.get("name").and_then(Value::as_str) else {
            return Err(ApiError::missing(&["name"]));
        };
        let mut problems = name_problems(name);
        if self.record(&owner, &FEATURE_FLAGS, name).is_ok() {
            problems.push("Name has already been taken".to_owned());
        }
        let mut strategies = Vec::new();
        for (index, given) in list(params, "strategies")?.iter().enumerate() {
            if given["name"].is_null() {
                return Err(ApiError::missing(&[&format!("strategies[{index}][name]")]));
            }
            strategies.push(self.strategy(&owner, &Map::new(), given, &mut problems)?);
        }
        if !problems.is_empty() {
            return Err(ApiError::messages(StatusCode::BAD_REQUEST, &problems));
        }
        let at = now();
        let flag = json!({
            "name": name,
            "description": params.get("description").cloned().unwrap_or(Value::Null),
            "active": bool_param(params, "active")?.unwrap_or(true),
            "version": "new_version_flag",
            "created_at": at,
            "updated_at": at,
            "scopes": [],
            "strategies": strategies,
        });
        self.record_insert(&owner, &FEATURE_FLAGS, &flag);
        Ok(self.flag_json(&owner, &flag))
    }

    /// The flag `name` changed where `params` say; its strategies as Rails' nested
    /// attributes change them (by `id`, `_destroy` removing; without `id`, added).
    pub fn feature_flag_update(
        &mut self,
        project: u64,
        name: &str,
        params: &Map<String, Value>,
    ) -> Result<Value, ApiError> {
        let owner = Owner::Project(project);
        let mut flag = self.record(&owner, &FEATURE_FLAGS, name)?;
        let mut problems = Vec::new();
        if let Some(new_name) = params.get("name").and_then(Value::as_str)
            && new_name != name
        {
            problems.extend(name_problems(new_name));
            if self.record(&owner, &FEATURE_FLAGS, new_name).is_ok() {
                problems.push("Name has already been taken".to_owned());
            }
            flag["name"] = json!(new_name);
        }
        if let Some(description) = params.get("description") {
            flag["description"] = description.clone();
        }
        if let Some(active) = bool_param(params, "active")? {
            flag["active"] = json!(active);
        }
        let mut strategies = flag["strategies"].as_array().cloned().unwrap_or_default();
        for change in list(params, "strategies")? {
            let Some(id) = change["id"].as_u64() else {
                strategies.push(self.strategy(&owner, &Map::new(), &change, &mut problems)?);
                continue;
            };
            let at = strategies
                .iter()
                .position(|strategy| strategy["id"] == id)
                .ok_or_else(|| FEATURE_FLAGS.not_found())?;
            if destroyed(&change) {
                strategies.remove(at);
                continue;
            }
            let kept = strategies[at].as_object().cloned().unwrap_or_default();
            strategies[at] = self.strategy(&owner, &kept, &change, &mut problems)?;
        }
        if !problems.is_empty() {
            return Err(ApiError::messages(StatusCode::BAD_REQUEST, &problems));
        }
        flag["strategies"] = Value::Array(strategies);
        flag["updated_at"] = json!(now());
        *self.record_mut(&owner, &FEATURE_FLAGS, name)? =
            flag.as_object().cloned().unwrap_or_default();
        Ok(self.flag_json(&owner, &flag))
    }

    /// Deletes the flag; GitLab answers with it.
    pub fn feature_flag_delete(&mut self, project: u64, name: &str) -> Result<Value, ApiError> {
        let flag = self.feature_flag(project, name)?;
        self.record_delete(&Owner::Project(project), &FEATURE_FLAGS, name)?;
        Ok(flag)
    }

    /// One strategy: `kept` changed by `given` (a new one from nothing), checked as the
    /// model checks it; its problems are added to `problems`.
    fn strategy(
        &mut self,
        owner: &Owner,
        kept: &Map<String, Value>,
        given: &Value,
        problems: &mut Vec<String>,
    ) -> Result<Value, ApiError> {
        let mut strategy = kept.clone();
        if !strategy.contains_key("id") {
            strategy.insert("id".into(), json!(Ids::next(&mut self.ids.flag_strategy)));
            strategy.insert("parameters".into(), json!({}));
            strategy.insert("scopes".into(), json!([]));
            strategy.insert("user_list_id".into(), Value::Null);
        }
        for field in ["name", "user_list_id"] {
            if let Some(value) = given.get(field).filter(|v| !v.is_null()) {
                strategy.insert(field.into(), value.clone());
            }
        }
        match given.get("parameters") {
            None | Some(Value::Null) => {}
            // Grape's `JSON` type takes an object, or its text.
            Some(Value::String(text)) => {
                let parsed = serde_json::from_str::<Value>(text)
                    .map_err(|_| ApiError::error("strategies[parameters] is invalid"))?;
                strategy.insert("parameters".into(), parsed);
            }
            Some(value) => {
                strategy.insert("parameters".into(), value.clone());
            }
        }
        let mut scopes = strategy["scopes"].as_array().cloned().unwrap_or_default();
        for change in given["scopes"].as_array().into_iter().flatten() {
            match change["id"].as_u64() {
                Some(id) => {
                    let at = scopes
                        .iter()
                        .position(|scope| scope["id"] == id)
                        .ok_or_else(|| FEATURE_FLAGS.not_found())?;
                    if destroyed(change) {
                        scopes.remove(at);
                    } else if let Some(environment) = change.get("environment_scope") {
                        scopes[at]["environment_scope"] = environment.clone();
                    }
                }
                None => scopes.push(json!({
                    "id": Ids::next(&mut self.ids.flag_scope),
                    "environment_scope": change["environment_scope"],
                })),
            }
        }
        strategy.insert("scopes".into(), Value::Array(scopes));
        problems.extend(self.strategy_problems(owner, &strategy)?);
        Ok(Value::Object(strategy))
    }

    /// The model's checks of a strategy, as full messages.
    fn strategy_problems(
        &self,
        owner: &Owner,
        strategy: &Map<String, Value>,
    ) -> Result<Vec<String>, ApiError> {
        let name = strategy["name"].as_str().unwrap_or_default();
        let Some((_, keys)) = STRATEGIES.iter().find(|(known, _)| *known == name) else {
            return Ok(vec!["Strategies name strategy name is invalid".to_owned()]);
        };
        let mut problems = Vec::new();
        let parameters = strategy["parameters"].as_object();
        let mut given: Vec<&str> = parameters
            .into_iter()
            .flat_map(|p| p.keys().map(String::as_str))
            .collect();
        given.sort_unstable();
        let mut expected = keys.to_vec();
        expected.sort_unstable();
        if parameters.is_none() || given != expected {
            problems.push("Strategies parameters parameters are invalid".to_owned());
        } else {
            let text = |key: &str| strategy["parameters"][key].as_str().unwrap_or_default();
            let percent = |key: &str| text(key).parse::<u8>().is_ok_and(|n| n <= 100);
            let group_id = text("groupId");
            let group_ok = (1..=32).contains(&group_id.len())
                && group_id.bytes().all(|b| b.is_ascii_lowercase());
            if name == "gradualRolloutUserId" || name == "flexibleRollout" {
                if name == "flexibleRollout"
                    && !["default", "userId", "sessionId", "random"].contains(&text("stickiness"))
                {
                    problems.push("Strategies parameters stickiness parameter must be default, userId, sessionId, or random".to_owned());
                }
                if !group_ok {
                    problems.push("Strategies parameters groupId parameter is invalid".to_owned());
                }
                let (key, what) = if name == "flexibleRollout" {
                    ("rollout", "rollout")
                } else {
                    ("percentage", "percentage")
                };
                if !percent(key) {
                    problems.push(format!(
                        "Strategies parameters {what} must be a string between 0 and 100 inclusive"
                    ));
                }
            }
        }
        match strategy["user_list_id"].as_u64() {
            // The model looks the list up by id as it is assigned.
            Some(id) => {
                let lists = self.record_list(owner, &FEATURE_FLAG_USER_LISTS);
                if !lists.iter().any(|list| list["id"] == id) {
                    return Err(FEATURE_FLAG_USER_LISTS.not_found());
                }
                if name != "gitlabUserList" {
                    problems.push("Strategies user list must be blank".to_owned());
                }
            }
            None if name == "gitlabUserList" => {
                problems.push("Strategies user list can't be blank".to_owned());
            }
            None => {}
        }
        Ok(problems)
    }

    /// GitLab's `FeatureFlag` entity: each strategy with its user list as it now is.
    fn flag_json(&self, owner: &Owner, flag: &Value) -> Value {
        let lists = self.record_list(owner, &FEATURE_FLAG_USER_LISTS);
        let mut shown = flag.clone();
        for strategy in shown["strategies"].as_array_mut().into_iter().flatten() {
            let list = strategy
                .as_object_mut()
                .and_then(|s| s.remove("user_list_id"))
                .and_then(|id| lists.iter().find(|list| list["id"] == id))
                .map(|list| {
                    json!({"id": list["id"], "iid": list["iid"], "name": list["name"], "user_xids": list["user_xids"]})
                });
            strategy["user_list"] = list.unwrap_or(Value::Null);
        }
        shown
    }
}

/// The model's checks of a flag's name, as full messages.
fn name_problems(name: &str) -> Vec<String> {
    let mut problems = Vec::new();
    if name.chars().count() < 2 {
        problems.push("Name is too short (minimum is 2 characters)".to_owned());
    } else if name.chars().count() > 63 {
        problems.push("Name is too long (maximum is 63 characters)".to_owned());
    }
    let bytes = name.as_bytes();
    let valid = bytes.first().is_some_and(u8::is_ascii_lowercase)
        && bytes
            .iter()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || *b == b'-' || *b == b'_')
        && !name.ends_with(['-', '_']);
    if !valid {
        problems.push("Name can contain only lowercase letters, digits, '_' and '-'. Must start with a letter, and cannot end with '-' or '_'".to_owned());
    }
    problems
}

/// An array parameter's items, none when not sent.
fn list(params: &Map<String, Value>, name: &str) -> Result<Vec<Value>, ApiError> {
    match params.get(name) {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(items)) => Ok(items.clone()),
        Some(_) => Err(ApiError::error(format!("{name} is invalid"))),
    }
}

fn bool_param(params: &Map<String, Value>, name: &str) -> Result<Option<bool>, ApiError> {
    match params.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Bool(value)) => Ok(Some(*value)),
        Some(Value::String(text)) if text == "true" || text == "false" => Ok(Some(text == "true")),
        Some(_) => Err(ApiError::error(format!("{name} is invalid"))),
    }
}

/// Whether a nested change asks for its object's removal (`_destroy: true`).
fn destroyed(change: &Value) -> bool {
    matches!(&change["_destroy"], Value::Bool(true)) || change["_destroy"] == "true"
}
