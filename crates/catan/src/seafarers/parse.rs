//! Reading the rule file's row notation: `r1 x0=2: # H12 Au5 ~ ~ #`.
//!
//! The scenario maps are kept in the notation of `rules/seafarers.md`, so
//! that each line can be compared with the drawing by eye; this small parser
//! turns them into rows. It is fed only the texts of this module, but it
//! returns an error instead of panicking on anything else.

use super::map::{Hex, Row, SeaTerrain};

/// One cell of a row as written: a hex, or `.`, a site of New World's frame
/// that the generator fills.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// A hex as printed.
    Hex(Hex),
    /// A `.`: a site to fill.
    Site,
}

/// Why a text is not a board in row notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The line (1-based) of the text.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ParseError {}

/// The rows of a text, each a list of cells (`.` allowed). Blank lines are
/// skipped; rows must be numbered 0, 1, 2… in order.
pub fn parse_cells(text: &str) -> Result<Vec<(u8, Vec<Cell>)>, ParseError> {
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        let err = |message: String| ParseError { line: line_no, message };
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let (head, body) = line
            .split_once(':')
            .ok_or_else(|| err("no ':' after the row header".into()))?;
        let mut words = head.split_whitespace();
        let r = words
            .next()
            .and_then(|w| w.strip_prefix('r'))
            .and_then(|n| n.parse::<usize>().ok())
            .ok_or_else(|| err(format!("row header {head:?} does not start with r<number>")))?;
        if r != rows.len() {
            return Err(err(format!("row r{r} where r{} was due", rows.len())));
        }
        let x0 = words
            .next()
            .and_then(|w| w.strip_prefix("x0="))
            .and_then(|n| n.parse::<u8>().ok())
            .ok_or_else(|| err(format!("row header {head:?} has no x0=<number>")))?;
        if words.next().is_some() {
            return Err(err(format!("row header {head:?} has more than r and x0")));
        }
        let cells = body
            .split_whitespace()
            .map(cell)
            .collect::<Result<Vec<_>, _>>()
            .map_err(err)?;
        if cells.is_empty() {
            return Err(err(format!("row r{r} has no hexes")));
        }
        rows.push((x0, cells));
    }
    if rows.is_empty() {
        return Err(ParseError {
            line: 0,
            message: "no rows".into(),
        });
    }
    Ok(rows)
}

/// The rows of a map text; a `.` is refused (only New World's frame has
/// sites, read by [`parse_cells`]).
pub fn parse_rows(text: &str) -> Result<Vec<Row>, ParseError> {
    let mut out = Vec::new();
    for (r, (x0, cells)) in parse_cells(text)?.into_iter().enumerate() {
        let hexes = cells
            .into_iter()
            .map(|c| match c {
                Cell::Hex(h) => Ok(h),
                Cell::Site => Err(ParseError {
                    line: r + 1,
                    message: "a '.' site in a printed map".into(),
                }),
            })
            .collect::<Result<Vec<_>, _>>()?;
        out.push(Row { x0, hexes });
    }
    Ok(out)
}

/// One token: `#`, `~`, `.`, or a terrain letter with its number (none on
/// the desert).
fn cell(word: &str) -> Result<Cell, String> {
    match word {
        "#" => return Ok(Cell::Hex(Hex::Frame)),
        "~" => return Ok(Cell::Hex(Hex::Sea)),
        "." => return Ok(Cell::Site),
        "D" => {
            return Ok(Cell::Hex(Hex::Land {
                terrain: SeaTerrain::Desert,
                number: None,
            }))
        }
        _ => {}
    }
    let (terrain, digits) = if let Some(d) = word.strip_prefix("Au") {
        (SeaTerrain::Gold, d)
    } else {
        let mut chars = word.chars();
        let terrain = match chars.next() {
            Some('H') => SeaTerrain::Hills,
            Some('F') => SeaTerrain::Forest,
            Some('P') => SeaTerrain::Pasture,
            Some('G') => SeaTerrain::Fields,
            Some('M') => SeaTerrain::Mountains,
            _ => return Err(format!("unknown hex {word:?}")),
        };
        (terrain, chars.as_str())
    };
    let number = digits
        .parse::<u8>()
        .map_err(|_| format!("hex {word:?} has no number token"))?;
    Ok(Cell::Hex(Hex::Land {
        terrain,
        number: Some(number),
    }))
}
