//! A small MCP server on stdio whose wizards book meeting rooms and report expenses:
//! `cargo run -p wizard --example rooms`, then point an MCP client at it.
//!
//! Everything a server of wizards needs: the wizard structs (`wizards.rs`), a handler
//! that lists them as tools and runs them through one `Flow` (`server.rs`), and this
//! `main`, which serves the handler wrapped in `Serve` on stdio. `-- try book North` or
//! `-- try expense` runs one wizard on the terminal instead (`preview.rs`).

mod preview;
mod server;
mod wizards;

use std::process::ExitCode;

use rmcp::ServiceExt;
use wizard::Serve;

#[tokio::main]
async fn main() -> Result<ExitCode, Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(("try", rest)) = args
        .split_first()
        .map(|(first, rest)| (first.as_str(), rest))
    {
        return Ok(preview::preview(rest).await);
    }
    // stdout is the protocol: say nothing on it.
    let running = Serve::new(server::Rooms::new())
        .serve(rmcp::transport::stdio())
        .await?;
    running.waiting().await?;
    Ok(ExitCode::SUCCESS)
}
