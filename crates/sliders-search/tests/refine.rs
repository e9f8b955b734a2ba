//! The shared-table search: it never grows the table, its sets verify, and a run is the
//! same whatever the thread count and whether it was stopped and resumed.

use sliders_search::csv::read_set;
use sliders_search::refine::{refine, Ingredients, RefineError, RefineOptions, RefineState};
use sliders_search::{MagicSet, SchemeKind};

fn load(name: &str, scheme: SchemeKind) -> MagicSet {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/magics/");
    read_set(
        &std::fs::read_to_string(format!("{path}{name}")).expect("test data"),
        Some(scheme),
    )
    .expect("a published set")
}

fn options(visits: u64, threads: usize) -> RefineOptions {
    RefineOptions {
        seed: 7,
        threads,
        candidates: 512,
        visits: Some(visits),
        ..RefineOptions::default()
    }
}

fn entries(state: &RefineState, scheme: SchemeKind) -> usize {
    read_set(&state.set, Some(scheme))
        .expect("the state's set reads")
        .verify()
        .expect("the state's set verifies")
        .entries
}

/// The searches place a square where its entries are free, and only a bishop in a
/// corner also where another square's entries hold its attack sets: the attack sets of
/// the squares are disjoint but for the two corner-to-corner diagonals, whose two
/// bishops see the same six squares when each is blocked next to the other's corner.
#[test]
fn only_corner_bishops_share_attack_sets() {
    use sliders_core::{RookOrBishop, Square};
    use sliders_search::refine::shares_attack_sets;
    let mut owners: std::collections::HashMap<u64, Vec<(RookOrBishop, Square)>> =
        std::collections::HashMap::new();
    for piece in RookOrBishop::BOTH {
        for square in Square::ALL {
            let mut sets: Vec<u64> = piece
                .mask(square)
                .subsets()
                .map(|occ| piece.attacks(square, occ).0)
                .collect();
            sets.sort_unstable();
            sets.dedup();
            for attacks in sets {
                owners.entry(attacks).or_default().push((piece, square));
            }
        }
    }
    // 4,900 rook and 1,428 bishop attack sets (the sums over squares of the products of
    // the rays' lengths), of which these are shared by two squares.
    let shared: Vec<_> = owners.values().filter(|o| o.len() > 1).collect();
    assert_eq!(owners.len() + shared.len(), 4_900 + 1_428);
    // One on each long diagonal: b7..g2 (h1 blocked on b7, a8 blocked on g2), and b2..g7.
    assert_eq!(shared.len(), 2);
    for o in &shared {
        assert_eq!(o.len(), 2);
        for &(piece, square) in o.iter() {
            assert!(shares_attack_sets(piece, square), "{piece} {square}");
        }
    }
    let sharing = RookOrBishop::BOTH
        .iter()
        .flat_map(|&p| Square::ALL.iter().map(move |&s| (p, s)))
        .filter(|&(p, s)| shares_attack_sets(p, s))
        .count();
    assert_eq!(sharing, 4);
}

#[test]
fn black_shrinks_and_is_deterministic() {
    let set = load("black_magics_87988_annuss_fiekas.csv", SchemeKind::Black);
    let mut improvements = Vec::new();
    let one = refine(&set, None, &options(48, 1), |p| {
        if let Some(csv) = p.improved {
            improvements.push((p.entries, csv.to_string()));
        }
    })
    .unwrap();
    let size = entries(&one, SchemeKind::Black);
    // The published layout has slack a lowest-fit move takes at once.
    assert!(size < 87_988, "{size}");
    assert_eq!(one.start_entries, 87_988);
    assert_eq!(one.visits, 48);
    // Each improvement handed to the caller is a verifying set of the size reported,
    // sizes fall, and the last is the result.
    assert!(!improvements.is_empty());
    for w in improvements.windows(2) {
        assert!(w[1].0 < w[0].0);
    }
    for (size, csv) in &improvements {
        let set = read_set(csv, Some(SchemeKind::Black)).unwrap();
        assert_eq!(set.verify().unwrap().entries, *size);
    }
    assert_eq!(improvements.last().unwrap().0, size);

    // Two threads: the same set.
    let two = refine(&set, None, &options(48, 2), |_| {}).unwrap();
    assert_eq!(two.set, one.set);

    // Stopped after 20 visits and resumed (through the JSON of a state file): the same.
    let half = refine(&set, None, &options(20, 2), |_| {}).unwrap();
    let half: RefineState = serde_json::from_str(&serde_json::to_string(&half).unwrap()).unwrap();
    let resumed = refine(&set, Some(half), &options(48, 1), |_| {}).unwrap();
    assert_eq!(resumed.set, one.set);
    assert_eq!(resumed.gains, one.gains);
    assert_eq!((resumed.drawn, resumed.valid), (one.drawn, one.valid));
}

