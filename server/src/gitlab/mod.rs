//! A GitLab REST v4 client: one generic [`GitLab::send`] plus thin typed calls for projects,
//! issues, merge requests and releases.
//!
//! ```no_run
//! # async fn demo() -> Result<(), Box<dyn std::error::Error>> {
//! use gitlab_mcp_server::gitlab::{GitLab, GitLabConfig, ProjectId, Token, parse_base_url};
//! let config = GitLabConfig::new(parse_base_url("https://gitlab.com")?).with_token(Token::new("glpat-…")?);
//! let gitlab = GitLab::new(config)?;
//! let issue = gitlab
//!     .create_issue(&ProjectId::parse("group/project")?, serde_json::json!({"title": "Broken build"}))
//!     .await?;
//! # Ok(()) }
//! ```

mod client;
mod config;
mod error;
mod error_body;
mod request;
mod resources;

pub use client::GitLab;
pub use config::{ConfigError, DEFAULT_TIMEOUT, GitLabConfig, Token, parse_base_url};
pub use error::{ApiError, GitLabError};
pub use request::{ApiRequest, ApiResponse, InvalidProjectId, Page, ProjectId};
pub use reqwest::Method;
pub use resources::merge_body;
