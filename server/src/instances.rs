//! Which GitLab a call goes to when the server has several (`GITLAB_MCP_INSTANCES`): the
//! one its `instance` argument names, else the one whose host the workspace's git remote
//! is on (the client's roots, then the server's directory, as for the default project),
//! else the first listed. Each instance has its own client (URL and credential), its own
//! allowed projects, and its own default project.

use rmcp::service::{Peer, RoleServer};
use serde_json::{Map, Value};
use tokio::sync::OnceCell;

use crate::access::Access;
use crate::default_project::{DefaultProject, SessionDefault};
use crate::gitlab::GitLab;

/// The argument every tool takes when the server has several instances.
pub const INSTANCE: &str = "instance";

/// One configured instance.
pub struct Instance {
    pub name: String,
    pub gitlab: GitLab,
    /// The server's access with this instance's allowed projects.
    pub access: Access,
    /// Where this instance's default project is looked for.
    pub default_project: DefaultProject,
}

/// One session's view of the instances: which is its default, once looked for, and each
/// one's default project.
#[derive(Default)]
pub struct SessionInstances {
    default: OnceCell<usize>,
    defaults: std::sync::OnceLock<Vec<SessionDefault>>,
}

impl SessionInstances {
    /// The index of the instance a call means, taking `instance` out of its arguments; or
    /// what is wrong with the name given.
    pub async fn choose(
        &self,
        instances: &[Instance],
        arguments: &mut Map<String, Value>,
        peer: &Peer<RoleServer>,
    ) -> Result<usize, String> {
        match arguments.remove(INSTANCE) {
            None | Some(Value::Null) => Ok(*self
                .default
                .get_or_init(|| workspace_instance(instances, peer))
                .await),
            Some(Value::String(name)) => instances
                .iter()
                .position(|instance| instance.name.eq_ignore_ascii_case(name.trim()))
                .ok_or_else(|| {
                    format!(
                        "`instance`: no GitLab instance is named `{name}`; this server has {}",
                        names(instances)
                    )
                }),
            Some(other) => Err(format!(
                "`instance` must be the name of a GitLab instance ({}), got {other}",
                names(instances)
            )),
        }
    }

    /// The session's default-project memory of instance `index`.
    pub fn default_of(&self, instances: &[Instance], index: usize) -> &SessionDefault {
        let defaults = self.defaults.get_or_init(|| {
            instances
                .iter()
                .map(|_| SessionDefault::default())
                .collect()
        });
        &defaults[index]
    }
}

/// `` `work`, `com` ``.
pub fn names(instances: &[Instance]) -> String {
    instances
        .iter()
        .map(|instance| format!("`{}`", instance.name))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The first instance whose host a remote of the workspace is on; the first listed when
/// none is.
async fn workspace_instance(instances: &[Instance], peer: &Peer<RoleServer>) -> usize {
    for (index, instance) in instances.iter().enumerate() {
        let remote_only = DefaultProject {
            setting: None,
            workspace: instance.default_project.workspace.clone(),
        };
        if remote_only.find(peer).await.is_ok() {
            return index;
        }
    }
    0
}
