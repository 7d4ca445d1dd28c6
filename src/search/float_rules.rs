//! Backward rules for `float` and `double` instructions (JVMS 2.8, 6.5:
//! `fadd … drem`, `fneg`/`dneg`, `i2f … d2f`, `fcmpl … dcmpg`), over the
//! IEEE bit patterns the memory model carries (JAUT paper §IV's rules, with
//! the floating-point nodes of [`crate::model::term::FpOp`]).
//!
//! Arithmetic rounds to nearest even and `%` truncates (JLS 15.17.3); a
//! negation flips the sign bit only (NaN and `-0.0` included); `f2i … d2l`
//! take NaN to 0 and saturate (JLS 5.1.3); `fcmpl`/`dcmpl` push -1 and
//! `fcmpg`/`dcmpg` push 1 when either operand is NaN. None of these
//! instructions throws.
//!
//! Also the JDK methods on floats that are natives (or bit tricks the
//! solver does better as one node), as intrinsics ([`FloatMethod`]):
//! `Math.sqrt/floor/ceil/rint` (IEEE's, which JLS and the JDK specify),
//! and the bit conversions of `Float` and `Double`. `Math.sin`, `log`,
//! `exp`, … stay natives whose results are free, with an assumption.

use super::cmv::St;
use super::explore::Explorer;
use crate::classfile::bytecode::{BinOp, CmpOp, Conversion, Instruction, Kind};
use crate::classfile::Op;
use crate::frames::Frame;
use crate::jdk::methods::FloatMethod;
use crate::model::term::{BvOp, FpCmp, FpOp, TermId};

/// The width of a floating-point kind's bit pattern.
fn width(kind: Kind) -> u32 {
    if kind == Kind::Float {
        32
    } else {
        64
    }
}

impl Explorer<'_> {
    /// Steps backward over a floating-point instruction; `false` when `insn`
    /// is not one.
    pub(super) fn step_float(
        &mut self,
        st: &mut St,
        insn: &Instruction,
        before: &Frame,
        out: &mut Vec<TermId>,
    ) -> bool {
        match &insn.op {
            Op::Binary(kind @ (Kind::Float | Kind::Double), op) => {
                let r = self.pop(st);
                let ops = self.operands(st, before, 2);
                let op = match op {
                    BinOp::Add => FpOp::Add,
                    BinOp::Sub => FpOp::Sub,
                    BinOp::Mul => FpOp::Mul,
                    BinOp::Div => FpOp::Div,
                    BinOp::Rem => FpOp::Rem,
                    // The class-file reader makes no bitwise float ops.
                    other => unreachable!("{other:?} on {kind:?}"),
                };
                let v = self.terms.fp(op, ops[0], ops[1]);
                out.push(self.terms.eq(r, v));
            }
            Op::Neg(kind @ (Kind::Float | Kind::Double)) => {
                let r = self.pop(st);
                let a = self.operands(st, before, 1)[0];
                let w = width(*kind);
                let sign = self.terms.bv(1i64 << (w - 1), w);
                let v = self.terms.bin(BvOp::Xor, a, sign);
                out.push(self.terms.eq(r, v));
            }
            Op::Convert(c) => {
                let (from, to) = (c.from_kind(), c.to_kind());
                if !matches!(from, Kind::Float | Kind::Double)
                    && !matches!(to, Kind::Float | Kind::Double)
                {
                    return false;
                }
                let r = self.pop(st);
                let a = self.operands(st, before, 1)[0];
                let v = match c {
                    Conversion::I2F | Conversion::L2F | Conversion::I2D | Conversion::L2D => {
                        self.terms.fp_from_int(width(to), a)
                    }
                    Conversion::F2I | Conversion::D2I => self.terms.fp_to_int(32, a),
                    Conversion::F2L | Conversion::D2L => self.terms.fp_to_int(64, a),
                    _ => self.terms.fp_convert(width(to), a),
                };
                out.push(self.terms.eq(r, v));
            }
            Op::Compare(c @ (CmpOp::FCmpL | CmpOp::FCmpG | CmpOp::DCmpL | CmpOp::DCmpG)) => {
                let r = self.pop(st);
                let ops = self.operands(st, before, 2);
                let (a, b) = (ops[0], ops[1]);
                let on_nan = if matches!(c, CmpOp::FCmpL | CmpOp::DCmpL) {
                    -1
                } else {
                    1
                };
                let v = self.java_compare(a, b, on_nan);
                out.push(self.terms.eq(r, v));
            }
            _ => return false,
        }
        true
    }

    /// The result of a [`FloatMethod`] call on `arg`.
    pub(super) fn float_call(
        &mut self,
        method: FloatMethod,
        arg: TermId,
        result: TermId,
        out: &mut Vec<TermId>,
    ) {
        let v = match method {
            FloatMethod::FromBits => arg,
            FloatMethod::RawBits => {
                let any = self.fresh("nan_bits", self.terms.sort(arg));
                out.push(self.terms.fp_is_nan(any));
                let nan = self.terms.fp_is_nan(arg);
                self.terms.ite(nan, any, arg)
            }
            FloatMethod::Fn(f) => self.terms.fp_fn(f, arg),
            FloatMethod::IsNaN => {
                let nan = self.terms.fp_is_nan(arg);
                let (one, zero) = (self.terms.int(1), self.terms.int(0));
                self.terms.ite(nan, one, zero)
            }
        };
        out.push(self.terms.eq(result, v));
    }

    /// `fcmp`/`dcmp`'s int: -1, 0 or 1 by IEEE order, `on_nan` when either
    /// operand is NaN.
    pub(super) fn java_compare(&mut self, a: TermId, b: TermId, on_nan: i32) -> TermId {
        let na = self.terms.fp_is_nan(a);
        let nb = self.terms.fp_is_nan(b);
        let nan = self.terms.or(vec![na, nb]);
        let lt = self.terms.fp_cmp(FpCmp::Lt, a, b);
        let eq = self.terms.fp_cmp(FpCmp::Eq, a, b);
        let (one, zero, m1, nan_value) = (
            self.terms.int(1),
            self.terms.int(0),
            self.terms.int(-1),
            self.terms.int(on_nan),
        );
        let ordered = self.terms.ite(eq, zero, one);
        let ordered = self.terms.ite(lt, m1, ordered);
        self.terms.ite(nan, nan_value, ordered)
    }
}
