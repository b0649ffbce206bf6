//! Guards that depend on a call's arguments: an action that is harmless most of the time
//! but may lose work or expose a project with some arguments (`project.update` making a
//! project public, a pull mirror that would overwrite diverged branches). Its table line
//! says when it asks (`.asks(GUARD)`); the handler reads the settings the call would
//! change, and asks the user on every surface when the guard says so
//! (`crate::call::guard`).

use serde_json::{Map, Value};

use super::params::Params;
use crate::gitlab::ApiRequest;

/// A guard on the arguments of an action whose parameters are `P`.
pub struct Asks<P> {
    /// What makes it ask, for the tool descriptions and refusals: `make a private or
    /// internal project public`.
    pub when: &'static str,
    /// Whether what it asks about loses work (the tools' `destructiveHint`).
    pub loses_work: bool,
    /// What to do before asking: nothing, for arguments that never need asking; ask
    /// outright; or read the settings the call would change with one GET first.
    pub read: fn(&P) -> Before,
    /// The question to ask, given the settings read (`Null` when GitLab has none: a 404
    /// naming the thing read, not the project); `None` when the call needs no asking;
    /// `Err` when the settings read cannot be understood.
    pub question: fn(&P, &Value) -> Result<Option<String>, String>,
}

/// What an argument guard does before it may ask.
#[derive(Debug)]
pub enum Before {
    /// These arguments never need asking.
    Nothing,
    /// Ask with what the arguments say alone (the question gets `Null`).
    Ask,
    /// Read this first: the question gets GitLab's answer.
    Read(ApiRequest),
}

impl Before {
    /// `Read(request)` when there is a request, else `Nothing`.
    pub fn read(request: Option<ApiRequest>) -> Before {
        request.map_or(Before::Nothing, Before::Read)
    }
}

type Read = Box<dyn Fn(&Map<String, Value>) -> Result<Before, String> + Send + Sync>;
type Question =
    Box<dyn Fn(&Map<String, Value>, &Value) -> Result<Option<String>, String> + Send + Sync>;

/// [`Asks`] for any action: the typed parameters are read again from the call's
/// arguments, which were validated before the guard runs.
pub struct ArgumentGuard {
    pub when: &'static str,
    pub loses_work: bool,
    read: Read,
    question: Question,
}

impl ArgumentGuard {
    pub(super) fn new<P: Params + 'static>(asks: Asks<P>) -> Self {
        let Asks {
            when,
            loses_work,
            read,
            question,
        } = asks;
        ArgumentGuard {
            when,
            loses_work,
            read: Box::new(move |args| P::parse(args).map(|params| read(&params))),
            question: Box::new(move |args, current| {
                P::parse(args).and_then(|params| question(&params, current))
            }),
        }
    }

    /// What to do before asking about these arguments.
    pub fn read(&self, args: &Map<String, Value>) -> Result<Before, String> {
        (self.read)(args)
    }

    /// The question for the settings read, or `None`.
    pub fn question(
        &self,
        args: &Map<String, Value>,
        current: &Value,
    ) -> Result<Option<String>, String> {
        (self.question)(args, current)
    }
}

impl std::fmt::Debug for ArgumentGuard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ArgumentGuard")
            .field("when", &self.when)
            .finish_non_exhaustive()
    }
}
