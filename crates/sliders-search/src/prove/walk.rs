//! An exhaustive search over every fancy or black magic below the period, a second way
//! to answer the same question as the SAT formula, sharing no code with it.
//!
//! The magic's bits are fixed from the top of the period down. With the bits from `u`
//! up fixed (`m` those bits, the rest 0), an occupancy `v` (as a number) has its product
//! in `v·m + v·[0, 2^u - 1]`, an arc of `v·(2^u - 1) + 1` values modulo 2^64. When the
//! arc lies inside one index bucket (`2^(64 - bits)` values), the index is known for
//! every completion of the magic; two such occupancies with different attacks in the
//! same bucket rule out the whole subtree. An occupancy whose arc crosses into the next
//! buckets is ruled out, with its subtree, when every bucket it can reach is held by
//! other attacks. Occupancies are taken in increasing order, since small numbers have
//! short arcs: the occupancies of the low squares (high magic bits) are settled first.
//!
//! Black magics index `(occupied | !mask)·m`. An occupancy `o` of the mask shares no bit
//! with `!mask`, so `o | !mask = o + !mask = -((mask ^ o) + 1)` modulo 2^64, and the
//! product is `-(v·m)` with `v = (mask ^ o) + 1`. The top `bits` bits of `-y` are
//! `2^bits - 1` minus those of `y - 1` (for `y = 0` too), a reflection of the index that
//! keeps every collision as it is; and `y - 1` has other top bits than `y` only when `y`
//! is a multiple of the bucket `2^(64 - bits)`, which for an odd `v` means that `m` is,
//! and then for every occupancy alike (a rotation). So the black question is the same
//! walk on the numbers `v`. Its magic bits from `Q = max(64 - bits, fancy period)` up
//! never need a search: `v·2^j` is then `2^j` for every occupancy (`v - 1` is shifted
//! out), a constant multiple of the bucket that only rotates the index. And only half of
//! the magics below `2^Q` need one: `v·(2^Q - m) = 2^Q - v·m` for every `v` (as above),
//! a rotation of the negated products, so `m` works exactly when `2^Q - m` does. The
//! search visits the magics below `2^(Q - 1)`, whose mirrors are the ones above, and
//! `2^(Q - 1)` is its own mirror: its products take at most two values (`v - 1` is
//! shifted to bit 63 or out), so it fails for every real mask, and the search checks
//! that it does (otherwise it visits the whole `2^Q`).
//!
//! That is the default order, [`Order::Ascending`]; [`Order::Descending`] visits 1
//! before 0, and [`Order::LowFirst`] fixes the bits from bit 0 up instead
//! (module `low_first`), for the squares whose mask squares are high.
//!
//!
//! The search is split into cubes: the surviving prefixes with the bits from
//! [`cube_depth`] up fixed, in the search's order. The run driver ([`super::exhaust`])
//! searches them in parallel, keeps its progress in a state file and answers.

use std::collections::HashMap;

use super::encoding::{IndexScheme, Question};
use super::low_first::LowFirst;

/// The order in which the search visits the magics below the period.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Order {
    /// Bits from the top of the period down, 0 before 1: the first magic found is the
    /// smallest.
    #[default]
    Ascending,
    /// Bits from the top down, 1 before 0: the first magic found is the largest. The
    /// published N-1 magics of the rank-7/8 rooks are "negative" (their top bits within
    /// the period are ones), at the far end of the ascending order.
    Descending,
    /// Bits from bit 0 up (module `low_first`): for masks whose squares are high (the
    /// rank-7/8 rooks), whose occupancies the lowest bits settle.
    LowFirst,
}

impl Order {
    /// The order's name as the CLI's flag spells it.
    pub fn name(self) -> &'static str {
        match self {
            Order::Ascending => "ascending",
            Order::Descending => "descending",
            Order::LowFirst => "low-first",
        }
    }

    /// The state files' suffix for the order (none for the default, so older states
    /// still match).
    pub(super) fn suffix(self) -> &'static str {
        match self {
            Order::Ascending => "",
            Order::Descending => " descending",
            Order::LowFirst => " low-first",
        }
    }
}

