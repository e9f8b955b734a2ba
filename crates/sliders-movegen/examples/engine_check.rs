fn main() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/perft/");
    let mut bad = 0;
    let mut n = 0;
    for f in [
        "standard.epd",
        "tricky.epd",
        "chess960.epd",
        "tricky_unreachable.epd",
    ] {
        let text = std::fs::read_to_string(format!("{root}{f}")).unwrap();
        for line in text.lines() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let mut parts = line.split(';');
            let fen = parts.next().unwrap().trim();
            let b = sliders_movegen::Board::from_fen(fen).unwrap();
            for p in parts {
                let (d, c) = p.trim().split_once(' ').unwrap();
                let d: u32 = d.trim_start_matches('D').parse().unwrap();
                let c: u128 = c.trim().parse().unwrap();
                if c > 2_000_000 {
                    continue;
                }
                n += 1;
                let got = sliders_movegen::engine::perft(&b, d);
                if got != c {
                    bad += 1;
                    if bad < 20 {
                        println!("{f}: {fen} d{d}: {got} != {c}");
                    }
                }
            }
        }
    }
    println!("{n} checked, {bad} bad");
}
