//! GitLab GraphQL documents as this server reads them: bounded before they are parsed,
//! then parsed once to tell a query from a mutation and to find the texts a mutation
//! carries (GitLab runs quick actions written in a note's body).
//!
//! The bounds come first because a parser's cost is the document's, not its size's: inside
//! the message size limit, `{ a a a … }` or hundreds of thousands of fragment spreads
//! expanded to hundreds of megabytes. Every bound is far above what a hand-written or
//! generated GitLab query needs (GitLab itself refuses a query nested deeper than 20
//! selections).

use crate::units::thousands;
use graphql_parser::query::{
    Definition, Document, OperationDefinition, Selection, SelectionSet, Value,
};

/// At most this many characters in a document.
pub const MAX_CHARACTERS: usize = 64 * 1024;
/// At most this many tokens (names, numbers, strings, punctuation).
pub const MAX_TOKENS: usize = 10_000;
/// At most this many brackets (`{`, `(`, `[`) open at once.
pub const MAX_DEPTH: usize = 30;
/// At most this many fragment spreads and inline fragments (`...`).
pub const MAX_FRAGMENTS: usize = 200;

/// A parsed document, within the bounds.
pub struct GraphQl<'a> {
    document: Document<'a, &'a str>,
}

impl<'a> GraphQl<'a> {
    /// Parses `query` after checking it against the bounds; the error names the bound or
    /// the parser's complaint, and says what to send instead.
    pub fn parse(query: &'a str) -> Result<GraphQl<'a>, String> {
        bounded(query)?;
        let document = graphql_parser::query::parse_query::<&str>(query)
            .map_err(|error| format!("`query`: not a GraphQL document: {error}"))?;
        Ok(GraphQl { document })
    }

    /// Whether the document holds a mutation, whichever operation is named (a write is
    /// never missed); a subscription is refused, GitLab serves them over WebSocket only.
    pub fn mutation(&self) -> Result<bool, String> {
        let mut mutation = false;
        for definition in &self.document.definitions {
            match definition {
                Definition::Operation(OperationDefinition::Mutation(_)) => mutation = true,
                Definition::Operation(OperationDefinition::Subscription(_)) => {
                    return Err("`query`: a subscription needs a live connection; GitLab serves them over WebSocket, not here. Send a query or a mutation".to_owned());
                }
                _ => {}
            }
        }
        Ok(mutation)
    }

    /// Every string the document's arguments hold (variables' defaults included), as
    /// GitLab reads them: escapes resolved.
    pub fn strings(&self) -> Vec<&str> {
        let mut strings = Vec::new();
        for definition in &self.document.definitions {
            let (set, variables) = match definition {
                Definition::Operation(OperationDefinition::Query(query)) => {
                    (&query.selection_set, &query.variable_definitions[..])
                }
                Definition::Operation(OperationDefinition::Mutation(mutation)) => {
                    (&mutation.selection_set, &mutation.variable_definitions[..])
                }
                Definition::Operation(OperationDefinition::Subscription(subscription)) => (
                    &subscription.selection_set,
                    &subscription.variable_definitions[..],
                ),
                Definition::Operation(OperationDefinition::SelectionSet(set)) => (set, &[][..]),
                Definition::Fragment(fragment) => (&fragment.selection_set, &[][..]),
            };
            for variable in variables {
                if let Some(value) = &variable.default_value {
                    value_strings(value, &mut strings);
                }
            }
            selection_strings(set, &mut strings);
        }
        strings
    }
}

fn selection_strings<'a: 'd, 'd>(set: &'d SelectionSet<'a, &'a str>, strings: &mut Vec<&'d str>) {
    for item in &set.items {
        let (directives, inner) = match item {
            Selection::Field(field) => {
                for (_, value) in &field.arguments {
                    value_strings(value, strings);
                }
                (&field.directives, Some(&field.selection_set))
            }
            Selection::FragmentSpread(spread) => (&spread.directives, None),
            Selection::InlineFragment(fragment) => {
                (&fragment.directives, Some(&fragment.selection_set))
            }
        };
        for directive in directives {
            for (_, value) in &directive.arguments {
                value_strings(value, strings);
            }
        }
        if let Some(inner) = inner {
            selection_strings(inner, strings);
        }
    }
}

fn value_strings<'a: 'd, 'd>(value: &'d Value<'a, &'a str>, strings: &mut Vec<&'d str>) {
    match value {
        Value::String(text) => strings.push(text),
        Value::List(items) => items.iter().for_each(|item| value_strings(item, strings)),
        Value::Object(fields) => fields
            .values()
            .for_each(|item| value_strings(item, strings)),
        _ => {}
    }
}

