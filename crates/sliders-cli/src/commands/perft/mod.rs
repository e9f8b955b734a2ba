//! `sliders perft`: leaf counts of the legal move tree, suites of them, and the
//! perftree debugging protocol.
//!
//! - `sliders perft <depth> [--fen FEN] [--moves m1 m2 ...] [--threads N] [--hash MB]`
//!   prints Stockfish's divide format on stdout (`<move>: <count>` per root move, a
//!   blank line, `Nodes searched: <total>`) and the speed on stderr.
//! - `sliders perft --epd FILE [--max-depth D] [--max-nodes N] [--threads N]` checks a
//!   suite of `FEN ;D1 n ;D2 n` lines: `passed N, failed M, skipped K`, then each
//!   failure; exit status 1 on any failure.
//! - `sliders perft --perftree <depth> <fen> [moves]`: `<move> <count>` lines, a blank
//!   line and the total, as the perftree tool expects.

mod compare;
pub mod counting;
mod divide;
mod perftree;
mod stats;
mod suite;
pub mod units;

use std::path::PathBuf;
use std::time::Duration;

use sliders_core::schemes::SchemeId;
use sliders_movegen::Board;

use crate::io::error::CliError;
use crate::io::parse;
use counting::{estimate, hash_table, split_moves, warn_if_beyond_reason};

/// Arguments of `sliders perft`.
#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct PerftArgs {
    /// Work units for deep perft on a cluster: split, run, merge.
    #[command(subcommand)]
    unit: Option<units::UnitCommand>,

    /// The depth in plies (not needed with --epd), 0 to 24.
    #[arg(value_parser = parse::depth)]
    depth: Option<u32>,

    /// With --perftree: the FEN, then the moves (one argument, space-separated, may be empty).
    #[arg(value_name = "FEN_AND_MOVES", requires = "perftree")]
    perftree_args: Vec<String>,

    /// The position (standard, Shredder or X-FEN castling); the start position by default.
    #[arg(long, conflicts_with_all = ["epd", "perftree"])]
    fen: Option<String>,

    /// Moves to play from the position first, in UCI notation.
    #[arg(long, num_args = 1.., conflicts_with_all = ["epd", "perftree"])]
    moves: Vec<String>,

    /// The slider scheme: `auto` (the run-time choice, honouring SLIDERS_SCHEME) or a
    /// name from `sliders schemes`.
    #[arg(long, default_value = "auto")]
    scheme: String,

    /// Threads for the count (0: one per core), at most 1024.
    #[arg(long, default_value_t = 1, value_parser = parse::threads)]
    threads: usize,

    /// Perft transposition table size in MB (0: none), at most 1048576 (1 TiB); with
    /// --epd, one table shared by the threads.
    #[arg(long, default_value_t = 0, value_parser = parse::hash_mb)]
    hash: usize,

    /// Check a suite of `FEN ;D1 n ;D2 n ...` lines.
    #[arg(long, value_name = "FILE", conflicts_with = "perftree")]
    epd: Option<PathBuf>,

    /// With --epd: check no depth above this.
    #[arg(long, requires = "epd", value_parser = parse::any_u32)]
    max_depth: Option<u32>,

    /// With --epd: skip (and count as skipped) a depth whose expected count exceeds this.
    #[arg(long, requires = "epd", value_parser = parse::any_u64)]
    max_nodes: Option<u64>,

    /// Speak the perftree protocol: `perft --perftree <depth> <fen> [moves]`.
    #[arg(long)]
    perftree: bool,

    /// Compare with a move generator that speaks the perftree protocol (the command is
    /// run as `<command> <depth> "<fen>" "<moves>"`), walking down the first differing
    /// move to where the move lists differ. Exit 0: all agree; 1: a difference; 2: the
    /// command failed or printed something unparsable.
    #[arg(long, value_name = "COMMAND", conflicts_with_all = ["epd", "perftree"])]
    compare: Option<String>,

    /// With --compare: how long the other generator may take for one call before it is
    /// killed (exit status 2): `90s`, `10m`, `1h` (at most a year).
    #[arg(long, default_value = "1h", value_parser = parse::duration, requires = "compare")]
    compare_timeout: std::time::Duration,

    /// Print perft(1) to perft(<depth>), each with its time, instead of the divide.
    #[arg(long, conflicts_with_all = ["epd", "perftree", "compare"])]
    depths: bool,

    /// Print the chessprogramming wiki's perft table columns for depths 1 to <depth>:
    /// `depth nodes captures ep castles promotions checks discovered double checkmates`.
    #[arg(long, conflicts_with_all = ["epd", "perftree", "compare", "depths"])]
    stats: bool,

    /// Write the result as one JSON object on stdout (the divide or the depths, or the
    /// suite's tally with --epd), the speed included.
    #[arg(long, conflicts_with_all = ["perftree", "compare"])]
    json: bool,
}

