//! One path for every call of a catalog action, whoever makes it — a tool call on any
//! surface ([`ToolCall`]), a resource, a prompt or a completion ([`Reads`]), a wizard's
//! final call, `try` —, in this order, so that nothing is asked or sent before every
//! check said yes, and what is checked is exactly what is sent:
//!
//! 1. **admit**: the operator's settings (read-only, toolsets) refuse the action or not;
//! 2. **resolve**: every parameter naming its object loosely (a merge request by a text in
//!    its title, a branch by part of its name, a user by name, a project by the last part
//!    of its path) is resolved to the object it means — GitLab is searched with reads that
//!    are themselves built and checked as in steps 3 and 4, and where several objects
//!    match, the user is asked which one (tool calls only; elsewhere the candidates are
//!    refused) — [`resolve`]; nothing is built, checked or sent for the call before this;
//! 3. **build**: its arguments are validated into its GitLab request, and the request is
//!    built into the URL and body that will be sent (`crate::gitlab::BuiltRequest`);
//! 4. **check**: that built request is judged against the operator's limits — a write in
//!    read-only mode, every project it names against the allow list, the quick actions its
//!    texts would run ([`check`]);
//! 5. **guard**: the user is asked where something calls for a yes (tool calls only:
//!    reads never change anything), naming what step 2 resolved — [`guard`];
//! 6. **send**: the same built request goes to GitLab once ([`send`]);
//! 7. **shape**: GitLab's answer becomes the action's output, saying which object each
//!    loosely named parameter was taken to mean.
//!
//! A refusal at any step is a [`Refusal`], saying what was wrong and what to do.

mod admit;
pub mod check;
pub mod guard;
mod reads;
mod refusal;
pub mod resolve;
mod send;
mod tool_call;
mod wizard;

pub use admit::{Admitted, Ready, admit};
pub use reads::{ReadError, Reads, has_next_page, items, params, refusal};
pub use resolve::Nobody;
pub use send::send;
pub use tool_call::ToolCall;
pub use wizard::{InTerminal, run_in_terminal};
