//! The machine that walks one wizard: which question comes next, what it says, and what
//! an answer does. Both wire drivers are thin loops over it, so the same questions come
//! in the same order, worded the same, on both paths. Its only IO is the server's own,
//! through the wizard's [`live`](crate::live) functions: the intro, a live choice's
//! options, a live check.
//!
//! Everything a later round needs is in [`Place`], which the 2026-07-28 path seals into
//! `requestState`: the answers so far, the position, and the question being asked (what
//! it offered, how often its answer was refused and why).

use std::borrow::Cow;

use rmcp::model::ElicitationSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::each::{ListStep, MAX_ITEMS, MAX_ITEMS_BYTES, Position};
use crate::flow::outcome::{Ended, Stage};
use crate::flow::reply::Reply;
use crate::form::{
    CONFIRM_KEY, Options, Prompt, PromptKind, is_unset, typed_schema, validate_prompt,
};
use crate::live::{Intro, Live, Offer, Start, TRIES, Verdict, offerable, sentence};
use crate::question::{DefaultValue, Question};
use crate::summary::{SummaryPart, render_summary, render_summary_lines};
use crate::texts::Texts;
use crate::wizard::{Unusable, Wizard};

/// How far a wizard got: the answers so far and the position from which the next
/// question is looked for (a declined optional question leaves its field unset, so the
/// draft alone cannot say which questions were asked), the question being asked, and
/// what the intro showed.
#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
pub(crate) struct Place<W: Wizard> {
    #[serde(rename = "a")]
    pub(crate) at: usize,
    #[serde(rename = "d")]
    pub(crate) draft: W::Draft,
    #[serde(rename = "q", default, skip_serializing_if = "Asking::is_fresh")]
    asking: Asking,
    #[serde(rename = "i", default, skip_serializing_if = "Option::is_none")]
    intro: Option<String>,
    /// A list step's items and the answers about them, while it is the current step.
    #[serde(rename = "l", default, skip_serializing_if = "Option::is_none")]
    list: Option<Walk>,
    /// The yes/nos the intro started on the server's own setting, by key: each is
    /// offered ticked or not as the server has it (the draft holds it already).
    #[serde(rename = "s", default, skip_serializing_if = "Vec::is_empty")]
    starting: Vec<(String, bool)>,
    /// The questions the intro settled: not asked (the draft holds their answer).
    #[serde(rename = "x", default, skip_serializing_if = "Vec::is_empty")]
    settled: Vec<String>,
}

/// How far a list step got: its items as read, the item being asked about, and which of
/// its questions comes next (from `asked` on, as `at` does for the wizard's own).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
struct Walk {
    #[serde(rename = "i")]
    items: Vec<Value>,
    /// The item being asked about; `items.len()` once every item is answered.
    #[serde(rename = "n", default)]
    at: usize,
    /// The position in the item's questions from which the next one is looked for.
    #[serde(rename = "q", default)]
    asked: usize,
    /// The current item's answers so far; `None` before the first.
    #[serde(rename = "a", default, skip_serializing_if = "Option::is_none")]
    answers: Option<Value>,
    /// Each answered item's answers, in order.
    #[serde(rename = "d", default)]
    done: Vec<Option<Value>>,
}

impl Walk {
    fn position(&self) -> Position {
        Position {
            number: self.at + 1,
            count: self.items.len(),
        }
    }

    /// Whether nothing about any item was answered yet.
    fn is_fresh(&self) -> bool {
        self.at == 0 && self.asked == 0
    }
}

/// The question being asked, beyond its static text.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
struct Asking {
    /// A live choice's options, as offered; empty when it is asked as text instead;
    /// `None` until fetched (and for every other question).
    #[serde(rename = "o", default, skip_serializing_if = "Option::is_none")]
    offered: Option<Vec<Offer>>,
    /// How many answers to it were refused so far.
    #[serde(rename = "n", default, skip_serializing_if = "is_zero")]
    refused: usize,
    /// Why the last one was, shown before the question when it is asked again.
    #[serde(rename = "r", default, skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl Asking {
    fn is_fresh(&self) -> bool {
        *self == Asking::default()
    }

    /// The options offered as a choice, when they were.
    fn choice(&self) -> Option<&[Offer]> {
        self.offered
            .as_deref()
            .filter(|offered| !offered.is_empty())
    }
}

impl<W: Wizard> Place<W> {
    fn start() -> Self {
        Place {
            at: 0,
            draft: W::Draft::default(),
            asking: Asking::default(),
            intro: None,
            list: None,
            starting: Vec::new(),
            settled: Vec::new(),
        }
    }

