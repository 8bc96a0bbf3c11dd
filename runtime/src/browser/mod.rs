//! The browser the daemon drives: launched by the daemon (the embedded default) or attached over
//! `--cdp-url`.

mod launch;

pub use launch::{LaunchedBrowser, browser_flags, exit_reason, find_executable, launch};

use std::time::Duration;

use serde::Deserialize;

use crate::error::Failure;

/// How long a launched Chromium may take to answer its first command.
pub const LAUNCH_DEADLINE: Duration = Duration::from_secs(30);

/// Where to find a browser that is already running.
#[derive(Debug, Clone)]
pub enum BrowserSource {
    /// Launch Chromium with a profile under the state dir.
    Launch(Visibility),
    /// `ws://…/devtools/browser/…`, or `http://host:port` whose `/json/version` names it.
    Attach(String),
}

/// Whether the launched Chromium shows its windows, and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Visibility {
    pub headless: bool,
    pub chosen_by: VisibilityChoice,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VisibilityChoice {
    /// `bsk daemon start --headless` / `--headful`.
    Flag,
    /// `"headless": true|false` in the state dir's `config.json`.
    Config,
    /// A display (`DISPLAY` or `WAYLAND_DISPLAY`) was there, or was not.
    Display,
    /// The person's preference in the bsk extension (read at an earlier session start), where no
    /// flag or `config.json` chose.
    Preference,
}

impl Visibility {
    /// The flag if given, else `config.json`'s `headless`, else visible exactly when there is a
    /// display a person could be looking at.
    pub fn decide(flag: Option<bool>, configured: Option<bool>) -> Visibility {
        match (flag, configured) {
            (Some(headless), _) => Visibility {
                headless,
                chosen_by: VisibilityChoice::Flag,
            },
            (None, Some(headless)) => Visibility {
                headless,
                chosen_by: VisibilityChoice::Config,
            },
            (None, None) => Visibility {
                headless: !has_display(),
                chosen_by: VisibilityChoice::Display,
            },
        }
    }

    /// This choice, or the person's preference (`headless`) when nothing more explicit chose: a
    /// flag or `config.json` wins over it.
    pub fn with_preference(self, headless: Option<bool>) -> Visibility {
        match (self.chosen_by, headless) {
            (VisibilityChoice::Display, Some(headless)) => Visibility {
                headless,
                chosen_by: VisibilityChoice::Preference,
            },
            _ => self,
        }
    }

    /// How `bsk status` says it.
    pub fn describe(self) -> String {
        let mode = if self.headless { "headless" } else { "headful" };
        let why = match (self.chosen_by, self.headless) {
            (VisibilityChoice::Flag, _) => "chosen with --headless/--headful",
            (VisibilityChoice::Config, _) => "set in config.json",
            (VisibilityChoice::Display, true) => "no display",
            (VisibilityChoice::Display, false) => "a display is there",
            (VisibilityChoice::Preference, _) => "the bsk extension's preference",
        };
        format!("{mode} ({why})")
    }
}

/// Whether a person could see a window here.
pub fn has_display() -> bool {
    ["DISPLAY", "WAYLAND_DISPLAY"]
        .iter()
        .any(|name| std::env::var_os(name).is_some_and(|v| !v.is_empty()))
}

/// Resolves an `http://host:port` endpoint to its browser WebSocket URL; a `ws://` URL is
/// returned as is. A query on the endpoint (a grid's `?token=…`) is carried onto the WebSocket
/// URL when the discovery answer has none. Errors name the endpoint with its token redacted.
pub async fn resolve_ws_url(url: &str) -> Result<String, Failure> {
    if url.starts_with("ws://") || url.starts_with("wss://") {
        return Ok(url.to_string());
    }
    let shown = bsk_actors::model::redact::url(url);
    let Some(rest) = url.strip_prefix("http://") else {
        return Err(Failure::invalid_input(format!(
            "--cdp-url {shown} is neither ws:// nor http://"
        ))
        .hint("pass the browser's ws://…/devtools/browser/… URL or http://host:port"));
    };
    let (rest, query) = match rest.split_once('?') {
        Some((rest, query)) => (rest, Some(query)),
        None => (rest, None),
    };
    let authority = rest.split('/').next().unwrap_or_default();
    // A grid asks for its token on discovery too.
    let path = match query {
        Some(query) => format!("/json/version?{query}"),
        None => "/json/version".to_string(),
    };
    let body = http_get(authority, &path).await.map_err(|e| {
        Failure::browser(format!("could not reach a browser at {shown}: {e}"))
            .hint("start Chrome with --remote-debugging-port, or omit --cdp-url to let bsk launch Chromium")
    })?;
    #[derive(Deserialize)]
    struct Version {
        #[serde(rename = "webSocketDebuggerUrl")]
        ws: String,
    }
    let version: Version = serde_json::from_str(&body).map_err(|e| {
        Failure::browser(format!(
            "{shown} did not answer /json/version as a DevTools endpoint: {e}"
        ))
    })?;
    Ok(match query {
        Some(query) if !version.ws.contains('?') => {
            // `ws://host:port` has no path to put a query after.
            let has_path = version
                .ws
                .split_once("://")
                .is_some_and(|(_, rest)| rest.contains('/'));
            let slash = if has_path { "" } else { "/" };
            format!("{}{slash}?{query}", version.ws)
        }
        _ => version.ws,
    })
}

