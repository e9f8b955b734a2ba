//! The certificate of the exhaustive search's "none" (`prove::certificate`): the same
//! walk as `exhaust` (same nodes, same answer), written the same way whole or in shards,
//! fancy or black, and refused for a question out of range. Its witnesses are checked by
//! the independent checker (`tools/exhaust-certificate/test-certificates.sh`, in CI).

use sliders_core::{RookOrBishop, Square};
use sliders_search::prove::certificate::{certify, CUBE, REFUTE, SPLIT};
use sliders_search::prove::exhaust::{exhaust, ExhaustOptions};
use sliders_search::prove::{IndexScheme, ProveError, Question};

fn question(piece: RookOrBishop, square: &str, bits: u32) -> Question {
    Question {
        piece,
        square: square.parse::<Square>().unwrap(),
        bits,
        scheme: IndexScheme::Fancy,
    }
}

/// The certificate of `q` (shard `shard`), split at its header line.
fn certificate(q: &Question, shard: Option<(usize, usize)>) -> (String, Vec<u8>) {
    let mut out = Vec::new();
    let done = certify(q, shard, 2, &|| false, &mut out).unwrap();
    assert_eq!(done.bytes, out.len() as u64);
    let end = out.iter().position(|&b| b == b'\n').unwrap();
    let body = out.split_off(end + 1);
    (String::from_utf8(out).unwrap(), body)
}

/// Walks the preorder tree of tags from `at` for a node `levels` above the leaves'
/// level 0, skipping witnesses: returns where it ends and the nodes (split, refuted,
/// cube) it held. Panics on a malformed tree.
fn walk(body: &[u8], at: usize, level: u32, counts: &mut [u64; 3]) -> usize {
    match body[at] {
        SPLIT => {
            counts[0] += 1;
            assert!(level > 0, "a split at level 0");
            let next = walk(body, at + 1, level - 1, counts);
            walk(body, next, level - 1, counts)
        }
        REFUTE => {
            counts[1] += 1;
            let r = body[at + 1] as usize;
            assert!((1..=2).contains(&r), "a witness over {r} buckets");
            at + 2 + 2 * (r + 1)
        }
        CUBE => {
            counts[2] += 1;
            at + 1
        }
        tag => panic!("tag {tag} at {at}"),
    }
}

#[test]
fn a_certificate_is_the_searchs_own_walk_and_answer() {
    for (piece, square, bits, scheme) in [
        (RookOrBishop::Bishop, "d1", 4, IndexScheme::Fancy),
        (RookOrBishop::Bishop, "c1", 4, IndexScheme::Fancy),
        (RookOrBishop::Bishop, "d8", 4, IndexScheme::Fancy),
        (RookOrBishop::Bishop, "d1", 4, IndexScheme::Black),
        (RookOrBishop::Bishop, "e1", 4, IndexScheme::Black),
    ] {
        let q = Question {
            scheme,
            ..question(piece, square, bits)
        };
        let mut out = Vec::new();
        let done = certify(&q, None, 2, &|| false, &mut out).unwrap();
        let searched = exhaust(
            &q,
            &ExhaustOptions {
                threads: 2,
                ..ExhaustOptions::default()
            },
        )
        .unwrap();
        assert_eq!(done.answer, Some(None), "{square}");
        assert_eq!(searched.answer, Some(None), "{square}");
        assert_eq!(done.nodes, searched.nodes, "{square}");
        assert_eq!((done.cubes, done.depth), (searched.cubes, searched.depth));
        assert_eq!(done.cubes_done, done.cubes);
        // The top tree's cubes are the search's, and every cube's subtree follows.
        let (header, body) = certificate(&q, None);
        // The root: the period (fancy), or half the magics the black answer covers
        // (the mirror; the middle magic fails for these masks).
        let (root, word) = match scheme {
            IndexScheme::Fancy => (q.period_bits(), ""),
            IndexScheme::Black => (searched.covers - 1, " black"),
        };
        assert_eq!(
            header,
            format!(
                "sliders exhaust certificate 1 {} {square} {bits}{word} depth {} cubes 0 {} of {}\n",
                piece.name(),
                done.depth,
                done.cubes,
                done.cubes
            )
        );
        let mut top = [0; 3];
        let mut at = walk(&body, 0, root, &mut top);
        assert_eq!(top[2], done.cubes as u64, "{square}: cubes in the top tree");
        let mut below = [0; 3];
        for _ in 0..done.cubes {
            assert_eq!(body[at], SPLIT, "{square}: a cube survives its listing");
            at = walk(&body, at, done.depth, &mut below);
        }
        assert_eq!(at, body.len(), "{square}: bytes after the last cube");
        assert_eq!(below[2], 0, "{square}: a cube mark below the top tree");
        // A binary tree: one more leaf than splits.
        assert_eq!(below[1], below[0] + done.cubes as u64, "{square}");
    }
}

