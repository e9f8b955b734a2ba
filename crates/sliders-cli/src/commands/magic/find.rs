//! `sliders find`: the magic finder over `sliders_search::finder` (and the greedy
//! offset-in-magic search of `sliders_search::offset`).

use std::path::PathBuf;
use std::time::Duration;

use sliders_core::{RookOrBishop, Square};
use sliders_search::finder::{
    assemble, CandidateKind, FindOptions, Found, Outcome, SearchState, Seeding, Target,
    MAX_FIND_BITS,
};
use sliders_search::{mask_bits, plain_bits};

use sliders_search::export::{self, Format};
use sliders_search::SchemeKind;

use super::sets::{bad_set, parse_scheme};
use crate::io::error::CliError;
use crate::io::files::{read_text, same_file, write_output};
use crate::io::parse;

/// `sliders find` arguments.
#[derive(clap::Args)]
pub struct FindArgs {
    /// fancy, fancy32, plain, fixed-shift, black or offset-in-magic.
    #[arg(long)]
    scheme: String,
    /// Only this piece: rook or bishop (default both).
    #[arg(long)]
    piece: Option<String>,
    /// Only these squares, comma-separated (default all 64).
    #[arg(long, value_delimiter = ',')]
    squares: Vec<String>,
    /// Index bits for every searched square (default: the mask bits; plain and
    /// fixed-shift/black: 12 rook, 9 bishop). Fewer than the mask: a record hunt.
    #[arg(long, value_parser = parse::any_u32)]
    bits: Option<u32>,
    /// A number (each square's candidates derive from seed, piece, square: results do
    /// not depend on threads or order), `tuned` (our per-piece-and-rank seeds, fewest
    /// candidates), `stockfish` (Stockfish's per-rank seeds and single stream per square:
    /// reproduces its magics), or `chain:N` (one generator across all squares in order,
    /// sequential: reproduces our fancy32 prototype with chain:1).
    #[arg(long, default_value = "1")]
    seed: String,
    /// Worker threads, 1 to 1024 (default: all cores).
    #[arg(long, value_parser = parse::threads_at_least_one)]
    threads: Option<usize>,
    /// Stop after this long: `90s`, `2m`, `500ms`, `1h`, or seconds (at most a year).
    #[arg(long, value_parser = parse::duration)]
    time: Option<Duration>,
    /// Stop after about this many candidates drawn, 1 to 2^62.
    #[arg(long, value_parser = parse::budget)]
    candidates: Option<u64>,
    /// Write the set here (atomically) instead of stdout.
    #[arg(long)]
    out: Option<PathBuf>,
    /// csv, rust or json (rust and json need all 128 squares).
    #[arg(long, value_enum, default_value = "csv")]
    format: super::export::FormatArg,
    /// Save progress here; if it exists, continue the search it records (`--resume`
    /// is the same flag's old name).
    #[arg(long = "state", alias = "resume", value_name = "STATE")]
    resume: Option<PathBuf>,
    /// sparse (AND of three outputs) or dense (one output). Default: sparse, dense
    /// for record hunts.
    #[arg(long, value_enum)]
    kind: Option<KindArg>,
    /// The top-byte popcount filter threshold (0: off). Default 6 (0 for record hunts).
    #[arg(long, value_parser = parse::any_u32)]
    filter: Option<u32>,
    /// fixed-shift and black: candidates per square searched for the smallest used
    /// index range (then the set is packed), 1 to 2^62.
    #[arg(long, default_value_t = 1 << 15, value_parser = parse::budget)]
    range_candidates: u64,
    /// offset-in-magic: the offset unit's shift, 0 to 3 (offset = (magic & 0xFFFF) <<
    /// shift). Default: the smallest the table needs.
    #[arg(long, value_parser = parse::any_u32)]
    offset_shift: Option<u32>,
    /// offset-in-magic: random magics tried at each table offset (default 48; 1 to
    /// 1048576).
    #[arg(long, value_parser = parse::trials)]
    trials: Option<u32>,
    /// Search only this shard's squares, `I/N` (0 <= I < N): of the pieces' and squares'
    /// targets in order (rook a1..h8, then bishop), those whose position modulo N is I.
    /// Default when SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT are set: those.
    /// Merge the shards' files with `sliders merge-sets`.
    #[arg(long)]
    shard: Option<String>,
}

