use wizard::Wizard;
use wizard::live::Live;

#[derive(Debug, Wizard)]
#[wizard(tool = "t", noun = "Pipeline", summary = "Run on {reference}?")]
struct RunPipeline {
    #[ask("Select the branch or tag", key = "ref", choices_from = refs)]
    reference: String,
}

async fn refs(_: Live<'_, RunPipeline>) -> Result<Vec<String>, String> {
    Ok(vec!["main".to_owned()])
}

fn main() {}
