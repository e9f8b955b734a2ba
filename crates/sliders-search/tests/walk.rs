//! The exhaustive walk (`sliders_search::prove::exhaust::Exhaust`) against a plain
//! walk written here from its description: the same tree, node for node, on every cube
//! tried. The walk keeps its buckets as bit sets of the attack classes they block (up
//! to 64 or 128 classes) and tests without bound checks; the plain walk keeps each
//! bucket's class in a vector and tests one occupancy at a time with branches, as the
//! walk did before it was made faster (issue 71). The node counts are what a resumed
//! state adds up and what a certificate's tree holds, so they must not move.

use std::collections::HashMap;

use sliders_core::{RookOrBishop, Square};
use sliders_search::prove::exhaust::{Exhaust, Order};
use sliders_search::prove::{IndexScheme, Question};

fn question(piece: RookOrBishop, square: &str, bits: u32, scheme: IndexScheme) -> Question {
    Question {
        piece,
        square: square.parse::<Square>().unwrap(),
        bits,
        scheme,
    }
}

/// The plain walk: the numbers multiplied (occupancies, or `(mask ^ o) + 1` for black)
/// in increasing order with their attack classes, a bucket's class or `None`.
struct Plain {
    numbers: Vec<(u64, usize)>,
    bits: u32,
    descending: bool,
    slot: Vec<Option<usize>>,
    nodes: u64,
    found: Option<u64>,
    cube: u64,
    depth: u32,
    /// When listing cubes: the level whose surviving nodes are listed (not descended
    /// below), and the list.
    list_at: Option<u32>,
    listed: Vec<u64>,
}

impl Plain {
    fn new(q: &Question, descending: bool) -> Plain {
        let mask = q.piece.mask(q.square);
        let mut classes: HashMap<u64, usize> = HashMap::new();
        let mut numbers: Vec<(u64, usize)> = mask
            .subsets()
            .map(|occ| {
                let attacks = q.piece.attacks(q.square, occ).0;
                let next = classes.len();
                let class = *classes.entry(attacks).or_insert(next);
                match q.scheme {
                    IndexScheme::Fancy => (occ.0, class),
                    IndexScheme::Black => ((mask.0 ^ occ.0) + 1, class),
                }
            })
            .collect();
        numbers.sort_unstable();
        Plain {
            numbers,
            bits: q.bits,
            descending,
            slot: vec![None; 1 << q.bits],
            nodes: 0,
            found: None,
            cube: 0,
            depth: 0,
            list_at: None,
            listed: Vec::new(),
        }
    }

    /// The surviving nodes at `depth`, in the walk's order: the cubes.
    fn cubes(&mut self, depth: u32, period: u32) -> Vec<u64> {
        (self.nodes, self.found, self.depth) = (0, None, u32::MAX);
        self.list_at = Some(depth);
        self.listed.clear();
        self.visit(0, period, 0, &[]);
        self.list_at = None;
        std::mem::take(&mut self.listed)
    }

    fn classes(&self) -> usize {
        self.numbers.iter().map(|&(_, c)| c + 1).max().unwrap_or(0)
    }

    /// Nodes and magic of the cube `cube` at `depth`, from the root at `period`.
    fn search_cube(&mut self, cube: u64, depth: u32, period: u32) -> (u64, Option<u64>) {
        self.nodes = 0;
        self.found = None;
        self.cube = cube;
        self.depth = depth;
        self.visit(0, period, 0, &[]);
        (self.nodes, self.found)
    }

