//! Backward rules: one per instruction family, relating the CMV after an
//! instruction to the CMV before it (section IV of the JAUT paper).
//!
//! Each rule pops the instruction's results from the state after it, pushes
//! fresh variables for its operands (typed by the frame before it) and adds
//! the constraints that tie them: `iadd` gives `r == a + b`, `putfield f`
//! gives `f_after == f_before{o := v}` and `o != null`, and so on. The
//! normal path is the one followed, so a dereference asserts non-null and a
//! division a non-zero divisor. Values are exact two's-complement
//! bit-vectors: overflow, shift-count masking and `MIN_VALUE / -1` behave as
//! on the JVM. An instruction without a rule cuts the path with
//! `unsupported: <instruction> at <method> pc N`; none is skipped.
//!
//! The heap the rules read and write is in [`super::heap`]; branches and
//! switches are stepped over with the edge that says which way they went
//! ([`super::edges`]), invokes by entering the callee ([`super::callee`]).

use super::cmv::St;
use super::explore::Explorer;
use super::heap::sort_width;
use super::statics::StaticRead;
use crate::classfile::bytecode::{
    BinOp, CmpOp, Constant, Conversion, Instruction, InvokeKind, Kind, StackOp,
};
use crate::classfile::{JType, Op};
use crate::frames::{Frame, VType};
use crate::jdk::methods::Intrinsic;
use crate::jdk::registry::{Callee, Registry};
use crate::model::term::{BvCmp, BvOp, Sort, TermId};
use crate::model::{field_sort, inputs, sort_of, sort_of_vtype, FieldKey, HeapRead};
use crate::reason::{Bound, Reason};

