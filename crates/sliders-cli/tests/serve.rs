//! `sliders serve`'s API, through the real binary over real sockets (docs/serve.md): the
//! answers equal `sliders attacks` and `show --explain`; every bad parameter is a 400
//! naming it; unknown and traversal paths are 404 and never read a file; methods, sizes
//! and job counts are bounded; many requests at once are all answered; a job is
//! cancelled; Ctrl-C while a job runs stops the server and leaves nothing behind.
#![cfg(feature = "serve")]

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command};
use std::time::{Duration, Instant};

use common::Sliders;
use serde_json::Value;

/// A running `sliders serve --port 0`, stopped on drop.
struct Server {
    child: Child,
    addr: String,
}

impl Server {
    fn start() -> Server {
        Server::start_in(None)
    }

    fn start_in(tmp: Option<&std::path::Path>) -> Server {
        let mut cmd = Sliders::new(["serve", "--port", "0"]);
        if let Some(tmp) = tmp {
            cmd = cmd.env("TMPDIR", tmp);
        }
        let mut child = cmd.spawn();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let addr = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        assert!(
            addr.starts_with("127.0.0.1:"),
            "not loopback by default: {line}"
        );
        Server { child, addr }
    }

    /// The whole reply (head and body) to one request, raw over TCP; `{host}` in `raw`
    /// is the server's address.
    fn exchange(&self, raw: &str) -> String {
        let mut stream = TcpStream::connect(&self.addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        stream
            .write_all(raw.replace("{host}", &self.addr).as_bytes())
            .unwrap();
        let mut reply = Vec::new();
        stream.read_to_end(&mut reply).unwrap();
        String::from_utf8_lossy(&reply).to_string()
    }

    /// `(status, body)` of one request, raw over TCP (`{host}`: the server's address).
    fn send(&self, raw: &str) -> (u16, String) {
        let reply = self.exchange(raw);
        let status = reply
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("no status in {reply:?}"));
        let body = reply
            .split_once("\r\n\r\n")
            .map(|(_, b)| b.to_string())
            .unwrap_or_default();
        (status, body)
    }

    fn request(&self, method: &str, target: &str) -> (u16, String) {
        self.send(&format!(
            "{method} {target} HTTP/1.1\r\nHost: {{host}}\r\nConnection: close\r\n\r\n"
        ))
    }

    fn get(&self, target: &str) -> (u16, Value) {
        let (status, body) = self.request("GET", target);
        (
            status,
            serde_json::from_str(&body).unwrap_or_else(|e| panic!("{target}: {e}: {body}")),
        )
    }

    fn post(&self, target: &str) -> (u16, Value) {
        let (status, body) = self.request("POST", target);
        (
            status,
            serde_json::from_str(&body).unwrap_or_else(|e| panic!("{target}: {e}: {body}")),
        )
    }

