//! The server's HTTP side: a request checked against the bounds and split into method,
//! path and query; replies as JSON (every error names what is wrong) or a page file.

use std::collections::BTreeMap;

use serde_json::{json, Value};

/// The longest request target read (path and query).
pub const MAX_TARGET: usize = 4096;
/// The longest body read: the API takes its parameters in the query, so none.
pub const MAX_BODY: usize = 0;

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

    pub fn into_response(self) -> tiny_http::Response<std::io::Cursor<Vec<u8>>> {
        let header = |name: &str, value: &str| {
            tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("ASCII header")
        };
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
        let mut response = tiny_http::Response::from_data(body.into_bytes())
            .with_status_code(status)
            .with_header(header("Content-Type", kind))
            .with_header(header("Cache-Control", "no-store"))
            .with_header(header("X-Content-Type-Options", "nosniff"));
        if let Some(allow) = allow {
            response = response.with_header(header("Allow", allow));
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
}

/// The request within bounds, split; or the error reply.
pub fn check(
    request: &mut tiny_http::Request,
) -> Result<(tiny_http::Method, String, Query), Reply> {
    let target = request.url().to_string();
    if target.len() > MAX_TARGET {
        return Err(Reply::status(
            414,
            format!(
                "the request target is {} bytes; at most {MAX_TARGET}",
                target.len()
            ),
        ));
    }
    let chunked = request
        .headers()
        .iter()
        .any(|h| h.field.equiv("Transfer-Encoding"));
    if chunked || request.body_length().unwrap_or(0) > MAX_BODY {
        return Err(Reply::status(
            413,
            "the API takes no request body: parameters go in the query",
        ));
    }
    let (path, query) = target.split_once('?').unwrap_or((&target, ""));
    Ok((
        request.method().clone(),
        path.to_string(),
        parse_query(query)?,
    ))
}

/// `a=1&b=x%20y` into its pairs; a parameter given twice, or not UTF-8, is refused.
pub fn parse_query(query: &str) -> Result<Query, Reply> {
    let mut map = BTreeMap::new();
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let key = decode(key)
            .ok_or_else(|| Reply::bad(key, "bad percent-encoding in the parameter's name"))?;
        let value =
            decode(value).ok_or_else(|| Reply::bad(&key, "bad percent-encoding in the value"))?;
        if map.insert(key.clone(), value).is_some() {
            return Err(Reply::bad(
                &key,
                format!("the parameter {key} is given twice"),
            ));
        }
    }
    Ok(Query(map))
}

/// Percent-decoding, `+` as a space; `None` for a bad escape or bytes that are not UTF-8.
fn decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
                if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
                    return None;
                }
                out.push(u8::from_str_radix(hex, 16).ok()?);
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
    String::from_utf8(out).ok()
}
