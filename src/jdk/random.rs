//! `java.util.Random` and `Math.random()` as the registry sees them (the
//! model is `src/search/random.rs`).
//!
//! A `Random` made with a seed is deterministic: the JDK's generator is a
//! 48-bit linear congruential generator (Knuth, TAOCP vol. 2 §3.2.1; the
//! `java.util.Random` javadoc): `new Random(s)` keeps `(s ^ 0x5DEECE66D)
//! mod 2^48`, each `next(bits)` steps `seed = seed * 0x5DEECE66D + 0xB mod
//! 2^48` and returns the top `bits` bits, and `nextInt`, `nextInt(bound)`,
//! `nextBoolean`, `nextLong`, `nextDouble` are built on `next` as the
//! javadoc gives them. The search computes the draws of such a generator
//! exactly, so the seed is an ordinary input.
//!
//! A `Random` made without a seed (its seed mixes `System.nanoTime()` into
//! a shared counter), an input `Random`, and `Math.random()` are the
//! environment: each draw's result is an input, recorded per call site and
//! replayed (docs/contracts.md), within the range the method specifies.
//!
//! [`Lcg`] is the same generator in Rust, for tests of the model.

/// Which method of `java.util.Random` (or `Math.random`) an intrinsic models.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RandomMethod {
    /// `new Random()`: an environment generator.
    Init,
    /// `new Random(long seed)`: a deterministic generator.
    Seeded,
    /// `nextInt()`: `next(32)`.
    NextInt,
    /// `nextInt(int bound)`: in `[0, bound)`; `IllegalArgumentException`
    /// for a bound that is not positive.
    NextIntBounded,
    /// `nextLong()`: `(long) next(32) << 32` plus `next(32)`.
    NextLong,
    /// `nextBoolean()`: `next(1) != 0`.
    NextBoolean,
    /// `nextDouble()`: `((long) next(26) << 27) + next(27)` times 2^-53.
    NextDouble,
    /// `Math.random()`: a double in `[0, 1)` from a generator the program
    /// cannot reach, so always the environment.
    MathRandom,
}

/// The multiplier of the generator.
pub const MULTIPLIER: u64 = 0x5_DEEC_E66D;
/// The addend of the generator.
pub const ADDEND: u64 = 0xB;
/// The generator's state is 48 bits.
pub const MASK: u64 = (1 << 48) - 1;
/// How many draws of `nextInt(bound)`'s rejection loop the model follows
/// (a draw is rejected with probability below `bound / 2^31`).
pub const BOUNDED_DRAWS: usize = 2;

/// The seed `new Random(seed)` and `setSeed(seed)` keep.
pub fn scramble(seed: i64) -> u64 {
    (seed as u64 ^ MULTIPLIER) & MASK
}

/// The JDK's generator, in Rust.
#[derive(Debug, Clone, Copy)]
pub struct Lcg {
    pub seed: u64,
}

impl Lcg {
    /// `new Random(seed)`.
    pub fn new(seed: i64) -> Lcg {
        Lcg {
            seed: scramble(seed),
        }
    }

    /// `next(bits)`.
    pub fn next(&mut self, bits: u32) -> i32 {
        self.seed = (self.seed.wrapping_mul(MULTIPLIER).wrapping_add(ADDEND)) & MASK;
        (self.seed >> (48 - bits)) as i32
    }

    pub fn next_int(&mut self) -> i32 {
        self.next(32)
    }

    /// `nextInt(bound)` for a positive bound.
    pub fn next_int_bounded(&mut self, bound: i32) -> i32 {
        let r = self.next(31);
        let m = bound - 1;
        if bound & m == 0 {
            return ((i64::from(bound) * i64::from(r)) >> 31) as i32;
        }
        let mut u = r;
        loop {
            let r = u % bound;
            if u.wrapping_sub(r).wrapping_add(m) >= 0 {
                return r;
            }
            u = self.next(31);
        }
    }

    pub fn next_long(&mut self) -> i64 {
        let hi = i64::from(self.next(32)) << 32;
        hi.wrapping_add(i64::from(self.next(32)))
    }

    pub fn next_boolean(&mut self) -> bool {
        self.next(1) != 0
    }

    pub fn next_double(&mut self) -> f64 {
        let hi = i64::from(self.next(26)) << 27;
        (hi + i64::from(self.next(27))) as f64 * (1.0 / (1u64 << 53) as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values printed by JDK 17 (`new Random(s).nextX()`).
    #[test]
    fn the_generator_draws_what_the_jdk_draws() {
        assert_eq!(Lcg::new(42).next_int_bounded(10), 0);
        assert_eq!(Lcg::new(0).next_int(), -1155484576);
        assert_eq!(Lcg::new(42).next_int(), -1170105035);
        assert_eq!(Lcg::new(0).next_long(), -4962768465676381896);
        assert!(Lcg::new(0).next_boolean());
        assert_eq!(Lcg::new(0).next_double(), 0.730967787376657);
        assert_eq!(Lcg::new(1).next_int_bounded(16), 11);
    }
}
