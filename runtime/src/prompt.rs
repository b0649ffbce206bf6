//! Primitives for handlers that are not a whole wizard: confirm, text, number,
//! choices, gather data, url mode — each on both wire paths.
//!
//! On the MRTR path a handler runs from the top every round: an exchange answered in
//! an earlier round replays from the signed state, the first unanswered one is queued
//! and reported as [`PromptError::Pending`], and the handler returns
//! [`Prompter::input_required`]. Exchange ids must be stable and unique within a call.

use std::collections::BTreeMap;
use std::fmt;

use rmcp::model::{CallToolRequestParams, ElicitRequestParams, InputRequiredResult};
use rmcp::service::{RequestContext, RoleServer};
use serde_json::{Map, Value};

use crate::flat::{check_flat_schema, validate_against};
use crate::flow::rounds::Rounds;
#[cfg(feature = "url-mode")]
use crate::flow::url_check;
use crate::flow::{Flow, wire};
use crate::form::{Options, Prompt, check_prompt, label, typed_schema, validate_prompt};
use crate::state::StateKind;

pub use crate::flow::{ClientView, Elicitation, Reply, WirePath};
pub use crate::form::CONFIRM_KEY;

/// Why a primitive returned no answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PromptError {
    /// MRTR: the question is queued; stop and return [`Prompter::input_required`].
    Pending,
    /// The user declined.
    Declined,
    /// The user dismissed the question.
    Cancelled,
    /// The client declared no elicitation, or no channel reaches it.
    NotSupported,
    /// The client declared url mode only.
    FormNotSupported,
    /// The client did not declare url mode.
    UrlNotSupported,
    /// The question cannot be asked (empty options, a schema that is not flat, a url
    /// off the configured instance); nothing was sent.
    Invalid(String),
    /// The answer did not satisfy the question's schema; the value was not used.
    Malformed(String),
    /// Transport failure, timeout, a refused requestState, or a response that is not
    /// an elicitation result.
    Failed(String),
}