/// Refuses a document past a bound, counted in one pass over its characters before any
/// parsing: strings and comments are skipped as GraphQL reads them.
fn bounded(query: &str) -> Result<(), String> {
    let characters = query.chars().count();
    if characters > MAX_CHARACTERS {
        return Err(format!(
            "`query` is {} characters long; at most {} are read. Send a smaller document, or split it into several calls",
            thousands(characters),
            thousands(MAX_CHARACTERS)
        ));
    }
    let counts = Counts::of(query);
    if counts.depth > MAX_DEPTH {
        return Err(format!(
            "`query` nests brackets {} levels deep; at most {MAX_DEPTH} are read. Ask for fewer nested fields",
            counts.depth
        ));
    }
    if counts.fragments > MAX_FRAGMENTS {
        return Err(format!(
            "`query` has {} fragment spreads (`...`); at most {MAX_FRAGMENTS} are read. Write the fields out, or split the document",
            thousands(counts.fragments)
        ));
    }
    if counts.tokens > MAX_TOKENS {
        return Err(format!(
            "`query` has {} tokens; at most {} are read. Send a smaller document, or split it into several calls",
            thousands(counts.tokens),
            thousands(MAX_TOKENS)
        ));
    }
    Ok(())
}

/// What [`bounded`] counts.
#[derive(Debug, Default, PartialEq, Eq)]
struct Counts {
    tokens: usize,
    /// The most brackets open at once.
    depth: usize,
    fragments: usize,
}

impl Counts {
    fn of(query: &str) -> Counts {
        let mut counts = Counts::default();
        let mut open = 0usize;
        let mut chars = query.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '#' => {
                    while chars.next_if(|&c| c != '\n' && c != '\r').is_some() {}
                    continue;
                }
                '"' => {
                    // `""` is an empty string; `"""` opens a block string, closed by the
                    // next `"""`; `"` a string closed by the next unescaped `"` (or the
                    // end of the line).
                    let block = if chars.next_if_eq(&'"').is_some() {
                        if chars.next_if_eq(&'"').is_none() {
                            counts.tokens += 1;
                            continue;
                        }
                        true
                    } else {
                        false
                    };
                    let mut quotes = 0;
                    let mut escaped = false;
                    for c in chars.by_ref() {
                        if block {
                            quotes = if c == '"' && !escaped { quotes + 1 } else { 0 };
                            escaped = c == '\\' && !escaped;
                            if quotes == 3 {
                                break;
                            }
                        } else if escaped {
                            escaped = false;
                        } else if c == '\\' {
                            escaped = true;
                        } else if c == '"' || c == '\n' {
                            break;
                        }
                    }
                }
                '{' | '(' | '[' => {
                    open += 1;
                    counts.depth = counts.depth.max(open);
                }
                '}' | ')' | ']' => open = open.saturating_sub(1),
                '.' if chars.next_if_eq(&'.').is_some() && chars.next_if_eq(&'.').is_some() => {
                    counts.fragments += 1;
                }
                c if c.is_alphanumeric() || c == '_' || c == '-' => {
                    while chars
                        .next_if(|c| c.is_alphanumeric() || matches!(c, '_' | '.' | '+' | '-'))
                        .is_some()
                    {}
                }
                c if c.is_whitespace() || c == ',' => continue,
                _ => {}
            }
            counts.tokens += 1;
        }
        counts
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_depth_and_fragments_are_counted_outside_strings_and_comments() {
        let counts = Counts::of(
            r#"query Q($x: String = "a { b") { # { ...
  project(fullPath: "g/p") { ...F issue(iid: """x " } """) { id } }
}"#,
        );
        assert_eq!(counts.depth, 3);
        assert_eq!(counts.fragments, 1);
        // query Q ( $ x : String = "…" ) { project ( fullPath : "…" ) { ... F issue ( iid : "…" ) { id } } }
        assert_eq!(counts.tokens, 31);
    }

    #[test]
    fn each_bound_is_named() {
        let refused = |query: String, word: &str| {
            let error = GraphQl::parse(&query).err().unwrap();
            assert!(error.contains(word), "{word}: {error}");
        };
        refused("{ a }".repeat(20_000), "characters");
        refused(format!("{}a{}", "{ b ".repeat(31), " }".repeat(31)), "deep");
        refused(format!("{{ {} }}", "...f ".repeat(201)), "fragment");
        refused(format!("{{ {} }}", "a ".repeat(10_000)), "tokens");
        assert!(GraphQl::parse("{ a }").is_ok());
        assert_eq!(thousands(30_002), "30,002");
        assert_eq!(thousands(999), "999");
    }

    #[test]
    fn strings_are_found_in_arguments_at_any_depth() {
        let document = GraphQl::parse(
            r#"mutation($b: String = "default") { createNote(input: {body: "ok\n/close", list: ["x"]}) { note @include(if: true) { id } } }"#,
        )
        .unwrap();
        assert!(document.mutation().unwrap());
        assert_eq!(document.strings(), ["default", "ok\n/close", "x"]);
    }
}