#[test]
fn shards_share_the_top_tree_and_their_cubes_make_the_whole() {
    let black = Question {
        scheme: IndexScheme::Black,
        ..question(RookOrBishop::Bishop, "d1", 4)
    };
    for q in [question(RookOrBishop::Bishop, "c1", 4), black] {
        shards_make_the_whole(&q);
    }
}

fn shards_make_the_whole(q: &Question) {
    let (header, whole) = certificate(q, None);
    let total = header.trim_end().rsplit(' ').next().unwrap().to_string();
    let shards: Vec<(String, Vec<u8>)> = (0..3).map(|i| certificate(q, Some((i, 3)))).collect();
    let sum: usize = shards.iter().map(|(_, b)| b.len()).sum();
    let top = (sum - whole.len()) / 2;
    let mut rebuilt = whole[..top].to_vec();
    let mut next = "0".to_string();
    for (i, (header, body)) in shards.iter().enumerate() {
        // `... cubes FIRST END of TOTAL`: the shards' ranges follow one another.
        let words: Vec<&str> = header.trim_end().rsplit(' ').take(4).collect();
        assert_eq!(words[0], total, "shard {i}: {header}");
        assert_eq!(words[3], next, "shard {i}: {header}");
        next = words[2].to_string();
        assert_eq!(body[..top], whole[..top], "shard {i}: another top tree");
        rebuilt.extend_from_slice(&body[top..]);
    }
    assert_eq!(next, total);
    assert_eq!(rebuilt, whole);
    // The same bytes on one thread as on two: the certificate is the question's own.
    let mut one = Vec::new();
    certify(q, None, 1, &|| false, &mut one).unwrap();
    assert_eq!(one[header.len()..], whole[..]);
}

#[test]
fn a_magic_ends_the_certificate_and_a_bad_question_is_refused() {
    let q = question(RookOrBishop::Bishop, "b1", 4);
    let done = certify(&q, None, 1, &|| false, &mut Vec::new()).unwrap();
    assert_eq!(done.answer, Some(Some(0x0004_0405_027f_ffc0)));
    assert!(done.cubes_done < done.cubes);
    let black = Question {
        scheme: IndexScheme::Black,
        ..q
    };
    let found = certify(&black, None, 1, &|| false, &mut Vec::new()).unwrap();
    assert!(matches!(found.answer, Some(Some(_))), "{found:?}");
    let mut out = Vec::new();
    let refused = certify(
        &question(RookOrBishop::Bishop, "d1", 6),
        None,
        1,
        &|| false,
        &mut out,
    );
    assert!(
        matches!(refused, Err(ProveError::Question(_))),
        "{refused:?}"
    );
    assert!(
        out.is_empty(),
        "a refused question wrote {} bytes",
        out.len()
    );
    // Stopped at once: the header and the top tree, no cube, no answer.
    let mut out = Vec::new();
    let stopped = certify(
        &question(RookOrBishop::Bishop, "c1", 4),
        None,
        1,
        &|| true,
        &mut out,
    )
    .unwrap();
    assert_eq!((stopped.answer, stopped.cubes_done), (None, 0));
}