    /// Polls a job until it is no longer running.
    fn finish(&self, job: &str, within: Duration) -> Value {
        let start = Instant::now();
        loop {
            let (status, s) = self.get(&format!("/api/jobs/{job}"));
            assert_eq!(status, 200, "{s}");
            if s["state"] != "running" {
                return s;
            }
            assert!(start.elapsed() < within, "job {job} still running: {s}");
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What `sliders args` prints with `stdin`, which must succeed.
fn sliders(args: &[&str], stdin: &str) -> String {
    let out = Sliders::new(args).stdin(stdin).output();
    out.assert_success();
    String::from_utf8(out.stdout).unwrap()
}

fn available_schemes() -> Vec<String> {
    sliders(&["schemes"], "")
        .lines()
        .filter(|l| l.ends_with(" available"))
        .map(|l| l.split(' ').next().unwrap().to_string())
        .collect()
}

#[test]
fn the_issues_example_answers_as_written() {
    let server = Server::start();
    let (status, v) =
        server.get("/api/attacks?piece=rook&square=e4&occupied=0x0010000002000000&scheme=fancy");
    assert_eq!(status, 200);
    assert_eq!(v["attacks"], "0x00101010ee101010");
    let (status, v) =
        server.get("/api/explain?piece=rook&square=e4&occupied=0x0010000002000000&scheme=fancy");
    assert_eq!(status, 200);
    assert_eq!(v["table_index"], 46124); // worked by hand in show.rs
    assert_eq!(v["steps"][2]["product"], "0x0b00100020000000");
    let (status, page) = server.request("GET", "/");
    assert_eq!(status, 200);
    assert!(page.contains("<script src=\"/app.js\">"), "{page}");
}

/// Every scheme: the API's attacks are `sliders attacks`', and its explanation's numbers
/// are the ones `show --explain` prints (one model: crate::explain).
#[test]
fn every_scheme_answers_as_the_command_line_does() {
    let server = Server::start();
    let queries = [
        ("rook", "e4", "0x0010000002000000"),
        ("bishop", "c1", "0x0000004000000800"),
        ("rook", "a1", "0x0000000001000004"),
        ("bishop", "h8", "0xffffffffffffffff"),
    ];
    for scheme in available_schemes() {
        let lines: String = queries
            .iter()
            .map(|(p, s, o)| format!("{p} {s} {o}\n"))
            .collect();
        let expected = sliders(&["attacks", "--scheme", &scheme], &lines);
        for ((piece, square, occ), want) in queries.iter().zip(expected.lines()) {
            let q = format!("piece={piece}&square={square}&occupied={occ}&scheme={scheme}");
            let (status, a) = server.get(&format!("/api/attacks?{q}"));
            assert_eq!(status, 200, "{scheme}: {a}");
            assert_eq!(a["attacks"], want, "{scheme} {q}");
            let (status, ex) = server.get(&format!("/api/explain?{q}"));
            assert_eq!(status, 200, "{scheme}: {ex}");
            assert_eq!(ex["attacks"], want, "{scheme} {q}");
            assert_eq!(ex["agrees_with_reference"], true);
            let text = sliders(
                &[
                    "show",
                    occ,
                    "--square",
                    square,
                    "--piece",
                    piece,
                    "--scheme",
                    &scheme,
                    "--explain",
                ],
                "",
            );
            assert!(text.contains(ex["formula"].as_str().unwrap()), "{scheme}");
            if let Some(index) = ex["table_index"].as_u64() {
                let phrase = if scheme == "byte-lookup" {
                    format!("byte index {index}")
                } else {
                    format!("table index {index}")
                };
                assert!(
                    text.contains(&phrase),
                    "{scheme} {q}: {phrase} not in\n{text}"
                );
            } else {
                assert!(text.contains("no index"), "{scheme}");
            }
            for step in ex["steps"].as_array().unwrap() {
                if step["kind"] == "product" {
                    let line = format!(
                        "* magic {} = {}",
                        step["magic"].as_str().unwrap(),
                        step["product"].as_str().unwrap()
                    );
                    assert!(text.contains(&line), "{scheme}: {line} not in\n{text}");
                }
            }
        }
    }
}

#[test]
fn collisions_and_a_magic_by_hand() {
    let server = Server::start();
    // fancy-best's rook d1 has 10 index bits for its 11-bit mask: entries are shared.
    let (status, c) = server
        .get("/api/collisions?piece=rook&square=d1&occupied=0x0000000000000800&scheme=fancy-best");
    assert_eq!(status, 200, "{c}");
    assert!(c["sharing"].as_u64().unwrap() > 1, "{c}");
    assert_eq!(c["relevant_occupancies"], 2048);
    assert_eq!(c["destructive"], 0);
    // Rook d1's 10-bit magic (ours, tests/data/own/n_minus_1_results.csv) and one bit off.
    let (_, m) = server.get("/api/magic?piece=rook&square=d1&magic=0x66000aeae5ffff40&bits=10");
    assert_eq!(m["ok"], true, "{m}");
    assert_eq!(m["slots_used"], 1022);
    let (_, m) = server.get("/api/magic?piece=rook&square=d1&magic=0x66000aeae5ffff00&bits=10");
    assert_eq!(m["ok"], false, "{m}");
    assert_ne!(
        m["collision"]["first_attacks"],
        m["collision"]["second_attacks"]
    );
    let (_, m) =
        server.get("/api/magic?piece=bishop&square=c1&magic=0x0a0080181001f60c&bits=9&key=black");
    assert_eq!(m["ok"], true, "{m}");
}

#[test]
fn every_bad_parameter_is_a_400_that_names_it() {
    let server = Server::start();
    let bad = [
        ("/api/attacks?piece=knight&square=e4", "piece"),
        ("/api/attacks?square=e4", "piece"),
        ("/api/attacks?piece=rook&square=i9", "square"),
        (
            "/api/attacks?piece=rook&square=e4&occupied=0x1g",
            "occupied",
        ),
        ("/api/attacks?piece=rook&square=e4&occupied=12", "occupied"),
        (
            "/api/attacks?piece=rook&square=e4&occupied=0x12345678901234567",
            "occupied",
        ),
        ("/api/attacks?piece=rook&square=e4&scheme=nope", "scheme"),
        ("/api/explain?piece=queen&square=e4", "piece"),
        ("/api/attacks?piece=rook&piece=bishop&square=e4", "piece"),
        ("/api/attacks?piece=rook&square=%zz", "square"),
        ("/api/attacks?piece=rook&square=%ff", "square"),
        ("/api/magic?piece=rook&square=d1&magic=66&bits=10", "magic"),
        ("/api/magic?piece=rook&square=d1&magic=0x66&bits=0", "bits"),
        ("/api/magic?piece=rook&square=d1&magic=0x66&bits=13", "bits"),
        (
            "/api/magic?piece=rook&square=d1&magic=0x66&bits=99999999999999999999",
            "bits",
        ),
        (
            "/api/magic?piece=rook&square=d1&magic=0x66&bits=10&key=white",
            "key",
        ),
        ("/api/position?fen=8/8/8/8/8/8/8/8+w+-+-+0+1", "fen"),
        ("/api/position?moves=e2e5", "moves"),
        // Round 3's probe: a parameter the path does not take was ignored.
        (
            "/api/attacks?piece=rook&square=e4&occupancy=0x1",
            "occupancy",
        ),
        ("/api/position?move=e2e4", "move"),
        ("/api/schemes?x=1", "x"),
        ("/api/attacks?piece=rook&square=e4&=x", ""),
    ];
    for (target, parameter) in bad {
        let (status, v) = server.get(target);
        assert_eq!(status, 400, "{target}: {v}");
        assert_eq!(v["parameter"], parameter, "{target}: {v}");
        assert!(!v["error"].as_str().unwrap().is_empty());
    }
    let bad_jobs = [
        ("/api/find?piece=rook&square=d1&bits=13", "bits"),
        (
            "/api/find?piece=rook&square=d1&bits=10&method=magic",
            "method",
        ),
        (
            "/api/find?piece=rook&square=d1&bits=10&seconds=0",
            "seconds",
        ),
        (
            "/api/find?piece=rook&square=d1&bits=10&seconds=100000",
            "seconds",
        ),
        ("/api/find?piece=rook&square=d1&bits=10&seed=-1", "seed"),
        ("/api/perft?depth=7", "depth"),
        ("/api/perft?depth=0", "depth"),
        ("/api/perft", "depth"),
        ("/api/perft?depth=2&fen=nonsense", "fen"),
        ("/api/perft?depth=2&seconds=3", "seconds"),
    ];
    for (target, parameter) in bad_jobs {
        let (status, v) = server.post(target);
        assert_eq!(status, 400, "{target}: {v}");
        assert_eq!(v["parameter"], parameter, "{target}: {v}");
    }
}

#[test]
fn unknown_and_traversal_paths_are_404_and_read_no_file() {
    let server = Server::start();
    for target in [
        "/nope",
        "/../Cargo.toml",
        "/%2e%2e/Cargo.toml",
        "/%2E%2E%2FCargo.toml",
        "/api/../Cargo.toml",
        "/app.js/../../../../etc/passwd",
        "//etc/passwd",
        "/api/jobs/../../etc/passwd",
        "/api/jobs/99999",
        "/api/jobs/1/../../x",
        "/index.html%00.js",
        "/api/attacksx",
    ] {
        let (status, body) = server.request("GET", target);
        assert_eq!(status, 404, "{target}: {body}");
        assert!(
            !body.contains("[package]") && !body.contains("root:"),
            "{target}: {body}"
        );
    }
    // The methods each path takes.
    assert_eq!(
        server
            .request("POST", "/api/attacks?piece=rook&square=e4")
            .0,
        405
    );
    assert_eq!(
        server
            .request("GET", "/api/find?piece=rook&square=e4&bits=5")
            .0,
        405
    );
    assert_eq!(server.request("DELETE", "/").0, 405);
    // The bounds on a request: its target and its body.
    let long = format!("/api/attacks?piece=rook&square=e4&x={}", "a".repeat(5000));
    assert_eq!(server.request("GET", &long).0, 414);
    let (status, body) = server.send(
        "POST /api/perft?depth=1 HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nContent-Length: 5\r\n\r\nhello",
    );
    assert_eq!(status, 413, "{body}");
    let (status, body) = server.send(
        "POST /api/perft?depth=1 HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
    );
    assert_eq!(status, 413, "{body}");
    // A head past 16 KiB is 431 however the reads fall (round 3's probe: one of 17,000
    // bytes in a single header was served), and one just under it is served.
    for (size, want) in [(17_000, 431), (16_000, 200)] {
        let (status, body) = server.send(&format!(
            "GET /api/schemes HTTP/1.1\r\nHost: {{host}}\r\nConnection: close\r\nX-Big: {}\r\n\r\n",
            "a".repeat(size)
        ));
        assert_eq!(status, want, "{size}: {body}");
    }
    // Bare line feeds end the head as RFC 9112 lets a server accept: answered at once,
    // not after the idle timeout.
    let start = Instant::now();
    let (status, body) =
        server.send("GET /api/schemes HTTP/1.1\nHost: {host}\nConnection: close\n\n");
    assert_eq!(status, 200, "{body}");
    assert!(
        start.elapsed() < Duration::from_secs(4),
        "{:?}",
        start.elapsed()
    );
    // A percent escape of bytes that are not UTF-8 says so.
    let (status, body) = server.request("GET", "/api/attacks?piece=%FF&square=e4");
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("not UTF-8"), "{body}");
    // A body declared and never sent is refused unread, at once: a large one (413), and
    // the largest length there is, which hyper refuses as a head it cannot hold (431).
    let (status, body) = server.send(
        "POST /api/perft?depth=1 HTTP/1.1\r\nHost: {host}\r\nContent-Length: 1000000000000\r\n\r\n",
    );
    assert_eq!(status, 413, "{body}");
    let (status, body) = server.send(
        "POST /api/perft?depth=1 HTTP/1.1\r\nHost: {host}\r\nContent-Length: 18446744073709551615\r\n\r\n",
    );
    assert_eq!(status, 431, "{body}");
    // Connections that send nothing hold no worker for good: more of them than there are
    // workers, and a request beside them is still answered.
    let idle: Vec<TcpStream> = (0..12)
        .map(|_| TcpStream::connect(&server.addr).unwrap())
        .collect();
    let (status, _) = server.get("/api/schemes");
    assert_eq!(status, 200);
    drop(idle);
}

#[test]
fn many_requests_at_once_are_all_answered() {
    let server = Server::start();
    let mut lines = String::new();
    let mut targets = Vec::new();
    let mut x: u64 = 0x9e3779b97f4a7c15;
    for i in 0..240u32 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let piece = if i % 2 == 0 { "rook" } else { "bishop" };
        let square = format!("{}{}", (b'a' + (i % 8) as u8) as char, i / 8 % 8 + 1);
        let occ = x & x.rotate_left(17);
        lines.push_str(&format!("{piece} {square} {occ:#018x}\n"));
        targets.push(format!(
            "/api/attacks?piece={piece}&square={square}&occupied={occ:#018x}&scheme=fancy"
        ));
    }
    let expected: Vec<String> = sliders(&["attacks", "--scheme", "fancy"], &lines)
        .lines()
        .map(String::from)
        .collect();
    std::thread::scope(|scope| {
        for chunk in 0..16 {
            let (server, targets, expected) = (&server, &targets, &expected);
            scope.spawn(move || {
                for i in (chunk..targets.len()).step_by(16) {
                    let (status, v) = server.get(&targets[i]);
                    assert_eq!(status, 200);
                    assert_eq!(v["attacks"], expected[i].as_str(), "{}", targets[i]);
                }
            });
        }
    });
}

#[test]
fn jobs_run_to_the_end_are_bounded_and_cancel() {
    let server = Server::start();
    // A finder question to its end, and a divide (perft 3 of the start: 8,902).
    let (status, j) = server.post("/api/find?piece=bishop&square=c1&bits=5&method=stockfish");
    assert_eq!(status, 200, "{j}");
    let s = server.finish(j["job"].as_str().unwrap(), Duration::from_secs(60));
    assert_eq!(s["state"], "done", "{s}");
    assert_eq!(s["result"]["verified"], true);
    assert!(s["result"]["csv"]
        .as_str()
        .unwrap()
        .starts_with("bishop,c1,2,0x"));
    let (_, j) = server.post("/api/perft?depth=3");
    let s = server.finish(j["job"].as_str().unwrap(), Duration::from_secs(60));
    assert_eq!(s["nodes"], "8902", "{s}");
    assert_eq!(s["divide"].as_array().unwrap().len(), 20);
    // Two long jobs run; a third is refused until one ends; a cancelled one stops.
    let (_, a) = server.post("/api/find?piece=rook&square=b1&bits=10&method=dense&seconds=100");
    let (_, b) = server.post("/api/find?piece=rook&square=c1&bits=10&method=stockfish&seconds=100");
    let (status, c) = server.post("/api/perft?depth=2");
    assert_eq!(status, 429, "{c}");
    for job in [&a, &b] {
        let id = job["job"].as_str().unwrap();
        let (status, _) = server.post(&format!("/api/jobs/{id}/cancel"));
        assert_eq!(status, 200);
        let s = server.finish(id, Duration::from_secs(20));
        assert_eq!(s["state"], "cancelled", "{s}");
        assert!(
            s["result"].is_null(),
            "a cancelled search has no result: {s}"
        );
    }
    // A divide cancelled stops before its last root move (Kiwipete, depth 6).
    let (_, d) = server.post("/api/perft?depth=6&fen=r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R+w+KQkq+-+0+1");
    let id = d["job"].as_str().unwrap();
    let (status, _) = server.post(&format!("/api/jobs/{id}/cancel"));
    assert_eq!(status, 200);
    let s = server.finish(id, Duration::from_secs(60));
    assert_eq!(s["state"], "cancelled", "{s}");
    assert!(s["moves_done"].as_u64().unwrap_or(0) < 48, "{s}");
    let (status, _) = server.post("/api/perft?depth=2");
    assert_eq!(status, 200);
}

#[test]
fn ctrl_c_while_a_job_runs_stops_the_server_and_leaves_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let mut server = Server::start_in(Some(tmp.path()));
    let (status, j) =
        server.post("/api/find?piece=rook&square=b1&bits=10&method=dense&seconds=100");
    assert_eq!(status, 200, "{j}");
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(
        std::fs::read_dir(tmp.path()).unwrap().count(),
        1,
        "the job's state directory"
    );
    let pid = server.child.id().to_string();
    assert!(Command::new("kill")
        .args(["-INT", &pid])
        .status()
        .unwrap()
        .success());
    let start = Instant::now();
    let status = loop {
        if let Some(status) = server.child.try_wait().unwrap() {
            break status;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "still running after SIGINT"
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "{status:?}");
    let left: Vec<_> = std::fs::read_dir(tmp.path()).unwrap().collect();
    assert!(left.is_empty(), "left behind: {left:?}");
}

#[test]
fn a_bind_address_is_checked_and_another_than_loopback_is_said() {
    let out = Sliders::new(["serve", "--bind", "localhost-ish"]).output();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--bind \"localhost-ish\""));
    let mut child = Sliders::new(["serve", "--bind", "0.0.0.0", "--port", "0"]).spawn();
    let mut line = String::new();
    BufReader::new(child.stderr.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(line.contains("not loopback"), "{line}");
}

