//! A line of a toolset's table: `get::<BranchList>("branch.list", "projects/{project_id}/
//! repository/branches").list()`. The method and path are GitLab's; the struct's fields are
//! the parameters (GitLab's names) and its doc comment the description; reads, writes and
//! destructive actions follow from the method unless the line says otherwise.

use std::marker::PhantomData;
use std::sync::{Arc, LazyLock};

use reqwest::Method;
use serde_json::{Map, Value};

use super::action::{Action, Described, PROJECT_ID, Run};
use super::asks::{ArgumentGuard, Asks};
use super::endpoint::Endpoint;
use super::graphql::{GraphQlParams, Typed};
use super::output::{Kind, Output, PIPELINE, RAW};
use super::params::{Params, property_names, required_names};
use super::resource::Resource;
use crate::gitlab::ApiRequest;

/// A rule across the fields of `P`, naming the field at fault.
type Check<P> = fn(&P) -> Result<(), String>;

/// A catalog action before it is built, typed by its parameters `P`: the line's plain data,
/// and the two rules written against `P`.
#[must_use]
pub struct Entry<P> {
    line: Line,
    check: Option<Check<P>>,
    asks: Option<Asks<P>>,
    parameters: PhantomData<fn() -> P>,
}

/// What a table line says that does not depend on the parameter type.
struct Line {
    id: &'static str,
    endpoint: Endpoint,
    output: Output,
    read_only: bool,
    destructive: bool,
    across_projects: bool,
    method_in_call: bool,
    waits: bool,
    /// Whether the answer is the kind its path names (`compact::Kind::of_path`).
    kind_from_path: bool,
    title: Option<&'static str>,
}

fn entry<P: Params>(id: &'static str, method: Method, path: &'static str) -> Entry<P> {
    let output = match method {
        Method::DELETE => Output::Deleted,
        _ => Output::Object,
    };
    Entry {
        line: Line {
            id,
            read_only: method == Method::GET,
            // Deleting loses work; everything else that does is marked on its line.
            destructive: method == Method::DELETE,
            across_projects: false,
            method_in_call: false,
            waits: false,
            kind_from_path: true,
            endpoint: Endpoint::new(method, path),
            output,
            title: None,
        },
        check: None,
        asks: None,
        parameters: PhantomData,
    }
}

/// A read: `GET path`, answered with one object unless the line says `.list()` or another
/// output.
pub fn get<P: Params>(id: &'static str, path: &'static str) -> Entry<P> {
    entry(id, Method::GET, path)
}

/// A write: `POST path` with the parameters as a JSON body.
pub fn post<P: Params>(id: &'static str, path: &'static str) -> Entry<P> {
    entry(id, Method::POST, path)
}

/// A write: `PUT path` with the parameters as a JSON body.
pub fn put<P: Params>(id: &'static str, path: &'static str) -> Entry<P> {
    entry(id, Method::PUT, path)
}

/// A write: `PATCH path` with the parameters as a JSON body (the routes that change only
/// what is sent, such as protection rules).
pub fn patch<P: Params>(id: &'static str, path: &'static str) -> Entry<P> {
    entry(id, Method::PATCH, path)
}

/// The guarded door: GitLab's method and path come with each call, so what the action does
/// is decided per call (a GET reads; any other method writes, and asks first through the
/// line's `.asks(…)`). `path` documents where the call's path goes.
pub fn any_method<P: Params>(id: &'static str, path: &'static str) -> Entry<P> {
    let mut entry = entry(id, Method::GET, path);
    entry.line.read_only = false;
    entry.line.method_in_call = true;
    entry.line.output = Output::Any;
    entry
}

/// The GraphQL door: `POST /api/graphql`, whose document decides per call whether it
/// reads (a query) or writes (a mutation, which asks first through the line's `.asks(…)`).
pub fn graphql<P: Params>(id: &'static str) -> Entry<P> {
    let mut entry = entry(id, Method::POST, "graphql");
    entry.line.read_only = false;
    entry.line.method_in_call = true;
    entry.line.output = Output::Any;
    entry
}

