//! `simd`: a queen's four lines (file, rank, diagonal, anti-diagonal) as four 64-bit
//! vector lanes, each solved by hyperbola quintessence with a full bit reversal:
//! `o = occ & line; attacks = ((o - s) ^ rev(rev(o) - rev(s))) & line`. Bit reversal
//! reverses every line, ranks included, so all four lanes run the same instructions.
//! Rook attacks are lanes 0|1, bishop attacks lanes 2|3. Tables: 64 x 4 line masks
//! (2 KiB), nothing else.
//!
//! Paths, chosen at run time by `cpuid` ([`crate::cpu`]):
//! - [`SimdGfni`]: AVX2 with GFNI, whose affine instruction reverses the bits of every
//!   byte at once (then a byte shuffle reverses the bytes);
//! - [`SimdAvx2`]: AVX2, reversing bits by two nibble-table shuffles;
//! - [`SimdScalar`]: the same lanes one after another with `u64::reverse_bits`: the
//!   portable fallback, also forced with `SLIDERS_SCHEME=simd-scalar`.
//!
//! The vector paths live in `#[target_feature]` functions, which the compiler will not
//! inline into code built for baseline x86-64, so every lookup through them is a call;
//! [`queen_attacks_batch`] amortises that over many queries and uses AVX-512 (two
//! queries per 512-bit vector) where present.
//!
//! The idea of lines in lanes: Stockfish's 2026 SIMD slider attacks, and the
//! chessprogramming wiki's "Hyperbola Quintessence" and "SIMD and SWAR Techniques".

use crate::{Bitboard, Square};

/// File, rank, diagonal, anti-diagonal of each square, without the square.
#[derive(Clone, Copy)]
#[repr(C, align(32))]
struct Lines([u64; 4]);

/// The tables' size in bytes: four line masks per square.
pub const TABLE_BYTES: usize = core::mem::size_of::<[Lines; 64]>();

static LINES: [Lines; 64] = {
    let mut out = [Lines([0; 4]); 64];
    let mut i = 0;
    while i < 64 {
        let h = &super::hyperbola::LINES[i];
        let rank = 0xffu64 << (i & 56) & !(1 << i);
        out[i] = Lines([h.file, rank, h.diagonal, h.anti_diagonal]);
        i += 1;
    }
    out
};

/// One lane in scalar code.
#[inline(always)]
const fn lane(occupied: u64, bit: u64, line: u64) -> u64 {
    let o = occupied & line;
    let forward = o.wrapping_sub(bit);
    let reverse = o
        .reverse_bits()
        .wrapping_sub(bit.reverse_bits())
        .reverse_bits();
    (forward ^ reverse) & line
}

/// The portable path: four lanes in turn.
///
/// ```
/// use sliders_core::schemes::{Scheme, SimdScalar};
/// use sliders_core::{reference, Bitboard, Square};
/// let occupied = Bitboard(0x0042_0000_1800_2400);
/// assert_eq!(SimdScalar.queen_attacks(Square::E5, occupied), reference::queen_attacks(Square::E5, occupied));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct SimdScalar;