// Issue 73's findings, each through the real server.

/// DNS rebinding: a page whose name is re-pointed at 127.0.0.1 sends its own name as the
/// Host; only the server's own addresses are answered, GET and POST alike.
#[test]
fn a_foreign_host_is_refused() {
    let server = Server::start();
    let port = server.addr.rsplit(':').next().unwrap().to_string();
    for host in [
        "evil.example".to_string(),
        format!("evil.example:{port}"),
        "127.0.0.1".to_string(),
        format!("127.0.0.1:{}", port.parse::<u32>().unwrap() + 1),
        format!("localhost.evil.example:{port}"),
    ] {
        for (method, target) in [
            ("GET", "/api/schemes"),
            ("GET", "/"),
            ("POST", "/api/perft?depth=1"),
        ] {
            let (status, body) = server.send(&format!(
                "{method} {target} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
            ));
            assert_eq!(status, 421, "{method} {target} Host {host}: {body}");
            assert!(!body.contains("schemes") && !body.contains("job"), "{body}");
        }
    }
    // No Host at all (HTTP/1.0), and a foreign one in an absolute target.
    let (status, body) = server.send("GET /api/schemes HTTP/1.0\r\n\r\n");
    assert_eq!(status, 421, "{body}");
    let (status, body) = server.send(
        "GET http://evil.example/api/schemes HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n",
    );
    assert_eq!(status, 421, "{body}");
    let (status, body) = server.send(
        "GET http://{host}/api/schemes HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n",
    );
    assert_eq!(status, 421, "{body}");
    // Two Hosts, one of them ours: which one a reader believes is not to be guessed.
    let (status, body) = server.send(
        "GET /api/schemes HTTP/1.1\r\nHost: {host}\r\nHost: evil.example\r\nConnection: close\r\n\r\n",
    );
    assert_eq!(status, 400, "{body}");
    // Nothing was started by the refused POSTs.
    assert_eq!(server.get("/api/jobs/1").0, 404);
    // The server's own names are answered, in any case.
    for host in [
        format!("127.0.0.1:{port}"),
        format!("localhost:{port}"),
        format!("LocalHost:{port}"),
        format!("[::1]:{port}"),
    ] {
        let (status, body) = server.send(&format!(
            "GET /api/schemes HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
        ));
        assert_eq!(status, 200, "Host {host}: {body}");
    }
}

