//! A certificate of the exhaustive search's "none" ([`super::exhaust`]): its search
//! tree, with a witness at every node it cut, so that a checker that knows nothing of
//! the search (`tools/exhaust-certificate/check.c`) can check the answer the way a DRAT
//! checker checks a solver's.
//!
//! Format (version 1): one header line,
//! `sliders exhaust certificate 1 <piece> <square> <bits> [black] depth <D> cubes <first> <end> of <total>`,
//! then the nodes in preorder. A node `(m, u)` holds the magics whose bits from `u` to
//! the walk's top are `m`'s; the root is `(0, top)`, `top` the period for a fancy
//! question, `Q - 1` for a black one (the mirror, [`super::exhaust`]). The numbers
//! multiplied are the occupancies (fancy) or `(mask ^ o) + 1` (black). Each node is a
//! tag byte:
//!
//! - [`SPLIT`]: its children `(m, u - 1)` and `(m | 1 << (u - 1), u - 1)` follow.
//! - [`REFUTE`], a byte `r`, then `r + 1` occupancies as little-endian `u16`s (their
//!   places among the numbers multiplied, in increasing order): the first one's arc of
//!   products over the node spans `r` index buckets, and each of the others lies
//!   inside one of them, in order, with other attacks than the first. No magic of the
//!   node works.
//! - [`CUBE`]: in the top tree only, a surviving node at level `D`, whose subtree comes
//!   later.
//!
//! The top tree (the walk that lists the cubes) comes first; then the subtrees of cubes
//! `first..end`, in order. A run over all cubes, or shards (`--shard`) whose ranges
//! tile `0..total`, certify "none" for every magic below `2^top`, hence (the period;
//! for black, the rotation and the mirror, and the checker's own test of the middle
//! magic `2^(Q - 1)`) for every magic.

use std::io::Write;

use super::encoding::{IndexScheme, Question};
use super::exhaust::{prepare_certifiable, CubeOutcome};
use super::shard::{self, Shard};
use super::ProveError;

/// The node tags, written by the search's walk.
pub use super::exhaust::{CUBE, REFUTE, SPLIT};

/// Cubes certified between two writes, per thread.
const BATCH_PER_THREAD: usize = 64;

/// What [`certify`] did.
#[derive(Clone, Debug, PartialEq)]
pub struct Certified {
    /// `Some(None)`: every cube of `range` searched without a magic, the certificate
    /// complete. `Some(Some(magic))`: a magic verifies (no certificate of "none").
    /// `None`: stopped before the end (the certificate is incomplete).
    pub answer: Option<Option<u64>>,
    /// All the cubes.
    pub cubes: usize,
    /// The cubes this certificate covers.
    pub range: std::ops::Range<usize>,
    /// Cubes of `range` searched and written, in order.
    pub cubes_done: usize,
    /// Magic bits below the cubes' prefixes.
    pub depth: u32,
    /// Nodes visited in the cubes.
    pub nodes: u64,
    /// Bytes written.
    pub bytes: u64,
}

/// Refuses a question [`certify`] cannot write a certificate for: one out of range.
pub fn check(question: &Question) -> Result<(), ProveError> {
    super::check_question(question)
}

/// Searches `question` as [`super::exhaust::exhaust`] does, over the cubes of
/// `shard` (all without one), writing the certificate to `out`; stops (answer `None`)
/// when `stop()` says so.
pub fn certify(
    question: &Question,
    shard: Option<Shard>,
    threads: usize,
    stop: &(dyn Fn() -> bool + Sync),
    out: &mut dyn Write,
) -> Result<Certified, ProveError> {
    use rayon::prelude::*;
    check(question)?;
    let (ex, depth) = prepare_certifiable(question)?;
    let (cubes, top) = ex.certified_cubes(depth);
    let range = match shard {
        Some(part) => shard::cubes_of(part, cubes.len(), "the exhaustive search")?,
        None => 0..cubes.len(),
    };
    let write_err = |e: std::io::Error| ProveError::Io("writing the certificate".into(), e);
    let header = format!(
        "sliders exhaust certificate 1 {} {} {}{} depth {depth} cubes {} {} of {}\n",
        question.piece.name(),
        question.square,
        question.bits,
        match question.scheme {
            IndexScheme::Fancy => "",
            IndexScheme::Black => " black",
        },
        range.start,
        range.end,
        cubes.len()
    );
    out.write_all(header.as_bytes()).map_err(write_err)?;
    out.write_all(&top).map_err(write_err)?;
    let mut done = Certified {
        answer: None,
        cubes: cubes.len(),
        range: range.clone(),
        cubes_done: 0,
        depth,
        nodes: 0,
        bytes: (header.len() + top.len()) as u64,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| ProveError::Solver(format!("cannot start the threads: {e}")))?;
    let batch = BATCH_PER_THREAD * pool.current_num_threads();
    for chunk in cubes[range].chunks(batch) {
        if stop() {
            return Ok(done);
        }
        let outcomes: Vec<Option<(CubeOutcome, Vec<u8>)>> = pool.install(|| {
            chunk
                .par_iter()
                .map(|&cube| ex.certify_cube(cube, depth, stop))
                .collect()
        });
        for outcome in outcomes {
            let Some((outcome, bytes)) = outcome else {
                return Ok(done); // stopped: the certificate ends before this cube
            };
            done.nodes += outcome.nodes;
            if let Some(magic) = outcome.found {
                super::verify_magic(question, magic)
                    .map_err(|e| ProveError::WrongMagic(magic, e))?;
                done.answer = Some(Some(magic));
                return Ok(done);
            }
            out.write_all(&bytes).map_err(write_err)?;
            done.bytes += bytes.len() as u64;
            done.cubes_done += 1;
        }
    }
    out.flush().map_err(write_err)?;
    done.answer = Some(None);
    Ok(done)
}
