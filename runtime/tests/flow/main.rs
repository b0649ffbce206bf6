//! The Flow over real rmcp client/server pairs on both wire paths: wizards and primitives round by round, their endings, live checks, list steps, the destructive guard, the signed requestState (its binding and tampering), the test kit's client, and the rooms example.

mod common;
mod example_rooms;
mod guard;
mod lists;
mod live;
mod mrtr_rounds;
mod outcomes;
mod paths;
mod primitives;
mod state_binding;
mod state_tamper;
mod sync;
mod testkit_client;

// The rooms example, as its own files: the tests run what a reader of it runs.
#[path = "../../examples/rooms/server.rs"]
mod server;
#[path = "../../examples/rooms/wizards.rs"]
mod wizards;