    /// What the intro read for some questions, taken into the draft: a yes/no's
    /// starting value, a settled answer. `Err` names an intro that presets what this
    /// wizard does not ask as it says: a mistake in the server, stopped rather than
    /// guessed at.
    fn preset(&mut self, start: Start) -> Result<(), String> {
        for preset in start.presets {
            let step = W::STEPS
                .iter()
                .copied()
                .find(|step| W::question(*step).key == preset.key)
                .ok_or_else(|| format!("the intro presets `{}`, no question of it", preset.key))?;
            let question = W::question(step);
            if let Some(value) = preset.value {
                let wrong =
                    |why: String| format!("the intro's `{}` does not fit: {why}", preset.key);
                if preset.asked && !matches!(value, Value::Bool(_)) {
                    return Err(wrong("only a yes/no starts on a value".to_owned()));
                }
                let content = serde_json::Map::from_iter([(question.property().to_owned(), value)]);
                let value = validate_prompt(&Prompt::from(question), Some(&content))
                    .map_err(|malformed| wrong(malformed.to_string()))?;
                W::apply(&mut self.draft, step, &value).map_err(|why| wrong(why.to_string()))?;
                if let (true, Value::Bool(yes)) = (preset.asked, value) {
                    self.starting.push((preset.key.to_owned(), yes));
                }
            }
            if !preset.asked {
                self.settled.push(preset.key.to_owned());
            }
        }
        if !start.text.trim().is_empty() {
            self.intro = Some(start.text);
        }
        Ok(())
    }

    /// The starting value the intro gave the question `key`, if any.
    fn starts_on(&self, key: &str) -> Option<bool> {
        self.starting
            .iter()
            .find_map(|(started, yes)| (started == key).then_some(*yes))
    }

    /// Whether no question was answered yet: the intro shows before it.
    fn is_first_question(&self) -> bool {
        self.at == 0 && self.list.as_ref().is_none_or(Walk::is_fresh)
    }
}

impl<W: Wizard> std::fmt::Debug for Place<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Place")
            .field("at", &self.at)
            .field("draft", &self.draft)
            .field("asking", &self.asking)
            .field("intro", &self.intro)
            .field("list", &self.list)
            .field("starting", &self.starting)
            .field("settled", &self.settled)
            .finish()
    }
}

/// The question to send: its exchange key, message and `requestedSchema`, and how a
/// progress notification names it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Turn {
    pub key: &'static str,
    pub message: Cow<'static, str>,
    /// The `requestedSchema`, or why it cannot be sent.
    pub schema: Result<ElicitationSchema, String>,
    /// 1-based position among the wizard's questions (the summary comes last).
    pub number: usize,
    /// The field's label: `Labels`; at the summary, its yes/no's (`Create the issue?`).
    pub label: Cow<'static, str>,
}

impl Turn {
    /// How many steps a wizard may take: its questions and the summary.
    pub(crate) const fn total<W: Wizard>() -> usize {
        W::QUESTIONS.len() + 1
    }
}

/// A list item's question as it is asked now: which question, what the item is, and the
/// text it is pre-filled with.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ItemQuestion {
    pub question: &'static Question,
    pub about: String,
    pub default: Option<String>,
}

impl ItemQuestion {
    /// The form it is asked and validated with.
    pub(crate) fn prompt(&self) -> Prompt<'_> {
        let mut prompt = Prompt::from(self.question);
        if let Some(text) = &self.default {
            prompt.default = Some(DefaultValue::Text(text));
        }
        prompt
    }
}

/// What an answer led to.
#[derive(Debug)]
pub(crate) enum Next<W> {
    /// Ask the question now current: the next one, or the same one again.
    Ask,
    Finished(W),
    Cancelled,
    /// The summary was accepted with its box unticked.
    Unticked,
    Failed(Stage, String),
    /// The server's reason to stop: the answer to this question was refused too often.
    Refused(Stage, String),
}

impl<W> Next<W> {
    /// How the driver stops, or `None` when it asks the current question next.
    pub(crate) fn ended(self) -> Option<Ended<W>> {
        match self {
            Next::Ask => None,
            Next::Finished(wizard) => Some(Ended::Finished(wizard)),
            Next::Cancelled => Some(Ended::Cancelled),
            Next::Unticked => Some(Ended::Unticked),
            Next::Failed(stage, why) => Some(Ended::Failed(stage, why)),
            Next::Refused(stage, why) => Some(Ended::Refused(stage, why)),
        }
    }
}

