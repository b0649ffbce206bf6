//! The signals that stop the server, on HTTP as on stdio: SIGINT (Ctrl-C) and, on Unix,
//! SIGTERM (what container runtimes, service managers and MCP clients send).

use std::io;

/// Installs the handlers now — a signal arriving before the returned future is first
/// polled is not lost (nor does it kill the process) — and resolves on the first of them.
#[cfg(unix)]
pub fn shutdown_signal() -> io::Result<impl Future<Output = ()> + Send + 'static> {
    use tokio::signal::unix::{SignalKind, signal};
    let mut interrupt = signal(SignalKind::interrupt())?;
    let mut terminate = signal(SignalKind::terminate())?;
    Ok(async move {
        tokio::select! {
            _ = interrupt.recv() => tracing::info!("SIGINT received"),
            _ = terminate.recv() => tracing::info!("SIGTERM received"),
        }
    })
}

/// Resolves on Ctrl-C.
#[cfg(not(unix))]
pub fn shutdown_signal() -> io::Result<impl Future<Output = ()> + Send + 'static> {
    Ok(async {
        match tokio::signal::ctrl_c().await {
            Ok(()) => tracing::info!("Ctrl-C received"),
            Err(error) => {
                tracing::error!("cannot listen for Ctrl-C: {error}");
                std::future::pending::<()>().await;
            }
        }
    })
}