/// A page of another site may send a body-less POST without asking first: a job started
/// or cancelled from it is refused, by its Origin or its Sec-Fetch-Site.
#[test]
fn a_cross_site_post_is_refused() {
    let server = Server::start();
    let (status, j) = server.post("/api/perft?depth=1");
    assert_eq!(status, 200, "{j}");
    let own = j["job"].as_str().unwrap().to_string();
    server.finish(&own, Duration::from_secs(60));
    let targets = [
        "/api/perft?depth=1".to_string(),
        "/api/find?piece=bishop&square=c1&bits=5".to_string(),
        format!("/api/jobs/{own}/cancel"),
    ];
    let foreign = [
        "Origin: http://evil.example",
        "Origin: null",
        "Origin: https://127.0.0.1",
        "Origin: http://localhost:1",
        "Sec-Fetch-Site: cross-site",
        "Sec-Fetch-Site: same-site",
    ];
    for target in &targets {
        for header in foreign {
            let (status, body) = server.send(&format!(
                "POST {target} HTTP/1.1\r\nHost: {{host}}\r\n{header}\r\nConnection: close\r\n\r\n"
            ));
            assert_eq!(status, 403, "{target} {header}: {body}");
            assert!(!body.contains("\"job\""), "{body}");
        }
    }
    // None of them started a job: the next one is the second.
    assert_eq!(server.get("/api/jobs/2").0, 404);
    // The page's own requests: same origin, or no Origin (curl).
    for header in [
        format!("Origin: http://{}", server.addr),
        "Sec-Fetch-Site: same-origin".to_string(),
        "X-None: 1".to_string(),
    ] {
        let (status, body) = server.send(&format!(
            "POST /api/perft?depth=1 HTTP/1.1\r\nHost: {{host}}\r\n{header}\r\nConnection: close\r\n\r\n"
        ));
        assert_eq!(status, 200, "{header}: {body}");
        let id = serde_json::from_str::<Value>(&body).unwrap()["job"]
            .as_str()
            .unwrap()
            .to_string();
        server.finish(&id, Duration::from_secs(60));
    }
}

