//! One question as a terminal prompt: a text or a number typed on a line with line
//! editing, a choice or a yes/no drawn by inquire; every answer checked by the validator
//! the wire paths use (a bad number is refused with the same reason and asked again on
//! an empty line), and the result handed back as the [`Reply`] a client would send.

use std::sync::Arc;

use inquire::error::InquireResult;
use inquire::list_option::ListOption;
use inquire::validator::Validation;
use inquire::{InquireError, MultiSelect, Select};
use serde_json::{Map, Number, Value};

use super::style::{self, CANCELLED, SKIPPED};
use super::{line, markdown};
use crate::flow::Reply;
use crate::form::{Options, Prompt, PromptKind, validate_prompt};
use crate::question::{DefaultValue, Requirement};

/// The option an optional choice adds, to decline it.
const SKIP: &str = "(skip)";

/// One prompt, owned, so that it can be drawn on a blocking thread.
pub(crate) struct Ask {
    /// What comes before the prompt's own line: the intro, or the summary.
    preamble: Option<String>,
    /// The prompt's line: the question, or the summary's yes/no.
    line: String,
    key: &'static str,
    requirement: Requirement,
    form: Form,
}

enum Form {
    Text {
        default: Option<String>,
    },
    Number {
        min: Option<f64>,
        max: Option<f64>,
        integer: bool,
        default: Option<String>,
    },
    /// A yes/no, starting on `default` (no, unless the server read otherwise).
    YesNo {
        default: bool,
    },
    /// A choice by its wire values and the titles shown; an integer choice offers and
    /// is answered with its numbers as strings, as on the wire.
    Choice {
        values: Vec<String>,
        titles: Vec<String>,
        default: Option<usize>,
    },
    MultiSelect {
        values: Vec<String>,
        titles: Vec<String>,
        min_items: Option<u32>,
        max_items: Option<u32>,
    },
    /// The final yes/no, below the summary.
    Summary,
}

impl Ask {
    /// A question's `prompt`, after `preamble` (the intro, before the first question).
    pub(crate) fn question(preamble: Option<&str>, key: &'static str, prompt: Prompt<'_>) -> Self {
        let preamble = preamble.map(str::to_owned);
        let line = prompt.message.to_owned();
        let default_text = match prompt.default {
            Some(DefaultValue::Text(text)) => Some(text.to_owned()),
            Some(DefaultValue::Integer(n)) => Some(n.to_string()),
            Some(DefaultValue::Number(n)) => Some(n.to_string()),
            Some(DefaultValue::Bool(_)) | None => None,
        };
        let form = match prompt.kind {
            PromptKind::Text => Form::Text {
                default: default_text,
            },
            PromptKind::Number { min, max, integer } => Form::Number {
                min,
                max,
                integer,
                default: default_text,
            },
            PromptKind::YesNo => Form::YesNo {
                default: prompt.default == Some(DefaultValue::Bool(true)),
            },
            PromptKind::Choice(options) => {
                let values: Vec<String> = options.values().map(str::to_owned).collect();
                Form::Choice {
                    default: position(&values, default_text.as_deref()),
                    titles: titles(options),
                    values,
                }
            }
            PromptKind::IntegerChoice(numbers) => {
                let values: Vec<String> = numbers.iter().map(i64::to_string).collect();
                Form::Choice {
                    default: position(&values, default_text.as_deref()),
                    titles: values.clone(),
                    values,
                }
            }
            PromptKind::MultiSelect {
                options,
                min_items,
                max_items,
            } => Form::MultiSelect {
                values: options.values().map(str::to_owned).collect(),
                titles: titles(options),
                min_items,
                max_items,
            },
        };
        Ask {
            preamble,
            line,
            key,
            requirement: prompt.requirement,
            form,
        }
    }

    /// The summary, then its yes/no reading `label`.
    pub(crate) fn summary(summary: &str, key: &'static str, label: &str) -> Self {
        Ask {
            preamble: Some(summary.to_owned()),
            line: label.to_owned(),
            key,
            requirement: Requirement::Required,
            form: Form::Summary,
        }
    }

