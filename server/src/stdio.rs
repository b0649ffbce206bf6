//! MCP over stdio: newline-delimited JSON-RPC on the process's stdin and stdout, every
//! line read through [`crate::incoming`] so that a bad line gets its JSON-RPC error
//! instead of silence (rmcp's own stdio transport drops what it cannot parse).
//!
//! A line is bounded ([`MAX_LINE`]): a longer one is discarded as it streams in, never
//! held, and answered -32600. Writes go through one buffer under one lock, each message
//! appended whole, so an answer written here never interleaves with one rmcp sends.
//!
//! Told to stop ([`Stop`]), the transport answers new requests with an error and reports
//! the end of its input once every call in flight has been answered.

use std::io;
use std::sync::Arc;

use rmcp::RoleServer;
use rmcp::model::{ClientJsonRpcMessage, ErrorCode, ServerJsonRpcMessage};
use rmcp::transport::Transport;
use serde::Serialize;
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::Mutex;

use crate::incoming::{self, Incoming, Refusal};
use crate::stdio_fds;
use crate::stdio_stop::Stop;
use crate::units::show_size;

/// The longest line read: rmcp's own bound for stdio, the size of a message it accepts
/// over HTTP.
pub const MAX_LINE: usize = 16 << 20;
/// The line buffer kept between lines: one large line must not hold its memory for the
/// rest of the session.
const KEPT_LINE: usize = 64 << 10;

/// The transport for [`rmcp::ServiceExt::serve`] on the process's stdin and stdout,
/// polled by the runtime's reactor where they allow it ([`crate::stdio_fds`]), stopping
/// when `stop` says.
pub fn stdio(stop: Stop) -> Lines<stdio_fds::Input, stdio_fds::Output> {
    Lines::new(stdio_fds::stdin(), stdio_fds::stdout()).stopping_on(stop)
}

/// Newline-delimited JSON-RPC over any reader and writer.
pub struct Lines<R, W> {
    read: BufReader<R>,
    /// The line being read; a read cancelled midway resumes into it.
    line: Vec<u8>,
    max_line: usize,
    /// Dropping the rest of a line already found too long.
    discarding: bool,
    write: Arc<Mutex<Output<W>>>,
    /// The requests in flight, and whether to stop.
    stop: Stop,
}

/// The writer and the bytes not yet written to it: messages are appended whole and
/// written out from the front, so a write cancelled midway loses and splits nothing.
struct Output<W> {
    out: W,
    pending: Vec<u8>,
}

impl<W: AsyncWrite + Unpin> Output<W> {
    fn queue(&mut self, message: &impl Serialize) -> io::Result<()> {
        let mut line = serde_json::to_vec(message)?;
        line.push(b'\n');
        self.pending.extend_from_slice(&line);
        Ok(())
    }

    async fn flush(&mut self) -> io::Result<()> {
        while !self.pending.is_empty() {
            let written = self.out.write(&self.pending).await?;
            if written == 0 {
                return Err(io::ErrorKind::WriteZero.into());
            }
            self.pending.drain(..written);
        }
        self.out.flush().await
    }
}

enum LineRead {
    Line,
    TooLong,
    Eof,
}

impl<R: AsyncRead + Unpin, W: AsyncWrite + Unpin> Lines<R, W> {
    pub fn new(read: R, write: W) -> Self {
        Lines {
            read: BufReader::new(read),
            line: Vec::new(),
            max_line: MAX_LINE,
            discarding: false,
            write: Arc::new(Mutex::new(Output {
                out: write,
                pending: Vec::new(),
            })),
            stop: Stop::default(),
        }
    }

    /// Stops when `stop` says ([`Stop`]).
    #[must_use]
    pub fn stopping_on(mut self, stop: Stop) -> Self {
        self.stop = stop;
        self
    }

    #[cfg(test)]
    /// A smaller bound on a line (tests).
    #[must_use]
    pub fn with_max_line(mut self, bytes: usize) -> Self {
        self.max_line = bytes;
        self
    }

    /// Reads one `\n`-terminated line into `self.line`, never holding more than
    /// `max_line` bytes of it. Cancel-safe: `fill_buf` consumes nothing when dropped, and
    /// copying and consuming happen with no await between them.
    async fn read_line(&mut self) -> io::Result<LineRead> {
        loop {
            let available = self.read.fill_buf().await?;
            if available.is_empty() {
                return Ok(LineRead::Eof);
            }
            let newline = available.iter().position(|&b| b == b'\n');
            let take = newline.map_or(available.len(), |at| at + 1);
            let mut outcome = None;
            if self.discarding {
                if newline.is_some() {
                    self.discarding = false;
                }
            } else if self.line.len() + take > self.max_line + 1 {
                self.line.clear();
                self.line.shrink_to(KEPT_LINE);
                self.discarding = newline.is_none();
                outcome = Some(LineRead::TooLong);
            } else {
                self.line.extend_from_slice(&available[..take]);
                if newline.is_some() {
                    outcome = Some(LineRead::Line);
                }
            }
            self.read.consume(take);
            if let Some(outcome) = outcome {
                return Ok(outcome);
            }
        }
    }