/// 64 connections each sending its head a byte a second delay no other request, and
/// each is dropped once its head has taken 10 s.
#[test]
fn slow_clients_delay_no_one_and_are_dropped() {
    let server = Server::start();
    let head = "GET /api/schemes HTTP/1.1\r\nHost: {host}\r\nX-Slow: "
        .replace("{host}", &server.addr)
        + &"a".repeat(100);
    let head = head.as_bytes();
    let started = Instant::now();
    let mut slow: Vec<(TcpStream, Option<Duration>)> = (0..64)
        .map(|_| {
            let s = TcpStream::connect(&server.addr).unwrap();
            s.set_nonblocking(true).unwrap();
            (s, None)
        })
        .collect();
    let mut slowest = Duration::ZERO;
    let mut asked = 0;
    // Each second: a byte on every slow connection still open, a note of those closed,
    // and a normal request timed. Bounded: 25 s (the head's limit is 10 s).
    for second in 0..25 {
        for (stream, closed) in slow.iter_mut().filter(|(_, c)| c.is_none()) {
            let mut buf = [0u8; 512];
            let gone = match stream.read(&mut buf) {
                Ok(_) => true,
                Err(e) => e.kind() != std::io::ErrorKind::WouldBlock,
            } || stream.write(&head[second..second + 1]).is_err();
            if gone {
                *closed = Some(started.elapsed());
            }
        }
        if (2..8).contains(&second) {
            let t = Instant::now();
            let (status, _) = server.get("/api/schemes");
            assert_eq!(status, 200);
            slowest = slowest.max(t.elapsed());
            asked += 1;
        }
        if slow.iter().all(|(_, c)| c.is_some()) {
            break;
        }
        std::thread::sleep(Duration::from_secs(1));
    }
    assert_eq!(asked, 6);
    eprintln!("the slowest of {asked} requests beside 64 slow clients: {slowest:?}");
    // The issue's second, with slack for a loaded machine (it was 5 s to a reset).
    assert!(
        slowest < Duration::from_secs(2),
        "a request beside 64 slow clients took {slowest:?}"
    );
    for (i, (_, closed)) in slow.iter().enumerate() {
        let closed = closed.unwrap_or_else(|| panic!("slow connection {i} still open after 25 s"));
        assert!(closed >= Duration::from_secs(9), "{i} closed at {closed:?}");
    }
}

