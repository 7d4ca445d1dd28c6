//! The dispatch of intrinsic calls: one arm per [`Intrinsic`], each naming
//! the model that gives its constraints (`jdk::strings::methods`,
//! `search::builders`, `jdk::strings::printing`, …), and the small models that
//! have no file of their own: boxing (JLS §5.1.7), identity hashes,
//! `Array.getLength`, `Array.newInstance` and `System.arraycopy`.

use super::Env;
use crate::classfile::JType;
use crate::jdk::arrays::methods::ArraysMethods;
use crate::jdk::methods::Intrinsic;
use crate::jdk::strings::prelude::{Characters, Numbers, Printing, Regexes, StringMemory};
use crate::model::term::{BvCmp, BvOp, Sort, TermId};
use crate::model::{Alloc, FieldKey};
use crate::search::cmv::St;
use crate::search::explore::Explorer;
use crate::search::unsupported::Unsupported;

impl Explorer<'_> {
    /// The constraints of an intrinsic call: one arm per intrinsic, each
    /// naming the model that gives them.
    pub(super) fn intrinsic(
        &mut self,
        st: &mut St,
        env: &Env,
        i: Intrinsic,
        name: &str,
        index: usize,
    ) -> Result<Vec<TermId>, Unsupported> {
        let zero = self.terms.int(0);
        let mut out = Vec::new();
        let out_ = &mut out;
        match i {
            Intrinsic::ArrayCopy => self.array_copy(st, env, index, out_)?,
            Intrinsic::Arrays(method) => {
                self.arrays_call(st, method, &env.params, env.returned(), index, out_);
            }
            Intrinsic::Builder(method) => {
                self.builder_call(st, method, name, env, index, out_)?;
            }
            Intrinsic::List(method) => {
                self.list_call(st, (method, name), &env.params, env.returned(), index, out_)?;
            }
            Intrinsic::Keyed(method) => {
                let class = env.params[0].1.class_ref_name();
                let class = crate::jdk::collections::keyed::model_class(&class);
                let at = (env.returned(), index);
                self.keyed_call(st, method, (class, name), &env.params, at, out_)?;
            }
            Intrinsic::MapView(method) => {
                let at = (env.returned(), index);
                self.map_view_call(st, method, &env.params, at, out_)?;
            }
            Intrinsic::Deque(method) => {
                // The receiver's type is the class declaring the method.
                let class = env.params[0].1.class_ref_name();
                let call = (class.as_str(), name);
                let returned = env.returned();
                self.deque_call(st, method, call, &env.params, returned, index, out_)?;
            }
            Intrinsic::Print => self.print_call(st, env.this(), env.returned(), index, out_)?,
            Intrinsic::Log => self.log_call(st, &env.params, index, out_),
            Intrinsic::EnvObject(e) => {
                self.env_object_call(st, e, env.result_term()?, index, out_)?
            }
            Intrinsic::ExceptionInit => {
                let this = env.receiver()?;
                let message = if env.params.len() > 1 {
                    env.arg(0)
                } else {
                    zero
                };
                let cause = if env.params.len() > 2 {
                    env.arg(1)
                } else {
                    this
                };
                self.exception_init_fields(st, this, message, cause, out_);
            }
            Intrinsic::AssertionErrorOfText => {
                self.assertion_error_of_text(st, env.receiver()?, env.arg(0), out_)?;
            }
            Intrinsic::ArrayClone | Intrinsic::StringConcat => return Err(Unsupported::NotACall),
            // Two behaviours: `step_over_call` asks `random_behaviours`.
            Intrinsic::Random(_) => return Err(Unsupported::NotACall),
            Intrinsic::Box => {
                let (r, ty) = env.result.as_ref().ok_or(Unsupported::NoResult)?;
                self.box_call(st, (*r, ty), env.arg(0), index, out_)?;
            }
            Intrinsic::CharacterDigit | Intrinsic::Character(_) => {
                // A `char` argument needs only the Basic Multilingual Plane.
                let top = if env.params[0].1 == JType::Char {
                    0xffff
                } else {
                    0x10ffff
                };
                let result = env.result_term()?;
                match i {
                    Intrinsic::Character(method) => {
                        self.character_call(method, env.arg(0), top, result, out_)
                    }
                    _ => self.character_digit(env.arg(0), env.arg(1), top, result, out_),
                }
            }
            Intrinsic::Format => {
                self.format_call(st, &env.params, env.result_term()?, index, out_)?
            }
            Intrinsic::Float(method) => {
                self.float_call(method, env.arg(0), env.result_term()?, out_)
            }
            Intrinsic::Math(f) => {
                let args: Vec<TermId> = env.params.iter().map(|p| p.0).collect();
                self.math_call(f, &args, env.result_term()?, out_);
            }
            Intrinsic::Number(method) => {
                self.number_call(st, method, &env.params, env.result_term()?, index, out_)?;
            }
            Intrinsic::Regex(method) => {
                self.regex_call(st, method, &env.params, env.result_term()?, index, out_)?;
            }
            Intrinsic::IdentityHash => {
                let result = env.result_term()?;
                // The receiver of hashCode (not null: the call would have
                // thrown), the argument of identityHashCode.
                self.identity_hash(st, env.receiver()?, (result, zero), out_);
            }
            Intrinsic::ArrayGetLength => {
                let result = env.result_term()?;
                self.array_get_length(st, (env.arg(0), result, zero), index, out_);
            }
            Intrinsic::NewArray => self.new_array(st, env, index, out_)?,
            Intrinsic::Class(method) => {
                let result = env.result_term()?;
                env.receiver()?;
                let args: Vec<TermId> = env.params.iter().map(|p| p.0).collect();
                self.class_call(st, method, &args, result, index, out_)?;
            }
            Intrinsic::GetClass => {
                let result = env.result_term()?;
                let class_of = self.terms.select(st.mem.types, env.receiver()?);
                let c = self.class_object(st, class_of, out_);
                out_.push(self.terms.eq(result, c));
            }
            Intrinsic::StringOfBuilder => {
                self.string_of_builder(st, env.receiver()?, env.arg(0), out_)
            }
            Intrinsic::StringCopy
            | Intrinsic::EmptyString
            | Intrinsic::StringOfChars
            | Intrinsic::StringOfCodePoints
            | Intrinsic::StringLength
            | Intrinsic::StringIsEmpty
            | Intrinsic::StringCharAt
            | Intrinsic::StringEquals
            | Intrinsic::StringMethod(_)
            | Intrinsic::StringEdit(_)
            | Intrinsic::StringToChars
            | Intrinsic::StringGetChars
            | Intrinsic::StringSelf
            | Intrinsic::StringIntern => self.string_intrinsic(st, env, i, index, out_)?,
        }
        Ok(out)
    }

    /// `result` is the identity hash of `o`: one int per object, 0 for
    /// null.
    fn identity_hash(
        &mut self,
        st: &mut St,
        o: TermId,
        (result, zero): (TermId, TermId),
        out: &mut Vec<TermId>,
    ) {
        let hashes = self.heap_array(st, FieldKey::identity_hashes(), Sort::Array(32));
        let hash = self.terms.select(hashes, o);
        let is_null = self.terms.eq(o, zero);
        let v = self.terms.ite(is_null, zero, hash);
        out.push(self.terms.eq(result, v));
    }

    /// `Integer.valueOf(int)`, `Long.valueOf(long)`, …: `r` (of box type
    /// `ty`) is the box of `v`, whose `value` is `v`.
    fn box_call(
        &mut self,
        st: &mut St,
        (result, ty): (TermId, &JType),
        v: TermId,
        index: usize,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let class = match ty {
            JType::Object(c) => c.clone(),
            _ => return Err(Unsupported::BoxingIntoNonObject),
        };
        let id = self
            .universe
            .id(&class)
            .ok_or_else(|| Unsupported::NotInUniverse(class.clone()))?;
        let pc = st.top().m.code().instructions[index].pc;
        self.boxed(st, result, v, id, &class, pc, out);
        let key = FieldKey {
            class,
            name: "value".into(),
        };
        if let Some(&values) = st.mem.fields.get(&key) {
            let held = self.terms.select(values, result);
            out.push(self.terms.eq(held, v));
        }
        Ok(())
    }

    /// `java.lang.reflect.Array.getLength(a)`: `result` is the length of a
    /// non-null array, on the normal path (`zero`: the constant 0).
    fn array_get_length(
        &mut self,
        st: &mut St,
        (a, result, zero): (TermId, TermId, TermId),
        index: usize,
        out: &mut Vec<TermId>,
    ) {
        // Input objects of a class type are never arrays in the
        // input domain (model::inputs), so an argument not typed as
        // an array may be an input array the model cannot hold.
        if !self.operand_is_array(st, index, 0, 1) {
            self.assume(
                "an input of static type java.lang.Object passed to \
                 java.lang.reflect.Array.getLength was taken to be no array"
                    .to_string(),
            );
        }
        out.push(self.terms.ne(a, zero));
        // Array class ids are the ones from ARRAY_ID_BASE up.
        let class_of = self.terms.select(st.mem.types, a);
        let base = self.terms.int(crate::model::ARRAY_ID_BASE as i32);
        out.push(self.terms.cmp(BvCmp::Sge, class_of, base));
        let len = self.array_length(st, a, out);
        out.push(self.terms.eq(result, len));
    }

    /// `java.lang.reflect.Array.newInstance(c, n)` (or the native
    /// `newArray` it calls): a new array of length `n` (not negative, else
    /// `NegativeArraySizeException`; `c` not null), its elements null. Its
    /// class is `c`'s array class, which the model takes to be `Object[]`
    /// whatever `c` is: an assumption, so no refutation rests on it, and
    /// the replay runs the JDK's own method on any state found.
    fn new_array(
        &mut self,
        st: &mut St,
        env: &Env,
        index: usize,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let r = env.result_term()?;
        let zero = self.terms.int(0);
        out.push(self.terms.ne(env.arg(0), zero));
        let insn = st.top().m.code().instructions[index].clone();
        let elem = JType::Object("java/lang/Object".into());
        self.allocate_array(st, &insn, r, env.arg(1), &elem, out);
        self.assume(
            "the array java.lang.reflect.Array.newInstance made was taken to be an Object[] \
             whatever its component class"
                .to_string(),
        );
        Ok(())
    }

    /// `r` is the result of `valueOf(v)` of the box class `class`: the
    /// JDK's cached box of `v` when `v` is in the cache's range (JLS §5.1.7;
    /// `Integer`'s upper bound is 127 unless the JVM is told otherwise),
    /// else a new object. Two cached boxes of one class are the same object
    /// exactly when their values are equal; a cached box is no object the
    /// path allocates with `new` — nor an input object, an assumption
    /// recorded so no proof rests on it.
    #[allow(clippy::too_many_arguments)]
    fn boxed(
        &mut self,
        st: &mut St,
        r: TermId,
        v: TermId,
        class_id: u32,
        class: &str,
        pc: u32,
        out: &mut Vec<TermId>,
    ) {
        let width = self.terms.width(v);
        let cached = match class {
            "java/lang/Boolean" | "java/lang/Byte" => self.terms.bool(true),
            "java/lang/Character" => {
                let bound = self.terms.bv(128, width);
                self.terms.cmp(BvCmp::Ult, v, bound)
            }
            _ => {
                let (min, max) = (self.terms.bv(-128, width), self.terms.bv(127, width));
                let above = self.terms.cmp(BvCmp::Sge, v, min);
                let below = self.terms.cmp(BvCmp::Sle, v, max);
                self.terms.and(vec![above, below])
            }
        };
        // The model gives the cached boxes no identity an input can share:
        // an input `Integer` that *is* `Integer.valueOf(5)` is out of its
        // reach, so a refutation may rest on that.
        self.assume(format!(
            "input {} objects were taken to be none of the JDK's cached boxes",
            class.replace('/', ".")
        ));
        let zero = self.terms.int(0);
        out.push(self.terms.cmp(BvCmp::Slt, r, zero));
        for a in st.mem.allocs.clone() {
            let other = self.terms.ne(r, a.term);
            match a.cached {
                Some((a_cached, a_value)) if a.class == class => {
                    let same_value = self.terms.eq(v, a_value);
                    let same = self.terms.and(vec![cached, a_cached, same_value]);
                    let one = self.terms.eq(r, a.term);
                    out.push(self.terms.ite(same, one, other));
                }
                _ => out.push(other),
            }
        }
        let t = self.terms.select(st.mem.types, r);
        let idc = self.terms.int(class_id as i32);
        out.push(self.terms.eq(t, idc));
        st.mem.allocs.push(Alloc {
            term: r,
            class: class.to_string(),
            pc,
            cached: Some((cached, v)),
        });
    }

    /// Whether the call at `index`'s operand `k` of `n` (from the deepest)
    /// has an array type in the frame before the call.
    fn operand_is_array(&self, st: &mut St, index: usize, k: usize, n: usize) -> bool {
        let m = st.top().m.clone();
        let pc = m.code().instructions[index].pc;
        let Some(frame) = m.frames.at(pc) else {
            return false;
        };
        let depth = frame.stack.len();
        matches!(
            frame.stack.get(depth - n + k),
            Some(crate::frames::VType::Ref(name)) if name.starts_with('[')
        )
    }

    /// `System.arraycopy(src, sp, dst, dp, n)` on its normal path: both
    /// arrays non-null, of the element type their static types at the call
    /// say, the ranges inside them. For reference arrays the normal path
    /// also needs every copied element to fit `dst`'s component type (else
    /// `ArrayStoreException`); that condition is left out, so the model
    /// holds every normal run and more: a refutation is still a proof, and
    /// a state whose copy would fail is refuted by the replay. (The
    /// exception itself is a native's, which `throws.rs` takes as an
    /// assumption, so no proof rests on its absence either.)
    fn array_copy(
        &mut self,
        st: &mut St,
        env: &Env,
        index: usize,
        out: &mut Vec<TermId>,
    ) -> Result<(), Unsupported> {
        let [src, sp, dst, dp, n] = [0, 1, 2, 3, 4].map(|k| env.params[k].0);
        let m = st.top().m.clone();
        let pc = m.code().instructions[index].pc;
        let frame = m.frames.at(pc).ok_or(Unsupported::DeadCode)?;
        let depth = frame.stack.len();
        let elem = |t: &crate::frames::VType| match t {
            crate::frames::VType::Ref(name) => match JType::parse(name) {
                Some(JType::Array(e)) => Some(*e),
                _ => None,
            },
            _ => None,
        };
        let (Some(src_elem), Some(dst_elem)) =
            (elem(&frame.stack[depth - 5]), elem(&frame.stack[depth - 3]))
        else {
            return Err(Unsupported::ArrayCopyUntyped);
        };
        if src_elem.is_reference() != dst_elem.is_reference()
            || (!src_elem.is_reference() && src_elem != dst_elem)
        {
            return Err(Unsupported::ArrayCopyMixedTypes);
        }
        let zero = self.terms.int(0);
        out.push(self.terms.ne(src, zero));
        out.push(self.terms.ne(dst, zero));
        for v in [sp, dp, n] {
            out.push(self.terms.cmp(BvCmp::Sge, v, zero));
        }
        for (a, pos) in [(src, sp), (dst, dp)] {
            let len = self.array_length(st, a, out);
            // pos + n <= length, in 64 bits so that the sum cannot wrap.
            let l64 = self.terms.zero_ext(32, len);
            let p64 = self.terms.zero_ext(32, pos);
            let n64 = self.terms.zero_ext(32, n);
            let sum = self.terms.bin(BvOp::Add, p64, n64);
            out.push(self.terms.cmp(BvCmp::Sle, sum, l64));
        }
        let key = FieldKey::array_elements(&src_elem);
        if let Some(&after) = st.mem.fields.get(&key) {
            let sort = self.terms.sort(after);
            let prior = self.fresh.var(&mut self.terms, &key.to_string(), sort);
            self.redefine_cells(st, after, prior, out, |ex, k| {
                // k in dst's copied range ? prior[src, sp + (k - dp)] : prior[k]
                let owner = ex.terms.extract(63, 32, k);
                let index = ex.terms.extract(31, 0, k);
                let offset = ex.terms.bin(BvOp::Sub, index, dp);
                let is_dst = ex.terms.eq(owner, dst);
                let in_range = ex.terms.cmp(BvCmp::Ult, offset, n);
                let inside = ex.terms.and(vec![is_dst, in_range]);
                let from_index = ex.terms.bin(BvOp::Add, sp, offset);
                let from = ex.terms.cell(src, from_index);
                let copied = ex.terms.select(prior, from);
                let kept = ex.terms.select(prior, k);
                (ex.terms.ite(inside, copied, kept), vec![from, k])
            });
            st.mem.fields.insert(key, prior);
        }
        Ok(())
    }
}
