//! A stable digest of JSON forms: the server stores the digest of a table's
//! state with its log and checks it when it restores the table; the golden
//! playthroughs print digests of whole games.

use serde::Serialize;

/// 64-bit FNV-1a: tiny, stable across Rust versions and platforms (unlike
/// `std`'s `DefaultHasher`), plenty to notice any change.
#[derive(Clone, Copy, Debug)]
pub struct Fnv1a(u64);

impl Default for Fnv1a {
    fn default() -> Self {
        Fnv1a(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv1a {
    /// Feeds bytes.
    pub fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    /// The hash so far.
    pub fn finish(self) -> u64 {
        self.0
    }

    /// The hash of the compact JSON of `t`, streamed (no string of the whole
    /// form is built). serde_json writes struct fields in declaration order,
    /// so the text, and with it the hash, is the same on every machine. A
    /// value that cannot be serialised (none of the engine's types) hashes
    /// what was written before the failure.
    pub fn of_json<T: Serialize + ?Sized>(t: &T) -> u64 {
        let mut h = Fnv1a::default();
        let _ = serde_json::to_writer(&mut h, t);
        h.finish()
    }
}

impl std::io::Write for Fnv1a {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        Fnv1a::write(self, buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a_matches_the_reference_vectors() {
        let hash = |s: &str| {
            let mut h = Fnv1a::default();
            h.write(s.as_bytes());
            h.finish()
        };
        assert_eq!(hash(""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(hash("a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(hash("foobar"), 0x8594_4171_f739_67e8);
        assert_eq!(Fnv1a::of_json("a"), hash("\"a\""));
        assert_eq!(Fnv1a::of_json(&[1, 2]), hash("[1,2]"));
    }
}
