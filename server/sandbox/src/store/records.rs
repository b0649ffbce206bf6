//! Records GitLab keeps under a project or a group that hold settings and little more: CI/CD
//! variables, webhooks, pipeline schedules and trigger tokens, environments and
//! deployments, deploy keys, badges. Each kind is declared once, as data — where it lives,
//! the field that names one, its fields with their defaults, which are required and which
//! are secret — and one set of routes serves them all (`routes::records`). What a kind does
//! beyond storing its fields (a schedule played, an environment stopped) is a route of its
//! own beside them.

use serde_json::{Map, Value, json};

use super::{CURRENT_USER, Ids, Store, now};
use crate::reply::ApiError;

/// Whose a record is.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Owner {
    Project(u64),
    Group(u64),
    /// A project's issue, by iid.
    Issue(u64, u64),
    /// A project's merge request, by iid.
    MergeRequest(u64, u64),
    /// A project's release, by tag.
    Release(u64, String),
}

/// What kind of thing a kind of record lives under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Parent {
    Project,
    Group,
    Issue,
    MergeRequest,
    /// A release's assets: `…/releases/:tag_name/assets`.
    ReleaseAssets,
}

/// A field's type, as GitLab's API layer coerces it, and its value when not given.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Field {
    /// A text, and its value when not given.
    Text(&'static str, &'static str),
    /// A text that is `null` until given.
    Optional(&'static str),
    Bool(&'static str, bool),
    /// A whole number, and its value when not given.
    Integer(&'static str, u64),
}

impl Field {
    fn name(self) -> &'static str {
        match self {
            Field::Text(name, _) | Field::Optional(name) | Field::Bool(name, _) => name,
            Field::Integer(name, _) => name,
        }
    }

    /// The default a new record starts with.
    fn default(self) -> Value {
        match self {
            Field::Text(_, default) => json!(default),
            Field::Optional(_) => Value::Null,
            Field::Bool(_, value) => json!(value),
            Field::Integer(_, value) => json!(value),
        }
    }

    /// `value` as this field stores it, or GitLab's `… is invalid`.
    fn coerce(self, value: &Value) -> Result<Value, ApiError> {
        let invalid = || ApiError::error(format!("{} is invalid", self.name()));
        Ok(match (self, value) {
            (_, Value::Null) => self.default(),
            (Field::Text(..) | Field::Optional(_), Value::String(_)) => value.clone(),
            (Field::Text(..) | Field::Optional(_), Value::Number(n)) => json!(n.to_string()),
            (Field::Bool(..), Value::Bool(_)) => value.clone(),
            (Field::Bool(..), Value::String(s)) => match s.as_str() {
                "true" | "1" => json!(true),
                "false" | "0" => json!(false),
                _ => return Err(invalid()),
            },
            (Field::Integer(..), Value::Number(n)) if n.is_u64() => value.clone(),
            (Field::Integer(..), Value::String(s)) => {
                json!(s.trim().parse::<u64>().map_err(|_| invalid())?)
            }
            _ => return Err(invalid()),
        })
    }
}

/// A list parameter that narrows a kind's list.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Filter {
    /// `param` equals the field.
    Equals(&'static str, &'static str),
    /// The field contains `param`.
    Contains(&'static str, &'static str),
    /// `param` is the first word when the yes/no field is true, the second when false
    /// (a schedule's `scope`: `active` or `inactive`).
    Flag(&'static str, &'static str, [&'static str; 2]),
}

/// One kind of record.
#[derive(Debug)]
pub(crate) struct Kind {
    /// The path segment of the collection: `variables`.
    pub segment: &'static str,
    /// Its name in GitLab's `404 … Not Found`.
    pub noun: &'static str,
    /// What it lives under.
    pub parents: &'static [Parent],
    /// Whether GitLab lets one be changed (`PUT`); without, only made and deleted.
    pub updatable: bool,
    /// The field that names one in a path: `id` (numbered here) or a field of its own
    /// (a variable's `key`), unique within its owner.
    pub key: &'static str,
    /// Another field a path may name one by (a label by its name).
    pub alias: Option<&'static str>,
    pub fields: &'static [Field],
    /// Required when creating.
    pub required: &'static [&'static str],
    /// The list parameters it takes.
    pub filters: &'static [Filter],
    /// Taken, but never shown in an answer (a webhook's secret token).
    pub secret: &'static [&'static str],
    /// GitLab's own checks of a record about to be stored, beyond required fields, and
    /// what follows from its fields (a `state_event` becomes the `state`).
    pub check: fn(&mut Map<String, Value>) -> Result<(), ApiError>,
    /// Fields set by the sandbox when one is made.
    pub made: fn(&mut Store, &Owner, &mut Map<String, Value>),
}