impl Explorer<'_> {
    pub(super) fn unsupported(&self, st: &mut St, insn: &Instruction, what: &str) -> Reason {
        let m = &st.top().m;
        Reason::Unsupported(format!(
            "{what} at {} pc {}",
            m.key.to_string().replace('/', "."),
            insn.pc
        ))
    }

    pub(super) fn frame_before(&self, st: &mut St, insn: &Instruction) -> Frame {
        st.top()
            .m
            .frames
            .at(insn.pc)
            .cloned()
            .expect("instructions on a backward path are reachable")
    }

    pub(super) fn fresh(&mut self, hint: &str, sort: Sort) -> TermId {
        self.fresh.var(&mut self.terms, hint, sort)
    }

    /// Pops a result from the state after the instruction.
    pub(super) fn pop(&mut self, st: &mut St) -> TermId {
        st.top()
            .stack
            .pop()
            .expect("frames guarantee the stack depth")
    }

    /// Fresh variables for the top `n` stack values of the frame before the
    /// instruction, pushed onto the state (bottom first); returns them.
    pub(super) fn operands(&mut self, st: &mut St, before: &Frame, n: usize) -> Vec<TermId> {
        let types = &before.stack[before.stack.len() - n..];
        let vars: Vec<TermId> = types
            .iter()
            .map(|t| self.fresh("v", sort_of_vtype(t)))
            .collect();
        st.top().stack.extend(vars.iter().copied());
        vars
    }

    fn null(&mut self) -> TermId {
        self.terms.int(0)
    }

    pub(super) fn non_null(&mut self, r: TermId) -> TermId {
        let z = self.null();
        self.terms.ne(r, z)
    }

    fn field_key(
        &mut self,
        st: &mut St,
        insn: &Instruction,
        class: &str,
        name: &str,
    ) -> Result<FieldKey, Reason> {
        self.heap_field(class, name)
            .map_err(|why| self.unsupported(st, insn, &why))
    }

    /// The value a `getfield` of `key` reads when the field is a constant
    /// variable (JLS §4.12.4) and the read is outside a constructor: the
    /// constant, whatever the heap says — the constructor stored it and no
    /// bytecode can change a final field afterwards (JVMS §6.5 putfield).
    /// javac inlines such reads (JLS §13.1), so they come from other
    /// compilers or from classes compiled against an older version.
    /// Inside a constructor the field may not be assigned yet, so the
    /// heap is read as for any field.
    fn constant_read(
        &mut self,
        st: &mut St,
        key: &FieldKey,
        out: &mut Vec<TermId>,
    ) -> Option<TermId> {
        if &*st.top().m.key.name == "<init>" {
            return None;
        }
        let class = self.cp.load(&key.class).ok()?;
        let field = class.field(&key.name)?;
        if field.is_static() {
            return None;
        }
        let c = field.constant_variable()?.clone();
        match (inputs::scalar_constant(&mut self.terms, &c), &c) {
            (
                Some(v),
                Constant::Int(_) | Constant::Long(_) | Constant::Float(_) | Constant::Double(_),
            ) => Some(v),
            (_, Constant::String(text)) => self.string_literal(st, text, out).ok(),
            _ => None,
        }
    }

    /// The heap array's key for field `name` of `class` (the class that
    /// declares it); why not when the field is not on the class path or
    /// is a builder's, which the builders' methods model instead
    /// (search::builders).
    pub(super) fn heap_field(&self, class: &str, name: &str) -> Result<FieldKey, String> {
        match self.cp.resolve_field(class, name) {
            Ok(Some(found)) if found.class.name == "java/lang/AbstractStringBuilder" => Err(
                format!("field {class}.{name} of a builder (modelled by its methods)"),
            ),
            Ok(Some(found)) if crate::jdk::collections::is_modelled_class(&found.class.name) => {
                Err(format!(
                    "field {class}.{name} of a collection (modelled by its methods)"
                ))
            }
            Ok(Some(found)) => Ok(FieldKey {
                class: found.class.name.clone(),
                name: name.to_string(),
            }),
            _ => Err(format!("field {class}.{name} not on the class path")),
        }
    }

    /// The value a field or array of type `ty` holds after storing `v`.
    pub(super) fn narrow(&mut self, ty: &JType, v: TermId) -> TermId {
        inputs::narrow(&mut self.terms, ty, v)
    }

    /// `v` is a value of type `ty`: in range for the narrow int types.
    pub(super) fn in_range(&mut self, ty: &JType, v: TermId) -> Option<TermId> {
        inputs::in_range(&mut self.terms, ty, v)
    }

    /// `a op b` on ints (`width` 32) or longs (64) for an operation that
    /// cannot throw; `None` for a division or remainder.
    pub(super) fn arith(&mut self, op: BinOp, width: u32, a: TermId, b: TermId) -> Option<TermId> {
        let o = match op {
            BinOp::Add => BvOp::Add,
            BinOp::Sub => BvOp::Sub,
            BinOp::Mul => BvOp::Mul,
            BinOp::And => BvOp::And,
            BinOp::Or => BvOp::Or,
            BinOp::Xor => BvOp::Xor,
            BinOp::Div | BinOp::Rem => return None,
            BinOp::Shl | BinOp::Shr | BinOp::Ushr => {
                // The count is an int masked to 5 (int) or 6 (long) bits.
                let mask = self.terms.int(width as i32 - 1);
                let masked = self.terms.bin(BvOp::And, b, mask);
                let count = if width == 64 {
                    self.terms.zero_ext(32, masked)
                } else {
                    masked
                };
                let o = match op {
                    BinOp::Shl => BvOp::Shl,
                    BinOp::Shr => BvOp::AShr,
                    _ => BvOp::LShr,
                };
                return Some(self.terms.bin(o, a, count));
            }
        };
        Some(self.terms.bin(o, a, b))
    }

    /// Constraints on a reference read from the heap or a static field:
    /// never an object allocated later; an input object has a class the
    /// field's type allows.
    pub(super) fn heap_ref_read(
        &mut self,
        st: &mut St,
        v: TermId,
        ty: &JType,
        cell: Option<(FieldKey, TermId, TermId)>,
        out: &mut Vec<TermId>,
    ) {
        for a in st.mem.allocs.clone() {
            let other = self.terms.ne(v, a.term);
            out.push(match a.cached {
                // A cached box existed before the path: only a new one is
                // out of the read's reach.
                Some((cached, _)) => {
                    let new = self.terms.not(cached);
                    self.terms.implies(new, other)
                }
                None => other,
            });
        }
        st.mem.reads.push(HeapRead {
            value: v,
            later_allocs: st.mem.allocs.len(),
            cell,
        });
        let c = self.input_type(st, v, ty);
        out.push(c);
    }

    /// `v > 0 → type[v] ∈ input candidates of ty`.
    fn input_type(&mut self, st: &mut St, v: TermId, ty: &JType) -> TermId {
        if let Some(e) = inputs::enum_type(self.cp, ty) {
            let mut out = Vec::new();
            match self.enum_input(st, v, ty, &e, &mut out) {
                Ok(c) => {
                    out.push(c);
                    return self.terms.and(out);
                }
                Err(why) => {
                    // Taken as null: no proof may rest on it.
                    self.assume(format!("{why}: enum inputs of {e} were taken to be null"));
                    let zero = self.terms.int(0);
                    return self.terms.eq(v, zero);
                }
            }
        }
        let types = st.mem.types;
        self.domain
            .type_constraint(self.cp, &mut self.universe, &mut self.terms, types, v, ty)
    }

    /// Steps backward over `insn` (not a branch, switch, goto, return or
    /// invoke: those are handled with the edges and calls).
    pub(super) fn step(
        &mut self,
        st: &mut St,
        insn: &Instruction,
        out: &mut Vec<TermId>,
    ) -> Result<(), Reason> {
        let before = self.frame_before(st, insn);
        if self.step_float(st, insn, &before, out) {
            return Ok(());
        }
        match &insn.op {
            Op::Nop | Op::Goto(_) => {}
            Op::Const(c) => {
                let t = self.pop(st);
                let v = match (inputs::scalar_constant(&mut self.terms, c), c.as_ref()) {
                    (Some(v), _) => v,
                    (None, Constant::String(text)) => match self.string_literal(st, text, out) {
                        Ok(r) => r,
                        Err(why) => return Err(self.unsupported(st, insn, &why.to_string())),
                    },
                    (None, Constant::Class(ty @ JType::Array(_))) => {
                        // `ldc Object[].class`: the class object of an array class.
                        let id = self.universe.array_id(&ty.descriptor());
                        let idc = self.terms.int(id as i32);
                        self.class_object(st, idc, out)
                    }
                    (None, Constant::Class(JType::Object(name)))
                        if self.universe.id(name).is_some() =>
                    {
                        let id = self.universe.id(name).expect("checked");
                        let idc = self.terms.int(id as i32);
                        self.class_object(st, idc, out)
                    }
                    (None, other) => {
                        let what = format!("ldc of {other}");
                        return Err(self.unsupported(st, insn, &what));
                    }
                };
                out.push(self.terms.eq(t, v));
            }
            Op::Load(_, k) => {
                let t = self.pop(st);
                let slot = &mut st.top().locals[*k as usize];
                match *slot {
                    Some(x) => out.push(self.terms.eq(x, t)),
                    None => *slot = Some(t),
                }
            }
            Op::Store(_, k) => {
                let ty = before.stack.last().expect("a value to store").clone();
                let v = match st.top().locals[*k as usize].take() {
                    Some(x) => x,
                    None => self.fresh("v", sort_of_vtype(&ty)),
                };
                st.top().stack.push(v);
            }
            Op::Iinc { index, delta } => {
                let k = *index as usize;
                if let Some(after) = st.top().locals[k] {
                    let x = self.fresh("v", Sort::Bv(32));
                    let d = self.terms.int((*delta).into());
                    let sum = self.terms.bin(BvOp::Add, x, d);
                    out.push(self.terms.eq(after, sum));
                    st.top().locals[k] = Some(x);
                }
            }
            Op::Stack(op) => self.step_stack(st, &before, *op, out),
            Op::Binary(kind @ (Kind::Int | Kind::Long), op) => {
                let r = self.pop(st);
                let ops = self.operands(st, &before, 2);
                let (a, b) = (ops[0], ops[1]);
                let width = if *kind == Kind::Long { 64 } else { 32 };
                let value = match op {
                    BinOp::Div | BinOp::Rem => {
                        // The normal path: the divisor is not zero. SMT's
                        // bvsdiv wraps MIN_VALUE / -1 to MIN_VALUE and bvsrem
                        // takes the dividend's sign, as the JVM does.
                        let zero = self.terms.bv(0, width);
                        out.push(self.terms.ne(b, zero));
                        let o = if *op == BinOp::Div {
                            BvOp::SDiv
                        } else {
                            BvOp::SRem
                        };
                        self.terms.bin(o, a, b)
                    }
                    _ => self.arith(*op, width, a, b).expect("not a division"),
                };
                out.push(self.terms.eq(r, value));
            }
            Op::Neg(Kind::Int | Kind::Long) => {
                let r = self.pop(st);
                let a = self.operands(st, &before, 1)[0];
                let n = self.terms.neg(a);
                out.push(self.terms.eq(r, n));
            }
            Op::Convert(
                c @ (Conversion::I2L
                | Conversion::L2I
                | Conversion::I2B
                | Conversion::I2C
                | Conversion::I2S),
            ) => {
                let r = self.pop(st);
                let a = self.operands(st, &before, 1)[0];
                let v = match c {
                    Conversion::I2L => self.terms.sign_ext(32, a),
                    Conversion::L2I => self.terms.extract(31, 0, a),
                    Conversion::I2B => self.narrow(&JType::Byte, a),
                    Conversion::I2C => self.narrow(&JType::Char, a),
                    _ => self.narrow(&JType::Short, a),
                };
                out.push(self.terms.eq(r, v));
            }
            Op::Compare(CmpOp::LCmp) => {
                let r = self.pop(st);
                let ops = self.operands(st, &before, 2);
                let (a, b) = (ops[0], ops[1]);
                let gt = self.terms.cmp(BvCmp::Sgt, a, b);
                let eq = self.terms.eq(a, b);
                let (one, zero, m1) = (self.terms.int(1), self.terms.int(0), self.terms.int(-1));
                let inner = self.terms.ite(eq, zero, m1);
                let v = self.terms.ite(gt, one, inner);
                out.push(self.terms.eq(r, v));
            }
            Op::GetStatic(f) => {
                let key = self.field_key(st, insn, &f.class, &f.name)?;
                let t = self.pop(st);
                let g = match st.mem.statics.get(&key) {
                    Some(&g) => g,
                    None => {
                        let g = self.fresh(&format!("{key}"), sort_of(&f.ty));
                        st.mem.statics.insert(key.clone(), g);
                        g
                    }
                };
                out.push(self.terms.eq(t, g));
                if let Some(c) = self.in_range(&f.ty, t) {
                    out.push(c);
                }
                let read = self
                    .read_static(st, &key, &f.ty, t, out)
                    .map_err(|why| self.unsupported(st, insn, &why.to_string()))?;
                if f.ty.is_reference() && matches!(read, StaticRead::Heap) {
                    self.heap_ref_read(st, t, &f.ty, None, out);
                }
            }
            Op::PutStatic(f) => {
                let key = self.field_key(st, insn, &f.class, &f.name)?;
                let v = self.operands(st, &before, 1)[0];
                if let Some(g) = st.mem.statics.remove(&key) {
                    let stored = self.narrow(&f.ty, v);
                    out.push(self.terms.eq(g, stored));
                }
            }
            Op::GetField(f) => {
                let key = self.field_key(st, insn, &f.class, &f.name)?;
                let key_for_read = key.clone();
                let t = self.pop(st);
                let o = self.operands(st, &before, 1)[0];
                out.push(self.non_null(o));
                if let Some(c) = self.constant_read(st, &key, out) {
                    out.push(self.terms.eq(t, c));
                    return Ok(());
                }
                let array = self.heap_array(st, key, field_sort(&f.ty));
                let read = self.terms.select(array, o);
                out.push(self.terms.eq(t, read));
                if let Some(c) = self.in_range(&f.ty, t) {
                    out.push(c);
                }
                if f.ty.is_reference() {
                    st.derefs += 1;
                    if st.derefs > self.config.max_derefs {
                        return Err(Reason::Bound(Bound::Derefs {
                            max: self.config.max_derefs,
                        }));
                    }
                    self.heap_ref_read(st, t, &f.ty, Some((key_for_read, o, o)), out);
                }
            }
            Op::PutField(f) => {
                let key = self.field_key(st, insn, &f.class, &f.name)?;
                let ops = self.operands(st, &before, 2);
                let (o, v) = (ops[0], ops[1]);
                out.push(self.non_null(o));
                if let Some(after) = st.mem.fields.get(&key).copied() {
                    let prior = self.fresh(&format!("{key}"), field_sort(&f.ty));
                    let stored = self.narrow(&f.ty, v);
                    let updated = self.terms.store(prior, o, stored);
                    out.push(self.terms.eq(after, updated));
                    st.mem.fields.insert(key, prior);
                }
            }
            Op::New(class) => {
                let Some(id) = self.universe.id(class) else {
                    let what = format!("new {class} (class not on the class path)");
                    return Err(self.unsupported(st, insn, &what));
                };
                let r = self.pop(st);
                // The new object's fields hold their defaults.
                let fields = self.cp.instance_fields(class).unwrap_or_default();
                for f in fields {
                    let key = FieldKey {
                        class: f.class.name.clone(),
                        name: f.member.name.clone(),
                    };
                    if let Some(&array) = st.mem.fields.get(&key) {
                        let cell = self.terms.select(array, r);
                        let d = self.terms.bv(0, sort_width(&f.member.ty));
                        out.push(self.terms.eq(cell, d));
                    }
                }
                self.allocated(st, r, id, class, insn.pc, out);
            }
            Op::CheckCast(ty) => {
                let t = self.pop(st);
                let o = self.operands(st, &before, 1)[0];
                out.push(self.terms.eq(t, o));
                let is_null = {
                    let z = self.null();
                    self.terms.eq(o, z)
                };
                let class_of = self.terms.select(st.mem.types, o);
                let sub = if ty.is_array() {
                    self.is_array_instance(o, class_of, &ty.descriptor())
                } else {
                    self.is_subtype(o, class_of, &ty.class_ref_name())
                };
                out.push(self.terms.or(vec![is_null, sub]));
            }
            Op::InstanceOf(ty) => {
                let t = self.pop(st);
                let o = self.operands(st, &before, 1)[0];
                let nn = self.non_null(o);
                let class_of = self.terms.select(st.mem.types, o);
                let sub = if ty.is_array() {
                    self.is_array_instance(o, class_of, &ty.descriptor())
                } else {
                    self.is_subtype(o, class_of, &ty.class_ref_name())
                };
                let yes = self.terms.and(vec![nn, sub]);
                let (one, zero) = (self.terms.int(1), self.terms.int(0));
                let v = self.terms.ite(yes, one, zero);
                out.push(self.terms.eq(t, v));
            }
            Op::ArrayLength => {
                let r = self.pop(st);
                let a = self.operands(st, &before, 1)[0];
                out.push(self.non_null(a));
                let len = self.array_length(st, a, out);
                out.push(self.terms.eq(r, len));
            }
            Op::ArrayLoad(_) => {
                let r = self.pop(st);
                let ops = self.operands(st, &before, 2);
                let (a, i) = (ops[0], ops[1]);
                let Some(elem) = element_type(&before.stack[before.stack.len() - 2]) else {
                    // A null constant: the load always throws.
                    out.push(self.terms.bool(false));
                    return Ok(());
                };
                self.in_bounds(st, a, i, out);
                let key = FieldKey::array_elements(&elem);
                let cells = self.cells(st, &key, &elem);
                let index = self.terms.cell(a, i);
                let read = self.terms.select(cells, index);
                st.mem.cell_reads.push((cells, index));
                out.push(self.terms.eq(r, read));
                if let Some(c) = self.in_range(&elem, r) {
                    out.push(c);
                }
                if elem.is_reference() {
                    st.derefs += 1;
                    if st.derefs > self.config.max_derefs {
                        return Err(Reason::Bound(Bound::Derefs {
                            max: self.config.max_derefs,
                        }));
                    }
                    self.heap_ref_read(st, r, &elem, Some((key, a, index)), out);
                }
            }
            Op::ArrayStore(_) => {
                let ops = self.operands(st, &before, 3);
                let (a, i, v) = (ops[0], ops[1], ops[2]);
                let Some(elem) = element_type(&before.stack[before.stack.len() - 3]) else {
                    out.push(self.terms.bool(false));
                    return Ok(());
                };
                self.in_bounds(st, a, i, out);
                let key = FieldKey::array_elements(&elem);
                if let Some(after) = st.mem.fields.get(&key).copied() {
                    let sort = self.terms.sort(after);
                    let prior = self.fresh(&format!("{key}"), sort);
                    let stored = self.narrow(&elem, v);
                    let index = self.terms.cell(a, i);
                    let updated = self.terms.store(prior, index, stored);
                    out.push(self.terms.eq(after, updated));
                    st.mem.fields.insert(key, prior);
                    // The cells read after the store were read through it.
                    self.carry_reads(st, after, prior);
                }
            }
            Op::NewArray(_) | Op::ANewArray(_) => {
                let r = self.pop(st);
                let count = self.operands(st, &before, 1)[0];
                let ty = match self.frame_after_type(st, insn) {
                    Some(JType::Array(elem)) => *elem,
                    _ => return Err(self.unsupported(st, insn, "array creation of unknown type")),
                };
                self.allocate_array(st, insn, r, count, &ty, out);
            }
            Op::MultiANewArray(ty, dims) => {
                let r = self.pop(st);
                let counts = self.operands(st, &before, *dims as usize);
                if *dims != 1 {
                    self.allocate_multi_array(st, insn, r, &counts, ty.as_ref(), out);
                    return Ok(());
                }
                let JType::Array(elem) = ty.as_ref() else {
                    return Err(self.unsupported(st, insn, "multianewarray of a non-array type"));
                };
                let elem = (**elem).clone();
                self.allocate_array(st, insn, r, counts[0], &elem, out);
            }
            // javac's string concatenation (JDK 9+): a new string. Its text
            // is left free — more behaviours than the JVM has, so no proof
            // rests on it; the replay checks a state that depends on it.
            Op::InvokeDynamic {
                name,
                desc,
                bootstrap,
            } if Registry::dynamic(name, &desc.ret) == Some(Intrinsic::StringConcat) => {
                let r = self.pop(st);
                let args = self.operands(st, &before, desc.params.len());
                let code = st.top().m.clone();
                let index = code
                    .code()
                    .index_of(insn.pc)
                    .expect("the instruction is in its code");
                if let Err(why) = self.concatenation(st, *bootstrap, desc, &args, r, index, out) {
                    return Err(self.unsupported(st, insn, &why.to_string()));
                }
            }
            // A lambda or method reference: a new object of the class
            // LambdaMetafactory would spin (classpath::lambda), holding
            // the captured values.
            Op::InvokeDynamic {
                desc, bootstrap, ..
            } if st
                .top()
                .m
                .class
                .bootstrap_method(*bootstrap)
                .is_some_and(crate::classpath::lambda::is_lambda_bootstrap) =>
            {
                let owner = st.top().m.class.name.clone();
                let class = crate::classpath::lambda::lambda_class_name(&owner, *bootstrap);
                let Some(id) = self.universe.id(&class) else {
                    let m = st.top().m.class.clone();
                    let why = crate::classpath::lambda::lambda_class(&m, *bootstrap, "", desc)
                        .err()
                        .map_or_else(
                            || "a lambda outside the universe".to_string(),
                            |e| e.to_string(),
                        );
                    return Err(self.unsupported(st, insn, &why));
                };
                let r = self.pop(st);
                let captured = self.operands(st, &before, desc.params.len());
                for (k, (v, ty)) in captured.iter().zip(&desc.params).enumerate() {
                    let key = FieldKey {
                        class: class.clone(),
                        name: crate::classpath::lambda::captured_field(k),
                    };
                    if let Some(&array) = st.mem.fields.get(&key) {
                        let cell = self.terms.select(array, r);
                        let stored = self.narrow(ty, *v);
                        out.push(self.terms.eq(cell, stored));
                    }
                }
                self.allocated(st, r, id, &class, insn.pc, out);
            }
            // Any other call site: its bootstrap method named in the typed
            // reason.
            Op::InvokeDynamic { bootstrap, .. } => {
                let bsm = st
                    .top()
                    .m
                    .class
                    .bootstrap_method(*bootstrap)
                    .map(|b| b.handle.qualified_name().replace('/', "."));
                let why = super::unsupported::Unsupported::InvokeDynamic(bsm);
                return Err(self.unsupported(st, insn, &why.to_string()));
            }
            Op::Invoke(kind, r)
                if Registry::array_method(&Callee::of(r, *kind == InvokeKind::Static))
                    == Some(Intrinsic::ArrayClone) =>
            {
                let result = self.pop(st);
                let a = self.operands(st, &before, 1)[0];
                self.array_clone(st, insn, &r.class, a, result, out);
            }
            Op::MonitorEnter | Op::MonitorExit => {
                let o = self.operands(st, &before, 1)[0];
                out.push(self.non_null(o));
            }
            other => {
                let what = describe_unsupported(other, insn);
                return Err(self.unsupported(st, insn, &what));
            }
        }
        Ok(())
    }

    /// The type of the value an instruction pushes, from the frame after it.
    fn frame_after_type(&self, st: &mut St, insn: &Instruction) -> Option<JType> {
        let m = st.top().m.clone();
        let after = m.frames.at(insn.next_pc())?;
        match after.stack.last()? {
            VType::Ref(name) => JType::parse(name),
            _ => None,
        }
    }

    /// The stack instructions, by running them forward on fresh operands
    /// and equating the results with the values after them.
    fn step_stack(&mut self, st: &mut St, before: &Frame, op: StackOp, out: &mut Vec<TermId>) {
        let sizes: Vec<usize> = before.stack.iter().map(VType::size).collect();
        // How many values the instruction takes, from the word sizes on top.
        let words = |n_words: usize, from_top: usize| -> usize {
            let mut taken = 0;
            let mut w = 0;
            while w < n_words {
                w += sizes[sizes.len() - 1 - from_top - taken];
                taken += 1;
            }
            taken
        };
        // (values consumed, permutation of operand indices producing the results)
        let (n, order): (usize, Vec<usize>) = match op {
            StackOp::Pop => (words(1, 0), vec![]),
            StackOp::Pop2 => (words(2, 0), vec![]),
            StackOp::Dup => (1, vec![0, 0]),
            StackOp::DupX1 => (2, vec![1, 0, 1]),
            StackOp::DupX2 => {
                let below = words(2, 1);
                if below == 1 {
                    (2, vec![1, 0, 1])
                } else {
                    (3, vec![2, 0, 1, 2])
                }
            }
            StackOp::Dup2 => {
                if words(2, 0) == 1 {
                    (1, vec![0, 0])
                } else {
                    (2, vec![0, 1, 0, 1])
                }
            }
            StackOp::Dup2X1 => {
                if words(2, 0) == 1 {
                    (2, vec![1, 0, 1])
                } else {
                    (3, vec![1, 2, 0, 1, 2])
                }
            }
            StackOp::Dup2X2 => {
                let top = words(2, 0);
                let below = words(2, top);
                match (top, below) {
                    (1, 1) => (2, vec![1, 0, 1]),
                    (1, _) => (3, vec![2, 0, 1, 2]),
                    (_, 1) => (3, vec![1, 2, 0, 1, 2]),
                    _ => (4, vec![2, 3, 0, 1, 2, 3]),
                }
            }
            StackOp::Swap => (2, vec![1, 0]),
        };
        let results: Vec<TermId> = {
            let stack = &mut st.top().stack;
            stack.split_off(stack.len() - order.len())
        };
        let ops = self.operands(st, before, n);
        for (r, &i) in results.iter().zip(&order) {
            out.push(self.terms.eq(*r, ops[i]));
        }
    }
}

/// The element type of an array value, from its verification type
/// (`None` for the null constant).
fn element_type(t: &VType) -> Option<JType> {
    match t {
        VType::Ref(name) => match JType::parse(name)? {
            JType::Array(elem) => Some(*elem),
            _ => None,
        },
        _ => None,
    }
}

fn describe_unsupported(op: &Op, insn: &Instruction) -> String {
    match op {
        Op::ArrayLoad(_)
        | Op::ArrayStore(_)
        | Op::NewArray(_)
        | Op::ANewArray(_)
        | Op::MultiANewArray(..)
        | Op::ArrayLength => {
            format!("{} (arrays)", insn.mnemonic())
        }
        Op::AThrow => "athrow (exceptions)".into(),
        _ => insn.mnemonic().to_string(),
    }
}
