//! Records GitLab keeps under a project or a group that hold settings and little more: CI/CD
//! variables, webhooks, pipeline schedules and trigger tokens, environments and
//! deployments, deploy keys, badges. Each kind is declared once, as data — where it lives,
//! the field that names one, its fields with their defaults, which are required and which
//! are secret — and one set of routes serves them all (`routes::records`). What a kind does
//! beyond storing its fields (a schedule played, an environment stopped) is a route of its
//! own beside them.

use axum::http::StatusCode;
use serde_json::{Map, Value, json};

use super::{CURRENT_USER, Ids, Store, now, parse_time};
use crate::param_rules::{self, Rule};
use crate::params::invalid;
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
    /// A comment on a project's issue: project, issue iid, note id.
    IssueNote(u64, u64, u64),
    /// A comment on a project's merge request: project, merge request iid, note id.
    MergeRequestNote(u64, u64, u64),
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
    /// A comment on an issue: `…/issues/:issue_iid/notes/:note_id`.
    IssueNote,
    /// A comment on a merge request: `…/merge_requests/:merge_request_iid/notes/:note_id`.
    MergeRequestNote,
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
    /// A hash (a draft's `position`), `null` until given.
    Object(&'static str),
    /// A list of whole numbers (an approval rule's `user_ids`), empty until given; Grape
    /// also takes them comma-separated (`CommaSeparatedToIntegerArray`).
    Integers(&'static str),
}

impl Field {
    fn name(self) -> &'static str {
        match self {
            Field::Text(name, _) | Field::Optional(name) | Field::Bool(name, _) => name,
            Field::Integer(name, _) | Field::Object(name) | Field::Integers(name) => name,
        }
    }

    /// The default a new record starts with.
    fn default(self) -> Value {
        match self {
            Field::Text(_, default) => json!(default),
            Field::Optional(_) | Field::Object(_) => Value::Null,
            Field::Bool(_, value) => json!(value),
            Field::Integer(_, value) => json!(value),
            Field::Integers(_) => json!([]),
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
            (Field::Object(_), Value::Object(_)) => value.clone(),
            (Field::Integers(_), Value::Array(items)) => {
                let numbers: Option<Vec<u64>> = items
                    .iter()
                    .map(|item| match item {
                        Value::Number(n) => n.as_u64(),
                        Value::String(s) => s.trim().parse().ok(),
                        _ => None,
                    })
                    .collect();
                json!(numbers.ok_or_else(invalid)?)
            }
            (Field::Integers(_), Value::String(s)) => {
                let numbers: Result<Vec<u64>, _> = s
                    .split(',')
                    .filter(|part| !part.trim().is_empty())
                    .map(|part| part.trim().parse::<u64>())
                    .collect();
                json!(numbers.map_err(|_| invalid())?)
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
    /// The time in the field is at or after the time `param` gives.
    After(&'static str, &'static str),
    /// The time in the field is at or before the time `param` gives.
    Before(&'static str, &'static str),
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
    /// Whether GitLab's route changes one with `PATCH` rather than `PUT`.
    pub patched: bool,
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
    /// The field that tells apart records sharing a key (a variable's
    /// `environment_scope`): a path's key naming several needs `filter[<field>]`.
    pub scope: Option<&'static str>,
    /// Fields set when made and never changed by an update (GitLab's update route does
    /// not declare them, so Grape drops them).
    pub fixed: &'static [&'static str],
    /// What the model keeps unique within the owner.
    pub unique: &'static [Unique],
    /// How the routes answer the model's errors.
    pub errors: Errors,
    /// Grape's checks of a list's, a creation's and an update's parameters.
    pub list_rules: &'static [Rule],
    pub create_rules: &'static [Rule],
    pub update_rules: &'static [Rule],
    /// The finder's own refusals of a list's parameters, after Grape's.
    pub list_check: fn(&Map<String, Value>) -> Result<(), ApiError>,
    /// Fields an update writes whether it sends them or not: one left out becomes null (a
    /// draft note's `position`, which GitLab's update sets to what it is given).
    pub replaced: &'static [&'static str],
    /// GitLab's checks of a change beyond Grape's and the model's, which may need the rest
    /// of the store (a deployment's commit, a draft's place on the diff, an environment
    /// deleted only once stopped); given the request's parameters.
    pub judge: Judge,
    /// GitLab's `404` for a record the path names that is not there: `404 Not found` where
    /// its route looks the record up by id and lets the lookup fail, `404 <noun> Not Found`
    /// where it says what was not found.
    pub missing: &'static str,
    /// What GitLab works out each time it answers (a badge's rendered URLs).
    pub view: fn(&Store, &Owner, &mut Map<String, Value>),
}

/// A kind's own judgement of a change (see [`Kind::judge`]).
pub(crate) type Judge = fn(&Store, &Owner, &Map<String, Value>, Change<'_>) -> Result<(), ApiError>;

/// What a request does to a record, for [`Kind::judge`]: the record as kept before.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Change<'a> {
    Create,
    Update,
    Delete(&'a Map<String, Value>),
}

/// Fields whose values together may appear once per owner, and the model's words when they
/// already do (`{value}`: the first field's value).
#[derive(Debug)]
pub(crate) struct Unique {
    pub fields: &'static [&'static str],
    pub message: &'static str,
}

/// How a route renders its model's errors.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Errors {
    /// `400 {"message": {"field": ["problem"]}}` (`render_validation_error!`).
    ByField,
    /// `{"message": ["Field problem"]}` with this status (the full messages).
    Sentences(StatusCode),
    /// `404 {"message": "404 <noun> <Field problem> Not Found"}` (emoji reactions, whose
    /// route answers every refusal of its service as not found).
    NotFound,
    /// `{"message": {"error": "Field problem and Field problem"}}` with this status: a
    /// service's message passed on (`render_api_error!({ error: … })`).
    Service(StatusCode),
}

