//! `sliders serve`: a local HTTP server for the page that explains every scheme's lookup
//! (docs/serve.md). The page, its script and its style are compiled into the binary
//! (`page/`); everything it shows is computed here with the real tables: the lookup
//! explained ([`crate::explain`], the model `show --explain` prints), collisions, a magic
//! tried by hand, a finder and a perft run as cancellable jobs, the N-1 research status.
//!
//! HTTP is hyper's (HTTP/1.1, one request per connection, on a small tokio runtime): it
//! parses the head strictly, bounds its size and its time, and answers a malformed one
//! itself. Here: only requests to this server's own address are answered (no DNS
//! rebinding), a POST from another site's page is refused, a body is refused by its
//! declared length unread, and requests are routed by exact path; nothing is ever read
//! from the file system by request path. Bounds: the head, the connections, the jobs
//! running at once and each job's time (the constants below and in `jobs.rs`).

mod api;
mod http;
mod jobs;

use std::convert::Infallible;
use std::future::Future;
use std::net::{IpAddr, SocketAddr, TcpListener};
use std::pin::pin;
use std::sync::Arc;
use std::task::Poll;
use std::time::Duration;

use clap::Args;
use http_body_util::Full;
use hyper::body::{Bytes, Incoming};
use hyper::header::{self, HeaderMap};
use hyper::{Method, Request, Response};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::sync::{Notify, Semaphore};

use crate::io::error::CliError;
use http::Reply;

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

