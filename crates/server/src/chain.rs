//! The hash chain over a table's stored log: what makes the stored log
//! verifiably the whole log, not just a log that reaches the stored state.
//!
//! The start link covers the table's game, seat count, options (as stored
//! text), start state and seed; every entry's link covers the link before it,
//! the entry's index and its canonical text — the seat that acted and its
//! action, or the chance outcome that was drawn. Each stored entry carries its
//! link (`entries.chain`) and the table row the start and the last link
//! (`tables.chain_start`, `tables.chain_head`). On restore the chain is
//! recomputed; the first link that differs names the edited entry (two
//! dice swapped so that their effects cancel change two links, though not
//! the final state), a differing start names the options, the start or the
//! seed, and a differing head a log cut short.
//!
//! The seed is linked (log format 4, start link "v2"): it draws only the
//! chance still to come — a restore applies the stored outcomes and never
//! redraws one, so a table restores the same whatever its seed draws — but
//! an edited seed would change every roll and card from there on, so it is
//! an edit like any other and quarantines the table. Tables of format 3
//! were linked without it ("v1", `Start::seed` `None`): they are verified
//! as written, then sealed anew with their seed (as format 4) before they
//! are served; a seed edited before that upgrade cannot be told.
//!
//! Links are HMAC-SHA-256 keyed with the server secret, so a row edited by
//! hand cannot be given a matching link without that secret. The secret is
//! stored in the same database: whoever can read it *and* rewrite every row
//! can forge a consistent log; the chain is a check against edits, not a
//! defence against the database's owner.

use crate::secret::ServerSecret;
use hmac::{Hmac, Mac};
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

/// One link: 32 bytes.
pub type Link = [u8; 32];

/// The chain of one table's log up to some entry.
#[derive(Debug, Clone)]
pub struct Chain {
    key: ServerSecret,
    start: Link,
    head: Link,
}

/// What a table's chain is computed from before its first entry.
#[derive(Debug, Clone, Copy)]
pub struct Start<'a> {
    /// Game id.
    pub game: &'a str,
    /// Seats.
    pub players: usize,
    /// Options as stored (`tables.options`).
    pub options: &'a str,
    /// The start state as stored.
    pub start_state: &'a str,
    /// The seed as stored (`tables.seed`); `None` only to verify a chain
    /// of log format 3, written before the seed was linked.
    pub seed: Option<u64>,
}

/// Where a stored chain does not match its log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Break {
    /// The table's start (game, seats, options, start state or seed) was changed.
    Start,
    /// Entry `n` (0-based) or its link was changed (or entries were moved).
    Entry(u64),
    /// The log is shorter or longer than the one the last link was written for.
    Head,
    /// A link is missing or not 64 hex digits.
    Missing(&'static str),
}

impl std::fmt::Display for Break {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Break::Start => {
                f.write_str("the start (game, seats, options, start state or seed) does not match its link")
            }
            Break::Entry(n) => write!(f, "entry {n} does not match its link"),
            Break::Head => f.write_str("the last link does not match the log's end (entries removed or added)"),
            Break::Missing(what) => write!(f, "the link of {what} is missing or unreadable"),
        }
    }
}

fn mac(key: &ServerSecret) -> HmacSha256 {
    // HMAC takes keys of any length; 32 bytes cannot fail.
    <HmacSha256 as Mac>::new_from_slice(key.key()).unwrap_or_else(|_| unreachable!("HMAC takes any key length"))
}

/// A field with its length before it, so no two field lists hash alike.
fn field(m: &mut HmacSha256, bytes: &[u8]) {
    m.update(&(bytes.len() as u64).to_le_bytes());
    m.update(bytes);
}

/// A link as stored: 64 lower-case hex digits.
pub fn text(link: &Link) -> String {
    link.iter().map(|b| format!("{b:02x}")).collect()
}

impl Chain {
    /// The chain of a table with no entries yet.
    pub fn new(key: &ServerSecret, start: Start<'_>) -> Chain {
        let mut m = mac(key);
        m.update(match start.seed {
            Some(_) => b"spielleiter log chain v2 start",
            None => b"spielleiter log chain v1 start",
        });
        field(&mut m, start.game.as_bytes());
        field(&mut m, &(start.players as u64).to_le_bytes());
        field(&mut m, start.options.as_bytes());
        field(&mut m, start.start_state.as_bytes());
        if let Some(seed) = start.seed {
            field(&mut m, &seed.to_le_bytes());
        }
        let link: Link = m.finalize().into_bytes().into();
        Chain {
            key: key.clone(),
            start: link,
            head: link,
        }
    }