impl Kind {
    /// What most kinds have: no scope, nothing fixed or unique, model errors by field, no
    /// rules beyond the required fields, nothing judged or worked out.
    pub const PLAIN: Kind = Kind {
        segment: "",
        noun: "",
        parents: &[],
        updatable: false,
        patched: false,
        key: "id",
        alias: None,
        fields: &[],
        required: &[],
        filters: &[],
        secret: &[],
        check: unchecked,
        made: plain,
        scope: None,
        fixed: &[],
        unique: &[],
        errors: Errors::ByField,
        list_rules: &[],
        create_rules: &[],
        update_rules: &[],
        replaced: &[],
        list_check: any_list,
        judge: fair,
        view: as_kept,
        missing: "404 Not found",
    };

    /// This kind's `404`.
    pub fn not_found(&self) -> ApiError {
        ApiError::message(StatusCode::NOT_FOUND, self.missing)
    }

    /// The model's errors, `(field, problem)`, as this kind's route answers them.
    pub fn invalid(&self, problems: &[(&str, &str)]) -> ApiError {
        let sentences = || -> Vec<String> {
            problems
                .iter()
                .map(|(field, problem)| format!("{} {problem}", humanized(field)))
                .collect()
        };
        match self.errors {
            Errors::ByField => ApiError::fields(problems),
            Errors::Sentences(status) => ApiError::messages(status, &sentences()),
            Errors::NotFound => {
                ApiError::not_found(&format!("{} {}", self.noun, sentences().join(" and ")))
            }
            Errors::Service(status) => ApiError::service(status, &sentences().join(" and ")),
        }
    }

    fn field(&self, name: &str) -> Option<Field> {
        self.fields.iter().copied().find(|f| f.name() == name)
    }

    /// Whether `name` is one of this kind's fields (or its key).
    pub fn takes(&self, name: &str) -> bool {
        name == self.key || self.field(name).is_some()
    }

