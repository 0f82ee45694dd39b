//! Seat secrets: 128 bits from the operating system's random source.
//!
//! Only a SHA-256 hash of a secret is kept (in memory and in the database), so
//! neither a database dump nor a log line can be used to act for a seat.

use sha2::{Digest, Sha256};

/// A fresh secret as 32 lowercase hex digits (128 bits).
pub fn generate() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes)?;
    Ok(hex(&bytes))
}

/// The hash under which a secret is stored.
pub fn hash(secret: &str) -> String {
    hex(&Sha256::digest(secret.as_bytes()))
}

/// Compares two hashes without an early exit, so timing tells nothing about
/// how much of a guessed secret was right.
pub fn hashes_match(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// A random 64-bit number from the operating system (table ids and seeds).
pub fn random_u64() -> Result<u64, getrandom::Error> {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes)?;
    Ok(u64::from_le_bytes(bytes))
}

/// The server secret: 256 bits generated once per database (stored in
/// `server_secret`, never sent to a client). It keys every table's seed and
/// the hash chain of every stored log.
#[derive(Clone)]
pub struct ServerSecret([u8; 32]);

impl std::fmt::Debug for ServerSecret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ServerSecret(…)")
    }
}

impl ServerSecret {
    /// A fresh secret from the operating system.
    pub fn generate() -> Result<ServerSecret, getrandom::Error> {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes)?;
        Ok(ServerSecret(bytes))
    }

    /// The secret as stored (64 hex digits).
    pub fn to_hex(&self) -> String {
        hex(&self.0)
    }

    /// Reads a stored secret; `None` unless it is exactly 64 hex digits.
    pub fn from_hex(text: &str) -> Option<ServerSecret> {
        let text = text.as_bytes();
        if text.len() != 64 {
            return None;
        }
        let mut bytes = [0u8; 32];
        for (i, pair) in text.chunks_exact(2).enumerate() {
            let digit = |c: u8| char::from(c).to_digit(16);
            bytes[i] = u8::try_from(digit(pair[0])? * 16 + digit(pair[1])?).ok()?;
        }
        Some(ServerSecret(bytes))
    }

    /// The key bytes (for the log's hash chain).
    pub fn key(&self) -> &[u8] {
        &self.0
    }

    /// A table's seed: SHA-256 over the server secret, 256 bits of fresh
    /// operating-system entropy and the table id. The fresh entropy makes
    /// every seed new even if the secret leaked; the secret keeps seeds
    /// unguessable even if the entropy source were weak. Nobody at the table
    /// sees either, so nobody can rebuild the table's chance while it runs.
    pub fn table_seed(&self, table: &str) -> Result<u64, getrandom::Error> {
        let mut fresh = [0u8; 32];
        getrandom::fill(&mut fresh)?;
        let mut h = Sha256::new();
        h.update(b"spielleiter table seed v1\0");
        h.update(self.0);
        h.update(fresh);
        h.update(table.as_bytes());
        let digest = h.finalize();
        let mut first = [0u8; 8];
        first.copy_from_slice(&digest[..8]);
        Ok(u64::from_le_bytes(first))
    }
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push(DIGITS[usize::from(b >> 4)] as char);
        s.push(DIGITS[usize::from(b & 0xf)] as char);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_128_bit_hex_and_differ() {
        let a = generate().expect("os random");
        let b = generate().expect("os random");
        assert_eq!(a.len(), 32);
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }

    #[test]
    fn server_secrets_round_trip_and_seeds_differ() {
        let s = ServerSecret::generate().expect("os random");
        let back = ServerSecret::from_hex(&s.to_hex()).expect("hex");
        assert_eq!(back.key(), s.key());
        assert!(ServerSecret::from_hex("zz").is_none());
        assert!(ServerSecret::from_hex(&"g".repeat(64)).is_none());
        assert!(!format!("{s:?}").contains(&s.to_hex()));
        let a = s.table_seed("t").expect("seed");
        let b = s.table_seed("t").expect("seed");
        assert_ne!(a, b, "fresh entropy goes into every seed");
    }

    #[test]
    fn hash_is_stable_and_hides_the_secret() {
        let s = "00112233445566778899aabbccddeeff";
        assert_eq!(hash(s), hash(s));
        assert_eq!(hash(s).len(), 64);
        assert!(!hash(s).contains(s));
        assert!(hashes_match(&hash(s), &hash(s)));
        assert!(!hashes_match(&hash(s), &hash("x")));
    }
}