    fn visit(&mut self, m: u64, u: u32, next: usize, pending: &[usize]) {
        if self.found.is_some() {
            return;
        }
        let high = |x: u64| x.checked_shr(u).unwrap_or(0);
        if u >= self.depth && high(m) != high(self.cube) {
            return;
        }
        self.nodes += 1;
        let span = if u >= 64 { u64::MAX } else { (1u64 << u) - 1 };
        // The numbers whose arcs are shorter than one bucket are tested.
        let v_max = match span {
            0 => u64::MAX,
            _ => ((1u64 << (64 - self.bits)) - 1) / span,
        };
        let shift = 64 - self.bits;
        let mut taken = Vec::new();
        let mut mine = Vec::new();
        let mut next_after = next;
        let mut ok = true;
        let mut test = |i: usize, slot: &mut Vec<Option<usize>>| -> bool {
            let (v, class) = self.numbers[i];
            let lo = v.wrapping_mul(m);
            let first = (lo >> shift) as usize;
            let last = (lo.wrapping_add(v.wrapping_mul(span)) >> shift) as usize;
            if first == last {
                match slot[first] {
                    None => {
                        slot[first] = Some(class);
                        taken.push(first);
                        true
                    }
                    Some(held) => held == class,
                }
            } else {
                let room = |b: usize| slot[b].is_none_or(|held| held == class);
                if room(first) || room(last) {
                    mine.push(i);
                    true
                } else {
                    false
                }
            }
        };
        let mut slot = std::mem::take(&mut self.slot);
        for &i in pending {
            if !test(i, &mut slot) {
                ok = false;
                break;
            }
        }
        if ok {
            for i in next..self.numbers.len() {
                if self.numbers[i].0 > v_max {
                    break;
                }
                next_after = i + 1;
                if !test(i, &mut slot) {
                    ok = false;
                    break;
                }
            }
        }
        self.slot = slot;
        if ok && u == 0 {
            self.found = Some(m);
        }
        if ok && self.list_at == Some(u) {
            self.listed.push(m);
        } else if ok && u != 0 {
            let below = u - 1;
            let (zero, one) = (m, m | 1 << below);
            let (a, b) = if self.descending {
                (one, zero)
            } else {
                (zero, one)
            };
            self.visit(a, below, next_after, &mine);
            self.visit(b, below, next_after, &mine);
        }
        for s in taken {
            self.slot[s] = None;
        }
    }
}

/// Every `step`-th cube of `q` at `depth` below the top, up to `most` of them: the
/// walk, the walk with plain buckets and the plain walk give the same nodes and magic.
/// Returns the number of classes and the nodes compared.
fn same_tree(q: &Question, order: Order, below_top: u32, step: usize, most: usize) -> (usize, u64) {
    let ex = Exhaust::new(q).unwrap().order(order).unwrap();
    let plain_buckets = ex.clone().with_plain_buckets();
    let mut plain = Plain::new(q, order == Order::Descending);
    let period = ex.period();
    let depth = period.saturating_sub(below_top).max(1);
    let cubes = ex.cubes(depth);
    assert!(!cubes.is_empty());
    let mut nodes = 0;
    for &cube in cubes.iter().step_by(step).take(most) {
        let fast = ex.search_cube(cube, depth);
        let classes = plain_buckets.search_cube(cube, depth);
        let (plain_nodes, plain_found) = plain.search_cube(cube, depth, period);
        let what = format!("{q:?} {order:?} cube {cube:#x} at depth {depth}");
        assert_eq!(fast, classes, "{what}: bit-set buckets against plain ones");
        assert_eq!(
            (fast.nodes, fast.found),
            (plain_nodes, plain_found),
            "{what}: against the plain walk"
        );
        nodes += fast.nodes;
    }
    (plain.classes(), nodes)
}

