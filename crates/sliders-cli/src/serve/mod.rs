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

use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use clap::Args;

use crate::error::CliError;
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

pub fn run(args: ServeArgs) -> Result<(), CliError> {
    let ip: IpAddr = args
        .bind
        .parse()
        .map_err(|_| CliError::input(format!("--bind {:?} is not an IP address", args.bind)))?;
    let server = tiny_http::Server::http(SocketAddr::new(ip, args.port))
        .map_err(|e| CliError::input(format!("cannot listen on {ip}:{}: {e}", args.port)))?;
    let addr = server
        .server_addr()
        .to_ip()
        .ok_or_else(|| CliError::input("the server has no IP address"))?;
    if !ip.is_loopback() {
        crate::output::noteln!(
            "warning: listening on {addr}, not loopback: other machines that reach it can use the page and start jobs"
        );
    }
    crate::output::sayln!("sliders serve: http://{addr}/ (Ctrl-C stops)")?;
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
    std::thread::scope(|scope| {
        for _ in 0..WORKERS {
            scope.spawn(|| {
                while !stop.load(Ordering::SeqCst) {
                    match server.recv_timeout(Duration::from_millis(100)) {
                        Ok(Some(request)) => respond(request, &jobs),
                        Ok(None) => {}
                        Err(_) => break,
                    }
                }
            });
        }
    });
    // Ctrl-C: every job is told to stop and waited for, so nothing runs on or is left.
    jobs.shut_down();
    crate::output::noteln!("sliders serve: stopped");
    Ok(())
}

fn respond(mut request: tiny_http::Request, jobs: &jobs::Jobs) {
    let reply = match http::check(&mut request) {
        Err(reply) => reply,
        Ok((method, path, query)) => route(&method, &path, &query, jobs),
    };
    // A client that went away is not the server's error.
    let _ = request.respond(reply.into_response());
}

fn route(method: &tiny_http::Method, path: &str, query: &http::Query, jobs: &jobs::Jobs) -> Reply {
    use tiny_http::Method::{Get, Post};
    let page = |body: &'static str, kind: &'static str| match method {
        Get | tiny_http::Method::Head => Reply::Static(body, kind),
        _ => Reply::not_allowed("GET"),
    };
    let get = |f: &dyn Fn() -> Reply| match method {
        Get => f(),
        _ => Reply::not_allowed("GET"),
    };
    let post = |f: &dyn Fn() -> Reply| match method {
        Post => f(),
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