/// What `perft` was asked to do: one mode, read from the flags once (clap keeps the
/// flags of different modes apart; [`PerftArgs::mode`] says which one was given).
enum Mode {
    /// `split`, `run`, `merge`: work units for a cluster.
    Units(units::UnitCommand),
    /// `--epd FILE`: a suite.
    Suite {
        file: PathBuf,
        max_depth: Option<u32>,
        max_nodes: Option<u64>,
    },
    /// `--perftree <depth> <fen> [moves]`.
    Perftree {
        depth: u32,
        fen_and_moves: Vec<String>,
    },
    /// `--compare COMMAND <depth>`: from the root, before `moves` are played.
    Compare {
        command: String,
        timeout: Duration,
        depth: u32,
        root: Board,
        moves: Vec<String>,
    },
    /// `--depths`.
    Depths { depth: u32, board: Board },
    /// `--stats`.
    Stats { depth: u32, board: Board },
    /// The divide (the default).
    Divide { depth: u32, board: Board },
}

/// How every mode counts.
pub(super) struct Settings {
    scheme: SchemeId,
    /// Resolved: 0 (one per core) is already the core count.
    threads: usize,
    /// The transposition table's size in MB (0: none).
    hash: usize,
    /// `--json`.
    json: bool,
}

impl PerftArgs {
    /// The mode the flags ask for, its position played out (a bad FEN or move is an
    /// error here, before any counting).
    fn mode(&mut self) -> Result<Mode, CliError> {
        if let Some(command) = self.unit.take() {
            return Ok(Mode::Units(command));
        }
        if let Some(file) = self.epd.take() {
            if self.depth.is_some() {
                return Err(CliError::input(
                    "perft --epd takes no depth (use --max-depth)",
                ));
            }
            return Ok(Mode::Suite {
                file,
                max_depth: self.max_depth,
                max_nodes: self.max_nodes,
            });
        }
        let Some(depth) = self.depth else {
            return Err(CliError::input(
                "perft needs a depth (or --epd FILE, or --perftree <depth> <fen> [moves])",
            ));
        };
        if self.perftree {
            return Ok(Mode::Perftree {
                depth,
                fen_and_moves: std::mem::take(&mut self.perftree_args),
            });
        }
        let root = match &self.fen {
            Some(fen) => Board::from_fen_lax(fen).map_err(CliError::input)?,
            None => Board::startpos(),
        };
        let moves = split_moves(&self.moves);
        let board = root.play_uci_moves(&moves).map_err(CliError::input)?;
        Ok(if let Some(command) = self.compare.take() {
            Mode::Compare {
                command,
                timeout: self.compare_timeout,
                depth,
                root,
                moves,
            }
        } else if self.depths {
            Mode::Depths { depth, board }
        } else if self.stats {
            Mode::Stats { depth, board }
        } else {
            Mode::Divide { depth, board }
        })
    }
}

pub fn run(mut args: PerftArgs) -> Result<(), CliError> {
    // Report a bad --scheme or SLIDERS_SCHEME instead of silently ignoring it.
    let scheme = parse::scheme(&args.scheme)?;
    let how = Settings {
        scheme,
        threads: counting::threads(args.threads),
        hash: args.hash,
        json: args.json,
    };
    let (depth, board) = match args.mode()? {
        Mode::Units(command) => return units::run(command),
        Mode::Suite {
            file,
            max_depth,
            max_nodes,
        } => return suite::run(&file, max_depth, max_nodes, &how),
        Mode::Perftree {
            depth,
            fen_and_moves,
        } => {
            let table = hash_table(how.hash)?;
            return divide::run_perftree(
                scheme,
                depth,
                &fen_and_moves,
                how.threads,
                table.as_ref(),
            );
        }
        Mode::Compare {
            command,
            timeout,
            depth,
            root,
            moves,
        } => {
            let board = root.play_uci_moves(&moves).map_err(CliError::input)?;
            warn_if_deep(&board, depth, &how);
            let table = hash_table(how.hash)?;
            let counting = compare::Counting {
                scheme,
                threads: how.threads,
                table: table.as_ref(),
                timeout,
            };
            return if compare::compare(&command, depth, &root, moves, &counting)? {
                Ok(())
            } else {
                Err(CliError {
                    code: 1,
                    message: "perft --compare: the move generators differ (above)".into(),
                })
            };
        }
        Mode::Depths { depth, board } => {
            warn_if_deep(&board, depth, &how);
            let table = hash_table(how.hash)?;
            return divide::run_depths(&board, depth, &how, table.as_ref());
        }
        Mode::Stats { depth, board } => {
            warn_if_deep(&board, depth, &how);
            hash_table(how.hash)?;
            return stats::run(&board, depth, &how);
        }
        Mode::Divide { depth, board } => (depth, board),
    };
    warn_if_deep(&board, depth, &how);
    let table = hash_table(how.hash)?;
    divide::run(&board, depth, &how, table.as_ref())
}

/// Past depth 8, a count that would take beyond reason says so before it starts.
fn warn_if_deep(board: &Board, depth: u32, how: &Settings) {
    if depth > 8 {
        warn_if_beyond_reason(
            &format!("perft({depth})"),
            estimate(board, depth),
            how.threads,
        );
    }
}
