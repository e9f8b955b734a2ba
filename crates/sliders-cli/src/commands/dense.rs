//! `sliders dense`: the guided finder for dense magics on one square
//! ([`sliders_search::dense`]): a distribution over magic bits that climbs on the
//! collisions at the target size, and an exhaustive walk of the cubes it points to.

use std::path::PathBuf;
use std::time::Duration;

use sliders_core::RookOrBishop;
use sliders_search::dense::{self, DenseError, DenseOptions, Forcing};
use sliders_search::prove::exhaust::Order;
use sliders_search::prove::{IndexScheme, Question};

use crate::io::error::CliError;
use crate::io::output::{noteln, sayln};
use crate::io::parse;

/// `sliders dense` arguments.
#[derive(clap::Args)]
pub struct DenseArgs {
    /// rook or bishop.
    piece: String,
    /// The square, like `d1`.
    square: String,
    /// Index bits the magic must use (1 to 12).
    #[arg(long, value_parser = parse::any_u32)]
    bits: u32,
    /// fancy (masked occupancy) or black (occupancy | !mask).
    #[arg(long, default_value = "fancy")]
    scheme: String,
    /// The run's seed: the same seed, options and rounds give the same answer, whatever
    /// the threads.
    #[arg(long, default_value = "1", value_parser = parse::any_u64)]
    seed: u64,
    /// Stop after this long of this run: `90s`, `2m`, `1h`, or seconds (at most a year).
    #[arg(long, value_parser = parse::duration)]
    time: Option<Duration>,
    /// Stop after this many rounds in all (a resumed state's included), 1 to 10^12.
    #[arg(long, value_parser = parse::dense_rounds)]
    rounds: Option<u64>,
    /// Candidates drawn each round, 1,024 to 16,777,216.
    #[arg(long, default_value = "16384", value_parser = parse::dense_population)]
    population: usize,
    /// The best candidates the distribution learns from each round (1 to the population).
    #[arg(long, default_value = "128", value_parser = parse::dense_elite)]
    elite: usize,
    /// Cubes walked each round, 1 to 1,024.
    #[arg(long, default_value = "2", value_parser = parse::dense_cubes)]
    cubes_per_round: usize,
    /// Nodes one cube's walk may visit, 65,536 to 2^40.
    #[arg(long, default_value = "134217728", value_parser = parse::dense_nodes)]
    cube_nodes: u64,
    /// What the walk forces: `learned` (the low bits the distribution settled on, up to
    /// 16), `none`, or `MASK:VALUE` in hex (`0xffff:0xffff`: the low 16 bits ones).
    #[arg(long, default_value = "learned")]
    force: String,
    /// The walk's order: `auto` (from bit 0 up for the rooks on ranks 7 and 8, from the
    /// top for the rest), `ascending` (from the top down, 0 before 1; `top-down` is the
    /// same) or `low-first`: the words of `prove --order`.
    #[arg(long, default_value = "auto")]
    order: String,
    /// Walk each bit's likelier value first (by the distribution) instead of 0 first,
    /// so a cube walk cut at --cube-nodes sees the likelier magics (top-down walks).
    #[arg(long)]
    model_first: bool,
    /// When a round's best candidates name no cube not yet walked, walk the best new
    /// cubes of all its candidates instead of only starting again (off by default: the
    /// committed runs reproduce without it).
    #[arg(long)]
    widen: bool,
    /// Magics (hex, comma-separated; of neighbouring squares, say) the first
    /// distribution is drawn from.
    #[arg(long, value_delimiter = ',')]
    start_from: Vec<String>,
    /// Bits every candidate and every walk has, `MASK:VALUE` in hex (the bits known
    /// magics of neighbouring squares share, say).
    #[arg(long)]
    pin: Option<String>,
    /// Only shard I of N: an independent stream of the same seed, for a job array.
    #[arg(long, value_name = "I/N")]
    shard: Option<String>,
    /// Threads (0: one per core).
    #[arg(long, default_value = "0", value_parser = parse::threads)]
    threads: usize,
    /// Keep the run's state in this file (written after every round) and resume from it.
    #[arg(long)]
    state: Option<PathBuf>,
    /// No progress line after each round.
    #[arg(long)]
    quiet: bool,
}