#[test]
fn the_walk_visits_the_plain_walks_tree_with_each_way_of_keeping_buckets() {
    use IndexScheme::{Black, Fancy};
    use RookOrBishop::{Bishop, Rook};
    // (question, order, levels below the top that cubes fix, every step-th cube, how
    // many): questions of up to 64 classes (bit sets of 64), of 65 to 128 (of 128) and
    // of more (the classes themselves), fancy and black, both top-down orders.
    let cases = [
        (question(Bishop, "c1", 4, Fancy), Order::Ascending, 8, 1, 32),
        (
            question(Bishop, "d1", 4, Black),
            Order::Ascending,
            8,
            1,
            256,
        ),
        (
            question(Bishop, "e8", 4, Fancy),
            Order::Descending,
            8,
            1,
            256,
        ),
        (
            question(Rook, "g2", 9, Fancy),
            Order::Ascending,
            20,
            300_001,
            3,
        ),
        (
            question(Rook, "b2", 9, Black),
            Order::Ascending,
            20,
            200_001,
            3,
        ),
        (question(Rook, "d1", 12, Fancy), Order::Ascending, 8, 1, 16),
        (question(Rook, "d1", 12, Black), Order::Descending, 8, 1, 8),
        (question(Rook, "d4", 11, Fancy), Order::Ascending, 8, 1, 16),
        (question(Rook, "d4", 11, Black), Order::Descending, 8, 1, 8),
    ];
    let mut widths = [false; 3];
    for (q, order, below_top, step, most) in cases {
        let start = std::time::Instant::now();
        let (classes, nodes) = same_tree(&q, order, below_top, step, most);
        println!(
            "{q:?} {order:?}: {nodes} nodes, {classes} classes, {:?}",
            start.elapsed()
        );
        assert!(nodes > 0, "{q:?}: no nodes compared");
        widths[match classes {
            0..=64 => 0,
            65..=128 => 1,
            _ => 2,
        }] = true;
    }
    assert_eq!(widths, [true; 3], "every way of keeping buckets is tried");
}

#[test]
fn forced_and_preferred_bits_give_the_plain_buckets_tree() {
    // The guided finder's walks: some bits forced, some visited 1 first. Checks are
    // then needed below the cube's depth too (the forced bits are low).
    let q = question(RookOrBishop::Rook, "g2", 9, IndexScheme::Fancy);
    let ex = Exhaust::new(&q).unwrap();
    let (mask, value, ones) = (0x0000_0000_00f0_0f00, 0x0000_0000_0050_0a00, 0x00ff_0000);
    let forced = ex
        .clone()
        .forcing(mask, value)
        .unwrap()
        .preferring(ones)
        .unwrap();
    let plain = forced.clone().with_plain_buckets();
    let depth = ex.period() - 20;
    let cubes = forced.cubes(depth);
    assert!(!cubes.is_empty());
    for &cube in cubes.iter().step_by(cubes.len() / 40 + 1) {
        let out = forced.search_cube(cube, depth);
        assert_eq!(out, plain.search_cube(cube, depth), "cube {cube:#x}");
        if let Some(magic) = out.found {
            assert_eq!(magic & mask, value, "a forced bit not kept");
        }
    }
}

#[test]
fn the_listing_and_the_halting_follow_the_plain_walk() {
    // The listing of the cubes runs the walk too (without a certificate, so with the
    // pre-test of children that skips their visit); and a halting walk is asked every
    // 65,536 nodes, skipped children counted: both as the plain walk has them.
    use IndexScheme::{Black, Fancy};
    use RookOrBishop::{Bishop, Rook};
    for (q, below_top) in [
        (question(Bishop, "c1", 4, Fancy), 8),
        (question(Bishop, "d1", 4, Black), 8),
        (question(Rook, "g2", 9, Fancy), 20),
    ] {
        let ex = Exhaust::new(&q).unwrap();
        let mut plain = Plain::new(&q, false);
        let depth = ex.period().saturating_sub(below_top).max(1);
        let cubes = ex.cubes(depth);
        assert_eq!(cubes, plain.cubes(depth, ex.period()), "{q:?}: the cubes");
        for &cube in cubes.iter().step_by(cubes.len() / 5 + 1) {
            let asked = std::cell::Cell::new(0u64);
            let out = ex
                .search_cube_until(cube, depth, &|| {
                    asked.set(asked.get() + 1);
                    false
                })
                .unwrap();
            let (nodes, found) = plain.search_cube(cube, depth, ex.period());
            assert_eq!(
                (out.nodes, out.found),
                (nodes, found),
                "{q:?} cube {cube:#x}"
            );
            assert_eq!(asked.get(), nodes >> 16, "{q:?} cube {cube:#x}: halt asked");
        }
    }
}
