//! Property test: every available scheme agrees with every other on random full-board
//! occupancies, including ones where the slider's own square and the edges are set.

use proptest::prelude::*;
use sliders_core::schemes::{Scheme, SchemeId, WithScheme};
use sliders_core::{reference, Bitboard, Square};

struct Answers(Square, Bitboard);
impl WithScheme for Answers {
    type Output = [Bitboard; 3];
    fn run<S: Scheme>(self, scheme: S) -> [Bitboard; 3] {
        let Answers(square, occupied) = self;
        [
            scheme.rook_attacks(square, occupied),
            scheme.bishop_attacks(square, occupied),
            scheme.queen_attacks(square, occupied),
        ]
    }
}

fn occupancy() -> impl Strategy<Value = Bitboard> {
    prop_oneof![
        any::<u64>().prop_map(Bitboard),
        // Sparse, as in the endgame.
        (any::<u64>(), any::<u64>()).prop_map(|(a, b)| Bitboard(a & b)),
        // Dense.
        (any::<u64>(), any::<u64>()).prop_map(|(a, b)| Bitboard(a | b)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    #[test]
    fn all_schemes_agree(
        index in 0usize..64,
        occupied in occupancy(),
        own_square in any::<bool>(),
        edges in any::<bool>(),
    ) {
        let square = Square::ALL[index];
        let mut occupied = occupied;
        if own_square {
            occupied |= Bitboard::from(square);
        }
        if edges {
            occupied |= Bitboard::EDGES;
        }
        let expected = [
            reference::rook_attacks(square, occupied),
            reference::bishop_attacks(square, occupied),
            reference::queen_attacks(square, occupied),
        ];
        for &id in SchemeId::ALL {
            if let Ok(answers) = id.run(Answers(square, occupied)) {
                prop_assert_eq!(answers, expected, "{} on {} with {:?}", id, square, occupied);
            }
        }
    }
}
