//! What a question becomes: its form schema, the validation of answers, the escaping of summaries, and the terminal driver.

mod escaping;
mod schemas;
mod terminal;
mod validation;

// The rooms example, as its own files: the tests run what a reader of it runs.
#[path = "../../examples/rooms/preview.rs"]
mod preview;
#[path = "../../examples/rooms/wizards.rs"]
mod wizards;
