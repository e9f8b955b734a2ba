//! `sliders prove`: is there a magic with this many index bits for one square? A SAT
//! formula solved by CaDiCaL; a found magic is verified, a "none" comes with a DRAT
//! proof our own checker accepts (issue 24, [`sliders_search::prove`]).

use sliders_search::control::StopToken;
use std::path::PathBuf;
use std::time::Duration;

use sliders_core::RookOrBishop;
use sliders_search::prove::cubes::CubeOptions;
use sliders_search::prove::exhaust::{ExhaustOptions, Order};
use sliders_search::prove::shard::Standing;
use sliders_search::prove::{self, Answer, Collisions, IndexScheme, Options, ProveError, Question};

use crate::io::error::CliError;
use crate::io::parse;

/// `sliders prove` arguments.
#[derive(clap::Args)]
#[command(group = clap::ArgGroup::new("pieces").args(["exhaust", "cubes"]))]
#[command(group = clap::ArgGroup::new("order").args(["ascending", "descending", "low_first", "order_word"]))]
pub struct ProveArgs {
    /// rook or bishop.
    piece: String,
    /// The square, like `b2`.
    square: String,
    /// Index bits the magic must use (1 to the mask's bits).
    #[arg(long, value_parser = parse::any_u32)]
    bits: u32,
    /// fancy (masked occupancy) or black (occupancy | !mask).
    #[arg(long, default_value = "fancy")]
    scheme: String,
    /// Write the DRAT proof of "none" here (binary DRAT, as CaDiCaL writes it).
    #[arg(long)]
    proof: Option<PathBuf>,
    /// Keep the DIMACS formula here.
    #[arg(long)]
    formula: Option<PathBuf>,
    /// How "different attacks, different indices" is written: slots or pairwise.
    #[arg(long, default_value = "slots")]
    encoding: String,
    /// Stop after this long of this run: `90s`, `2m`, `1h`, or seconds (at most a year;
    /// no limit by default). The SAT solver is given it; a run with a state stops where
    /// it can resume.
    #[arg(long, value_parser = parse::duration)]
    time: Option<Duration>,
    /// Do not check the proof of "none" (for proofs too large to check here).
    #[arg(long)]
    no_check: bool,
    /// Start from one occupancy per attack set and add the occupancies each found magic
    /// fails on, solving again, until a magic verifies or the formula over the chosen
    /// occupancies is unsatisfiable (which proves none for all of them).
    #[arg(long)]
    grow: bool,
    /// Answer by exhaustive search over every magic below the period instead of a SAT
    /// solver (fancy only): magic bits fixed from the top, subtrees cut where two
    /// occupancies with different attacks must share an index.
    #[arg(long, conflicts_with_all = ["grow", "proof", "formula", "no_check", "encoding"])]
    exhaust: bool,
    /// With --exhaust: fix the magic's bits from the top down, 0 before 1, so the first
    /// magic found is the smallest below the period. Without an order flag a plain run
    /// measures this order and --low-first for a few seconds each and goes on with the
    /// faster (a sharded run, --merge and --certificate take this order).
    #[arg(long, requires = "exhaust", conflicts_with_all = ["descending", "low_first"])]
    ascending: bool,
    /// With --exhaust: visit 1 before 0 at every magic bit, so the first magic found is
    /// the largest below the period (the published rank-7/8 rook magics sit at the top).
    #[arg(long, requires = "exhaust")]
    descending: bool,
    /// With --exhaust: fix the magic's bits from bit 0 up, settling first the occupancies
    /// of the highest mask squares (the rank-7/8 rooks' rank squares); the first magic
    /// found is the first in that order.
    #[arg(long, requires = "exhaust", conflicts_with = "descending")]
    low_first: bool,
    /// With --exhaust: the order as a word, the words of `dense --order`: `ascending`
    /// (as --ascending), `descending` (as --descending) or `low-first` (as --low-first).
    #[arg(long = "order", value_name = "ORDER", value_enum, requires = "exhaust")]
    order_word: Option<OrderWord>,
    /// Cube and conquer: split the formula on the magic's top K variable bits into 2^K
    /// cubes, solve each (its proof checked, then removed), resumably; 1 to 20.
    #[arg(long, value_name = "K", conflicts_with_all = ["grow", "proof"], value_parser = parse::any_u32)]
    cubes: Option<u32>,
    /// With --cubes or --exhaust: only shard I of N (0 <= I < N), the I-th of N equal
    /// runs of cubes, for a job array; its last line is `none in shard I/N` when it finds
    /// no magic.
    #[arg(long, value_name = "I/N", requires = "pieces")]
    shard: Option<String>,
    /// With --cubes or --exhaust: put together the state files of all N shards (their
    /// `--state`) and answer for the square: `found 0x...`, `none`, or (exit 1) which
    /// shards are missing or unfinished. The shards' own options (--time, --no-check,
    /// --formula, --threads) are ignored here.
    #[arg(long, value_name = "STATE", num_args = 1.., requires = "pieces",
          conflicts_with_all = ["shard", "state"])]
    merge: Vec<PathBuf>,
    /// With --exhaust: write the search tree to this file as a certificate of
    /// "none", with a witness at every node it cuts, for `tools/exhaust-certificate`'s
    /// checker; with --shard, the top tree and that shard's cubes.
    #[arg(long, value_name = "FILE", requires = "exhaust",
          conflicts_with_all = ["state", "merge", "descending", "low_first"])]
    certificate: Option<PathBuf>,
    /// With --exhaust and an order flag: estimate the nodes the run (its --state,
    /// order and --shard) has left, from one random cube in each of K equal runs of the
    /// cubes left, and the thread-hours at the sample's rate; the state is only read. A
    /// magic in a sampled cube, or one the state holds, is the answer. 1 to 1,048,576.
    #[arg(long, value_name = "K", value_parser = parse::sample, requires_all = ["exhaust", "order"],
          conflicts_with_all = ["merge", "certificate"])]
    estimate: Option<usize>,
    /// With --estimate: the seed of the sample's draw (another seed, another sample).
    #[arg(long, default_value = "1", value_parser = parse::any_u64, requires = "estimate")]
    seed: u64,
    /// Threads for --exhaust, solver runs at a time for --cubes (0: one per core).
    #[arg(long, default_value = "0", value_parser = parse::threads, requires = "pieces")]
    threads: usize,
    /// Keep the progress of --exhaust or --cubes in this file, and resume from it.
    #[arg(long, requires = "pieces")]
    state: Option<PathBuf>,
}

