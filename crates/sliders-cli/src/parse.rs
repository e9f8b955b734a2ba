//! Parsers for the CLI's shared argument and line formats.

use sliders_core::schemes::{self, SchemeId};
use sliders_core::{Bitboard, Slider, Square};

use crate::error::CliError;

/// `0x` followed by 1 to 16 hex digits (either case).
pub fn occupancy(text: &str) -> Result<Bitboard, String> {
    let digits = text
        .strip_prefix("0x")
        .ok_or_else(|| format!("occupancy {text:?} must start with 0x"))?;
    if digits.is_empty() || digits.len() > 16 {
        return Err(format!(
            "occupancy {text:?} must have 1 to 16 hex digits after 0x"
        ));
    }
    u64::from_str_radix(digits, 16)
        .ok()
        .filter(|_| digits.bytes().all(|b| b.is_ascii_hexdigit()))
        .map(Bitboard)
        .ok_or_else(|| format!("occupancy {text:?} has a character that is not a hex digit"))
}

/// A square like `e4`.
pub fn square(text: &str) -> Result<Square, String> {
    text.parse()
        .map_err(|_| format!("square {text:?} is not a square from a1 to h8"))
}

/// `rook`, `bishop` or `queen`.
pub fn slider(text: &str) -> Result<Slider, String> {
    Slider::from_name(text).ok_or_else(|| format!("piece {text:?} is not rook, bishop or queen"))
}

/// A `--scheme` value: `auto` (honouring `SLIDERS_SCHEME`) or an available scheme's name.
pub fn scheme(name: &str) -> Result<SchemeId, CliError> {
    if name == "auto" {
        return match schemes::env_override() {
            Ok(Some(id)) => Ok(id),
            Ok(None) => Ok(schemes::detect_best()),
            Err(message) => Err(CliError::input(message)),
        };
    }
    match SchemeId::from_name(name) {
        Some(id) if id.is_available() => Ok(id),
        Some(id) => Err(CliError::input(format!(
            "scheme {id} is unavailable on this CPU; {}",
            schemes::describe_choices()
        ))),
        None => Err(CliError::input(match schemes::missing_feature(name) {
            Some(feature) => format!(
                "scheme {name} is not compiled into this build (build with the cargo feature `{feature}` of sliders-core); {}",
                schemes::describe_choices()
            ),
            None => format!("unknown scheme {name:?}; {}", schemes::describe_choices()),
        })),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn occupancies() {
        assert_eq!(occupancy("0x0"), Ok(Bitboard(0)));
        assert_eq!(occupancy("0xFFffFFffFFffFFff"), Ok(Bitboard::FULL));
        for bad in [
            "",
            "0x",
            "0x+1",
            "0x10000000000000000",
            "ff",
            "0xg",
            "0X1",
            "0x 1",
            "0x-1",
        ] {
            assert!(occupancy(bad).is_err(), "{bad:?}");
        }
    }
}
