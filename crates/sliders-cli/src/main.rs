//! `sliders`: the command line over the sliders crates. Subcommands, their arguments
//! and their output formats are a contract (docs/cli.md in the repository); change them on purpose.

// clap turns the argument docs into `--help`, where `<depth>` is the usage's placeholder;
// rustdoc would read it as an unclosed HTML tag. The help text wins.
#![allow(rustdoc::invalid_html_tags)]
// Every byte printed goes through `output` (a failed write is exit 1, never a panic).
#![deny(clippy::print_stdout, clippy::print_stderr)]

use std::process::ExitCode;

use clap::Parser;

mod commands;
mod explain;
mod io;

#[derive(Parser)]
#[command(
    name = "sliders",
    version,
    about = "Sliding-piece attacks: schemes, lookups, boards."
)]
struct Cli {
    #[command(subcommand)]
    command: commands::Command,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match commands::run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            io::output::fail(&error);
            ExitCode::from(error.code)
        }
    }
}