impl Kind {
    fn field(&self, name: &str) -> Option<Field> {
        self.fields.iter().copied().find(|f| f.name() == name)
    }

    /// Whether `name` is one of this kind's fields (or its key).
    pub fn takes(&self, name: &str) -> bool {
        name == self.key || self.field(name).is_some()
    }
}

/// Nothing more set when made.
pub(crate) fn plain(_: &mut Store, _: &Owner, _: &mut Map<String, Value>) {}

/// No check beyond the required fields.
pub(crate) fn unchecked(_: &mut Map<String, Value>) -> Result<(), ApiError> {
    Ok(())
}

impl Store {
    fn records(&self, owner: &Owner, kind: &Kind) -> &[Map<String, Value>] {
        self.records
            .get(&(owner.clone(), kind.segment))
            .map_or(&[], Vec::as_slice)
    }

    /// Every record of `kind` `owner` has, oldest first, as answered.
    pub fn record_list(&self, owner: &Owner, kind: &Kind) -> Vec<Value> {
        self.records(owner, kind)
            .iter()
            .map(|record| shown(kind, record))
            .collect()
    }

    /// The records `params` ask for, by the kind's filters; an unknown filter value is
    /// GitLab's `… does not have a valid value`.
    pub fn record_search(
        &self,
        owner: &Owner,
        kind: &Kind,
        params: &Map<String, Value>,
    ) -> Result<Vec<Value>, ApiError> {
        let mut found = self.record_list(owner, kind);
        for filter in kind.filters {
            let (Filter::Equals(param, _) | Filter::Contains(param, _) | Filter::Flag(param, ..)) =
                *filter;
            let Some(wanted) = params.get(param).and_then(Value::as_str) else {
                continue;
            };
            found.retain(|record| match *filter {
                // A nested object (a deployment's environment) by its name.
                Filter::Equals(_, field) => {
                    let value = &record[field];
                    value.as_str().or_else(|| value["name"].as_str()) == Some(wanted)
                }
                Filter::Contains(_, field) => record[field]
                    .as_str()
                    .is_some_and(|text| text.contains(wanted)),
                Filter::Flag(_, field, [on, _]) => record[field] == json!(wanted == on),
            });
            if let Filter::Flag(_, _, words) = *filter
                && !words.contains(&wanted)
            {
                return Err(ApiError::error(format!(
                    "{param} does not have a valid value"
                )));
            }
        }
        Ok(found)
    }

    /// The record named `key`, as answered, or `404 {noun} Not Found`.
    pub fn record(&self, owner: &Owner, kind: &Kind, key: &str) -> Result<Value, ApiError> {
        self.records(owner, kind)
            .iter()
            .find(|record| names(kind, record, key))
            .map(|record| shown(kind, record))
            .ok_or_else(|| ApiError::not_found(kind.noun))
    }

    /// A new record from `params`: the required fields must be there, the key unused.
    pub fn record_create(
        &mut self,
        owner: &Owner,
        kind: &Kind,
        params: &Map<String, Value>,
    ) -> Result<Value, ApiError> {
        let mut record = built(kind, params)?;
        if kind.key == "id" {
            record.insert("id".into(), json!(Ids::next(&mut self.ids.record)));
        } else {
            let key = record[kind.key].as_str().unwrap_or_default().to_owned();
            if self
                .records(owner, kind)
                .iter()
                .any(|other| names(kind, other, &key))
            {
                return Err(ApiError::fields(&[(
                    kind.key,
                    &format!("({key}) has already been taken"),
                )]));
            }
        }
        (kind.made)(self, owner, &mut record);
        let answer = shown(kind, &record);
        self.records
            .entry((owner.clone(), kind.segment))
            .or_default()
            .push(record);
        Ok(answer)
    }

