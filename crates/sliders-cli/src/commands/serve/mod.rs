//! `sliders serve`: a local HTTP server for the page that explains every scheme's lookup
//! (docs/serve.md). The page, its script and its style are compiled into the binary
//! (`page/`); everything it shows is computed here with the real tables: the lookup
//! explained ([`crate::explain`], the model `show --explain` prints), collisions, a magic
//! tried by hand, a finder and a perft run as cancellable jobs, the N-1 research status.
//!
//! Requests are routed by exact path; nothing is ever read from the file system by
//! request path. Bounds: the request line, the body, the jobs running at once and each
//! job's time (the constants below).

mod api;
mod http;
mod jobs;

use std::io::ErrorKind;
use std::net::{IpAddr, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::Duration;

use clap::Args;

use crate::io::error::CliError;
use http::Reply;

/// Requests handled at once (a job runs on its own thread, not on these).
const WORKERS: usize = 8;

#[derive(Args)]
pub struct ServeArgs {
    /// The port to listen on (0: any free port; the address is printed).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on. Loopback unless another is asked for: anyone who can
    /// reach the address can start (bounded) jobs on this machine.
    #[arg(long, default_value = "127.0.0.1")]
    bind: String,
}

/// How long a connection may take to send its request or read the reply.
const IO_TIMEOUT: Duration = Duration::from_secs(5);

pub fn run(args: ServeArgs) -> Result<(), CliError> {
    let ip: IpAddr = args
        .bind
        .parse()
        .map_err(|_| CliError::input(format!("--bind {:?} is not an IP address", args.bind)))?;
    let listener = TcpListener::bind(SocketAddr::new(ip, args.port))
        .map_err(|e| CliError::input(format!("cannot listen on {ip}:{}: {e}", args.port)))?;
    let addr = listener
        .local_addr()
        .map_err(|e| CliError::input(format!("the server has no address: {e}")))?;
    // Non-blocking, so that the accept loop sees Ctrl-C within its poll.
    listener
        .set_nonblocking(true)
        .map_err(|e| CliError::input(format!("cannot poll the listener: {e}")))?;
    if !ip.is_loopback() {
        crate::io::output::noteln!(
            "warning: listening on {addr}, not loopback: other machines that reach it can use the page and start jobs"
        );
    }
    crate::io::output::sayln!("sliders serve: http://{addr}/ (Ctrl-C stops)")?;
    let stop = Arc::new(AtomicBool::new(false));
    {
        let stop = Arc::clone(&stop);
        ctrlc::set_handler(move || {
            stop.store(true, Ordering::SeqCst);
            // The dense finder's walk polls the search crate's own stop flag.
            sliders_search::prove::stop::request();
        })
        .map_err(|e| CliError::input(format!("cannot handle Ctrl-C: {e}")))?;
    }
    let jobs = jobs::Jobs::new();
    // Connections wait here for a worker; past the queue's bound they get a 503.
    let (sender, receiver) = mpsc::sync_channel::<TcpStream>(4 * WORKERS);
    let receiver = Mutex::new(receiver);
    std::thread::scope(|scope| {
        for _ in 0..WORKERS {
            scope.spawn(|| loop {
                let next = receiver.lock().map(|r| r.recv());
                match next {
                    Ok(Ok(stream)) => serve(stream, &jobs),
                    _ => break,
                }
            });
        }
        while !stop.load(Ordering::SeqCst) {
            match listener.accept() {
                Ok((stream, _)) => {
                    if let Err(mpsc::TrySendError::Full(mut stream)) = sender.try_send(stream) {
                        let _ = stream.set_write_timeout(Some(IO_TIMEOUT));
                        let _ = Reply::status(503, "the server is busy: try again")
                            .write(&mut stream, false);
                    }
                }
                Err(e) if e.kind() == ErrorKind::WouldBlock => {
                    std::thread::sleep(Duration::from_millis(20))
                }
                Err(_) => std::thread::sleep(Duration::from_millis(20)),
            }
        }
        drop(sender);
    });
    // Ctrl-C: every job is told to stop and waited for, so nothing runs on or is left.
    jobs.shut_down();
    crate::io::output::noteln!("sliders serve: stopped");
    Ok(())
}

/// One connection: one request, one reply, closed.
fn serve(mut stream: TcpStream, jobs: &jobs::Jobs) {
    // The listener is non-blocking; its connections are not.
    let _ = stream.set_nonblocking(false);
    let _ = stream.set_read_timeout(Some(IO_TIMEOUT));
    let _ = stream.set_write_timeout(Some(IO_TIMEOUT));
    let (reply, head) = match http::read(&mut stream) {
        Err(reply) => (reply, false),
        Ok(request) => (
            route(&request.method, &request.path, &request.query, jobs),
            request.method == "HEAD",
        ),
    };
    // A client that went away is not the server's error.
    let _ = reply.write(&mut stream, head);
    let _ = stream.shutdown(std::net::Shutdown::Write);
}

fn route(method: &str, path: &str, query: &http::Query, jobs: &jobs::Jobs) -> Reply {
    let page = |body: &'static str, kind: &'static str| match method {
        "GET" | "HEAD" => Reply::Static(body, kind),
        _ => Reply::not_allowed("GET"),
    };
    // Each API path's parameters: any other is refused before the answer.
    let takes: &[&str] = match path {
        "/api/attacks" | "/api/explain" | "/api/collisions" => {
            &["piece", "square", "occupied", "scheme"]
        }
        "/api/magic" => &["piece", "square", "magic", "bits", "key"],
        "/api/position" => &["fen", "moves"],
        "/api/find" => &[
            "piece", "square", "bits", "method", "key", "seconds", "seed",
        ],
        "/api/perft" => &["fen", "moves", "depth"],
        _ => &[],
    };
    let answer = |f: &dyn Fn() -> Reply| match query.only(path, takes) {
        Ok(()) => f(),
        Err(reply) => reply,
    };
    let get = |f: &dyn Fn() -> Reply| match method {
        "GET" => answer(f),
        _ => Reply::not_allowed("GET"),
    };
    let post = |f: &dyn Fn() -> Reply| match method {
        "POST" => answer(f),
        _ => Reply::not_allowed("POST"),
    };
    match path {
        "/" | "/index.html" => page(include_str!("page/index.html"), "text/html; charset=utf-8"),
        "/app.js" => page(
            include_str!("page/app.js"),
            "text/javascript; charset=utf-8",
        ),
        "/style.css" => page(include_str!("page/style.css"), "text/css; charset=utf-8"),
        "/api/schemes" => get(&api::schemes),
        "/api/attacks" => get(&|| api::attacks(query)),
        "/api/explain" => get(&|| api::explain(query)),
        "/api/collisions" => get(&|| api::collisions(query)),
        "/api/magic" => get(&|| api::magic(query)),
        "/api/research" => get(&api::research),
        "/api/position" => get(&|| api::position(query)),
        "/api/find" => post(&|| jobs.start_find(query)),
        "/api/perft" => post(&|| jobs.start_perft(query)),
        _ => match path.strip_prefix("/api/jobs/") {
            Some(rest) => match rest.strip_suffix("/cancel") {
                Some(id) => post(&|| jobs.cancel(id)),
                None => get(&|| jobs.status(rest)),
            },
            None => Reply::not_found(path),
        },
    }
}
