//! Every rule `#[derive(Wizard)]` and `#[derive(Choice)]` enforce at compile time, one
//! `ui/<rule>.rs` each, with the compiler's output pinned in `ui/<rule>.stderr`.
//!
//! The snapshots hold rustc's exact wording, so the test runs only on the compiler
//! they were taken with. Regenerate them with `TRYBUILD=overwrite` and read each one.

#[rustversion::stable(1.95)]
#[test]
fn derive_errors() {
    trybuild::TestCases::new().compile_fail("ui/*.rs");
}