    /// The names of its hash fields, which a form sends as `name[field]=…`.
    pub fn hashes(&self) -> impl Iterator<Item = &'static str> {
        self.fields.iter().filter_map(|field| match field {
            Field::Object(name) => Some(*name),
            _ => None,
        })
    }
}

/// Nothing more set when made.
pub(crate) fn plain(_: &mut Store, _: &Owner, _: &mut Map<String, Value>) {}

/// No check beyond the required fields.
pub(crate) fn unchecked(_: &mut Map<String, Value>) -> Result<(), ApiError> {
    Ok(())
}

/// Nothing to judge beyond Grape and the model.
pub(crate) fn fair(
    _: &Store,
    _: &Owner,
    _: &Map<String, Value>,
    _: Change<'_>,
) -> Result<(), ApiError> {
    Ok(())
}

/// A list the finder takes as asked.
pub(crate) fn any_list(_: &Map<String, Value>) -> Result<(), ApiError> {
    Ok(())
}

/// Answered as kept.
pub(crate) fn as_kept(_: &Store, _: &Owner, _: &mut Map<String, Value>) {}

/// A field as Rails names it in a full message: `link_url` → `Link url`.
fn humanized(field: &str) -> String {
    let text = field.replace('_', " ");
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// Which record a path names: by its key and, for a kind with a scope, the scope.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Named<'a> {
    pub key: &'a str,
    pub scope: Option<&'a str>,
}

impl<'a> From<&'a str> for Named<'a> {
    fn from(key: &'a str) -> Named<'a> {
        Named { key, scope: None }
    }
}

impl<'a> From<&'a String> for Named<'a> {
    fn from(key: &'a String) -> Named<'a> {
        Named::from(key.as_str())
    }
}

impl Store {
    fn records(&self, owner: &Owner, kind: &Kind) -> &[Map<String, Value>] {
        self.records
            .get(&(owner.clone(), kind.segment))
            .map_or(&[], Vec::as_slice)
    }

    /// `record` as answered: without its secret fields, with what is worked out on the way.
    fn answer(&self, owner: &Owner, kind: &Kind, record: &Map<String, Value>) -> Value {
        let mut shown = record.clone();
        for secret in kind.secret {
            shown.remove(*secret);
        }
        (kind.view)(self, owner, &mut shown);
        Value::Object(shown)
    }

    /// Every record of `kind` `owner` has, oldest first, as answered.
    pub fn record_list(&self, owner: &Owner, kind: &Kind) -> Vec<Value> {
        self.records(owner, kind)
            .iter()
            .map(|record| self.answer(owner, kind, record))
            .collect()
    }

