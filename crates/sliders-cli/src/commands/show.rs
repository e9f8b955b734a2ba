//! `sliders show`: draws an occupancy and, optionally, a slider's attacks on it, and
//! with `--explain` each step the scheme takes (`crate::explain`).

use sliders_core::schemes::{Scheme, SchemeId, WithScheme};
use sliders_core::{Bitboard, File, Rank, RookOrBishop, Slider, Square};

use crate::io::error::CliError;
use crate::io::parse;

pub fn run(
    occupancy: &str,
    square: Option<&str>,
    piece: Option<&str>,
    scheme: &str,
    explain: bool,
) -> Result<(), CliError> {
    let occupied = parse::occupancy(occupancy).map_err(CliError::input)?;
    let Some((square, piece)) = square.zip(piece) else {
        crate::io::output::sayln!("{occupied}")?;
        crate::io::output::sayln!(
            "occupancy {:#018x} ({} squares)",
            occupied.0,
            occupied.len()
        )?;
        return Ok(());
    };
    let square = parse::square(square).map_err(CliError::input)?;
    let slider = parse::slider(piece).map_err(CliError::input)?;
    let id = parse::scheme(scheme)?;
    let attacks = lookup(id, slider, square, occupied)
        .ok_or_else(|| CliError::input(format!("scheme {id} is unavailable on this CPU")))?;
    if explain {
        return print_explained(id, slider, square, occupied);
    }
    crate::io::output::say!("{}", draw(occupied, slider, square, attacks))?;
    crate::io::output::sayln!(
        "{} on {square}: attacks {:#018x} ({} squares), scheme {id}",
        slider.name(),
        attacks.0,
        attacks.len()
    )?;
    crate::io::output::sayln!("legend: piece letter = the slider, X = attacked blocker, x = attacked empty, o = other blocker")?;
    Ok(())
}

/// `--explain`: rook and bishop (a queen is both) through [`crate::explain`].
fn print_explained(
    id: SchemeId,
    slider: Slider,
    square: Square,
    occupied: Bitboard,
) -> Result<(), CliError> {
    let pieces: &[RookOrBishop] = match slider {
        Slider::Rook => &[RookOrBishop::Rook],
        Slider::Bishop => &[RookOrBishop::Bishop],
        Slider::Queen => &RookOrBishop::BOTH,
    };
    let mut union = Bitboard::EMPTY;
    for (i, &piece) in pieces.iter().enumerate() {
        let attacks = lookup(id, piece.slider(), square, occupied)
            .ok_or_else(|| CliError::input(format!("scheme {id} is unavailable on this CPU")))?;
        union |= attacks;
        let text = crate::explain::text::render(&crate::explain::explain(
            id, piece, square, occupied, attacks,
        ));
        if i > 0 {
            crate::io::output::sayln!()?;
        }
        crate::io::output::say!("{text}")?;
    }
    if pieces.len() == 2 {
        crate::io::output::sayln!(
            "\nqueen on {square}: rook | bishop = {:#018x} ({} squares)",
            union.0,
            union.len()
        )?;
    }
    Ok(())
}

/// `slider`'s attacks by scheme `id`; `None` when this CPU cannot run it.
pub(crate) fn lookup(
    id: SchemeId,
    slider: Slider,
    square: Square,
    occupied: Bitboard,
) -> Option<Bitboard> {
    id.run(Lookup {
        slider,
        square,
        occupied,
    })
    .ok()
}

struct Lookup {
    slider: Slider,
    square: Square,
    occupied: Bitboard,
}

impl WithScheme for Lookup {
    type Output = Bitboard;
    fn run<S: Scheme>(self, scheme: S) -> Bitboard {
        scheme.attacks(self.slider, self.square, self.occupied)
    }
}

fn draw(occupied: Bitboard, slider: Slider, at: Square, attacks: Bitboard) -> String {
    let letter = match slider {
        Slider::Rook => 'R',
        Slider::Bishop => 'B',
        Slider::Queen => 'Q',
    };
    let mut out = String::new();
    for rank in Rank::ALL.iter().rev() {
        out.push(rank.to_char());
        for file in File::ALL {
            let sq = Square::new(file, *rank);
            let cell = if sq == at {
                letter
            } else {
                match (attacks.contains(sq), occupied.contains(sq)) {
                    (true, true) => 'X',
                    (true, false) => 'x',
                    (false, true) => 'o',
                    (false, false) => '.',
                }
            };
            out.push(' ');
            out.push(cell);
        }
        out.push('\n');
    }
    out.push_str("  a b c d e f g h\n");
    out
}
