//! Compile-fail and end-to-end tests live in `tests/`.
