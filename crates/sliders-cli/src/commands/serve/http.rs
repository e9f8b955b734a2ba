//! The server's replies and its query parameters: replies as JSON (every error names
//! what is wrong) or a page file, turned into hyper's responses; the query split and
//! percent-decoded. Reading requests (the head's syntax, its size, its time, the
//! connection) is hyper's (`mod.rs`); nothing here touches a socket.

use std::collections::BTreeMap;

use http_body_util::Full;
use hyper::body::Bytes;
use hyper::header::{self, HeaderValue};
use hyper::{Response, StatusCode};
use serde_json::{json, Value};

/// The longest request target read (path and query).
pub const MAX_TARGET: usize = 4096;
/// The longest request head read (request line and headers).
pub const MAX_HEAD: usize = 16384;

/// Where the page may load from and connect to: only this server. It loads nothing from
/// elsewhere (no CDN, no inline script or style), so anything else is refused.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; \
     style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; \
     form-action 'none'; frame-ancestors 'none'";

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

    /// The response: its status, type and length, never cached or sniffed, the page's
    /// Content-Security-Policy, and `Connection: close` (one request per connection).
    /// For HEAD hyper sends the head alone.
    pub fn response(self) -> Response<Full<Bytes>> {
        let (status, body, kind, allow) = match self {
            Reply::Json(value) => (
                200,
                Bytes::from(value.to_string()),
                "application/json",
                None,
            ),
            Reply::Error {
                status,
                message,
                parameter,
                allow,
            } => (
                status,
                Bytes::from(json!({"error": message, "parameter": parameter}).to_string()),
                "application/json",
                allow,
            ),
            Reply::Static(body, kind) => (200, Bytes::from_static(body.as_bytes()), kind, None),
        };
        let mut response = Response::new(Full::new(body));
        *response.status_mut() =
            StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let headers = response.headers_mut();
        headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
        headers.insert(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        );
        headers.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CONTENT_SECURITY_POLICY),
        );
        headers.insert(header::CONNECTION, HeaderValue::from_static("close"));
        if let Some(allow) = allow {
            headers.insert(header::ALLOW, HeaderValue::from_static(allow));
        }
        response
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