/// A wizard with its tool arguments (needed by the summary and by `finish`), the
/// server's context (needed by the live functions) and its texts (the summary's field
/// says what a tick does in the server's words).
pub(crate) struct Machine<'a, W: Wizard> {
    pub(crate) context: &'a W::Context,
    pub(crate) args: &'a W::Args,
    pub(crate) texts: &'a dyn Texts,
}

impl<'a, W: Wizard> Machine<'a, W> {
    /// The question asked now: the first at or after the position whose condition
    /// holds and which the intro did not settle.
    fn current(place: &Place<W>) -> Option<W::Step> {
        W::STEPS.iter().skip(place.at).copied().find(|step| {
            W::is_asked(&place.draft, *step)
                && !place
                    .settled
                    .iter()
                    .any(|key| key == W::question(*step).key)
        })
    }

    fn live<'b>(&'b self, draft: &'b W::Draft) -> Live<'b, W> {
        Live {
            context: self.context,
            args: self.args,
            draft,
        }
    }

    /// The stage a failure at the current question is reported under: a list item's
    /// question by its own key.
    pub(crate) fn stage(place: &Place<W>) -> Stage {
        match Self::current(place) {
            Some(step) => match Self::item_question(place, step) {
                Ok((Some(index), _)) => Stage::Question(Self::each(step)[index].key),
                _ if W::list(step).is_some() => Stage::List(W::question(step).key),
                _ => Stage::Question(W::question(step).key),
            },
            None => Stage::Summary,
        }
    }

