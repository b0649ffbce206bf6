//! The summary template: literal text with `{field}` placeholders, `{{` and `}}` for braces.

#[derive(Debug, PartialEq, Eq)]
pub enum Piece {
    Text(String),
    Field(String),
}

pub fn parse(template: &str) -> Result<Vec<Piece>, String> {
    let mut pieces = Vec::new();
    let mut text = String::new();
    let mut chars = template.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' if chars.peek() == Some(&'{') => {
                chars.next();
                text.push('{');
            }
            '}' if chars.peek() == Some(&'}') => {
                chars.next();
                text.push('}');
            }
            '}' => {
                return Err(
                    "unmatched `}` in the summary template; write `}}` for a literal brace".into(),
                );
            }
            '{' => {
                let mut name = String::new();
                loop {
                    match chars.next() {
                        Some('}') => break,
                        Some(c) => name.push(c),
                        None => {
                            return Err("unclosed `{` in the summary template; expected `{field}`, or `{{` for a literal brace".into());
                        }
                    }
                }
                if !is_identifier(&name) {
                    return Err(format!(
                        "`{{{name}}}` in the summary template is not a field name; expected `{{field}}`, or `{{{{` for a literal brace"
                    ));
                }
                if !text.is_empty() {
                    pieces.push(Piece::Text(std::mem::take(&mut text)));
                }
                pieces.push(Piece::Field(name));
            }
            c => text.push(c),
        }
    }
    if !text.is_empty() {
        pieces.push(Piece::Text(text));
    }
    Ok(pieces)
}

fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c == '_' || c.is_alphabetic())
        && chars.all(|c| c == '_' || c.is_alphanumeric())
}

#[cfg(test)]
mod tests {
    use super::{Piece, parse};

    fn text(s: &str) -> Piece {
        Piece::Text(s.into())
    }
    fn field(s: &str) -> Piece {
        Piece::Field(s.into())
    }

    #[test]
    fn splits_literals_and_placeholders() {
        assert_eq!(
            parse("Create issue in project {project_id}?\n\n- Title: {title}").unwrap(),
            vec![
                text("Create issue in project "),
                field("project_id"),
                text("?\n\n- Title: "),
                field("title"),
            ]
        );
        assert_eq!(parse("{a}{b}").unwrap(), vec![field("a"), field("b")]);
        assert_eq!(parse("No values").unwrap(), vec![text("No values")]);
        assert_eq!(parse("").unwrap(), vec![]);
    }

    #[test]
    fn doubled_braces_are_literal() {
        assert_eq!(
            parse("{{x}} is {x}}}").unwrap(),
            vec![text("{x} is "), field("x"), text("}")]
        );
    }

    #[test]
    fn refuses_broken_templates() {
        assert!(parse("open {title").unwrap_err().contains("unclosed `{`"));
        assert!(
            parse("stray } brace")
                .unwrap_err()
                .contains("unmatched `}`")
        );
        assert!(parse("empty {}").unwrap_err().contains("not a field name"));
        assert!(parse("{ title }").unwrap_err().contains("not a field name"));
        assert!(parse("{1x}").unwrap_err().contains("not a field name"));
    }
}
