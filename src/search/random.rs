//! Stepping back over `java.util.Random`'s constructors and draws, and
//! `Math.random()` ([`RandomMethod`], [`crate::jdk::random`]).
//!
//! A generator's state is a heap cell of its own, `Random.<seed>`: the
//! 48-bit seed of a generator made by `new Random(seed)` (exactly of class
//! `Random`, whose `next` no subclass replaces), or [`UNSEEDED`] for one
//! made by `new Random()` or by a subclass. A draw is one of two
//! behaviours:
//!
//! - **exact**: the receiver was made on the path (a negative reference,
//!   [`Explorer::allocated`]) with a seed; the draw steps the seed as the
//!   JDK does and its result is computed from the seeds, as bit-vector
//!   terms. `nextInt(bound)` follows [`BOUNDED_DRAWS`] draws of its
//!   rejection loop; past them (each rejected with a probability below
//!   `bound / 2^31`) the result is any value in range and the seed any
//!   seed, a superset of what the JVM does, so a refutation still holds;
//! - **environment**: the receiver is an input, or was made without a
//!   seed: the result is an input in the method's range, recorded per call
//!   site and replayed ([`crate::labeling::EnvCall`]).
//!
//! The two exclude each other, so a seeded generator's draws are never
//! free: `new Random(42).nextInt(10) == 5` is refuted.

use super::calls::Env;
use super::cmv::St;
use super::explore::Explorer;
use crate::jdk::random::{RandomMethod, ADDEND, BOUNDED_DRAWS, MASK, MULTIPLIER};
use crate::model::term::{BvCmp, BvOp, FpOp, Sort, TermId};
use crate::model::FieldKey;

/// The seed cell of a generator with no seed the model knows: above every
/// 48-bit seed.
const UNSEEDED: i64 = 1 << 48;

/// The doubles `[0, 1)`, as bit patterns: below 1.0's (positive doubles
/// are ordered as their patterns).
const ONE: f64 = 1.0;

fn seed_key() -> FieldKey {
    FieldKey {
        class: "java/util/Random".into(),
        name: "<seed>".into(),
    }
}

/// One draw from a generator: a call of `method` on the generator `this`
/// (with `nextInt`'s `bound`) whose result is `result`.
#[derive(Clone, Copy)]
struct Draw {
    method: RandomMethod,
    this: TermId,
    bound: Option<TermId>,
    result: TermId,
}

