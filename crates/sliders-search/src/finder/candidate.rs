//! How a candidate magic is drawn: [`CandidateKind`]. A module of its own because both
//! the chunks that test candidates (`chunk`) and the streams that seed them (`seeding`)
//! draw them, and `seeding` hands chunks their work: here neither imports the other
//! back.

use serde::{Deserialize, Serialize};

use crate::rng::Candidates;

/// How a candidate is drawn from the generator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CandidateKind {
    /// The AND of three outputs (about 8 bits set): Stockfish's.
    Sparse,
    /// One output (about 32 bits set): the published reduced-bit magics are dense.
    Dense,
}

impl CandidateKind {
    /// The next candidate of this kind.
    #[inline(always)]
    pub(super) fn draw<G: Candidates>(self, generator: &mut G) -> u64 {
        match self {
            CandidateKind::Sparse => generator.sparse(),
            CandidateKind::Dense => generator.dense(),
        }
    }
}
