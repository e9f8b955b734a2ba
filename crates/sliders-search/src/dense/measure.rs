//! The measure the guided finder climbs on: how many occupancies a candidate magic
//! cannot place at the target size. Occupancies are taken in one fixed order; each goes
//! to its index, and one whose entry already holds other attacks counts as a
//! destructive collision. Zero is a magic. The count stops at a limit, so a candidate
//! worse than the ones kept costs only the occupancies it takes to exceed it.

use sliders_core::Bitboard;

use crate::prove::{IndexScheme, Question};

/// A question's keys (the occupancy for fancy, `occupancy | !mask` for black) with the
/// attack class of each, and an epoch table that is never cleared between candidates.
pub(crate) struct Measure {
    keys: Vec<u64>,
    classes: Vec<u16>,
    shift: u32,
    held: Vec<u16>,
    epoch: Vec<u32>,
    now: u32,
}

impl Measure {
    pub(crate) fn new(question: &Question) -> Measure {
        let mask = question.piece.mask(question.square);
        let mut attacks: Vec<Bitboard> = Vec::new();
        let (mut keys, mut classes) = (Vec::new(), Vec::new());
        for occ in mask.subsets() {
            let a = question.piece.attacks(question.square, occ);
            let class = match attacks.iter().position(|&x| x == a) {
                Some(c) => c,
                None => {
                    attacks.push(a);
                    attacks.len() - 1
                }
            };
            keys.push(match question.scheme {
                IndexScheme::Fancy => occ.0,
                IndexScheme::Black => occ.0 | !mask.0,
            });
            classes.push(class as u16);
        }
        Measure {
            keys,
            classes,
            shift: 64 - question.bits,
            held: vec![0; 1 << question.bits],
            epoch: vec![0; 1 << question.bits],
            now: 0,
        }
    }

    /// The destructive collisions of `magic`, counted up to `limit + 1` at most.
    #[inline]
    pub(crate) fn collisions(&mut self, magic: u64, limit: u32) -> u32 {
        self.now = self.now.wrapping_add(1);
        if self.now == 0 {
            self.epoch.fill(0);
            self.now = 1;
        }
        let now = self.now;
        let mut bad = 0;
        for (&key, &class) in self.keys.iter().zip(&self.classes) {
            let i = (key.wrapping_mul(magic) >> self.shift) as usize;
            if self.epoch[i] != now {
                self.epoch[i] = now;
                self.held[i] = class;
            } else if self.held[i] != class {
                bad += 1;
                if bad > limit {
                    break;
                }
            }
        }
        bad
    }

    /// The entries `magic` uses (for a magic, the table's occupancy).
    pub(crate) fn slots_used(&mut self, magic: u64) -> usize {
        let mut seen = vec![false; self.held.len()];
        for &key in &self.keys {
            seen[(key.wrapping_mul(magic) >> self.shift) as usize] = true;
        }
        seen.iter().filter(|&&s| s).count()
    }
}