/// A dense finder job mid-walk and a divide mid-run are cancelled within a second, and
/// the slot is free as soon as the job reads `cancelled`.
#[test]
fn every_job_kind_cancels_within_a_second() {
    let server = Server::start();
    // Rook e1, 10 bits, seed 1: its rounds walk cubes from the 19th on, the 23rd one for
    // most of its budget of 2^27 nodes (13 s of one core; the cancel used to wait for it).
    let dense = "/api/find?piece=rook&square=e1&bits=10&method=dense&seconds=120";
    let walking = |s: &Value| s["progress"]["cubes_walked"].as_u64().unwrap_or(0) >= 2;
    // Queens on both sides, depth 6: about 20 s in all.
    let divide = "/api/perft?depth=6&fen=4k3/q6q/8/3qq3/3QQ3/8/Q6Q/4K3+w+-+-+0+1";
    let started = |s: &Value| s["moves_done"].as_u64().unwrap_or(0) >= 1;
    // Each case: its name, its request, and when it is under way.
    type Case<'a> = (&'a str, &'a str, &'a dyn Fn(&Value) -> bool);
    let cases: [Case; 2] = [("dense", dense, &walking), ("divide", divide, &started)];
    for (kind, target, ready) in cases {
        let (status, a) = server.post(target);
        assert_eq!(status, 200, "{a}");
        // The other slot taken too, so that a new job needs this one's.
        let (status, b) = server.post("/api/find?piece=rook&square=c1&bits=10&seconds=120");
        assert_eq!(status, 200, "{b}");
        let id = a["job"].as_str().unwrap();
        let waited = Instant::now();
        loop {
            let (_, s) = server.get(&format!("/api/jobs/{id}"));
            assert_eq!(s["state"], "running", "{kind}: {s}");
            if ready(&s) {
                break;
            }
            assert!(waited.elapsed() < Duration::from_secs(110), "{kind}: {s}");
            std::thread::sleep(Duration::from_millis(50));
        }
        let asked = Instant::now();
        let (status, c) = server.post(&format!("/api/jobs/{id}/cancel"));
        assert_eq!(status, 200, "{c}");
        let s = server.finish(id, Duration::from_secs(60));
        let took = asked.elapsed();
        assert_eq!(s["state"], "cancelled", "{kind}: {s}");
        // The slot is free: a new job starts beside the other one still running.
        let (status, d) = server.post("/api/perft?depth=1");
        assert_eq!(status, 200, "{kind}: the slot is still taken: {d}");
        eprintln!("{kind}: cancelled in {took:?}");
        // The issue's second, with slack for a loaded machine (it was 50 s).
        assert!(
            took < Duration::from_secs(3),
            "{kind}: cancelled in {took:?}"
        );
        let other = b["job"].as_str().unwrap();
        server.post(&format!("/api/jobs/{other}/cancel"));
        server.finish(other, Duration::from_secs(60));
        server.finish(d["job"].as_str().unwrap(), Duration::from_secs(60));
    }
}

