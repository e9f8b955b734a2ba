//! The candidates' distribution: one probability per magic bit, learned from the best
//! candidates of each round (the cross-entropy method): a bit the best candidates agree
//! on is drawn that way more and more often, which is how the finder learns the dense
//! patterns (low bits all ones, a zero byte in the middle) without being told them.

use serde::{Deserialize, Serialize};

use crate::rng::Xorshift64Star;

/// How far a probability may go towards 0 or 1: every bit keeps some chance to flip.
const FLOOR: f64 = 0.02;
/// A bit whose probability is this close to 0 or 1 counts as learned.
const LEARNED: f64 = 0.05;

/// The probability of each bit below the period (bits above it never matter and are
/// drawn as 0).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Model {
    pub(crate) p: Vec<f64>,
}

impl Model {
    /// Every bit below `period` even.
    pub(crate) fn fresh(period: u32) -> Model {
        Model {
            p: (0..64)
                .map(|b| if b < period { 0.5 } else { 0.0 })
                .collect(),
        }
    }

    /// Starts from known magics (of neighbouring squares, say): each bit's probability
    /// is their share of ones, kept off 0 and 1.
    pub(crate) fn from_magics(period: u32, magics: &[u64]) -> Model {
        let mut model = Model::fresh(period);
        if magics.is_empty() {
            return model;
        }
        for b in 0..period.min(64) as usize {
            let ones = magics.iter().filter(|&&m| m >> b & 1 == 1).count();
            model.p[b] = (ones as f64 / magics.len() as f64).clamp(FLOOR, 1.0 - FLOOR);
        }
        model
    }

    /// One candidate.
    #[inline]
    pub(crate) fn draw(&self, rng: &mut Xorshift64Star) -> u64 {
        let mut m = 0u64;
        for (b, &p) in self.p.iter().enumerate() {
            // 53 random bits against the probability: exact for every p kept here.
            let u = (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64);
            if u < p {
                m |= 1 << b;
            }
        }
        m
    }

    /// Moves each probability a share `rate` of the way to the elite's frequency.
    pub(crate) fn learn(&mut self, elite: &[u64], rate: f64) {
        if elite.is_empty() {
            return;
        }
        for (b, p) in self.p.iter_mut().enumerate() {
            if *p == 0.0 {
                continue; // above the period
            }
            let ones = elite.iter().filter(|&&m| m >> b & 1 == 1).count();
            let f = ones as f64 / elite.len() as f64;
            *p = ((1.0 - rate) * *p + rate * f).clamp(FLOOR, 1.0 - FLOOR);
        }
    }

    /// The low bits the model has learned, from bit 0 up to the first it has not
    /// (at most `max`): `(mask, value)`.
    pub(crate) fn learned_low_bits(&self, max: u32) -> (u64, u64) {
        let (mut mask, mut value) = (0u64, 0u64);
        for (b, &p) in self.p.iter().enumerate().take(max as usize) {
            if p >= 1.0 - LEARNED {
                value |= 1 << b;
            } else if p > LEARNED {
                break;
            }
            mask |= 1 << b;
        }
        (mask, value)
    }

    /// The model as one character a bit, bit 63 first: `1` or `0` learned, `.` not.
    pub(crate) fn picture(&self) -> String {
        self.p
            .iter()
            .rev()
            .map(|&p| {
                if p == 0.0 {
                    ' '
                } else if p >= 1.0 - LEARNED {
                    '1'
                } else if p <= LEARNED {
                    '0'
                } else {
                    '.'
                }
            })
            .collect()
    }
}
