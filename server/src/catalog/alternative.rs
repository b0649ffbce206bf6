//! The alternatives (`issue.create`, …): a wizard's own struct beside the fields only GitLab
//! knows. The wizard struct is the parameter set, so a question can never be missing from
//! its alternative, nor differ in being required; and the call is the wizard's own call with
//! the extra fields added, so the two can never send different bodies.

use std::sync::Arc;

use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use super::body::Body;
use super::endpoint::Endpoint;
use super::params::{Params, parse, property_names};
use super::schema::input_schema;
use super::schema::input_schema_and_doc;
use super::wizard::GitLabWizard;
use crate::gitlab::ApiRequest;

// `W`'s questions and tool arguments, plus the extra fields `E`, as one flat object. (A
// plain comment: a doc comment would become every alternative's schema description.)
#[derive(Debug, JsonSchema)]
pub struct Alternative<W, E> {
    #[serde(flatten)]
    pub wizard: W,
    #[serde(flatten)]
    pub extra: E,
}

/// The fields an alternative takes besides its wizard's questions.
pub trait Extra<W> {
    /// The body fields they add, or why they cannot go with these answers (naming the field).
    fn body(self, wizard: &W) -> Result<Body, String>;
}

/// Reads the two halves apart instead of with serde's `flatten`, which would hide the
/// name of a field at fault behind a buffered map; the call is the wizard's own, with the
/// extra fields added to its body.
impl<W, E> Params for Alternative<W, E>
where
    W: GitLabWizard + DeserializeOwned + JsonSchema + 'static,
    E: Extra<W> + DeserializeOwned + JsonSchema + 'static,
{
    fn parse(args: &Map<String, Value>) -> Result<Self, String> {
        let extra_keys = property_names(&input_schema::<E>());
        let (extra, wizard): (Map<String, Value>, Map<String, Value>) = args
            .iter()
            .map(|(key, value)| (key.clone(), value.clone()))
            .partition(|(key, _)| extra_keys.contains(key));
        Ok(Alternative {
            wizard: parse(&wizard)?,
            extra: parse(&extra)?,
        })
    }

    /// The description is the extra fields' doc comment: the alternative's own struct is
    /// generic.
    fn schema_and_doc() -> (Arc<Map<String, Value>>, String) {
        (input_schema::<Self>(), input_schema_and_doc::<E>().1)
    }

    /// The endpoint is the one the wizard's own request goes to; the table names it for
    /// the documentation.
    fn request(self, _: &Endpoint) -> Result<ApiRequest, String> {
        let extra = self.extra.body(&self.wizard)?;
        let mut call = self.wizard.request();
        if let (Some(Value::Object(body)), Value::Object(extra)) = (&mut call.body, extra.into()) {
            body.extend(extra);
        }
        Ok(call)
    }
}
