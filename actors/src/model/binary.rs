//! Bodies bsk does not keep as text, made explicit: binary bytes identified by size, SHA-256 and
//! the type their first bytes show, and multipart bodies as their parts. No byte of binary
//! content is retained; text parts keep a bounded, redacted value.

use bsk_schema::capture::{BinaryFacts, BodyPart};
use sha2::{Digest, Sha256};

use super::body::truncate_utf16;
use super::redact;

/// Parts kept of one multipart body.
pub const MAX_PARTS: usize = 64;
/// A text part's value at most, in UTF-16 code units.
pub const MAX_PART_VALUE_UNITS: usize = 4 * 1024;

/// Size, digest and sniffed type of `bytes`.
pub fn facts(bytes: &[u8]) -> BinaryFacts {
    BinaryFacts {
        bytes: bytes.len() as u64,
        sha256: sha256(bytes),
        sniffed_type: sniff(bytes).map(str::to_string),
    }
}

pub fn sha256(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The type a file's signature shows, for the formats a web page commonly sends or receives.
pub fn sniff(bytes: &[u8]) -> Option<&'static str> {
    let starts = |magic: &[u8]| bytes.starts_with(magic);
    Some(match bytes {
        _ if starts(b"\x89PNG\r\n\x1a\n") => "image/png",
        _ if starts(b"\xff\xd8\xff") => "image/jpeg",
        _ if starts(b"GIF87a") || starts(b"GIF89a") => "image/gif",
        [
            b'R',
            b'I',
            b'F',
            b'F',
            _,
            _,
            _,
            _,
            b'W',
            b'E',
            b'B',
            b'P',
            ..,
        ] => "image/webp",
        [
            b'R',
            b'I',
            b'F',
            b'F',
            _,
            _,
            _,
            _,
            b'W',
            b'A',
            b'V',
            b'E',
            ..,
        ] => "audio/wav",
        _ if starts(b"BM") && bytes.len() > 14 => "image/bmp",
        _ if starts(b"\x00\x00\x01\x00") => "image/x-icon",
        [
            _,
            _,
            _,
            _,
            b'f',
            b't',
            b'y',
            b'p',
            b'a',
            b'v',
            b'i',
            b'f',
            ..,
        ] => "image/avif",
        [_, _, _, _, b'f', b't', b'y', b'p', ..] => "video/mp4",
        _ if starts(b"%PDF-") => "application/pdf",
        _ if starts(b"PK\x03\x04") => "application/zip",
        _ if starts(b"\x1f\x8b") => "application/gzip",
        _ if starts(b"\x00asm") => "application/wasm",
        _ if starts(b"wOFF") => "font/woff",
        _ if starts(b"wOF2") => "font/woff2",
        _ if starts(b"OggS") => "audio/ogg",
        _ if starts(b"ID3") => "audio/mpeg",
        _ if starts(b"\x1aE\xdf\xa3") => "video/webm",
        _ if starts(b"7z\xbc\xaf\x27\x1c") => "application/x-7z-compressed",
        _ => return None,
    })
}

/// A `multipart/*` body (its full `Content-Type` carries the boundary) as parts: text parts with
/// their values redacted by the form-field rules and bounded, file and binary parts by name,
/// type, size and SHA-256. Returns the parts kept and how many more there were.
pub async fn parts(
    body: bytes::Bytes,
    content_type: &str,
) -> Result<(Vec<BodyPart>, usize), String> {
    let boundary = multer::parse_boundary(content_type).map_err(|e| e.to_string())?;
    let stream = futures_util::stream::once(async move { Ok::<_, std::io::Error>(body) });
    let mut multipart = multer::Multipart::new(stream, boundary);
    let mut parts = Vec::new();
    let mut dropped = 0;
    while let Some(field) = multipart.next_field().await.map_err(|e| e.to_string())? {
        let name = field.name().map(str::to_string);
        let filename = field.file_name().map(str::to_string);
        let content_type = field.content_type().map(|m| m.to_string());
        let data = field.bytes().await.map_err(|e| e.to_string())?;
        if parts.len() == MAX_PARTS {
            dropped += 1;
            continue;
        }
        let text = std::str::from_utf8(&data)
            .ok()
            .filter(|t| !t.contains('\0'));
        let binary_type = content_type
            .as_deref()
            .is_some_and(|t| !t.starts_with("text/") && !t.contains("json"));
        let mut part = BodyPart {
            name,
            filename,
            content_type,
            bytes: data.len() as u64,
            value: None,
            truncated: false,
            unread: false,
            sha256: None,
            sniffed_type: None,
        };
        match text {
            Some(text) if part.filename.is_none() && !binary_type => {
                let sensitive = part.name.as_deref().is_some_and(redact::is_sensitive_name);
                let (cut, over) = truncate_utf16(text, MAX_PART_VALUE_UNITS);
                part.value = Some(if sensitive && !text.is_empty() {
                    redact::REDACTED.to_string()
                } else {
                    redact::text(&cut)
                });
                part.truncated = over && !sensitive;
            }
            _ => {
                part.sha256 = Some(sha256(&data));
                part.sniffed_type = sniff(&data).map(str::to_string);
            }
        }
        parts.push(part);
    }
    Ok((parts, dropped))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signatures_name_common_formats() {
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\n...."), Some("image/png"));
        assert_eq!(sniff(b"\x00asm\x01\x00\x00\x00"), Some("application/wasm"));
        assert_eq!(sniff(b"\x1f\x8b\x08"), Some("application/gzip"));
        assert_eq!(sniff(b"RIFF\0\0\0\0WEBPVP8 "), Some("image/webp"));
        assert_eq!(sniff(b"hello"), None);
        let f = facts(b"abc");
        assert_eq!(f.bytes, 3);
        assert_eq!(
            f.sha256,
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[tokio::test]
    async fn multipart_parts_keep_text_values_and_identify_files() {
        let body = "--XyZ\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nHello\r\n\
                    --XyZ\r\nContent-Disposition: form-data; name=\"password\"\r\n\r\nhunter2\r\n\
                    --XyZ\r\nContent-Disposition: form-data; name=\"doc\"; filename=\"a.png\"\r\n\
                    Content-Type: image/png\r\n\r\n\x7fPNG-not-really\r\n--XyZ--\r\n";
        let (kept, dropped) = parts(
            bytes::Bytes::from(body.as_bytes().to_vec()),
            "multipart/form-data; boundary=XyZ",
        )
        .await
        .expect("parsed");
        assert_eq!(dropped, 0);
        assert_eq!(kept[0].value.as_deref(), Some("Hello"));
        assert_eq!(kept[1].value.as_deref(), Some("[redacted]"));
        let file = &kept[2];
        assert_eq!(
            (
                file.filename.as_deref(),
                file.content_type.as_deref(),
                file.bytes
            ),
            (Some("a.png"), Some("image/png"), 15)
        );
        assert_eq!(
            file.sha256.as_deref(),
            Some(sha256(b"\x7fPNG-not-really").as_str())
        );
        assert!(file.value.is_none());
        assert!(parts("junk".into(), "multipart/form-data").await.is_err());
    }
}
