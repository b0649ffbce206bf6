//! A single form: every question of a wizard in one `requestedSchema`, for answers
//! that belong together on one screen rather than one question at a time.
//!
//! A wizard opts in with `#[wizard(single_form)]`, which implements [`SingleForm`].
//! Each question becomes one property named after its key; a choice may show its
//! titles (SEP-1330) and every question may carry a default (SEP-1034), a yes/no's
//! `true` included: the user submits the whole form, so a pre-filled yes is one value
//! among several and not, as in a one-question yes/no, the decision itself.

use serde_json::{Map, Value, json};

use crate::flat::validate_against;
use crate::form::{Prompt, check_question, is_unset, property, validate_answer};
use crate::prompt::{PromptError, Prompter};
use crate::question::{ChoiceOption, DefaultValue, Kind, Question, Titles};
use crate::wizard::Wizard;

/// A wizard asked as one form; implemented by `#[derive(Wizard)]` with
/// `#[wizard(single_form)]`. Ask it with [`ask`].
pub trait SingleForm: Wizard {
    /// The choice questions that show their options' titles, by key (`#[ask(..,
    /// titled)]`, `#[ask(.., enum_names)]`); every other choice offers bare values.
    const TITLES: &'static [(&'static str, Titles)];
}

/// The answers of a single form: the finished wizard, and the validated content as
/// the client sent it.
#[derive(Debug, Clone)]
pub struct Filled<W> {
    pub wizard: W,
    pub content: Map<String, Value>,
}

/// The one `requestedSchema` asking every question of `W`: a property per question,
/// named after its key, `required` listing the questions that must be answered (a
/// required text also gets `minLength: 1`). Fails when a question cannot be asked.
pub fn schema<W: SingleForm>() -> Result<Map<String, Value>, String> {
    let mut properties = Map::new();
    let mut required = Vec::new();
    for question in W::QUESTIONS {
        check_question(question)?;
        let key = question.key;
        if question.when.is_some() {
            return Err(format!(
                "`{key}` is asked only after an earlier yes, but a single form asks every question at once"
            ));
        }
        let prompt = Prompt::from(question);
        let mut property = property(&prompt, &prompt.label());
        if let (Kind::YesNo, Some(DefaultValue::Bool(yes))) = (question.kind, question.default) {
            property.insert("default".into(), yes.into());
        }
        if let Some(titles) = titles_of::<W>(key) {
            show_titles(question, titles, &mut property)?;
        }
        if properties.insert(key.to_owned(), property.into()).is_some() {
            return Err(format!("two questions share the key `{key}`"));
        }
        if prompt.must_fill() {
            required.push(key);
        }
    }
    if let Some((key, _)) = W::TITLES
        .iter()
        .find(|(key, _)| !properties.contains_key(*key))
    {
        return Err(format!(
            "titles are set for `{key}`, which is not a question"
        ));
    }
    let mut schema = Map::new();
    schema.insert("type".into(), "object".into());
    schema.insert("properties".into(), properties.into());
    schema.insert("required".into(), json!(required));
    Ok(schema)
}

/// Builds `W` from the content of an accepted single form: checked against
/// [`schema`], then each answer stored as the one-question path would store
/// it. An optional question left out or left empty stays unset.
pub fn from_form<W: SingleForm>(
    content: &Map<String, Value>,
    args: W::Args,
) -> Result<W, PromptError> {
    let schema = schema::<W>().map_err(PromptError::Invalid)?;
    validate_against(&Value::Object(schema), content)
        .map_err(|malformed| PromptError::Malformed(malformed.to_string()))?;
    fill(content, args)
}

/// Stores each answer of content already checked against [`schema`] as the
/// one-question path would store it, and builds `W`.
fn fill<W: SingleForm>(content: &Map<String, Value>, args: W::Args) -> Result<W, PromptError> {
    let mut draft = W::Draft::default();
    for &step in W::STEPS {
        let question = W::question(step);
        let malformed = |why: &dyn std::fmt::Display| {
            PromptError::Malformed(format!("`{}`: {why}", question.key))
        };
        // The one-question validator reads the answer under the property it would
        // have asked for (`selection`, `confirmed`, ..) and normalises it; a field left
        // out is its empty answer there too.
        let single = content
            .get(question.key)
            .map(|value| Map::from_iter([(question.property().to_owned(), value.clone())]))
            .unwrap_or_default();
        let value = validate_answer(question, Some(&single)).map_err(|why| malformed(&why))?;
        if !is_unset(question, &value) {
            W::apply(&mut draft, step, &value).map_err(|why| malformed(&why))?;
        }
    }
    W::finish(draft, args).map_err(PromptError::Malformed)
}

/// Asks every question of `W` in one form (exchange `id`, shown with `message`) on
/// the path the client declared, and builds `W` from the answers. On the MRTR path
/// the first call queues the form ([`PromptError::Pending`]): return
/// [`Prompter::input_required`] and call again with the client's answer.
pub async fn ask<W: SingleForm>(
    prompter: &mut Prompter,
    id: &str,
    message: &str,
    args: W::Args,
) -> Result<Filled<W>, PromptError> {
    let schema = schema::<W>().map_err(PromptError::Invalid)?;
    // `gather` checks the content against the schema it sent.
    let content = prompter.gather(id, message, schema).await?;
    let wizard = fill::<W>(&content, args)?;
    Ok(Filled { wizard, content })
}

fn titles_of<W: SingleForm>(key: &str) -> Option<Titles> {
    W::TITLES
        .iter()
        .find(|(titled, _)| *titled == key)
        .map(|(_, titles)| *titles)
}

/// Rewrites a choice's options to show their titles.
fn show_titles(
    question: &Question,
    titles: Titles,
    property: &mut Map<String, Value>,
) -> Result<(), String> {
    let key = question.key;
    let titled = |options: &[ChoiceOption]| -> Value {
        options
            .iter()
            .map(|option| json!({"const": option.value, "title": option.title}))
            .collect()
    };
    match (titles, question.kind) {
        (Titles::Titled, Kind::Choice(options)) => {
            property.remove("enum");
            property.insert("oneOf".into(), titled(options));
        }
        (Titles::Titled, Kind::MultiSelect { options, .. }) => {
            property.insert("items".into(), json!({"anyOf": titled(options)}));
        }
        (Titles::EnumNames, Kind::Choice(options)) => {
            // The legacy way: values under `enum`, their titles in the same order.
            property.remove("oneOf");
            let values = options.iter().map(|option| option.value).collect();
            let names = options.iter().map(|option| option.title).collect();
            property.insert("enum".into(), values);
            property.insert("enumNames".into(), names);
        }
        (Titles::EnumNames, _) => {
            return Err(format!(
                "`{key}` asks for `enumNames`, which only a single choice of a `#[derive(Choice)]` enum can show"
            ));
        }
        (Titles::Titled, _) => {
            return Err(format!(
                "`{key}` asks for titles, which only a choice of a `#[derive(Choice)]` enum can show"
            ));
        }
    }
    Ok(())
}
