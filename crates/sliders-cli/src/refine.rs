//! `sliders refine`: the shared-table search of [`sliders_search::refine`] (issue 14).

use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Duration;

use sliders_search::refine::{refine, Gain, Ingredients, RefineError, RefineOptions, RefineState};

use crate::error::CliError;
use crate::search::{load_verified, parse_duration, read_text, write_output};

/// `sliders refine` arguments.
#[derive(clap::Args)]
pub struct RefineArgs {
    /// The CSV set to start from (fixed-shift, black or offset-in-magic).
    file: PathBuf,
    /// fixed-shift, black or offset-in-magic (default: from the file, as for `verify`).
    #[arg(long)]
    scheme: Option<String>,
    /// Write the best set here (atomically) whenever the table shrinks, and at the end.
    #[arg(long)]
    out: PathBuf,
    /// Save progress here every few seconds; if it exists, continue from it.
    #[arg(long)]
    resume: Option<PathBuf>,
    /// The seed every random choice derives from.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (default: all cores; offset-in-magic runs use one).
    #[arg(long)]
    threads: Option<usize>,
    /// Candidates drawn per square visit (whole chunks of 256; not for offset-in-magic,
    /// see --trials).
    #[arg(long, default_value_t = 4096)]
    candidates: u64,
    /// Stop after this many visits in all (counting a resumed run's).
    #[arg(long)]
    visits: Option<u64>,
    /// Stop after this long: `90s`, `2m`, `1h`, or seconds.
    #[arg(long)]
    time: Option<String>,
    /// No candidates that flip bits of a square's magic.
    #[arg(long)]
    no_mutate: bool,
    /// No fresh random candidates.
    #[arg(long)]
    no_fresh: bool,
    /// No ruin-and-recreate visits.
    #[arg(long)]
    no_ruin: bool,
    /// offset-in-magic sets: candidates tried at each offset (more for the squares whose
    /// valid magics are rare).
    #[arg(long, default_value_t = sliders_search::offset::DEFAULT_TRIALS)]
    trials: u32,
}

/// The largest `--trials` (per offset, before the per-square factor of up to 256): far
/// beyond any useful count, and small enough that the factor cannot overflow.
pub const MAX_TRIALS: u32 = 1 << 20;

/// `--trials` of `refine` and `find --scheme offset-in-magic`: 1 to [`MAX_TRIALS`].
pub fn check_trials(trials: u32) -> Result<(), CliError> {
    if (1..=MAX_TRIALS).contains(&trials) {
        Ok(())
    } else {
        Err(CliError::input(format!(
            "--trials {trials}: expected 1 to {MAX_TRIALS}"
        )))
    }
}

/// A library error as the CLI reports it: which file it concerns, and exit 1 for a
/// failed write, 2 for bad input.
fn refine_error(args: &RefineArgs, e: RefineError) -> CliError {
    let state = || {
        args.resume
            .as_deref()
            .map_or_else(String::new, |p| p.display().to_string())
    };
    match e {
        RefineError::Save(..) => CliError {
            code: 1,
            message: e.to_string(),
        },
        RefineError::StateMismatch(_)
        | RefineError::StateVersion(_)
        | RefineError::StateSet(_)
        | RefineError::StateInvalid(_) => CliError::input(format!("{}: {e}", state())),
        _ => CliError::input(format!("{}: {e}", args.file.display())),
    }
}

pub fn run(args: RefineArgs) -> Result<(), CliError> {
    if args.visits.is_none() && args.time.is_none() {
        return Err(CliError::input(
            "refine needs a budget: --time or --visits (it can always be resumed)",
        ));
    }
    if args.threads == Some(0) {
        return Err(CliError::input("--threads must be at least 1"));
    }
    if args.candidates == 0 {
        return Err(CliError::input("--candidates must be at least 1"));
    }
    check_trials(args.trials)?;
    if args.resume.as_deref() == Some(args.out.as_path()) {
        return Err(CliError::input(
            "--out and --resume name the same file: the set and the state need two",
        ));
    }
    // Another scheme is refused by `refine` itself (`RefineError::Scheme`), named
    // with the file by `refine_error`.
    let (set, _, _) = load_verified(&args.file, args.scheme.as_deref())?;
    let options = RefineOptions {
        seed: args.seed,
        threads: args.threads.unwrap_or(0),
        candidates: args.candidates,
        visits: args.visits,
        time: args
            .time
            .as_deref()
            .map(|t| {
                parse_duration(t).ok_or_else(|| {
                    CliError::input(format!("bad --time '{t}': expected like 90s, 2m, 1h"))
                })
            })
            .transpose()?,
        state_path: args.resume.clone(),
        ingredients: Ingredients {
            mutate: !args.no_mutate,
            fresh: !args.no_fresh,
            ruin: !args.no_ruin,
        },
        trials: args.trials,
    };
    if !(options.ingredients.mutate || options.ingredients.fresh) {
        return Err(CliError::input(
            "--no-mutate and --no-fresh together leave no candidates",
        ));
    }
    let resume = match &args.resume {
        Some(path) if path.exists() => Some(
            serde_json::from_str::<RefineState>(&read_text(path)?)
                .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?,
        ),
        _ => None,
    };
    let bar = if std::io::stderr().is_terminal() {
        let bar = indicatif::ProgressBar::new_spinner();
        bar.enable_steady_tick(Duration::from_millis(200));
        bar
    } else {
        indicatif::ProgressBar::hidden()
    };
    let state = refine(&set, resume, &options, |p| {
        if let Some(csv) = p.improved {
            // A failed write is not fatal here: each later improvement writes the set
            // again, and the end writes it once more and reports a failure then.
            let _ = write_output(Some(&args.out), csv);
        }
        bar.set_message(format!(
            "visit {} · {} entries ({} used) · from {} · {:.0} s",
            p.state.visits, p.entries, p.used, p.state.start_entries, p.state.seconds
        ));
    })
    .map_err(|e| refine_error(&args, e))?;
    bar.finish_and_clear();
    write_output(Some(&args.out), &state.set)?;
    let entries = sliders_search::csv::read_set(&state.set, Some(set.scheme()))
        .ok()
        .and_then(|s| s.verify().ok())
        .map(|r| (r.entries, r.used_entries))
        .ok_or_else(|| CliError {
            code: 1,
            message: "internal error: the refined set does not verify".into(),
        })?;
    let g = |name: &str, gain: Gain| {
        format!("{name} {} visits/{} entries", gain.accepted, gain.entries)
    };
    eprintln!(
        "{}: {} -> {} entries ({} used); {} visits, {} candidates ({} valid), {:.1} s; gains: {}, {}, {}, {}",
        args.file.display(),
        state.start_entries,
        entries.0,
        entries.1,
        state.visits,
        state.drawn,
        state.valid,
        state.seconds,
        g("replace", state.gains.replace),
        g("mutate", state.gains.mutate),
        g("fresh", state.gains.fresh),
        g("ruin", state.gains.ruin),
    );
    Ok(())
}