#[test]
fn fixed_shift_never_grows() {
    let set = load(
        "fixed_shift_magics_88772_annuss.csv",
        SchemeKind::FixedShift,
    );
    let state = refine(&set, None, &options(24, 0), |_| {}).unwrap();
    assert!(entries(&state, SchemeKind::FixedShift) <= 88_772);
}

#[test]
fn each_ingredient_can_be_turned_off() {
    let set = load("black_magics_87988_annuss_fiekas.csv", SchemeKind::Black);
    let only_fresh = RefineOptions {
        ingredients: Ingredients {
            mutate: false,
            fresh: true,
            ruin: false,
        },
        ..options(16, 0)
    };
    let state = refine(&set, None, &only_fresh, |_| {}).unwrap();
    assert_eq!(state.gains.mutate.accepted, 0);
    assert_eq!(state.gains.ruin.accepted, 0);
    assert!(entries(&state, SchemeKind::Black) <= 87_988);
}

/// A set with 13-bit rooks is valid (a 12-bit magic stays one with more bits) but past
/// what the search's scratch tables hold: refused, not a panic.
#[test]
fn refuses_more_than_twelve_bits() {
    use sliders_core::{RookOrBishop, Square};
    let set = load("black_magics_87988_annuss_fiekas.csv", SchemeKind::Black);
    let mut magics = [[sliders_search::SquareMagic::default(); 64]; 2];
    for (p, piece) in RookOrBishop::BOTH.into_iter().enumerate() {
        for square in Square::ALL {
            let mut m = set.get(piece, square);
            let i = square as u32;
            (m.bits, m.offset) = match piece {
                RookOrBishop::Rook => (13, i << 13),
                RookOrBishop::Bishop => (m.bits, (64 << 13) + (i << 9)),
            };
            magics[p][square as usize] = m;
        }
    }
    let wide = MagicSet::new(SchemeKind::Black, magics[0], magics[1]).unwrap();
    assert!(wide.verify().is_ok());
    assert!(matches!(
        refine(&wide, None, &options(1, 1), |_| {}),
        Err(RefineError::Bits(13))
    ));
}

#[test]
fn refuses_other_schemes_and_other_seeds() {
    let fancy = load("fancy_stockfish_seeds_107648.csv", SchemeKind::Fancy);
    assert!(matches!(
        refine(&fancy, None, &options(1, 1), |_| {}),
        Err(RefineError::Scheme(SchemeKind::Fancy))
    ));
    let set = load("black_magics_87988_annuss_fiekas.csv", SchemeKind::Black);
    let state = refine(&set, None, &options(2, 1), |_| {}).unwrap();
    let other_seed = RefineOptions {
        seed: 8,
        ..options(4, 1)
    };
    let e = refine(&set, Some(state), &other_seed, |_| {}).unwrap_err();
    assert!(matches!(e, RefineError::StateMismatch("seed")), "{e}");
}

fn load_own(name: &str) -> MagicSet {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/own/");
    read_set(
        &std::fs::read_to_string(format!("{path}{name}")).expect("test data"),
        None,
    )
    .expect("our set")
}