    /// The link of entry `idx` (text `entry`) after `prev`.
    fn link(&self, prev: &Link, idx: u64, entry: &str) -> Link {
        let mut m = mac(&self.key);
        m.update(b"spielleiter log chain v1 entry");
        m.update(prev);
        m.update(&idx.to_le_bytes());
        field(&mut m, entry.as_bytes());
        m.finalize().into_bytes().into()
    }

    /// Appends entries `from..` and returns their links as stored.
    pub fn extend(&mut self, from: u64, entries: &[String]) -> Vec<String> {
        let mut out = Vec::with_capacity(entries.len());
        for (i, e) in entries.iter().enumerate() {
            self.head = self.link(&self.head, from + i as u64, e);
            out.push(text(&self.head));
        }
        out
    }

    /// The start link as stored.
    pub fn start_text(&self) -> String {
        text(&self.start)
    }

    /// The last link as stored.
    pub fn head_text(&self) -> String {
        text(&self.head)
    }

    /// Recomputes the chain of a stored log and compares every stored link;
    /// the first that differs is the break. `links[i]` is entry `i`'s link.
    pub fn verify(
        key: &ServerSecret,
        start: Start<'_>,
        stored_start: Option<&str>,
        entries: &[String],
        links: &[Option<String>],
        stored_head: Option<&str>,
    ) -> Result<Chain, Break> {
        let mut chain = Chain::new(key, start);
        let same = |stored: Option<&str>, link: &Link| stored.is_some_and(|s| s == text(link));
        if stored_start.is_none() {
            return Err(Break::Missing("the start"));
        }
        if !same(stored_start, &chain.start) {
            return Err(Break::Start);
        }
        for (i, e) in entries.iter().enumerate() {
            let idx = i as u64;
            chain.head = chain.link(&chain.head, idx, e);
            match links.get(i).and_then(|l| l.as_deref()) {
                None => return Err(Break::Entry(idx)),
                Some(l) if l != text(&chain.head) => return Err(Break::Entry(idx)),
                Some(_) => {}
            }
        }
        if !same(stored_head, &chain.head) {
            return Err(Break::Head);
        }
        Ok(chain)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start(options: &str) -> Start<'_> {
        Start {
            game: "toy",
            players: 2,
            options,
            start_state: "{}",
            seed: Some(7),
        }
    }

    #[test]
    fn the_seed_is_linked_and_the_old_links_still_verify() {
        let key = ServerSecret::generate().expect("os random");
        let entries = vec!["a".to_string()];
        let chained = |seed| {
            let mut c = Chain::new(&key, Start { seed, ..start("null") });
            let links: Vec<Option<String>> = c.extend(0, &entries).into_iter().map(Some).collect();
            (c.start_text(), links, c.head_text())
        };
        let verify = |written: &(String, Vec<Option<String>>, String), seed| {
            let (s, links, h) = written;
            Chain::verify(&key, Start { seed, ..start("null") }, Some(s), &entries, links, Some(h)).map(|_| ())
        };
        let v2 = chained(Some(7));
        assert_eq!(verify(&v2, Some(7)), Ok(()));
        assert_eq!(
            verify(&v2, Some(6)),
            Err(Break::Start),
            "an edited seed breaks the start"
        );
        assert_eq!(verify(&v2, None), Err(Break::Start));
        let v1 = chained(None);
        assert_eq!(verify(&v1, None), Ok(()), "a chain written before the seed was linked");
        assert_ne!(v1.0, v2.0);
    }

    #[test]
    fn every_edit_breaks_the_chain_where_it_is() {
        let key = ServerSecret::generate().expect("os random");
        let entries: Vec<String> = ["a", "b", "c", "d"].iter().map(|s| s.to_string()).collect();
        let mut chain = Chain::new(&key, start("null"));
        let links: Vec<Option<String>> = chain.extend(0, &entries).into_iter().map(Some).collect();
        let (s, h) = (chain.start_text(), chain.head_text());
        let verify = |opts: &str, entries: &[String], links: &[Option<String>], head: &str| {
            Chain::verify(&key, start(opts), Some(&s), entries, links, Some(head)).map(|_| ())
        };
        assert_eq!(verify("null", &entries, &links, &h), Ok(()));
        assert_eq!(verify("{\"x\":1}", &entries, &links, &h), Err(Break::Start));
        let mut swapped = entries.clone();
        swapped.swap(1, 2);
        assert_eq!(verify("null", &swapped, &links, &h), Err(Break::Entry(1)));
        assert_eq!(verify("null", &entries[..3], &links[..3], &h), Err(Break::Head));
        let other = ServerSecret::generate().expect("os random");
        let forged = Chain::verify(&other, start("null"), Some(&s), &entries, &links, Some(&h));
        assert_eq!(forged.map(|_| ()), Err(Break::Start));
    }
}
