//! CI/CD variables given to a new pipeline or a manual job.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use wizard::summary::SummaryValue;

use super::fixed_schema::fixed_schema;

/// A variable's name: letters, digits and underscores, as GitLab requires; checked here so
/// a bad name is refused before anything runs.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(try_from = "String", into = "String")]
pub struct VariableKey(String);

impl TryFrom<String> for VariableKey {
    type Error = String;
    fn try_from(key: String) -> Result<Self, String> {
        let valid = !key.is_empty() && key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
        if valid {
            Ok(VariableKey(key))
        } else {
            Err(format!(
                "`{key}` is not a variable name; use only letters, digits and `_` (such as `DEPLOY_ENV`)"
            ))
        }
    }
}

impl From<VariableKey> for String {
    fn from(key: VariableKey) -> String {
        key.0
    }
}

fixed_schema!(VariableKey, {
    "type": "string",
    "pattern": "^[A-Za-z0-9_]+$",
    "description": "The variable's name: letters, digits and `_`"
});

/// How a pipeline variable reaches the jobs: an environment variable holding the value, or
/// one holding the path of a file that holds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum VariableType {
    EnvVar,
    File,
}

/// A variable of a new pipeline.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PipelineVariable {
    pub key: VariableKey,
    pub value: String,
    /// `env_var` (GitLab's default) or `file`: the variable holds a file's path.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variable_type: Option<VariableType>,
}

/// `DEPLOY_ENV=staging` in a wizard's summary (a file variable: `CONFIG=<file> …`).
impl SummaryValue for PipelineVariable {
    fn summary_text(&self) -> Option<String> {
        let file = if self.variable_type == Some(VariableType::File) {
            " (file)"
        } else {
            ""
        };
        Some(format!("{}={}{file}", self.key.0, self.value))
    }
}

/// A variable of a manual job's run.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct JobVariable {
    pub key: VariableKey,
    pub value: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_letters_digits_and_underscores() {
        assert!(VariableKey::try_from("DEPLOY_ENV_2".to_owned()).is_ok());
        for bad in ["", "DEPLOY-ENV", "A B", "ÄNV", "a.b"] {
            let error = VariableKey::try_from(bad.to_owned()).unwrap_err();
            assert!(error.contains("letters, digits and `_`"), "{bad}: {error}");
        }
    }
}
