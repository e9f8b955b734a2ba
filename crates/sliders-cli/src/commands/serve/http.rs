//! The server's HTTP side, HTTP/1.1 with one request per connection: the request's head
//! read within bounds and split into method, path and query; replies as JSON (every
//! error names what is wrong) or a page file. Written here rather than taken from
//! tiny_http 0.12, which drains a declared body on its own before a reply can refuse it
//! (a `Content-Length` of 2^64 - 1 panics its thread; a large one without the bytes holds
//! the thread as long as the client waits: tiny-http issue 252): a body is refused here
//! unread and the connection closed.

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::net::TcpStream;

use serde_json::{json, Value};

/// The longest request target read (path and query).
pub const MAX_TARGET: usize = 4096;
/// The longest request head read (request line and headers).
pub const MAX_HEAD: usize = 16384;

/// A reply.
pub enum Reply {
    /// 200 with JSON.
    Json(Value),
    /// An error status with `{"error": ..., "parameter": ...}`.
    Error {
        status: u16,
        message: String,
        parameter: Option<String>,
        allow: Option<&'static str>,
    },
    /// A page file compiled into the binary, with its content type.
    Static(&'static str, &'static str),
}

impl Reply {
    /// 400 naming the parameter.
    pub fn bad(parameter: &str, message: impl Into<String>) -> Reply {
        Reply::Error {
            status: 400,
            message: message.into(),
            parameter: Some(parameter.to_string()),
            allow: None,
        }
    }

    /// Another status, with a message.
    pub fn status(status: u16, message: impl Into<String>) -> Reply {
        Reply::Error {
            status,
            message: message.into(),
            parameter: None,
            allow: None,
        }
    }

    /// 404 for a path no route has.
    pub fn not_found(path: &str) -> Reply {
        Reply::status(404, format!("no such page or API path: {path}"))
    }

    /// 405 with the method the path takes.
    pub fn not_allowed(allow: &'static str) -> Reply {
        Reply::Error {
            status: 405,
            message: format!("this path takes {allow}"),
            parameter: None,
            allow: Some(allow),
        }
    }

    /// Writes the reply and closes (`Connection: close`); `head`: no body (HEAD).
    pub fn write(self, stream: &mut TcpStream, head: bool) -> std::io::Result<()> {
        let (status, body, kind, allow) = match self {
            Reply::Json(value) => (200, value.to_string(), "application/json", None),
            Reply::Error {
                status,
                message,
                parameter,
                allow,
            } => (
                status,
                json!({"error": message, "parameter": parameter}).to_string(),
                "application/json",
                allow,
            ),
            Reply::Static(body, kind) => (200, body.to_string(), kind, None),
        };
        let reason = match status {
            200 => "OK",
            400 => "Bad Request",
            404 => "Not Found",
            405 => "Method Not Allowed",
            413 => "Content Too Large",
            414 => "URI Too Long",
            429 => "Too Many Requests",
            431 => "Request Header Fields Too Large",
            503 => "Service Unavailable",
            _ => "Error",
        };
        let mut out = format!(
            "HTTP/1.1 {status} {reason}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\n\
             Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n",
            body.len()
        );
        if let Some(allow) = allow {
            out.push_str(&format!("Allow: {allow}\r\n"));
        }
        out.push_str("\r\n");
        if !head {
            out.push_str(&body);
        }
        stream.write_all(out.as_bytes())?;
        stream.flush()
    }
}

/// The query's parameters, decoded.
pub struct Query(BTreeMap<String, String>);

impl Query {
    /// The parameter, or a 400 naming it.
    pub fn need(&self, name: &str) -> Result<&str, Reply> {
        self.get(name)
            .ok_or_else(|| Reply::bad(name, format!("the parameter {name} is missing")))
    }

    /// The parameter when given.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0.get(name).map(String::as_str)
    }

    /// A 400 naming the first parameter given that is not one of `takes` (a typo
    /// would otherwise be answered as if the parameter were absent).
    pub fn only(&self, path: &str, takes: &[&str]) -> Result<(), Reply> {
        match self.0.keys().find(|k| !takes.contains(&k.as_str())) {
            None => Ok(()),
            Some(k) if takes.is_empty() => Err(Reply::bad(
                k,
                format!("{path} takes no parameters, and {k} was given"),
            )),
            Some(k) => Err(Reply::bad(
                k,
                format!(
                    "{path} takes no parameter {k}; it takes {}",
                    takes.join(", ")
                ),
            )),
        }
    }
}

