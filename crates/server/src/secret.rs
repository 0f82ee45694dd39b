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
    fn hash_is_stable_and_hides_the_secret() {
        let s = "00112233445566778899aabbccddeeff";
        assert_eq!(hash(s), hash(s));
        assert_eq!(hash(s).len(), 64);
        assert!(!hash(s).contains(s));
        assert!(hashes_match(&hash(s), &hash(s)));
        assert!(!hashes_match(&hash(s), &hash("x")));
    }
}
