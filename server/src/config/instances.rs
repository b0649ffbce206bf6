//! Several GitLab instances in one stdio server (`GITLAB_MCP_INSTANCES`): each a name and a
//! URL, with its own credential (`GITLAB_TOKEN_<NAME>`, else the sign-in `auth login
//! --hostname` stored for its URL) and its own allowed projects
//! (`GITLAB_MCP_ALLOWED_PROJECTS_<NAME>`, else `GITLAB_MCP_ALLOWED_PROJECTS`).

use url::Url;

use super::values::ConfigError;
use crate::access::AllowedProjects;
use crate::gitlab::{Token, parse_base_url};

/// One named instance, checked. `Debug` never shows the token.
#[derive(Debug, Clone)]
pub struct InstanceSetting {
    pub name: String,
    pub url: Url,
    pub token: Option<Token>,
    /// `None`: the server-wide list applies.
    pub projects: Option<AllowedProjects>,
}

const VARIABLE: &str = "GITLAB_MCP_INSTANCES";
const FLAG: &str = "instances";

/// `work=https://gitlab.example.com,com=https://gitlab.com`; `env` reads the per-instance
/// variables.
pub fn parse(
    raw: &str,
    env: impl Fn(&str) -> Option<String>,
) -> Result<Vec<InstanceSetting>, ConfigError> {
    let refuse = |problem: String| ConfigError::new(VARIABLE, FLAG, problem);
    let mut instances: Vec<InstanceSetting> = Vec::new();
    for entry in raw
        .split(',')
        .map(str::trim)
        .filter(|entry| !entry.is_empty())
    {
        let Some((name, url)) = entry.split_once('=') else {
            return Err(refuse(format!(
                "`{entry}` is not `name=URL`; expected e.g. `work=https://gitlab.example.com,com=https://gitlab.com`"
            )));
        };
        let name = name.trim().to_ascii_lowercase();
        if name.is_empty()
            || name.len() > 32
            || !name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
        {
            return Err(refuse(format!(
                "`{name}` is not an instance name: use up to 32 letters, digits, `-` and `_`"
            )));
        }
        let url =
            parse_base_url(url).map_err(|error| refuse(format!("the URL of `{name}`: {error}")))?;
        if let Some(twice) = instances
            .iter()
            .find(|known| known.name == name || known.url.host_str() == url.host_str())
        {
            return Err(refuse(format!(
                "`{name}` repeats `{}` (a name or a host is listed once: calls pick an instance by name, and the workspace's remote by host)",
                twice.name
            )));
        }
        let suffix = name.to_ascii_uppercase().replace('-', "_");
        let token_variable = format!("GITLAB_TOKEN_{suffix}");
        let token = env(&token_variable)
            .map(Token::new)
            .transpose()
            .map_err(|error| refuse(format!("{token_variable}: {error}")))?;
        let projects_variable = format!("GITLAB_MCP_ALLOWED_PROJECTS_{suffix}");
        let projects = env(&projects_variable)
            .map(|raw| AllowedProjects::parse(&raw))
            .transpose()
            .map_err(|problem| refuse(format!("{projects_variable}: {problem}")))?;
        instances.push(InstanceSetting {
            name,
            url,
            token,
            projects,
        });
    }
    if instances.is_empty() {
        return Err(refuse(
            "no instance is listed; expected `name=URL` entries, comma-separated".to_owned(),
        ));
    }
    Ok(instances)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(pairs: &'static [(&'static str, &'static str)]) -> impl Fn(&str) -> Option<String> {
        move |name| {
            pairs
                .iter()
                .find(|(key, _)| *key == name)
                .map(|(_, value)| (*value).to_owned())
        }
    }

    #[test]
    fn each_instance_takes_its_own_token_and_projects() {
        let instances = parse(
            " Work=https://gitlab.example.com , com=https://gitlab.com/",
            env(&[
                ("GITLAB_TOKEN_WORK", "glpat-work"),
                ("GITLAB_MCP_ALLOWED_PROJECTS_COM", "me/site"),
            ]),
        )
        .unwrap();
        assert_eq!(instances.len(), 2);
        assert_eq!(instances[0].name, "work");
        assert_eq!(instances[0].token, Some(Token::new("glpat-work").unwrap()));
        assert!(instances[0].projects.is_none());
        assert_eq!(instances[1].url.as_str(), "https://gitlab.com/");
        assert!(instances[1].token.is_none());
        assert!(instances[1].projects.is_some());
    }

    #[test]
    fn bad_lists_name_what_is_wrong() {
        let problem = |raw: &str| parse(raw, env(&[])).unwrap_err().to_string();
        assert!(problem("https://gitlab.com").contains("not `name=URL`"));
        assert!(problem("a b=https://gitlab.com").contains("not an instance name"));
        assert!(problem("a=ftp://gitlab.com").contains("the URL of `a`"));
        assert!(problem("a=https://gitlab.com,b=https://gitlab.com").contains("repeats `a`"));
        assert!(problem(" , ").contains("no instance"));
    }
}
