//! Shards: `jaut cover --shard K/N` covers the classes whose shard is K,
//! so N machines share one selection. A class's shard follows from its
//! binary name only — FNV-1a (64-bit) of the name's UTF-8 bytes, modulo N,
//! plus one — so it is the same on every run and every machine (Rust's
//! `DefaultHasher` is seeded per process, and would not be). All the
//! methods of a class, and so its whole test class, land in one shard.

use std::fmt;
use std::str::FromStr;

/// Shard `index` of `count` (1-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    pub index: u32,
    pub count: u32,
}

/// Why a `K/N` spelling is not a shard.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShardError {
    #[error("--shard {0}: expected K/N (shard K of N, 1 <= K <= N), such as 1/4")]
    Syntax(String),
    #[error("--shard {0}: N must be at least 1")]
    NoShards(String),
    #[error("--shard {spec}: K must be between 1 and {count}")]
    OutOfRange { spec: String, count: u32 },
}

impl FromStr for Shard {
    type Err = ShardError;

    fn from_str(spec: &str) -> Result<Shard, ShardError> {
        let syntax = || ShardError::Syntax(spec.to_string());
        let (k, n) = spec.split_once('/').ok_or_else(syntax)?;
        let number = |s: &str| {
            if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
                return Err(syntax());
            }
            s.parse::<u32>().map_err(|_| syntax())
        };
        let (index, count) = (number(k.trim())?, number(n.trim())?);
        if count == 0 {
            return Err(ShardError::NoShards(spec.to_string()));
        }
        if index == 0 || index > count {
            return Err(ShardError::OutOfRange {
                spec: spec.to_string(),
                count,
            });
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl Shard {
    /// Whether class `binary_name` (`pkg.Outer$Inner`) is this shard's.
    pub fn holds(&self, binary_name: &str) -> bool {
        of_class(binary_name, self.count) == self.index
    }
}

/// The shard (1-based) of class `binary_name` among `count`.
pub fn of_class(binary_name: &str, count: u32) -> u32 {
    (fnv1a(binary_name.as_bytes()) % u64::from(count.max(1))) as u32 + 1
}

/// FNV-1a, 64-bit (Fowler, Noll, Vo).
fn fnv1a(bytes: &[u8]) -> u64 {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    bytes
        .iter()
        .fold(OFFSET, |h, &b| (h ^ u64::from(b)).wrapping_mul(PRIME))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_k_of_n_and_refuses_the_rest() {
        assert_eq!("2/3".parse(), Ok(Shard { index: 2, count: 3 }));
        assert_eq!("1/1".parse(), Ok(Shard { index: 1, count: 1 }));
        for bad in ["x", "1", "1/", "/2", "a/2", "1/b", "-1/2", "1/2/3", "+1/2"] {
            assert_eq!(bad.parse::<Shard>(), Err(ShardError::Syntax(bad.into())));
        }
        assert!(matches!(
            "0/2".parse::<Shard>(),
            Err(ShardError::OutOfRange { count: 2, .. })
        ));
        assert!(matches!(
            "3/2".parse::<Shard>(),
            Err(ShardError::OutOfRange { .. })
        ));
        assert_eq!(
            "1/0".parse::<Shard>(),
            Err(ShardError::NoShards("1/0".into()))
        );
    }

    #[test]
    fn fnv1a_is_the_published_function() {
        // Test vectors of the FNV reference (fnv64a of "" and "a").
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn every_class_is_in_exactly_one_shard() {
        for name in ["coord.Coord", "foo.Foo", "a.B$C", ""] {
            for n in 1..6 {
                let holders = (1..=n)
                    .filter(|&k| Shard { index: k, count: n }.holds(name))
                    .count();
                assert_eq!(holders, 1, "{name} among {n}");
            }
        }
    }
}