    /// The records `params` ask for, by the kind's filters, once Grape's rules for the list
    /// hold; an unknown filter value is GitLab's `… does not have a valid value`.
    pub fn record_search(
        &self,
        owner: &Owner,
        kind: &Kind,
        params: &Map<String, Value>,
    ) -> Result<Vec<Value>, ApiError> {
        param_rules::check(kind.list_rules, params)?;
        (kind.list_check)(params)?;
        let mut found = self.record_list(owner, kind);
        for filter in kind.filters {
            let (Filter::Equals(param, _)
            | Filter::Contains(param, _)
            | Filter::Flag(param, ..)
            | Filter::After(param, _)
            | Filter::Before(param, _)) = *filter;
            let Some(wanted) = params.get(param).and_then(Value::as_str) else {
                continue;
            };
            let time = |text: &str| parse_time(text).ok_or_else(|| invalid(param));
            let bound = match filter {
                Filter::After(..) | Filter::Before(..) => Some(time(wanted)?),
                _ => None,
            };
            let kept_at = |record: &Value, field: &str| record[field].as_str().and_then(parse_time);
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
                Filter::After(_, field) => kept_at(record, field) >= bound,
                Filter::Before(_, field) => {
                    kept_at(record, field).is_some_and(|at| Some(at) <= bound)
                }
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

    /// The scope that, with `key`, names one record of a kind with a scope: the one
    /// `filter[<scope>]` asks for, else the only one the key has. GitLab refuses to guess
    /// when the key has several: `409` (`None` for a kind without scope).
    pub fn record_scope(
        &self,
        owner: &Owner,
        kind: &Kind,
        key: &str,
        params: &Map<String, Value>,
    ) -> Result<Option<String>, ApiError> {
        let Some(field) = kind.scope else {
            return Ok(None);
        };
        if let Some(wanted) = filter(params, field) {
            return Ok(Some(wanted));
        }
        let mut scopes: Vec<String> = self
            .records(owner, kind)
            .iter()
            .filter(|record| names(kind, record, Named::from(key)))
            .map(|record| record[field].as_str().unwrap_or_default().to_owned())
            .collect();
        if scopes.len() > 1 {
            return Err(ApiError::message(StatusCode::CONFLICT, SEVERAL_SCOPES));
        }
        Ok(scopes.pop())
    }

    /// The record `named`, as answered, or `404 {noun} Not Found`.
    pub fn record<'a>(
        &self,
        owner: &Owner,
        kind: &Kind,
        named: impl Into<Named<'a>>,
    ) -> Result<Value, ApiError> {
        let named = named.into();
        self.records(owner, kind)
            .iter()
            .find(|record| names(kind, record, named))
            .map(|record| self.answer(owner, kind, record))
            .ok_or_else(|| kind.not_found())
    }

    /// A new record from `params`: Grape's rules, the required fields, the model's checks
    /// and what it keeps unique.
    pub fn record_create(
        &mut self,
        owner: &Owner,
        kind: &Kind,
        params: &Map<String, Value>,
    ) -> Result<Value, ApiError> {
        let mut record = built(kind, params)?;
        (kind.judge)(self, owner, params, Change::Create)?;
        self.check_unique(owner, kind, &record, None)?;
        if kind.key == "id" {
            record.insert("id".into(), json!(Ids::next(&mut self.ids.record)));
        }
        (kind.made)(self, owner, &mut record);
        let answer = self.answer(owner, kind, &record);
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

    /// The record `named` with the fields in `params` changed (never its fixed ones).
    pub fn record_update<'a>(
        &mut self,
        owner: &Owner,
        kind: &Kind,
        named: impl Into<Named<'a>>,
        params: &Map<String, Value>,
    ) -> Result<Value, ApiError> {
        let named = named.into();
        param_rules::check(kind.update_rules, params)?;
        let index = self
            .records(owner, kind)
            .iter()
            .position(|record| names(kind, record, named))
            .ok_or_else(|| kind.not_found())?;
        let mut changed = self.records(owner, kind)[index].clone();
        (kind.judge)(self, owner, params, Change::Update)?;
        let changeable: Map<String, Value> = params
            .iter()
            .filter(|(name, _)| !kind.fixed.contains(&name.as_str()))
            .map(|(name, value)| (name.clone(), value.clone()))
            .collect();
        set(kind, &mut changed, &changeable)?;
        for field in kind
            .replaced
            .iter()
            .filter(|field| !params.contains_key(**field))
        {
            changed.insert((*field).to_owned(), Value::Null);
        }
        (kind.check)(&mut changed)?;
        self.check_unique(owner, kind, &changed, Some(index))?;
        if changed.contains_key("updated_at") {
            changed.insert("updated_at".into(), json!(now()));
        }
        let answer = self.answer(owner, kind, &changed);
        self.records
            .get_mut(&(owner.clone(), kind.segment))
            .expect("found above")[index] = changed;
        Ok(answer)
    }

    /// The model's uniqueness: `record` may not repeat what another record (not the one at
    /// `except`, which it replaces) holds.
    fn check_unique(
        &self,
        owner: &Owner,
        kind: &Kind,
        record: &Map<String, Value>,
        except: Option<usize>,
    ) -> Result<(), ApiError> {
        let others = self.records(owner, kind);
        let problems: Vec<(&str, String)> = kind
            .unique
            .iter()
            .filter(|unique| {
                others.iter().enumerate().any(|(index, other)| {
                    Some(index) != except
                        && unique
                            .fields
                            .iter()
                            .all(|field| other[*field] == record[*field])
                })
            })
            .map(|unique| {
                let first = unique.fields[0];
                let value = match &record[first] {
                    Value::String(text) => text.clone(),
                    other => other.to_string(),
                };
                (first, unique.message.replace("{value}", &value))
            })
            .collect();
        if problems.is_empty() {
            return Ok(());
        }
        let problems: Vec<(&str, &str)> = problems
            .iter()
            .map(|(field, message)| (*field, message.as_str()))
            .collect();
        Err(kind.invalid(&problems))
    }

    /// The record `named`, to change in place.
    pub fn record_mut<'a>(
        &mut self,
        owner: &Owner,
        kind: &Kind,
        named: impl Into<Named<'a>>,
    ) -> Result<&mut Map<String, Value>, ApiError> {
        let named = named.into();
        self.records
            .get_mut(&(owner.clone(), kind.segment))
            .and_then(|records| records.iter_mut().find(|record| names(kind, record, named)))
            .ok_or_else(|| kind.not_found())
    }

