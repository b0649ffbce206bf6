use wizard::Wizard;
use wizard::live::{Live, Verdict};

#[derive(Debug, Wizard)]
#[wizard(tool = "t", noun = "Pipeline", summary = "Run on {reference}?")]
struct RunPipeline {
    #[ask("Select the branch or tag", key = "ref", default = "main", choices_from = refs, check = exists)]
    reference: String,
}

async fn refs(_: Live<'_, RunPipeline>) -> Result<Vec<String>, String> {
    Ok(vec!["main".to_owned()])
}

async fn exists(_: Live<'_, RunPipeline>, _: &str) -> Verdict {
    Verdict::Accept
}

fn main() {}
