//! The search that aims at the shared table itself (fixed-shift, black and, in the
//! `offset` submodule, offset-in-magic sets).
//!
//! The entries a square uses in a shared table are a pattern, not a range: the holes
//! between them can hold other squares' entries, and equal attack sets may share an
//! entry. [`refine`] keeps a current table and improves it one *visit* at a time:
//!
//! - **square visit**: lift one square out of the table; draw candidate magics for it
//!   (its current magic with one to three bits flipped, or fresh random words), place
//!   each valid one at the lowest offset where its used entries meet only free entries
//!   or equal attack sets, and keep the one that ends lowest (then uses fewest
//!   entries), if it ends lower than the square did (or ends as low with fewer
//!   entries). The square's own magic, placed again, is one of the candidates.
//! - **ruin and recreate**: lift out the squares that end highest (two to eight of
//!   them), put them back one by one the same way, and keep the result if the table
//!   shrank, or kept its size with a lower sum of the squares' ends; otherwise undo it.
//!
//! Which square a visit takes is drawn with a bias to the squares that end highest.
//! Every random choice derives from `(seed, visit number)` and the current set, and
//! candidates come in fixed chunks whose best is chosen in chunk order, so a run gives
//! the same set whatever the thread count, and a run stopped and resumed from its
//! [`RefineState`] gives the same set as one that never stopped. The loop, the state
//! and its checks are shared by both layouts (the crate's `Layout` trait).
//!
//! The modules: `state` (options, counters, the saved state and the checks a resumed
//! run passes), `layout` (the `Layout` trait both layouts implement, ruin and recreate),
//! `drive` (the loop, progress and saves), `fixed` (the fixed-shift and black layout)
//! and `offset` (the offset-in-magic layout). None imports this module or each other
//! in a circle: `fixed` and `offset` use `layout` and `state`, `drive` uses both.

mod drive;
mod fixed;
mod layout;
mod offset;
mod state;

pub use drive::Progress;
pub use fixed::shares_attack_sets;
pub use state::{
    Gain, Gains, Ingredients, RefineError, RefineOptions, RefineState, MAX_STATE_COUNT, SAVE_EVERY,
};

use crate::set::{MagicSet, SchemeKind};
use drive::drive;
use fixed::Run;

/// Refines `set` (or, with `resume`, the state's set) until the options' budget is
/// spent (with neither `visits` nor `time`, until the process is stopped); `progress`
/// is called after every visit, before the state is saved. Returns the final state,
/// whose set is the best table found (the table never grows).
pub fn refine(
    set: &MagicSet,
    resume: Option<RefineState>,
    options: &RefineOptions,
    progress: impl FnMut(&Progress),
) -> Result<RefineState, RefineError> {
    if set.scheme() == SchemeKind::OffsetInMagic {
        drive(
            offset::OffsetRun::new(set, resume, options)?,
            options,
            progress,
        )
    } else {
        drive(Run::new(set, resume, options)?, options, progress)
    }
}
