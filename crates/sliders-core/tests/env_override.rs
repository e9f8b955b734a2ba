//! `SLIDERS_SCHEME` forces the portable path on a CPU that would pick PEXT, so the
//! fallback is exercised here too. Its own test binary: the choice is cached per process.
#![cfg(all(feature = "black", feature = "std"))]

use sliders_core::schemes::{auto, dispatch, Scheme, SchemeId, WithScheme};
use sliders_core::{reference, Bitboard, Square};

struct Name;
impl WithScheme for Name {
    type Output = &'static str;
    fn run<S: Scheme>(self, scheme: S) -> &'static str {
        scheme.name()
    }
}

#[test]
fn the_environment_overrides_the_choice() {
    std::env::set_var("SLIDERS_SCHEME", "black");
    assert_eq!(auto(), SchemeId::Black);
    assert_eq!(dispatch(Name), "black");
    let occupied = Bitboard(0x1234_5678_9abc_def0);
    assert_eq!(
        sliders_core::rook_attacks(Square::C3, occupied),
        reference::rook_attacks(Square::C3, occupied)
    );
}