fn fail(error: ProveError) -> CliError {
    match error {
        ProveError::Question(m) | ProveError::State(m) => CliError::input(m),
        other => CliError {
            code: 1,
            message: other.to_string(),
        },
    }
}

/// Runs `sliders prove`.
pub fn run(args: ProveArgs) -> Result<(), CliError> {
    let piece = RookOrBishop::from_name(&args.piece)
        .ok_or_else(|| CliError::input(format!("piece {:?} is not rook or bishop", args.piece)))?;
    let square = parse::square(&args.square).map_err(CliError::input)?;
    let scheme = IndexScheme::from_name(&args.scheme).ok_or_else(|| {
        CliError::input(format!("--scheme {:?} is not fancy or black", args.scheme))
    })?;
    let collisions = Collisions::from_name(&args.encoding).ok_or_else(|| {
        CliError::input(format!(
            "--encoding {:?} is not slots or pairwise",
            args.encoding
        ))
    })?;
    let question = Question {
        piece,
        square,
        bits: args.bits,
        scheme,
    };
    prove::check_question(&question).map_err(fail)?;
    // Before anything is written: a formula or proof over the state (or each other)
    // would destroy it.
    crate::io::files::check_distinct(&[
        ("--state", args.state.as_deref()),
        ("--formula", args.formula.as_deref()),
        ("--proof", args.proof.as_deref()),
        ("--certificate", args.certificate.as_deref()),
    ])?;
    // A state that cannot be written is said before any work, not after the first cube
    // (a state that exists is read, and checked, by the run itself).
    if let Some(state) = args.state.as_deref().filter(|s| !s.exists()) {
        crate::io::files::check_writable(state, "--state", "the state")?;
    }
    let stop = crate::io::signals::stop_on_signals()?;
    if args.exhaust || args.cubes.is_some() {
        return match args.cubes {
            Some(bits) => cubes(&question, collisions, bits, &args, &stop),
            None => exhaust(&question, &args, &stop),
        };
    }
    let options = Options {
        collisions,
        proof: args.proof.clone(),
        formula: args.formula.clone(),
        check: !args.no_check,
        limit: args.time,
        stop: stop.clone(),
        grow: args.grow,
    };
    let proved = prove::prove(&question, &options).map_err(fail)?;
    let covered = if args.grow {
        format!(
            "{} of {} occupancies after {} rounds",
            proved.occupancies, proved.all_occupancies, proved.rounds
        )
    } else {
        format!("{} occupancies", proved.occupancies)
    };
    crate::io::output::sayln!(
        "formula: {} variables, {} clauses ({} encoding; {covered}, {} attack sets, {} magic variables), built in {:.2} s",
        proved.variables,
        proved.clauses,
        collisions.name(),
        proved.classes,
        proved.magic_variables,
        proved.encode_seconds
    )?;
    let said = match proved.answer {
        Answer::Found { .. } => "satisfiable",
        Answer::None { .. } => "unsatisfiable",
        Answer::Unknown => "no answer",
    };
    crate::io::output::sayln!(
        "solver: {}: {said} in {:.2} s",
        proved.solver,
        proved.solve_seconds
    )?;
    match proved.answer {
        Answer::Found { magic, used } => {
            crate::io::output::sayln!(
                "verified: 0x{magic:016x} maps all {} occupancies to {used} of {} entries, none destructively",
                proved.all_occupancies,
                1u64 << args.bits
            )?;
            crate::io::output::sayln!("found 0x{magic:016x}")?;
        }
        Answer::None {
            proof_bytes,
            checked,
            check_seconds,
        } => {
            let place = args
                .proof
                .as_ref()
                .map_or("a temporary file".to_string(), |p| p.display().to_string());
            match checked {
                Some(c) => crate::io::output::sayln!(
                    "proof: {place}, {proof_bytes} bytes, checked by sliders' DRAT checker in {check_seconds:.2} s ({} lemmas, {} RAT, {} deletions)",
                    c.lemmas, c.rat_lemmas, c.deletions
                )?,
                None => crate::io::output::sayln!("proof: {place}, {proof_bytes} bytes, NOT checked (--no-check)")?,
            }
            crate::io::output::sayln!("none")?;
        }
        Answer::Unknown if stop.requested() => {
            return Err(CliError {
                code: 1,
                message: "interrupted: the solver was stopped without an answer".into(),
            })
        }
        Answer::Unknown => {
            return Err(CliError {
                code: 1,
                message: format!(
                    "the solver gave up at the time limit ({} s)",
                    seconds(args.time)
                ),
            })
        }
    }
    Ok(())
}

