//! The crate's in-process tests, by area: the catalog, the surfaces, the operator's limits
//! and guards, the reads, the wizards — each over real rmcp client/server pairs against a
//! sandbox GitLab that records what it received — and the sandbox GitLab itself through
//! the REST client. The binary's own tests (stdio, HTTP, `try`, the trust checks, the
//! end-to-end runs on both wire paths) are the integration tests in `server/tests/`.

mod catalog;
mod catalog_support;
mod common;
mod fuzz;
mod operator;
mod readme;
mod reads;
mod sandbox;
mod surfaces;
mod wizards;
