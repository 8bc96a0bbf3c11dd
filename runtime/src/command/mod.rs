//! Runs one parsed command line: against the daemon for everything but `daemon run`.

mod debug;

use bsk_schema::Call;
use bsk_schema::hint::Surface;
use bsk_schema::ipc::{ImageFormat, SessionStartParams, SessionStopParams, TabParams};
use bsk_schema::ops::{Operation, OperationParams};
use serde_json::Value;

use crate::browser::{BrowserSource, Visibility};
use crate::cli::{
    Cli, Command, DaemonCommand, DialogCommand, DisplayFlags, ExtensionCommand, On, PoolFlags,
    SessionCommand, TabCommand,
};
use crate::client;
use crate::daemon::{Config, Daemon, server};
use crate::error::{Failure, Result};
use crate::output::{self, Style};
use crate::paths::Paths;

/// Runs the command and returns the process exit code.
pub async fn run(cli: Cli) -> i32 {
    let style = Style {
        json: cli.json,
        quiet: cli.quiet,
    };
    let daemon = matches!(cli.command, Command::Daemon(DaemonCommand::Run { .. }));
    init_logging(cli.verbose, daemon);
    match execute(cli.command, style).await {
        Ok(()) => 0,
        Err(failure) => output::failure(style, &failure),
    }
}

