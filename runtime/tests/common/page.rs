//! A page served by the test itself on 127.0.0.1: every request gets the same HTML.

use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Serves `html` on a loopback port until the test ends; returns the page's URL.
pub async fn serve(html: String) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind a loopback port");
    let url = format!("http://{}/", listener.local_addr().expect("its address"));
    tokio::spawn(async move {
        while let Ok((mut stream, _)) = listener.accept().await {
            let html = html.clone();
            tokio::spawn(async move {
                let mut request = [0u8; 4096];
                let _ = stream.read(&mut request).await;
                let head = format!(
                    "HTTP/1.1 200 OK\r\ncontent-type: text/html; charset=utf-8\r\n\
                     content-length: {}\r\nconnection: close\r\n\r\n",
                    html.len()
                );
                let _ = stream.write_all(head.as_bytes()).await;
                let _ = stream.write_all(html.as_bytes()).await;
            });
        }
    });
    url
}