/// RFC 9112 section 5.1: whitespace between a header's name and its colon is a 400, and
/// so is a header line with no colon; neither reaches a route.
#[test]
fn malformed_header_lines_are_400() {
    let server = Server::start();
    for raw in [
        "POST /api/perft?depth=1 HTTP/1.1\r\nHost: {host}\r\nContent-Length : 5\r\nConnection: close\r\n\r\nhello",
        "POST /api/perft?depth=1 HTTP/1.1\r\nHost: {host}\r\nTransfer-Encoding : chunked\r\nConnection: close\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
        "GET /api/schemes HTTP/1.1\r\nHost: {host}\r\nno colon here\r\nConnection: close\r\n\r\n",
        "GET /api/schemes HTTP/1.1\r\nHost : {host}\r\nConnection: close\r\n\r\n",
    ] {
        let (status, body) = server.send(raw);
        assert_eq!(status, 400, "{raw:?}: {body}");
        assert!(!body.contains("schemes") && !body.contains("job"), "{body}");
    }
    assert_eq!(server.get("/api/jobs/1").0, 404, "a job was started");
}

/// A job's id in its one form: `+1`, `01` and the like are no job, GET or cancel, and a
/// cancel's refusal never repeats the id it was given.
#[test]
fn job_ids_match_exactly() {
    let server = Server::start();
    let (status, j) = server.post("/api/perft?depth=1");
    assert_eq!(status, 200);
    assert_eq!(j["job"], "1");
    server.finish("1", Duration::from_secs(60));
    for id in [
        "+1", "01", "001", "1.0", "%31", "1%20", "0x1", "１", " 1", "-0", "1e0",
    ] {
        let encoded = id.replace(' ', "%20").replace('１', "%EF%BC%91");
        let (status, body) = server.request("GET", &format!("/api/jobs/{encoded}"));
        assert_eq!(status, 404, "GET {id:?}: {body}");
        let (status, body) = server.request("POST", &format!("/api/jobs/{encoded}/cancel"));
        assert_eq!(status, 404, "cancel {id:?}: {body}");
        assert!(!body.contains(&encoded), "cancel {id:?} echoed: {body}");
    }
    let (status, body) = server.request("POST", "/api/jobs/98765432109876/cancel");
    assert_eq!(status, 404, "{body}");
    assert!(!body.contains("98765432109876"), "echoed: {body}");
    let (status, c) = server.post("/api/jobs/1/cancel");
    assert_eq!(status, 200, "{c}");
    assert_eq!(c["job"], "1");
}

