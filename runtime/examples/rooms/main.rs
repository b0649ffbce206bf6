//! A small MCP server on stdio whose wizards book meeting rooms and report expenses:
//! `cargo run -p wizard --example rooms`, then point an MCP client at it.
//!
//! Everything a server of wizards needs: the wizard structs (`wizards.rs`), a handler
//! that lists them as tools and runs them through one `Flow` (`server.rs`), and this
//! `main`, which serves the handler wrapped in `Serve` on stdio.

mod server;
mod wizards;

use rmcp::ServiceExt;
use wizard::Serve;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    // stdout is the protocol: say nothing on it.
    let running = Serve::new(server::Rooms::new())
        .serve(rmcp::transport::stdio())
        .await?;
    running.waiting().await?;
    Ok(())
}
