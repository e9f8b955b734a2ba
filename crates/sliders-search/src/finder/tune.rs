//! Tuning the per-(piece, rank) seeds of [`super::TUNED_SEEDS`]: the work of a square's
//! search with a given seed, counted the way the hot loop spends it.

use rayon::prelude::*;
use sliders_core::{RookOrBishop, Square};

use super::seeding::Chunks;
use super::tester::{Folded, Product, Scratch, SquareData, Tester, Wide};
use super::{FindOptions, Target};
use crate::set::{mask_bits, SchemeKind};

/// The extra weight of a tested candidate in [`square_work`].
const TESTED_WEIGHT: u64 = 32;

/// Tunes [`super::TUNED_SEEDS`]: for each (piece, rank), the seed in `1..=max_seed`
/// whose eight squares need the least work ([`square_work`]), with branch and bound.
/// Returns the seeds and each group's work.
pub fn tune_seeds(opts: &FindOptions, max_seed: u64) -> ([u64; 16], [u64; 16]) {
    let groups: Vec<usize> = (0..16).collect();
    let results: Vec<(u64, u64)> = groups
        .par_iter()
        .map(|&g| {
            let piece = RookOrBishop::BOTH[g / 8];
            let rank = g % 8;
            let mut best = (u64::MAX, 0u64);
            for seed in 1..=max_seed {
                let mut cost = 0u64;
                let mut ok = true;
                for file in 0..8 {
                    let square = Square::ALL[rank * 8 + file];
                    let target = Target {
                        piece,
                        square,
                        bits: mask_bits(piece, square),
                    };
                    match square_work(target, opts, seed, best.0.saturating_sub(cost)) {
                        Some(w) if cost + w < best.0 => cost += w,
                        _ => {
                            ok = false;
                            break;
                        }
                    }
                }
                if ok {
                    best = (cost, seed);
                }
            }
            (best.1, best.0)
        })
        .collect();
    let mut seeds = [0u64; 16];
    let mut work = [0u64; 16];
    for (g, (seed, w)) in results.into_iter().enumerate() {
        seeds[g] = seed;
        work[g] = w;
    }
    (seeds, work)
}

/// The work of one square's search with per-square seed `seed` (as
/// [`super::Seeding::Seed`]): `4 x drawn + probes + 32 x tested`, where a probe is one
/// occupancy looked up in the scratch table (a draw costs about four probes), and the
/// tested term makes the tuning prefer fewer tested candidates too. `None` once it
/// passes `cap`.
pub fn square_work(target: Target, opts: &FindOptions, seed: u64, cap: u64) -> Option<u64> {
    match opts.scheme {
        SchemeKind::Fancy32 => work::<Folded>(target, opts, seed, cap),
        _ => work::<Wide>(target, opts, seed, cap),
    }
}

fn work<P: Product>(target: Target, opts: &FindOptions, seed: u64, cap: u64) -> Option<u64> {
    let data = SquareData::new(target.piece, target.square, opts.scheme);
    let tester = Tester::new(&data, target.bits, opts.min_top_popcount);
    let filter = opts.min_top_popcount > 0;
    let mut scratch = Scratch::new();
    let mut probes = scratch.probes();
    let mut cost = 0u64;
    for k in 0.. {
        let mut generator = Chunks::generator(seed, target, k);
        for _ in 0..opts.chunk {
            let magic = opts.kind.draw(&mut generator);
            cost += 4;
            if !filter || tester.passes_filter::<P>(magic) {
                cost += TESTED_WEIGHT;
                match tester.first_collision::<P>(&mut probes, magic) {
                    Some(position) => cost += position as u64 + 1,
                    None => return Some(cost + tester.probes() as u64),
                }
            }
            if cost > cap {
                return None;
            }
        }
    }
    None
}
