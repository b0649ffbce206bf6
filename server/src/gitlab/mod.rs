//! A GitLab REST v4 client: every call is an [`ApiRequest`] given to [`GitLab::send`].
//!
//! `GitLab::new(GitLabConfig::new(url).with_token(token))`, then
//! `gitlab.send(ApiRequest::post().project(&project).segment("issues").json(body))`: the
//! request is built into the URL that is sent in one place (`url`: each path segment
//! encoded whole, `group%2Fproject`, and one a URL parser would rewrite refused), and the
//! answer is the parsed JSON or one readable error.

mod body;
mod client;
mod compat;
mod config;
mod credential;
mod error;
mod error_body;
pub mod graphql;
mod http_client;
mod id_or_name;
pub mod network;
mod project_id;
pub mod quick_actions;
mod request;
mod url;

pub use client::GitLab;
pub use config::{ConfigError, GitLabConfig, Token, parse_base_url, text_without_credentials};
pub use credential::{Credential, NextToken};
pub use error::GitLabError;
pub use id_or_name::{IdOrName, MAX_EXACT_INTEGER, whole_id};
pub use network::Network;
pub use project_id::ProjectId;
pub use request::{Api, ApiRequest, ApiResponse, FilePart};
pub use url::{BuiltRequest, path_part};