impl super::Scheme for SimdScalar {
    #[inline(always)]
    fn rook_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        let l = &LINES[square as usize].0;
        let bit = 1u64 << square as u8;
        Bitboard(lane(occupied.0, bit, l[0]) | lane(occupied.0, bit, l[1]))
    }

    #[inline(always)]
    fn bishop_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
        let l = &LINES[square as usize].0;
        let bit = 1u64 << square as u8;
        Bitboard(lane(occupied.0, bit, l[2]) | lane(occupied.0, bit, l[3]))
    }

    fn table_bytes(&self) -> usize {
        core::mem::size_of_val(&LINES)
    }

    fn name(&self) -> &'static str {
        "simd-scalar"
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use core::arch::x86_64::*;

    use super::LINES;

    /// Reverses the bytes of each 64-bit lane (a shuffle within 128-bit halves).
    #[inline]
    #[target_feature(enable = "avx2")]
    fn swap_bytes(v: __m256i) -> __m256i {
        let order = _mm256_setr_epi8(
            7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 15, 14,
            13, 12, 11, 10, 9, 8,
        );
        _mm256_shuffle_epi8(v, order)
    }

    /// Reverses the bits of each 64-bit lane with nibble tables.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn reverse_avx2(v: __m256i) -> __m256i {
        let v = swap_bytes(v);
        // rev4(n) << 4 and rev4(n): a byte's reversal is rev4(low) << 4 | rev4(high).
        let low_table = _mm256_setr_epi8(
            0x00,
            0x80u8 as i8,
            0x40,
            0xc0u8 as i8,
            0x20,
            0xa0u8 as i8,
            0x60,
            0xe0u8 as i8,
            0x10,
            0x90u8 as i8,
            0x50,
            0xd0u8 as i8,
            0x30,
            0xb0u8 as i8,
            0x70,
            0xf0u8 as i8,
            0x00,
            0x80u8 as i8,
            0x40,
            0xc0u8 as i8,
            0x20,
            0xa0u8 as i8,
            0x60,
            0xe0u8 as i8,
            0x10,
            0x90u8 as i8,
            0x50,
            0xd0u8 as i8,
            0x30,
            0xb0u8 as i8,
            0x70,
            0xf0u8 as i8,
        );
        let high_table = _mm256_setr_epi8(
            0x0, 0x8, 0x4, 0xc, 0x2, 0xa, 0x6, 0xe, 0x1, 0x9, 0x5, 0xd, 0x3, 0xb, 0x7, 0xf, 0x0,
            0x8, 0x4, 0xc, 0x2, 0xa, 0x6, 0xe, 0x1, 0x9, 0x5, 0xd, 0x3, 0xb, 0x7, 0xf,
        );
        let nibble = _mm256_set1_epi8(0x0f);
        let low = _mm256_and_si256(v, nibble);
        let high = _mm256_and_si256(_mm256_srli_epi16::<4>(v), nibble);
        _mm256_or_si256(
            _mm256_shuffle_epi8(low_table, low),
            _mm256_shuffle_epi8(high_table, high),
        )
    }

    /// The GF(2) affine matrix that reverses the bits of a byte.
    const REVERSE_BITS: i64 = 0x8040_2010_0804_0201_u64 as i64;

    /// Reverses the bits of each 64-bit lane with GFNI.
    #[inline]
    #[target_feature(enable = "avx2,gfni")]
    fn reverse_gfni(v: __m256i) -> __m256i {
        swap_bytes(_mm256_gf2p8affine_epi64_epi8::<0>(
            v,
            _mm256_set1_epi64x(REVERSE_BITS),
        ))
    }

    #[inline(always)]
    fn lines(square: usize) -> __m256i {
        let l = &LINES[square].0;
        // SAFETY: `Lines` is 32 bytes and 32-byte aligned, as the aligned load needs.
        unsafe { _mm256_load_si256(l.as_ptr().cast()) }
    }

    macro_rules! four_lanes {
        ($name:ident, $features:literal, $reverse:ident) => {
            /// The four lanes' attacks for one query.
            #[inline]
            #[target_feature(enable = $features)]
            pub(super) fn $name(square: usize, occupied: u64) -> __m256i {
                let line = lines(square);
                let bit = _mm256_set1_epi64x(1i64 << square);
                let o = _mm256_and_si256(_mm256_set1_epi64x(occupied as i64), line);
                let forward = _mm256_sub_epi64(o, bit);
                let reverse = $reverse(_mm256_sub_epi64($reverse(o), $reverse(bit)));
                _mm256_and_si256(_mm256_xor_si256(forward, reverse), line)
            }
        };
    }

    four_lanes!(lanes_avx2, "avx2", reverse_avx2);
    four_lanes!(lanes_gfni, "avx2,gfni", reverse_gfni);

    macro_rules! lookups {
        ($rook:ident, $bishop:ident, $queen:ident, $lanes:ident, $features:literal) => {
            #[inline]
            #[target_feature(enable = $features)]
            pub(super) fn $rook(square: usize, occupied: u64) -> u64 {
                let v = $lanes(square, occupied);
                (_mm256_extract_epi64::<0>(v) | _mm256_extract_epi64::<1>(v)) as u64
            }

            #[inline]
            #[target_feature(enable = $features)]
            pub(super) fn $bishop(square: usize, occupied: u64) -> u64 {
                let v = $lanes(square, occupied);
                (_mm256_extract_epi64::<2>(v) | _mm256_extract_epi64::<3>(v)) as u64
            }

            #[inline]
            #[target_feature(enable = $features)]
            pub(super) fn $queen(square: usize, occupied: u64) -> u64 {
                let v = $lanes(square, occupied);
                let halves =
                    _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
                (_mm_cvtsi128_si64(halves) | _mm_extract_epi64::<1>(halves)) as u64
            }
        };
    }

    lookups!(rook_avx2, bishop_avx2, queen_avx2, lanes_avx2, "avx2");
    lookups!(rook_gfni, bishop_gfni, queen_gfni, lanes_gfni, "avx2,gfni");

    /// Queen attacks for every query, a query per 256-bit vector.
    #[target_feature(enable = "avx2,gfni")]
    pub(super) fn batch_gfni(
        queries: &[(crate::Square, crate::Bitboard)],
        out: &mut [crate::Bitboard],
    ) {
        for (q, o) in queries.iter().zip(out.iter_mut()) {
            *o = crate::Bitboard(queen_gfni(q.0 as usize, q.1 .0));
        }
    }

    /// Queen attacks for every query, a query per 256-bit vector.
    #[target_feature(enable = "avx2")]
    pub(super) fn batch_avx2(
        queries: &[(crate::Square, crate::Bitboard)],
        out: &mut [crate::Bitboard],
    ) {
        for (q, o) in queries.iter().zip(out.iter_mut()) {
            *o = crate::Bitboard(queen_avx2(q.0 as usize, q.1 .0));
        }
    }

    /// Queen attacks for every query, two queries per 512-bit vector.
    #[target_feature(enable = "avx512f,avx512bw,gfni")]
    pub(super) fn batch_avx512(
        queries: &[(crate::Square, crate::Bitboard)],
        out: &mut [crate::Bitboard],
    ) {
        let order = _mm512_set_epi64(
            0x0809_0a0b_0c0d_0e0f,
            0x0001_0203_0405_0607,
            0x0809_0a0b_0c0d_0e0f,
            0x0001_0203_0405_0607,
            0x0809_0a0b_0c0d_0e0f,
            0x0001_0203_0405_0607,
            0x0809_0a0b_0c0d_0e0f,
            0x0001_0203_0405_0607,
        );
        let reverse = |v: __m512i| {
            _mm512_shuffle_epi8(
                _mm512_gf2p8affine_epi64_epi8::<0>(v, _mm512_set1_epi64(REVERSE_BITS)),
                order,
            )
        };
        let mut pairs = queries.chunks_exact(2);
        let mut outs = out.chunks_exact_mut(2);
        for (q, o) in (&mut pairs).zip(&mut outs) {
            let (a, b) = (q[0].0 as usize, q[1].0 as usize);
            let line = _mm512_inserti64x4::<1>(_mm512_castsi256_si512(lines(a)), lines(b));
            let bit = _mm512_inserti64x4::<1>(
                _mm512_set1_epi64(1i64 << a),
                _mm256_set1_epi64x(1i64 << b),
            );
            let occ = _mm512_inserti64x4::<1>(
                _mm512_set1_epi64(q[0].1 .0 as i64),
                _mm256_set1_epi64x(q[1].1 .0 as i64),
            );
            let occ = _mm512_and_si512(occ, line);
            let forward = _mm512_sub_epi64(occ, bit);
            let backward = reverse(_mm512_sub_epi64(reverse(occ), reverse(bit)));
            let attacks = _mm512_and_si512(_mm512_xor_si512(forward, backward), line);
            o[0] = crate::Bitboard(_mm512_mask_reduce_or_epi64(0x0f, attacks) as u64);
            o[1] = crate::Bitboard(_mm512_mask_reduce_or_epi64(0xf0, attacks) as u64);
        }
        for (q, o) in pairs
            .remainder()
            .iter()
            .zip(outs.into_remainder().iter_mut())
        {
            *o = crate::Bitboard(queen_gfni(q.0 as usize, q.1 .0));
        }
    }
}

