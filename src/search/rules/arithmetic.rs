//! Backward rules for int and long arithmetic (JVMS §6.5 `iadd` … `lxor`,
//! `ineg`/`lneg`, `i2l`/`l2i`/`i2b`/`i2c`/`i2s`, `lcmp`) as exact
//! two's-complement bit-vector terms. Float and double rules are in
//! [`crate::search::float_rules`].

use crate::classfile::bytecode::{BinOp, Conversion, Kind};
use crate::classfile::JType;
use crate::frames::Frame;
use crate::model::term::{BvCmp, BvOp, TermId};
use crate::search::cmv::St;
use crate::search::explore::Explorer;

impl Explorer<'_> {
    /// `a op b` on ints (`width` 32) or longs (64) for an operation that
    /// cannot throw; `None` for a division or remainder.
    pub(in crate::search) fn arith(
        &mut self,
        op: BinOp,
        width: u32,
        a: TermId,
        b: TermId,
    ) -> Option<TermId> {
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

    /// `r = a op b`; a division or remainder asserts a non-zero divisor.
    pub(super) fn step_binary(
        &mut self,
        st: &mut St,
        before: &Frame,
        kind: Kind,
        op: BinOp,
        out: &mut Vec<TermId>,
    ) {
        let r = self.pop(st);
        let ops = self.operands(st, before, 2);
        let (a, b) = (ops[0], ops[1]);
        let width = if kind == Kind::Long { 64 } else { 32 };
        let value = match op {
            BinOp::Div | BinOp::Rem => {
                // The normal path: the divisor is not zero. SMT's
                // bvsdiv wraps MIN_VALUE / -1 to MIN_VALUE and bvsrem
                // takes the dividend's sign, as the JVM does.
                let zero = self.terms.bv(0, width);
                out.push(self.terms.ne(b, zero));
                let o = if op == BinOp::Div {
                    BvOp::SDiv
                } else {
                    BvOp::SRem
                };
                self.terms.bin(o, a, b)
            }
            _ => self.arith(op, width, a, b).expect("not a division"),
        };
        out.push(self.terms.eq(r, value));
    }

    pub(super) fn step_negate(&mut self, st: &mut St, before: &Frame, out: &mut Vec<TermId>) {
        let r = self.pop(st);
        let a = self.operands(st, before, 1)[0];
        let n = self.terms.neg(a);
        out.push(self.terms.eq(r, n));
    }

    pub(super) fn step_convert(
        &mut self,
        st: &mut St,
        before: &Frame,
        c: Conversion,
        out: &mut Vec<TermId>,
    ) {
        let r = self.pop(st);
        let a = self.operands(st, before, 1)[0];
        let v = match c {
            Conversion::I2L => self.terms.sign_ext(32, a),
            Conversion::L2I => self.terms.extract(31, 0, a),
            Conversion::I2B => self.narrow(&JType::Byte, a),
            Conversion::I2C => self.narrow(&JType::Char, a),
            _ => self.narrow(&JType::Short, a),
        };
        out.push(self.terms.eq(r, v));
    }

    /// `lcmp`: 1, 0 or -1.
    pub(super) fn step_long_compare(&mut self, st: &mut St, before: &Frame, out: &mut Vec<TermId>) {
        let r = self.pop(st);
        let ops = self.operands(st, before, 2);
        let (a, b) = (ops[0], ops[1]);
        let gt = self.terms.cmp(BvCmp::Sgt, a, b);
        let eq = self.terms.eq(a, b);
        let (one, zero, m1) = (self.terms.int(1), self.terms.int(0), self.terms.int(-1));
        let inner = self.terms.ite(eq, zero, m1);
        let v = self.terms.ite(gt, one, inner);
        out.push(self.terms.eq(r, v));
    }
}