    /// The question as the validator reads it.
    fn prompt(&self) -> Prompt<'_> {
        let kind = match &self.form {
            Form::Text { .. } => PromptKind::Text,
            Form::Number {
                min, max, integer, ..
            } => PromptKind::Number {
                min: *min,
                max: *max,
                integer: *integer,
            },
            Form::YesNo { .. } | Form::Summary => PromptKind::YesNo,
            Form::Choice { values, .. } => PromptKind::Choice(Options::Strings(values)),
            Form::MultiSelect {
                values,
                min_items,
                max_items,
                ..
            } => PromptKind::MultiSelect {
                options: Options::Strings(values),
                min_items: *min_items,
                max_items: *max_items,
            },
        };
        Prompt {
            key: self.key,
            message: &self.line,
            title: None,
            kind,
            requirement: self.requirement,
            default: None,
        }
    }

    fn optional(&self) -> bool {
        self.requirement == Requirement::Optional
    }

    /// The form's content holding `value`, as a client would send it.
    fn content(&self, value: Value) -> Map<String, Value> {
        Map::from_iter([(self.prompt().property().to_owned(), value)])
    }

    /// Whether `value` answers the question; the reason it does not, worded as on the
    /// wire.
    fn check(&self, value: Value) -> Result<(), String> {
        validate_prompt(&self.prompt(), Some(&self.content(value)))
            .map(drop)
            .map_err(|malformed| malformed.to_string())
    }

    /// A multi-select's answer: the values at `indices`.
    fn picked(&self, indices: impl Iterator<Item = usize>) -> Value {
        match &self.form {
            Form::MultiSelect { values, .. } => {
                indices.map(|i| Value::String(values[i].clone())).collect()
            }
            _ => Value::Array(Vec::new()),
        }
    }

    /// Draws the prompt and waits for the answer; `Err` when the terminal fails.
    pub(crate) fn reply(self) -> Result<Answered, String> {
        // inquire keeps its validators for `'static`: they hold the question by `Arc`.
        let ask = Arc::new(self);
        if let Some(preamble) = &ask.preamble {
            eprintln!("\n{}\n", markdown::shown(preamble));
        }
        let style = style::render_config();
        let optional = ask.optional();
        let line = markdown::shown(&ask.line);
        let drawn = |reply: Reply| Ok(Answered { reply, line: None });
        let accept = |value: Value| drawn(Reply::Accept(Some(ask.content(value))));
        match &ask.form {
            Form::Text { default } | Form::Number { default, .. } => {
                let integer = match ask.form {
                    Form::Number { integer, .. } => Some(integer),
                    _ => None,
                };
                let typed = |input: &str| match integer {
                    Some(integer) => number(input, integer),
                    None => Value::String(input.to_owned()),
                };
                // A text's default is on the line already, to be changed as a form's field
                // is; Enter on an empty line takes a number's, else skips an optional
                // question.
                let initial = match (integer, default) {
                    (None, Some(default)) => default.as_str(),
                    _ => "",
                };
                let hint = match default {
                    Some(default) if integer.is_some() => Some(format!("Enter for {default}")),
                    _ => optional.then(|| "Enter alone skips".to_owned()),
                };
                loop {
                    let Some(mut input) = line::read(&line, hint.as_deref(), initial)? else {
                        eprintln!("{}", style::unanswered(&line, CANCELLED));
                        return drawn(Reply::Cancel);
                    };
                    if let Some(default) = default
                        .as_ref()
                        .filter(|_| input.is_empty() && integer.is_some())
                    {
                        input.clone_from(default);
                    }
                    if optional && input.trim().is_empty() {
                        return Ok(Answered::later(
                            Reply::Decline,
                            style::unanswered(&line, SKIPPED),
                        ));
                    }
                    let value = typed(&input);
                    match ask.check(value.clone()) {
                        Ok(()) => {
                            return Ok(Answered::later(
                                Reply::Accept(Some(ask.content(value))),
                                style::answered(&line, &input),
                            ));
                        }
                        // Asked again on an empty line, below the reason.
                        Err(reason) => eprintln!("{}", style::refused(&markdown::shown(&reason))),
                    }
                }
            }
            // Typed on a line as a text is, so that the same keys edit it.
            Form::YesNo { .. } | Form::Summary => {
                let (default, summary) = match ask.form {
                    Form::YesNo { default } => (default, false),
                    _ => (false, true),
                };
                let hint = match (default, optional) {
                    (false, false) => "y/N",
                    (true, false) => "Y/n",
                    (false, true) => "y/N, s to skip",
                    (true, true) => "Y/n, s to skip",
                };
                let expected = if optional {
                    "Type y, n or s (skip)"
                } else {
                    "Type y or n"
                };
                loop {
                    let Some(input) = line::read(&line, Some(hint), "")? else {
                        eprintln!("{}", style::unanswered(&line, CANCELLED));
                        return drawn(Reply::Cancel);
                    };
                    let said = match input.trim() {
                        "" if default => Ok(Said::Yes),
                        "" => Ok(Said::No),
                        typed => typed.parse::<Said>(),
                    };
                    let yes = match said {
                        Ok(Said::Skip) if optional => {
                            return Ok(Answered::later(
                                Reply::Decline,
                                style::unanswered(&line, SKIPPED),
                            ));
                        }
                        Ok(Said::Yes) => true,
                        Ok(Said::No) => false,
                        Ok(Said::Skip) | Err(()) => {
                            eprintln!("{}", style::refused(expected));
                            continue;
                        }
                    };
                    // A no at the summary is the user's no, as a decline is on the wire,
                    // not a form sent with its box unticked.
                    let reply = if summary && !yes {
                        Reply::Decline
                    } else {
                        Reply::Accept(Some(ask.content(Value::Bool(yes))))
                    };
                    let shown = Said::from(yes).to_string();
                    return Ok(Answered::later(reply, style::answered(&line, &shown)));
                }
            }
            Form::Choice {
                values,
                titles,
                default,
            } => {
                let mut shown = titles.clone();
                if optional {
                    shown.push(SKIP.to_owned());
                }
                let select = Select::new(&line, shown)
                    .with_starting_cursor(default.unwrap_or(0))
                    .with_formatter(&|picked| match picked.value.as_str() {
                        SKIP => SKIPPED.to_owned(),
                        title => title.to_owned(),
                    })
                    .with_render_config(style);
                let Some(picked) = answered(select.raw_prompt())? else {
                    return drawn(Reply::Cancel);
                };
                match values.get(picked.index) {
                    Some(value) => accept(Value::String(value.clone())),
                    None => drawn(Reply::Decline),
                }
            }
            Form::MultiSelect { titles, .. } => {
                let checked = Arc::clone(&ask);
                let validator = move |picked: &[ListOption<&String>]| {
                    if optional && picked.is_empty() {
                        return Ok(Validation::Valid);
                    }
                    let picked = checked.picked(picked.iter().map(|option| option.index));
                    Ok(match checked.check(picked) {
                        Ok(()) => Validation::Valid,
                        Err(reason) => Validation::Invalid(reason.into()),
                    })
                };
                let select = MultiSelect::new(&line, titles.clone())
                    .with_validator(validator)
                    .with_formatter(&|picked| {
                        if picked.is_empty() {
                            return SKIPPED.to_owned();
                        }
                        let titles: Vec<&str> =
                            picked.iter().map(|option| option.value.as_str()).collect();
                        titles.join(", ")
                    })
                    .with_render_config(style);
                let Some(picked) = answered(select.raw_prompt())? else {
                    return drawn(Reply::Cancel);
                };
                if optional && picked.is_empty() {
                    return drawn(Reply::Decline);
                }
                accept(ask.picked(picked.iter().map(|option| option.index)))
            }
        }
    }
}

