//! The exhaustive search with the magic's bits fixed from bit 0 up
//! ([`super::exhaust::Order::LowFirst`]).
//!
//! An occupancy `v` whose lowest square is `b` has `v·m mod 2^64 = v·(m mod 2^(64 - b))`:
//! the magic's bits from `64 - b` up are shifted out. So once the magic's bits below
//! `64 - b` are fixed, the index of every occupancy whose lowest square is `b` is known
//! exactly. The search fixes the bits in steps, one step per mask square from the top
//! square down: at the step of square `b` it tries every value of the bits up to
//! `64 - b` and places the occupancies whose lowest square is `b`; two with different
//! attacks in one index rule out the value and everything above it. The last step is the
//! lowest mask square's, at the period.
//!
//! It pays where the mask's squares are high: the rank-7 and rank-8 rooks, whose rank
//! occupancies are settled by the magic's lowest bits (which the search from the top
//! reaches last). Where the mask starts low (the rank-1 and rank-2 rooks), the first
//! steps settle few occupancies and the steps are wide: the search from the top is the
//! one for them.
//!
//! A value that places its occupancies without a clash is still ruled out when too few
//! slots are left: each attack set not yet placed needs a slot of its own, as no slot
//! can hold two attack sets, so the slots taken plus the attack sets still to come must
//! fit in `2^bits` (a counting bound; niklasf/magics' `v2/daq.c` prunes the same way).
//!
//! The order of the magics is the steps': by the bits of the first step as a number,
//! then by the second step's, and so on; the cubes are the surviving values of the bits
//! below a fixed number of low bits (a step boundary of its own).

/// The question, prepared for the search from bit 0 up.
#[derive(Clone, Debug)]
pub(super) struct LowFirst {
    /// `(k, occupancies)`: after step `k` the magic's bits `0..k` are fixed, and these
    /// occupancies (lowest square `64 - k`, with their attack class) have exact indices.
    /// By increasing `k`; the last `k` is the period.
    steps: Vec<(u32, Vec<(u64, u16)>)>,
    /// By step: the number of attack classes that no occupancy of this step or an
    /// earlier one has, nor the empty occupancy (each will need a slot of its own).
    unseen: Vec<usize>,
    /// The step after which the cubes' bits are fixed.
    cube_step: usize,
    /// The empty occupancy's class: its index is 0 for every magic.
    empty: u16,
    bits: u32,
}

const FREE: u16 = u16::MAX;

/// Nodes (values tried) between two questions to the halt function.
const HALT_EVERY: u64 = 1 << 16;

struct Walk<'a> {
    steps: &'a [(u32, Vec<(u64, u16)>)],
    unseen: &'a [usize],
    shift: u32,
    slot: Vec<u16>,
    /// Slots that hold a class, but for those of the step under way.
    used: usize,
    nodes: u64,
    halt: &'a dyn Fn() -> bool,
    halted: bool,
}

impl LowFirst {
    /// `occupancies`: every relevant occupancy with its attack class; `fixed`, the low
    /// bits the cubes fix (a step boundary is made there), below the period.
    pub(super) fn new(occupancies: &[(u64, u16)], bits: u32, period: u32, fixed: u32) -> LowFirst {
        let mut steps: Vec<(u32, Vec<(u64, u16)>)> = Vec::new();
        let mut empty = 0;
        for &(v, class) in occupancies {
            if v == 0 {
                empty = class;
                continue;
            }
            let k = 64 - v.trailing_zeros();
            match steps.iter_mut().find(|(step, _)| *step == k) {
                Some((_, occ)) => occ.push((v, class)),
                None => steps.push((k, vec![(v, class)])),
            }
        }
        if !steps.iter().any(|&(k, _)| k == fixed) {
            steps.push((fixed, Vec::new()));
        }
        steps.sort_unstable_by_key(|&(k, _)| k);
        debug_assert_eq!(steps.last().map(|s| s.0), Some(period));
        for (_, occ) in &mut steps {
            occ.sort_unstable();
        }
        // The step at `fixed` (there is one: made above if no square's step is there).
        let cube_step = steps.partition_point(|&(k, _)| k < fixed);
        let mut seen: Vec<u16> = vec![empty];
        let mut all: Vec<u16> = occupancies.iter().map(|&(_, class)| class).collect();
        all.sort_unstable();
        all.dedup();
        let unseen = steps
            .iter()
            .map(|(_, occ)| {
                seen.extend(occ.iter().map(|&(_, class)| class));
                seen.sort_unstable();
                seen.dedup();
                all.len() - seen.len()
            })
            .collect();
        LowFirst {
            steps,
            unseen,
            cube_step,
            empty,
            bits,
        }
    }

