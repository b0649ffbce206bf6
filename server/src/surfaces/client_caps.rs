//! The tool counts past which clients drop tools or refuse a server.

/// The most tools some clients take, with the client: past one, that client drops tools or
/// refuses the server, so the server says so at start-up.
pub const CLIENT_TOOL_CAPS: [(usize, &str); 3] = [
    (40, "Cursor"),
    (100, "JetBrains AI Assistant"),
    (128, "VS Code"),
];

/// Said at start-up when `tools` listed pass a client's cap: which clients, and how to
/// list fewer. `None` within every cap.
pub fn over_client_caps(tools: usize) -> Option<String> {
    let over: Vec<String> = CLIENT_TOOL_CAPS
        .iter()
        .filter(|(cap, _)| tools > *cap)
        .map(|(cap, client)| format!("{client} ({cap})"))
        .collect();
    if over.is_empty() {
        return None;
    }
    Some(format!(
        "{tools} tools are listed, more than {} take: list fewer with GITLAB_MCP_TOOLSETS (e.g. `repository,merge_requests,pipelines`), or use the `meta` or the default `dynamic` surface (GITLAB_MCP_TOOL_SURFACE)",
        over.join(", ")
    ))
}

#[cfg(test)]
mod caps {
    use super::over_client_caps;

    #[test]
    fn each_cap_passed_is_named_with_the_way_out() {
        assert_eq!(over_client_caps(40), None);
        let said = over_client_caps(41).unwrap();
        assert!(
            said.starts_with("41 tools are listed, more than Cursor (40) take"),
            "{said}"
        );
        assert!(said.contains("GITLAB_MCP_TOOLSETS"), "{said}");
        let said = over_client_caps(129).unwrap();
        assert!(
            said.contains("Cursor (40), JetBrains AI Assistant (100), VS Code (128)"),
            "{said}"
        );
    }
}