pub(super) fn run(args: FindArgs) -> Result<(), CliError> {
    let scheme = parse_scheme(&args.scheme)?;
    let format = args.format.format();
    if scheme == SchemeKind::OffsetInMagic {
        return find_offset_in_magic(&args, format);
    }
    let seeding = Seeding::parse(&args.seed).ok_or_else(|| {
        CliError::input(format!(
            "bad --seed '{}': expected a number, stockfish or chain:N",
            args.seed
        ))
    })?;
    let mut targets = targets(&args, scheme)?;
    if let Some((shard, shards)) = crate::io::shard::if_any(args.shard.as_deref())? {
        targets = targets
            .into_iter()
            .enumerate()
            .filter(|(j, _)| j % shards == shard)
            .map(|(_, t)| t)
            .collect();
        crate::io::output::noteln!("shard {shard}/{shards}: {} squares", targets.len());
    }
    if format != Format::Csv && targets.len() != 128 {
        return Err(CliError::input(format!(
            "--format {}: needs all 128 squares; use csv for a partial search",
            args.format.name()
        )));
    }
    let record_hunt = targets
        .iter()
        .any(|t| t.bits < mask_bits(t.piece, t.square));
    let mut opts = FindOptions::new(scheme, seeding);
    let dense_default = record_hunt;
    opts.kind = match args.kind {
        None if dense_default => CandidateKind::Dense,
        None | Some(KindArg::Sparse) => CandidateKind::Sparse,
        Some(KindArg::Dense) => CandidateKind::Dense,
    };
    opts.min_top_popcount = args.filter.unwrap_or(if dense_default {
        0
    } else {
        opts.min_top_popcount
    });
    if opts.min_top_popcount > 8 {
        return Err(CliError::input("--filter: 0 to 8 (bits of the top byte)"));
    }
    if scheme.shared_table() {
        opts.range_candidates = Some(args.range_candidates);
    }
    opts.time = args.time;
    if let (Some(out), Some(resume)) = (&args.out, &args.resume) {
        if same_file(out, resume) {
            return Err(CliError::input(format!(
                "--out {} and --state {} name the same file: the set and the state need two",
                out.display(),
                resume.display()
            )));
        }
    }
    opts.max_candidates = args.candidates;
    // On a terminal, a bar after the first second (cleared when the search ends).
    let bar = crate::io::output::stderr_is_terminal().then(|| {
        let (bar, observer) = crate::io::progress::FinderBar::new();
        opts.progress = Some(observer);
        bar
    });
    let resume = match &args.resume {
        Some(path) if path.exists() => {
            let text = read_text(path)?;
            Some(
                SearchState::from_json(&text)
                    .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?,
            )
        }
        _ => None,
    };
    if let Some(path) = &args.resume {
        crate::io::files::check_writable(path, "--state", "the state")?;
    }
    // The set is written at the end: a path it cannot go to is said now, not after the
    // search.
    if let Some(path) = &args.out {
        crate::io::files::check_writable(path, "--out", "the set")?;
    }
    opts.state_path = args.resume.clone();
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(n) = args.threads {
        pool = pool.num_threads(n);
    }
    let pool = pool
        .build()
        .map_err(|e| CliError::input(format!("thread pool: {e}")))?;
    let cpu_before = process_cpu_seconds();
    let outcome = pool.install(|| sliders_search::finder::find(&targets, &opts, resume));
    drop(bar);
    let outcome = outcome.map_err(|e| {
        let where_ = args
            .resume
            .as_ref()
            .map(|p| format!("{}: ", p.display()))
            .unwrap_or_default();
        CliError::input(format!("{where_}{e}"))
    })?;
    // The search saves its state and goes on when a save fails (a disk that filled up);
    // when the last save failed, nothing says "progress saved".
    if let Some(message) = &outcome.unsaved {
        return Err(CliError {
            code: 1,
            message: message.clone(),
        });
    }
    let tested = summarise(&outcome, targets.len(), cpu_before);
    let complete = outcome.missing.is_empty();
    let all = targets.len() == 128;
    let text = if complete && all {
        let mut set = assemble(scheme, &outcome.found).map_err(bad_set)?;
        let report = set
            .verify()
            .map_err(|e| bad_set(format!("internal error: the found set fails: {e}")))?;
        set.provenance = vec![format!(
            "found by sliders find --scheme {scheme} --seed {}: {tested} candidates tested; {} table entries",
            seeding.name(),
            report.entries
        )];
        crate::io::output::noteln!(
            "table: {} entries ({:.1} KiB)",
            report.entries,
            report.kib()
        );
        export::write(&set, format)
    } else {
        if format != Format::Csv {
            crate::io::output::noteln!("incomplete set: writing the found magics as CSV rows");
        }
        partial_csv(scheme, &seeding, &outcome.found)
    };
    write_output(args.out.as_deref(), &text)?;
    if complete {
        Ok(())
    } else {
        let missing: Vec<String> = outcome
            .missing
            .iter()
            .map(|t| format!("{} {}", t.piece, t.square))
            .collect();
        Err(bad_set(format!(
            "budget exhausted: no magic yet for {} square(s) ({}){}",
            missing.len(),
            if missing.len() > 8 {
                format!("{}, ...", missing[..8].join(", "))
            } else {
                missing.join(", ")
            },
            match &args.resume {
                Some(p) => format!("; progress saved in {}, continue with --state", p.display()),
                None => "; run with --state STATE to keep progress".into(),
            }
        )))
    }
}

