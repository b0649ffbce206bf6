//! `completion/complete`: values for every prompt argument and resource-template variable
//! while a person types — projects by membership and search, branches and tags of the
//! chosen project (`context.arguments.project`), issue and merge request numbers with
//! their titles, pipelines, jobs, labels, file paths, milestones, releases, wiki pages,
//! commits, environments, and days to start from. At most 100 values; `total` and
//! `hasMore` say what is left. Each answer costs at most one GitLab round trip (a ref
//! asks for branches and tags side by side), and listings are kept briefly ([`cache`]),
//! so the next letters typed are answered without GitLab.

pub mod cache;
pub mod dates;
pub(crate) mod kind;
pub mod matching;
pub mod sources;

use futures::future::join_all;
use rmcp::ErrorData as McpError;
use rmcp::model::{CompleteRequestParams, CompletionInfo, Reference};

pub use kind::Kind;

use cache::{Cache, Listing, Source};
use sources::{List, Request};

use crate::call::{ReadError, Reads, refusal};
use crate::gitlab::ProjectId;
use crate::prompts;
use crate::registry::ActionId;
use crate::resources::templates;

/// The completions of one server: the cache its sessions share.
#[derive(Debug, Default)]
pub struct Completions {
    cache: Cache,
}

/// The argument a completion is for, and how its values are written.
#[derive(Debug)]
struct Target {
    kind: Kind,
    titled: bool,
    /// What the prompt or template reads (it must be offered for completions too).
    needs: &'static [ActionId],
}

impl Completions {
    pub fn new() -> Self {
        Completions::default()
    }

    /// Completes `request` for the caller `reads` reads as.
    pub async fn complete(
        &self,
        reads: &Reads<'_>,
        request: &CompleteRequestParams,
    ) -> Result<CompletionInfo, McpError> {
        let caller = reads.caller();
        let target = target(&request.r#ref, &request.argument.name)?;
        if let Some(refusal) = refusal(reads.access(), target.needs) {
            return Err(McpError::invalid_params(refusal, None));
        }
        let context = |name: &str| {
            request
                .context
                .as_ref()
                .and_then(|context| context.get_argument(name))
                .map(|value| value.trim())
                .filter(|value| !value.is_empty())
        };
        let project = context("project").map(project);
        if target.kind == Kind::Free || (target.kind.needs_project() && project.is_none()) {
            // Nothing to offer until the project is chosen.
            return Ok(matching::nothing());
        }
        let typed = request.argument.value.as_str();
        if target.kind == Kind::Date {
            let days = dates::listing(std::time::SystemTime::now());
            return Ok(matching::complete(&[&days], typed));
        }
        let reference = context("ref").map(decoded);
        let lists = sources::lists(&Request {
            kind: target.kind,
            typed,
            project: project.as_ref(),
            reference: reference.as_deref(),
            titled: target.titled,
        });
        let project_key = project
            .as_ref()
            .map(|p| p.to_string().to_lowercase())
            .unwrap_or_default();
        let answers = join_all(lists.iter().map(|list| {
            let source = Source {
                caller,
                project: project_key.clone(),
                list: list.key(),
            };
            self.listing(reads, source, list)
        }))
        .await;
        let mut listings = Vec::with_capacity(answers.len());
        for answer in answers {
            match answer {
                // A folder typed that is not there at the ref holds nothing to offer (at
                // the top, a 404 is the project's or the ref's, and said so).
                Err(ReadError::NotFound(_)) if target.kind == Kind::Path && typed.contains('/') => {
                    return Ok(matching::nothing());
                }
                answer => {
                    listings.push(answer.map_err(|error| completion_error(&project_key, error))?)
                }
            }
        }
        let listings: Vec<&Listing> = listings.iter().map(AsRef::as_ref).collect();
        Ok(matching::complete(&listings, typed))
    }

    /// The cached listing that answers `list`, or GitLab's.
    async fn listing(
        &self,
        reads: &Reads<'_>,
        source: Source,
        list: &List,
    ) -> Result<std::sync::Arc<Listing>, ReadError> {
        if let Some(listing) = self.cache.get(&source, list.query.as_deref()) {
            return Ok(listing);
        }
        let listing = list.fetch(reads).await?;
        Ok(self.cache.put(source, listing))
    }
}

/// What `reference`'s argument `name` holds.
fn target(reference: &Reference, name: &str) -> Result<Target, McpError> {
    match reference {
        Reference::Prompt(prompt) => {
            let Some(definition) = prompts::find(&prompt.name) else {
                return Err(McpError::invalid_params(
                    format!(
                        "no prompt `{}` to complete an argument of; list the prompts with prompts/list",
                        prompt.name
                    ),
                    None,
                ));
            };
            let argument = definition
                .arguments
                .iter()
                .find(|a| a.name == name)
                .ok_or_else(|| {
                    McpError::invalid_params(
                        format!(
                            "the prompt `{}` has no argument `{name}`; its arguments are {}",
                            definition.name,
                            names(definition.arguments.iter().map(|a| a.name))
                        ),
                        None,
                    )
                })?;
            Ok(Target {
                kind: argument.kind,
                titled: true,
                needs: definition.needs,
            })
        }
        Reference::Resource(template) => {
            let Some(definition) = templates::find(&template.uri) else {
                return Err(McpError::invalid_params(
                    format!(
                        "no resource template `{}` to complete a variable of; list them with resources/templates/list",
                        template.uri
                    ),
                    None,
                ));
            };
            let (_, kind) = definition
                .variables
                .iter()
                .find(|(variable, _)| *variable == name)
                .ok_or_else(|| {
                    McpError::invalid_params(
                        format!(
                            "the template `{}` has no variable `{name}`; its variables are {}",
                            definition.uri_template,
                            names(definition.variables.iter().map(|(v, _)| *v))
                        ),
                        None,
                    )
                })?;
            Ok(Target {
                kind: *kind,
                titled: false,
                needs: definition.needs,
            })
        }
        other => Err(McpError::invalid_params(
            format!(
                "completions here are for `ref/prompt` and `ref/resource`, not `{}`",
                other.reference_type()
            ),
            None,
        )),
    }
}

fn names<'a>(names: impl Iterator<Item = &'a str>) -> String {
    let names: Vec<String> = names.map(|n| format!("`{n}`")).collect();
    if names.is_empty() {
        "none".to_owned()
    } else {
        names.join(", ")
    }
}

