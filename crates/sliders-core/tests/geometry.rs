//! The leaper and geometry tables against brute force over coordinates: for every
//! pair of squares, the definition written out, sharing no code with the tables.

use sliders_core::{between, king_attacks, knight_attacks, line, pawn_attacks, ray, Color, Square};

fn coords(s: Square) -> (i32, i32) {
    (s.file() as i32, s.rank() as i32)
}

/// The unit direction from a to b if they are on one rank, file or diagonal.
fn direction(a: Square, b: Square) -> Option<(i32, i32)> {
    let ((af, ar), (bf, br)) = (coords(a), coords(b));
    let (df, dr) = (bf - af, br - ar);
    let aligned = (df, dr) != (0, 0) && (df == 0 || dr == 0 || df.abs() == dr.abs());
    aligned.then(|| (df.signum(), dr.signum()))
}

#[test]
fn leapers_match_their_moves() {
    for from in Square::ALL {
        let (ff, fr) = coords(from);
        for to in Square::ALL {
            let (tf, tr) = coords(to);
            let (df, dr) = (tf - ff, tr - fr);
            let knight = df.abs() * dr.abs() == 2;
            let king = (df, dr) != (0, 0) && df.abs() <= 1 && dr.abs() <= 1;
            assert_eq!(
                knight_attacks(from).contains(to),
                knight,
                "knight {from} {to}"
            );
            assert_eq!(king_attacks(from).contains(to), king, "king {from} {to}");
            let white = df.abs() == 1 && dr == 1;
            let black = df.abs() == 1 && dr == -1;
            assert_eq!(pawn_attacks(Color::White, from).contains(to), white);
            assert_eq!(pawn_attacks(Color::Black, from).contains(to), black);
        }
    }
}

#[test]
fn between_line_and_ray_match_their_definitions() {
    for a in Square::ALL {
        for b in Square::ALL {
            let d = direction(a, b);
            for s in Square::ALL {
                let from_a = direction(a, s);
                let from_b = direction(b, s);
                let on_line =
                    s == a || (d.is_some() && (from_a == d || from_a == d.map(|(f, r)| (-f, -r))));
                let strictly_between =
                    d.is_some() && from_a == d && from_b == d.map(|(f, r)| (-f, -r));
                let on_ray = d.is_some() && from_a == d;
                assert_eq!(
                    line(a, b).contains(s),
                    d.is_some() && on_line,
                    "line {a} {b} {s}"
                );
                assert_eq!(
                    between(a, b).contains(s),
                    strictly_between,
                    "between {a} {b} {s}"
                );
                assert_eq!(ray(a, b).contains(s), on_ray, "ray {a} {b} {s}");
            }
        }
    }
}
