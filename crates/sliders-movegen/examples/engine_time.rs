use std::time::Instant;
fn main() {
    let kiwi = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let cases = [(sliders_movegen::STARTPOS_FEN, 6u32), (kiwi, 5)];
    for round in 0..3 {
        for (fen, d) in cases {
            let b = sliders_movegen::Board::from_fen(fen).unwrap();
            let t = Instant::now();
            let a = sliders_movegen::engine::perft(&b, d);
            let ta = t.elapsed().as_secs_f64();
            let t = Instant::now();
            let g = sliders_movegen::perft(&b, d);
            let tg = t.elapsed().as_secs_f64();
            assert_eq!(a, g);
            println!(
                "r{round} d{d} engine {:.3}s {:.0} Mnps  general {:.3}s {:.0} Mnps  ratio {:.3}",
                ta,
                a as f64 / ta / 1e6,
                tg,
                g as f64 / tg / 1e6,
                ta / tg
            );
        }
    }
}
