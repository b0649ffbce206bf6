//! The filters GitLab's issue and merge request lists share, at a project and across
//! projects: state, labels (carried and left out, `not[labels]`), text, iids, who wrote,
//! is assigned or reviews (by id, username, `None` or `Any`), the milestone (by title,
//! `None` or `Any`), whose work (`scope`), dates, drafts; and the orders they take.

use crate::param_rules::{self, Rule};
use std::cmp::Ordering;
use std::time::SystemTime;

use crate::params::Params;
use crate::reply::ApiError;
use crate::store::{CURRENT_USER, Project, Store, parse_time};

/// One issue or merge request as the filters read it.
pub(super) struct Issuable<'a> {
    pub iid: u64,
    pub state: &'a str,
    pub title: &'a str,
    pub description: Option<&'a str>,
    pub author_id: u64,
    pub assignee_ids: &'a [u64],
    /// Merge requests only.
    pub reviewer_ids: Option<&'a [u64]>,
    pub labels: &'a [String],
    pub milestone_id: Option<u64>,
    pub created_at: &'a str,
    pub updated_at: &'a str,
    /// Merge requests only.
    pub draft: Option<bool>,
}

/// A person filter: `None` (nobody), `Any` (somebody), or these users.
enum People {
    Nobody,
    Anybody,
    Users(Vec<u64>),
}

impl People {
    fn admits(&self, ids: &[u64]) -> bool {
        match self {
            People::Nobody => ids.is_empty(),
            People::Anybody => !ids.is_empty(),
            People::Users(users) => users.iter().all(|user| ids.contains(user)),
        }
    }
}

enum Milestone {
    Nobody,
    Anybody,
    Titled(String),
}

/// The filters of one list request.
/// Who wrote or is assigned by id or by username, not both; issues take a milestone by id
/// (GitLab's four words) or by title.
const ISSUE_LIST_RULES: &[Rule] = &[
    Rule::Values("milestone_id", &["Any", "None", "Upcoming", "Started"]),
    Rule::Exclusive(&["milestone_id", "milestone"]),
    Rule::Exclusive(&["author_id", "author_username"]),
    Rule::Exclusive(&["assignee_id", "assignee_username"]),
];

/// Who wrote, is assigned, reviews or merged by id or by username, not both.
const MERGE_REQUEST_LIST_RULES: &[Rule] = &[
    Rule::Exclusive(&["author_id", "author_username"]),
    Rule::Exclusive(&["assignee_id", "assignee_username"]),
    Rule::Exclusive(&["reviewer_id", "reviewer_username"]),
    Rule::Exclusive(&["merge_user_id", "merge_user_username"]),
];

/// GitLab's `in`: a comma-separated list of `title` and `description` (both when absent);
/// any other word is a 400, as Grape's `values` check makes it.
fn search_in(params: &Params) -> Result<(bool, bool), ApiError> {
    let Some(words) = params.text("in")? else {
        return Ok((true, true));
    };
    let mut found = (false, false);
    for word in words.split(',').map(str::trim) {
        match word {
            "title" => found.0 = true,
            "description" => found.1 = true,
            _ => return Err(ApiError::error("in does not have a valid value".to_owned())),
        }
    }
    Ok(found)
}

pub(super) struct Filters {
    /// `opened`, `closed`, … or `all` (`None`: all).
    state: Option<String>,
    labels: Vec<String>,
    /// Lowercase, found in the title or the description.
    search: Option<String>,
    /// Where `search` looks, as GitLab's `in` says: `title`, `description`, or both
    /// (`title,description`, the default).
    search_in: (bool, bool),
    iids: Option<Vec<String>>,
    author: Option<People>,
    assignee: Option<People>,
    reviewer: Option<People>,
    milestone: Option<Milestone>,
    not_labels: Vec<String>,
    created_after: Option<SystemTime>,
    created_before: Option<SystemTime>,
    updated_after: Option<SystemTime>,
    updated_before: Option<SystemTime>,
    /// `created_by_me`, `assigned_to_me`, `reviews_for_me` or `all`.
    scope: String,
    /// `yes` or `no`: drafts only, or none (`wip`, or today's `draft` as `true` or
    /// `false`).
    wip: Option<String>,
    /// `None`: the order the items were made in (by id), as GitLab's default
    /// `created_at` gives them.
    order_by: Option<String>,
}