#[test]
fn the_checked_certificates_cover_every_cube_once_or_say_how_far_they_got() {
    // Rook b2's, a2's and f2's fancy certificates and b2's, c2's and f2's black ones were streamed through
    // the independent checker shard by shard (tools/exhaust-certificate/run-shards.sh);
    // each file holds one line per checked shard: `shard I/N sha256 HASH [bytes B
    // seconds S] ok PIECE SQUARE BITS [black] depth D cubes A B of T nodes X refuted Y`. No shard twice, each with
    // the search's own cube range; the results file gives the totals once all N are in, and
    // no "none" by certificate before that.
    for (text, square, bits, scheme) in [
        (
            include_str!("../../../tests/data/own/rook_b2_9_certificate_shards.txt"),
            "b2",
            9,
            IndexScheme::Fancy,
        ),
        (
            include_str!("../../../tests/data/own/rook_a2_10_certificate_shards.txt"),
            "a2",
            10,
            IndexScheme::Fancy,
        ),
        (
            include_str!("../../../tests/data/own/rook_b2_9_black_certificate_shards.txt"),
            "b2",
            9,
            IndexScheme::Black,
        ),
        (
            include_str!("../../../tests/data/own/rook_c2_9_black_certificate_shards.txt"),
            "c2",
            9,
            IndexScheme::Black,
        ),
        (
            include_str!("../../../tests/data/own/rook_f2_9_black_certificate_shards.txt"),
            "f2",
            9,
            IndexScheme::Black,
        ),
        (
            include_str!("../../../tests/data/own/rook_f2_9_certificate_shards.txt"),
            "f2",
            9,
            IndexScheme::Fancy,
        ),
    ] {
        let q = Question {
            scheme,
            ..question(RookOrBishop::Rook, square, bits)
        };
        checked_shards(text, &q, 256);
    }
}

/// [`the_checked_certificates_cover_every_cube_once_or_say_how_far_they_got`] for the
/// shard lines `text` of rook question `q` cut into `shards`.
fn checked_shards(text: &str, q: &Question, shards: usize) {
    let (square, bits) = (q.square, q.bits);
    let word = match q.scheme {
        IndexScheme::Fancy => "",
        IndexScheme::Black => " black",
    };
    let ex = sliders_search::prove::exhaust::Exhaust::new(q).unwrap();
    let depth = ex.period() - 20;
    let cubes = ex.cubes(depth).len();
    let mut seen = vec![false; shards];
    let (mut nodes, mut refuted) = (0u64, 0u64);
    for line in text.lines() {
        let words: Vec<&str> = line.split(' ').collect();
        let (i, n) = words[1].split_once('/').unwrap();
        let (i, n): (usize, usize) = (i.parse().unwrap(), n.parse().unwrap());
        assert_eq!((words[0], n), ("shard", shards), "{line}");
        assert!(!seen[i], "{square}: shard {i} twice");
        seen[i] = true;
        assert_eq!(words[2], "sha256");
        assert!(words[3].len() == 64 && words[3].bytes().all(|b| b.is_ascii_hexdigit()));
        let ok = &words[words.iter().position(|&w| w == "ok").unwrap()..];
        let range = sliders_search::prove::shard::range(cubes, (i, n));
        let expected = format!(
            "ok rook {square} {bits}{word} depth {depth} cubes {} {} of {cubes} nodes",
            range.start, range.end
        );
        let at = expected.split(' ').count();
        assert_eq!(ok[..at].join(" "), expected, "{line}");
        nodes += ok[at].parse::<u64>().unwrap();
        assert_eq!(ok[at + 1], "refuted");
        refuted += ok[at + 2].parse::<u64>().unwrap();
    }
    let checked = seen.iter().filter(|&&s| s).count();
    // The results file (which the docs' N-1 tables are generated from) gives the totals
    // once all shards are in, and no "none" by certificate before that.
    let results = include_str!("../../../tests/data/own/n_minus_1_results.csv");
    let row = results.lines().find(|line| {
        line.starts_with(&format!(
            "rook,{square},{},{bits},exhaust certificate,none,",
            if word.is_empty() { "fancy" } else { "black" }
        ))
    });
    if checked == shards {
        let row = row.unwrap_or_else(|| {
            panic!("rook {square}{word}: no certificate row in the results file")
        });
        let figures =
            format!("{nodes} nodes read by the checker; {refuted} refutations; {shards} shards");
        assert!(
            row.contains(&figures),
            "rook {square}{word}: the results file does not give {figures}: {row}"
        );
    } else {
        assert!(
            row.is_none(),
            "rook {square}{word}: {checked} of {shards} shards checked, yet a row says none"
        );
    }
}