fn init_logging(verbose: u8, daemon: bool) {
    let default = match (daemon, verbose) {
        (true, 0) => "info",
        (false, 0) => "warn",
        (_, 1) => "info",
        _ => "debug",
    };
    let filter = tracing_subscriber::EnvFilter::try_from_env("BSK_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(default));
    // The daemon `bsk` spawned logs into daemon.log, rotated at its bound.
    let log = Paths::resolve()
        .ok()
        .map(|paths| paths.log())
        .filter(|log| daemon && crate::logfile::stderr_is(log));
    if let Some(log) = log {
        let _ = tracing_subscriber::fmt()
            .with_env_filter(filter)
            .with_ansi(false)
            .with_writer(crate::logfile::RotatingLog::open(
                &log,
                crate::logfile::MAX_LOG_BYTES,
            ))
            .try_init();
        return;
    }
    // Colours only on a terminal.
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_writer(std::io::stderr)
        .try_init();
}

/// How many browsers `bsk daemon run` will drive; 1 for any other command, or when the state
/// dir cannot be read (the command itself then says why). Read before the async runtime
/// starts, which sizes its worker threads by it.
pub fn daemon_browsers(cli: &Cli) -> usize {
    let Command::Daemon(DaemonCommand::Run { pool, display }) = &cli.command else {
        return 1;
    };
    match Paths::resolve() {
        Ok(paths) => browser_sources(&paths, pool.clone(), *display).len(),
        Err(_) => 1,
    }
}

/// The browsers the daemon should use: `--cdp-url`s, else `cdp_url` in the config file (one URL
/// or a list), else launch `--browsers` (or the config file's `browsers`, else 1) — with windows
/// or not per the flags, `headless` in the config file, or the display.
fn browser_sources(paths: &Paths, pool: PoolFlags, display: DisplayFlags) -> Vec<BrowserSource> {
    let config: Value = std::fs::read_to_string(paths.config())
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_default();
    let mut urls = pool.cdp_url;
    if urls.is_empty() && pool.browsers.is_none() {
        urls = match &config["cdp_url"] {
            Value::String(url) => vec![url.clone()],
            Value::Array(list) => list
                .iter()
                .filter_map(|url| url.as_str().map(str::to_string))
                .collect(),
            _ => Vec::new(),
        };
    }
    if !urls.is_empty() {
        return urls.into_iter().map(BrowserSource::Attach).collect();
    }
    let count = pool
        .browsers
        .map(usize::from)
        .or_else(|| config["browsers"].as_u64().map(|n| n.clamp(1, 16) as usize))
        .unwrap_or(1);
    let visibility = Visibility::decide(display.choice(), config["headless"].as_bool());
    vec![BrowserSource::Launch(visibility); count]
}

async fn request(paths: &Paths, call: Call) -> Result<Value> {
    client::request(paths, call).await
}

fn operation(on: On, op: Operation) -> Call {
    Call::Operation(OperationParams {
        session: on.session,
        tab_id: on.tab_id,
        op,
        no_settle: on.no_settle,
    })
}

async fn execute(command: Command, style: Style) -> Result<()> {
    let paths = Paths::resolve()?;
    let op = |on, op| (operation(on, op), style);
    let (call, style) = match command {
        Command::Daemon(command) => return daemon(command, &paths, style).await,
        Command::Debug(command) => return debug::run(command, &paths, style).await,
        Command::Extension(command) => return extension(command, &paths, style),
        Command::Mcp => return crate::mcp::serve(paths).await,
        Command::Evidence {
            session,
            run_id,
            screenshot,
            width,
            theme,
            search,
            request: request_id,
            part,
            tab,
        } => {
            let params = bsk_schema::ipc::EvidenceParams {
                session,
                run_id,
                screenshot: screenshot.is_some(),
                width,
                theme,
                search,
                request: request_id,
                part: part.map(crate::cli::schema_value),
                tab: tab.map(crate::cli::schema_value),
            };
            return evidence(&paths, style, params, screenshot).await;
        }
        Command::Status => {
            let value = request(&paths, Call::DaemonStatus).await?;
            output::result(style, &value, output::status);
            return Ok(());
        }
        Command::Session(SessionCommand::Start {
            name,
            shared_profile,
            private_profile,
            dialogs,
            capture,
            state,
            ignore_certificate_errors,
            browser,
        }) => {
            let state = state.as_deref().map(crate::state_file::read).transpose()?;
            use bsk_schema::dialog::DialogPolicy;
            let params = SessionStartParams {
                options: bsk_schema::ipc::SessionOptions {
                    name,
                    shared_profile,
                    dialogs: dialogs
                        .map(crate::cli::schema_value)
                        .unwrap_or(DialogPolicy::Ask),
                    capture,
                    ignore_certificate_errors,
                    browser,
                },
                // What no flag chose, the person's preferences in the extension may.
                preferred: [
                    (dialogs.is_none(), bsk_schema::ipc::PreferenceKey::Dialogs),
                    (
                        !shared_profile && !private_profile,
                        bsk_schema::ipc::PreferenceKey::Profile,
                    ),
                ]
                .into_iter()
                .filter_map(|(left, key)| left.then_some(key))
                .collect(),
                state,
            };
            let value = request(&paths, Call::SessionStart(params)).await?;
            output::result(style, &value, output::session_started);
            return Ok(());
        }
        Command::Session(SessionCommand::Stop { id, all }) => {
            let Some(stream) = client::connect(&paths).await else {
                return Err(match id {
                    Some(id) => {
                        Failure::not_found(format!("no session {id}: the daemon is not running"))
                    }
                    None if all => return quiet_ok(style, "no sessions to stop"),
                    None => Failure::usage("name the session to stop, or pass --all"),
                });
            };
            let value = client::call(
                stream,
                Call::SessionStop(SessionStopParams { session: id, all }),
            )
            .await?;
            output::result(style, &value, output::session_stopped);
            return Ok(());
        }
        Command::Session(SessionCommand::SaveState { file, session }) => {
            use bsk_schema::ipc::{SessionStateParams, StorageState};
            let value = request(&paths, Call::SessionState(SessionStateParams { session })).await?;
            let state: StorageState = serde_json::from_value(value).map_err(|e| {
                Failure::protocol(format!("the daemon's state has an unexpected shape: {e}")).hint(
                    "the CLI and the daemon are different builds: run `bsk daemon stop` and retry",
                )
            })?;
            crate::state_file::write(&file, &state)?;
            let summary = format!(
                "saved {} cookies and the local storage of {} origins to {}",
                state.cookies.len(),
                state.origins.len(),
                file.display()
            );
            return quiet_ok(style, &summary);
        }
        Command::Session(SessionCommand::List) => {
            let value = request(&paths, Call::SessionList).await?;
            output::result(style, &value, |v| output::session_list(v, Surface::Cli));
            return Ok(());
        }
        Command::Tab(TabCommand::List { session }) => {
            let mut value = request(&paths, Call::TabList).await?;
            if let (Some(session), Value::Array(tabs)) = (&session, &mut value) {
                tabs.retain(|tab| tab["session"] == session.as_str());
            }
            output::result(style, &value, output::tab_list);
            return Ok(());
        }
        Command::Tab(TabCommand::Borrow { tab_id, session }) => {
            (Call::TabBorrow(TabParams { session, tab_id }), style)
        }
        Command::Tab(TabCommand::Return { tab_id, session }) => {
            (Call::TabReturn(TabParams { session, tab_id }), style)
        }
        Command::Navigate { url, on, wait } => op(
            on,
            Operation::Navigate {
                url,
                wait_until: crate::cli::schema_value(wait.wait_until),
            },
        ),
        Command::Reload { on, wait } => op(
            on,
            Operation::Reload {
                wait_until: crate::cli::schema_value(wait.wait_until),
            },
        ),
        Command::Back { on } => op(on, Operation::Back),
        Command::Forward { on } => op(on, Operation::Forward),
        Command::Observe { on } => op(on, Operation::Observe),
        Command::Click { target, on } => op(on, Operation::Click { target }),
        Command::Fill { target, value, on } => op(on, Operation::Fill { target, value }),
        Command::Select { target, values, on } => op(on, Operation::Select { target, values }),
        Command::Press { key, target, on } => op(on, Operation::Press { key, target }),
        Command::Hover { target, on } => op(on, Operation::Hover { target }),
        Command::Wheel { target, dy, dx, on } => op(on, Operation::Wheel { target, dx, dy }),
        Command::ScrollTo { target, on } => op(on, Operation::ScrollTo { target }),
        Command::Focus { target, on } => op(on, Operation::Focus { target }),
        Command::Blur { target, on } => op(on, Operation::Blur { target }),
        Command::Evaluate { expression, on } => op(on, Operation::Evaluate { expression }),
        Command::Drag { source, target, on } => op(on, Operation::Drag { source, target }),
        Command::Emulate {
            device,
            viewport,
            dpr,
            mobile,
            touch,
            network,
            latency,
            download,
            upload,
            cpu,
            color_scheme,
            reduced_motion,
            locale,
            timezone,
            reset,
            on,
        } => op(
            on,
            Operation::Emulate(bsk_schema::emulation::EmulateParams {
                reset,
                device,
                viewport,
                dpr,
                mobile,
                touch,
                network,
                latency_ms: latency,
                download_kbps: download,
                upload_kbps: upload,
                cpu,
                color_scheme,
                reduced_motion,
                locale,
                timezone,
            }),
        ),
        Command::Screenshot {
            target,
            full_page,
            output,
            format,
            quality,
            max_width,
            unmasked,
            session,
            tab_id,
        } => {
            let format = match (format, output.as_deref().map(ImageFormat::of_path)) {
                (Some(format), _) => format,
                (None, Some(Some(format))) => format,
                (None, Some(None)) => {
                    return Err(Failure::usage(
                        "the --output file's extension names no picture format",
                    )
                    .hint("end it in .png, .jpg or .jpeg, or pass --format png|jpeg"));
                }
                (None, None) => ImageFormat::Png,
            };
            let params = bsk_schema::ipc::ScreenshotParams {
                session,
                tab_id,
                target,
                full_page,
                format: Some(format),
                quality,
                max_width,
                unmasked,
            };
            return screenshot(&paths, style, params, output).await;
        }
        Command::Upload { target, files, on } => {
            let files = files
                .iter()
                .map(|file| {
                    std::path::absolute(file)
                        .map(|path| path.to_string_lossy().into_owned())
                        .map_err(|e| Failure::invalid_input(format!("{}: {e}", file.display())))
                })
                .collect::<Result<Vec<String>>>()?;
            op(on, Operation::Upload { target, files })
        }
        Command::Dialog(DialogCommand::Accept { text, on }) => op(
            on,
            Operation::Dialog {
                accept: true,
                prompt_text: text,
            },
        ),
        Command::Dialog(DialogCommand::Dismiss { on }) => op(
            on,
            Operation::Dialog {
                accept: false,
                prompt_text: None,
            },
        ),
        Command::Wait {
            text,
            text_gone,
            target,
            target_gone,
            url,
            network_idle,
            within,
            new,
            timeout,
            on,
        } => {
            use bsk_schema::ops::WaitFor;
            if within.is_some() && text.is_none() && text_gone.is_none() {
                return Err(Failure::usage("--within scopes --text or --text-gone")
                    .hint("bsk wait --text Saved --within @e12 --session <id>"));
            }
            let until = match (text, text_gone, target, target_gone, url) {
                (Some(text), ..) => WaitFor::Text { text, within, new },
                (_, Some(text), ..) => WaitFor::TextGone { text, within },
                (_, _, Some(target), ..) => WaitFor::Target { target },
                (_, _, _, Some(target), _) => WaitFor::TargetGone { target },
                (.., Some(pattern)) => WaitFor::Url { pattern },
                _ if network_idle => WaitFor::NetworkIdle,
                _ => {
                    return Err(Failure::usage("say what to wait for")
                        .hint("bsk wait --text Saved --session <id>"));
                }
            };
            // Zero, negative or not a number is refused by the daemon as out of range.
            let timeout_ms = timeout.map(|t| {
                if t.is_finite() && t > 0.0 {
                    (t * 1000.0).round() as u64
                } else {
                    0
                }
            });
            op(on, Operation::Wait { until, timeout_ms })
        }
    };
    let is_tab_call = matches!(call, Call::TabBorrow(_) | Call::TabReturn(_));
    let value = request(&paths, call).await?;
    if is_tab_call {
        output::result(style, &value, output::tab_changed);
    } else {
        output::result(style, &value, |v| output::operation(v, style.quiet));
    }
    Ok(())
}

fn quiet_ok(style: Style, message: &str) -> Result<()> {
    if style.json {
        output::line("{}");
    } else if !style.quiet {
        output::line(message);
    }
    Ok(())
}

async fn daemon(command: DaemonCommand, paths: &Paths, style: Style) -> Result<()> {
    match command {
        DaemonCommand::Run { pool, display } => {
            let config = Config::from_env(browser_sources(paths, pool, display));
            server::serve(Daemon::new(paths.clone(), config)).await
        }
        DaemonCommand::Start { pool, display } => {
            if client::connect(paths).await.is_some() {
                if pool.given() || display.choice().is_some() {
                    return Err(Failure::busy(
                        "the daemon is already running; --cdp-url, --browsers, --headless and --headful apply only when it starts",
                    )
                    .hint("run `bsk daemon stop`, then `bsk daemon start` with them"));
                }
                return quiet_ok(style, "daemon already running");
            }
            let mut args = pool.args();
            args.extend(display.args());
            let stream = client::connect_or_spawn(paths, &args).await?;
            let value = client::call(stream, Call::DaemonStatus).await?;
            // Quiet: a start has no id or value to print, so nothing.
            if style.json || !style.quiet {
                output::result(style, &value, output::status);
            }
            Ok(())
        }
        DaemonCommand::Stop => {
            if client::connect(paths).await.is_none() {
                return quiet_ok(style, "daemon not running");
            }
            // Whatever version it is: stopping an old daemon is how an upgrade completes.
            client::stop_daemon(paths).await?;
            quiet_ok(style, "daemon stopped")
        }
        DaemonCommand::Status => {
            let Some(stream) = client::connect(paths).await else {
                return quiet_ok(style, "daemon not running");
            };
            let value = client::call(stream, Call::DaemonStatus).await?;
            output::result(style, &value, output::status);
            Ok(())
        }
    }
}

/// `bsk evidence`: the page's URL, or a screenshot of it written to a file only the user can read.
/// `bsk screenshot`: the picture written to `output`, or to a new file under the state dir.
async fn screenshot(
    paths: &Paths,
    style: Style,
    params: bsk_schema::ipc::ScreenshotParams,
    output: Option<std::path::PathBuf>,
) -> Result<()> {
    use base64::Engine;
    use bsk_schema::ipc::ScreenshotResult;
    let value = request(paths, Call::Screenshot(params)).await?;
    let result: ScreenshotResult = serde_json::from_value(value)
        .map_err(|e| Failure::protocol(format!("unexpected screenshot result: {e}")))?;
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(&result.data_base64)
        .map_err(|e| Failure::protocol(format!("the screenshot is not base64: {e}")))?;
    let file = match output {
        Some(file) => file,
        None => {
            let dir = paths.screenshots()?;
            let extension = match result.format {
                ImageFormat::Png => "png",
                ImageFormat::Jpeg => "jpg",
            };
            dir.join(format!(
                "{}-{}.{extension}",
                result.tab_id.chars().take(8).collect::<String>(),
                bsk_actors::store::now_ms()
            ))
        }
    };
    crate::state_file::write_private(&file, &bytes)?;
    let summary = serde_json::json!({
        "path": file.display().to_string(),
        "format": result.format,
        "width": result.width,
        "height": result.height,
        "bytes": result.bytes,
        "masked_fields": result.masked_fields,
        "masked_frames": result.masked_frames,
        "unmasked": result.unmasked,
        "url": result.url,
    });
    output::result(style, &summary, |_| Some(screenshot_line(&result, &file)));
    Ok(())
}

/// One line: where the picture went and what was masked.
fn screenshot_line(result: &bsk_schema::ipc::ScreenshotResult, file: &std::path::Path) -> String {
    let masked = if result.unmasked {
        "sensitive fields NOT masked".to_string()
    } else {
        let fields = match result.masked_fields {
            1 => "1 sensitive field masked".to_string(),
            n => format!("{n} sensitive fields masked"),
        };
        match result.masked_frames {
            0 => fields,
            n => format!(
                "{fields}, {n} frame{} masked whole (its fields could not be located)",
                if n == 1 { "" } else { "s" }
            ),
        }
    };
    format!(
        "{}\n{}×{} {} ({} KiB) of {}; {masked}",
        file.display(),
        result.width,
        result.height,
        result.format.mime(),
        result.bytes.div_ceil(1024),
        result.url
    )
}

async fn evidence(
    paths: &Paths,
    style: Style,
    params: bsk_schema::ipc::EvidenceParams,
    screenshot: Option<std::path::PathBuf>,
) -> Result<()> {
    use base64::Engine;
    use bsk_schema::ipc::EvidenceResult;
    let call = Call::Evidence(params);
    let value = request(paths, call).await?;
    let result: EvidenceResult = serde_json::from_value(value.clone())
        .map_err(|e| Failure::protocol(format!("unexpected evidence result: {e}")))?;
    let Some(file) = screenshot else {
        output::result(style, &value, |_| {
            Some(match (&result.note, result.opened) {
                (Some(note), _) => format!("{}\n{note}", result.url),
                (None, true) => format!("opened {} in the browser", result.url),
                (None, false) => result.url.clone(),
            })
        });
        return Ok(());
    };
    let png = base64::engine::general_purpose::STANDARD
        .decode(result.png_base64.unwrap_or_default())
        .map_err(|e| Failure::protocol(format!("the screenshot is not base64: {e}")))?;
    crate::state_file::write_private(&file, &png)?;
    let summary = serde_json::json!({
        "run_id": result.run_id,
        "url": result.url,
        "screenshot": file.display().to_string(),
        "bytes": png.len(),
    });
    output::result(style, &summary, |_| {
        Some(format!(
            "wrote {} ({} KiB): the evidence page of {}",
            file.display(),
            png.len().div_ceil(1024),
            result.run_id.as_deref().unwrap_or_default()
        ))
    });
    Ok(())
}

/// `bsk extension …`: needs no daemon.
fn extension(command: ExtensionCommand, paths: &Paths, style: Style) -> Result<()> {
    use crate::extension::files;
    let value = match command {
        ExtensionCommand::Path => {
            let dir = files::install(&paths.extension())?;
            serde_json::json!({ "path": dir.display().to_string(), "id": files::id(), "version": files::version() })
        }
        ExtensionCommand::Id => {
            serde_json::json!({ "id": files::id(), "version": files::version() })
        }
    };
    let key = if matches!(command, ExtensionCommand::Path) {
        "path"
    } else {
        "id"
    };
    output::result(style, &value, |v| v[key].as_str().map(str::to_string));
    Ok(())
}
