//! The resource fixtures the conformance suite reads by fixed URIs: a text and a binary
//! resource, a template whose variable shows in what is read, and the resource the
//! subscription scenarios watch. They are listed before the GitLab resources, so the
//! suite's "first listed resource" is one of these.

use rmcp::model::{ReadResourceResult, Resource, ResourceContents, ResourceTemplate};
use serde_json::json;

pub const STATIC_TEXT: &str = "test://static-text";
pub const STATIC_BINARY: &str = "test://static-binary";
pub const WATCHED: &str = "test://watched-resource";
pub const TEMPLATE: &str = "test://template/{id}/data";

/// A 1×1 transparent PNG.
pub const PNG: &str =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII=";

pub fn resources() -> Vec<Resource> {
    vec![
        Resource::new(STATIC_TEXT, "static-text")
            .with_description("A static text resource (conformance fixture)")
            .with_mime_type("text/plain"),
        Resource::new(STATIC_BINARY, "static-binary")
            .with_description("A static PNG image (conformance fixture)")
            .with_mime_type("image/png"),
        Resource::new(WATCHED, "watched-resource")
            .with_description("A resource to subscribe to (conformance fixture); it never changes")
            .with_mime_type("text/plain"),
    ]
}

pub fn templates() -> Vec<ResourceTemplate> {
    vec![
        ResourceTemplate::new(TEMPLATE, "template-data")
            .with_description("Data for an id, the id substituted (conformance fixture)")
            .with_mime_type("application/json"),
    ]
}

/// The fixture `uri` names; `None` when it names none.
pub fn read(uri: &str) -> Option<ReadResourceResult> {
    let contents = match uri {
        STATIC_TEXT => {
            ResourceContents::text("This is the content of the static text resource.", uri)
        }
        STATIC_BINARY => ResourceContents::blob(PNG, uri).with_mime_type("image/png"),
        WATCHED => ResourceContents::text("A watched resource; it never changes.", uri),
        _ => {
            let id = uri
                .strip_prefix("test://template/")?
                .strip_suffix("/data")?;
            if id.is_empty() || id.contains('/') {
                return None;
            }
            let data =
                json!({"id": id, "templateTest": true, "data": format!("Data for ID: {id}")});
            ResourceContents::text(data.to_string(), uri).with_mime_type("application/json")
        }
    };
    Some(ReadResourceResult::new(vec![contents]))
}

/// Whether `uri` is a fixture's (subscribing to it is accepted and nothing is watched).
pub fn is_fixture(uri: &str) -> bool {
    read(uri).is_some()
}