/// `sliders prove --cubes`.
fn cubes(
    question: &Question,
    collisions: Collisions,
    bits: u32,
    args: &ProveArgs,
    stop: &StopToken,
) -> Result<(), CliError> {
    if !args.merge.is_empty() {
        return merge_cubes(question, collisions, bits, &args.merge);
    }
    let shard = shard(args)?;
    let options = CubeOptions {
        shard,
        bits,
        collisions,
        threads: args.threads,
        state: args.state.clone(),
        limit: args.time,
        check: !args.no_check,
        formula: args.formula.clone(),
        progress: Some(crate::io::progress::on_stderr()),
        stop: stop.clone(),
    };
    let done = prove::cubes::split(question, &options).map_err(fail)?;
    crate::io::output::sayln!(
        "formula: {} variables, {} clauses ({} encoding), and {bits} units per cube",
        done.variables,
        done.clauses,
        collisions.name()
    )?;
    let which = match shard {
        Some((i, n)) => format!(
            " of shard {i}/{n} (cubes {} to {})",
            done.range.start,
            done.range.end.saturating_sub(1)
        ),
        None => String::new(),
    };
    crate::io::output::sayln!(
        "cubes: {} of {}{which} answered (magic bits {} down to {}), in {:.2} s",
        done.cubes_done,
        done.range.len(),
        question.period_bits() - 1,
        question.period_bits() - bits,
        done.seconds
    )?;
    let unsatisfiable = done
        .cubes_done
        .saturating_sub(usize::from(matches!(done.answer, Some(Some(_)))));
    crate::io::output::sayln!(
        "proofs: {unsatisfiable} unsatisfiable cubes, {} bytes, {} of them checked by sliders' DRAT checker ({} lemmas){}",
        done.proof_bytes,
        done.checked,
        done.lemmas,
        if args.no_check {
            ", NOT checked (--no-check), each removed"
        } else {
            ", each removed after its check"
        }
    )?;
    finish_shard(
        question,
        done.answer,
        shard,
        stopped(done.cubes_done, done.range.len(), args, stop),
    )
}