/// A typed GraphQL action: `P`'s operation (`super::graphql`), sent to `POST /api/graphql`
/// with `P`'s fields as its variables; a query reads, a mutation writes (a deleting one is
/// marked `.destructive()` on its line).
pub fn graphql_operation<P: GraphQlParams>(id: &'static str) -> Entry<Typed<P>> {
    let operation = P::OPERATION;
    let mut entry = entry(id, Method::POST, "graphql");
    entry.line.read_only = !operation.mutation();
    entry.line.output = Output::GraphQl(operation);
    entry
}

/// A destructive action: `DELETE path`, the parameters in the query.
pub fn delete<P: Params>(id: &'static str, path: &'static str) -> Entry<P> {
    entry(id, Method::DELETE, path)
}

impl<P: Params> Entry<P> {
    /// GitLab answers with a page of objects.
    pub fn list(self) -> Self {
        self.output(Output::List)
    }

    /// GitLab's answer becomes this kind of result.
    pub fn output(mut self, output: Output) -> Self {
        self.line.output = output;
        self
    }

    /// The action loses work (a merge, an erase, a cancel): guarded like a delete.
    pub fn destructive(mut self) -> Self {
        self.line.destructive = true;
        self
    }

    /// The action reads the content of projects it does not name (an instance- or
    /// group-wide search): refused when `GITLAB_MCP_ALLOWED_PROJECTS` limits the projects.
    pub fn across_projects(mut self) -> Self {
        self.line.across_projects = true;
        self
    }

    /// The read is repeated until the pipeline or job it reads has finished
    /// (`crate::ci::wait`).
    pub fn waits(mut self) -> Self {
        self.line.waits = true;
        self
    }

    /// A rule across fields that serde cannot state, checked before anything is sent.
    pub fn check(mut self, check: Check<P>) -> Self {
        self.check = Some(check);
        self
    }

    /// The action asks the user first when its arguments would do what `asks` says, on
    /// every surface (see [`Asks`]).
    pub fn asks(mut self, asks: Asks<P>) -> Self {
        self.asks = Some(asks);
        self
    }

    /// GitLab answers with something other than the kind the path names (a merge train's
    /// car at `…/merge_trains/merge_requests/:iid`, a container image's tag at `…/tags`):
    /// made compact field by field, so that none of its own fields is dropped.
    pub fn not_the_kind_of_its_path(mut self) -> Self {
        self.line.kind_from_path = false;
        self
    }

    /// The tool title, when the one made from the id reads badly.
    pub fn title(mut self, title: &'static str) -> Self {
        self.line.title = Some(title);
        self
    }
}

/// Validates a call's arguments into `P` and builds its request: the one part of running an
/// action that is written per parameter type.
type Request =
    Box<dyn Fn(&Map<String, Value>, &Endpoint) -> Result<ApiRequest, String> + Send + Sync>;

/// `P::schema_and_doc`: the input schema and the description, made when first read.
type SchemaAndDoc = fn() -> (Arc<Map<String, Value>>, String);

impl<P: Params + 'static> From<Entry<P>> for Action {
    /// Only what names `P` is made here; [`Action::from_line`] does the rest, once for
    /// every line, so that building the catalog at start runs one function rather than
    /// a copy per parameter type.
    fn from(entry: Entry<P>) -> Action {
        let check = entry.check;
        let request: Request = Box::new(move |args, endpoint| {
            let params = P::parse(args)?;
            if let Some(check) = check {
                check(&params)?;
            }
            params.request(endpoint)
        });
        let guard = entry.asks.map(ArgumentGuard::new);
        Action::from_line(entry.line, request, P::schema_and_doc, guard)
    }
}

