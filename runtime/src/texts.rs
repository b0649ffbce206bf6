//! Every text the runtime shows a user or a model, given by the server.

use crate::wizard::WizardInfo;

/// The texts of the endings that are not a finished wizard, and of the guard.
///
/// Every method has a plain default; a server overrides the ones it words otherwise
/// and hands its texts to [`Flow::with_texts`](crate::Flow::with_texts). A text may
/// name the server's own tools (the wizard's `alternative`, for one), which the runtime
/// cannot know.
///
/// ```
/// use wizard::{Flow, StateKeys, Texts, WizardInfo};
///
/// struct RoomTexts;
///
/// impl Texts for RoomTexts {
///     fn cancelled(&self, wizard: &WizardInfo) -> String {
///         format!("{} cancelled. Nothing was booked.", wizard.noun)
///     }
/// }
///
/// let flow = Flow::new(StateKeys::random()).with_texts(RoomTexts);
/// # let _ = flow;
/// ```
pub trait Texts: Send + Sync + 'static {
    /// The user cancelled, declined a required question or said no at the summary.
    /// Default: `Booking cancelled.`
    fn cancelled(&self, wizard: &WizardInfo) -> String {
        format!("{} cancelled.", wizard.noun)
    }

    /// The summary was accepted with its box unticked: a client shows the summary's
    /// yes/no as a checkbox beside an Accept button, and Accept alone sends no. Nothing
    /// was done. Default: `Nothing was done: the box 'Book the room' was not ticked.`
    fn unticked(&self, wizard: &WizardInfo) -> String {
        format!(
            "Nothing was done: the box '{}' was not ticked.",
            wizard.confirm_title()
        )
    }

    /// The description of the summary's checkbox, whose label is
    /// [`WizardInfo::confirm_title`]: what a tick does, and that accepting without one
    /// does nothing. Default: `Tick this box, then accept, to go ahead as summarised.
    /// Accepting without ticking it does nothing.`
    fn confirm_field(&self, wizard: &WizardInfo) -> String {
        let _ = wizard;
        "Tick this box, then accept, to go ahead as summarised. Accepting without ticking it \
         does nothing."
            .to_owned()
    }

    /// The answer to the question `key` could not be used (`why`). Default:
    /// `collecting room: …`
    fn question_failed(&self, wizard: &WizardInfo, key: &str, why: &str) -> String {
        let _ = wizard;
        format!("collecting {key}: {why}")
    }

    /// The answer to the final yes/no could not be used, or the finished value could
    /// not be built. Default: `confirming the booking failed: …`
    fn summary_failed(&self, wizard: &WizardInfo, why: &str) -> String {
        format!(
            "confirming the {} failed: {why}",
            wizard.noun.to_lowercase()
        )
    }

    /// The echoed requestState was not issued by this server, or was altered. Default:
    /// `booking failed: …`
    fn state_refused(&self, wizard: &WizardInfo, why: &str) -> String {
        format!("{} failed: {why}", wizard.noun.to_lowercase())
    }

    /// A live check refused the answer to the question `key` [`TRIES`](crate::live::TRIES)
    /// times; `reason` is its last refusal. Default:
    /// ``Booking stopped: Room `aurora` is taken on 2026-07-28. The answer to `day` was
    /// refused 3 times; nothing was done.``
    fn gave_up(&self, wizard: &WizardInfo, key: &str, reason: &str) -> String {
        format!(
            "{} stopped: {} The answer to `{key}` was refused {} times; nothing was done.",
            wizard.noun,
            crate::live::sentence(reason),
            crate::live::TRIES
        )
    }

    /// The wizard's intro stopped it before the first question (`reason`). Default:
    /// ``Booking stopped: Building `West` is closed. Nothing was done.``
    fn stopped(&self, wizard: &WizardInfo, reason: &str) -> String {
        format!(
            "{} stopped: {} Nothing was done.",
            wizard.noun,
            crate::live::sentence(reason)
        )
    }

    /// The client declared no elicitation, or no channel reaches it. The default names
    /// the wizard's `alternative` when it has one, and nothing else.
    fn unsupported(&self, wizard: &WizardInfo) -> String {
        let mut text =
            "This client does not support elicitation, so this wizard cannot ask its questions."
                .to_owned();
        push_alternative(&mut text, wizard);
        text
    }

    /// The client declared url-mode elicitation only.
    fn form_unsupported(&self, wizard: &WizardInfo) -> String {
        let mut text = "This client does not support form elicitation (it declared url mode \
                        only), so this wizard cannot ask its questions."
            .to_owned();
        push_alternative(&mut text, wizard);
        text
    }

    /// The user declined or cancelled a [`guard`](crate::guard)'s yes/no. Default: `Cancelled by the user.`
    fn guard_cancelled(&self) -> String {
        "Cancelled by the user.".to_owned()
    }

    /// A [`guard`](crate::guard)'s yes/no, labelled `title`, was accepted with its box
    /// unticked. Default: `Nothing was done: the box 'Cancel the booking' was not ticked.`
    fn guard_unticked(&self, title: &str) -> String {
        format!("Nothing was done: the box '{title}' was not ticked.")
    }

    /// A guard's yes/no could not be asked or answered (`why`): the guard fails
    /// closed. Default: `Confirmation failed: …. Nothing was done.`
    fn guard_failed(&self, why: &str) -> String {
        format!(
            "Confirmation failed: {}. Nothing was done.",
            why.trim_end_matches('.')
        )
    }

    /// A repeat of a confirmed round whose first request is still acting, after waiting
    /// for it. Default: `This confirmation is still being carried out …`
    fn already_running(&self) -> String {
        "This confirmation is still being carried out by an earlier request with the same \
         requestState; it was not started again. Repeat the request in a moment to get its \
         result."
            .to_owned()
    }

    /// The round acting on a yes could not be claimed (`why`), so nothing was done.
    /// Default: `The confirmation could not be recorded: …. Nothing was done; …`
    fn claims_unavailable(&self, why: &str) -> String {
        format!(
            "The confirmation could not be recorded: {}. Nothing was done; repeat the \
             request once the server's claims store is reachable again.",
            why.trim_end_matches('.')
        )
    }
}

/// ` Use the `room.book` action instead, passing every field in one call.`
fn push_alternative(text: &mut String, wizard: &WizardInfo) {
    if let Some(alternative) = wizard.alternative {
        text.push_str(&format!(
            " Use the `{alternative}` action instead, passing every field in one call."
        ));
    }
}

/// The default texts: `Booking cancelled.`, `collecting room: …`, and the rest as
/// each [`Texts`] method says.
///
/// ```
/// # use wizard::{DefaultTexts, Texts, WizardInfo};
/// let info = WizardInfo { tool: "rooms_book", id: None, alternative: None, confirm: None, noun: "Booking", doc: "" };
/// assert_eq!(DefaultTexts.cancelled(&info), "Booking cancelled.");
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct DefaultTexts;

impl Texts for DefaultTexts {}
