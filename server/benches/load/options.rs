//! `--clients N --seconds S --wizards M --client-threads T`, or `LOAD_CLIENTS`,
//! `LOAD_SECONDS`, `LOAD_WIZARDS`, `LOAD_CLIENT_THREADS`.

/// How much load, for how long.
#[derive(Debug, Clone)]
pub struct Options {
    /// Concurrent clients, each running one wizard after another.
    pub clients: usize,
    /// Stop starting wizards after this many seconds.
    pub seconds: u64,
    /// Stop after this many wizards in all.
    pub wizards: u64,
    /// Threads running the clients (and the sandbox GitLab) in this process.
    pub client_threads: usize,
}

impl Options {
    pub fn parse(args: impl Iterator<Item = String>) -> Result<Options, String> {
        let mut options = Options {
            clients: from_env("LOAD_CLIENTS", 32)?,
            seconds: from_env("LOAD_SECONDS", 10)?,
            wizards: from_env("LOAD_WIZARDS", 1_000_000)?,
            client_threads: from_env("LOAD_CLIENT_THREADS", 1)?,
        };
        let mut args = args;
        while let Some(arg) = args.next() {
            let mut value =
                |name: &str| args.next().ok_or_else(|| format!("`{name}` needs a value"));
            match arg.as_str() {
                "--clients" => options.clients = number("--clients", &value("--clients")?)?,
                "--seconds" => options.seconds = number("--seconds", &value("--seconds")?)?,
                "--wizards" => options.wizards = number("--wizards", &value("--wizards")?)?,
                "--client-threads" => {
                    options.client_threads =
                        number("--client-threads", &value("--client-threads")?)?;
                }
                // `cargo bench` passes `--bench`; filters are not used here.
                "--bench" => {}
                other => {
                    return Err(format!(
                        "unknown argument `{other}`; expected --clients N, --seconds S, --wizards M, --client-threads T"
                    ));
                }
            }
        }
        if [options.clients, options.client_threads].contains(&0)
            || options.seconds == 0
            || options.wizards == 0
        {
            return Err(
                "--clients, --seconds, --wizards and --client-threads must be at least 1"
                    .to_owned(),
            );
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
