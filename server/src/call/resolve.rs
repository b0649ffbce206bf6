//! Step 2 of a call: every parameter that names its object loosely is resolved to the
//! object it means, before anything is built. Which parameters may do so is the catalog's
//! (their types, `crate::catalog::params::references`); the rule is here:
//!
//! - a value that names its object exactly (an iid, an id, a full path) is taken as written;
//! - otherwise GitLab is searched — a read, built and checked like any call's, so the allow
//!   list applies to it, and a project the list does not admit is never a candidate — and
//!   an object named exactly as written (a branch's whole name, a username) is meant;
//! - else one match is used, and the answer says which;
//! - several are asked about: the user picks one from titled options, on either wire path,
//!   as a question of this call (so only that question's answer counts, and it is kept
//!   through the rounds); a decline or a cancel sends nothing. A client that cannot be
//!   asked, and a read that has nobody to ask (a resource, a prompt, a wizard's arguments),
//!   get the candidates in the refusal with how to name one exactly;
//! - none is refused, saying what was searched and how to list the candidates.
//!
//! The project is resolved first: the other references are looked up in it.

use std::future::Future;

use rmcp::model::CallToolResponse;
use serde::Deserialize;
use serde_json::{Map, Value};
use wizard::form::Prompt;
use wizard::live::Offer;
use wizard::prompt::{PromptError, Prompter};
use wizard::summary::escape_value;

use super::admit::invalid;
use super::check::{Call, check};
use super::refusal::Refusal;
use crate::access::Access;
use crate::catalog::output::error_result;
use crate::catalog::params::references::{Candidate, Search};
use crate::catalog::params::{Reference, Refers};
use crate::catalog::{Action, PROJECT_ID};
use crate::gitlab::{GitLab, ProjectId};

/// The call's parameters with every reference resolved, and what was looked up.
#[derive(Debug, Clone, PartialEq)]
pub struct Resolved {
    pub params: Map<String, Value>,
    /// The references that were named loosely, in the order resolved.
    pub used: Vec<Resolution>,
}

/// A reference named loosely, and the object it was taken to mean.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resolution {
    /// `merge_request_iid`, or an item of a list: `assignee_ids[1]`.
    pub field: String,
    /// As the call gave it: `login`.
    pub given: String,
    /// The object: `!12 Fix login (feature/login)`.
    pub title: String,
    pub noun: &'static str,
    pub how: How,
}

/// How a loose reference was settled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum How {
    /// Its object is named exactly so, in another form (a username for an id).
    Exactly,
    /// It was the only match.
    Only,
    /// The user chose it among this many.
    Chosen(usize),
}

impl Resolution {
    /// What the answer says about it: `` `merge_request_iid`: `login` is `!12 Fix login
    /// (feature/login)`, the only merge request matching it. ``
    pub fn note(&self) -> String {
        let (field, given, title) = (&self.field, escape_value(&self.given), self.shown());
        let noun = self.noun;
        match self.how {
            How::Exactly => format!("`{field}`: {given} is {title}."),
            How::Only => format!("`{field}`: {given} is {title}, the only {noun} matching it."),
            How::Chosen(among) => format!(
                "`{field}`: {given} is {title}, which the user chose among {among} {} matching it.",
                plural(noun)
            ),
        }
    }

    /// The object's title as the server's words show GitLab's text: escaped.
    pub fn shown(&self) -> String {
        escape_value(&self.title)
    }
}

/// Who picks one of several candidates.
pub trait Choose: Send {
    /// What ends the call instead of a pick.
    type Stop: From<Refusal> + Send;

    /// The index of the candidate `question` settles on.
    fn choose(
        &mut self,
        question: &Question<'_>,
    ) -> impl Future<Output = Result<usize, Self::Stop>> + Send;
}

/// Several candidates for one loose reference.
pub struct Question<'a> {
    /// The action, for messages: `merge_request.get`.
    pub id: &'a str,
    /// `merge_request_iid`, `assignee_ids[1]`.
    pub field: &'a str,
    pub refers: Refers,
    pub given: &'a str,
    pub candidates: &'a [Candidate],
    pub project: Option<&'a ProjectId>,
}

