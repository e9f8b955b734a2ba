//! `sliders find --shard` and `sliders merge-sets` through the binary: shards of a search
//! merge into the unsharded result, the best verified magic per square wins, and a
//! square no file has a valid magic for is named.

mod common;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/magics/");

/// The CSV rows without comments.
fn rows(path: &str) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

use common::{sliders, Sliders, TempDir};

#[test]
fn shards_merge_into_the_unsharded_set() {
    let dir = TempDir::new("merge");
    let mut shards = Vec::new();
    for i in 0..3 {
        let out = dir.file(&format!("s{i}.csv"));
        let shard = format!("{i}/3");
        let o = sliders([
            "find", "--scheme", "fancy", "--seed", "1", "--shard", &shard, "--out", &out,
        ]);
        assert!(o.status.success(), "{}", o.stderr());
        assert!(
            o.stderr().contains(&format!("shard {i}/3: ")),
            "{}",
            o.stderr()
        );
        shards.push(out);
    }
    // The shards split the 128 squares between them.
    let counts: Vec<usize> = shards.iter().map(|s| rows(s).len() - 1).collect();
    assert_eq!(counts, [43, 43, 42]);
    let merged = dir.file("merged.csv");
    let mut args = vec!["merge-sets"];
    args.extend(shards.iter().map(String::as_str));
    args.extend(["--out", &merged]);
    let o = sliders(&args);
    assert!(o.status.success(), "{}", o.stderr());
    let whole = dir.file("whole.csv");
    let o = sliders(["find", "--scheme", "fancy", "--seed", "1", "--out", &whole]);
    assert!(o.status.success(), "{}", o.stderr());
    assert_eq!(rows(&merged), rows(&whole));
    let o = sliders(["verify", &merged]);
    assert!(o.status.success(), "{}", o.stderr());
}

#[test]
fn the_shard_comes_from_slurm_variables() {
    let dir = TempDir::new("slurm");
    let out = dir.file("s1.csv");
    let env = [
        ("SLURM_ARRAY_TASK_ID", "1"),
        ("SLURM_ARRAY_TASK_COUNT", "4"),
    ];
    let o = Sliders::new(["find", "--scheme", "fancy", "--seed", "1", "--out", &out])
        .envs(env)
        .output();
    assert!(o.status.success(), "{}", o.stderr());
    assert!(
        o.stderr().contains("shard 1/4: 32 squares"),
        "{}",
        o.stderr()
    );
    assert_eq!(rows(&out).len(), 1 + 32);
}

#[test]
fn the_fewest_bits_that_verify_win() {
    let dir = TempDir::new("best");
    let stockfish = format!("{DATA}fancy_stockfish_seeds_107648.csv");
    let best = format!("{DATA}fancy_best_known_92864.csv");
    // The best-known set uses N-1 bits on 39 squares: merged with Stockfish's, every
    // square takes the smaller magic, which is the best-known table.
    let merged = dir.file("merged.csv");
    let o = sliders([
        "merge-sets",
        &stockfish,
        &best,
        "--scheme",
        "fancy",
        "--out",
        &merged,
    ]);
    assert!(o.status.success(), "{}", o.stderr());
    assert!(o.stderr().contains("92864 entries"), "{}", o.stderr());

    // A row that claims fewer bits with a magic that does not work is skipped, named.
    let forged = dir.file("forged.csv");
    std::fs::write(
        &forged,
        "# scheme: fancy\npiece,square,square_index,magic_hex,shift,bits_used,mask_bits,offset\nrook,e4,28,0x0000000000000001,55,9,10,\n",
    )
    .unwrap();
    let o = sliders(["merge-sets", &forged, &stockfish, "--out", &merged]);
    assert!(o.status.success(), "{}", o.stderr());
    assert!(
        o.stderr()
            .contains("line 3: rook e4: the magic fails with 9 bits; skipped"),
        "{}",
        o.stderr()
    );
    assert!(o.stderr().contains("107648 entries"), "{}", o.stderr());

    // Files without a `# scheme:` comment (the forged row without its comment, and
    // Stockfish's published file) before the one that names it (a shard's): their rows
    // count, the forged one still skipped by name; and an impossible shift is bad input naming the line, not a panic.
    let bare = dir.file("bare.csv");
    let text = std::fs::read_to_string(&forged)
        .unwrap()
        .replace("# scheme: fancy\n", "");
    std::fs::write(&bare, text).unwrap();
    let half = dir.file("half.csv");
    let o = sliders([
        "find", "--scheme", "fancy", "--seed", "1", "--shard", "0/2", "--out", &half,
    ]);
    assert!(o.status.success(), "{}", o.stderr());
    let o = sliders(["merge-sets", &bare, &stockfish, &half, "--out", &merged]);
    assert!(o.status.success(), "{}", o.stderr());
    assert!(
        o.stderr().contains("rook e4: the magic fails with 9 bits"),
        "{}",
        o.stderr()
    );
    let absurd = dir.file("absurd.csv");
    std::fs::write(
        &absurd,
        "# scheme: fancy32\npiece,square,square_index,magic_hex,shift,bits_used,mask_bits,offset\nrook,e4,28,0x0000000000000001,40,,10,\n",
    )
    .unwrap();
    let o = sliders(["merge-sets", &absurd]);
    assert_eq!(o.status.code(), Some(2), "{}", o.stderr());
    assert!(
        o.stderr()
            .contains("line 3: shift 40 is more than the 32-bit product"),
        "{}",
        o.stderr()
    );
}

#[test]
fn a_square_without_a_valid_magic_is_named() {
    let dir = TempDir::new("missing");
    let half = dir.file("half.csv");
    let o = sliders([
        "find", "--scheme", "fancy", "--seed", "1", "--shard", "0/2", "--out", &half,
    ]);
    assert!(o.status.success(), "{}", o.stderr());
    let o = sliders(["merge-sets", &half]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        o.stderr()
            .contains("no valid magic in the files for 64 square(s): rook b1"),
        "{}",
        o.stderr()
    );
    let o = sliders(["merge-sets", "/nonexistent/file.csv"]);
    assert_eq!(o.status.code(), Some(2));
    let o = sliders(["find", "--scheme", "fancy", "--shard", "3/3"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stderr().contains("0 <= I < N"), "{}", o.stderr());
}
