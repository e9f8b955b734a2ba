//! The subcommands, one module (or folder, for a family) each, named as the user types
//! them: `sliders perft ...` is [`perft`], `sliders find|verify|pack|refine|export|
//! merge-sets` is [`magic`]. Each module has its arguments (a clap `Args` struct or
//! the variant's fields here) and a `run` that executes them; what they share (input,
//! output, files, errors, signals, sharding) is in [`crate::io`].

use clap::Subcommand;

use crate::io::error::CliError;

pub mod analyze;
pub mod attacks;
pub mod bench;
pub mod dense;
pub mod magic;
pub mod perft;
pub mod prove;
pub mod schemes;
#[cfg(feature = "serve")]
pub mod serve;
pub mod show;

#[derive(Subcommand)]
pub enum Command {
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
    Magic(magic::MagicCommand),
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

/// Runs the command.
pub fn run(command: Command) -> Result<(), CliError> {
    match command {
        Command::Schemes => schemes::run(),
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
        Command::Magic(command) => magic::run(command),
        Command::Prove(args) => prove::run(args),
        Command::Dense(args) => dense::run(args),
        #[cfg(feature = "serve")]
        Command::Serve(args) => serve::run(args),
    }
}