/// offset-in-magic: each square is tried at offsets below its end with its own
/// candidates; the table never grows, every improvement is a verifying set whose offsets
/// are in its magics, and a stopped and resumed run is the same run.
#[test]
fn offset_in_magic_shrinks_and_resumes() {
    let set = load_own("offset_in_magic_sliders.csv");
    assert_eq!(set.scheme(), SchemeKind::OffsetInMagic);
    let opts = |visits| RefineOptions {
        seed: 1,
        trials: 48,
        ..options(visits, 1)
    };
    let mut improvements = Vec::new();
    let one = refine(&set, None, &opts(30), |p| {
        if let Some(csv) = p.improved {
            improvements.push((p.entries, csv.to_string()));
        }
    })
    .unwrap();
    let size = entries(&one, SchemeKind::OffsetInMagic);
    assert_eq!(one.start_entries, 226_716);
    assert!(size < 226_716, "{size}");
    assert!(one.drawn > one.valid && one.valid > 0);
    for (entries, csv) in &improvements {
        let s = read_set(csv, None).unwrap();
        assert_eq!(s.scheme(), SchemeKind::OffsetInMagic);
        assert_eq!(s.offset_shift(), set.offset_shift());
        assert_eq!(s.verify().unwrap().entries, *entries);
    }
    assert_eq!(improvements.last().unwrap().0, size);
    assert!(one
        .set
        .contains("# refined by sliders refine --seed 1 --trials 48:"));

    let half = refine(&set, None, &opts(13), |_| {}).unwrap();
    let half: RefineState = serde_json::from_str(&serde_json::to_string(&half).unwrap()).unwrap();
    let resumed = refine(&set, Some(half.clone()), &opts(30), |_| {}).unwrap();
    assert_eq!(resumed.set, one.set);
    assert_eq!(resumed.gains, one.gains);
    assert_eq!((resumed.drawn, resumed.valid), (one.drawn, one.valid));

    // The state names its trials per offset: another count is refused.
    let e = refine(
        &set,
        Some(half),
        &RefineOptions {
            trials: 47,
            ..opts(30)
        },
        |_| {},
    )
    .unwrap_err();
    assert!(
        matches!(e, RefineError::StateMismatch("trials per offset")),
        "{e}"
    );
    let none = RefineOptions {
        ingredients: Ingredients {
            mutate: false,
            fresh: false,
            ruin: true,
        },
        ..opts(1)
    };
    assert!(matches!(
        refine(&set, None, &none, |_| {}),
        Err(RefineError::NoCandidates)
    ));
}

/// A state file written before offset-in-magic runs (no `trials` field) still resumes a
/// black run exactly.
#[test]
fn a_state_without_trials_resumes() {
    let set = load("black_magics_87988_annuss_fiekas.csv", SchemeKind::Black);
    let whole = refine(&set, None, &options(12, 1), |_| {}).unwrap();
    let half = refine(&set, None, &options(5, 1), |_| {}).unwrap();
    let mut json: serde_json::Value = serde_json::to_value(&half).unwrap();
    assert_eq!(json["trials"], 0);
    json.as_object_mut().unwrap().remove("trials");
    let old: RefineState = serde_json::from_value(json).unwrap();
    let resumed = refine(&set, Some(old), &options(12, 1), |_| {}).unwrap();
    assert_eq!(resumed.set, whole.set);
}

/// offset-in-magic with one ingredient off: that kind never wins, the table never grows,
/// and with ruin off every gain is a square visit's.
#[test]
fn offset_in_magic_ingredients_can_be_turned_off() {
    let set = load_own("offset_in_magic_sliders.csv");
    for (mutate, fresh, ruin) in [(false, true, true), (true, true, false)] {
        let opts = RefineOptions {
            seed: 1,
            trials: 16,
            ingredients: Ingredients {
                mutate,
                fresh,
                ruin,
            },
            ..options(16, 1)
        };
        let state = refine(&set, None, &opts, |_| {}).unwrap();
        let size = entries(&state, SchemeKind::OffsetInMagic);
        assert!(size <= 226_716);
        let g = state.gains;
        assert_eq!(g.replace.accepted, 0);
        if !mutate {
            assert_eq!(g.mutate.accepted, 0);
        }
        if !ruin {
            assert_eq!(g.ruin.accepted, 0);
            assert_eq!(
                (g.mutate.entries + g.fresh.entries) as usize,
                226_716 - size
            );
        }
        assert!(state
            .set
            .contains(if ruin { "--no-mutate:" } else { "--no-ruin:" }));
    }
}
