//! The fuzz targets, one module per parser; the harness and generators are the library's
//! (see its documentation for the targets and the command that runs a million inputs each).

mod action_arguments;
mod allowed_projects;
mod answers;
mod jsonrpc;
mod request_state;
mod summary_escaping;
