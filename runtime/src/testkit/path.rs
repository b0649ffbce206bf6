//! The wire path a scripted client takes: the kit runs and the client shakes hands by it.

/// Which wire path the scripted client takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Path {
    /// `initialize` on 2025-11-25: one `elicitation/create` per question.
    Sync,
    /// `server/discover` on 2026-07-28 with per-request `_meta`: `input_required` rounds.
    Mrtr,
    /// `initialize` asking for 2026-07-28, negotiated down to 2025-11-25, and still
    /// served `input_required` rounds.
    MrtrDeclaredInInitialize,
}