impl Explorer<'_> {
    /// The behaviours of a call of a [`RandomMethod`], each a state before
    /// the call (from `next`, after it) and its constraints. `key` names
    /// the method for the environment's record; `index` is the call's.
    pub(super) fn random_behaviours(
        &mut self,
        next: St,
        env: &Env,
        m: RandomMethod,
        key: &str,
        index: usize,
    ) -> Vec<(St, Vec<TermId>)> {
        let this = env.params.first().map(|p| p.0);
        let result = env.result.as_ref().map(|r| r.0);
        match (m, this, result) {
            (RandomMethod::Init | RandomMethod::Seeded, Some(this), _) => {
                let seed = env.params.get(1).map(|p| p.0);
                vec![self.construct(next, this, seed)]
            }
            (RandomMethod::MathRandom, _, Some(r)) => {
                let mut st = next;
                let cs = vec![self.unit_double(r)];
                self.record_draw(&mut st, key, index, r, env);
                vec![(st, cs)]
            }
            (_, Some(this), Some(r)) => {
                let bound = env.params.get(1).map(|p| p.0);
                // The environment first: refuted at once for a generator
                // seeded on the path, while the exact draws of one made
                // elsewhere cost the solver more before they are refuted.
                let draw = Draw {
                    method: m,
                    this,
                    bound,
                    result: r,
                };
                let exact = self.exact_draws(&next, draw);
                let mut out = vec![self.environment_draw(next, draw, key, index, env)];
                out.extend(exact);
                out
            }
            _ => Vec::new(),
        }
    }

    /// `new Random()` (`seed` `None`) or `new Random(seed)` on `this`.
    fn construct(&mut self, mut st: St, this: TermId, seed: Option<TermId>) -> (St, Vec<TermId>) {
        let unseeded = self.terms.bv(UNSEEDED, 64);
        let kept = match (seed, self.universe.id("java/util/Random")) {
            (Some(s), Some(id)) => {
                let bits = self.terms.bv(MULTIPLIER as i64, 64);
                let x = self.terms.bin(BvOp::Xor, s, bits);
                let mask = self.terms.bv(MASK as i64, 64);
                let scrambled = self.terms.bin(BvOp::And, x, mask);
                let class = self.terms.select(st.mem.types, this);
                let idc = self.terms.int(id as i32);
                let exact = self.terms.eq(class, idc);
                self.terms.ite(exact, scrambled, unseeded)
            }
            _ => unseeded,
        };
        let cs = vec![self.set_seed(&mut st, this, kept)];
        (st, cs)
    }

    /// The seed cell of `this` after the call is `value`; the state's
    /// seed cells become those before it (fresh).
    fn set_seed(&mut self, st: &mut St, this: TermId, value: TermId) -> TermId {
        let after = self.heap_array(st, seed_key(), Sort::Array(64));
        let prior = self.fresh("Random.<seed>", Sort::Array(64));
        st.mem.fields.insert(seed_key(), prior);
        let written = self.terms.store(prior, this, value);
        self.terms.eq(after, written)
    }

    /// One step of the generator.
    fn step_seed(&mut self, s: TermId) -> TermId {
        let a = self.terms.bv(MULTIPLIER as i64, 64);
        let c = self.terms.bv(ADDEND as i64, 64);
        let mask = self.terms.bv(MASK as i64, 64);
        let product = self.terms.bin(BvOp::Mul, s, a);
        let sum = self.terms.bin(BvOp::Add, product, c);
        self.terms.bin(BvOp::And, sum, mask)
    }

    /// `next(bits)` of the seed a step made: its top `bits` bits, an int.
    fn top_bits(&mut self, s: TermId, bits: u32) -> TermId {
        let k = self.terms.bv(i64::from(48 - bits), 64);
        let shifted = self.terms.bin(BvOp::LShr, s, k);
        self.terms.extract(31, 0, shifted)
    }

    /// The exact behaviours of a draw by `this`, a generator with a seed
    /// made on the path: one per number of `next` calls the draw makes.
    fn exact_draws(&mut self, after: &St, draw: Draw) -> Vec<(St, Vec<TermId>)> {
        let (m, this, bound, r) = (draw.method, draw.this, draw.bound, draw.result);
        // (draws, whether all of them were rejected)
        let cases: Vec<(usize, bool)> = match m {
            RandomMethod::NextIntBounded => {
                let mut cases: Vec<(usize, bool)> =
                    (1..=BOUNDED_DRAWS).map(|n| (n, false)).collect();
                cases.push((BOUNDED_DRAWS, true));
                cases
            }
            RandomMethod::NextLong | RandomMethod::NextDouble => vec![(2, false)],
            _ => vec![(1, false)],
        };
        let mut out = Vec::new();
        for (draws, all_rejected) in cases {
            let mut st = after.clone();
            let after_seeds = self.heap_array(&mut st, seed_key(), Sort::Array(64));
            let prior = self.fresh("Random.<seed>", Sort::Array(64));
            st.mem.fields.insert(seed_key(), prior);
            let s0 = self.terms.select(prior, this);
            let mut seeds = Vec::new();
            let mut s = s0;
            for _ in 0..draws {
                s = self.step_seed(s);
                seeds.push(s);
            }
            let zero = self.terms.int(0);
            let limit = self.terms.bv(UNSEEDED, 64);
            let mut cs = vec![
                self.terms.cmp(BvCmp::Slt, this, zero),
                self.terms.cmp(BvCmp::Ult, s0, limit),
            ];
            let v = match (m, bound) {
                (RandomMethod::NextIntBounded, Some(b)) => {
                    match self.bounded_draw(&seeds, b, all_rejected, &mut cs) {
                        Some(v) => v,
                        None => {
                            // More draws than the model follows: any
                            // result in range, any seed after (a superset
                            // of what the JVM may do; the replay checks a
                            // state found through it).
                            s = self.fresh("Random.<seed>", Sort::Bv(64));
                            cs.push(self.terms.cmp(BvCmp::Ult, s, limit));
                            let v = self.fresh("draw", Sort::Bv(32));
                            cs.push(self.terms.cmp(BvCmp::Sge, v, zero));
                            cs.push(self.terms.cmp(BvCmp::Slt, v, b));
                            v
                        }
                    }
                }
                _ => self.draw_value(m, &seeds),
            };
            let written = self.terms.store(prior, this, s);
            cs.push(self.terms.eq(after_seeds, written));
            cs.push(self.terms.eq(r, v));
            out.push((st, cs));
        }
        out
    }

    /// The result of a draw of `m` whose `next` calls left `seeds`.
    fn draw_value(&mut self, m: RandomMethod, seeds: &[TermId]) -> TermId {
        match m {
            RandomMethod::NextBoolean => self.top_bits(seeds[0], 1),
            RandomMethod::NextLong => self.joined(seeds, 32, 32),
            RandomMethod::NextDouble => {
                // Below 2^53: exact as a double, and so is the scaling.
                let whole = self.joined(seeds, 26, 27);
                let d = self.terms.fp_from_int(64, whole);
                let unit = 1.0 / (1u64 << 53) as f64;
                let unit = self.terms.bv(unit.to_bits() as i64, 64);
                self.terms.fp(FpOp::Mul, d, unit)
            }
            _ => self.top_bits(seeds[0], 32),
        }
    }

    /// `((long) next(hi) << lo) + next(lo)` of the first two seeds (both
    /// ints sign-extended, as Java's `long` arithmetic does).
    fn joined(&mut self, seeds: &[TermId], hi: u32, lo: u32) -> TermId {
        let h = self.top_bits(seeds[0], hi);
        let l = self.top_bits(seeds[1], lo);
        let (h, l) = (self.terms.sign_ext(32, h), self.terms.sign_ext(32, l));
        let k = self.terms.bv(i64::from(lo), 64);
        let h = self.terms.bin(BvOp::Shl, h, k);
        self.terms.bin(BvOp::Add, h, l)
    }

    /// `nextInt(bound)` after `seeds.len()` calls of `next(31)`: the
    /// constraints that the loop took exactly those draws, and the result;
    /// with `all_rejected`, `None` and the constraints that the loop
    /// rejected every one of them (and goes on drawing).
    fn bounded_draw(
        &mut self,
        seeds: &[TermId],
        b: TermId,
        all_rejected: bool,
        cs: &mut Vec<TermId>,
    ) -> Option<TermId> {
        let zero = self.terms.int(0);
        let one = self.terms.int(1);
        cs.push(self.terms.cmp(BvCmp::Sgt, b, zero));
        let m = self.terms.bin(BvOp::Sub, b, one);
        let masked = self.terms.bin(BvOp::And, b, m);
        let pow2 = self.terms.eq(masked, zero);
        let mut value = None;
        let n = seeds.len();
        for (k, &s) in seeds.iter().enumerate() {
            let u = self.top_bits(s, 31);
            let v = self.terms.bin(BvOp::SRem, u, b);
            let d = self.terms.bin(BvOp::Sub, u, v);
            let d = self.terms.bin(BvOp::Add, d, m);
            let accepted = self.terms.cmp(BvCmp::Sge, d, zero);
            let last = k + 1 == n && !all_rejected;
            if last && n == 1 {
                // One draw: a power of two scales it, any other bound
                // takes it if accepted.
                let wide = self.terms.sign_ext(32, b);
                let ur = self.terms.zero_ext(32, u);
                let product = self.terms.bin(BvOp::Mul, wide, ur);
                let k31 = self.terms.bv(31, 64);
                let shifted = self.terms.bin(BvOp::AShr, product, k31);
                let scaled = self.terms.extract(31, 0, shifted);
                cs.push(self.terms.or(vec![pow2, accepted]));
                value = Some(self.terms.ite(pow2, scaled, v));
            } else if last {
                cs.push(accepted);
                value = Some(v);
            } else {
                if k == 0 {
                    cs.push(self.terms.not(pow2));
                }
                cs.push(self.terms.not(accepted));
            }
        }
        value
    }

    /// A draw of a generator that is an input or has no seed: the
    /// environment's, in the method's range.
    fn environment_draw(
        &mut self,
        mut st: St,
        draw: Draw,
        key: &str,
        index: usize,
        env: &Env,
    ) -> (St, Vec<TermId>) {
        let (m, this, bound, r) = (draw.method, draw.this, draw.bound, draw.result);
        let zero = self.terms.int(0);
        let seeds = self.heap_array(&mut st, seed_key(), Sort::Array(64));
        let seed = self.terms.select(seeds, this);
        let unseeded = self.terms.bv(UNSEEDED, 64);
        let input = self.terms.cmp(BvCmp::Sgt, this, zero);
        let no_seed = self.terms.eq(seed, unseeded);
        let mut cs = vec![self.terms.or(vec![input, no_seed])];
        match (m, bound) {
            (RandomMethod::NextIntBounded, Some(b)) => {
                cs.push(self.terms.cmp(BvCmp::Sgt, b, zero));
                cs.push(self.terms.cmp(BvCmp::Sge, r, zero));
                cs.push(self.terms.cmp(BvCmp::Slt, r, b));
            }
            (RandomMethod::NextDouble, _) => cs.push(self.unit_double(r)),
            _ => {}
        }
        self.record_draw(&mut st, key, index, r, env);
        (st, cs)
    }

    /// `r`, a double's bits, is in `[0, 1)`.
    fn unit_double(&mut self, r: TermId) -> TermId {
        let one = self.terms.bv(ONE.to_bits() as i64, 64);
        self.terms.cmp(BvCmp::Ult, r, one)
    }

    /// The draw's result `r` is the environment's.
    fn record_draw(&mut self, st: &mut St, key: &str, index: usize, r: TermId, env: &Env) {
        let ty = env.result.as_ref().map(|x| x.1.clone()).expect("a result");
        let call = self.env_call(st, key, index, r, ty);
        st.environment.push(call);
    }
}
