//! The example server's handler: two wizard tools and a guarded one, with the office (its
//! rooms and bookings) kept in memory and handed to the booking wizard as its context.

use std::sync::{Arc, PoisonError};

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

use crate::wizards::{BookRoom, Booking, Office, ReportExpense};

/// The tool that cancels every booking: it changes nothing without the user's yes.
const CANCEL_ALL: &str = "rooms_cancel_all";
/// The tool that lists the bookings: a plain tool beside the wizards.
const LIST: &str = "rooms_list";

/// The handler; cloning is cheap. Serve it wrapped in [`wizard::Serve`].
#[derive(Clone)]
pub struct Rooms {
    flow: Flow,
    office: Arc<Office>,
}

impl Rooms {
    pub fn new() -> Self {
        Rooms::with_office(Office::demo())
    }

    pub fn with_office(office: Office) -> Self {
        Rooms {
            flow: Flow::new(StateKeys::random()),
            office: Arc::new(office),
        }
    }

    /// The bookings made so far, one line each: `board in North on 2026-07-28 for 6`.
    pub fn bookings(&self) -> Vec<String> {
        self.office
            .bookings()
            .iter()
            .map(|b| {
                format!(
                    "{} in {} on {} for {}",
                    b.room, b.building, b.day, b.attendees
                )
            })
            .collect()
    }

    fn book(&self, booking: BookRoom) -> CallToolResult {
        let booking = Booking {
            building: booking.building,
            room: booking.room,
            day: booking.day.0,
            attendees: booking.attendees,
        };
        self.office
            .bookings
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(booking);
        let line = self.bookings().pop().unwrap_or_default();
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
                // Bad arguments, the next question, or an ending: returned as it is. The
                // office is what the wizard's live checks, choices and intro read.
                match self
                    .flow
                    .call_with::<BookRoom>(&self.office, &request, &context)
                    .await
                {
                    // A repeat of the yes (a client's retry) books once.
                    Ok(booking) => self.flow.once(&request, async { self.book(booking) }).await,
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
                    title: "Cancel every booking",
                };
                let mut prompter = self.flow.prompter(&request, &context);
                if let Some(response) = guard(&mut prompter, call).await {
                    return Ok(response);
                }
                let cancel = async {
                    self.office
                        .bookings
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .clear();
                    CallToolResult::success(vec![ContentBlock::text("every booking cancelled")])
                };
                self.flow.once(&request, cancel).await
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