/// Nobody can be asked (a resource, a prompt, a completion, a wizard's arguments, `try`):
/// several candidates are a refusal naming them.
pub struct Nobody;

impl Choose for Nobody {
    type Stop = Refusal;

    async fn choose(&mut self, question: &Question<'_>) -> Result<usize, Refusal> {
        Err(several(question, ""))
    }
}

/// The user is asked, through the call's prompter: the guard asks through the same one, so
/// that on the 2026-07-28 path both questions ride in the one state of the call.
pub struct Asking<'a> {
    pub prompter: &'a mut Prompter,
}

/// Why a tool call ends before its request is built.
pub enum Stopped {
    Refused(Refusal),
    /// The response to return: the round asking (2026-07-28), a cancellation, a failure.
    Answered(CallToolResponse),
}

impl From<Refusal> for Stopped {
    fn from(refusal: Refusal) -> Self {
        Stopped::Refused(refusal)
    }
}

/// How many options one question offers: more do not read well in a form, and the message
/// says how many more matched, so that the user can decline and narrow the text.
const MOST_OFFERED: usize = 10;

/// How many candidates a refusal lists.
const MOST_LISTED: usize = 10;

impl Choose for Asking<'_> {
    type Stop = Stopped;

    async fn choose(&mut self, question: &Question<'_>) -> Result<usize, Stopped> {
        if !self.prompter.can_ask() {
            return Err(several(
                question,
                ", and this client cannot be asked which (it declared no form elicitation)",
            )
            .into());
        }
        let candidates = &question.candidates[..question.candidates.len().min(MOST_OFFERED)];
        let offers: Vec<Offer> = candidates
            .iter()
            .map(|candidate| Offer::labelled(candidate.option(), candidate.title.clone()))
            .collect();
        let noun = question.refers.noun();
        let more = match question.candidates.len() - candidates.len() {
            0 => String::new(),
            more => format!(
                " The first {} are offered and {more} more matched: if yours is not among them, decline and name it more closely.",
                candidates.len()
            ),
        };
        let message = format!(
            "{} (`{}`) matches {} {}{}. Which one did you mean?{more}",
            escape_value(question.given),
            question.field,
            question.candidates.len(),
            plural(noun),
            of_project(question.project),
        );
        let title = capitalised(noun);
        let prompt = Prompt::choice(question.field, &message, &offers[..]).titled(&title);
        let ended = |text: String| Stopped::Answered(error_result(text).into());
        match self.prompter.ask(question.field, &prompt).await {
            Ok(Value::String(picked)) => candidates
                .iter()
                .position(|candidate| candidate.option() == picked)
                .ok_or_else(|| ended(format!("`{picked}` was not one of the options."))),
            Ok(other) => Err(ended(format!(
                "the answer {other} was not one of the options; nothing was sent to GitLab."
            ))),
            Err(PromptError::Pending) => match self.prompter.input_required() {
                Some(round) => Err(Stopped::Answered(CallToolResponse::InputRequired(round))),
                None => Err(ended(format!(
                    "the question which {noun} `{}` means could not be asked; nothing was sent to GitLab.",
                    question.field
                ))),
            },
            Err(PromptError::Declined | PromptError::Cancelled) => Err(ended(format!(
                "No {noun} was chosen for `{}` ({}), so nothing was sent to GitLab.",
                question.field,
                escape_value(question.given)
            ))),
            Err(error) => Err(ended(format!(
                "`{}`: asking which {noun} {} means failed ({error}), so nothing was sent to GitLab; give it exactly instead.",
                question.field,
                escape_value(question.given)
            ))),
        }
    }
}

