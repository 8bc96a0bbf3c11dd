//! The extension's files, embedded in the binary and written under the state dir, where the
//! launched Chromium loads them and a person can load them into their own Chrome.

use std::io::Write;
use std::path::{Path, PathBuf};

use base64::Engine;
use include_dir::{Dir, include_dir};
use sha2::{Digest, Sha256};

use crate::error::{Failure, Result};

/// `extension/` as it was when `bsk` was built.
static EXTENSION: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/../extension");

/// The version in the embedded manifest.
pub fn version() -> String {
    static VERSION: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    VERSION
        .get_or_init(|| {
            manifest()["version"]
                .as_str()
                .unwrap_or_default()
                .to_string()
        })
        .clone()
}

/// The extension's id, the same in every browser: Chromium derives it from the manifest's
/// `key` (the first 128 bits of the SHA-256 of the public key, each hex digit written `a`–`p`).
pub fn id() -> String {
    // Derived once: status, the link and every evidence URL ask for it.
    static ID: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    ID.get_or_init(derive_id).clone()
}

fn derive_id() -> String {
    let key = manifest()["key"].as_str().unwrap_or_default().to_string();
    let der = base64::engine::general_purpose::STANDARD
        .decode(key)
        .unwrap_or_default();
    Sha256::digest(der)[..16]
        .iter()
        .flat_map(|byte| [byte >> 4, byte & 0xf])
        .map(|nibble| char::from(b'a' + nibble))
        .collect()
}

fn manifest() -> serde_json::Value {
    EXTENSION
        .get_file("manifest.json")
        .and_then(|file| serde_json::from_slice(file.contents()).ok())
        .unwrap_or_default()
}

/// Writes the embedded extension to `dir` (created with mode 0700) and returns it. Files that
/// already hold the same bytes are left alone; changed ones are replaced atomically, so a
/// browser never loads a half-written file.
pub fn install(dir: &Path) -> Result<PathBuf> {
    write_dir(&EXTENSION, dir).map_err(|e| {
        Failure::internal(format!(
            "cannot write the bsk extension to {}: {e}",
            dir.display()
        ))
        .hint("check that the state dir (BSK_HOME, default ~/.bsk) is writable by you")
    })?;
    Ok(dir.to_path_buf())
}

fn write_dir(embedded: &Dir<'_>, root: &Path) -> std::io::Result<()> {
    create_private_dir(root)?;
    for dir in embedded.dirs() {
        write_dir(dir, root)?;
        create_private_dir(&root.join(dir.path()))?;
    }
    for file in embedded.files() {
        let path = root.join(file.path());
        if std::fs::read(&path).is_ok_and(|current| current == file.contents()) {
            continue;
        }
        if let Some(parent) = path.parent() {
            create_private_dir(parent)?;
        }
        // A name of its own: browsers of a pool launching at once (or a CLI alongside the
        // daemon) install together, and each rename must find its own file.
        static PARTIALS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let n = PARTIALS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let partial = path.with_extension(format!("partial-{}-{n}", std::process::id()));
        let mut out = std::fs::File::create(&partial)?;
        out.write_all(file.contents())?;
        out.sync_all()?;
        std::fs::rename(&partial, &path)?;
    }
    Ok(())
}

fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    match std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)
    {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_id_is_derived_from_the_manifest_key() {
        // Chromium reported this id for the unpacked extension (extension-tests/e2e checks it
        // against the running browser too).
        assert_eq!(id(), "edajhabinanhijgoenoepmjbpmhojjld");
    }

    #[test]
    fn install_writes_every_file_and_is_idempotent() {
        let dir = std::env::temp_dir().join(format!("bsk-ext-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        install(&dir).expect("install");
        let manifest = std::fs::read(dir.join("manifest.json")).expect("manifest written");
        assert!(String::from_utf8_lossy(&manifest).contains("\"manifest_version\": 3"));
        assert!(dir.join("lib/history.js").exists());
        install(&dir).expect("second install");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_link_protocol_matches_the_extension() {
        let constants = EXTENSION
            .get_file("lib/constants.js")
            .map(|f| String::from_utf8_lossy(f.contents()).to_string())
            .unwrap_or_default();
        let expected = format!(
            "export const LINK_PROTOCOL = {};",
            bsk_schema::link::LINK_PROTOCOL
        );
        assert!(
            constants.contains(&expected),
            "extension/lib/constants.js must say `{expected}`"
        );
    }
}