macro_rules! vector_scheme {
    ($(#[$meta:meta])* $ty:ident, $name:literal, $available:path, $avx2_only:literal, $rook:ident, $bishop:ident, $queen:ident) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug)]
        pub struct $ty {
            _proof_of_cpu_support: (),
        }

        impl $ty {
            /// The scheme, if this CPU and OS support its instructions.
            pub fn detect() -> Option<Self> {
                $available().then_some($ty { _proof_of_cpu_support: () })
            }
        }

        impl super::Scheme for $ty {
            const AVX2_LOOKUPS: bool = $avx2_only;

            #[inline(always)]
            fn rook_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
                #[cfg(target_arch = "x86_64")]
                // SAFETY: a value of this type exists only after `detect` confirmed the
                // CPU and OS support the function's target features.
                return Bitboard(unsafe { x86::$rook(square as usize, occupied.0) });
                #[cfg(not(target_arch = "x86_64"))]
                return SimdScalar.rook_attacks(square, occupied);
            }

            #[inline(always)]
            fn bishop_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
                #[cfg(target_arch = "x86_64")]
                // SAFETY: as for `rook_attacks`.
                return Bitboard(unsafe { x86::$bishop(square as usize, occupied.0) });
                #[cfg(not(target_arch = "x86_64"))]
                return SimdScalar.bishop_attacks(square, occupied);
            }

            #[inline(always)]
            fn queen_attacks(&self, square: Square, occupied: Bitboard) -> Bitboard {
                #[cfg(target_arch = "x86_64")]
                // SAFETY: as for `rook_attacks`.
                return Bitboard(unsafe { x86::$queen(square as usize, occupied.0) });
                #[cfg(not(target_arch = "x86_64"))]
                return SimdScalar.queen_attacks(square, occupied);
            }

            fn table_bytes(&self) -> usize {
                core::mem::size_of_val(&LINES)
            }

            fn name(&self) -> &'static str {
                $name
            }
        }
    };
}