/// `--shard I/N`, read.
fn shard(args: &ProveArgs) -> Result<Option<(usize, usize)>, CliError> {
    args.shard
        .as_deref()
        .map(|text| parse::shard(text, "--shard"))
        .transpose()
}

/// [`finish`] for a run that may be one shard: a shard that found no magic ends with
/// `none in shard I/N` (the square's answer is the merge's).
fn finish_shard(
    question: &Question,
    answer: Option<Option<u64>>,
    shard: Option<(usize, usize)>,
    unfinished: String,
) -> Result<(), CliError> {
    if let (Some(None), Some((i, n))) = (answer, shard) {
        crate::io::output::sayln!("none in shard {i}/{n}")?;
        return Ok(());
    }
    finish(question, answer, unfinished)
}

/// [`finish`] for a merge: exit 1 names the shards it still needs.
fn finish_merge(question: &Question, standing: &Standing) -> Result<(), CliError> {
    finish(
        question,
        standing.answer,
        format!(
            "no answer yet: shards missing {:?}, unfinished {:?} (of {})",
            standing.missing, standing.unfinished, standing.shards
        ),
    )
}

/// `sliders prove --cubes K --merge STATE...`.
fn merge_cubes(
    question: &Question,
    collisions: Collisions,
    bits: u32,
    states: &[PathBuf],
) -> Result<(), CliError> {
    let merged = prove::cubes::merge(question, collisions, bits, states).map_err(fail)?;
    let standing = &merged.standing;
    let unsatisfiable = standing
        .cubes_done
        .saturating_sub(usize::from(matches!(standing.answer, Some(Some(_)))));
    crate::io::output::sayln!(
        "merged: {} shards, {} of {} cubes answered, {} proof bytes, {} cube proofs checked by sliders' DRAT checker ({} lemmas){}",
        standing.shards,
        standing.cubes_done,
        standing.cubes,
        merged.proof_bytes,
        merged.checked,
        merged.lemmas,
        match unsatisfiable.saturating_sub(merged.checked) {
            0 => String::new(),
            unchecked => format!(", {unchecked} NOT checked (--no-check)"),
        }
    )?;
    finish_merge(question, standing)
}

/// Whether the exhaustive search chooses its order by measuring: a plain run (no shard,
/// merge or certificate) given no order flag.
fn auto_order(args: &ProveArgs) -> bool {
    !(args.ascending || args.descending || args.low_first || args.order_word.is_some())
        && args.shard.is_none()
        && args.merge.is_empty()
        && args.certificate.is_none()
}

/// The order `--ascending`, `--descending` or `--low-first` asks the exhaustive search
/// for (ascending without one).
fn order(args: &ProveArgs) -> Order {
    if args.low_first || args.order_word == Some(OrderWord::LowFirst) {
        Order::LowFirst
    } else if args.descending || args.order_word == Some(OrderWord::Descending) {
        Order::Descending
    } else {
        Order::Ascending
    }
}