/// A template variable may arrive as it stands in a URI (`demo%2Fsandbox`).
fn decoded(value: &str) -> String {
    percent_encoding::percent_decode_str(value)
        .decode_utf8()
        .map_or_else(|_| value.to_owned(), |text| text.into_owned())
}

/// The chosen project, as prompts and templates take it: an id or a path. A prompt's
/// completion value for it is the path; a numbered value (`7 — …`) is not a project.
fn project(value: &str) -> ProjectId {
    let value = decoded(value);
    let value = value.trim_matches('/');
    match value.parse::<u64>() {
        Ok(id) if id > 0 => ProjectId::Id(id),
        _ => ProjectId::Path(value.to_owned()),
    }
}

fn completion_error(project: &str, error: ReadError) -> McpError {
    match error {
        ReadError::NotFound(why) => McpError::invalid_params(
            format!(
                "nothing to complete in `{project}`: GitLab does not know it, or the token cannot see it ({why})"
            ),
            None,
        ),
        ReadError::Refused(why) | ReadError::Invalid(why) => McpError::invalid_params(why, None),
        ReadError::Failed(why) => McpError::internal_error(why, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_prompt_argument_and_template_variable_has_a_kind() {
        for prompt in prompts::PROMPTS {
            for argument in prompt.arguments {
                let reference = Reference::for_prompt(prompt.name);
                let target = target(&reference, argument.name).unwrap();
                assert_eq!(target.kind, argument.kind);
            }
        }
        for template in templates::TEMPLATES {
            for (variable, kind) in template.variables {
                let reference = Reference::for_resource(template.uri_template);
                assert_eq!(target(&reference, variable).unwrap().kind, *kind);
                assert!(
                    template.uri_template.contains(variable),
                    "{} names `{variable}`",
                    template.uri_template
                );
            }
        }
        let unknown = target(&Reference::for_prompt("review_merge_request"), "x").unwrap_err();
        assert!(
            unknown.message.contains("`project`, `iid`"),
            "{}",
            unknown.message
        );
    }
}