impl Filters {
    /// Reads the filters; `scope` defaults to `default_scope` (`all` in a project,
    /// `created_by_me` across projects, as GitLab does). `merge_requests` allows the
    /// reviewer filters, `reviews_for_me` and `wip`.
    pub fn read(
        params: &Params,
        store: &Store,
        default_scope: &str,
        merge_requests: bool,
    ) -> Result<Filters, ApiError> {
        let rules = if merge_requests {
            MERGE_REQUEST_LIST_RULES
        } else {
            ISSUE_LIST_RULES
        };
        param_rules::check(rules, &params.0)?;
        let person = |id_key: &str, name_key: &str| -> Result<Option<People>, ApiError> {
            if let Some(id) = params.str(id_key)? {
                return Ok(Some(match id.trim() {
                    any if any.eq_ignore_ascii_case("any") => People::Anybody,
                    none if none.eq_ignore_ascii_case("none") => People::Nobody,
                    number => People::Users(vec![
                        number
                            .parse()
                            .map_err(|_| ApiError::error(format!("{id_key} is invalid")))?,
                    ]),
                }));
            }
            let Some(names) = params.labels(name_key)? else {
                return Ok(None);
            };
            // An unknown username matches nobody, as GitLab answers an empty list.
            let ids = names
                .iter()
                .map(|name| store.user_named(name).map_or(0, |user| user.id))
                .collect();
            Ok(Some(People::Users(ids)))
        };
        let mut scopes = vec!["created_by_me", "assigned_to_me", "all"];
        if merge_requests {
            scopes.push("reviews_for_me");
        }
        // GitLab takes more orders; the sandbox serves these three.
        let order_by = ["created_at", "updated_at", "title"];
        let reviewer = if merge_requests {
            person("reviewer_id", "reviewer_username")?
        } else {
            None
        };
        let time = |key: &str| -> Result<Option<SystemTime>, ApiError> {
            params
                .str(key)?
                .map(|text| {
                    parse_time(&text).ok_or_else(|| ApiError::error(format!("{key} is invalid")))
                })
                .transpose()
        };
        let states: &[&str] = if merge_requests {
            &["opened", "closed", "locked", "merged", "all"]
        } else {
            &["opened", "closed", "all"]
        };
        Ok(Filters {
            state: params.choice("state", states)?,
            labels: params.labels("labels")?.unwrap_or_default(),
            search: params.text("search")?.map(|s| s.to_lowercase()),
            search_in: search_in(params)?,
            iids: params.labels("iids")?,
            author: person("author_id", "author_username")?,
            assignee: person("assignee_id", "assignee_username")?,
            reviewer,
            milestone: params.text("milestone")?.map(|title| match title.as_str() {
                "None" => Milestone::Nobody,
                "Any" => Milestone::Anybody,
                _ => Milestone::Titled(title),
            }),
            not_labels: params.labels("not[labels]")?.unwrap_or_default(),
            created_after: time("created_after")?,
            created_before: time("created_before")?,
            updated_after: time("updated_after")?,
            updated_before: time("updated_before")?,
            scope: params
                .choice("scope", &scopes)?
                .unwrap_or_else(|| default_scope.to_owned()),
            wip: if merge_requests {
                drafts(params)?
            } else {
                None
            },
            order_by: params.choice("order_by", &order_by)?,
        })
    }

    /// Whether `item` of `project` passes every filter.
    pub fn admits(&self, item: &Issuable<'_>, project: &Project) -> bool {
        let scoped = match self.scope.as_str() {
            "created_by_me" => item.author_id == CURRENT_USER,
            "assigned_to_me" => item.assignee_ids.contains(&CURRENT_USER),
            "reviews_for_me" => item
                .reviewer_ids
                .is_some_and(|ids| ids.contains(&CURRENT_USER)),
            _ => true,
        };
        let milestone_title = item
            .milestone_id
            .and_then(|id| project.milestones.values().find(|m| m.id == id))
            .map(|m| m.title.as_str());
        let time = |text: &str| parse_time(text);
        let after = |bound: Option<SystemTime>, at: &str| {
            bound.is_none_or(|b| time(at).is_some_and(|t| t >= b))
        };
        let before = |bound: Option<SystemTime>, at: &str| {
            bound.is_none_or(|b| time(at).is_some_and(|t| t <= b))
        };
        let (in_title, in_description) = self.search_in;
        let text = |needle: &str| {
            (in_title && item.title.to_lowercase().contains(needle))
                || (in_description
                    && item
                        .description
                        .is_some_and(|d| d.to_lowercase().contains(needle)))
        };
        scoped
            && self
                .state
                .as_deref()
                .is_none_or(|s| s == "all" || s == item.state)
            && self.labels.iter().all(|l| item.labels.contains(l))
            && self.search.as_deref().is_none_or(text)
            && self
                .iids
                .as_ref()
                .is_none_or(|wanted| wanted.contains(&item.iid.to_string()))
            && self
                .author
                .as_ref()
                .is_none_or(|p| p.admits(&[item.author_id]))
            && self
                .assignee
                .as_ref()
                .is_none_or(|p| p.admits(item.assignee_ids))
            && self
                .reviewer
                .as_ref()
                .is_none_or(|p| p.admits(item.reviewer_ids.unwrap_or_default()))
            && match &self.milestone {
                None => true,
                Some(Milestone::Nobody) => milestone_title.is_none(),
                Some(Milestone::Anybody) => milestone_title.is_some(),
                Some(Milestone::Titled(title)) => milestone_title == Some(title.as_str()),
            }
            && !self
                .not_labels
                .iter()
                .any(|label| item.labels.contains(label))
            && after(self.created_after, item.created_at)
            && before(self.created_before, item.created_at)
            && after(self.updated_after, item.updated_at)
            && before(self.updated_before, item.updated_at)
            && match self.wip.as_deref() {
                Some("yes") => item.draft == Some(true),
                Some("no") => item.draft == Some(false),
                _ => true,
            }
    }

    /// How two admitted items compare by `order_by`, oldest (or first) first; the caller
    /// turns it round for `sort=desc`, GitLab's default.
    pub fn compare(&self, a: &Issuable<'_>, b: &Issuable<'_>) -> Ordering {
        match self.order_by.as_deref() {
            Some("updated_at") => a.updated_at.cmp(b.updated_at),
            Some("title") => a.title.to_lowercase().cmp(&b.title.to_lowercase()),
            Some(_) => a.created_at.cmp(b.created_at),
            None => Ordering::Equal,
        }
    }
}

/// Whether only drafts (`yes`) or none (`no`) are asked for: GitLab takes `draft`
/// (a boolean) or the deprecated `wip` (`yes`, `no`), not both.
fn drafts(params: &Params) -> Result<Option<String>, ApiError> {
    let wip = params.choice("wip", &["yes", "no"])?;
    let draft = params.bool("draft")?;
    match (wip, draft) {
        (Some(_), Some(_)) => Err(ApiError::error("wip, draft are mutually exclusive")),
        (wip, None) => Ok(wip),
        (None, Some(draft)) => Ok(Some(if draft { "yes" } else { "no" }.to_owned())),
    }
}