impl fmt::Display for PromptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PromptError::Pending => {
                f.write_str("an input request is pending the client's response")
            }
            PromptError::Declined => f.write_str("the user declined"),
            PromptError::Cancelled => f.write_str("the user cancelled"),
            PromptError::NotSupported => f.write_str("the client does not support elicitation"),
            PromptError::FormNotSupported => {
                f.write_str("the client does not support form elicitation")
            }
            PromptError::UrlNotSupported => {
                f.write_str("the client does not support url elicitation")
            }
            PromptError::Invalid(why) => write!(f, "the question cannot be asked: {why}"),
            PromptError::Malformed(why) => {
                write!(f, "the answer did not satisfy the requested schema: {why}")
            }
            PromptError::Failed(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for PromptError {}

/// The answered exchanges so far, as elicitation results, by exchange id: the body a
/// prompter seals each round.
type Answers = BTreeMap<String, Value>;

/// The primitives of one tool call; build it with [`Flow::prompter`].
pub struct Prompter {
    flow: Flow,
    context: RequestContext<RoleServer>,
    view: ClientView,
    rounds: Rounds,
    /// The answers so far, and the exchange asked last round; or why the echoed state
    /// was refused.
    resumed: Result<(Answers, Option<String>), String>,
    queued: Option<(String, ElicitRequestParams)>,
    asked: usize,
    progress: wire::Progress,
}

enum Mode {
    Form,
    #[cfg(feature = "url-mode")]
    Url,
}

// Here rather than beside `Flow`'s other methods: a prompter is built from a flow, and
// the flow's file names nothing of the prompter's.
impl Flow {
    /// The primitives (confirm, text, number, choices, gather, url) for this call.
    pub fn prompter(
        &self,
        request: &CallToolRequestParams,
        context: &RequestContext<RoleServer>,
    ) -> Prompter {
        Prompter::new(self.clone(), request, context)
    }
}

impl Prompter {
    fn new(
        flow: Flow,
        request: &CallToolRequestParams,
        context: &RequestContext<RoleServer>,
    ) -> Self {
        let view = ClientView::of(context);
        let rounds = Rounds::new(&flow, StateKind::Prompts, request);
        // A handler runs from the top every round: each exchange answered earlier replays
        // from the sealed answers, and only the one asked last round may be answered now.
        let resumed = if view.uses_mrtr() {
            rounds.resume::<Answers>().map(|resumed| match resumed {
                Some(resumed) => (resumed.body, Some(resumed.asked)),
                None => (Answers::new(), None),
            })
        } else {
            Ok((Answers::new(), None))
        };
        Prompter {
            flow,
            context: context.clone(),
            view,
            rounds,
            resumed,
            queued: None,
            asked: 0,
            progress: wire::Progress::new(),
        }
    }

    /// The flow this prompter asks for.
    pub(crate) fn flow(&self) -> &Flow {
        &self.flow
    }

    /// Whether questions travel as `input_required` rounds (2026-07-28).
    fn uses_mrtr(&self) -> bool {
        self.view.uses_mrtr()
    }

    /// Whether a form question can be asked on this call.
    pub fn can_ask(&self) -> bool {
        matches!(self.form_path(), WirePath::Sync | WirePath::Mrtr)
    }

    /// Whether a url-mode question can be asked on this call.
    pub fn can_open_url(&self) -> bool {
        matches!(
            self.view.elicitation(),
            Elicitation::UrlOnly | Elicitation::Form { url: true }
        ) && (self.uses_mrtr() || self.flow.config.server_requests)
    }

    fn form_path(&self) -> WirePath {
        self.view.path(self.flow.config.server_requests)
    }

    /// A yes/no (property `confirmed`, starting on no): `true` only for an accepted yes.
    pub async fn confirm(&mut self, id: &str, message: &str) -> Result<bool, PromptError> {
        let prompt = Prompt::yes_no(id, message);
        Ok(self.ask(id, &prompt).await? == Value::Bool(true))
    }

    /// Free text under the property `field`; an empty answer is malformed.
    pub async fn text(
        &mut self,
        id: &str,
        message: &str,
        field: &str,
    ) -> Result<String, PromptError> {
        let value = self.ask(id, &Prompt::text(field, message)).await?;
        Ok(value.as_str().unwrap_or_default().to_owned())
    }

    /// A number under `field` within inclusive bounds (`None`: unbounded).
    pub async fn number(
        &mut self,
        id: &str,
        message: &str,
        field: &str,
        min: Option<f64>,
        max: Option<f64>,
    ) -> Result<f64, PromptError> {
        let value = self
            .ask(id, &Prompt::number(field, message, min, max, false))
            .await?;
        value
            .as_f64()
            .ok_or_else(|| PromptError::Malformed(format!("`{field}` must be a number")))
    }

    /// One of `options` (property `selection`).
    pub async fn select_one<'a>(
        &mut self,
        id: &'a str,
        message: &'a str,
        options: impl Into<Options<'a>>,
    ) -> Result<String, PromptError> {
        let value = self.ask(id, &Prompt::choice(id, message, options)).await?;
        Ok(value.as_str().unwrap_or_default().to_owned())
    }

    /// One of `options`, offered as decimal strings; a JSON integer in the list is
    /// accepted too.
    pub async fn select_one_int(
        &mut self,
        id: &str,
        message: &str,
        options: &[i64],
    ) -> Result<i64, PromptError> {
        let value = self
            .ask(id, &Prompt::integer_choice(id, message, options))
            .await?;
        value
            .as_i64()
            .ok_or_else(|| PromptError::Malformed("`selection` must be an integer".into()))
    }

    /// Several distinct `options` (property `selections`), between `min_items` and
    /// `max_items` of them (`None`: no limit).
    pub async fn select_multi<'a>(
        &mut self,
        id: &'a str,
        message: &'a str,
        options: impl Into<Options<'a>>,
        min_items: Option<u32>,
        max_items: Option<u32>,
    ) -> Result<Vec<String>, PromptError> {
        let prompt = Prompt::multi_select(id, message, options, min_items, max_items);
        let value = self.ask(id, &prompt).await?;
        Ok(value
            .as_array()
            .map(|items| {
                items
                    .iter()
                    .filter_map(Value::as_str)
                    .map(str::to_owned)
                    .collect()
            })
            .unwrap_or_default())
    }

    /// Sends an arbitrary flat form `schema` and returns the validated content.
    /// The caller still sanitises the values before using them in API calls.
    pub async fn gather(
        &mut self,
        id: &str,
        message: &str,
        schema: Map<String, Value>,
    ) -> Result<Map<String, Value>, PromptError> {
        let schema = Value::Object(schema);
        check_flat_schema(&schema).map_err(PromptError::Invalid)?;
        let params =
            wire::form_json(message.to_owned(), schema.clone()).map_err(PromptError::Invalid)?;
        let content = match self.exchange(id, params, Mode::Form, &label(id)).await? {
            Reply::Accept(content) => content.unwrap_or_default(),
            Reply::Decline => return Err(PromptError::Declined),
            Reply::Cancel => return Err(PromptError::Cancelled),
        };
        validate_against(&schema, &content)
            .map_err(|error| PromptError::Malformed(error.to_string()))?;
        Ok(content)
    }

    #[cfg(feature = "url-mode")]
    /// Asks the user to open `target`, which must be a page of the configured
    /// instance ([`Flow::with_url_base`]) and needs a client that declared url mode.
    /// Accept means the user agreed to open it, not that the work there is done.
    pub async fn open_url(
        &mut self,
        id: &str,
        message: &str,
        target: &str,
    ) -> Result<(), PromptError> {
        let base = self.flow.config.url_base.as_ref().ok_or_else(|| {
            PromptError::Invalid("no base URL is configured for url-mode elicitation".into())
        })?;
        let url = url_check::on_base(base, target).map_err(PromptError::Invalid)?;
        let params = ElicitRequestParams::UrlElicitationParams {
            meta: None,
            message: message.to_owned(),
            url: url.to_string(),
            // 2025-11-25 requires a unique id; 2026-07-28 has no such field, and rmcp
            // writes an empty one for "absent".
            elicitation_id: if self.uses_mrtr() {
                String::new()
            } else {
                elicitation_id()
            },
        };
        match self.exchange(id, params, Mode::Url, &label(id)).await? {
            Reply::Accept(_) => Ok(()),
            Reply::Decline => Err(PromptError::Declined),
            Reply::Cancel => Err(PromptError::Cancelled),
        }
    }

    /// The `input_required` result carrying the queued question and the signed
    /// answers so far; `None` when nothing is queued.
    pub fn input_required(&self) -> Option<InputRequiredResult> {
        let (id, params) = self.queued.as_ref()?;
        let (answers, _) = self.resumed.as_ref().ok()?;
        self.rounds.ask(id, params.clone(), answers).ok()
    }

    /// Any one-question form built as a [`Prompt`] (its label, requirement and default as
    /// given): checked before anything is sent, then validated on arrival. The answer
    /// comes back normalised, `null` for an optional question left empty.
    ///
    /// ```
    /// use wizard::form::Prompt;
    ///
    /// let prompt = Prompt::confirm("Delete branch `old`?").titled("Delete the branch?");
    /// assert_eq!(prompt.label(), "Delete the branch?");
    /// ```
    pub async fn ask(&mut self, id: &str, prompt: &Prompt<'_>) -> Result<Value, PromptError> {
        check_prompt(prompt).map_err(PromptError::Invalid)?;
        let schema = typed_schema(prompt).map_err(PromptError::Invalid)?;
        let params = wire::form(prompt.message.to_owned(), schema);
        match self
            .exchange(id, params, Mode::Form, &prompt.label())
            .await?
        {
            Reply::Accept(content) => validate_prompt(prompt, content.as_ref())
                .map_err(|error| PromptError::Malformed(error.to_string())),
            Reply::Decline => Err(PromptError::Declined),
            Reply::Cancel => Err(PromptError::Cancelled),
        }
    }

    async fn exchange(
        &mut self,
        id: &str,
        params: ElicitRequestParams,
        mode: Mode,
        label: &str,
    ) -> Result<Reply, PromptError> {
        let path = match mode {
            Mode::Form => match self.form_path() {
                WirePath::Unsupported => return Err(PromptError::NotSupported),
                WirePath::FormUnsupported => return Err(PromptError::FormNotSupported),
                path => path,
            },
            #[cfg(feature = "url-mode")]
            Mode::Url if !self.can_open_url() => {
                return Err(if matches!(self.view.elicitation(), Elicitation::None) {
                    PromptError::NotSupported
                } else {
                    PromptError::UrlNotSupported
                });
            }
            #[cfg(feature = "url-mode")]
            Mode::Url if self.uses_mrtr() => WirePath::Mrtr,
            #[cfg(feature = "url-mode")]
            Mode::Url => WirePath::Sync,
        };
        self.asked += 1;
        if path == WirePath::Sync {
            let (context, config) = (&self.context, &self.flow.config);
            self.progress.asking(context, self.asked, None, label).await;
            let reply = wire::elicit(
                context,
                params,
                config.timeout,
                config.keepalive,
                &mut self.progress,
            );
            return reply.await.map_err(PromptError::Failed);
        }
        let (answers, asked) = match &mut self.resumed {
            Ok(resumed) => resumed,
            Err(refused) => return Err(PromptError::Failed(refused.clone())),
        };
        if self.queued.is_some() {
            return Err(PromptError::Pending);
        }
        if let Some(stored) = answers.get(id) {
            return Reply::from_input_response(stored).map_err(PromptError::Failed);
        }
        // Only the exchange the signed state says was asked may be answered.
        if asked.as_deref() == Some(id)
            && let Some(reply) = self.rounds.answer(id)
        {
            let reply = reply.map_err(|why| PromptError::Failed(format!("`{id}`: {why}")))?;
            let stored = serde_json::to_value(reply.to_result())
                .map_err(|error| PromptError::Failed(error.to_string()))?;
            answers.insert(id.to_owned(), stored);
            return Ok(reply);
        }
        self.progress
            .asking(&self.context, self.asked, None, label)
            .await;
        self.queued = Some((id.to_owned(), params));
        Err(PromptError::Pending)
    }
}

#[cfg(feature = "url-mode")]
/// A unique id for a url-mode request (required before 2026-07-28).
fn elicitation_id() -> String {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).expect("the operating system provides random bytes");
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