    /// The questions of the list step `step` (empty for any other step).
    fn each(step: W::Step) -> &'static [Question] {
        W::list(step).map_or(&[], |list| list.questions())
    }

    /// The form of the current question as it is asked now (a live choice offers what
    /// was fetched), for a driver that draws its own prompt; `None` at the summary and
    /// at a list item's question ([`Machine::item`]).
    #[cfg_attr(not(feature = "terminal"), allow(dead_code))]
    pub(crate) fn prompt(place: &Place<W>) -> Option<Prompt<'_>> {
        Self::current(place)
            .filter(|step| W::list(*step).is_none())
            .map(|step| prompt(W::question(step), place))
    }

    /// The list item's question being asked, for a driver that draws its own prompt.
    #[cfg_attr(not(feature = "terminal"), allow(dead_code))]
    pub(crate) fn item(place: &Place<W>) -> Option<ItemQuestion> {
        let step = Self::current(place)?;
        let list = W::list(step)?;
        let (index, walk) = Self::item_question(place, step).ok()?;
        Self::item_asked(list, &walk, index?).ok()
    }

    /// Why the current question's last answer was refused, while it is asked again.
    #[cfg_attr(not(feature = "terminal"), allow(dead_code))]
    pub(crate) fn refusal(place: &Place<W>) -> Option<String> {
        place.asking.reason.as_deref().map(sentence)
    }

    /// The intro, while the first question is current.
    #[cfg_attr(not(feature = "terminal"), allow(dead_code))]
    pub(crate) fn intro(place: &Place<W>) -> Option<&str> {
        place.intro.as_deref().filter(|_| place.is_first_question())
    }

    /// Where a wizard starts: its intro runs first, once. `Err` is the intro's reason to
    /// stop before anything is asked.
    pub(crate) async fn start(&self) -> Result<Place<W>, String> {
        let mut place = Place::start();
        let intro = match W::intro(self.live(&place.draft)) {
            Some(intro) => intro.await,
            None => Intro::Nothing,
        };
        match intro {
            Intro::Show(text) if !text.trim().is_empty() => place.intro = Some(text),
            Intro::Show(_) | Intro::Nothing => {}
            Intro::Start(start) => place.preset(start)?,
            Intro::Stop(reason) => return Err(reason),
        }
        Ok(place)
    }

    /// The current question as it is sent now: a live choice's options are fetched the
    /// first time it is asked; a list step's items are read when it is reached, and its
    /// answer stored once the last item is answered; a refused answer's reason comes
    /// first; the intro shows before the first question and the summary. `Err` is how
    /// the wizard ends instead: a list that could not be read or is too long.
    pub(crate) async fn ask(&self, place: &mut Place<W>) -> Result<Turn, Next<W>> {
        let step = loop {
            let Some(step) = Self::current(place) else {
                return Ok(self.summary(place));
            };
            match W::list(step) {
                Some(list) => match self.walk(place, step, list).await? {
                    Some(turn) => return Ok(turn),
                    // Every item answered: on to the step after it.
                    None => continue,
                },
                None => break step,
            }
        };
        let question = W::question(step);
        if question.live_choices && place.asking.offered.is_none() {
            let fetched = match W::choices(self.live(&place.draft), step) {
                Some(options) => options.await.ok(),
                None => None,
            };
            place.asking.offered = Some(fetched.and_then(offerable).unwrap_or_default());
        }
        let prompt = prompt(question, place);
        let (message, schema, label) = Self::around(place, prompt, None, None);
        Ok(Turn {
            key: question.key,
            message: match message {
                Some(message) => Cow::Owned(message),
                None => Cow::Borrowed(question.message),
            },
            schema,
            number: W::index(step) + 1,
            label,
        })
    }

    /// The summary's turn: the final yes/no.
    fn summary(&self, place: &Place<W>) -> Turn {
        let message = self.summary_message(place, render_summary);
        let label = W::INFO.confirm_title();
        // The message is the summary; the field is labelled with what a tick does
        // and says that accepting without one does nothing, rather than showing the
        // whole summary again beside the checkbox: a client's Accept button next to
        // an unticked box must not read as a yes.
        let description = self.texts.confirm_field(&W::INFO);
        let field = Prompt::confirm(&description).titled(label);
        Turn {
            key: CONFIRM_KEY,
            schema: typed_schema(&field),
            message: Cow::Owned(message),
            number: Turn::total::<W>(),
            label: Cow::Borrowed(label),
        }
    }

    /// The summary as the terminal shows it: a value's lines kept, each indented under
    /// the first.
    #[cfg_attr(not(feature = "terminal"), allow(dead_code))]
    pub(crate) fn summary_on_terminal(&self, place: &Place<W>) -> String {
        self.summary_message(place, render_summary_lines)
    }

    /// The summary rendered by `render`, after the intro when there is one.
    fn summary_message(&self, place: &Place<W>, render: fn(&[SummaryPart]) -> String) -> String {
        let summary = render(&W::summary(&place.draft, self.args));
        match &place.intro {
            Some(intro) => format!("{intro}\n\n{summary}"),
            None => summary,
        }
    }

    /// What a question's turn says around it: the message when it is more than the
    /// question's own (`None` otherwise), the schema, and the label. A refused answer's
    /// reason stands apart from the question: its own paragraph before it, and the
    /// field's description, where a form shows what is wrong with the field.
    fn around(
        place: &Place<W>,
        prompt: Prompt<'_>,
        about: Option<&str>,
        within: Option<(&str, Position)>,
    ) -> (
        Option<String>,
        Result<ElicitationSchema, String>,
        Cow<'static, str>,
    ) {
        let reason = place.asking.reason.as_deref().map(sentence);
        let own = prompt.message;
        let mut prompt = prompt;
        if let Some(reason) = &reason {
            prompt.message = reason;
        }
        let schema = typed_schema(&prompt);
        let label = match within {
            Some((step, at)) => {
                format!("{} ({step} {} of {})", prompt.label(), at.number, at.count)
            }
            None => prompt.label().into_owned(),
        };
        let intro = Self::intro(place);
        let paragraphs: Vec<&str> = [intro, about, reason.as_deref()]
            .into_iter()
            .flatten()
            .collect();
        let message =
            (!paragraphs.is_empty()).then(|| format!("{}\n\n{own}", paragraphs.join("\n\n")));
        (message, schema, Cow::Owned(label))
    }

    /// A list step's next question: its items read when it is first reached, the items
    /// answered one by one; `None` once every item is, its answer stored.
    async fn walk(
        &self,
        place: &mut Place<W>,
        step: W::Step,
        list: &dyn ListStep<W>,
    ) -> Result<Option<Turn>, Next<W>> {
        let key = W::question(step).key;
        if place.list.is_none() {
            let items = list
                .read(self.live(&place.draft))
                .await
                .map_err(|reason| Next::Refused(Stage::List(key), reason))?;
            if let Some(reason) = too_long(&items) {
                return Err(Next::Refused(Stage::List(key), reason));
            }
            place.list = Some(Walk {
                items,
                ..Walk::default()
            });
        }
        let failed = |why: String| Next::Failed(Stage::List(key), why);
        let (index, walk) = Self::item_question(place, step).map_err(failed)?;
        place.list = Some(walk);
        let Some(index) = index else {
            return self.store_list(place, step).map(|()| None);
        };
        let walk = place.list.as_ref().expect("set above");
        let asked = Self::item_asked(list, walk, index).map_err(failed)?;
        let within = (label(W::question(step)), walk.position());
        let (message, schema, label) = Self::around(
            place,
            asked.prompt(),
            Some(&asked.about),
            Some((&within.0, within.1)),
        );
        Ok(Some(Turn {
            key: asked.question.key,
            message: Cow::Owned(message.unwrap_or_else(|| asked.question.message.to_owned())),
            schema,
            number: W::index(step) + 1,
            label,
        }))
    }

    /// The current list item's question asked now, by its index in the list's
    /// questions (`None` once every item is answered), and the walk as it then stands:
    /// an item whose questions are all answered or skipped is closed on the way, so that
    /// the next one is asked.
    fn item_question(place: &Place<W>, step: W::Step) -> Result<(Option<usize>, Walk), String> {
        let mut walk = place.list.clone().unwrap_or_default();
        let Some(list) = W::list(step) else {
            return Ok((None, walk));
        };
        while walk.at < walk.items.len() {
            let item = &walk.items[walk.at];
            for index in walk.asked..list.questions().len() {
                if list.is_asked(item, walk.answers.as_ref(), index)? {
                    return Ok((Some(index), walk));
                }
            }
            // Every question of this item is answered or skipped: what they make is
            // checked now, so that a fault shows at the item that has it.
            list.finish(item, walk.answers.as_ref())?;
            walk.done.push(walk.answers.take());
            walk.at += 1;
            walk.asked = 0;
        }
        Ok((None, walk))
    }

    fn item_asked(
        list: &dyn ListStep<W>,
        walk: &Walk,
        index: usize,
    ) -> Result<ItemQuestion, String> {
        let item = &walk.items[walk.at];
        Ok(ItemQuestion {
            question: &list.questions()[index],
            about: list.about(item, walk.position())?,
            default: list.default(item, walk.answers.as_ref(), index)?,
        })
    }

    /// Every item answered: what their answers made is the list step's answer.
    fn store_list(&self, place: &mut Place<W>, step: W::Step) -> Result<(), Next<W>> {
        let key = W::question(step).key;
        let failed = |why: String| Next::Failed(Stage::List(key), why);
        let walk = place.list.take().unwrap_or_default();
        let list = W::list(step).ok_or_else(|| failed("the step is not a list".into()))?;
        let made = walk
            .items
            .iter()
            .zip(&walk.done)
            .map(|(item, answers)| list.finish(item, answers.as_ref()))
            .collect::<Result<Vec<Value>, String>>()
            .map_err(failed)?;
        W::apply(&mut place.draft, step, &Value::Array(made))
            .map_err(|why| failed(why.to_string()))?;
        place.at = W::index(step) + 1;
        place.asking = Asking::default();
        Ok(())
    }

    /// Applies the user's answer to the current question: the next question, the same
    /// one again after a refusal, or an ending.
    pub(crate) async fn answer(&self, place: &mut Place<W>, reply: Reply) -> Next<W> {
        let Some(step) = Self::current(place) else {
            return self.confirm(place, reply);
        };
        if let Some(list) = W::list(step) {
            return Self::answer_item(place, step, list, reply);
        }
        let question = W::question(step);
        let content = match reply {
            Reply::Cancel => return Next::Cancelled,
            Reply::Decline if question.is_required() => return Next::Cancelled,
            Reply::Decline => None,
            Reply::Accept(content) => Some(content),
        };
        if let Some(content) = content {
            let failed = |why: String| Next::Failed(Stage::Question(question.key), why);
            // The answer is checked against the form that was sent: a live choice's own
            // options, or the text it fell back to.
            let value = match validate_prompt(&prompt(question, place), content.as_ref()) {
                Ok(value) => value,
                Err(malformed) => return failed(malformed.to_string()),
            };
            if !is_unset(question, &value) {
                let mut candidate = place.draft.clone();
                match W::apply(&mut candidate, step, &value) {
                    Ok(()) => {}
                    Err(Unusable::Malformed(why)) => return failed(why),
                    Err(Unusable::Refused(why)) => return refuse(place, question, why),
                }
                // An option the server offered a moment ago is not checked again.
                let picked = place.asking.choice().is_some();
                if !picked
                    && let Some(check) = W::check(self.live(&candidate), step)
                    && let Verdict::Reject(reason) = check.await
                {
                    return refuse(place, question, reason);
                }
                place.draft = candidate;
            }
        }
        place.at = W::index(step) + 1;
        place.asking = Asking::default();
        Next::Ask
    }

    /// The answer to a list item's question: stored with the item's answers, and the
    /// walk moved past it.
    fn answer_item(
        place: &mut Place<W>,
        step: W::Step,
        list: &dyn ListStep<W>,
        reply: Reply,
    ) -> Next<W> {
        let key = W::question(step).key;
        let (index, mut walk) = match Self::item_question(place, step) {
            Ok((Some(index), walk)) => (index, walk),
            Ok((None, _)) => {
                let why = "no list item was being asked about".to_owned();
                return Next::Failed(Stage::List(key), why);
            }
            Err(why) => return Next::Failed(Stage::List(key), why),
        };
        let asked = match Self::item_asked(list, &walk, index) {
            Ok(asked) => asked,
            Err(why) => return Next::Failed(Stage::List(key), why),
        };
        let question = asked.question;
        let content = match reply {
            Reply::Cancel => return Next::Cancelled,
            Reply::Decline if question.is_required() => return Next::Cancelled,
            Reply::Decline => None,
            Reply::Accept(content) => Some(content),
        };
        if let Some(content) = content {
            let failed = |why: String| Next::Failed(Stage::Question(question.key), why);
            let value = match validate_prompt(&asked.prompt(), content.as_ref()) {
                Ok(value) => value,
                Err(malformed) => return failed(malformed.to_string()),
            };
            if !is_unset(question, &value) {
                match list.apply(walk.answers.as_ref(), index, &value) {
                    Ok(answers) => walk.answers = Some(answers),
                    Err(Unusable::Malformed(why)) => return failed(why),
                    Err(Unusable::Refused(why)) => return refuse(place, question, why),
                }
            }
        }
        walk.asked = index + 1;
        place.list = Some(walk);
        place.asking = Asking::default();
        Next::Ask
    }

    /// The final yes/no: yes builds the wizard; decline and cancel end the flow, and so
    /// does an accept with the box unticked, which ends saying so.
    fn confirm(&self, place: &mut Place<W>, reply: Reply) -> Next<W> {
        let content = match reply {
            Reply::Cancel | Reply::Decline => return Next::Cancelled,
            Reply::Accept(content) => content,
        };
        let failed = |why: String| Next::Failed(Stage::Summary, why);
        match validate_prompt(&Prompt::confirm(""), content.as_ref()) {
            Ok(Value::Bool(true)) => {}
            Ok(_) => return Next::Unticked,
            Err(malformed) => return failed(malformed.to_string()),
        }
        match W::finish(std::mem::take(&mut place.draft), self.args.clone()) {
            Ok(wizard) => Next::Finished(wizard),
            Err(why) => failed(why),
        }
    }
}

