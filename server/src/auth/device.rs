//! The device authorization grant (RFC 8628), as `glab auth login` does it: GitLab gives
//! a short code, the user enters it at GitLab's page in any browser, and the command polls
//! until GitLab says yes (or no, or the code expired).

use std::io::Write;
use std::time::{Duration, Instant};

use super::oauth::{DEVICE_GRANT, DeviceAuthorization, OAuth};
use super::printable::printable;
use super::store::Login;

/// Signs in with the started authorization `device`, telling the user on `out` what to do.
pub async fn sign_in(
    oauth: &OAuth,
    device: DeviceAuthorization,
    out: &mut dyn Write,
) -> Result<Login, String> {
    let _ = writeln!(
        out,
        "First copy your one-time code: {}\nThen open {} in a browser, sign in to GitLab and enter it{}.\nWaiting for GitLab to say yes…",
        printable(&device.user_code),
        printable(&device.verification_uri),
        device
            .verification_uri_complete
            .as_deref()
            .map(|url| format!(" (or open {})", printable(url)))
            .unwrap_or_default()
    );
    poll(oauth, &device).await
}

/// Polls GitLab for the sign-in of `device` until it is approved (the login, without its
/// username), denied or expired.
pub async fn poll(oauth: &OAuth, device: &DeviceAuthorization) -> Result<Login, String> {
    let deadline = Instant::now() + Duration::from_secs(device.expires_in);
    let mut interval = Duration::from_secs(device.interval.max(1));
    let grant = [
        ("grant_type", DEVICE_GRANT),
        ("device_code", device.device_code.as_str()),
    ];
    loop {
        tokio::time::sleep(interval).await;
        let refusal = match oauth.tokens(&grant, "").await? {
            Ok(login) => return Ok(login),
            Err(refusal) => refusal,
        };
        match refusal.error.as_str() {
            "authorization_pending" if Instant::now() < deadline => {}
            // RFC 8628: polling too fast adds five seconds to the interval, for good.
            "slow_down" => interval += Duration::from_secs(5),
            "access_denied" => {
                return Err("the sign-in was denied in the browser; nothing was stored".to_owned());
            }
            "expired_token" | "authorization_pending" => {
                return Err("the code expired before it was entered; sign in again".to_owned());
            }
            _ => return Err(format!("GitLab refused the sign-in: {refusal}")),
        }
    }
}