/// Runs `sliders dense`.
pub fn run(args: DenseArgs) -> Result<(), CliError> {
    let piece = RookOrBishop::from_name(&args.piece)
        .ok_or_else(|| CliError::input(format!("piece {:?} is not rook or bishop", args.piece)))?;
    let square = parse::square(&args.square).map_err(CliError::input)?;
    let scheme = IndexScheme::from_name(&args.scheme).ok_or_else(|| {
        CliError::input(format!("--scheme {:?} is not fancy or black", args.scheme))
    })?;
    let question = Question {
        piece,
        square,
        bits: args.bits,
        scheme,
    };
    let forcing = match args.force.as_str() {
        "learned" => Forcing::Learned,
        "none" => Forcing::Nothing,
        text => {
            let (mask, value) = mask_value(text, "--force", "learned, none or MASK:VALUE")?;
            Forcing::Bits(mask, value)
        }
    };
    let order = match args.order.as_str() {
        "auto" => None,
        "ascending" | "top-down" => Some(Order::Ascending),
        "low-first" => Some(Order::LowFirst),
        other => {
            return Err(CliError::input(format!(
                "--order {other:?} is not auto, ascending (top-down) or low-first"
            )))
        }
    };
    let pin = match args.pin.as_deref() {
        None => (0, 0),
        Some(text) => mask_value(text, "--pin", "MASK:VALUE")?,
    };
    let start_from = args
        .start_from
        .iter()
        .map(|m| parse::hex_u64(m).map_err(|e| CliError::input(format!("--start-from: {e}"))))
        .collect::<Result<Vec<_>, _>>()?;
    let shard = args
        .shard
        .as_deref()
        .map(|s| parse::shard(s, "--shard"))
        .transpose()?
        .map(|(i, n)| (i as u64, n as u64));
    let stop = crate::io::signals::stop_on_signals()?;
    let options = DenseOptions {
        seed: args.seed,
        shard,
        population: args.population,
        elite: args.elite,
        cubes_per_round: args.cubes_per_round,
        cube_nodes: args.cube_nodes,
        forcing,
        order,
        model_first: args.model_first,
        widen: args.widen,
        pin,
        start_from,
        rounds: args.rounds,
        time: args.time,
        threads: args.threads,
        state: args.state.clone(),
        progress: (!args.quiet).then(crate::io::progress::on_stderr),
        stop: stop.clone(),
        ..DenseOptions::default()
    };
    let outcome = dense::hunt(&question, &options).map_err(|e| match e {
        DenseError::Input(m) | DenseError::State(m) => CliError::input(m),
        DenseError::Write(m) => CliError {
            code: 1,
            message: m,
        },
    })?;
    let name = dense::question_name(&question);
    let summary = format!(
        "{} rounds, {} restarts, {} candidates, {} cubes walked ({} nodes), best {} collisions ({:#018x}), {:.1} s this run, {:.1} s in all; seed {}",
        outcome.rounds,
        outcome.restarts,
        outcome.candidates,
        outcome.cubes_walked,
        outcome.nodes,
        outcome.best_measure,
        outcome.best_candidate,
        outcome.run_seconds,
        outcome.seconds,
        args.seed
    );
    match outcome.found {
        Some(magic) => {
            sayln!(
                "found {magic:#018x} ({name}; {} of {} entries used)",
                outcome.slots_used.unwrap_or(0),
                1u64 << args.bits
            )?;
            sayln!("{summary}")?;
            Ok(())
        }
        None if outcome.stopped == Some("pin") => {
            noteln!("{summary}");
            Err(CliError {
                code: 1,
                message: format!(
                    "no magic for {name} in the {} cubes its --pin allows: every one has been walked, each to --cube-nodes at most",
                    outcome.pin_cubes.unwrap_or(0)
                ),
            })
        }
        None => {
            noteln!("{summary}");
            let why = match outcome.stopped {
                Some("rounds") => "the round limit",
                Some("signal") => "a signal",
                _ => "the time limit",
            };
            Err(CliError {
                code: 1,
                message: format!(
                    "no magic for {name} before {why}{}",
                    if args.state.is_some() {
                        "; run again with the same --state to go on"
                    } else {
                        ""
                    }
                ),
            })
        }
    }
}

/// `MASK:VALUE` in hex, for `option` (`expected` says what else it may be).
fn mask_value(text: &str, option: &str, expected: &str) -> Result<(u64, u64), CliError> {
    let (mask, value) = text
        .split_once(':')
        .ok_or_else(|| CliError::input(format!("{option} {text:?} is not {expected}")))?;
    let hex = |part: &str, what: &str| {
        parse::hex_u64(part).map_err(|e| CliError::input(format!("{option} {what}: {e}")))
    };
    Ok((hex(mask, "mask")?, hex(value, "value")?))
}
