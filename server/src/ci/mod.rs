//! What a call does for CI beyond its one request: waiting until a pipeline or a job has
//! settled ([`wait`]), and the failed jobs a failed pipeline's answer carries
//! ([`failed_jobs`]).

pub mod failed_jobs;
pub mod wait;
