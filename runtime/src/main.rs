use clap::Parser;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let cli = match bsk_runtime::cli::Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(error) => std::process::exit(bsk_runtime::output::usage_error(error, &args)),
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("error: cannot start the async runtime: {e}");
            std::process::exit(2);
        }
    };
    let code = runtime.block_on(bsk_runtime::command::run(cli));
    std::process::exit(code);
}
