//! A prompt's arguments as `prompts/get` brings them: strings (numbers accepted too), each
//! checked against the prompt's list, each error naming the argument and what it takes.

use serde_json::{Map, Value};

use super::definition::{Argument, Definition};
use crate::gitlab::ProjectId;

/// The arguments of one `prompts/get`, checked against its prompt.
#[derive(Debug)]
pub struct Arguments {
    values: Vec<(&'static str, String)>,
}

impl Arguments {
    /// Refuses unknown arguments, missing required ones, and values that are not text.
    /// An empty value counts as not given.
    pub fn parse(prompt: &Definition, raw: Option<&Map<String, Value>>) -> Result<Self, String> {
        let raw = raw.cloned().unwrap_or_default();
        let known = |name: &str| prompt.arguments.iter().find(|a| a.name == name);
        if let Some(unknown) = raw.keys().find(|name| known(name).is_none()) {
            return Err(format!(
                "`{unknown}` is not an argument of `{}`; it takes {}",
                prompt.name,
                list(prompt.arguments)
            ));
        }
        let mut values = Vec::new();
        for argument in prompt.arguments {
            let value = match raw.get(argument.name) {
                None | Some(Value::Null) => None,
                Some(Value::String(text)) => Some(text.trim().to_owned()),
                Some(Value::Number(number)) => Some(number.to_string()),
                Some(other) => {
                    return Err(format!("`{}` must be text, not {other}", argument.name));
                }
            };
            match value.filter(|v| !v.is_empty()) {
                Some(value) => values.push((argument.name, value)),
                None if argument.required => {
                    return Err(format!(
                        "`{}` is required: {}",
                        argument.name, argument.description
                    ));
                }
                None => {}
            }
        }
        Ok(Arguments { values })
    }

    pub fn text(&self, name: &str) -> Option<&str> {
        self.values
            .iter()
            .find(|(known, _)| *known == name)
            .map(|(_, value)| value.as_str())
    }

    /// A required text argument ([`Arguments::parse`] made sure it is there).
    pub fn required(&self, name: &str) -> &str {
        self.text(name).unwrap_or_default()
    }

    /// `project`: a numeric id or a path (`demo/sandbox`).
    pub fn project(&self) -> ProjectId {
        let given = self.required("project").trim_matches('/');
        match given.parse::<u64>() {
            Ok(id) if id > 0 => ProjectId::Id(id),
            _ => ProjectId::Path(given.to_owned()),
        }
    }

    /// A number argument: `7`, `!7`, `#7`, or a completion value such as `7 — Fix the
    /// login` (the number first, then what it is).
    pub fn number(&self, name: &str) -> Result<Option<u64>, String> {
        let Some(given) = self.text(name) else {
            return Ok(None);
        };
        leading_number(given).map(Some).ok_or_else(|| {
            format!("`{name}` must be a number such as `7` (or `!7`, `#7`), not `{given}`")
        })
    }
}

/// The number at the start of `text`, before any space.
fn leading_number(text: &str) -> Option<u64> {
    let text = text.trim_start_matches(['!', '#']);
    let end = text.find(char::is_whitespace).unwrap_or(text.len());
    match text[..end].parse::<u64>() {
        Ok(n) if n > 0 && !text.starts_with('+') => Some(n),
        _ => None,
    }
}

fn list(arguments: &[Argument]) -> String {
    arguments
        .iter()
        .map(|a| format!("`{}`", a.name))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::leading_number;

    #[test]
    fn numbers_come_bare_marked_or_with_their_title() {
        assert_eq!(leading_number("7"), Some(7));
        assert_eq!(leading_number("!7"), Some(7));
        assert_eq!(leading_number("#12 Fix the login"), Some(12));
        assert_eq!(leading_number("3 — failed on main"), Some(3));
        assert_eq!(leading_number("0"), None);
        assert_eq!(leading_number("7abc"), None);
        assert_eq!(leading_number("abc"), None);
        assert_eq!(leading_number("+7"), None);
    }
}