/// A request's method, path and query.
pub struct Request {
    pub method: String,
    pub path: String,
    pub query: Query,
}

/// Where the head in `bytes` ends (the length of its lines, without the empty line
/// that ends it), if it has: the empty line after a `\r\n` or, as RFC 9112 lets a
/// server accept, a bare `\n`.
fn head_end(bytes: &[u8]) -> Option<usize> {
    bytes.iter().enumerate().find_map(|(i, &b)| {
        let rest = &bytes[i + 1..];
        (b == b'\n' && (rest.starts_with(b"\n") || rest.starts_with(b"\r\n"))).then_some(i)
    })
}

/// Reads one request's head (never its body: any body is refused), within the bounds.
pub fn read(stream: &mut TcpStream) -> Result<Request, Reply> {
    let mut head = Vec::with_capacity(1024);
    let mut chunk = [0u8; 1024];
    let too_big = || Reply::status(431, format!("the request head passes {MAX_HEAD} bytes"));
    let end = loop {
        if let Some(end) = head_end(&head) {
            break end;
        }
        if head.len() > MAX_HEAD {
            return Err(too_big());
        }
        match stream.read(&mut chunk) {
            Ok(0) | Err(_) => {
                return Err(Reply::status(400, "the request ended before its head did"))
            }
            Ok(n) => head.extend_from_slice(&chunk[..n]),
        }
    };
    // The last read may have brought the head's end past the bound.
    if end > MAX_HEAD {
        return Err(too_big());
    }
    let text = std::str::from_utf8(&head[..end])
        .map_err(|_| Reply::status(400, "the request head is not UTF-8"))?;
    let mut lines = text.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l));
    let line = lines.next().unwrap_or("");
    let mut parts = line.split(' ');
    let (Some(method), Some(target), Some(version), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(Reply::status(
            400,
            "the request line is not METHOD TARGET VERSION",
        ));
    };
    if !version.starts_with("HTTP/1.") {
        return Err(Reply::status(
            400,
            format!("{version}: only HTTP/1.x is spoken"),
        ));
    }
    if target.len() > MAX_TARGET {
        return Err(Reply::status(
            414,
            format!(
                "the request target is {} bytes; at most {MAX_TARGET}",
                target.len()
            ),
        ));
    }
    for header in lines {
        let (name, value) = header.split_once(':').unwrap_or((header, ""));
        let body = (name.eq_ignore_ascii_case("content-length") && value.trim() != "0")
            || name.eq_ignore_ascii_case("transfer-encoding");
        if body {
            return Err(Reply::status(
                413,
                "the API takes no request body: parameters go in the query",
            ));
        }
    }
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    Ok(Request {
        method: method.to_string(),
        path: path.to_string(),
        query: parse_query(query)?,
    })
}

/// `a=1&b=x%20y` into its pairs; a parameter given twice, or not UTF-8, is refused.
pub fn parse_query(query: &str) -> Result<Query, Reply> {
    let mut map = BTreeMap::new();
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let key =
            decode(key).map_err(|why| Reply::bad(key, format!("{why} in the parameter's name")))?;
        let value = decode(value).map_err(|why| Reply::bad(&key, format!("{why} in the value")))?;
        if map.insert(key.clone(), value).is_some() {
            return Err(Reply::bad(
                &key,
                format!("the parameter {key} is given twice"),
            ));
        }
    }
    Ok(Query(map))
}

/// Percent-decoding, `+` as a space; a bad escape or bytes that are not UTF-8 say which.
fn decode(text: &str) -> Result<String, &'static str> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = bytes
                    .get(i + 1..i + 3)
                    .filter(|h| h.iter().all(u8::is_ascii_hexdigit))
                    .ok_or("bad percent-encoding")?;
                let digit = |h: u8| (h as char).to_digit(16).unwrap_or(0) as u8;
                out.push(digit(hex[0]) << 4 | digit(hex[1]));
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).map_err(|_| "percent-encoded bytes that are not UTF-8")
}
