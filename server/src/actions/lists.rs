//! What issue and merge request lists share, in a project and across projects: the filters
//! people type ("assigned to me", "by alice", "in milestone v1.1", "without the `wontfix`
//! label", "this week"), written once. A list's struct is `issuable_list!` around its own
//! fields; the filters follow, with GitLab's names.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Which of the current user's work.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum IssueScope {
    CreatedByMe,
    AssignedToMe,
    All,
}

/// Which of the current user's work; `reviews_for_me`: what waits for their review.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum MergeRequestScope {
    CreatedByMe,
    AssignedToMe,
    ReviewsForMe,
    All,
}

/// What a list is sorted by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ListOrder {
    CreatedAt,
    UpdatedAt,
    Title,
}

/// Refuses two filters GitLab takes one at a time (it answers 400): `pairs` are each
/// filter's name and whether it was given.
pub fn one_of_each(pairs: &[[(&str, bool); 2]]) -> Result<(), String> {
    match pairs.iter().find(|[a, b]| a.1 && b.1) {
        Some([(a, _), (b, _)]) => Err(format!(
            "`{a}` and `{b}` name the same person two ways, and GitLab takes one at a time; give one of them"
        )),
        None => Ok(()),
    }
}

/// A list struct with its own fields, then the filters every issue and merge request list
/// takes.
#[macro_export]
macro_rules! issuable_list {
    ($(#[$meta:meta])* pub struct $name:ident { $($fields:tt)* }) => {
        $(#[$meta])*
        #[derive(Debug, ::serde::Deserialize, ::serde::Serialize, ::schemars::JsonSchema)]
        #[serde(deny_unknown_fields)]
        pub struct $name {
            $($fields)*
            /// Only those carrying every one of these labels.
            pub labels: Option<$crate::catalog::params::CommaList>,
            /// Only those carrying none of these labels.
            #[serde(rename = "not[labels]")]
            pub not_labels: Option<$crate::catalog::params::CommaList>,
            /// Only those whose title or description contains this text.
            pub search: Option<String>,
            /// Only those by this user (an id).
            pub author_id: Option<$crate::catalog::params::UserId>,
            /// Only those by this user (a username).
            pub author_username: Option<$crate::catalog::params::Username>,
            /// Only those assigned to this user id, or to nobody (`None`) or somebody (`Any`).
            pub assignee_id: Option<$crate::catalog::params::UserFilter>,
            /// Only those in this milestone (its title), or in none (`None`) or any (`Any`).
            pub milestone: Option<String>,
            /// Only those created at or after this moment.
            pub created_after: Option<$crate::catalog::params::DateTime>,
            /// Only those created at or before this moment.
            pub created_before: Option<$crate::catalog::params::DateTime>,
            /// Only those updated at or after this moment.
            pub updated_after: Option<$crate::catalog::params::DateTime>,
            /// Only those updated at or before this moment.
            pub updated_before: Option<$crate::catalog::params::DateTime>,
            /// What to sort by (GitLab's default: `created_at`).
            pub order_by: Option<$crate::actions::lists::ListOrder>,
            /// `asc` or `desc` (GitLab's default: `desc`, newest first).
            pub sort: Option<$crate::actions::releases::Sort>,
            pub page: Option<$crate::catalog::params::PageNumber>,
            pub per_page: Option<$crate::catalog::params::PerPage>,
        }
    };
}

/// An issue list: its own fields, then what every issue list takes.
#[macro_export]
macro_rules! issue_list {
    ($(#[$meta:meta])* pub struct $name:ident { $($fields:tt)* }) => {
        $crate::issuable_list! {
            $(#[$meta])*
            pub struct $name {
                $($fields)*
                /// Only issues in this state (GitLab's default: all).
                pub state: Option<$crate::actions::issues::IssueState>,
                /// Only issues assigned to this user (a username).
                pub assignee_username: Option<Vec<$crate::catalog::params::Username>>,
                /// Whose issues: `assigned_to_me`, `created_by_me` or `all` (the default in a
                /// project; across projects, `created_by_me`).
                pub scope: Option<$crate::actions::lists::IssueScope>,
            }
        }

        impl $name {
            /// GitLab answers 400 to a person named both by id and by username.
            pub fn check(&self) -> Result<(), String> {
                $crate::actions::lists::one_of_each(&[
                    [("author_id", self.author_id.is_some()), ("author_username", self.author_username.is_some())],
                    [("assignee_id", self.assignee_id.is_some()), ("assignee_username", self.assignee_username.is_some())],
                ])
            }
        }
    };
}

/// A merge request list: its own fields, then what every merge request list takes.
#[macro_export]
macro_rules! merge_request_list {
    ($(#[$meta:meta])* pub struct $name:ident { $($fields:tt)* }) => {
        $crate::issuable_list! {
            $(#[$meta])*
            pub struct $name {
                $($fields)*
                /// Only merge requests in this state (GitLab's default: all).
                pub state: Option<$crate::actions::merge_requests::MergeRequestState>,
                /// Only merge requests from this branch.
                pub source_branch: Option<String>,
                /// Only merge requests into this branch.
                pub target_branch: Option<String>,
                /// Only those whose review is asked of this user id, or of nobody (`None`) or
                /// somebody (`Any`).
                pub reviewer_id: Option<$crate::catalog::params::UserFilter>,
                /// Only those whose review is asked of this user (a username).
                pub reviewer_username: Option<$crate::catalog::params::Username>,
                /// `true`: only drafts; `false`: no drafts.
                pub draft: Option<bool>,
                /// Whose: `assigned_to_me`, `reviews_for_me`, `created_by_me` or `all` (the
                /// default in a project; across projects, `created_by_me`).
                pub scope: Option<$crate::actions::lists::MergeRequestScope>,
            }
        }

        impl $name {
            /// GitLab answers 400 to a person named both by id and by username.
            pub fn check(&self) -> Result<(), String> {
                $crate::actions::lists::one_of_each(&[
                    [("author_id", self.author_id.is_some()), ("author_username", self.author_username.is_some())],
                    [("reviewer_id", self.reviewer_id.is_some()), ("reviewer_username", self.reviewer_username.is_some())],
                ])
            }
        }
    };
}
