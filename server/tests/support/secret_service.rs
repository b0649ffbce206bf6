//! A real Secret Service for the tests of the system keyring: a private D-Bus session bus
//! (`dbus-daemon` without service activation, so nothing but this keyring answers on it)
//! and GNOME Keyring's daemon on it, with its files in a directory of its own — never the
//! developer's keyring. `secret-tool` (libsecret) reads and writes entries as another
//! program would.
//!
//! On a machine without them, `cargo test` still runs everything else: a test needing
//! them says it was skipped and how to install them — unless
//! `GITLAB_MCP_TESTS_NEED_KEYRING` is set, as `.ci/test` sets it after installing Debian's
//! dbus-daemon, gnome-keyring and libsecret-tools, where a missing one fails.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// A session bus and a keyring daemon on it. Dropping it ends both.
pub struct SecretService {
    bus: Child,
    keyring: Child,
    dir: PathBuf,
    /// `DBUS_SESSION_BUS_ADDRESS` for the programs that should find this keyring.
    pub address: String,
}

/// Whether the daemon's login keyring is there and unlocked, as after a desktop login.
#[derive(Clone, Copy, PartialEq)]
pub enum Unlocked {
    Yes,
    /// Never unlocked: keeping a secret needs a prompt no one can answer.
    No,
}

const PROGRAMS: [(&str, &str); 4] = [
    ("dbus-daemon", "dbus-daemon"),
    ("dbus-send", "dbus-bin"),
    ("gnome-keyring-daemon", "gnome-keyring"),
    ("secret-tool", "libsecret-tools"),
];

impl SecretService {
    /// `None` when it cannot be started here (see the module's documentation): the test
    /// returns, skipped.
    pub fn start(unlocked: Unlocked) -> Option<SecretService> {
        let missing: Vec<&str> = PROGRAMS
            .iter()
            .filter(|(program, _)| {
                Command::new("sh")
                    .args(["-c", &format!("command -v {program}")])
                    .stdout(Stdio::null())
                    .status()
                    .map_or(true, |status| !status.success())
            })
            .map(|(_, package)| *package)
            .collect();
        if !missing.is_empty() {
            assert!(
                std::env::var_os("GITLAB_MCP_TESTS_NEED_KEYRING").is_none(),
                "GITLAB_MCP_TESTS_NEED_KEYRING says this run needs a Secret Service, but these Debian packages are missing: {missing:?}"
            );
            eprintln!(
                "SKIPPED: this test needs a Secret Service (Debian/Ubuntu: apt install {}); `.ci/test` installs them",
                missing.join(" ")
            );
            return None;
        }
        let dir = std::env::temp_dir().join(format!(
            "secret-service-{}-{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos()
        ));
        std::fs::create_dir_all(&dir).expect("a directory for the keyring");
        let socket = dir.join("bus");
        let config = dir.join("bus.conf");
        std::fs::write(
            &config,
            format!(
                r#"<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:path={}</listen>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
"#,
                socket.display()
            ),
        )
        .expect("the bus's configuration");
        let address = format!("unix:path={}", socket.display());
        let bus = Command::new("dbus-daemon")
            .arg(format!("--config-file={}", config.display()))
            .arg("--nofork")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("dbus-daemon starts");
        wait_until("the session bus listens", || socket.exists());
        let mut daemon = Command::new("gnome-keyring-daemon");
        daemon
            .args(["--foreground", "--components=secrets"])
            .env_clear()
            .env("DBUS_SESSION_BUS_ADDRESS", &address)
            .env("HOME", &dir)
            .env("XDG_DATA_HOME", dir.join("data"))
            .env("XDG_RUNTIME_DIR", &dir)
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        if unlocked == Unlocked::Yes {
            // `--unlock` reads the login keyring's password from stdin, creating it.
            daemon.arg("--unlock").stdin(Stdio::piped());
        } else {
            daemon.stdin(Stdio::null());
        }
        let mut keyring = daemon.spawn().expect("gnome-keyring-daemon starts");
        if let Some(mut stdin) = keyring.stdin.take() {
            stdin.write_all(b"test-password").expect("the password");
        }
        let service = SecretService {
            bus,
            keyring,
            dir,
            address,
        };
        wait_until("the keyring is on the bus", || service.keyring_answers());
        Some(service)
    }

    /// The secret kept under `service` and `account`, as libsecret reads it.
    pub fn lookup(&self, service: &str, account: &str) -> Option<String> {
        let output = self
            .secret_tool(&["lookup", "service", service, "username", account])
            .output()
            .expect("secret-tool runs");
        output
            .status
            .success()
            .then(|| String::from_utf8(output.stdout).expect("UTF-8"))
    }

    /// Keeps `secret` under `service` and `account`, replacing what was there.
    pub fn store(&self, service: &str, account: &str, secret: &str) {
        let mut child = self
            .secret_tool(&[
                "store",
                "--label=test",
                "service",
                service,
                "username",
                account,
            ])
            .stdin(Stdio::piped())
            .spawn()
            .expect("secret-tool runs");
        child
            .stdin
            .take()
            .expect("piped")
            .write_all(secret.as_bytes())
            .expect("the secret");
        assert!(
            child.wait().expect("it ends").success(),
            "secret-tool store"
        );
    }

    fn secret_tool(&self, args: &[&str]) -> Command {
        let mut command = Command::new("secret-tool");
        command
            .args(args)
            .env_clear()
            .env("DBUS_SESSION_BUS_ADDRESS", &self.address);
        command
    }

    fn keyring_answers(&self) -> bool {
        let output = Command::new("dbus-send")
            .arg(format!("--bus={}", self.address))
            .args([
                "--print-reply",
                "--dest=org.freedesktop.DBus",
                "/org/freedesktop/DBus",
                "org.freedesktop.DBus.NameHasOwner",
                "string:org.freedesktop.secrets",
            ])
            .output()
            .expect("dbus-send runs");
        String::from_utf8_lossy(&output.stdout).contains("boolean true")
    }
}

fn wait_until(what: &str, done: impl Fn() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !done() {
        assert!(Instant::now() < deadline, "{what}: not within 10 s");
        thread::sleep(Duration::from_millis(20));
    }
}

impl Drop for SecretService {
    fn drop(&mut self) {
        for child in [&mut self.keyring, &mut self.bus] {
            let _ = child.kill();
            let _ = child.wait();
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A `DBUS_SESSION_BUS_ADDRESS` where nothing listens: a process given it finds no
/// keyring, whatever the machine running the tests has.
pub const NO_SESSION_BUS: &str = "unix:path=/nonexistent/gitlab-mcp-tests/bus";
