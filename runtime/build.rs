//! The `bsk` binary embeds `extension/` (see `src/extension/files.rs`): rebuild when it changes.

fn main() {
    println!("cargo:rerun-if-changed=../extension");
}
