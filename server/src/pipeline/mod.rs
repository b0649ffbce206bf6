//! One path for every call of a catalog action, whoever makes it — a tool call on any
//! surface ([`ToolCall`]), a resource, a prompt or a completion ([`Reads`]), `try` —, in
//! this order, so that nothing is asked or sent before every check said yes:
//!
//! 1. the operator's settings (read-only, toolsets) refuse it or not;
//! 2. its arguments are validated into its GitLab request (or a wizard's arguments);
//! 3. the projects that request names are checked against the allow list;
//! 4. the guards ask the user where they must (tool calls only: reads never change
//!    anything) — [`guard`];
//! 5. GitLab is called once and its answer shaped as the action's output says.

mod admit;
mod failed_jobs;
pub mod guard;
mod read;
mod tool_call;
pub mod wait;

pub use admit::admit;
pub use read::{ReadError, Reads, has_next_page, items, params, refusal};
pub use tool_call::ToolCall;
