//! Every type that crosses a bsk boundary.
//!
//! # Layout
//!
//! - [`ipc`]: the frames the CLI and the daemon exchange over the Unix socket (one JSON value per
//!   line), the [`ipc::Call`] enum that lists every method, and results.
//! - [`error`]: the one table of error codes and the exit codes they map to.
//! - [`ops`]: the normal workflow operations (`navigate`, `click`, …) and their results.
//! - [`emulation`]: the device, network and preferences `bsk emulate` puts a tab under.
//! - [`brief`]: what an action caused, in brief (its operation, settling, its first evidence).
//! - [`timing`]: Chrome's `ResourceTiming`, held without a map per response.
//! - [`capture`]: the evidence a capture retains; the export document (version 1).
//! - [`debug`]: `tool.debug`, its params and results.
//! - [`har`]: HAR 1.2, as `bsk debug export --format har` writes it.
//! - [`mcp`]: the tools of `bsk mcp`, their arguments and outputs.
//! - [`link`]: the messages of the daemon ↔ extension link.
//!
//! JSON Schema files generated from these types are checked in under `schema/json/`;
//! `cargo test -p bsk-schema` fails when they are stale (`BSK_UPDATE_SCHEMA=1` rewrites them).

pub mod brief;
pub mod capture;
pub mod debug;
pub mod dialog;
pub mod emulation;
pub mod error;
pub mod har;
pub mod hint;
pub mod ipc;
pub mod link;
pub mod mcp;
pub mod ops;
pub mod timing;

pub use error::{ErrorBody, ErrorCode, ErrorReport};
pub use ipc::{Call, RequestFrame, ResponseFrame};

/// Every schema file that is generated and checked in, as `(file name, schema)`.
pub fn schemas() -> Vec<(&'static str, schemars::Schema)> {
    let schemas = vec![
        (
            "request-frame.schema.json",
            schemars::schema_for!(ipc::RequestFrame),
        ),
        (
            "response-frame.schema.json",
            schemars::schema_for!(ipc::ResponseFrame),
        ),
        (
            "export-document.schema.json",
            schemars::schema_for!(capture::ExportDocument),
        ),
        ("har.schema.json", schemars::schema_for!(har::Har)),
        (
            "debug-params.schema.json",
            schemars::schema_for!(debug::DebugParams),
        ),
        (
            "debug-result.schema.json",
            schemars::schema_for!(debug::DebugResult),
        ),
        (
            "mcp-session.schema.json",
            schemars::schema_for!(mcp::SessionArgs),
        ),
        ("mcp-tabs.schema.json", schemars::schema_for!(mcp::TabsArgs)),
        (
            "mcp-navigate.schema.json",
            schemars::schema_for!(mcp::NavigateArgs),
        ),
        ("mcp-act.schema.json", schemars::schema_for!(mcp::ActArgs)),
        (
            "operation-result.schema.json",
            schemars::schema_for!(mcp::OperationOutput),
        ),
        (
            "mcp-session-result.schema.json",
            schemars::schema_for!(mcp::SessionOutput),
        ),
        (
            "mcp-tabs-result.schema.json",
            schemars::schema_for!(mcp::TabsOutput),
        ),
        (
            "mcp-inspect-result.schema.json",
            schemars::schema_for!(mcp::InspectOutput),
        ),
        (
            "mcp-inspect.schema.json",
            schemars::schema_for!(mcp::InspectArgs),
        ),
        (
            "link-hello.schema.json",
            schemars::schema_for!(link::LinkHello),
        ),
        (
            "link-welcome.schema.json",
            schemars::schema_for!(link::LinkWelcome),
        ),
        (
            "link-checkpoint.schema.json",
            schemars::schema_for!(link::CheckpointText<'static, link::CheckpointDigest<'static>>),
        ),
        (
            "link-checkpoint-ack.schema.json",
            schemars::schema_for!(link::CheckpointAck),
        ),
        (
            "link-picture.schema.json",
            schemars::schema_for!(link::LinkPicture),
        ),
        (
            "link-picture-ack.schema.json",
            schemars::schema_for!(link::PictureAck),
        ),
        (
            "link-goodbye.schema.json",
            schemars::schema_for!(link::Goodbye),
        ),
        (
            "link-heartbeat.schema.json",
            schemars::schema_for!(link::Heartbeat),
        ),
    ];
    schemas
        .into_iter()
        .map(|(name, schema)| (name, with_stop_reason_words(schema)))
        .collect()
}

/// Each stop reason's kind in a schema gets its words ([`capture::StopReason::words`]) as
/// `x-words`, an annotation that validators ignore, so that the extension shows the same words.
fn with_stop_reason_words(mut schema: schemars::Schema) -> schemars::Schema {
    let kinds = capture::StopReason::kinds();
    let variants = schema
        .as_object_mut()
        .and_then(|s| s.get_mut("$defs"))
        .and_then(|defs| defs.get_mut("StopReason"))
        .and_then(|reason| reason.get_mut("oneOf"))
        .and_then(|one_of| one_of.as_array_mut());
    for variant in variants.into_iter().flatten() {
        let kind = variant["properties"]["kind"]["const"].clone();
        if let Some(reason) = kinds.iter().find(|r| kind == r.kind().as_str()) {
            variant["x-words"] = reason.words().into();
        }
    }
    schema
}
