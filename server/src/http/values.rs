//! The values of the HTTP options, parsed: the problem texts name what was expected and
//! never echo more than the value given.

use std::net::{Ipv4Addr, SocketAddr};

pub(super) fn parse_addr(raw: &str) -> Result<SocketAddr, String> {
    let raw = raw.trim();
    if let Ok(addr) = raw.parse::<SocketAddr>() {
        return Ok(addr);
    }
    // `localhost:PORT` is what people type; it is the IPv4 loopback.
    if let Some(port) = raw.strip_prefix("localhost:")
        && let Ok(port) = port.parse::<u16>()
    {
        return Ok(SocketAddr::from((Ipv4Addr::LOCALHOST, port)));
    }
    Err(format!(
        "`{raw}` is not a listening address; expected `ip:port` such as `127.0.0.1:8080`, `0.0.0.0:8080` or `[::1]:8080`"
    ))
}

/// A comma-separated list; `*` alone means "any" (`None`).
pub(super) fn parse_list(raw: &str) -> Result<Option<Vec<String>>, String> {
    let items: Vec<String> = raw
        .split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty())
        .map(String::from)
        .collect();
    match items.as_slice() {
        [] => Err("is empty; list at least one value, or `*` to accept any".to_owned()),
        [any] if any == "*" => Ok(None),
        _ if items.iter().any(|item| item == "*") => {
            Err("`*` accepts any value and cannot be combined with others".to_owned())
        }
        _ => Ok(Some(items)),
    }
}

/// rmcp silently ignores an origin it cannot parse; refuse it here instead.
pub(super) fn check_origins(origins: &[String]) -> Result<(), String> {
    for origin in origins {
        let base = origin.strip_suffix(":*").unwrap_or(origin);
        let parsed = axum::http::Uri::try_from(base).ok();
        let well_formed = origin == "null"
            || parsed.is_some_and(|uri| {
                uri.scheme().is_some()
                    && uri.authority().is_some()
                    && matches!(uri.path(), "" | "/")
            });
        if !well_formed {
            return Err(format!(
                "`{origin}` is not an origin; expected `scheme://host[:port]`, e.g. `https://app.example.com` or `http://localhost:*`"
            ));
        }
    }
    Ok(())
}
