//! `gitlab://projects/{project}/jobs/{job_id}/log{?tail_lines}`: a CI job's log as plain
//! text, exactly as `job.log` shapes it — colour codes gone, the lines around its first
//! error and its end unless `tail_lines` asks for the last n, 64 KiB at most, a bracketed
//! line wherever lines were left out —, and like it first saying who wrote it: the job's
//! own commands, data and not instructions.

use serde_json::json;

use super::markdown::text;
use crate::call::{ReadError, Reads, params};
use crate::catalog::output::untrusted::JOB_LOG;
use crate::gitlab::ProjectId;
use crate::registry::{ActionId, ids};

pub const NEEDS: &[ActionId] = &[ids::JOB_LOG];

pub async fn log(
    reads: &Reads<'_>,
    project: &ProjectId,
    id: u64,
    tail_lines: Option<u64>,
) -> Result<String, ReadError> {
    let log = reads
        .read(
            ids::JOB_LOG,
            params([
                ("project_id", json!(project)),
                ("job_id", json!(id)),
                ("tail_lines", json!(tail_lines)),
            ]),
        )
        .await?;
    match text(&log, "log") {
        // Said in the log's own way of saying what is not shown.
        "" => Ok(format!(
            "[The log of job {id} is empty: the job has not run yet, or its log was erased.]"
        )),
        shown => Ok(format!("{JOB_LOG}\n\n{shown}")),
    }
}