/// `sliders prove --exhaust`.
fn exhaust(question: &Question, args: &ProveArgs, stop: &StopToken) -> Result<(), CliError> {
    if !args.merge.is_empty() {
        let merged = prove::exhaust::merge(question, order(args), &args.merge).map_err(fail)?;
        let standing = &merged.standing;
        crate::io::output::sayln!(
            "merged: {} shards, {} of {} cubes searched, {} nodes",
            standing.shards,
            standing.cubes_done,
            standing.cubes,
            merged.nodes
        )?;
        return finish_merge(question, standing);
    }
    let shard = shard(args)?;
    if let Some(sample) = args.estimate {
        return estimate(question, shard, sample, args, stop);
    }
    if let Some(path) = &args.certificate {
        // As --certificate's conflicts with --descending and --low-first say.
        if order(args) != Order::Ascending {
            return Err(CliError::input(
                "--certificate writes the ascending search's tree: --order ascending or none",
            ));
        }
        return certify(question, shard, path, args, stop);
    }
    let options = ExhaustOptions {
        threads: args.threads,
        state: args.state.clone(),
        limit: args.time,
        progress: Some(crate::io::progress::on_stderr()),
        stop: stop.clone(),
        shard,
        order: order(args),
    };
    let done = if auto_order(args) {
        let auto = prove::auto_order::exhaust_auto(question, &options).map_err(fail)?;
        let estimates: Vec<String> = auto
            .estimates
            .iter()
            .map(|(order, eta)| {
                if eta.is_finite() {
                    format!("{} {eta:.0} s", order.name())
                } else {
                    format!("{} unknown (no cube of its sample ended)", order.name())
                }
            })
            .collect();
        crate::io::output::noteln!(
            "exhaust: order {}{}",
            auto.order.name(),
            if estimates.is_empty() {
                String::new()
            } else {
                format!(" (estimated to finish: {})", estimates.join(", "))
            }
        );
        auto.done
    } else {
        prove::exhaust::exhaust(question, &options).map_err(fail)?
    };
    let which = match shard {
        Some((i, n)) => format!(
            " (shard {i}/{n}: cubes {} to {})",
            done.range.start,
            done.range.end.saturating_sub(1)
        ),
        None => String::new(),
    };
    crate::io::output::sayln!(
        "exhaust: every magic below 2^{} in {} cubes of {} bits{which}, {} of them searched, {} nodes, in {:.2} s",
        done.covers,
        done.cubes,
        done.depth,
        done.cubes_done,
        done.nodes,
        done.seconds
    )?;
    if let Some(cube) = done.found_cube {
        crate::io::output::sayln!(
            "exhaust: the magic came from cube {cube} (counted from 0 in the list of all {} cubes)",
            done.cubes
        )?;
    }
    finish_shard(
        question,
        done.answer,
        shard,
        stopped(done.cubes_done, done.range.len(), args, stop),
    )
}

/// `sliders prove --exhaust --estimate K`: the nodes left, estimated from a sample
/// ([`prove::estimate`]); a magic a sampled cube held is the answer.
fn estimate(
    question: &Question,
    shard: Option<(usize, usize)>,
    sample: usize,
    args: &ProveArgs,
    stop: &StopToken,
) -> Result<(), CliError> {
    let options = ExhaustOptions {
        threads: args.threads,
        state: args.state.clone(),
        limit: args.time,
        progress: None,
        stop: stop.clone(),
        shard,
        order: order(args),
    };
    let e = prove::estimate::estimate(question, &options, sample, args.seed).map_err(fail)?;
    if let Some(magic) = e.found {
        if let Some(cube) = e.found_cube {
            crate::io::output::sayln!(
                "exhaust: the magic came from cube {cube} (counted from 0 in the list of all {} cubes)",
                e.cubes
            )?;
        }
        return finish(question, Some(Some(magic)), String::new());
    }
    if e.cubes_left == 0 {
        // A finished state: nothing left to sample, and no rate to give hours with.
        crate::io::output::sayln!(
            "estimate: 0 of {} cubes left: the search is finished, 0 nodes left",
            e.cubes
        )?;
        return Ok(());
    }
    crate::io::output::sayln!(
        "estimate: {} of {} cubes left searched, {} nodes (the heaviest cube {}) in {:.1} thread-seconds, {:.2} million nodes a second a thread",
        e.sampled,
        e.cubes_left,
        e.sample_nodes,
        e.heaviest,
        e.thread_seconds,
        e.rate() / 1e6
    )?;
    let hours = |nodes: f64| {
        if e.rate() > 0.0 {
            format!("{:.1}", nodes / e.rate() / 3600.0)
        } else {
            "?".into()
        }
    };
    let spread = match e.standard_error {
        Some(se) => format!(
            ", standard error {:.0} ({:.1} %): {} to {} thread-hours within two",
            se,
            100.0 * se / e.nodes_left.max(1.0),
            hours((e.nodes_left - 2.0 * se).max(0.0)),
            hours(e.nodes_left + 2.0 * se)
        ),
        None => ", standard error unknown (the sample shows no spread: one stratum, or every sampled cube took the same nodes; sample more)".into(),
    };
    crate::io::output::sayln!(
        "estimate: {:.0} nodes left{spread}; {} thread-hours at the sample's rate",
        e.nodes_left,
        hours(e.nodes_left)
    )?;
    Ok(())
}

