//! The loop of a refine run, for either layout: the visits, the progress calls and the
//! saves.

use std::time::Instant;

use crate::csv::write_csv;

use super::layout::Layout;
use super::state::{RefineError, RefineOptions, RefineState, SAVE_EVERY};

/// Progress after a visit, for a display and for keeping the best set.
pub struct Progress<'a> {
    /// The counters (the `set` in it is that of the last save).
    pub state: &'a RefineState,
    /// The current table size.
    pub entries: usize,
    /// Entries in use.
    pub used: usize,
    /// The current set as CSV when this visit lowered the table size.
    pub improved: Option<&'a str>,
}

/// The visits, the progress calls and the saves, for either layout.
pub(super) fn drive<L: Layout>(
    mut run: L,
    options: &RefineOptions,
    mut progress: impl FnMut(&Progress),
) -> Result<RefineState, RefineError> {
    let started = Instant::now();
    let mut last = started;
    let mut saved = started;
    loop {
        if options.visits.is_some_and(|v| run.state().visits >= v)
            || options.time.is_some_and(|t| started.elapsed() >= t)
        {
            break;
        }
        let before = run.size();
        run.visit();
        let now = Instant::now();
        run.state().seconds += (now - last).as_secs_f64();
        last = now;
        let entries = run.size();
        let csv = (entries < before).then(|| write_csv(&run.set()));
        let used = run.used();
        // The caller keeps the improved set before the state moves past it.
        progress(&Progress {
            state: run.state(),
            entries,
            used,
            improved: csv.as_deref(),
        });
        if now - saved >= SAVE_EVERY {
            save(&mut run, options)?;
            saved = now;
        }
    }
    save(&mut run, options)?;
    Ok(run.state().clone())
}

/// Puts the current set into the state and writes the state to the options' path.
fn save<L: Layout>(run: &mut L, options: &RefineOptions) -> Result<(), RefineError> {
    let csv = write_csv(&run.set());
    let state = run.state();
    state.set = csv;
    if let Some(path) = &options.state_path {
        let json = serde_json::to_string_pretty(&*state).expect("a state serialises");
        crate::write_atomic(path, json.as_bytes())
            .map_err(|e| RefineError::Save(path.clone(), e))?;
    }
    Ok(())
}
