//! The GitLab MCP server.