    fn walk<'a>(&'a self, halt: &'a dyn Fn() -> bool) -> Walk<'a> {
        let mut slot = vec![FREE; 1 << self.bits];
        slot[0] = self.empty;
        Walk {
            steps: &self.steps,
            unseen: &self.unseen,
            shift: 64 - self.bits,
            slot,
            used: 1,
            nodes: 0,
            halt,
            halted: false,
        }
    }

    /// The values of the cubes' bits (`fixed` of [`LowFirst::new`]) that survive the
    /// steps up to there, in the search's order: the cubes.
    pub(super) fn cubes(&self) -> Vec<u64> {
        let last = self.cube_step;
        let mut walk = self.walk(&|| false);
        let mut out = Vec::new();
        walk.visit(0, 0, last, &mut |m| {
            out.push(m);
            false
        });
        out
    }

    /// Searches every magic whose cube bits are `cube`'s; the first that works, and the
    /// nodes visited; `None` when `halt()` said so (asked every 65,536 nodes).
    pub(super) fn search_cube_until(
        &self,
        cube: u64,
        halt: &dyn Fn() -> bool,
    ) -> Option<(Option<u64>, u64)> {
        let first = self.cube_step + 1;
        let mut walk = self.walk(halt);
        // The cube's own occupancies (a cube that does not place them holds no magic).
        let mut taken = Vec::new();
        for (_, occ) in &self.steps[..first] {
            if !walk.place(cube, occ, &mut taken) {
                return Some((None, 0));
            }
        }
        walk.used += taken.len();
        let mut found = None;
        if first == self.steps.len() {
            found = Some(cube);
        } else {
            walk.visit(cube, first, self.steps.len() - 1, &mut |m| {
                found = Some(m);
                true
            });
        }
        (!walk.halted).then_some((found, walk.nodes))
    }
}

impl Walk<'_> {
    /// Places `occ` for the magic `m`, noting the slots it takes in `undo`; false (with
    /// the slots it took still noted) when two attacks meet in one slot.
    fn place(&mut self, m: u64, occ: &[(u64, u16)], undo: &mut Vec<usize>) -> bool {
        for &(v, class) in occ {
            let s = (v.wrapping_mul(m) >> self.shift) as usize;
            let held = self.slot[s];
            if held == FREE {
                self.slot[s] = class;
                undo.push(s);
            } else if held != class {
                return false;
            }
        }
        true
    }

    /// With the bits below step `step`'s fixed in `m`, tries every value of the step's
    /// bits and goes on from each that survives, up to step `last`, whose survivors go to
    /// `leaf`; true (stop) once `leaf` says so.
    fn visit(
        &mut self,
        m: u64,
        step: usize,
        last: usize,
        leaf: &mut dyn FnMut(u64) -> bool,
    ) -> bool {
        let steps = self.steps;
        let from = if step == 0 { 0 } else { steps[step - 1].0 };
        let (to, occ) = (steps[step].0, &steps[step].1);
        let mut undo = Vec::with_capacity(occ.len());
        for value in 0..1u64 << (to - from) {
            self.nodes += 1;
            if self.nodes.is_multiple_of(HALT_EVERY) && (self.halt)() {
                self.halted = true;
            }
            if self.halted {
                return true;
            }
            let mm = m | value << from;
            let ok = self.place(mm, occ, &mut undo)
                && self.used + undo.len() + self.unseen[step] <= self.slot.len();
            let stop = ok
                && if step == last {
                    leaf(mm)
                } else {
                    self.used += undo.len();
                    let stop = self.visit(mm, step + 1, last, leaf);
                    self.used -= undo.len();
                    stop
                };
            for &s in &undo {
                self.slot[s] = FREE;
            }
            undo.clear();
            if stop {
                return true;
            }
        }
        false
    }
}