/// The summary on stderr: the found magics' own streams (what reproduces them), then
/// what this run did, and its CPU time. Returns the candidates the found magics' streams
/// tested (the set's provenance line quotes it).
fn summarise(outcome: &Outcome, targets: usize, cpu_before: Option<f64>) -> u64 {
    let tested: u64 = outcome.found.iter().map(|f| f.tested).sum();
    let drawn: u64 = outcome.found.iter().map(|f| f.candidates).sum();
    // With nothing found the first line says so rather than "0 candidates tested".
    let streams = if outcome.found.is_empty() {
        String::new()
    } else {
        format!(": {tested} candidates tested ({drawn} drawn) in their streams")
    };
    crate::io::output::noteln!(
        "found {} of {} magics{streams}",
        outcome.found.len(),
        targets
    );
    crate::io::output::noteln!(
        "this run: {} candidates drawn, {} tested, {:.3} s on {} thread{}: {:.2} M candidates/s/core",
        outcome.generated,
        outcome.tested,
        outcome.elapsed.as_secs_f64(),
        outcome.threads,
        if outcome.threads == 1 { "" } else { "s" },
        outcome.rate_per_core() / 1e6
    );
    if let (Some(before), Some(after)) = (cpu_before, process_cpu_seconds()) {
        let cpu = after - before;
        if cpu >= 0.05 {
            crate::io::output::noteln!(
                "CPU time: {cpu:.2} s: {:.2} M candidates/s per core-second of CPU",
                outcome.generated as f64 / cpu / 1e6
            );
        }
    }
    tested
}

/// The targets `--piece`, `--squares` and `--bits` name, rook a1..h8 then bishop (the
/// order `--shard` splits).
fn targets(args: &FindArgs, scheme: SchemeKind) -> Result<Vec<Target>, CliError> {
    let pieces: Vec<RookOrBishop> = match &args.piece {
        None => RookOrBishop::BOTH.to_vec(),
        Some(name) => vec![RookOrBishop::from_name(name.trim()).ok_or_else(|| {
            CliError::input(format!("unknown piece '{name}': expected rook or bishop"))
        })?],
    };
    let squares: Vec<Square> = if args.squares.is_empty() {
        Square::ALL.to_vec()
    } else {
        let mut list = Vec::new();
        for name in &args.squares {
            let square: Square = name
                .trim()
                .parse()
                .map_err(|_| CliError::input(format!("unknown square '{name}' in --squares")))?;
            if list.contains(&square) {
                return Err(CliError::input(format!(
                    "square {square} twice in --squares"
                )));
            }
            list.push(square);
        }
        list
    };
    if let Some(bits) = args.bits {
        if scheme == SchemeKind::Plain {
            return Err(CliError::input(
                "--bits: plain magics use 12 rook and 9 bishop bits; use --scheme fancy",
            ));
        }
        if !(1..=MAX_FIND_BITS).contains(&bits) {
            return Err(CliError::input(format!(
                "--bits {bits}: the finder searches 1 to {MAX_FIND_BITS} bits"
            )));
        }
    }
    let mut targets = Vec::new();
    for &piece in &pieces {
        for &square in &squares {
            let bits = args.bits.unwrap_or(match scheme {
                SchemeKind::Fancy | SchemeKind::Fancy32 => mask_bits(piece, square),
                _ => plain_bits(piece),
            });
            targets.push(Target {
                piece,
                square,
                bits,
            });
        }
    }
    Ok(targets)
}