/// The question, prepared: occupancies in increasing order with their attack classes.
#[derive(Clone, Debug)]
pub struct Exhaust {
    /// The numbers multiplied by the magic (the occupancy, or `(mask ^ o) + 1` for a
    /// black question), in increasing order, with their attack classes.
    occupancies: Vec<(u64, u16)>,
    black: bool,
    bits: u32,
    /// Magic bits visited: the walk covers every magic below `2^period`.
    period: u32,
    /// The answer holds for every magic below `2^covers` (for black questions twice the
    /// magics visited, by the mirror `m ↔ 2^covers - m`), and the bits above never
    /// matter.
    covers: u32,
    order: Order,
    /// For [`Order::LowFirst`]: the prepared search, for cubes of [`cube_depth`].
    low_first: Option<LowFirst>,
    /// The numbers of `occupancies` alone, and their classes alone.
    values: Vec<u64>,
    classes: Vec<u16>,
    /// By level `u`: how many numbers have arcs short enough to be tested there, below
    /// one bucket ([`v_max`]).
    fresh_end: [u32; 65],
    /// By level `u`: where its fresh occupancies start ([`Exhaust::fresh`]).
    fresh_from: [u32; 65],
    /// How the walk keeps its buckets: by the number of attack classes ([`Held`]).
    held: Buckets,
    /// Bits every visited magic has: `(mask, value)`, no bit forced by default. A walk
    /// with forced bits covers only the magics that have them ([`Exhaust::forcing`]).
    forced: (u64, u64),
    /// With [`Order::Ascending`], the bits visited 1 before 0 ([`Exhaust::preferring`]);
    /// none by default. The walk covers the same magics in another order.
    ones_first: u64,
}

/// What searching below one prefix found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CubeOutcome {
    /// A magic that maps every occupancy without a destructive collision.
    pub found: Option<u64>,
    /// Nodes visited (prefixes tested).
    pub nodes: u64,
}

/// With `CERT`, the walk writes a certificate. Its bookkeeping is compiled out of the
/// plain search, which ran 6 to 12 % slower with it in (rook b2, the cubes of shard
/// 0/4000, one thread, Zen 3).
struct Walk<'a, const CERT: bool, S: Held> {
    ex: &'a Exhaust,
    /// What each bucket holds ([`Held`]).
    slot: Vec<S>,
    /// Each occupancy's number and key ([`Held::key`]), in the order of `occupancies`:
    /// side by side, so that a pending occupancy's test reads one place.
    keys: Vec<(u64, S)>,
    /// The buckets the nodes on the path took, each node's above its parent's: freed
    /// as each node is left. Its first `undone` entries are in use; it has room for
    /// one bucket per occupancy and one more (a test writes the next entry whether it
    /// takes a bucket or not).
    undo: Vec<u16>,
    undone: usize,
    /// The occupancies whose arcs spanned two buckets at the nodes on the path, each
    /// node's above its parent's: its children test them again. Each is kept as its
    /// number, key and place in `occupancies`, so that its test reads no other table
    /// (6 % of the time, docs/journal/exhaustive-walk.md). Grown as needed (each
    /// node's part is at most the occupancies it tests); only the ranges the nodes
    /// hand down are in use.
    pending: Vec<(u64, S, u16)>,
    nodes: u64,
    found: Option<u64>,
    /// Visit only the prefixes of this cube above its depth.
    path: Option<(u64, u32)>,
    /// Asked now and then: true abandons the walk.
    halt: &'a dyn Fn() -> bool,
    /// The walk was abandoned.
    halted: bool,
    /// The walk was abandoned or found a magic: it visits no more nodes.
    stopped: bool,
    /// When writing a certificate: the nodes of these levels go to it.
    cert: Option<Certifying>,
    /// The occupancy (its place in `occupancies`) whose class each held slot has: a
    /// certificate's witness (all 2^16 entries with `CERT`, none without).
    holder: Vec<u16>,
    /// By level: the nodes tested by [`Walk::fails_fresh`] before their visit, and
    /// those found to fail.
    prechecked: [(u32, u32); 65],
}

/// The largest number `v` whose arc at level `u` (the magic's bits from `u` up fixed)
/// is shorter than one bucket of a `bits`-bit index (`REACH`): `v·(2^u - 1) < 2^(64 -
/// bits)`.
fn v_max(u: u32, bits: u32) -> u64 {
    let span = if u >= 64 { u64::MAX } else { (1u64 << u) - 1 };
    match span {
        0 => u64::MAX,
        _ => ((1u64 << (64 - bits)) - 1) / span,
    }
}

/// The buckets where the arc of number `v` starts and ends at a node `m` whose free bits
/// span `span` (`2^u - 1`), for an index of `64 - shift` bits: `v·m` and `v·m + v·span`,
/// each shifted. Within one bucket when the two are equal; else over two (the arc is
/// shorter than a bucket, [`v_max`]), the last and bucket 0 when it wraps past 2^64.
#[inline(always)]
fn arc(v: u64, m: u64, span: u64, shift: u32) -> (usize, usize) {
    let lo = v.wrapping_mul(m);
    (
        (lo >> shift) as usize,
        (lo.wrapping_add(v.wrapping_mul(span)) >> shift) as usize,
    )
}

/// A certificate's node tag ([`super::certificate`]): the node is split, its two
/// children follow.
pub const SPLIT: u8 = 0;
/// A certificate's node tag: the node is cut, a witness follows.
pub const REFUTE: u8 = 1;
/// A certificate's node tag: a cube of the top tree, its subtree later.
pub const CUBE: u8 = 2;

/// A certificate being written ([`super::certificate`]): the visited nodes of the levels
/// in `levels`, in preorder.
struct Certifying {
    out: Vec<u8>,
    levels: std::ops::RangeInclusive<u32>,
}