/// The page says where it may load from: only this server.
#[test]
fn the_page_has_a_content_security_policy() {
    let server = Server::start();
    for target in ["/", "/app.js", "/api/schemes"] {
        let reply = server.exchange(&format!(
            "GET {target} HTTP/1.1\r\nHost: {{host}}\r\nConnection: close\r\n\r\n"
        ));
        let (head, _) = reply.split_once("\r\n\r\n").unwrap();
        let csp = head
            .lines()
            .find_map(|l| {
                l.split_once(':')
                    .filter(|(n, _)| n.eq_ignore_ascii_case("content-security-policy"))
            })
            .map(|(_, v)| v.trim().to_string())
            .unwrap_or_else(|| panic!("{target}: no policy in\n{head}"));
        for part in [
            "default-src 'none'",
            "script-src 'self'",
            "connect-src 'self'",
            "frame-ancestors 'none'",
        ] {
            assert!(csp.contains(part), "{target}: {part} not in {csp}");
        }
    }
}

/// Connections past 512 open at once are answered 503 at once; idle ones are closed
/// after the head's 10 s, and then the server answers again.
#[test]
fn connections_past_the_bound_are_503_and_idle_ones_are_closed() {
    let server = Server::start();
    let idle: Vec<TcpStream> = (0..512)
        .map(|_| TcpStream::connect(&server.addr).unwrap())
        .collect();
    let (status, body) = server.request("GET", "/api/schemes");
    assert_eq!(status, 503, "{body}");
    assert!(body.contains("busy"), "{body}");
    // Each idle one is closed by the server once its head has taken 10 s.
    for mut stream in idle {
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        let mut buf = [0u8; 64];
        assert!(
            matches!(stream.read(&mut buf), Ok(0) | Err(_)),
            "an idle connection was answered"
        );
    }
    let (status, _) = server.get("/api/schemes");
    assert_eq!(status, 200);
}