/// `sliders find --scheme offset-in-magic`: the greedy search of
/// `sliders_search::offset` (all 128 squares, one thread, deterministic per seed).
fn find_offset_in_magic(args: &FindArgs, format: Format) -> Result<(), CliError> {
    let unsupported = [
        ("--piece", args.piece.is_some()),
        ("--squares", !args.squares.is_empty()),
        ("--bits", args.bits.is_some()),
        ("--state", args.resume.is_some()),
        ("--time", args.time.is_some()),
        ("--candidates", args.candidates.is_some()),
        ("--kind", args.kind.is_some()),
        ("--filter", args.filter.is_some()),
        ("--shard", args.shard.is_some()),
    ];
    if let Some((name, _)) = unsupported.iter().find(|(_, given)| *given) {
        return Err(CliError::input(format!(
            "{name}: not supported by --scheme offset-in-magic (it places all 128 squares together)"
        )));
    }
    let seed = match Seeding::parse(&args.seed) {
        Some(Seeding::Seed(n)) => n,
        _ => {
            return Err(CliError::input(format!(
                "bad --seed '{}': offset-in-magic takes a number",
                args.seed
            )))
        }
    };
    let mut opts = sliders_search::offset::OffsetOptions::new(seed);
    let max = sliders_search::offset::MAX_OFFSET_SHIFT;
    if let Some(shift) = args.offset_shift.filter(|&s| s > max) {
        return Err(CliError::input(format!(
            "--offset-shift {shift}: 0 to {max}"
        )));
    }
    opts.offset_shift = args.offset_shift;
    if let Some(trials) = args.trials {
        opts.trials = trials;
    }
    let cpu_before = process_cpu_seconds();
    let outcome = sliders_search::offset::search(&opts).map_err(bad_set)?;
    let mut set = outcome.to_set().map_err(bad_set)?;
    let report = set
        .verify()
        .map_err(|e| bad_set(format!("internal error: the found set fails: {e}")))?;
    let cpu = match (cpu_before, process_cpu_seconds()) {
        (Some(b), Some(a)) => format!(", {:.1} s CPU", a - b),
        _ => String::new(),
    };
    crate::io::output::noteln!(
        "offset-in-magic: {} trials in {:.2} s{cpu}; offset shift {}",
        outcome.trials,
        outcome.elapsed.as_secs_f64(),
        outcome.offset_shift
    );
    crate::io::output::noteln!(
        "table: {} entries ({:.1} KiB)",
        report.entries,
        report.kib()
    );
    set.provenance = vec![format!(
        "found by sliders find --scheme offset-in-magic --seed {seed}{}{}: {} entries, offset shift {}",
        args.trials.map_or(String::new(), |t| format!(" --trials {t}")),
        args.offset_shift
            .map_or(String::new(), |s| format!(" --offset-shift {s}")),
        report.entries,
        outcome.offset_shift
    )];
    write_output(args.out.as_deref(), &export::write(&set, format))
}

/// The process's user + system CPU time from `/proc/self/stat` (Linux; clock ticks of
/// 1/100 s), so a busy machine does not make throughput look lower than it is.
fn process_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name in parentheses; utime and stime are 14th and 15th.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

/// The rows found so far (offsets left empty: a partial set has no table layout).
fn partial_csv(scheme: SchemeKind, seeding: &Seeding, found: &[Found]) -> String {
    let mut out = format!(
        "# scheme: {scheme}\n# partial: {} magics from sliders find --seed {}\n",
        found.len(),
        seeding.name()
    );
    out.push_str("piece,square,square_index,magic_hex,shift,bits_used,mask_bits,offset\n");
    for f in found {
        out.push_str(&format!(
            "{},{},{},0x{:016x},{},{},{},\n",
            f.piece,
            f.square,
            f.square as u32,
            f.magic,
            scheme.product_bits() - f.bits,
            f.bits,
            mask_bits(f.piece, f.square)
        ));
    }
    out
}

/// `--kind`'s words: the finder's candidate kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
// No doc comments on the variants (clap would print every help in its long form).
enum KindArg {
    Sparse,
    Dense,
}
