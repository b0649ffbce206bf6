//! The credentials file: `credentials.json` in the user's configuration directory
//! (`$GITLAB_MCP_CONFIG_DIR`, else `$XDG_CONFIG_HOME` or `~/.config`, on Windows
//! `%APPDATA%`, then `gitlab-mcp-server/`), readable and writable by the user alone,
//! holding one login per GitLab instance. It is written whole to a file beside it and
//! renamed over it, so that a crash never leaves half a file. Where the system has no
//! keyring (a server, a container, CI), this is where a sign-in is kept.

use std::collections::BTreeMap;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::store::Login;

/// The file of logins, by GitLab instance (its base URL as the server reads it).
#[derive(Clone)]
pub struct CredentialsFile {
    path: PathBuf,
}

#[derive(Default, Serialize, Deserialize)]
struct Logins {
    #[serde(default)]
    logins: BTreeMap<String, Login>,
}

impl CredentialsFile {
    /// The user's file, or why there is none (no home directory to keep it in).
    pub fn for_user() -> Result<CredentialsFile, String> {
        let dir = match std::env::var_os("GITLAB_MCP_CONFIG_DIR") {
            Some(dir) if !dir.is_empty() => PathBuf::from(dir),
            _ => config_home()?.join("gitlab-mcp-server"),
        };
        Ok(CredentialsFile::at(dir.join("credentials.json")))
    }

    pub fn at(path: PathBuf) -> CredentialsFile {
        CredentialsFile { path }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn get(&self, host: &str) -> Result<Option<Login>, String> {
        Ok(self.read()?.logins.remove(host))
    }

    /// Keeps `login` for `host`, replacing the one there was.
    pub fn put(&self, host: &str, login: &Login) -> Result<(), String> {
        let mut all = self.read()?;
        all.logins.insert(host.to_owned(), login.clone());
        self.write(&all)
    }

    /// Forgets `host`'s login; whether there was one.
    pub fn remove(&self, host: &str) -> Result<bool, String> {
        let mut all = self.read()?;
        let had = all.logins.remove(host).is_some();
        if had {
            self.write(&all)?;
        }
        Ok(had)
    }

    fn read(&self) -> Result<Logins, String> {
        match fs::read(&self.path) {
            Ok(bytes) => serde_json::from_slice(&bytes).map_err(|error| {
                format!(
                    "{} is not a credentials file this server wrote ({error}); remove it and sign in again",
                    self.path.display()
                )
            }),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(Logins::default()),
            Err(error) => Err(format!("cannot read {}: {error}", self.path.display())),
        }
    }

    fn write(&self, logins: &Logins) -> Result<(), String> {
        let failed =
            |error: std::io::Error| format!("cannot write {}: {error}", self.path.display());
        if let Some(dir) = self.path.parent() {
            fs::create_dir_all(dir).map_err(failed)?;
        }
        let fresh = self.path.with_extension("json.new");
        let text = serde_json::to_vec_pretty(logins).expect("logins serialise");
        let mut file = private_file(&fresh).map_err(failed)?;
        file.write_all(&text).map_err(failed)?;
        file.sync_all().map_err(failed)?;
        drop(file);
        fs::rename(&fresh, &self.path).map_err(failed)
    }
}

/// A new file only its owner may read or write.
fn private_file(path: &Path) -> std::io::Result<fs::File> {
    let mut options = fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
        options.mode(0o600);
        let file = options.open(path)?;
        // A file left by an earlier run keeps its mode through `open`: set it again.
        file.set_permissions(fs::Permissions::from_mode(0o600))?;
        Ok(file)
    }
    // Elsewhere the user's profile directory is the user's alone.
    #[cfg(not(unix))]
    options.open(path)
}

/// `$XDG_CONFIG_HOME`, else `~/.config`; on Windows `%APPDATA%`.
fn config_home() -> Result<PathBuf, String> {
    let from = |name: &str| std::env::var_os(name).filter(|value| !value.is_empty());
    if cfg!(windows) {
        return from("APPDATA")
            .map(PathBuf::from)
            .ok_or_else(|| "APPDATA is not set: there is nowhere to keep the sign-in".to_owned());
    }
    if let Some(dir) = from("XDG_CONFIG_HOME") {
        return Ok(PathBuf::from(dir));
    }
    from("HOME")
        .map(|home| PathBuf::from(home).join(".config"))
        .ok_or_else(|| {
            "neither XDG_CONFIG_HOME nor HOME is set: there is nowhere to keep the sign-in; set \
             GITLAB_MCP_CONFIG_DIR"
                .to_owned()
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::auth::store::now_seconds;

    fn login(token: &str) -> Login {
        Login {
            client_id: "app".to_owned(),
            access_token: token.to_owned(),
            refresh_token: Some("refresh".to_owned()),
            expires_at: Some(now_seconds() + 30),
            scope: "api".to_owned(),
            username: "jane".to_owned(),
        }
    }

    #[test]
    fn logins_are_kept_per_instance_in_a_file_only_the_user_reads() {
        // Its own directory: another run of the tests at the same time must not share it.
        let dir = tempfile::tempdir().unwrap();
        let file = CredentialsFile::at(dir.path().join("credentials.json"));
        // Made once: a login made again a second later expires a second later.
        let (one, two) = (login("one"), login("two"));
        assert!(file.get("https://gitlab.com/").unwrap().is_none());
        file.put("https://gitlab.com/", &one).unwrap();
        file.put("https://example.com/", &two).unwrap();
        assert!(file.get("https://gitlab.com/").unwrap() == Some(one));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = fs::metadata(file.path()).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        assert!(file.remove("https://gitlab.com/").unwrap());
        assert!(!file.remove("https://gitlab.com/").unwrap());
        assert!(file.get("https://example.com/").unwrap() == Some(two));
        assert!(login("x").expires_within(60));
        assert!(!login("x").expires_within(10));
        fs::write(file.path(), "not json").unwrap();
        let Err(problem) = file.get("https://example.com/") else {
            panic!("a file it did not write is refused");
        };
        assert!(problem.contains("remove it"), "{problem}");
    }
}
