//! The example server's handler: two wizard tools and a guarded one, with the bookings
//! kept in memory.

use std::sync::{Arc, Mutex, PoisonError};

use rmcp::ServerHandler;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, ErrorData,
    Implementation, ListToolsResult, PaginatedRequestParams, ServerCapabilities, ServerConfig,
    Tool,
};
use rmcp::service::{RequestContext, RoleServer};
use serde_json::json;
use wizard::guard::{Destructive, guard};
use wizard::{Choice, Flow, StateKeys, Wizard};

use crate::wizards::{BookRoom, ReportExpense};

/// The tool that cancels every booking: it changes nothing without the user's yes.
const CANCEL_ALL: &str = "rooms_cancel_all";
/// The tool that lists the bookings: a plain tool beside the wizards.
const LIST: &str = "rooms_list";

/// The handler; cloning is cheap. Serve it wrapped in [`wizard::Serve`].
#[derive(Clone)]
pub struct Rooms {
    flow: Flow,
    bookings: Arc<Mutex<Vec<String>>>,
}

impl Rooms {
    pub fn new() -> Self {
        Rooms::with_flow(Flow::new(StateKeys::random()))
    }

    pub fn with_flow(flow: Flow) -> Self {
        Rooms {
            flow,
            bookings: Arc::default(),
        }
    }

    /// The bookings made so far.
    pub fn bookings(&self) -> Vec<String> {
        self.bookings
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    fn book(&self, booking: BookRoom) -> CallToolResult {
        let line = format!(
            "{} in {} on {} for {}",
            booking.room.wire_value(),
            booking.building,
            booking.day.0,
            booking.attendees
        );
        self.bookings
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(line.clone());
        CallToolResult::structured(json!({ "booked": line }))
    }

    fn tools() -> Vec<Tool> {
        let no_arguments = wizard::input_schema::<serde_json::Map<String, serde_json::Value>>();
        vec![
            wizard::tool::<BookRoom>(),
            wizard::tool::<ReportExpense>(),
            Tool::new(
                CANCEL_ALL,
                "Cancels every booking, after asking the user.",
                no_arguments.clone(),
            ),
            Tool::new(LIST, "Lists the bookings made so far.", no_arguments),
        ]
    }
}

impl Default for Rooms {
    fn default() -> Self {
        Rooms::new()
    }
}

impl ServerHandler for Rooms {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("rooms", env!("CARGO_PKG_VERSION")))
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(Rooms::tools()))
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        Rooms::tools().into_iter().find(|tool| tool.name == name)
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let result = match request.name.as_ref() {
            name if name == BookRoom::INFO.tool => {
                // Bad arguments, the next question, or an ending: returned as it is.
                match self.flow.call::<BookRoom>(&request, &context).await {
                    Ok(booking) => self.book(booking),
                    Err(response) => return Ok(response),
                }
            }
            name if name == ReportExpense::INFO.tool => {
                match self.flow.call::<ReportExpense>(&request, &context).await {
                    Ok(expense) => CallToolResult::success(vec![ContentBlock::text(format!(
                        "reported {:.2} {}",
                        expense.amount,
                        expense.currency.wire_value()
                    ))]),
                    Err(response) => return Ok(response),
                }
            }
            CANCEL_ALL => {
                let call = Destructive {
                    approved: false,
                    may_ask: true,
                    refusal: "rooms_cancel_all cancels every booking: ask the user first.",
                    question: "Cancel every booking? This cannot be undone.",
                };
                let mut prompter = self.flow.prompter(&request, &context);
                if let Some(response) = guard(&mut prompter, call).await {
                    return Ok(response);
                }
                self.bookings
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .clear();
                CallToolResult::success(vec![ContentBlock::text("every booking cancelled")])
            }
            LIST => CallToolResult::structured(json!({ "bookings": self.bookings() })),
            other => {
                return Err(ErrorData::invalid_params(
                    format!("unknown tool `{other}`"),
                    None,
                ));
            }
        };
        Ok(result.into())
    }
}