/// What a walk over one cube (or the listing) gave.
struct Ran {
    outcome: CubeOutcome,
    halted: bool,
    /// The certificate's bytes (none unless asked).
    cert: Vec<u8>,
}

/// How a walk keeps its buckets ([`Held`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Buckets {
    Bits64,
    Bits128,
    Classes,
}

/// What a bucket holds, as the walk keeps it. The test of an occupancy asks whether
/// either of the (one or two) buckets its arc can reach has room for its attacks:
/// kept as a bit set of the attack classes a bucket has no room for (0 when free, all
/// but its class when held: [`u64`] or [`u128`] for questions of up to 64 or 128
/// classes), that is one AND of the two buckets' sets with the occupancy's bit, where
/// the class itself ([`Class`], any number of classes) takes four comparisons.
/// Measured on rook g2 9 (36 classes), the sample of `--estimate 10 --seed 5`: see
/// docs/journal/exhaustive-walk.md.
trait Held: Copy + PartialEq {
    /// A free bucket.
    const FREE: Self;
    /// The key of an occupancy of attack class `class`.
    fn key(class: u16) -> Self;
    /// What a bucket holds once the occupancy of `key` is placed in it.
    fn taken(key: Self) -> Self;
    /// Whether neither `a` nor `b` (the same bucket twice for an arc within one) has
    /// room for the occupancy of `key`.
    fn blocks(a: Self, b: Self, key: Self) -> bool;
}

impl Held for u64 {
    const FREE: u64 = 0;
    fn key(class: u16) -> u64 {
        1 << class
    }
    fn taken(key: u64) -> u64 {
        !key
    }
    #[inline(always)]
    fn blocks(a: u64, b: u64, key: u64) -> bool {
        a & b & key != 0
    }
}

impl Held for u128 {
    const FREE: u128 = 0;
    fn key(class: u16) -> u128 {
        1 << class
    }
    fn taken(key: u128) -> u128 {
        !key
    }
    #[inline(always)]
    fn blocks(a: u128, b: u128, key: u128) -> bool {
        a & b & key != 0
    }
}

/// A bucket's attack class, [`FREE`] when none: for questions of any number of classes.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Class(u16);

impl Held for Class {
    const FREE: Class = Class(FREE);
    fn key(class: u16) -> Class {
        Class(class)
    }
    fn taken(key: Class) -> Class {
        key
    }
    #[inline(always)]
    fn blocks(a: Class, b: Class, key: Class) -> bool {
        let room = |held: Class| held == Class::FREE || held == key;
        !(room(a) | room(b))
    }
}

/// Nodes between two questions to [`Walk::halt`].
const HALT_EVERY: u64 = 1 << 16;

const FREE: u16 = u16::MAX;

/// How long an arc (in bucket lengths) may be and still be tested for room: 1, so an
/// arc over two buckets. Longer arcs prune more nodes but cost more per node (measured
/// on rook b2: 1 length, 374 cubes/s; 2, 266; 4, 153; 16, 150). [`Walk::visit`]'s
/// arithmetic is written for this length alone (an arc within 64 bits, over at most
/// two buckets).
const REACH: u128 = 1;
const _: () = assert!(REACH == 1);

impl Exhaust {
    /// Prepares `question` (fancy or black, see the module's text); `None` unless it
    /// has 1 to 16 index bits.
    pub fn new(question: &Question) -> Option<Exhaust> {
        if !(1..=16).contains(&question.bits) {
            return None;
        }
        let black = question.scheme == IndexScheme::Black;
        let mask = question.piece.mask(question.square);
        let mut classes: HashMap<u64, u16> = HashMap::new();
        let mut occupancies: Vec<(u64, u16)> = mask
            .subsets()
            .map(|occ| {
                let attacks = question.piece.attacks(question.square, occ).0;
                let next = classes.len() as u16;
                let value = if black { (mask.0 ^ occ.0) + 1 } else { occ.0 };
                (value, *classes.entry(attacks).or_insert(next))
            })
            .collect();
        occupancies.sort_unstable();
        let fancy_period = Question {
            scheme: IndexScheme::Fancy,
            ..*question
        }
        .period_bits();
        let covers = if black {
            fancy_period.max(64 - question.bits)
        } else {
            fancy_period
        };
        let fresh_end = core::array::from_fn(|u| {
            let most = v_max(u as u32, question.bits);
            occupancies.partition_point(|&(v, _)| v <= most) as u32
        });
        let mut ex = Exhaust {
            values: occupancies.iter().map(|&(v, _)| v).collect(),
            classes: occupancies.iter().map(|&(_, class)| class).collect(),
            occupancies,
            black,
            bits: question.bits,
            period: covers,
            covers,
            order: Order::Ascending,
            low_first: None,
            fresh_end,
            fresh_from: [0; 65],
            held: match classes.len() {
                0..=64 => Buckets::Bits64,
                65..=128 => Buckets::Bits128,
                _ => Buckets::Classes,
            },
            forced: (0, 0),
            ones_first: 0,
        };
        // The black mirror halves the walk unless its middle magic works (module text).
        if black && !works(&ex, 1 << (covers - 1)) {
            ex.period = covers - 1;
        }
        ex.fresh_from = core::array::from_fn(|u| match u >= ex.period as usize {
            true => 0,
            false => ex.fresh_end[u + 1],
        });
        Some(ex)
    }

