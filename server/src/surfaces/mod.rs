//! The three tool surfaces, each a view of the one catalog: which tools are
//! listed, and how a call to one of them resolves to a catalog action.

mod client_caps;
mod dynamic;
mod find;
mod individual;
pub(crate) mod kind;
mod meta;
mod route;
mod tools;

use std::collections::HashMap;
use std::sync::OnceLock;

use rmcp::model::Tool;
use serde_json::{Map, Value};

use crate::access::Access;
use crate::registry::Catalog;
pub use client_caps::over_client_caps;
pub use find::{ActionIndex, FoundActions};
pub use kind::SurfaceKind;
use route::{Entry, Route};
pub use route::{EnvelopeError, Resolved};
#[cfg(test)]
pub use {individual::tool_name as individual_tool_name, meta::tool_name as meta_tool_name};

/// The tools of one surface and how their calls resolve.
pub struct Surface {
    kind: SurfaceKind,
    catalog: &'static Catalog,
    /// What the operator allows: only offered actions are listed and found.
    access: Access,
    tools: Vec<Tool>,
    /// Every tool of the surface, listed or not: a call to one the operator withheld is
    /// answered with the reason rather than as an unknown tool.
    routes: HashMap<String, Route>,
    /// What `gitlab_find_action` searches, made on its first call.
    index: OnceLock<ActionIndex>,
}

impl Surface {
    pub fn new(kind: SurfaceKind, catalog: &'static Catalog, access: Access) -> Surface {
        let entries = match kind {
            SurfaceKind::Dynamic => dynamic::tools(catalog, &access),
            SurfaceKind::Meta => meta::tools(catalog, &access),
            SurfaceKind::Individual => individual::tools(catalog, &access),
        };
        let mut tools = Vec::with_capacity(entries.len());
        let mut routes = HashMap::with_capacity(entries.len());
        for Entry {
            mut tool,
            route,
            offered,
        } in entries
        {
            // Clients label a tool by its own `title` (since 2025-06-18); the annotations'
            // title is the older place. Only the tool's own is listed: saying it twice cost
            // 40 bytes a tool, and a client reading only the old place shows the name.
            if let Some(annotations) = tool.annotations.as_mut() {
                let title = annotations.title.take();
                tool.title = tool.title.take().or(title);
            }
            let previous = routes.insert(tool.name.to_string(), route);
            assert!(previous.is_none(), "tool `{}` listed twice", tool.name);
            if offered {
                tools.push(tool);
            }
        }
        Surface {
            kind,
            catalog,
            access,
            tools,
            routes,
            index: OnceLock::new(),
        }
    }

    /// The same surface with an `instance` argument on every tool that reaches GitLab
    /// (all but `gitlab_find_action`), naming one of `names`: the server has several.
    pub fn add_instance_argument(&mut self, names: &[String]) {
        let property = serde_json::json!({
            "type": "string",
            "enum": names,
            "description": "The GitLab instance to act on. Default: the one the workspace's git remote is on, else the first.",
        });
        for tool in &mut self.tools {
            if matches!(self.routes.get(tool.name.as_ref()), Some(Route::Find)) {
                continue;
            }
            let schema = std::sync::Arc::make_mut(&mut tool.input_schema);
            if let Some(Value::Object(properties)) = schema.get_mut("properties") {
                properties.insert(crate::instances::INSTANCE.to_owned(), property.clone());
            }
        }
    }

    pub fn access(&self) -> &Access {
        &self.access
    }

    pub fn kind(&self) -> SurfaceKind {
        self.kind
    }

    pub fn tools(&self) -> &[Tool] {
        &self.tools
    }

    pub fn tool(&self, name: &str) -> Option<&Tool> {
        self.tools.iter().find(|tool| tool.name == name)
    }

    /// Resolves a call. `None` when the surface has no such tool.
    pub fn resolve(
        &self,
        name: &str,
        arguments: Option<&Map<String, Value>>,
    ) -> Option<Result<Resolved, EnvelopeError>> {
        let catalog = self.catalog;
        let empty = Map::new();
        let arguments = arguments.unwrap_or(&empty);
        let resolved = match *self.routes.get(name)? {
            Route::Find => {
                let index = self.index.get_or_init(|| ActionIndex::new(catalog));
                dynamic::find(index, &self.access, arguments)
            }
            Route::Execute => dynamic::execute(catalog, &self.access, arguments),
            Route::Domain(resource) => {
                meta::resolve(catalog, &self.access, resource, name, arguments)
            }
            Route::Action(action) => individual::resolve(action, arguments),
        };
        Some(resolved)
    }
}
