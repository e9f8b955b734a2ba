//! DIMACS CNF: writing our formulas, reading any (for the proof checker).

use std::io::{self, Write};

use super::encoding::{Cnf, Lit};

/// Writes `cnf` in DIMACS, with `comments` as `c` lines first.
pub fn write(cnf: &Cnf, comments: &[String], out: &mut impl Write) -> io::Result<()> {
    write_header(cnf.variables, cnf.clauses, comments, out)?;
    write_clauses(cnf, out)
}

/// Writes `comments` as `c` lines and the `p cnf` line.
pub fn write_header(
    variables: u32,
    clauses: usize,
    comments: &[String],
    out: &mut impl Write,
) -> io::Result<()> {
    for line in comments {
        writeln!(out, "c {line}")?;
    }
    writeln!(out, "p cnf {variables} {clauses}")
}

/// Writes `cnf`'s clauses, one per line.
pub fn write_clauses(cnf: &Cnf, out: &mut impl Write) -> io::Result<()> {
    let mut line = String::new();
    for clause in cnf.iter() {
        line.clear();
        for lit in clause {
            line.push_str(&lit.to_string());
            line.push(' ');
        }
        line.push_str("0\n");
        out.write_all(line.as_bytes())?;
    }
    Ok(())
}

/// A parsed DIMACS formula: the header's variable count and the clauses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Formula {
    /// The header's variable count.
    pub variables: u32,
    /// The clauses.
    pub clauses: Vec<Vec<Lit>>,
}

/// Reads DIMACS CNF: `c` comment lines, one `p cnf V C` header, then clauses ended by 0
/// (across lines as the format allows). Literals beyond the header's variables, a wrong
/// clause count or a clause left open at the end are errors.
pub fn parse(text: &str) -> Result<Formula, String> {
    let mut header: Option<(u32, usize)> = None;
    let mut clauses = Vec::new();
    let mut current = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('c') {
            continue;
        }
        if line.starts_with('p') {
            if header.is_some() {
                return Err(format!("line {}: a second header", number + 1));
            }
            let fields: Vec<&str> = line.split_whitespace().collect();
            let parsed = match fields[..] {
                ["p", "cnf", v, c] => v.parse().ok().zip(c.parse().ok()),
                _ => None,
            };
            header = Some(parsed.ok_or_else(|| {
                format!(
                    "line {}: header {line:?} is not `p cnf <vars> <clauses>`",
                    number + 1
                )
            })?);
            continue;
        }
        let Some((variables, _)) = header else {
            return Err(format!("line {}: a clause before the header", number + 1));
        };
        for field in line.split_whitespace() {
            let lit: Lit = field
                .parse()
                .map_err(|_| format!("line {}: {field:?} is not a literal", number + 1))?;
            if lit == 0 {
                clauses.push(std::mem::take(&mut current));
            } else if lit.unsigned_abs() > variables {
                return Err(format!(
                    "line {}: literal {lit} beyond the header's {variables} variables",
                    number + 1
                ));
            } else {
                current.push(lit);
            }
        }
    }
    let (variables, count) = header.ok_or("no `p cnf` header")?;
    if !current.is_empty() {
        return Err("the last clause is not ended by 0".into());
    }
    if clauses.len() != count {
        return Err(format!(
            "the header says {count} clauses, the file has {}",
            clauses.len()
        ));
    }
    Ok(Formula { variables, clauses })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let cnf = Cnf {
            variables: 3,
            literals: vec![1, -2, 0, 3, 0, 0],
            clauses: 3,
            magic: vec![],
        };
        let mut out = Vec::new();
        write(&cnf, &["hello".into()], &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text, "c hello\np cnf 3 3\n1 -2 0\n3 0\n0\n");
        let formula = parse(&text).unwrap();
        assert_eq!(formula.clauses, vec![vec![1, -2], vec![3], vec![]]);
    }

    #[test]
    fn bad_files_are_refused() {
        assert!(parse("1 2 0\n").is_err());
        assert!(parse("p cnf 2 1\n1 3 0\n").is_err());
        assert!(parse("p cnf 2 2\n1 2 0\n").is_err());
        assert!(parse("p cnf 2 1\n1 2\n").is_err());
        assert!(parse("p cnf x 1\n").is_err());
    }
}