#[cfg(not(target_arch = "x86_64"))]
use super::Scheme as _;

vector_scheme!(
    /// The AVX2 path; a value proves the CPU and OS run AVX2.
    ///
    /// ```
    /// use sliders_core::schemes::{Scheme, SimdAvx2};
    /// use sliders_core::{reference, Bitboard, Square};
    /// if let Some(simd) = SimdAvx2::detect() {
    ///     let occupied = Bitboard(0x0042_0000_1800_2400);
    ///     assert_eq!(simd.queen_attacks(Square::B7, occupied), reference::queen_attacks(Square::B7, occupied));
    /// }
    /// ```
    SimdAvx2, "simd-avx2", crate::cpu::has_avx2, true, rook_avx2, bishop_avx2, queen_avx2
);

vector_scheme!(
    /// The AVX2 + GFNI path; a value proves the CPU and OS run both.
    ///
    /// ```
    /// use sliders_core::schemes::{Scheme, SimdGfni};
    /// use sliders_core::{reference, Bitboard, Square};
    /// if let Some(simd) = SimdGfni::detect() {
    ///     let occupied = Bitboard(0x0042_0000_1800_2400);
    ///     assert_eq!(simd.queen_attacks(Square::G2, occupied), reference::queen_attacks(Square::G2, occupied));
    /// }
    /// ```
    SimdGfni, "simd-gfni", crate::cpu::has_gfni, false, rook_gfni, bishop_gfni, queen_gfni
);

/// Which path [`queen_attacks_batch`] takes on this CPU: `"avx512"`, `"gfni"`, `"avx2"`
/// or `"scalar"`.
///
/// ```
/// assert!(["avx512", "gfni", "avx2", "scalar"].contains(&sliders_core::schemes::simd::batch_path()));
/// ```
pub fn batch_path() -> &'static str {
    if crate::cpu::has_avx512() {
        "avx512"
    } else if crate::cpu::has_gfni() {
        "gfni"
    } else if crate::cpu::has_avx2() {
        "avx2"
    } else {
        "scalar"
    }
}

/// Queen attacks for many queries at once, `out[i]` for `queries[i]`: the vector width is
/// chosen once per call (AVX-512 answers two queries per instruction). Extra entries of
/// the longer slice are left alone.
///
/// ```
/// use sliders_core::schemes::simd::queen_attacks_batch;
/// use sliders_core::{reference, Bitboard, Square};
/// let queries = [(Square::A1, Bitboard::EMPTY), (Square::D4, Bitboard(0x0000_0010_0800_0000)), (Square::H8, Bitboard::FULL)];
/// let mut out = [Bitboard::EMPTY; 3];
/// queen_attacks_batch(&queries, &mut out);
/// for (q, o) in queries.iter().zip(out) {
///     assert_eq!(o, reference::queen_attacks(q.0, q.1));
/// }
/// ```
pub fn queen_attacks_batch(queries: &[(Square, Bitboard)], out: &mut [Bitboard]) {
    batch_with(batch_path(), queries, out)
}

/// [`queen_attacks_batch`] on a named path, for testing every path on one machine. A path
/// this CPU cannot run falls back to the scalar one.
///
/// ```
/// use sliders_core::schemes::simd::batch_with;
/// use sliders_core::{reference, Bitboard, Square};
/// let queries = [(Square::C3, Bitboard(0x00ff_0000_0000_ff00))];
/// let mut out = [Bitboard::EMPTY];
/// batch_with("scalar", &queries, &mut out);
/// assert_eq!(out[0], reference::queen_attacks(Square::C3, queries[0].1));
/// ```
pub fn batch_with(path: &str, queries: &[(Square, Bitboard)], out: &mut [Bitboard]) {
    use super::Scheme;
    #[cfg(target_arch = "x86_64")]
    match path {
        // SAFETY (all three): each arm runs only when `cpu` confirmed the function's
        // target features on this CPU and OS.
        "avx512" if crate::cpu::has_avx512() => return unsafe { x86::batch_avx512(queries, out) },
        "gfni" if crate::cpu::has_gfni() => return unsafe { x86::batch_gfni(queries, out) },
        "avx2" if crate::cpu::has_avx2() => return unsafe { x86::batch_avx2(queries, out) },
        _ => {}
    }
    let _ = path;
    for (q, o) in queries.iter().zip(out.iter_mut()) {
        *o = SimdScalar.queen_attacks(q.0, q.1);
    }
}
