//! A GitLab REST v4 client: every call is an [`ApiRequest`] given to [`GitLab::send`].
//!
//! ```no_run
//! # async fn demo() -> Result<(), Box<dyn std::error::Error>> {
//! use gitlab_mcp_server::gitlab::{ApiRequest, GitLab, GitLabConfig, ProjectId, Token, parse_base_url};
//! let config = GitLabConfig::new(parse_base_url("https://gitlab.com")?).with_token(Token::new("glpat-…")?);
//! let gitlab = GitLab::new(config)?;
//! let project = ProjectId::Path("group/project".to_owned());
//! let request = ApiRequest::post()
//!     .project(&project)
//!     .segment("issues")
//!     .json(serde_json::json!({"title": "Broken build"}));
//! let issue = gitlab.send(request).await?.body;
//! # Ok(()) }
//! ```

mod body;
mod client;
mod config;
mod error;
mod error_body;
mod http_client;
mod id_or_name;
mod project_id;
mod request;

pub use client::GitLab;
pub use config::{ConfigError, GitLabConfig, Token, parse_base_url, text_without_credentials};
pub use error::GitLabError;
pub use id_or_name::{IdOrName, MAX_EXACT_INTEGER};
pub use project_id::ProjectId;
pub use request::{ApiRequest, ApiResponse};
