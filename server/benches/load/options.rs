//! `--clients N --seconds S --wizards M`, or `LOAD_CLIENTS` / `LOAD_SECONDS` / `LOAD_WIZARDS`.

/// How much load, for how long.
#[derive(Debug, Clone)]
pub struct Options {
    /// Concurrent clients, each running one wizard after another.
    pub clients: usize,
    /// Stop starting wizards after this many seconds.
    pub seconds: u64,
    /// Stop after this many wizards in all.
    pub wizards: u64,
}

impl Options {
    pub fn parse(args: impl Iterator<Item = String>) -> Result<Options, String> {
        let mut options = Options {
            clients: from_env("LOAD_CLIENTS", 32)?,
            seconds: from_env("LOAD_SECONDS", 10)?,
            wizards: from_env("LOAD_WIZARDS", 1_000_000)?,
        };
        let mut args = args;
        while let Some(arg) = args.next() {
            let mut value =
                |name: &str| args.next().ok_or_else(|| format!("`{name}` needs a value"));
            match arg.as_str() {
                "--clients" => options.clients = number("--clients", &value("--clients")?)?,
                "--seconds" => options.seconds = number("--seconds", &value("--seconds")?)?,
                "--wizards" => options.wizards = number("--wizards", &value("--wizards")?)?,
                // `cargo bench` passes `--bench`; filters are not used here.
                "--bench" => {}
                other => {
                    return Err(format!(
                        "unknown argument `{other}`; expected --clients N, --seconds S, --wizards M"
                    ));
                }
            }
        }
        if options.clients == 0 || options.seconds == 0 || options.wizards == 0 {
            return Err("--clients, --seconds and --wizards must be at least 1".to_owned());
        }
        Ok(options)
    }
}

fn from_env<T: std::str::FromStr>(variable: &str, default: T) -> Result<T, String> {
    match std::env::var(variable) {
        Ok(raw) => number(variable, &raw),
        Err(_) => Ok(default),
    }
}

fn number<T: std::str::FromStr>(name: &str, raw: &str) -> Result<T, String> {
    raw.trim()
        .parse()
        .map_err(|_| format!("{name}: `{raw}` is not a whole number"))
}