    /// Visits the magics in `order` (the cubes come in that order too, and the first
    /// magic found is the first in it). `None` for [`Order::LowFirst`] on a black
    /// question, whose products have no low bits settled before the rest.
    pub fn order(mut self, order: Order) -> Option<Exhaust> {
        if order == Order::LowFirst && self.black {
            return None;
        }
        self.order = order;
        self.low_first =
            (order == Order::LowFirst).then(|| self.prepare_low_first(cube_depth(&self)));
        Some(self)
    }

    /// The search from bit 0 up, with a step boundary where cubes of `depth` start.
    fn prepare_low_first(&self, depth: u32) -> LowFirst {
        LowFirst::new(
            &self.occupancies,
            self.bits,
            self.period,
            self.period - depth,
        )
    }

    /// Calls `f` with the search from bit 0 up for cubes of `depth` (the prepared one
    /// for the run's own depth, another for another depth).
    fn with_low_first<T>(&self, depth: u32, f: impl FnOnce(&LowFirst) -> T) -> T {
        match &self.low_first {
            Some(low) if depth == cube_depth(self) => f(low),
            _ => f(&self.prepare_low_first(depth)),
        }
    }

    /// The same walk restricted to the magics whose bits under `mask` are `value`'s: a
    /// search of part of the space (the guided finder's), whose "none" says nothing of
    /// the magics outside it. The top-down orders only (`None` for
    /// [`Order::LowFirst`]); bits at or above the period are ignored.
    pub fn forcing(mut self, mask: u64, value: u64) -> Option<Exhaust> {
        if self.order == Order::LowFirst {
            return None;
        }
        let within = if self.period >= 64 {
            !0
        } else {
            (1u64 << self.period) - 1
        };
        self.forced = (mask & within, value & mask & within);
        Some(self)
    }

    /// The same walk visiting the bits of `ones` 1 before 0 (the others 0 before 1): a
    /// walk cut short (the guided finder's budget) sees those values first. The
    /// top-down orders only (`None` for [`Order::LowFirst`]).
    pub fn preferring(mut self, ones: u64) -> Option<Exhaust> {
        if self.order == Order::LowFirst {
            return None;
        }
        self.ones_first = ones;
        Some(self)
    }

    /// Magic bits that are searched (bits `0..period`): the question's period for a
    /// fancy question; for a black one [`Exhaust::covers`] less one (the mirror).
    pub fn period(&self) -> u32 {
        self.period
    }

    /// The answer holds for every magic below `2^covers`, and the bits from `covers` up
    /// never matter: the period for a fancy question, `max(64 - bits, fancy period)` for
    /// a black one.
    pub fn covers(&self) -> u32 {
        self.covers
    }

