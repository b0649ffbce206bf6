//! Where a sign-in is kept between runs, as `GITLAB_MCP_CREDENTIAL_STORE` says:
//! `keyring`, the system keyring ([`Keyring`]) or an error; `file`, the credentials file
//! ([`CredentialsFile`]); unset or `auto`, the keyring when the system has one that
//! answers, else the file — saying why. A sign-in is in one place only: kept in the
//! keyring, any copy in the file is removed, so that a `logout` cannot leave one behind.

use std::fmt;
use std::path::PathBuf;
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use super::credentials_file::CredentialsFile;
use super::keyring::Keyring;

/// One sign-in to one GitLab instance.
///
/// No `Debug`: it holds the tokens.
#[derive(Clone, Serialize, Deserialize, PartialEq)]
pub struct Login {
    /// The OAuth application it was made with, needed to refresh and revoke it.
    pub client_id: String,
    pub access_token: String,
    pub refresh_token: Option<String>,
    /// When the access token expires, in seconds since the Unix epoch; `None`: never said.
    pub expires_at: Option<u64>,
    pub scope: String,
    /// Who signed in, as GitLab named them then.
    pub username: String,
}

impl Login {
    /// Whether the access token expires within `margin` seconds (or has).
    pub fn expires_within(&self, margin: u64) -> bool {
        self.expires_at
            .is_some_and(|at| at <= now_seconds().saturating_add(margin))
    }
}

/// Seconds since the Unix epoch.
pub fn now_seconds() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_secs())
}

/// Where sign-ins are kept: each place there is, or why it is not used.
#[derive(Clone)]
pub struct Store {
    keyring: Result<Keyring, String>,
    file: Result<CredentialsFile, String>,
}

/// Where one sign-in is, said to the user.
pub enum Place {
    Keyring,
    /// The credentials file, and why not the keyring.
    File {
        path: PathBuf,
        no_keyring: Option<String>,
    },
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Keyring => f.write_str(Keyring::name()),
            Place::File { path, no_keyring } => {
                write!(f, "{} (readable by you alone)", path.display())?;
                match no_keyring {
                    Some(why) => write!(f, ", not the system keyring: {why}"),
                    None => Ok(()),
                }
            }
        }
    }
}

/// Where `GITLAB_MCP_CREDENTIAL_STORE` (`--credential-store`) says sign-ins are kept.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Choice {
    /// The system keyring where there is one that answers, else the file.
    #[default]
    Auto,
    Keyring,
    File,
}

impl std::str::FromStr for Choice {
    type Err = String;

    /// Any other value is refused, at startup and by every `auth` command: a sign-in
    /// kept somewhere the user did not choose could not be found or removed later.
    fn from_str(text: &str) -> Result<Choice, String> {
        match text.trim() {
            "" | "auto" => Ok(Choice::Auto),
            "keyring" => Ok(Choice::Keyring),
            "file" => Ok(Choice::File),
            other => Err(format!(
                "`{other}` is not a credential store; say `keyring` (the system keyring), \
                 `file` (a file readable by you alone) or `auto` (the keyring where there is \
                 one, else the file)"
            )),
        }
    }
}

/// The variable that chooses, as the messages name it.
const CHOICE: &str = "GITLAB_MCP_CREDENTIAL_STORE";

impl Store {
    /// The user's store as `choice` says, or why there is none.
    pub fn for_user(choice: Choice) -> Result<Store, String> {
        let chosen = |what: &str| format!("{CHOICE} is `{what}`");
        let store = match choice {
            Choice::Keyring => Store {
                keyring: Ok(
                    Keyring::open().map_err(|why| format!("{CHOICE} is `keyring`, but {why}"))?
                ),
                file: Err(chosen("keyring")),
            },
            Choice::File => Store {
                keyring: Err(chosen("file")),
                file: Ok(CredentialsFile::for_user()?),
            },
            Choice::Auto => {
                let store = Store {
                    keyring: Keyring::open(),
                    file: CredentialsFile::for_user(),
                };
                if let (Err(no_keyring), Err(no_file)) = (&store.keyring, &store.file) {
                    return Err(format!(
                        "there is nowhere to keep a sign-in: {no_keyring}; {no_file}"
                    ));
                }
                store
            }
        };
        Ok(store)
    }

    /// `host`'s sign-in and where it is: the keyring first, then the file.
    pub fn get(&self, host: &str) -> Result<Option<(Login, Place)>, String> {
        let mut unread = None;
        if let Ok(keyring) = &self.keyring {
            match keyring.get(host) {
                Ok(Some(login)) => return Ok(Some((login, Place::Keyring))),
                Ok(None) => {}
                // Said only if the file has none either: it may be the one that was kept.
                Err(problem) => unread = Some(problem),
            }
        }
        if let Ok(file) = &self.file
            && let Some(login) = file.get(host)?
        {
            return Ok(Some((login, self.file_place(file, None))));
        }
        unread.map_or(Ok(None), Err)
    }

    /// Keeps `login` for `host`, replacing the one there was; where it went.
    pub fn put(&self, host: &str, login: &Login) -> Result<Place, String> {
        let mut refused = None;
        if let Ok(keyring) = &self.keyring {
            match keyring.put(host, login) {
                Ok(()) => {
                    if let Ok(file) = &self.file {
                        file.remove(host)?;
                    }
                    return Ok(Place::Keyring);
                }
                // A locked keyring whose unlocking was refused, say: the file still works.
                Err(problem) => refused = Some(problem),
            }
        }
        let file = match &self.file {
            Ok(file) => file,
            Err(why) => return Err(refused.unwrap_or_else(|| why.clone())),
        };
        file.put(host, login)?;
        Ok(self.file_place(file, refused))
    }

    /// Forgets `host`'s sign-in wherever it is; whether there was one.
    pub fn remove(&self, host: &str) -> Result<bool, String> {
        let in_keyring = match &self.keyring {
            Ok(keyring) => keyring.remove(host)?,
            Err(_) => false,
        };
        let in_file = match &self.file {
            Ok(file) => file.remove(host)?,
            Err(_) => false,
        };
        Ok(in_keyring || in_file)
    }

    /// The file as a place, and why not the keyring: it refused (`refused`), is missing,
    /// or was not chosen.
    fn file_place(&self, file: &CredentialsFile, refused: Option<String>) -> Place {
        Place::File {
            path: file.path().to_path_buf(),
            no_keyring: refused.or_else(|| self.keyring.as_ref().err().cloned()),
        }
    }
}
