//! How the long runs' progress looks: the libraries tell an
//! [`Observer`] where they stand, and the CLI draws
//! it here, as lines on stderr or the finder's bar (on a terminal, after a second).

use std::sync::{Arc, Mutex};
use std::time::Duration;

use sliders_search::control::{Event, Observer};

/// A line on stderr for each report of `prove --exhaust`, `prove --cubes` and `dense`
/// (a stderr that cannot be written loses the line and nothing else).
pub fn on_stderr() -> Observer {
    Observer::new(|event| {
        match event {
        Event::Exhaust {
            done,
            cubes,
            nodes,
            elapsed,
        } => crate::io::output::noteln!(
            "exhaust: {done} of {cubes} cubes, {nodes} nodes, {:.0} s",
            elapsed.as_secs_f64()
        ),
        Event::Cubes {
            done,
            cubes,
            proof_bytes,
            elapsed,
        } => crate::io::output::noteln!(
            "cubes: {done} of {cubes}, {proof_bytes} proof bytes, {:.0} s",
            elapsed.as_secs_f64()
        ),
        Event::Dense {
            question,
            round,
            candidates,
            best_collisions,
            best_candidate,
            cubes_walked,
            restarts,
            model,
            seconds,
        } => crate::io::output::noteln!(
            "dense {question}: round {round}, {candidates} candidates ({:.0}/s), best {best_collisions} collisions ({best_candidate}), {cubes_walked} cubes walked, {restarts} restarts, model {model}, {seconds:.0} s",
            candidates as f64 / seconds.max(1e-9)
        ),
        _ => {}
    }
    })
}

/// The finder's progress bar: squares found of all, candidates drawn and the rate per
/// core, drawn on stderr once the run has lasted a second. Cleared when dropped.
pub struct FinderBar {
    bar: Arc<Mutex<Option<indicatif::ProgressBar>>>,
}

impl FinderBar {
    /// The bar and the observer that feeds it.
    pub fn new() -> (FinderBar, Observer) {
        let bar: Arc<Mutex<Option<indicatif::ProgressBar>>> = Arc::new(Mutex::new(None));
        let fed = Arc::clone(&bar);
        let observer = Observer::new(move |event| {
            let Event::Finder {
                found,
                targets,
                candidates,
                elapsed,
                threads,
            } = event
            else {
                return;
            };
            if elapsed < Duration::from_secs(1) {
                return;
            }
            let Ok(mut shown) = fed.lock() else {
                return;
            };
            let bar = shown.get_or_insert_with(|| {
                let bar = indicatif::ProgressBar::new(targets);
                bar.set_style(
                    indicatif::ProgressStyle::with_template(
                        "{elapsed_precise} [{bar:30}] {pos}/{len} squares {msg}",
                    )
                    .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
                    .progress_chars("=> "),
                );
                bar
            });
            bar.set_position(found);
            let rate = candidates as f64 / elapsed.as_secs_f64() / threads.max(1) as f64;
            bar.set_message(format!(
                "{candidates} candidates, {:.2} M/s/core",
                rate / 1e6
            ));
        });
        (FinderBar { bar }, observer)
    }
}

impl Drop for FinderBar {
    fn drop(&mut self) {
        if let Ok(Some(bar)) = self.bar.lock().map(|mut b| b.take()) {
            bar.finish_and_clear();
        }
    }
}