    fn walk<const CERT: bool, S: Held>(&self) -> Walk<'_, CERT, S> {
        Walk {
            ex: self,
            slot: vec![S::FREE; 1 << self.bits],
            keys: (self.values.iter().zip(&self.classes))
                .map(|(&v, &class)| (v, S::key(class)))
                .collect(),
            undo: vec![0; self.values.len() + 1],
            undone: 0,
            pending: Vec::new(),
            nodes: 0,
            found: None,
            path: None,
            halt: &|| false,
            halted: false,
            stopped: false,
            cert: None,
            holder: if CERT {
                vec![0; 1 << self.bits]
            } else {
                Vec::new()
            },
            prechecked: [(0, 0); 65],
        }
    }

    /// Runs a walk from the root, keeping buckets as [`Exhaust::held`] says: visits
    /// the prefixes of `path` (a cube and its depth) only when given, asks `halt` now
    /// and then, writes the levels `cert` names to it, and descends below a surviving
    /// node when `go(m, u)` says so.
    fn run<const CERT: bool>(
        &self,
        path: Option<(u64, u32)>,
        halt: &dyn Fn() -> bool,
        cert: Option<Certifying>,
        go: &mut impl FnMut(u64, u32) -> bool,
    ) -> Ran {
        match self.held {
            Buckets::Bits64 => self.run_as::<CERT, u64>(path, halt, cert, go),
            Buckets::Bits128 => self.run_as::<CERT, u128>(path, halt, cert, go),
            Buckets::Classes => self.run_as::<CERT, Class>(path, halt, cert, go),
        }
    }

    fn run_as<const CERT: bool, S: Held>(
        &self,
        path: Option<(u64, u32)>,
        halt: &dyn Fn() -> bool,
        cert: Option<Certifying>,
        go: &mut impl FnMut(u64, u32) -> bool,
    ) -> Ran {
        let mut walk = self.walk::<CERT, S>();
        walk.path = path;
        walk.halt = halt;
        walk.cert = cert;
        walk.visit::<true, _>(0, self.period, 0..0, go);
        Ran {
            outcome: CubeOutcome {
                found: walk.found,
                nodes: walk.nodes,
            },
            halted: walk.halted,
            cert: walk.cert.map(|c| c.out).unwrap_or_default(),
        }
    }

    /// The same walk keeping each bucket's attack class rather than a bit set of the
    /// classes it has no room for ([`Held`]): the plain way, for the tests that
    /// compare the two. Every question can be walked so.
    #[doc(hidden)]
    pub fn with_plain_buckets(mut self) -> Exhaust {
        self.held = Buckets::Classes;
        self
    }

    /// The occupancies (their places) first tested at level `u`: those whose arcs are
    /// short enough there and were not at the level above (all of them up to
    /// `v_max[u]` at the root). The walk descends only below a node whose tests all
    /// passed, so a node's fresh occupancies follow its parent's.
    #[inline(always)]
    fn fresh(&self, u: u32) -> std::ops::Range<usize> {
        let u = u as usize;
        self.fresh_from[u] as usize..self.fresh_end[u] as usize
    }

    /// The prefixes with the magic's bits from `depth` up fixed that survive the
    /// pruning, in the search's order: the cubes. Their subtrees cover every magic below
    /// the period that can work. `depth` is taken as at least 1 and at most the period.
    /// For [`Order::LowFirst`], the values of the bits below `period - depth` instead.
    pub fn cubes(&self, depth: u32) -> Vec<u64> {
        let depth = depth.clamp(1, self.period.max(1));
        if self.order == Order::LowFirst {
            return self.with_low_first(depth, |low| low.cubes());
        }
        self.list_cubes::<false>(depth).0
    }

    /// The cubes at `depth` (taken as at least 1 and at most the period), and with
    /// `CERT` the certificate of the walk that lists them: the top tree of
    /// [`super::certificate`], its open leaves the cubes.
    fn list_cubes<const CERT: bool>(&self, depth: u32) -> (Vec<u64>, Vec<u8>) {
        let depth = depth.clamp(1, self.period.max(1));
        let cert = CERT.then(|| Certifying {
            out: Vec::new(),
            levels: depth..=self.period,
        });
        let mut out = Vec::new();
        let ran = self.run::<CERT>(None, &|| false, cert, &mut |m, u| {
            if u == depth {
                out.push(m);
                false
            } else {
                true
            }
        });
        (out, ran.cert)
    }

    /// For a certificate ([`super::certificate`]): the cubes at `depth` and the top
    /// tree that lists them. The ascending order only (the certificate's children come
    /// 0 first): [`prepare_certifiable`] gives such a search.
    pub(super) fn certified_cubes(&self, depth: u32) -> (Vec<u64>, Vec<u8>) {
        debug_assert_eq!(self.order, Order::Ascending);
        self.list_cubes::<true>(depth)
    }

    /// [`Exhaust::search_cube_until`] writing the cube's subtree, from its node at
    /// `depth` down, as a certificate ([`super::certificate`]); `None` when halted.
    pub(super) fn certify_cube(
        &self,
        cube: u64,
        depth: u32,
        halt: &dyn Fn() -> bool,
    ) -> Option<(CubeOutcome, Vec<u8>)> {
        debug_assert_eq!(self.order, Order::Ascending);
        let depth = depth.clamp(1, self.period.max(1));
        let cert = Some(Certifying {
            out: Vec::new(),
            levels: 0..=depth,
        });
        let ran = self.run::<true>(Some((cube, depth)), halt, cert, &mut |_, _| true);
        (!ran.halted).then_some((ran.outcome, ran.cert))
    }

    /// Searches every magic whose bits from `depth` up are `cube`'s; stops at the first
    /// magic that works.
    pub fn search_cube(&self, cube: u64, depth: u32) -> CubeOutcome {
        self.search_cube_until(cube, depth, &|| false)
            .expect("never halted")
    }

    /// [`Exhaust::search_cube`], abandoned (`None`) as soon as `halt()` says so; it is
    /// asked every 65,536 nodes, so a time limit or a stop request ends even a cube of
    /// billions of nodes within milliseconds.
    pub fn search_cube_until(
        &self,
        cube: u64,
        depth: u32,
        halt: &dyn Fn() -> bool,
    ) -> Option<CubeOutcome> {
        if self.order == Order::LowFirst {
            let depth = depth.clamp(1, self.period.max(1));
            return self
                .with_low_first(depth, |low| low.search_cube_until(cube, halt))
                .map(|(found, nodes)| CubeOutcome { found, nodes });
        }
        let path = Some((cube, depth.min(self.period)));
        let ran = self.run::<false>(path, halt, None, &mut |_, _| true);
        (!ran.halted).then_some(ran.outcome)
    }
}

