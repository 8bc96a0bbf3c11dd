//! The browser the daemon drives: launched by the daemon (the embedded default) or attached over
//! `--cdp-url`.

mod launch;

pub use launch::{LaunchedBrowser, find_executable, launch};

use std::time::Duration;

use serde::Deserialize;

use crate::error::Failure;

/// How long a launched Chromium may take to print its DevTools endpoint.
pub const LAUNCH_DEADLINE: Duration = Duration::from_secs(30);

/// Where to find a browser that is already running.
#[derive(Debug, Clone)]
pub enum BrowserSource {
    /// Launch Chromium with a profile under the state dir.
    Launch,
    /// `ws://…/devtools/browser/…`, or `http://host:port` whose `/json/version` names it.
    Attach(String),
}

/// Resolves an `http://host:port` endpoint to its browser WebSocket URL; a `ws://` URL is
/// returned as is.
pub async fn resolve_ws_url(url: &str) -> Result<String, Failure> {
    if url.starts_with("ws://") || url.starts_with("wss://") {
        return Ok(url.to_string());
    }
    let Some(rest) = url.strip_prefix("http://") else {
        return Err(Failure::invalid_input(format!(
            "--cdp-url {url} is neither ws:// nor http://"
        ))
        .hint("pass the browser's ws://…/devtools/browser/… URL or http://host:port"));
    };
    let authority = rest.trim_end_matches('/');
    let body = http_get(authority, "/json/version").await.map_err(|e| {
        Failure::browser(format!("could not reach a browser at {url}: {e}"))
            .hint("start Chrome with --remote-debugging-port, or omit --cdp-url to let bsk launch Chromium")
    })?;
    #[derive(Deserialize)]
    struct Version {
        #[serde(rename = "webSocketDebuggerUrl")]
        ws: String,
    }
    let version: Version = serde_json::from_str(&body).map_err(|e| {
        Failure::browser(format!(
            "{url}/json/version is not a DevTools endpoint: {e}"
        ))
    })?;
    Ok(version.ws)
}

/// A minimal HTTP/1.1 GET for the DevTools discovery endpoint (no TLS, no redirects).
async fn http_get(authority: &str, path: &str) -> std::io::Result<String> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::time::timeout(
        Duration::from_secs(5),
        tokio::net::TcpStream::connect(authority),
    )
    .await
    .map_err(|_| std::io::Error::new(std::io::ErrorKind::TimedOut, "connect timed out"))??;
    let request = format!("GET {path} HTTP/1.1\r\nHost: {authority}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await?;
    let mut response = Vec::new();
    tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut response))
        .await
        .map_err(|_| std::io::Error::new(std::io::ErrorKind::TimedOut, "read timed out"))??;
    let text = String::from_utf8_lossy(&response);
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, body)| body)
        .unwrap_or_default();
    Ok(body.to_string())
}