/// How long a connection may take to send its request head; then it is closed.
const HEAD_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a connection may live in all (its head, its answer, the reply's writing).
const CONNECTION_LIFE: Duration = Duration::from_secs(30);
/// How long a connection past [`MAX_CONNECTIONS`] is kept to be answered 503.
const BUSY_LIFE: Duration = Duration::from_secs(1);
/// Connections open at once; one more is answered 503 and closed. A connection waiting
/// for its head is a task and a buffer, not a thread: slow ones delay no other.
const MAX_CONNECTIONS: usize = 512;
/// Answers computed at once (on tokio's blocking threads; a job runs on its own thread).
const MAX_ANSWERING: usize = 8;

/// What every request is checked against and answered from.
struct Server {
    jobs: jobs::Jobs,
    /// The `Host`s that name this server (`127.0.0.1:P`, `localhost:P`, `[::1]:P`, the
    /// `--bind` address), lower case.
    hosts: Vec<String>,
    port: u16,
}

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
    // tokio's listener wants a non-blocking one.
    listener
        .set_nonblocking(true)
        .map_err(|e| CliError::input(format!("cannot poll the listener: {e}")))?;
    if !ip.is_loopback() {
        crate::io::output::noteln!(
            "warning: listening on {addr}, not loopback: other machines that reach it can use the page and start jobs"
        );
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(MAX_ANSWERING)
        .enable_io()
        .enable_time()
        .build()
        .map_err(|e| CliError::input(format!("cannot start the server's threads: {e}")))?;
    let listener = {
        let _inside = runtime.enter();
        tokio::net::TcpListener::from_std(listener)
            .map_err(|e| CliError::input(format!("cannot poll the listener: {e}")))?
    };
    crate::io::output::sayln!("sliders serve: http://{addr}/ (Ctrl-C stops)")?;
    let stop = Arc::new(Notify::new());
    {
        let stop = Arc::clone(&stop);
        // `notify_one` keeps the wake-up if the loop is not waiting at that moment.
        ctrlc::set_handler(move || stop.notify_one())
            .map_err(|e| CliError::input(format!("cannot handle Ctrl-C: {e}")))?;
    }
    let port = addr.port();
    let mut hosts = vec![
        format!("127.0.0.1:{port}"),
        format!("localhost:{port}"),
        format!("[::1]:{port}"),
        addr.to_string(),
    ];
    if port == 80 {
        // A browser leaves the default port out.
        hosts.extend(["127.0.0.1", "localhost", "[::1]"].map(String::from));
        hosts.push(
            SocketAddr::new(ip, 0)
                .to_string()
                .trim_end_matches(":0")
                .to_string(),
        );
    }
    let server = Arc::new(Server {
        jobs: jobs::Jobs::new(),
        hosts: hosts.into_iter().map(|h| h.to_ascii_lowercase()).collect(),
        port,
    });
    runtime.block_on(accept(listener, Arc::clone(&server), &stop));
    // Connections under way are dropped; then every job is told to stop and waited for,
    // so nothing runs on or is left.
    runtime.shutdown_timeout(Duration::from_secs(1));
    server.jobs.shut_down();
    crate::io::output::noteln!("sliders serve: stopped");
    Ok(())
}

/// Accepts connections until Ctrl-C, each served by a task of its own.
async fn accept(listener: tokio::net::TcpListener, server: Arc<Server>, stop: &Notify) {
    let open = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    let mut stopped = pin!(stop.notified());
    loop {
        let next = std::future::poll_fn(|cx| {
            if stopped.as_mut().poll(cx).is_ready() {
                return Poll::Ready(None);
            }
            listener.poll_accept(cx).map(Some)
        })
        .await;
        let stream = match next {
            None => break,
            Some(Ok((stream, _))) => stream,
            // Out of descriptors, say: wait for connections to close.
            Some(Err(_)) => {
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        // Past the bound a connection is still read (so that closing it resets nothing
        // the client has not read), but only for a second, and answered 503.
        let permit = Arc::clone(&open).try_acquire_owned().ok();
        let (head_time, life) = match permit {
            Some(_) => (HEAD_TIMEOUT, CONNECTION_LIFE),
            None => (BUSY_LIFE, BUSY_LIFE),
        };
        let server = Arc::clone(&server);
        tokio::spawn(async move {
            let busy = permit.is_none();
            let _open = permit;
            let local = stream.local_addr().ok();
            let service = hyper::service::service_fn(move |request| {
                let server = Arc::clone(&server);
                async move {
                    Ok::<_, Infallible>(match busy {
                        true => Reply::status(503, "the server is busy: try again").response(),
                        false => answer(request, server, local).await,
                    })
                }
            });
            let connection = hyper::server::conn::http1::Builder::new()
                .keep_alive(false)
                .timer(TokioTimer::new())
                .header_read_timeout(head_time)
                .max_header_size(http::MAX_HEAD)
                .max_buf_size(http::MAX_HEAD)
                .serve_connection(TokioIo::new(stream), service);
            // An error is the client's (a malformed head: hyper has answered 400, 431 or
            // 414; a timeout; a reset): nothing to do but close.
            let _ = tokio::time::timeout(life, connection).await;
        });
    }
}

/// One request: checked (its Host, its target's length, no body, a POST's origin), then
/// routed and answered on a blocking thread.
async fn answer(
    request: Request<Incoming>,
    server: Arc<Server>,
    local: Option<SocketAddr>,
) -> Response<Full<Bytes>> {
    let reply = match check(&request, &server, local) {
        Err(reply) => reply,
        Ok(()) => {
            let method = request.method().as_str().to_string();
            let path = request.uri().path().to_string();
            let query = request.uri().query().unwrap_or("").to_string();
            let routed = Arc::clone(&server);
            tokio::task::spawn_blocking(move || match http::parse_query(&query) {
                Ok(query) => route(&method, &path, &query, &routed.jobs),
                Err(reply) => reply,
            })
            .await
            .unwrap_or_else(|_| Reply::status(500, "the answer failed"))
        }
    };
    reply.response()
}

/// The checks before a request is routed, each refusal saying why.
fn check(
    request: &Request<Incoming>,
    server: &Server,
    local: Option<SocketAddr>,
) -> Result<(), Reply> {
    let headers = request.headers();
    // DNS rebinding: a page of another site whose name now points here sends its own
    // name as the Host. Only the names of this server are answered.
    // Every name the request gives (an absolute target's and the `Host` header, each
    // once) must be ours, and it must give one.
    let hosts = headers.get_all(header::HOST);
    if hosts.iter().count() > 1 {
        return Err(Reply::status(400, "the request gives more than one Host"));
    }
    let named: Vec<Option<&str>> = request
        .uri()
        .authority()
        .map(|a| Some(a.as_str()))
        .into_iter()
        .chain(hosts.iter().map(|h| h.to_str().ok()))
        .collect();
    if named.is_empty() {
        return Err(Reply::status(
            421,
            "the request names no Host: this server answers requests to its own address",
        ));
    }
    if !named
        .iter()
        .all(|h| h.is_some_and(|h| server.names(h, local)))
    {
        return Err(Reply::status(
            421,
            format!(
                "this server answers only requests to its own address (127.0.0.1:{0}, localhost:{0}, [::1]:{0} or the --bind address), not to another Host",
                server.port
            ),
        ));
    }
    let target = request
        .uri()
        .path_and_query()
        .map_or(0, |p| p.as_str().len());
    if target > http::MAX_TARGET {
        return Err(Reply::status(
            414,
            format!(
                "the request target is {target} bytes; at most {}",
                http::MAX_TARGET
            ),
        ));
    }
    // Refused by its declared length, unread.
    let declared = headers
        .get_all(header::CONTENT_LENGTH)
        .iter()
        .any(|v| v.as_bytes() != b"0");
    if declared || headers.contains_key(header::TRANSFER_ENCODING) {
        return Err(Reply::status(
            413,
            "the API takes no request body: parameters go in the query",
        ));
    }
    if !matches!(*request.method(), Method::GET | Method::HEAD) {
        cross_site(headers, server, local)?;
    }
    Ok(())
}

/// A request that changes something (a POST: a job started or cancelled) from a page of
/// another origin: a browser sends a body-less POST across sites without asking first.
fn cross_site(
    headers: &HeaderMap,
    server: &Server,
    local: Option<SocketAddr>,
) -> Result<(), Reply> {
    if let Some(site) = headers.get("sec-fetch-site") {
        if !matches!(site.as_bytes(), b"same-origin" | b"none") {
            return Err(Reply::status(
                403,
                "a request from another site's page may not start or cancel jobs (Sec-Fetch-Site)",
            ));
        }
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        let ours = origin
            .to_str()
            .ok()
            .and_then(|o| o.strip_prefix("http://"))
            .is_some_and(|host| server.names(host, local));
        if !ours {
            return Err(Reply::status(
                403,
                "a request from another origin's page may not start or cancel jobs (Origin)",
            ));
        }
    }
    Ok(())
}

impl Server {
    /// Whether `host` (a Host header, `name:port`) is this server's: one of its names, or
    /// the address the connection came to (`--bind 0.0.0.0` reached by the machine's own
    /// address: an address, which a rebinding name is not).
    fn names(&self, host: &str, local: Option<SocketAddr>) -> bool {
        let host = host.to_ascii_lowercase();
        self.hosts.contains(&host) || local.is_some_and(|l| l.to_string() == host)
    }
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
        // A job's id in its one form (decimal, no sign, no leading zero): `/api/jobs/01`
        // is no path, as `/index.html/` is none.
        _ => match path.strip_prefix("/api/jobs/") {
            Some(rest) => match rest.strip_suffix("/cancel") {
                Some(id) => match jobs::id(id) {
                    Some(id) => post(&|| jobs.cancel(id)),
                    None => Reply::status(404, "no such job"),
                },
                None => match jobs::id(rest) {
                    Some(id) => get(&|| jobs.status(id)),
                    None => Reply::status(404, "no such job"),
                },
            },
            None => Reply::not_found(path),
        },
    }
}
