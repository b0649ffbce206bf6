//! Which surface of tools the server offers.

use std::str::FromStr;

/// `GITLAB_MCP_TOOL_SURFACE`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SurfaceKind {
    /// `gitlab_find_action` + `gitlab_execute_action`.
    #[default]
    Dynamic,
    /// One tool per resource with an `action` argument, plus the wizards by name.
    Meta,
    /// One tool per action, plus the wizards by name.
    Individual,
}

impl SurfaceKind {
    pub const fn as_str(self) -> &'static str {
        match self {
            SurfaceKind::Dynamic => "dynamic",
            SurfaceKind::Meta => "meta",
            SurfaceKind::Individual => "individual",
        }
    }
}

impl FromStr for SurfaceKind {
    type Err = ();
    fn from_str(raw: &str) -> Result<Self, ()> {
        match raw.trim().to_ascii_lowercase().as_str() {
            "dynamic" => Ok(SurfaceKind::Dynamic),
            "meta" => Ok(SurfaceKind::Meta),
            "individual" => Ok(SurfaceKind::Individual),
            _ => Err(()),
        }
    }
}
