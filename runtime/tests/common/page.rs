//! Pages served by the test itself on 127.0.0.1.

use std::collections::HashMap;
use std::sync::Arc;

use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Serves `html` on a loopback port until the test ends; returns the page's URL. Every request
/// gets the same HTML.
pub async fn serve(html: String) -> String {
    let port = serve_paths(&[("/", &html)]).await;
    format!("http://127.0.0.1:{port}/")
}

/// Serves each `(path, html)` on one loopback port until the test ends, and answers other
/// paths `404` with a short text; returns the port. Pages reach it under any loopback name:
/// `a.localhost` and `b.localhost` are different sites, so a `b.localhost` iframe in an
/// `a.localhost` page is out of process.
pub async fn serve_paths(pages: &[(&str, &str)]) -> u16 {
    let pages: Arc<HashMap<String, String>> = Arc::new(
        pages
            .iter()
            .map(|(path, html)| (path.to_string(), html.to_string()))
            .collect(),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind a loopback port");
    let port = listener.local_addr().expect("its address").port();
    tokio::spawn(async move {
        while let Ok((mut stream, _)) = listener.accept().await {
            let pages = pages.clone();
            tokio::spawn(async move {
                let mut request = [0u8; 4096];
                let read = stream.read(&mut request).await.unwrap_or(0);
                let head = String::from_utf8_lossy(&request[..read]);
                let path = head
                    .split_whitespace()
                    .nth(1)
                    .map(|p| p.split('?').next().unwrap_or(p))
                    .unwrap_or("/");
                // One page alone answers every path, as `serve` promises.
                let page = pages
                    .get(path)
                    .or_else(|| (pages.len() == 1).then(|| pages.values().next()).flatten());
                let (status, kind, body) = match page {
                    Some(html) => ("200 OK", "text/html; charset=utf-8", html.clone()),
                    None => ("404 Not Found", "text/plain", "not here".to_string()),
                };
                let head = format!(
                    "HTTP/1.1 {status}\r\ncontent-type: {kind}\r\ncache-control: no-store\r\n\
                     content-length: {}\r\nconnection: close\r\n\r\n",
                    body.len()
                );
                let _ = stream.write_all(head.as_bytes()).await;
                let _ = stream.write_all(body.as_bytes()).await;
            });
        }
    });
    port
}
