//! Where each kind of value comes from: one catalog list action per kind (two, side by
//! side, for a ref: branches and tags), its answer turned into candidates.

use serde_json::{Value, json};

use super::cache::{Candidate, Listing};
use super::kind::Kind;
use crate::call::{ReadError, Reads, has_next_page, items, params};
use crate::gitlab::ProjectId;
use crate::registry::{ActionId, ids};
use crate::resources::markdown::text;

/// Items asked of GitLab per list.
pub const PER_PAGE: u64 = 100;
/// The pages of a folder read at most: a thousand entries.
const MAX_TREE_PAGES: u32 = 10;

/// One GitLab list that answers a kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct List {
    pub action: ActionId,
    /// The text GitLab is asked to search for, when the action searches.
    pub query: Option<String>,
    /// What else the answer depends on (a ref, a directory), for the cache.
    pub scope: String,
    params: Value,
    shape: Shape,
}

/// How an item becomes a candidate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    Project,
    Name,
    /// A tree entry under a directory.
    TreeEntry,
    /// An issue or merge request: the iid, with its title when `titled`.
    Numbered {
        titled: bool,
    },
    Pipeline {
        titled: bool,
    },
    Job,
    /// A milestone: its id, with its title when `titled`.
    Milestone {
        titled: bool,
    },
    /// The text of `value`, matched by `also` too (a release's tag and its name).
    Field {
        value: &'static str,
        also: &'static str,
    },
}

/// What the completion is for.
pub struct Request<'a> {
    pub kind: Kind,
    /// What was typed so far.
    pub typed: &'a str,
    /// The chosen project, for every kind but [`Kind::Project`].
    pub project: Option<&'a ProjectId>,
    /// The chosen ref, for [`Kind::Path`].
    pub reference: Option<&'a str>,
    /// Prompt arguments show a number's title after it (`7 — Fix the login`); template
    /// variables, which go into a URI, the bare number.
    pub titled: bool,
}

