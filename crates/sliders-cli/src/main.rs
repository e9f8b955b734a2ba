//! `sliders`: the command line over the sliders crates. Subcommands, their arguments
//! and their output formats are a contract (docs/cli.md in the repository); change them on purpose.

// clap turns the argument docs into `--help`, where `<depth>` is the usage's placeholder;
// rustdoc would read it as an unclosed HTML tag. The help text wins.
#![allow(rustdoc::invalid_html_tags)]
// Every byte printed goes through `output` (a failed write is exit 1, never a panic).
#![deny(clippy::print_stdout, clippy::print_stderr)]

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod analyze;
mod attacks;
mod bench;
mod compare;
mod counting;
mod dense;
mod error;
mod explain;
mod files;
mod input;
mod output;
mod parse;
mod perft;
mod perftree;
mod prove;
mod refine;
mod search;
#[cfg(feature = "serve")]
mod serve;
mod sets;
mod show;
mod stats;
mod units;

#[derive(Parser)]
#[command(
    name = "sliders",
    version,
    about = "Sliding-piece attacks: schemes, lookups, boards."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List every scheme: `<name> <table-bytes> <available|unavailable>`.
    Schemes,
    /// Answer `<rook|bishop|queen> <square> <occupancy>` lines from stdin, one
    /// `0x<16 hex digits>` attack set per line.
    Attacks {
        /// The scheme to use: `auto` (the run-time choice) or a name from `sliders schemes`.
        #[arg(long, default_value = "auto")]
        scheme: String,
    },
    /// Draw an occupancy, and a slider's attacks when `--square` and `--piece` are given.
    Show {
        /// The occupied squares, `0x` and up to 16 hex digits.
        occupancy: String,
        /// The slider's square, like `e4`.
        #[arg(long, requires = "piece")]
        square: Option<String>,
        /// rook, bishop or queen.
        #[arg(long, requires = "square")]
        piece: Option<String>,
        /// The scheme to use: `auto` or a name from `sliders schemes`.
        #[arg(long, default_value = "auto")]
        scheme: String,
        /// Draw each step the scheme takes: mask, masked occupancy, product or PEXT,
        /// shift, index, offset, entry (ray schemes: each ray and its blocker).
        #[arg(long, requires = "square")]
        explain: bool,
    },
    /// Time every scheme side by side on the same inputs; JSON and an SVG chart on request.
    Bench(bench::BenchArgs),
    /// Count the leaves of the legal move tree: divide, suites (--epd), perftree, and
    /// work units for a cluster (split, run, merge).
    Perft(perft::PerftArgs),
    /// Read one FEN per line on stdin, write one JSON object per line: the position's
    /// Polyglot key, check/checkmate/stalemate/insufficient material, and its legal moves
    /// in UCI and SAN.
    Analyze,
    /// Magic search and magic files: find, verify, pack, export.
    #[command(flatten)]
    Search(search::SearchCommand),
    /// Is there a magic with this many index bits for one square? A SAT formula: prints
    /// `found 0x<magic>` (verified) or `none` (with a checked DRAT proof).
    Prove(prove::ProveArgs),
    /// The guided finder for dense magics on one square: a distribution over the magic's
    /// bits that learns from the collisions at the target size, and an exhaustive walk
    /// of the cubes it points to. Prints `found 0x<magic>` (verified), or exit 1.
    Dense(dense::DenseArgs),
    /// The page for readers: every scheme's lookup step by step in a browser, magics
    /// tried by hand, a live finder and perft (a local HTTP server; docs/serve.md).
    #[cfg(feature = "serve")]
    Serve(serve::ServeArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Schemes => attacks::list_schemes(),
        Command::Attacks { scheme } => attacks::run(&scheme),
        Command::Show {
            occupancy,
            square,
            piece,
            scheme,
            explain,
        } => show::run(
            &occupancy,
            square.as_deref(),
            piece.as_deref(),
            &scheme,
            explain,
        ),
        Command::Bench(args) => bench::run(args),
        Command::Perft(args) => perft::run(args),
        Command::Analyze => analyze::run(),
        Command::Search(command) => search::run(command),
        Command::Prove(args) => prove::run(args),
        Command::Dense(args) => dense::run(args),
        #[cfg(feature = "serve")]
        Command::Serve(args) => serve::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            output::fail(&error);
            ExitCode::from(error.code)
        }
    }
}