/// An answer, and the line that shows it once the wizard takes it.
pub(crate) struct Answered {
    pub(crate) reply: Reply,
    /// Drawn once the wizard takes the answer, so that a refused one is never shown as
    /// answered; `None` when the prompt drew its own answered line (inquire's prompts).
    pub(crate) line: Option<String>,
}

impl Answered {
    fn later(reply: Reply, line: String) -> Self {
        Answered {
            reply,
            line: Some(line),
        }
    }
}

/// An optional yes/no's answer: skipping it is a decline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Said {
    Yes,
    No,
    Skip,
}

impl std::str::FromStr for Said {
    type Err = ();

    fn from_str(typed: &str) -> Result<Self, ()> {
        match typed.trim().to_lowercase().as_str() {
            "y" | "yes" => Ok(Said::Yes),
            "n" | "no" => Ok(Said::No),
            "s" | "skip" => Ok(Said::Skip),
            _ => Err(()),
        }
    }
}

impl From<bool> for Said {
    fn from(yes: bool) -> Self {
        if yes { Said::Yes } else { Said::No }
    }
}

impl std::fmt::Display for Said {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Said::Yes => "yes",
            Said::No => "no",
            Said::Skip => SKIPPED,
        })
    }
}

/// What the user typed as the number a client would send: an integer question's as an
/// integer when it reads as one, else as a float; text that is no number stays text, so
/// that the validator says what was expected.
fn number(input: &str, integer: bool) -> Value {
    let input = input.trim();
    if integer && let Ok(n) = input.parse::<i64>() {
        return n.into();
    }
    match input.parse::<f64>().ok().and_then(Number::from_f64) {
        Some(n) => Value::Number(n),
        None => Value::String(input.to_owned()),
    }
}

/// The titles a choice shows: a `#[derive(Choice)]` option's title, a live option's
/// label, otherwise its value.
fn titles(options: Options<'_>) -> Vec<String> {
    match options {
        Options::Choices(options) => options.iter().map(|o| o.title.to_owned()).collect(),
        Options::Offers(options) => options.iter().map(|o| o.label().to_owned()).collect(),
        Options::Strs(_) | Options::Strings(_) => options.values().map(str::to_owned).collect(),
    }
}

fn position(values: &[String], value: Option<&str>) -> Option<usize> {
    value.and_then(|value| values.iter().position(|v| v == value))
}

/// The answer, or `None` when the user pressed Esc or Ctrl-C: both cancel the wizard.
fn answered<T>(result: InquireResult<T>) -> Result<Option<T>, String> {
    match result {
        Ok(answer) => Ok(Some(answer)),
        Err(InquireError::OperationCanceled | InquireError::OperationInterrupted) => Ok(None),
        Err(error) => Err(format!("the terminal failed: {error}")),
    }
}
