use clap::Parser;

#[global_allocator]
static ALLOCATOR: bsk_runtime::heap::CountingAllocator = bsk_runtime::heap::CountingAllocator;

fn main() {
    bsk_runtime::test_hooks::TestHooks::install();
    let args: Vec<String> = std::env::args().collect();
    let cli = match bsk_runtime::cli::Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(error) => std::process::exit(bsk_runtime::output::usage_error(error, &args)),
    };
    // The daemon serves many sessions at once; every other command is one request and one
    // answer, which needs no worker threads (and starts faster without them under load).
    let daemon = matches!(
        cli.command,
        bsk_runtime::cli::Command::Daemon(bsk_runtime::cli::DaemonCommand::Run { .. })
    );
    let threads = daemon
        .then(|| bsk_runtime::daemon::worker_threads(bsk_runtime::command::daemon_browsers(&cli)));
    let mut builder = if let Some(threads) = threads.filter(|n| *n > 1) {
        let mut builder = tokio::runtime::Builder::new_multi_thread();
        builder.worker_threads(threads);
        builder
    } else {
        tokio::runtime::Builder::new_current_thread()
    };
    let runtime = match builder.enable_all().build() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("error: cannot start the async runtime: {e}");
            std::process::exit(2);
        }
    };
    let code = runtime.block_on(bsk_runtime::command::run(cli));
    std::process::exit(code);
}