    /// Removes the record `named`.
    pub fn record_delete<'a>(
        &mut self,
        owner: &Owner,
        kind: &Kind,
        named: impl Into<Named<'a>>,
    ) -> Result<(), ApiError> {
        let named = named.into();
        let index = self
            .records(owner, kind)
            .iter()
            .position(|record| names(kind, record, named))
            .ok_or_else(|| kind.not_found())?;
        let record = &self.records(owner, kind)[index];
        (kind.judge)(self, owner, &Map::new(), Change::Delete(record))?;
        let records = self.records.get_mut(&(owner.clone(), kind.segment));
        records.expect("found above").remove(index);
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

/// GitLab's answer when a key names records in several scopes and no filter chooses.
const SEVERAL_SCOPES: &str =
    "There are multiple variables with provided parameters. Please use 'filter[environment_scope]'";

/// `filter[<field>]`, as a query or form field, or nested in a JSON body.
fn filter(params: &Map<String, Value>, field: &str) -> Option<String> {
    let value = params
        .get(&format!("filter[{field}]"))
        .or_else(|| params.get("filter").and_then(|filter| filter.get(field)))?;
    value.as_str().map(str::to_owned)
}

/// A record of `kind` from `params`, its fields checked (required, Grape's rules, types,
/// the kind's own checks), not stored yet.
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
    param_rules::check(kind.create_rules, params)?;
    let mut record = Map::new();
    for field in kind.fields {
        record.insert(field.name().to_owned(), field.default());
    }
    set(kind, &mut record, params)?;
    (kind.check)(&mut record)?;
    Ok(record)
}

/// Whether `params` would make a record of `kind` (what [`Store::record_create`] checks
/// before the store): for a route that acts before it stores.
pub(crate) fn record_check(kind: &Kind, params: &Map<String, Value>) -> Result<(), ApiError> {
    built(kind, params).map(drop)
}

/// Whether `record` is the one `named` names.
fn names(kind: &Kind, record: &Map<String, Value>, named: Named<'_>) -> bool {
    let is = |field: &str, wanted: &str| match &record[field] {
        Value::Number(n) => n.to_string() == wanted,
        Value::String(s) => s == wanted,
        _ => false,
    };
    let scoped = match (kind.scope, named.scope) {
        (Some(field), Some(scope)) => is(field, scope),
        _ => true,
    };
    scoped && (is(kind.key, named.key) || kind.alias.is_some_and(|alias| is(alias, named.key)))
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
