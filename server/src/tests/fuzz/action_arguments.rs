//! Argument parsing of every catalog action, reached as a client reaches it: the tool of
//! one of the three surfaces, resolved to its action, the action's parameters validated
//! into its GitLab request (`Action::prepare`, which runs before anything is asked or
//! sent). Arguments use the action's own parameter names with values of every type,
//! numbers at every edge included, and sometimes a malformed envelope.

use crate::access::Access;
use crate::catalog::{Action, Prepared};
use crate::gitlab::MAX_EXACT_INTEGER;
use crate::registry::catalog;
use crate::surfaces::{Resolved, Surface, SurfaceKind, individual_tool_name, meta_tool_name};
use proptest::prelude::*;
use serde_json::{Map, Value, json};

use super::inputs::{field_value, json, object, text};
use super::{Verdict, ensure, fuzz};

const SURFACES: [SurfaceKind; 3] = [
    SurfaceKind::Dynamic,
    SurfaceKind::Meta,
    SurfaceKind::Individual,
];

/// The tool and arguments that run `action` with `params` on `surface`.
fn envelope(
    surface: SurfaceKind,
    action: &Action,
    params: Map<String, Value>,
    confirm: Option<Value>,
) -> (String, Map<String, Value>) {
    let mut arguments = match surface {
        SurfaceKind::Meta | SurfaceKind::Individual if action.is_wizard() => {
            return (individual_tool_name(action), params);
        }
        SurfaceKind::Dynamic => {
            let mut arguments = Map::new();
            arguments.insert("action".into(), json!(action.id));
            arguments.insert("params".into(), Value::Object(params));
            arguments
        }
        SurfaceKind::Meta => {
            let mut arguments = Map::new();
            arguments.insert("action".into(), json!(action.verb));
            arguments.insert("params".into(), Value::Object(params));
            arguments
        }
        SurfaceKind::Individual => params,
    };
    if let Some(confirm) = confirm {
        arguments.insert("confirm".into(), confirm);
    }
    let tool = match surface {
        SurfaceKind::Dynamic => "gitlab_execute_action".to_owned(),
        SurfaceKind::Meta => meta_tool_name(action.resource),
        SurfaceKind::Individual => individual_tool_name(action),
    };
    (tool, arguments)
}

/// Whether any number in `value` is beyond 2^53 − 1.
fn has_inexact_number(value: &Value) -> bool {
    match value {
        Value::Number(n) => n.as_u64().map_or_else(
            || {
                n.as_i64().map_or_else(
                    || {
                        n.as_f64()
                            .is_some_and(|f| f.abs() > 9_007_199_254_740_991.0)
                    },
                    |i| i.unsigned_abs() > MAX_EXACT_INTEGER,
                )
            },
            |u| u > MAX_EXACT_INTEGER,
        ),
        Value::Array(items) => items.iter().any(has_inexact_number),
        Value::Object(fields) => fields.values().any(has_inexact_number),
        _ => false,
    }
}

#[test]
fn action_arguments() {
    let surfaces: Vec<Surface> = SURFACES
        .iter()
        .map(|&kind| Surface::new(kind, catalog(), Access::default()))
        .collect();
    let actions = catalog().actions();
    let inputs = (0..SURFACES.len(), 0..actions.len()).prop_flat_map(|(surface, action)| {
        let action = &actions[action];
        let params = object(action.parameters().to_vec());
        let confirm = prop_oneof![3 => Just(None), 1 => Just(Some(json!(true))), 1 => field_value().prop_map(Some)];
        let mangle = prop_oneof![
            12 => Just(None),
            1 => (text(), json()).prop_map(Some),
        ];
        (Just(surface), Just(action.id), params, confirm, mangle)
    });
    fuzz(
        "action_arguments",
        inputs,
        |(index, id, params, confirm, mangle)| {
            let surface = &surfaces[index];
            let action = catalog().get(id).expect("an action of the catalog");
            let sent_params = Value::Object(params.clone());
            let (tool, mut arguments) = envelope(SURFACES[index], action, params, confirm);
            // A malformed envelope: a key replaced by anything.
            if let Some((key, value)) = mangle {
                arguments.insert(key, value);
            }
            let resolved = surface.resolve(&tool, Some(&arguments));
            ensure!(resolved.is_some(), "`{tool}` is a tool of its surface");
            let resolved = match resolved {
                Some(Ok(resolved)) => resolved,
                Some(Err(envelope)) => return Ok(Verdict::Refused(envelope.0)),
                None => unreachable!("checked above"),
            };
            let Resolved::Run {
                action: resolved_action,
                params,
                ..
            } = resolved
            else {
                return Ok(Verdict::Accepted);
            };
            let prefix = format!("invalid parameters for `{}`: ", resolved_action.id);
            match resolved_action.prepare(&params) {
                Err(why) => {
                    ensure!(
                        why.starts_with(&prefix),
                        "an error that does not name its action: {why}"
                    );
                    Ok(Verdict::Refused(why))
                }
                Ok(prepared) => {
                    ensure!(
                        !has_inexact_number(&Value::Object(params.clone())),
                        "a number beyond 2^53 − 1 accepted for `{}`: {sent_params}",
                        resolved_action.id
                    );
                    ensure!(
                        resolved_action.is_wizard() == matches!(prepared, Prepared::Wizard(_)),
                        "`{}` prepared as the wrong kind",
                        resolved_action.id
                    );
                    Ok(Verdict::Accepted)
                }
            }
        },
    );
}