/// The body of a chunked HTTP answer: each chunk's size line taken out (sizes count bytes).
fn dechunk(body: &str) -> String {
    let mut body = body.as_bytes();
    let mut out = Vec::new();
    while let Some(line_end) = body.windows(2).position(|w| w == b"\r\n") {
        let size = std::str::from_utf8(&body[..line_end])
            .ok()
            .and_then(|line| usize::from_str_radix(line.split(';').next()?.trim(), 16).ok());
        let rest = &body[line_end + 2..];
        match size {
            Some(size) if size > 0 && rest.len() >= size => {
                out.extend_from_slice(&rest[..size]);
                body = rest[size..].strip_prefix(b"\r\n").unwrap_or(&rest[size..]);
            }
            _ => break,
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A minimal HTTP/1.1 GET for the DevTools discovery endpoint (no TLS, no redirects). Chromium
/// keeps the connection open after answering, whatever `Connection: close` says, so the body
/// is read to its `Content-Length` rather than to the end of the stream.
async fn http_get(authority: &str, path: &str) -> std::io::Result<String> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    /// The discovery answer is a few hundred bytes; anything past this is not a DevTools endpoint.
    const MAX_RESPONSE: usize = 1024 * 1024;
    let timed_out =
        |what: &str| std::io::Error::new(std::io::ErrorKind::TimedOut, what.to_string());
    let mut stream = tokio::time::timeout(
        Duration::from_secs(5),
        tokio::net::TcpStream::connect(authority),
    )
    .await
    .map_err(|_| timed_out("connect timed out"))??;
    let request = format!("GET {path} HTTP/1.1\r\nHost: {authority}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await?;
    let read = async {
        let mut response = Vec::new();
        let mut chunk = [0u8; 8192];
        loop {
            let n = stream.read(&mut chunk).await?;
            response.extend_from_slice(&chunk[..n]);
            let text = String::from_utf8_lossy(&response);
            if let Some((head, body)) = text.split_once("\r\n\r\n") {
                let length = head.lines().find_map(|line| {
                    let (name, value) = line.split_once(':')?;
                    name.eq_ignore_ascii_case("content-length")
                        .then(|| value.trim().parse::<usize>().ok())
                        .flatten()
                });
                if length.is_some_and(|length| body.len() >= length) {
                    return Ok(body.to_string());
                }
                // A grid (browserless) answers in chunks, ended by an empty one.
                let chunked = head.lines().any(|line| {
                    line.split_once(':').is_some_and(|(name, value)| {
                        name.eq_ignore_ascii_case("transfer-encoding")
                            && value.to_ascii_lowercase().contains("chunked")
                    })
                });
                if chunked && (body.ends_with("0\r\n\r\n") || n == 0) {
                    return Ok(dechunk(body));
                }
            }
            if n == 0 || response.len() > MAX_RESPONSE {
                let text = String::from_utf8_lossy(&response);
                return Ok(text
                    .split_once("\r\n\r\n")
                    .map(|(_, body)| body.to_string())
                    .unwrap_or_default());
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(5), read)
        .await
        .map_err(|_| timed_out("read timed out"))?
}

#[cfg(test)]
mod chunk_tests {
    #[test]
    fn a_chunked_answer_reads_as_its_body() {
        let body = "7\r\n{\"ws\": \r\na\r\n\"ws://é\"}\r\n0\r\n\r\n";
        assert_eq!(super::dechunk(body), "{\"ws\": \"ws://é\"}");
    }
}
