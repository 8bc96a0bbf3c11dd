//! `/echo` reflects what it received; `/set-cookie` sets the session cookie the secrets page
//! sends back.

use axum::Json;
use axum::body::Bytes;
use axum::http::{HeaderMap, Method, Uri, header};
use axum::response::IntoResponse;
use serde_json::{Value, json};

/// The cookie `/set-cookie` sets; its value is a secret marker that must be redacted.
const SESSION_COOKIE: &str = "session=SECRET_COOKIE_444; Path=/; HttpOnly; SameSite=Lax";

/// `/echo`, any method: the method, path, content type, body length, the body if it is UTF-8,
/// and whether a cookie came along.
pub(crate) async fn echo(method: Method, uri: Uri, headers: HeaderMap, body: Bytes) -> Json<Value> {
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok());
    Json(json!({
        "method": method.as_str(),
        "path": uri.path_and_query().map_or(uri.path(), |pq| pq.as_str()),
        "content_type": content_type,
        "body_len": body.len(),
        "body": std::str::from_utf8(&body).ok(),
        "has_cookie": headers.contains_key(header::COOKIE),
    }))
}

/// `GET /set-cookie`.
pub(crate) async fn set_cookie() -> impl IntoResponse {
    (
        [(header::SET_COOKIE, SESSION_COOKIE)],
        Json(json!({"cookie_set": true})),
    )
}

/// `GET /me`: who is logged in. 200 with the session cookie `/set-cookie` sets, 401 without.
pub(crate) async fn me(headers: HeaderMap) -> impl IntoResponse {
    let logged_in = headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .any(|cookies| {
            cookies
                .split(';')
                .any(|c| c.trim() == "session=SECRET_COOKIE_444")
        });
    if logged_in {
        (axum::http::StatusCode::OK, Json(json!({"user": "ada"})))
    } else {
        (
            axum::http::StatusCode::UNAUTHORIZED,
            Json(json!({"error": "not logged in"})),
        )
    }
}