/// `sliders prove --exhaust --certificate FILE`: the search, writing its certificate.
fn certify(
    question: &Question,
    shard: Option<(usize, usize)>,
    path: &std::path::Path,
    args: &ProveArgs,
    stop: &StopToken,
) -> Result<(), CliError> {
    prove::certificate::check(question).map_err(fail)?;
    let start = std::time::Instant::now();
    let limit = args.time;
    let halt = || stop.requested() || limit.is_some_and(|limit| start.elapsed() >= limit);
    let file = std::fs::File::create(path)
        .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
    let mut out = std::io::BufWriter::with_capacity(1 << 20, file);
    let done = prove::certificate::certify(question, shard, args.threads, &halt, &mut out)
        .map_err(fail)?;
    crate::io::output::sayln!(
        "certificate: {}, {} bytes: the top tree and {} of cubes {} to {} of {} ({} bits), {} nodes, in {:.2} s",
        path.display(),
        done.bytes,
        done.cubes_done,
        done.range.start,
        done.range.end.saturating_sub(1),
        done.cubes,
        done.depth,
        done.nodes,
        start.elapsed().as_secs_f64()
    )?;
    if done.answer.is_none() {
        crate::io::output::sayln!("certificate: incomplete (stopped), its checker will refuse it")?;
    }
    finish_shard(
        question,
        done.answer,
        shard,
        stopped(done.cubes_done, done.range.len(), args, stop),
    )
}

/// The last lines of a resumable run (`--exhaust`, `--cubes`): the verified magic and
/// `found 0x...`, or `none`, or exit 1 with `unfinished` when there is no answer yet.
fn finish(
    question: &Question,
    answer: Option<Option<u64>>,
    unfinished: String,
) -> Result<(), CliError> {
    match answer {
        Some(Some(magic)) => {
            let used = prove::verify_magic(question, magic)
                .map_err(|e| fail(ProveError::WrongMagic(magic, e)))?;
            crate::io::output::sayln!(
                "verified: 0x{magic:016x} maps all {} occupancies to {used} of {} entries, none destructively",
                1u64 << question.piece.mask(question.square).len(),
                1u64 << question.bits
            )?;
            crate::io::output::sayln!("found 0x{magic:016x}")?;
            Ok(())
        }
        Some(None) => {
            crate::io::output::sayln!("none")?;
            Ok(())
        }
        None => Err(CliError {
            code: 1,
            message: unfinished,
        }),
    }
}

/// Where a run stopped by `--time` or a signal ended.
fn stopped(cubes_done: usize, cubes: usize, args: &ProveArgs, stop: &StopToken) -> String {
    let why = if stop.requested() {
        "interrupted".to_string()
    } else {
        format!("stopped at the time limit ({} s)", seconds(args.time))
    };
    let resume = match &args.state {
        // The state is written when a cube ends: with none ended there is none yet.
        Some(path) if !path.exists() => "; no cube ended, so no state was saved",
        Some(_) => "; run again with the same --state to go on",
        None => "",
    };
    format!("{why} after {cubes_done} of {cubes} cubes{resume}")
}

/// `--order`'s words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
// No doc comments on the variants: clap would then print every option's help in its
// long form (the help text is part of the contract).
enum OrderWord {
    Ascending,
    Descending,
    LowFirst,
}

/// A time limit in seconds as the messages give it: `90`, `0.5`.
fn seconds(limit: Option<Duration>) -> String {
    limit.unwrap_or_default().as_secs_f64().to_string()
}
