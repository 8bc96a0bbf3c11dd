//! `upload`: files set on an `<input type=file>`, or on the file chooser the page opened, as a
//! person choosing them would. Capture records each file as its name, size and SHA-256.

use std::io::Read;
use std::path::Path;

use bsk_schema::hint;
use bsk_schema::words;
use serde_json::json;
use sha2::{Digest, Sha256};

use super::target;
use crate::error::{Failure, Result};
use crate::tab::Tab;

/// The target that names the file chooser the page opened.
pub const CHOOSER: &str = "@chooser";

/// At most this many files in one upload.
const MAX_FILES: usize = 64;

/// `node` is `target` resolved ([`super::Aimed`]): the file input, or the chooser's input.
pub async fn upload(
    tab: &Tab,
    target: &str,
    node: &target::Node,
    label: &str,
    files: &[String],
) -> Result<String> {
    if files.is_empty() || files.len() > MAX_FILES {
        return Err(
            Failure::usage(format!("upload takes 1 to {MAX_FILES} files")).hint(
                "bsk upload <target> <file>… (an <input type=file>, or @chooser when the page opened one)",
            ),
        );
    }
    for file in files {
        check_file(file)?;
    }
    tab.call_in(
        &node.session_id,
        "DOM.setFileInputFiles",
        json!({ "files": files, "backendNodeId": node.backend_node_id }),
    )
    .await
    .map_err(|e| {
        if e.0.message.contains("file input") || e.0.message.contains("Node is not") {
            Failure::invalid_input(format!("{label} is not a file input")).hint(words![
                "target an <input type=file> (see ",
                hint::OBSERVE,
                "), or @chooser when the page opened one"
            ])
        } else {
            e
        }
    })?;
    if target == CHOOSER {
        tab.file_chooser_answered();
    }
    let names: Vec<&str> = files.iter().map(|f| file_name(f)).collect();
    Ok(format!("set {} on {label}", names.join(", ")))
}

/// A path the daemon may hand to the browser: absolute, an existing regular file this user can
/// read.
fn check_file(path: &str) -> Result<()> {
    let hint = "pass paths of existing files (the CLI makes relative paths absolute)";
    if !Path::new(path).is_absolute() {
        return Err(Failure::invalid_input(format!("{path} is not an absolute path")).hint(hint));
    }
    let meta = std::fs::metadata(path)
        .map_err(|e| Failure::invalid_input(format!("cannot read {path}: {e}")).hint(hint))?;
    if !meta.is_file() {
        return Err(Failure::invalid_input(format!("{path} is not a regular file")).hint(hint));
    }
    std::fs::File::open(path)
        .map_err(|e| Failure::invalid_input(format!("cannot read {path}: {e}")).hint(hint))?;
    Ok(())
}

fn file_name(path: &str) -> &str {
    Path::new(path)
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or(path)
}

/// What capture records of each file: `name (N bytes, sha256 …)`, hashed off the runtime's
/// threads, streamed so a large file costs no more memory than a small one.
pub async fn described(files: &[String]) -> Vec<String> {
    let files = files.to_vec();
    tokio::task::spawn_blocking(move || files.iter().map(|f| describe(f)).collect())
        .await
        .unwrap_or_default()
}

fn describe(path: &str) -> String {
    let name = file_name(path);
    let digest = (|| -> std::io::Result<(u64, String)> {
        let mut file = std::fs::File::open(path)?;
        let mut hasher = Sha256::new();
        let mut buffer = vec![0u8; 64 * 1024];
        let mut size = 0u64;
        loop {
            let read = file.read(&mut buffer)?;
            if read == 0 {
                break;
            }
            size += read as u64;
            hasher.update(&buffer[..read]);
        }
        let hex: String = hasher
            .finalize()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        Ok((size, hex))
    })();
    match digest {
        Ok((size, sha256)) => format!("{name} ({size} bytes, sha256 {sha256})"),
        Err(e) => format!("{name} (unreadable: {e})"),
    }
}
