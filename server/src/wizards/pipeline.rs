//! `gitlab_interactive_pipeline_run`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use wizard::Wizard;
use wizard::live::{Live, Offer, Verdict};
use wizard::summary::escape_value;

use super::live::{ref_exists, refs};
use crate::catalog::body::Body;
use crate::catalog::params::{PipelineVariable, VariableKey};
use crate::catalog::wizard::GitLabWizard;
use crate::gitlab::{ApiRequest, GitLab, ProjectId};

/// Run a CI pipeline step by step: the branch or tag (chosen from the project's), CI/CD
/// variables, confirmation. Returns the new pipeline with its id, status and web_url.
#[derive(Debug, Clone, PartialEq, Wizard, Serialize, Deserialize, JsonSchema)]
#[wizard(
    tool = "gitlab_interactive_pipeline_run",
    id = "interactive.pipeline_run",
    alternative = "pipeline.create",
    noun = "Pipeline",
    context = GitLab,
    summary = "Run a pipeline in project {project_id}?\n\n- Ref: {reference}",
    confirm = "Run the pipeline"
)]
pub struct PipelineWizard {
    /// The project's numeric id or its path (`group/project`).
    #[tool_arg]
    pub project_id: ProjectId,
    /// The branch or tag to run the pipeline on.
    #[ask(
        "Select the branch or tag to run the pipeline on",
        key = "ref",
        choices_from = branches_and_tags,
        check = branch_or_tag
    )]
    #[serde(rename = "ref")]
    pub reference: String,
    /// Variables for the pipeline's jobs: `[{"key": "DEPLOY_ENV", "value": "staging"}]`.
    #[ask(
        "Enter CI/CD variables as KEY=value pairs separated by commas, or leave empty (not for secrets: use CI/CD settings)",
        parse = variables,
        summary = "Variables"
    )]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variables: Option<Vec<PipelineVariable>>,
}

/// The pipeline wizard sends its variables only when there are some.
impl GitLabWizard for PipelineWizard {
    fn request(&self) -> ApiRequest {
        let variables = self.variables.as_ref().filter(|v| !v.is_empty());
        let body = Body::new()
            .set("ref", &self.reference)
            .opt("variables", variables);
        // GitLab's path is singular here.
        ApiRequest::post()
            .project(&self.project_id)
            .segment("pipeline")
            .json(body.into())
    }
}

/// The options: the project's branches, then its tags.
async fn branches_and_tags(live: Live<'_, PipelineWizard>) -> Result<Vec<Offer>, String> {
    refs(live.context, &live.args.project_id).await
}

/// A ref typed when the options could not be offered: a branch or a tag of the project.
async fn branch_or_tag(live: Live<'_, PipelineWizard>, name: &str) -> Verdict {
    ref_exists(live.context, &live.args.project_id, name).await
}

/// `DEPLOY_ENV=staging, DEBUG=1`: pairs separated by commas, the key before the first
/// `=` (letters, digits and `_`), the value after it; spaces around either are dropped.
/// A variable named twice is refused: which one GitLab keeps is not for the user to guess.
pub fn variables(text: &str) -> Result<Vec<PipelineVariable>, String> {
    let mut variables: Vec<PipelineVariable> = Vec::new();
    for pair in text
        .split(',')
        .map(str::trim)
        .filter(|pair| !pair.is_empty())
    {
        let Some((key, value)) = pair.split_once('=') else {
            return Err(format!(
                "{} has no `=`: write each variable as KEY=value",
                escape_value(pair)
            ));
        };
        let key = key.trim();
        let key = VariableKey::try_from(key.to_owned()).map_err(|_| {
            format!(
                "{} is not a variable name: use only letters, digits and `_`",
                escape_value(key)
            )
        })?;
        if variables.iter().any(|v| v.key == key) {
            return Err(format!(
                "{} is given twice",
                escape_value(&String::from(key))
            ));
        }
        variables.push(PipelineVariable {
            key,
            value: value.trim().to_owned(),
            variable_type: None,
        });
    }
    Ok(variables)
}

#[cfg(test)]
mod tests {
    use super::variables;

    fn pairs(text: &str) -> Result<Vec<(String, String)>, String> {
        variables(text).map(|list| {
            list.into_iter()
                .map(|v| (String::from(v.key), v.value))
                .collect()
        })
    }

    #[test]
    fn pairs_split_on_commas_and_the_first_equals_sign() {
        assert_eq!(
            pairs(" DEPLOY_ENV = staging ,DEBUG=1,, URL=a=b ,EMPTY="),
            Ok(vec![
                ("DEPLOY_ENV".into(), "staging".into()),
                ("DEBUG".into(), "1".into()),
                ("URL".into(), "a=b".into()),
                ("EMPTY".into(), String::new()),
            ])
        );
        assert_eq!(pairs(" , "), Ok(vec![]));
    }

    #[test]
    fn a_bad_pair_says_what_is_wrong() {
        assert_eq!(
            pairs("A=1, staging"),
            Err("`staging` has no `=`: write each variable as KEY=value".into())
        );
        assert_eq!(
            pairs("DEPLOY-ENV=1"),
            Err("`DEPLOY-ENV` is not a variable name: use only letters, digits and `_`".into())
        );
        assert_eq!(pairs("A=1,A=2"), Err("`A` is given twice".into()));
    }
}