/// A question's label in a form: its title, else its key in words.
fn label(question: &Question) -> String {
    Prompt::from(question).label().into_owned()
}

/// The form of `question` as it is asked now: a live choice offers what was fetched; a
/// yes/no the intro started on the server's setting starts there.
fn prompt<'q, W: Wizard>(question: &'q Question, place: &'q Place<W>) -> Prompt<'q> {
    let mut prompt = Prompt::from(question);
    if let Some(options) = place.asking.choice() {
        prompt.kind = PromptKind::Choice(Options::Offers(options));
    }
    if let Some(yes) = place.starts_on(question.key) {
        prompt.default = Some(DefaultValue::Bool(yes));
    }
    prompt
}

/// Why a list read is too long to ask about one item at a time, when it is.
fn too_long(items: &[Value]) -> Option<String> {
    let bytes: usize = items.iter().map(|item| item.to_string().len()).sum();
    (items.len() > MAX_ITEMS || bytes > MAX_ITEMS_BYTES).then(|| {
        format!(
            "There are {} items to ask about ({} KiB), more than can be asked one at a time (at most {MAX_ITEMS}, {} KiB in all); do it in smaller parts",
            items.len(),
            bytes.div_ceil(1024),
            MAX_ITEMS_BYTES / 1024
        )
    })
}

/// One more refusal of the current question's answer: asked again with `reason`, or,
/// after the last try, the end of the wizard.
fn refuse<W: Wizard>(place: &mut Place<W>, question: &Question, reason: String) -> Next<W> {
    place.asking.refused += 1;
    if place.asking.refused >= TRIES {
        return Next::Refused(Stage::Question(question.key), reason);
    }
    place.asking.reason = Some(reason);
    Next::Ask
}
