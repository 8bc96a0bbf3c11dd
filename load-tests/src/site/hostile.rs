//! Responses a hostile or careless site sends: JSON nested very deep or very wide, keys named
//! like JavaScript's own properties, enormous header values, bytes that are not UTF-8.

use axum::extract::Query;
use axum::http::{HeaderName, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

/// Caps, so a typo cannot make the site itself the problem.
const MAX_DEPTH: usize = 100_000;
const MAX_KEYS: usize = 2_000_000;
const MAX_HEADER_BYTES: usize = 4 * 1024 * 1024;

#[derive(Debug, Deserialize)]
pub(crate) struct Size {
    n: Option<usize>,
}

/// `/hostile/deep?n=N`: JSON arrays nested N deep around a `password` key.
pub(crate) async fn deep(Query(size): Query<Size>) -> Response {
    let depth = size.n.unwrap_or(10_000).min(MAX_DEPTH);
    let mut body = "[".repeat(depth);
    body.push_str(r#"{"password":"deep-secret-1"}"#);
    body.push_str(&"]".repeat(depth));
    ([(header::CONTENT_TYPE, "application/json")], body).into_response()
}

/// `/hostile/wide?n=N`: one JSON object with N keys, `__proto__`, `constructor` and a
/// `password` among them.
pub(crate) async fn wide(Query(size): Query<Size>) -> Response {
    let keys = size.n.unwrap_or(1_000_000).min(MAX_KEYS);
    let mut body = String::with_capacity(keys * 16);
    body.push_str(r#"{"__proto__":{"polluted":true},"constructor":"c","password":"wide-secret-2""#);
    for i in 0..keys {
        body.push_str(&format!(",\"k{i}\":{i}"));
    }
    body.push('}');
    ([(header::CONTENT_TYPE, "application/json")], body).into_response()
}

/// `/hostile/header?n=N`: a header value of N bytes, and a cookie among others.
pub(crate) async fn big_header(Query(size): Query<Size>) -> Response {
    let bytes = size.n.unwrap_or(1024 * 1024).min(MAX_HEADER_BYTES);
    let value = HeaderValue::from_str(&"v".repeat(bytes)).unwrap_or(HeaderValue::from_static("v"));
    let mut response = "big header".into_response();
    response
        .headers_mut()
        .insert(HeaderName::from_static("x-huge"), value);
    response.headers_mut().insert(
        header::SET_COOKIE,
        HeaderValue::from_static("sid=header-secret-3; Path=/"),
    );
    // Header names a careless parser would take for JavaScript's own properties.
    for name in ["__proto__", "constructor", "prototype"] {
        response.headers_mut().insert(
            HeaderName::from_static(name),
            HeaderValue::from_static("polluted"),
        );
    }
    response
}

/// `/hostile/bytes`: a `text/plain` body that is not UTF-8, with a secret assignment inside.
pub(crate) async fn not_utf8() -> Response {
    let mut body = b"start \xff\xfe\xc3\x28 password=bytes-secret-4 \x80 end".to_vec();
    body.extend_from_slice(&[0xed, 0xa0, 0x80]);
    ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], body).into_response()
}