/// Resolves every reference of `action` in `params`, through `gitlab` under `access`;
/// `chooser` picks where several match.
pub async fn resolve<C: Choose>(
    access: &Access,
    gitlab: &GitLab,
    action: &Action,
    params: &Map<String, Value>,
    chooser: &mut C,
) -> Result<Resolved, C::Stop> {
    let mut resolved = Resolved {
        params: params.clone(),
        used: Vec::new(),
    };
    let mut references: Vec<&Reference> = action.references().iter().collect();
    references.sort_by_key(|reference| reference.field != PROJECT_ID);
    for reference in references {
        let Some(value) = resolved.params.get(&reference.field).cloned() else {
            continue;
        };
        let project = resolved
            .params
            .get(PROJECT_ID)
            .filter(|_| reference.field != PROJECT_ID)
            .and_then(|project| ProjectId::deserialize(project).ok());
        let lookup = Lookup {
            access,
            gitlab,
            id: action.id,
            refers: reference.refers,
            project: project.as_ref(),
        };
        let value = match (reference.list, value) {
            (true, Value::Array(items)) => {
                let mut resolved_items = Vec::with_capacity(items.len());
                for (index, item) in items.into_iter().enumerate() {
                    let field = format!("{}[{index}]", reference.field);
                    resolved_items.push(
                        lookup
                            .one(&field, item, chooser, &mut resolved.used)
                            .await?,
                    );
                }
                Value::Array(resolved_items)
            }
            (_, value) => {
                lookup
                    .one(&reference.field, value, chooser, &mut resolved.used)
                    .await?
            }
        };
        resolved.params.insert(reference.field.clone(), value);
    }
    Ok(resolved)
}

/// What looking up one reference needs.
struct Lookup<'a> {
    access: &'a Access,
    gitlab: &'a GitLab,
    id: &'a str,
    refers: Refers,
    /// The call's project, resolved.
    project: Option<&'a ProjectId>,
}

