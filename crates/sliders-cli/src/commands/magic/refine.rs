//! `sliders refine`: the shared-table search of [`sliders_search::refine`] (issue 14).

use std::path::{Path, PathBuf};
use std::time::Duration;

use sliders_search::refine::{refine, Gain, Ingredients, RefineError, RefineOptions, RefineState};
use sliders_search::SchemeKind;

use super::sets::load_verified;
use crate::io::error::CliError;
use crate::io::files::{read_text, same_file, write_output};
use crate::io::parse;

/// `sliders refine` arguments.
#[derive(clap::Args)]
pub struct RefineArgs {
    /// The CSV set to start from (fixed-shift, black or offset-in-magic).
    file: PathBuf,
    /// fixed-shift, black or offset-in-magic (default: from the file, as for `verify`).
    #[arg(long)]
    scheme: Option<String>,
    /// Write the best set here (atomically) whenever the table shrinks below the set the
    /// file holds, and at the end if still smaller: never a larger set over a smaller one.
    #[arg(long)]
    out: PathBuf,
    /// Save progress here every few seconds; if it exists, continue from it (`--resume`
    /// is the same flag's old name).
    #[arg(long = "state", alias = "resume", value_name = "STATE")]
    resume: Option<PathBuf>,
    /// The seed every random choice derives from.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads, 1 to 1024 (default: all cores; offset-in-magic runs use one).
    #[arg(long, value_parser = parse::threads_at_least_one)]
    threads: Option<usize>,
    /// Candidates drawn per square visit, 1 to 16777216 (whole chunks of 256; not for
    /// offset-in-magic, see --trials).
    #[arg(long, default_value_t = 4096, value_parser = parse::candidates_per_visit)]
    candidates: u64,
    /// Stop after this many visits in all (counting a resumed run's), 1 to 2^62.
    #[arg(long, value_parser = parse::budget)]
    visits: Option<u64>,
    /// Stop after this long: `90s`, `2m`, `1h`, or seconds (at most a year).
    #[arg(long, value_parser = parse::duration)]
    time: Option<Duration>,
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
    /// valid magics are rare), 1 to 1048576.
    #[arg(long, default_value_t = sliders_search::offset::DEFAULT_TRIALS, value_parser = parse::trials)]
    trials: u32,
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
        | RefineError::StateInvalid(_)
        | RefineError::StateCounters(_) => CliError::input(format!("{}: {e}", state())),
        _ => CliError::input(format!("{}: {e}", args.file.display())),
    }
}

pub fn run(args: RefineArgs) -> Result<(), CliError> {
    if args.visits.is_none() && args.time.is_none() {
        return Err(CliError::input(
            "refine needs a budget: --time or --visits (it can always be resumed)",
        ));
    }
    if let Some(resume) = &args.resume {
        if same_file(&args.out, resume) {
            return Err(CliError::input(format!(
                "--out {} and --state {} name the same file: the set and the state need two",
                args.out.display(),
                resume.display()
            )));
        }
    }
    crate::io::files::check_writable(&args.out, "--out", "the set")?;
    if let Some(resume) = &args.resume {
        crate::io::files::check_writable(resume, "--state", "the state")?;
    }
    // Another scheme is refused by `refine` itself (`RefineError::Scheme`), named
    // with the file by `refine_error`.
    let (set, _, _) = load_verified(&args.file, args.scheme.as_deref())?;
    let options = RefineOptions {
        seed: args.seed,
        threads: args.threads.unwrap_or(0),
        candidates: args.candidates,
        visits: args.visits,
        time: args.time,
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
            RefineState::from_json(&read_text(path)?)
                .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?,
        ),
        _ => None,
    };
    let bar = if crate::io::output::stderr_is_terminal() {
        let bar = indicatif::ProgressBar::new_spinner();
        bar.enable_steady_tick(Duration::from_millis(200));
        bar
    } else {
        indicatif::ProgressBar::hidden()
    };
    // The size of the set --out holds: it is only ever replaced by a smaller one, so a
    // resumed run that has not yet found again what an earlier run wrote (the state is
    // saved every 10 s, --out on every gain) cannot set it back.
    let mut held = held_entries(&args.out, set.scheme());
    let smaller = |held: Option<usize>, entries: usize| held.is_none_or(|h| entries < h);
    let state = refine(&set, resume, &options, |p| {
        if let Some(csv) = p.improved {
            // A failed write is not fatal here: each later improvement writes the set
            // again, and the end writes it once more and reports a failure then.
            if smaller(held, p.entries) && write_output(Some(&args.out), csv).is_ok() {
                held = Some(p.entries);
            }
        }
        bar.set_message(format!(
            "visit {} · {} entries ({} used) · from {} · {:.0} s",
            p.state.visits, p.entries, p.used, p.state.start_entries, p.state.seconds
        ));
    })
    .map_err(|e| refine_error(&args, e))?;
    bar.finish_and_clear();
    let entries = sliders_search::csv::read_set(&state.set, Some(set.scheme()))
        .ok()
        .and_then(|s| s.verify().ok())
        .map(|r| (r.entries, r.used_entries))
        .ok_or_else(|| CliError {
            code: 1,
            message: "internal error: the refined set does not verify".into(),
        })?;
    match held {
        Some(h) if !smaller(held, entries.0) => {
            if h < entries.0 {
                crate::io::output::noteln!(
                    "{}: kept: it holds a set of {h} entries, smaller than this run's {}",
                    args.out.display(),
                    entries.0
                );
            }
        }
        _ => write_output(Some(&args.out), &state.set)?,
    }
    let g = |name: &str, gain: Gain| {
        format!("{name} {} visits/{} entries", gain.accepted, gain.entries)
    };
    crate::io::output::noteln!(
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

/// The entries of the set `out` holds, when it holds one of `scheme` that verifies;
/// `None` (it may be replaced) when it does not exist or does not hold such a set.
fn held_entries(out: &Path, scheme: SchemeKind) -> Option<usize> {
    let text = crate::io::input::read_file(out).ok()?;
    let held = sliders_search::csv::read_set(&text, Some(scheme))
        .ok()
        .and_then(|s| s.verify().ok())
        .map(|r| r.entries);
    if held.is_none() {
        crate::io::output::noteln!(
            "{}: does not hold a valid {scheme} set: it will be replaced",
            out.display()
        );
    }
    held
}