    /// Keeps `record` as it is: one the sandbox made itself, named as it says (an access
    /// request by its user's id).
    pub fn record_insert(&mut self, owner: &Owner, kind: &Kind, record: &Value) {
        if let Value::Object(record) = record {
            self.records
                .entry((owner.clone(), kind.segment))
                .or_default()
                .push(record.clone());
        }
    }

    /// The record named `key` with the fields in `params` changed.
    pub fn record_update(
        &mut self,
        owner: &Owner,
        kind: &Kind,
        key: &str,
        params: &Map<String, Value>,
    ) -> Result<Value, ApiError> {
        let record = self.record_mut(owner, kind, key)?;
        let mut changed = record.clone();
        set(kind, &mut changed, params)?;
        (kind.check)(&mut changed)?;
        *record = changed;
        if record.contains_key("updated_at") {
            record.insert("updated_at".into(), json!(now()));
        }
        Ok(shown(kind, record))
    }

    /// The record named `key`, to change in place.
    pub fn record_mut(
        &mut self,
        owner: &Owner,
        kind: &Kind,
        key: &str,
    ) -> Result<&mut Map<String, Value>, ApiError> {
        self.records
            .get_mut(&(owner.clone(), kind.segment))
            .and_then(|records| records.iter_mut().find(|record| names(kind, record, key)))
            .ok_or_else(|| ApiError::not_found(kind.noun))
    }

    /// Removes the record named `key`.
    pub fn record_delete(&mut self, owner: &Owner, kind: &Kind, key: &str) -> Result<(), ApiError> {
        let records = self
            .records
            .entry((owner.clone(), kind.segment))
            .or_default();
        let before = records.len();
        records.retain(|record| !names(kind, record, key));
        if records.len() == before {
            return Err(ApiError::not_found(kind.noun));
        }
        Ok(())
    }

    /// An issue's or a merge request's votes: its `thumbsup` and `thumbsdown` reactions,
    /// as GitLab counts `upvotes` and `downvotes`.
    pub fn votes(&self, owner: &Owner) -> (usize, usize) {
        let reactions = self.records(owner, &super::record_kinds::AWARD_EMOJI);
        let count = |name: &str| reactions.iter().filter(|r| r["name"] == name).count();
        (count("thumbsup"), count("thumbsdown"))
    }

    /// The current user, as a record's `owner` or `user` shows them.
    pub fn me(&self) -> Value {
        self.user_json(CURRENT_USER)
    }
}

/// A record of `kind` from `params`, its fields checked (required, types, the kind's own
/// rules), not stored yet.
fn built(kind: &Kind, params: &Map<String, Value>) -> Result<Map<String, Value>, ApiError> {
    let missing: Vec<&str> = kind
        .required
        .iter()
        .copied()
        .filter(|name| params.get(*name).is_none_or(blank))
        .collect();
    if !missing.is_empty() {
        return Err(ApiError::missing(&missing));
    }
    let mut record = Map::new();
    for field in kind.fields {
        record.insert(field.name().to_owned(), field.default());
    }
    set(kind, &mut record, params)?;
    (kind.check)(&mut record)?;
    Ok(record)
}

/// Whether `params` would make a record of `kind` (what [`Store::record_create`] checks
/// before the key): for a route that acts before it stores.
pub(crate) fn record_check(kind: &Kind, params: &Map<String, Value>) -> Result<(), ApiError> {
    built(kind, params).map(drop)
}

/// Whether `record` is the one `key` names.
fn names(kind: &Kind, record: &Map<String, Value>, key: &str) -> bool {
    let is = |field: &str| match &record[field] {
        Value::Number(n) => n.to_string() == key,
        Value::String(s) => s == key,
        _ => false,
    };
    is(kind.key) || kind.alias.is_some_and(is)
}

/// Each field of `kind` in `params`, coerced; other parameters are the route's.
fn set(
    kind: &Kind,
    record: &mut Map<String, Value>,
    params: &Map<String, Value>,
) -> Result<(), ApiError> {
    for (name, value) in params {
        if let Some(field) = kind.field(name) {
            record.insert(name.clone(), field.coerce(value)?);
        }
    }
    Ok(())
}

fn blank(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::String(s) => s.trim().is_empty(),
        _ => false,
    }
}

/// `record` as answered: without its secret fields.
fn shown(kind: &Kind, record: &Map<String, Value>) -> Value {
    let mut shown = record.clone();
    for secret in kind.secret {
        shown.remove(*secret);
    }
    Value::Object(shown)
}