    /// The next message read, every bad line on the way answered; `None` at the end of
    /// stdin.
    async fn next_message(&mut self) -> Option<ClientJsonRpcMessage> {
        loop {
            let refusal = match self.read_line().await {
                Ok(LineRead::Line) => {
                    let line = self.line.strip_suffix(b"\n").unwrap_or(&self.line);
                    let line = line.strip_suffix(b"\r").unwrap_or(line);
                    let incoming = if line.iter().all(u8::is_ascii_whitespace) {
                        None
                    } else {
                        Some(incoming::read(line))
                    };
                    self.line.clear();
                    self.line.shrink_to(KEPT_LINE);
                    match incoming {
                        None => continue,
                        Some(Incoming::Message(message)) => return Some(*message),
                        Some(Incoming::Refused(refusal)) => refusal,
                    }
                }
                Ok(LineRead::TooLong) => Refusal {
                    code: ErrorCode::INVALID_REQUEST,
                    message: format!(
                        "Invalid Request: the message is longer than {}; it was not read",
                        show_size(self.max_line)
                    ),
                    id: None,
                    answerable: true,
                },
                Ok(LineRead::Eof) => return None,
                Err(error) => {
                    tracing::error!("reading stdin failed: {error}");
                    return None;
                }
            };
            if !refusal.answerable {
                tracing::debug!("dropped a message that gets no answer: {}", refusal.message);
                continue;
            }
            tracing::debug!("answered a bad message: {}", refusal.message);
            if let Err(error) = answer(&self.write, &refusal).await {
                tracing::error!("writing to stdout failed: {error}");
                return None;
            }
        }
    }
}

/// Writes `refusal`'s error answer.
async fn answer<W: AsyncWrite + Unpin>(
    write: &Mutex<Output<W>>,
    refusal: &Refusal,
) -> io::Result<()> {
    let mut output = write.lock().await;
    output.queue(&refusal.response())?;
    output.flush().await
}

impl<R, W> Transport<RoleServer> for Lines<R, W>
where
    R: AsyncRead + Unpin + Send + 'static,
    W: AsyncWrite + Unpin + Send + 'static,
{
    type Error = io::Error;

    fn send(
        &mut self,
        item: ServerJsonRpcMessage,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        let write = Arc::clone(&self.write);
        let stop = self.stop.clone();
        async move {
            let mut output = write.lock().await;
            output.queue(&item)?;
            output.flush().await?;
            stop.sent(&item);
            Ok(())
        }
    }

    /// The next message, once told to stop and nothing is in flight `None`; a request
    /// that comes while stopping is answered with an error instead.
    async fn receive(&mut self) -> Option<ClientJsonRpcMessage> {
        let stop = self.stop.clone();
        loop {
            let message = tokio::select! {
                biased;
                () = stop.done() => return None,
                message = self.next_message() => message?,
            };
            let Some(refusal) = stop.admit(&message) else {
                return Some(message);
            };
            if let Err(error) = answer(&self.write, &refusal).await {
                tracing::error!("writing to stdout failed: {error}");
                return None;
            }
        }
    }

    async fn close(&mut self) -> Result<(), Self::Error> {
        self.write.lock().await.flush().await
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, DuplexStream, duplex};

    use super::*;

    /// A transport on in-memory pipes: what the test writes is stdin, what it reads stdout.
    fn pipes(
        max_line: usize,
    ) -> (
        Lines<DuplexStream, DuplexStream>,
        DuplexStream,
        DuplexStream,
    ) {
        let (stdin, client_in) = duplex(1 << 16);
        let (client_out, stdout) = duplex(1 << 16);
        (
            Lines::new(stdin, client_out).with_max_line(max_line),
            client_in,
            stdout,
        )
    }

    #[tokio::test]
    async fn every_bad_line_is_answered_and_good_lines_still_come_through() {
        let (mut transport, mut input, output) = pipes(1024);
        let lines: Vec<Vec<u8>> = vec![
            b"not json".to_vec(),
            b"\xff\xfe".to_vec(),
            br#"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":1e400}}"#.to_vec(),
            br#"[{"jsonrpc":"2.0","id":2,"method":"ping"}]"#.to_vec(),
            br#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":7}}"#.to_vec(),
            b"   ".to_vec(),
            format!(
                r#"{{"jsonrpc":"2.0","id":4,"method":"x","params":{{"p":"{}"}}}}"#,
                "a".repeat(2000)
            )
            .into_bytes(),
            br#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":7}"#.to_vec(),
            br#"{"jsonrpc":"2.0","id":5,"method":"ping"}"#.to_vec(),
        ];
        for line in &lines {
            input.write_all(line).await.unwrap();
            input.write_all(b"\n").await.unwrap();
        }
        let message = transport.receive().await.expect("the ping comes through");
        let ClientJsonRpcMessage::Request(ping) = message else {
            panic!("expected the ping: {message:?}");
        };
        assert_eq!(ping.id, rmcp::model::NumberOrString::Number(5));
        let mut answers = BufReader::new(output).lines();
        let mut read = Vec::new();
        for _ in 0..6 {
            let line = answers.next_line().await.unwrap().expect("an answer");
            read.push(serde_json::from_str::<Value>(&line).unwrap());
        }
        let codes: Vec<(Value, Value)> = read
            .iter()
            .map(|answer| (answer["id"].clone(), answer["error"]["code"].clone()))
            .collect();
        assert_eq!(
            codes,
            [
                (Value::Null, json!(-32700)),
                (Value::Null, json!(-32700)),
                (Value::Null, json!(-32700)),
                (Value::Null, json!(-32600)),
                (json!(3), json!(-32602)),
                (Value::Null, json!(-32600)),
            ]
        );
        assert!(read.iter().all(|answer| answer["jsonrpc"] == "2.0"));
        assert!(
            read[5]["error"]["message"]
                .as_str()
                .unwrap()
                .contains("longer than 1 KiB"),
            "{}",
            read[5]
        );
        drop(input);
        assert!(transport.receive().await.is_none());
    }
}
