fn main() {
    let args: Vec<String> = std::env::args().collect();
    let fen = match args[1].as_str() {
        "kiwi" => "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "start" => sliders_movegen::STARTPOS_FEN,
        f => f,
    };
    let d: u32 = args[2].parse().unwrap();
    let b = sliders_movegen::Board::from_fen(fen).unwrap();
    let t = std::time::Instant::now();
    let n = if args[3] == "engine" {
        sliders_movegen::engine::perft(&b, d)
    } else {
        sliders_movegen::perft(&b, d)
    };
    eprintln!("{:.4}", t.elapsed().as_secs_f64());
    println!("{n}");
}