impl<const CERT: bool, S: Held> Walk<'_, CERT, S> {
    /// Visits the node with the bits from `u` up fixed to `m`'s; `inherited` is the
    /// parent's part of `pending` (retested here), and the stack above it is free for
    /// this node's own part. `go(m, u)` says whether to descend below a surviving node.
    ///
    /// The tests are those of the plain walk, in its order: the parent's pending
    /// occupancies, then the fresh ones (those whose arcs became short enough at this
    /// level, [`Exhaust::fresh`]), each until the first that collides; so the tree,
    /// the node counts and a certificate's witnesses are the same whichever way the
    /// tests are computed.
    ///
    /// With `CHECKS`, the node is first checked against the cube's prefix and the
    /// forced bits; without, the caller knows that it passes both (it is below the
    /// cube's depth, and no forced bit is left below its parent).
    ///
    /// Without a certificate, a child with fresh occupancies may first be tested
    /// without taking buckets ([`Walk::fails_fresh`]): one found to fail is counted
    /// and not visited, the leaf its visit would have been.
    fn visit<const CHECKS: bool, F: FnMut(u64, u32) -> bool>(
        &mut self,
        m: u64,
        u: u32,
        inherited: std::ops::Range<usize>,
        go: &mut F,
    ) {
        if self.stopped {
            return;
        }
        if CHECKS {
            if let Some((cube, depth)) = self.path {
                if u >= depth && m >> u != cube >> u {
                    return;
                }
            }
            let (forced_mask, forced_value) = self.ex.forced;
            if u < 64 && (m ^ forced_value) & forced_mask >> u << u != 0 {
                return;
            }
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(HALT_EVERY) && (self.halt)() {
            self.halted = true;
            self.stopped = true;
            return;
        }
        let ex = self.ex;
        // An arc's length less one, `v·span`, with `span = 2^u - 1`; an occupancy is
        // tested while it is below one bucket (`REACH`), that is while `v <= v_max`.
        // Then `v·span` fits in 64 bits and the arc ends in the bucket it starts in or
        // in the next one (modulo the table: an arc that wraps past 2^64 starts in the
        // last bucket and ends in bucket 0), so the test needs no 128-bit arithmetic.
        let span = if u >= 64 { u64::MAX } else { (1u64 << u) - 1 };
        let shift = 64 - ex.bits;
        let fresh = ex.fresh(u);
        // This node's own pending occupancies go above the parent's: at most one for
        // each occupancy it tests, and one more for the test that writes past the end.
        let own_from = inherited.end;
        let need = own_from + inherited.len() + fresh.len() + 1;
        if self.pending.len() < need {
            self.pending
                .resize(need.next_power_of_two(), (0, S::FREE, 0));
        }
        let undo_from = self.undone;
        let mut placed = undo_from;
        let mut own = 0;
        // Why the node fails, for a certificate: the occupancy, then the holders of
        // the buckets its arc can reach.
        let mut witness = [0u16; 1 + REACH as usize + 1];
        let mut witnesses = 0;
        let ok = 'tests: {
            let (parents, mine) = self.pending.split_at_mut(own_from);
            let slot = &mut self.slot[..];
            let keys = &self.keys[..];
            let undo = &mut self.undo[..];
            let holder = &mut self.holder[..];
            // Places occupancy `i` (`v`, `class`): within one bucket the index is known
            // and the bucket must be free (it is taken) or hold the same attacks; over
            // two (the last and bucket 0 when the arc wraps past 2^64) one of them must,
            // and the occupancy is tested again below. Ends the tests, failed, when it
            // collides. (`place_even!` below is the same test without a branch on the
            // arc's case.)
            macro_rules! place {
                ($i:expr, $v:expr, $key:expr) => {{
                    let (i, v, key): (usize, u64, S) = ($i, $v, $key);
                    let (first, last) = arc(v, m, span, shift);
                    debug_assert!(first.max(last) < slot.len());
                    // SAFETY: `first` and `last` are 64-bit numbers shifted right by
                    // `64 - bits`, so below `2^bits`, the length of `slot`.
                    let (a, b) = unsafe { (*slot.get_unchecked(first), *slot.get_unchecked(last)) };
                    let single = first == last;
                    // One bucket: `a == b`; two: either may have room.
                    if S::blocks(a, b, key) {
                        if CERT {
                            witness = if single {
                                [i as u16, holder[first], 0]
                            } else {
                                [i as u16, holder[first], holder[last]]
                            };
                            witnesses = if single { 2 } else { 3 };
                        }
                        break 'tests false;
                    }
                    if single {
                        if a == S::FREE {
                            if CERT {
                                holder[first] = i as u16;
                            }
                            // SAFETY: as above for `first`. `placed` counts the buckets
                            // taken on the path, each by another occupancy, so it is
                            // below the number of occupancies, and `undo` has one more.
                            unsafe {
                                *slot.get_unchecked_mut(first) = S::taken(key);
                                *undo.get_unchecked_mut(placed) = first as u16;
                            }
                            placed += 1;
                        }
                    } else {
                        // SAFETY: `own` counts this node's tests so far, and `mine` has
                        // room for all of them and one more (`need` above).
                        unsafe {
                            *mine.get_unchecked_mut(own) = (v, key, i as u16);
                        }
                        own += 1;
                    }
                }};
            }
            // `place!` without a branch on the arc's case, for the walk without a
            // certificate: a pending occupancy's arc falls within one bucket at about
            // every other node, a branch no predictor can learn. The bucket `first` is
            // written in both cases (with what it held when the occupancy does not
            // take it), and the undo and pending stacks are written in both and grow
            // only in their case.
            macro_rules! place_even {
                ($i:expr, $v:expr, $key:expr) => {{
                    let (i, v, key): (usize, u64, S) = ($i, $v, $key);
                    let (first, last) = arc(v, m, span, shift);
                    debug_assert!(first.max(last) < slot.len());
                    // SAFETY: as in `place!`.
                    let (a, b) = unsafe { (*slot.get_unchecked(first), *slot.get_unchecked(last)) };
                    if S::blocks(a, b, key) {
                        break 'tests false;
                    }
                    let single = first == last;
                    let take = single & (a == S::FREE);
                    // SAFETY: as in `place!` for `first`, `placed` and `own`.
                    unsafe {
                        *slot.get_unchecked_mut(first) = if take { S::taken(key) } else { a };
                        *undo.get_unchecked_mut(placed) = first as u16;
                        *mine.get_unchecked_mut(own) = (v, key, i as u16);
                    }
                    placed += usize::from(take);
                    own += usize::from(!single);
                }};
            }
            for &(v, key, i) in &parents[inherited.clone()] {
                let i = usize::from(i);
                if CERT {
                    place!(i, v, key);
                } else {
                    place_even!(i, v, key);
                }
            }
            for (k, &(v, key)) in keys[fresh.clone()].iter().enumerate() {
                place!(fresh.start + k, v, key);
            }
            true
        };
        self.undone = placed;
        if ok && u == 0 {
            self.found = Some(m);
            self.stopped = true;
        }
        let descend = ok && u != 0 && go(m, u);
        let cert = match self.cert.as_mut() {
            Some(cert) if CERT && cert.levels.contains(&u) => Some(cert),
            _ => None,
        };
        if let Some(cert) = cert {
            if !ok {
                cert.out.extend([REFUTE, witnesses as u8 - 1]);
                for w in &witness[..witnesses] {
                    cert.out.extend(w.to_le_bytes());
                }
            } else if descend {
                cert.out.push(SPLIT);
            } else if u != 0 {
                cert.out.push(CUBE); // a cube of the listing
            }
        }
        if descend {
            let below = u - 1;
            let mine = own_from..own_from + own;
            let (zero, one) = (m, m | 1 << below);
            let ones_first = ex.order == Order::Descending || ex.ones_first >> below & 1 == 1;
            let (first, second) = if ones_first { (one, zero) } else { (zero, one) };
            // The children need the checks while the cube's prefix or a forced bit
            // is at or below their level.
            let checks = CHECKS
                && (self.path.is_some_and(|(_, depth)| below >= depth) || ex.forced.0 & span != 0);
            if checks {
                self.visit::<true, F>(first, below, mine.clone(), go);
                self.visit::<true, F>(second, below, mine, go);
            } else if CERT || ex.fresh(below).is_empty() {
                self.visit::<false, F>(first, below, mine.clone(), go);
                self.visit::<false, F>(second, below, mine, go);
            } else {
                for child in [first, second] {
                    if self.stopped {
                        break;
                    }
                    if self.precheck(below) && self.fails_fresh_counted(child, below) {
                        // The child fails its own tests: a leaf, counted as its visit
                        // would count it.
                        self.nodes += 1;
                        if self.nodes.is_multiple_of(HALT_EVERY) && (self.halt)() {
                            self.halted = true;
                            self.stopped = true;
                        }
                    } else {
                        self.visit::<false, F>(child, below, mine.clone(), go);
                    }
                }
            }
        }
        let slot = &mut self.slot[..];
        for &s in &self.undo[undo_from..placed] {
            debug_assert!(usize::from(s) < slot.len());
            // SAFETY: `undo` holds buckets `place!` took, each below the length of
            // `slot` (see there).
            unsafe {
                *slot.get_unchecked_mut(usize::from(s)) = S::FREE;
            }
        }
        self.undone = undo_from;
    }

    /// Whether to test a node of level `u` with [`Walk::fails_fresh`] before visiting
    /// it: while at least half of such tests at that level have found a failing node
    /// (a test that does not costs its tests twice), and at one node in 32 whatever
    /// the rate, so that a level whose rate rises is tested again.
    #[inline(always)]
    fn precheck(&self, u: u32) -> bool {
        let (tried, failed) = self.prechecked[u as usize];
        tried < 64 || u64::from(failed) * 2 >= u64::from(tried) || self.nodes.is_multiple_of(32)
    }

    /// [`Walk::fails_fresh`], counted for [`Walk::precheck`].
    #[inline(always)]
    fn fails_fresh_counted(&mut self, m: u64, u: u32) -> bool {
        let fails = self.fails_fresh(m, u);
        let (tried, failed) = &mut self.prechecked[u as usize];
        if *tried == u32::MAX {
            (*tried, *failed) = (*tried / 2, *failed / 2);
        }
        *tried += 1;
        *failed += u32::from(fails);
        fails
    }

    /// Whether the node `m` at level `u` fails one of its fresh tests against the
    /// buckets held now, tested without taking any. The node's own tests see these
    /// buckets and more, so a node found to fail here fails there too: skipping its
    /// visit leaves the tree as it was.
    #[inline(always)]
    fn fails_fresh(&self, m: u64, u: u32) -> bool {
        let ex = self.ex;
        let shift = 64 - ex.bits;
        let span = if u >= 64 { u64::MAX } else { (1u64 << u) - 1 };
        let slot = &self.slot[..];
        self.keys[ex.fresh(u)].iter().any(|&(v, key)| {
            let (first, last) = arc(v, m, span, shift);
            debug_assert!(first.max(last) < slot.len());
            // SAFETY: 64-bit numbers shifted right by `64 - bits`, below `2^bits`, the
            // length of `slot`.
            unsafe { S::blocks(*slot.get_unchecked(first), *slot.get_unchecked(last), key) }
        })
    }
}

