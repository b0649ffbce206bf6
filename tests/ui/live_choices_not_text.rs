use wizard::Wizard;
use wizard::live::{Live, Verdict};

#[derive(Debug, Wizard)]
#[wizard(tool = "t", noun = "Pipeline", summary = "Run on {jobs}?")]
struct RunPipeline {
    #[ask("How many jobs?", choices_from = job_counts, check = any_count)]
    jobs: u32,
}

async fn job_counts(_: Live<'_, RunPipeline>) -> Result<Vec<String>, String> {
    Ok(vec!["1".to_owned()])
}

async fn any_count(_: Live<'_, RunPipeline>, _: &u32) -> Verdict {
    Verdict::Accept
}

fn main() {}
