//! Why a call is not made. Each kind is told apart where it matters (a resource answers
//! "invalid" differently from "not allowed"; a tool call shows the schema beside wrong
//! arguments), and each text says what was wrong and what to do, and that nothing was
//! sent.

use std::fmt;

/// A call refused before anything but reads was sent: those that tell which project an id
/// names, and those that look up what a loosely named parameter means.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The operator's settings do not offer the action here (read-only mode, the toolsets,
    /// a search across projects under an allow list).
    Settings(String),
    /// The arguments do not make a request GitLab would receive as written.
    Invalid(String),
    /// What the built request would reach is outside the operator's limits (a write in
    /// read-only mode, a project not on the allow list).
    Limits(String),
    /// A parameter named its object loosely, and it names none, or several and nobody
    /// chose.
    Unresolved(String),
}

impl Refusal {
    pub fn text(&self) -> &str {
        match self {
            Refusal::Settings(text)
            | Refusal::Invalid(text)
            | Refusal::Limits(text)
            | Refusal::Unresolved(text) => text,
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}