/// The lists that answer `request`: one, or two for a ref.
pub fn lists(request: &Request<'_>) -> Vec<List> {
    let typed = request.typed.trim();
    let search = (!typed.is_empty()).then(|| typed.to_owned());
    let project = json!(request.project);
    let list = |action, query: Option<String>, scope: String, params, shape| List {
        action,
        query,
        scope,
        params,
        shape,
    };
    let words = typed
        .chars()
        .any(|c| !c.is_ascii_digit() && !matches!(c, '!' | '#'));
    let titled = request.titled;
    match request.kind {
        Kind::Project => {
            // The group's path counts too: `demo` finds `demo/sandbox`.
            let term = typed.trim_matches('/');
            let term = (!term.is_empty()).then(|| term.to_owned());
            vec![list(
                ids::PROJECT_LIST,
                term.clone(),
                String::new(),
                params([
                    ("membership", json!(true)),
                    ("order_by", json!("last_activity_at")),
                    ("search", json!(term)),
                    ("search_namespaces", json!(term.is_some())),
                    ("per_page", json!(PER_PAGE)),
                ]),
                Shape::Project,
            )]
        }
        Kind::Ref | Kind::Tag => {
            let named = |action| {
                list(
                    action,
                    search.clone(),
                    String::new(),
                    params([
                        ("project_id", project.clone()),
                        ("search", json!(search)),
                        ("per_page", json!(PER_PAGE)),
                    ]),
                    Shape::Name,
                )
            };
            if request.kind == Kind::Tag {
                vec![named(ids::TAG_LIST)]
            } else {
                vec![named(ids::BRANCH_LIST), named(ids::TAG_LIST)]
            }
        }
        Kind::Label => vec![list(
            ids::LABEL_LIST,
            search.clone(),
            String::new(),
            params([
                ("project_id", project),
                ("search", json!(search)),
                ("per_page", json!(PER_PAGE)),
            ]),
            Shape::Name,
        )],
        Kind::Path => {
            let directory = match typed.rfind('/') {
                Some(end) => typed[..end].trim_matches('/'),
                None => "",
            };
            let directory = (!directory.is_empty()).then(|| directory.to_owned());
            let scope = format!(
                "{}:{}",
                request.reference.unwrap_or_default(),
                directory.as_deref().unwrap_or_default()
            );
            vec![list(
                ids::REPOSITORY_TREE,
                None,
                scope,
                params([
                    ("project_id", project),
                    ("path", json!(directory)),
                    ("ref", json!(request.reference)),
                    ("per_page", json!(PER_PAGE)),
                ]),
                Shape::TreeEntry,
            )]
        }
        Kind::Issue | Kind::MergeRequest => {
            let action = if request.kind == Kind::Issue {
                ids::ISSUE_LIST
            } else {
                ids::MERGE_REQUEST_LIST
            };
            // Words are GitLab's to search in titles and descriptions. A number is asked
            // for with the ten after it (`1`: 1 and 10-19), GitLab's `iids[]`: the latest
            // hundred may not reach back to it. (`#1#` in the cache: an answer for `1`
            // does not hold 120, so it must not serve `12` as a text search's answer
            // serves any longer text.)
            let number = typed
                .trim_start_matches(['!', '#'])
                .parse::<u64>()
                .ok()
                .filter(|_| !words);
            let iids = number.map(|n| {
                let tens = n.checked_mul(10).filter(|&tens| tens < u64::MAX - 10);
                let next = tens.map(|tens| tens..tens + 10).into_iter().flatten();
                std::iter::once(n)
                    .chain(next.filter(|&iid| iid != n))
                    .collect::<Vec<_>>()
            });
            let query = match number {
                Some(n) => Some(format!("#{n}#")),
                None => search.filter(|_| words),
            };
            let text = query.as_ref().filter(|_| number.is_none());
            vec![list(
                action,
                query.clone(),
                String::new(),
                params([
                    ("project_id", project),
                    ("state", json!("all")),
                    ("search", json!(text)),
                    ("iids", json!(iids)),
                    ("per_page", json!(PER_PAGE)),
                ]),
                Shape::Numbered { titled },
            )]
        }
        Kind::Pipeline => vec![list(
            ids::PIPELINE_LIST,
            None,
            String::new(),
            params([("project_id", project), ("per_page", json!(PER_PAGE))]),
            Shape::Pipeline { titled },
        )],
        Kind::Job => vec![list(
            ids::JOB_LIST,
            None,
            String::new(),
            params([("project_id", project), ("per_page", json!(PER_PAGE))]),
            Shape::Job,
        )],
        Kind::Milestone => {
            let search = search.filter(|_| words);
            vec![list(
                ids::MILESTONE_LIST,
                search.clone(),
                String::new(),
                params([
                    ("project_id", project),
                    ("search", json!(search)),
                    ("per_page", json!(PER_PAGE)),
                ]),
                Shape::Milestone { titled },
            )]
        }
        Kind::Release => vec![list(
            ids::RELEASE_LIST,
            None,
            String::new(),
            params([("project_id", project), ("per_page", json!(PER_PAGE))]),
            Shape::Field {
                value: "tag_name",
                also: "name",
            },
        )],
        // GitLab lists every page of a wiki at once.
        Kind::WikiPage => vec![list(
            ids::WIKI_LIST,
            None,
            String::new(),
            params([("project_id", project)]),
            Shape::Field {
                value: "slug",
                also: "title",
            },
        )],
        // The latest commits of the default branch: GitLab cannot search commits by text.
        Kind::Commit => vec![list(
            ids::COMMIT_LIST,
            None,
            String::new(),
            params([("project_id", project), ("per_page", json!(PER_PAGE))]),
            Shape::Field {
                value: "short_id",
                also: "title",
            },
        )],
        Kind::Environment => {
            // GitLab searches environments from three characters on.
            let search = search.filter(|typed| typed.chars().count() >= 3);
            vec![list(
                ids::ENVIRONMENT_LIST,
                search.clone(),
                String::new(),
                params([
                    ("project_id", project),
                    ("search", json!(search)),
                    ("per_page", json!(PER_PAGE)),
                ]),
                Shape::Name,
            )]
        }
        // Dates are made here ([`super::dates`]), and numbers nothing suggests are not
        // completed: neither asks GitLab.
        Kind::Date | Kind::Free => Vec::new(),
    }
}

