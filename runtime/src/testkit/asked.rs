//! What the scripted client records of each question it is asked.

use serde_json::Value;

/// One question as the client received it.
#[derive(Debug, Clone, PartialEq)]
pub struct Asked {
    /// The `inputRequests` key on MRTR; on the sync path, where the key is not on the
    /// wire, the key of the question with this message (`confirm` for the summary).
    pub key: String,
    pub message: String,
    /// The `requestedSchema` (or `{"url": …}` for a url-mode request).
    pub schema: Value,
}