impl Action {
    /// An action from its line and its typed parts. Never inlined: each table's
    /// `actions()` then calls it once per line instead of holding a copy of it per line,
    /// which made building the catalog touch hundreds of kilobytes of code at start.
    #[inline(never)]
    fn from_line(
        line: Line,
        request: Request,
        schema_and_doc: SchemaAndDoc,
        guard: Option<ArgumentGuard>,
    ) -> Action {
        let id = line.id;
        let (_, verb) = id
            .split_once('.')
            .unwrap_or_else(|| panic!("catalog action `{id}`: ids are `resource.verb`"));
        let resource = Resource::of(id)
            .unwrap_or_else(|| panic!("catalog action `{id}`: its resource is not in RESOURCES"));
        let is_update = verb == "update" || verb.ends_with("_update");
        // Reads answering with GitLab objects take `raw`.
        let has_raw = (line.read_only || line.method_in_call) && line.output.has_raw();
        let endpoint = line.endpoint.clone();
        let build = move |args: &Map<String, Value>| {
            // `raw` says how to shape the answer, not what to ask GitLab.
            let request = if has_raw && args.contains_key(RAW) {
                let mut args = args.clone();
                args.remove(RAW);
                request(&args, &endpoint)?
            } else {
                request(args, &endpoint)?
            };
            // An update that sends nothing would change nothing: GitLab refuses it, so
            // refuse it first, naming what could change.
            if is_update && request.body.is_none() {
                return Err(nothing_to_update(&endpoint, schema_and_doc));
            }
            Ok(request)
        };
        let asks_when = guard.as_ref().map(|guard| guard.when);
        let endpoint = line.endpoint.clone();
        let output = line.output;
        let kind = match output {
            Output::Object | Output::List if line.kind_from_path => {
                Kind::of_path(line.endpoint.path)
            }
            Output::Pipeline => Some(&PIPELINE),
            _ => None,
        };
        let describe = move || {
            let (mut input_schema, mut description) = schema_and_doc();
            if has_raw {
                add_raw(&mut input_schema);
            }
            assert!(
                !description.is_empty(),
                "catalog action `{id}`: its parameter struct needs a doc comment, the description"
            );
            endpoint.check_fields(id, &required_names(&input_schema));
            if let Some(when) = asks_when {
                description.push_str(&format!(
                    " Asks the user first when the call would {when}, on every surface; send `confirm: true` only after the user explicitly approved that."
                ));
            }
            let described = Described::new(description, input_schema);
            if endpoint.path_fields().contains(&PROJECT_ID) {
                described.leaving_project_to_default()
            } else {
                described
            }
        };
        Action {
            id,
            resource,
            verb,
            destructive_hint: line.destructive || guard.as_ref().is_some_and(|g| g.loses_work),
            guard,
            title: line
                .title
                .map_or_else(|| super::title::title(resource, verb), str::to_owned),
            read_only: line.read_only,
            destructive: line.destructive,
            // A GraphQL query is a POST that only reads.
            idempotent: line.read_only
                || line.endpoint.method != Method::POST && !line.method_in_call,
            across_projects: line.across_projects,
            waits: line.waits,
            method_in_call: line.method_in_call,
            output: line.output,
            kind,
            endpoint: Some(line.endpoint),
            run: Run::GitLab(Box::new(build)),
            described: LazyLock::new(Box::new(describe)),
        }
    }
}

/// Adds the `raw` parameter of an action answering with GitLab objects; what it does is
/// said once for every tool, in the server's instructions (`params::SHARED_PARAMETERS`).
fn add_raw(schema: &mut Arc<Map<String, Value>>) {
    let schema = Arc::make_mut(schema);
    if let Some(Value::Object(properties)) = schema.get_mut("properties") {
        properties.insert(RAW.to_owned(), serde_json::json!({"type": "boolean"}));
    }
}

/// Why an update with no field to change is refused, naming the fields that could change.
fn nothing_to_update(endpoint: &Endpoint, schema_and_doc: SchemaAndDoc) -> String {
    let path_fields = endpoint.path_fields();
    let names: Vec<String> = property_names(&schema_and_doc().0)
        .into_iter()
        .filter(|name| !path_fields.contains(&name.as_str()))
        .map(|name| format!("`{name}`"))
        .collect();
    format!(
        "nothing to update; give at least one of {}",
        names.join(", ")
    )
}

/// A toolset's table: `table![get::<IssueGet>("issue.get", "projects/{project_id}/…"), …]`,
/// each line an [`Entry`] made into an [`Action`].
#[macro_export]
macro_rules! table {
    ($($entry:expr),* $(,)?) => {
        vec![$(::core::convert::Into::into($entry)),*]
    };
}