impl Lookup<'_> {
    /// `value` of `field`, resolved; a loose one is recorded in `used`.
    async fn one<C: Choose>(
        &self,
        field: &str,
        value: Value,
        chooser: &mut C,
        used: &mut Vec<Resolution>,
    ) -> Result<Value, C::Stop> {
        // A text holding a control character is never searched for: taken as written, the
        // build refuses it, saying why (a URL parser would remove the character).
        let loose = self.refers.loose(&value);
        let Some(given) = loose
            .filter(|text| !text.chars().any(char::is_control))
            .map(str::to_owned)
        else {
            return Ok(value);
        };
        let (mut candidates, hidden) = self.candidates(field, &given).await?;
        let exact: Vec<Candidate> = candidates.iter().filter(|c| c.exact).cloned().collect();
        if !exact.is_empty() {
            candidates = exact;
        }
        let how = match candidates.len() {
            0 => return Err(self.none(field, &given, hidden).into()),
            1 if candidates[0].exact => How::Exactly,
            1 => How::Only,
            among => {
                let question = Question {
                    id: self.id,
                    field,
                    refers: self.refers,
                    given: &given,
                    candidates: &candidates,
                    project: self.project,
                };
                let picked = chooser.choose(&question).await?;
                candidates.swap(0, picked);
                How::Chosen(among)
            }
        };
        let meant = candidates.swap_remove(0);
        if meant.option() != given {
            used.push(Resolution {
                field: field.to_owned(),
                given,
                title: meant.title,
                noun: self.refers.noun(),
                how,
            });
        }
        Ok(meant.value)
    }

    /// The candidates for `given`, from the first search that finds any, and whether the
    /// allow list kept some out.
    async fn candidates(
        &self,
        field: &str,
        given: &str,
    ) -> Result<(Vec<Candidate>, bool), Refusal> {
        let mut hidden = false;
        for search in self.refers.searches(given, self.project) {
            let found = self.search(field, given, &search).await?;
            let mut candidates = Vec::new();
            for object in found.as_array().into_iter().flatten() {
                let Some(candidate) = self.refers.candidate(given, object) else {
                    continue;
                };
                let admitted = match (&self.access.projects, &candidate.project) {
                    (Some(allowed), Some((id, path))) => allowed.admits(*id, path),
                    _ => true,
                };
                hidden |= !admitted;
                if admitted
                    && !candidates
                        .iter()
                        .any(|c: &Candidate| c.value == candidate.value)
                {
                    candidates.push(candidate);
                }
            }
            if !candidates.is_empty() {
                return Ok((candidates, hidden));
            }
        }
        Ok((Vec::new(), hidden))
    }

    /// GitLab's answer to `search`, which is built and checked as any call's request.
    async fn search(&self, field: &str, given: &str, search: &Search) -> Result<Value, Refusal> {
        let request = search.endpoint.fill(search.fields.clone()).map_err(|why| {
            Refusal::Invalid(format!(
                "invalid parameters for `{}`: `{field}`: {why}",
                self.id
            ))
        })?;
        let built = self
            .gitlab
            .build(request)
            .map_err(|error| invalid(self.id, error))?;
        let call = Call {
            id: self.id,
            endpoint: Some(&search.endpoint),
        };
        let checked = check(self.access, self.gitlab, call, built).await?;
        match self.gitlab.send_built(checked.request).await {
            Ok(response) => Ok(response.body),
            Err(error) => Err(Refusal::Unresolved(format!(
                "`{}`: `{field}` {} could not be looked up: {error}. Give it exactly instead: {}. Nothing else was sent to GitLab.",
                self.id,
                escape_value(given),
                self.refers.instead()
            ))),
        }
    }

    /// The refusal when nothing matches `given`.
    fn none(&self, field: &str, given: &str, hidden: bool) -> Refusal {
        let searched = self.refers.searched(&escape_value(given), self.project);
        let allowed = match (&self.access.projects, hidden) {
            (Some(allowed), true) => format!(
                " among the projects this server may work on (GITLAB_MCP_ALLOWED_PROJECTS={})",
                allowed.listed()
            ),
            _ => String::new(),
        };
        Refusal::Unresolved(format!(
            "`{}`: `{field}` {} names no {}: {searched}{allowed}. To name one, {}. Only that search was sent to GitLab.",
            self.id,
            escape_value(given),
            self.refers.noun(),
            self.refers.instead()
        ))
    }
}

/// The refusal listing the candidates of `question`; `why` says why nobody chose.
fn several(question: &Question<'_>, why: &str) -> Refusal {
    let (field, candidates) = (question.field, question.candidates);
    let noun = question.refers.noun();
    let mut lines: Vec<String> = candidates
        .iter()
        .take(MOST_LISTED)
        .map(|candidate| {
            let option = escape_value(&candidate.option());
            match candidate.option() == candidate.title {
                true => format!("- {option}"),
                false => format!("- {option}: {}", escape_value(&candidate.title)),
            }
        })
        .collect();
    if candidates.len() > MOST_LISTED {
        lines.push(format!(
            "- and {} more: narrow {}, or {}",
            candidates.len() - MOST_LISTED,
            escape_value(question.given),
            question.refers.instead()
        ));
    }
    Refusal::Unresolved(format!(
        "`{}`: `{field}` {} matches {} {}{}{why}. Give `{field}` one of these exactly:\n{}\nOnly the search was sent to GitLab.",
        question.id,
        escape_value(question.given),
        candidates.len(),
        plural(noun),
        of_project(question.project),
        lines.join("\n")
    ))
}

/// ` of project `demo/sandbox``, or nothing.
fn of_project(project: Option<&ProjectId>) -> String {
    project.map_or_else(String::new, |project| format!(" of project `{project}`"))
}

/// `merge request` → `Merge request`.
fn capitalised(noun: &str) -> String {
    let mut chars = noun.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// `branch` → `branches`, `user` → `users`: the nouns of the kinds of object.
fn plural(noun: &str) -> String {
    match noun.ends_with("ch") || noun.ends_with('s') {
        true => format!("{noun}es"),
        false => format!("{noun}s"),
    }
}