/// Whether `magic` maps `ex`'s occupancies without a destructive collision: the search's
/// own leaf test (on its numbers, for a black question a reflection or rotation of the
/// index), for its tests.
pub fn works(ex: &Exhaust, magic: u64) -> bool {
    let shift = 64 - ex.bits;
    let mut slot = vec![FREE; 1 << ex.bits];
    ex.occupancies.iter().all(|&(v, class)| {
        let s = (v.wrapping_mul(magic) >> shift) as usize;
        let held = slot[s];
        slot[s] = class;
        held == FREE || held == class
    })
}

/// Magic bits the cubes fix below the top of the period: at most 2^20 cubes, listed by a
/// walk of at most 2^21 nodes (a listing does not stop at a magic, so its tree must stay
/// small), their progress saved to the state file at most a second after a batch ends.
const CUBE_BITS: u32 = 20;

/// The depth of the cubes: [`CUBE_BITS`] below the top, at least 1.
pub(super) fn cube_depth(ex: &Exhaust) -> u32 {
    ex.period().saturating_sub(CUBE_BITS).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sliders_core::{RookOrBishop, Square};

    /// Walks `cube` of `q` (at [`cube_depth`]) and returns, by level, the children the
    /// pre-test tried and found to fail.
    fn prechecked(q: &Question, cube_index: usize) -> ([(u32, u32); 65], CubeOutcome) {
        let ex = Exhaust::new(q).unwrap();
        let depth = cube_depth(&ex);
        let cube = ex.cubes(depth)[cube_index];
        let mut walk = ex.walk::<false, u64>();
        walk.path = Some((cube, depth));
        walk.visit::<true, _>(0, ex.period, 0..0, &mut |_, _| true);
        let outcome = CubeOutcome {
            found: walk.found,
            nodes: walk.nodes,
        };
        (walk.prechecked, outcome)
    }

    #[test]
    fn the_pre_test_finds_children_that_fail_and_children_that_pass() {
        // Rook g2's cubes: the children of level 10 die at their first fresh tests, the
        // ones of level 18 mostly live. Both outcomes must be met, or the pre-test (and
        // `tests/walk.rs`'s node-for-node check of it) shows nothing.
        let q = Question {
            piece: RookOrBishop::Rook,
            square: Square::G2,
            bits: 9,
            scheme: IndexScheme::Fancy,
        };
        let (by_level, outcome) = prechecked(&q, 900_000);
        assert!(outcome.nodes > 1 << 16, "{outcome:?}");
        assert!(
            by_level.iter().any(|&(_, failed)| failed > 0),
            "{by_level:?}"
        );
        assert!(
            by_level.iter().any(|&(tried, failed)| tried > failed),
            "{by_level:?}"
        );
        // And on a question that finds a magic (rook d1, 12 bits: every cube has one).
        let q = Question {
            bits: 12,
            square: Square::D1,
            ..q
        };
        let (by_level, outcome) = prechecked(&q, 0);
        assert!(outcome
            .found
            .is_some_and(|m| works(&Exhaust::new(&q).unwrap(), m)));
        assert!(by_level.iter().any(|&(tried, _)| tried > 0), "{by_level:?}");
    }
}