impl List {
    /// What the answer depends on besides the caller and the project: the action, its
    /// scope, and how candidates are written.
    pub fn key(&self) -> String {
        format!("{} {} {:?}", self.action, self.scope, self.shape)
    }

    /// Asks GitLab, through the catalog. A folder is read page after page, up to
    /// [`MAX_TREE_PAGES`]: GitLab cannot search one by name, so an entry past the first
    /// hundred is found only by reading on.
    pub async fn fetch(&self, reads: &Reads<'_>) -> Result<Listing, ReadError> {
        let pages = if self.shape == Shape::TreeEntry {
            MAX_TREE_PAGES
        } else {
            1
        };
        let mut entries = Vec::new();
        let mut complete = false;
        for number in 1..=pages {
            let mut params = self.params.clone();
            // The first page is GitLab's default, and a list of everything at once (a
            // wiki's pages) takes no page at all.
            if number > 1 {
                params["page"] = json!(number);
            }
            let page = reads.read(self.action, params).await?;
            entries.extend_from_slice(items(&page));
            if !has_next_page(&page) {
                complete = true;
                break;
            }
        }
        let allowed = reads.access().projects.as_ref();
        let candidates = entries
            .iter()
            .filter(|item| match (self.shape, allowed) {
                // Only the projects this server may work on are offered.
                (Shape::Project, Some(allowed)) => allowed.admits(
                    item.get("id").and_then(Value::as_u64).unwrap_or_default(),
                    text(item, "path_with_namespace"),
                ),
                _ => true,
            })
            .filter_map(|item| self.shape.candidate(item))
            .collect();
        Ok(Listing {
            candidates,
            complete,
            query: self.query.clone(),
        })
    }
}

impl Shape {
    fn candidate(self, item: &Value) -> Option<Candidate> {
        let number = |key: &str| item.get(key).and_then(Value::as_u64);
        let (value, keys, rank) = match self {
            Shape::Project => {
                let path = text(item, "path_with_namespace");
                (
                    path.to_owned(),
                    vec![path.to_owned(), text(item, "name").to_owned()],
                    0,
                )
            }
            Shape::Name => {
                let name = text(item, "name");
                (name.to_owned(), vec![name.to_owned()], 0)
            }
            Shape::TreeEntry => {
                let path = text(item, "path");
                let value = if text(item, "type") == "tree" {
                    format!("{path}/")
                } else {
                    path.to_owned()
                };
                (value, vec![path.to_owned()], 0)
            }
            Shape::Numbered { titled } => {
                let iid = number("iid")?;
                let title = text(item, "title");
                let value = if titled {
                    format!("{iid} — {title}")
                } else {
                    iid.to_string()
                };
                // Open ones first: they are what a review or a triage is about.
                let rank = u8::from(text(item, "state") != "opened");
                (value, vec![iid.to_string(), title.to_owned()], rank)
            }
            Shape::Pipeline { titled } => {
                let id = number("id")?;
                let (status, reference) = (text(item, "status"), text(item, "ref"));
                let value = if titled {
                    format!("{id} — {status} on {reference}")
                } else {
                    id.to_string()
                };
                let rank = u8::from(status != "failed");
                (
                    value,
                    vec![id.to_string(), reference.to_owned(), status.to_owned()],
                    rank,
                )
            }
            Shape::Job => {
                let id = number("id")?;
                let keys = vec![
                    id.to_string(),
                    text(item, "name").to_owned(),
                    text(item, "stage").to_owned(),
                    text(item, "status").to_owned(),
                ];
                (
                    id.to_string(),
                    keys,
                    u8::from(text(item, "status") != "failed"),
                )
            }
            Shape::Milestone { titled } => {
                let id = number("id")?;
                let title = text(item, "title");
                let value = if titled {
                    format!("{id} — {title}")
                } else {
                    id.to_string()
                };
                // Active ones first: what a report is usually about.
                let rank = u8::from(text(item, "state") != "active");
                (value, vec![id.to_string(), title.to_owned()], rank)
            }
            Shape::Field { value, also } => {
                let value = text(item, value);
                (
                    value.to_owned(),
                    vec![value.to_owned(), text(item, also).to_owned()],
                    0,
                )
            }
        };
        (!value.is_empty()).then_some(Candidate { value, keys, rank })
    }
}
