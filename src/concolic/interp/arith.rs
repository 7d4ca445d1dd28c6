//! Arithmetic in the concolic interpreter (JLS §15.17–15.21, JVMS §6.5
//! `iadd` … `dcmpg`, §2.11.4 conversions): exact concrete values, and the
//! term of every int and long that depends on the inputs.

use super::{
    not_executed, Activation, Conc, Raise, RunState, Site, Step, Stop, Val, MAX_TERM_DEPTH,
};
use crate::classfile::bytecode::{BinOp, CmpOp, Conversion, Instruction, Kind};
use crate::classfile::Op;
use crate::model::term::{BvCmp, BvOp, TermId};

impl super::Machine<'_> {
    /// Runs an arithmetic instruction: a division by zero raises.
    pub(super) fn exec_arith(
        &mut self,
        st: &mut RunState,
        act: &mut Activation,
        insn: &Instruction,
    ) -> Result<Step, Stop> {
        let (site, pc) = (act.site, insn.pc);
        let mut raise: Option<Raise> = None;
        match &insn.op {
            Op::Binary(kind, op) => {
                let b = act.pop()?;
                let a = act.pop()?;
                match kind {
                    Kind::Int | Kind::Long if matches!(op, BinOp::Div | BinOp::Rem) => {
                        let zero = matches!(b.conc, Conc::Int(0) | Conc::Long(0));
                        if let Some(s) = b.sym {
                            let width = if *kind == Kind::Int { 32 } else { 64 };
                            let z = self.exprs.constant(0, width);
                            let is_zero = self.exprs.eq(s, z);
                            let at = Site {
                                method: site,
                                pc,
                                outcome: u32::from(zero),
                            };
                            self.record(st, at, is_zero, zero);
                        }
                        if zero {
                            raise = Some(Raise::New("java/lang/ArithmeticException"));
                        } else {
                            act.stack.push(self.arith(*kind, *op, a, b)?);
                        }
                    }
                    _ => act.stack.push(self.arith(*kind, *op, a, b)?),
                }
            }
            Op::Neg(kind) => {
                let a = act.pop()?;
                let conc = match a.conc {
                    Conc::Int(v) => Conc::Int(v.wrapping_neg()),
                    Conc::Long(v) => Conc::Long(v.wrapping_neg()),
                    Conc::Float(v) => Conc::Float(-v),
                    Conc::Double(v) => Conc::Double(-v),
                    Conc::Ref(_) => {
                        return Err(Stop::unsupported(format!(
                            "{kind:?} negation of a reference"
                        )))
                    }
                };
                let sym = a.sym.map(|s| self.exprs.neg(s));
                act.stack.push(Val { conc, sym });
            }
            Op::Convert(c) => {
                let a = act.pop()?;
                act.stack.push(self.convert(*c, a)?);
            }
            Op::Compare(op) => {
                let b = act.pop()?;
                let a = act.pop()?;
                act.stack.push(self.compare(*op, a, b)?);
            }
            _ => return Err(not_executed(insn)),
        }
        Ok(Step::of(None, raise))
    }

    /// `a op b` on two ints (`iinc`, and the int cases of [`Self::arith`]).
    pub(super) fn int_op(&mut self, op: BinOp, a: Val, b: Val) -> Result<Val, Stop> {
        self.arith(Kind::Int, op, a, b)
    }

    /// Binary arithmetic with Java's semantics (JLS §15.17–15.19): ints and
    /// longs wrap and their shifts take the low 5 or 6 bits of the count;
    /// float and double results are concrete only.
    pub(super) fn arith(&mut self, kind: Kind, op: BinOp, a: Val, b: Val) -> Result<Val, Stop> {
        let conc = match (a.conc, b.conc) {
            (Conc::Int(x), Conc::Int(y)) => Conc::Int(match op {
                BinOp::Add => x.wrapping_add(y),
                BinOp::Sub => x.wrapping_sub(y),
                BinOp::Mul => x.wrapping_mul(y),
                BinOp::Div => x.wrapping_div(y),
                BinOp::Rem => x.wrapping_rem(y),
                BinOp::Shl => x.wrapping_shl(y as u32 & 31),
                BinOp::Shr => x.wrapping_shr(y as u32 & 31),
                BinOp::Ushr => ((x as u32) >> (y as u32 & 31)) as i32,
                BinOp::And => x & y,
                BinOp::Or => x | y,
                BinOp::Xor => x ^ y,
            }),
            (Conc::Long(x), Conc::Long(y)) => Conc::Long(match op {
                BinOp::Add => x.wrapping_add(y),
                BinOp::Sub => x.wrapping_sub(y),
                BinOp::Mul => x.wrapping_mul(y),
                BinOp::Div => x.wrapping_div(y),
                BinOp::Rem => x.wrapping_rem(y),
                BinOp::And => x & y,
                BinOp::Or => x | y,
                BinOp::Xor => x ^ y,
                _ => return Err(Stop::unsupported("a long shift by a long")),
            }),
            (Conc::Long(x), Conc::Int(y)) => Conc::Long(match op {
                BinOp::Shl => x.wrapping_shl(y as u32 & 63),
                BinOp::Shr => x.wrapping_shr(y as u32 & 63),
                BinOp::Ushr => ((x as u64) >> (y as u32 & 63)) as i64,
                _ => return Err(Stop::unsupported("long arithmetic with an int")),
            }),
            (Conc::Float(x), Conc::Float(y)) => Conc::Float(ieee(op, x, y)?),
            (Conc::Double(x), Conc::Double(y)) => Conc::Double(ieee(op, x, y)?),
            _ => {
                return Err(Stop::unsupported(format!(
                    "{kind:?} arithmetic on mismatched operands"
                )))
            }
        };
        let sym = match (a.sym, b.sym, conc) {
            (None, None, _) | (_, _, Conc::Float(_) | Conc::Double(_) | Conc::Ref(_)) => None,
            _ => {
                let x = self.term(a);
                let mut y = self.term(b);
                let width = if matches!(conc, Conc::Long(_)) {
                    64
                } else {
                    32
                };
                let shift = matches!(op, BinOp::Shl | BinOp::Shr | BinOp::Ushr);
                if shift {
                    if width == 64 {
                        y = self.exprs.sign_ext(32, y);
                    }
                    let mask = self.exprs.constant(i64::from(width) - 1, width);
                    y = self.exprs.bin(BvOp::And, y, mask);
                }
                let op = match op {
                    BinOp::Add => BvOp::Add,
                    BinOp::Sub => BvOp::Sub,
                    BinOp::Mul => BvOp::Mul,
                    BinOp::Div => BvOp::SDiv,
                    BinOp::Rem => BvOp::SRem,
                    BinOp::Shl => BvOp::Shl,
                    BinOp::Shr => BvOp::AShr,
                    BinOp::Ushr => BvOp::LShr,
                    BinOp::And => BvOp::And,
                    BinOp::Or => BvOp::Or,
                    BinOp::Xor => BvOp::Xor,
                };
                let t = self.exprs.bin(op, x, y);
                (self.exprs.depth(t) <= MAX_TERM_DEPTH).then_some(t)
            }
        };
        self.dropped |= sym.is_none() && (a.sym.is_some() || b.sym.is_some());
        Ok(Val { conc, sym })
    }

    /// The term of an int or long: its symbolic part, or its constant.
    pub(super) fn term(&mut self, v: Val) -> TermId {
        if let Some(s) = v.sym {
            return s;
        }
        match v.conc {
            Conc::Int(x) => self.exprs.constant(i64::from(x), 32),
            Conc::Long(x) => self.exprs.constant(x, 64),
            _ => self.exprs.constant(0, 32),
        }
    }

    /// Primitive conversions (JVMS §2.11.4); Rust's `as` saturates and
    /// takes NaN to zero as Java's float-to-integer casts do.
    pub(super) fn convert(&mut self, c: Conversion, a: Val) -> Result<Val, Stop> {
        let (conc, sym) = match (c, a.conc) {
            (Conversion::I2L, Conc::Int(x)) => (
                Conc::Long(i64::from(x)),
                a.sym.map(|s| self.exprs.sign_ext(32, s)),
            ),
            (Conversion::L2I, Conc::Long(x)) => (
                Conc::Int(x as i32),
                a.sym.map(|s| self.exprs.extract(31, 0, s)),
            ),
            (Conversion::I2B, Conc::Int(x)) => (
                Conc::Int(i32::from(x as i8)),
                a.sym.map(|s| self.narrow(s, 8, true)),
            ),
            (Conversion::I2S, Conc::Int(x)) => (
                Conc::Int(i32::from(x as i16)),
                a.sym.map(|s| self.narrow(s, 16, true)),
            ),
            (Conversion::I2C, Conc::Int(x)) => (
                Conc::Int(i32::from(x as u16)),
                a.sym.map(|s| self.narrow(s, 16, false)),
            ),
            (Conversion::I2F, Conc::Int(x)) => (Conc::Float(x as f32), None),
            (Conversion::I2D, Conc::Int(x)) => (Conc::Double(f64::from(x)), None),
            (Conversion::L2F, Conc::Long(x)) => (Conc::Float(x as f32), None),
            (Conversion::L2D, Conc::Long(x)) => (Conc::Double(x as f64), None),
            (Conversion::F2I, Conc::Float(x)) => (Conc::Int(x as i32), None),
            (Conversion::F2L, Conc::Float(x)) => (Conc::Long(x as i64), None),
            (Conversion::F2D, Conc::Float(x)) => (Conc::Double(f64::from(x)), None),
            (Conversion::D2I, Conc::Double(x)) => (Conc::Int(x as i32), None),
            (Conversion::D2L, Conc::Double(x)) => (Conc::Long(x as i64), None),
            (Conversion::D2F, Conc::Double(x)) => (Conc::Float(x as f32), None),
            (c, v) => return Err(Stop::unsupported(format!("{c:?} of {v:?}"))),
        };
        self.dropped |= sym.is_none() && a.sym.is_some();
        Ok(Val { conc, sym })
    }

    /// The low `bits` of an int, sign- or zero-extended back to 32 bits.
    pub(super) fn narrow(&mut self, s: TermId, bits: u32, signed: bool) -> TermId {
        let low = self.exprs.extract(bits - 1, 0, s);
        if signed {
            self.exprs.sign_ext(32 - bits, low)
        } else {
            self.exprs.zero_ext(32 - bits, low)
        }
    }

    /// `lcmp`, `fcmpl`, `fcmpg`, `dcmpl`, `dcmpg` (JVMS §6.5).
    pub(super) fn compare(&mut self, op: CmpOp, a: Val, b: Val) -> Result<Val, Stop> {
        let ordering = |x: Option<std::cmp::Ordering>, nan: i32| match x {
            Some(std::cmp::Ordering::Less) => -1,
            Some(std::cmp::Ordering::Equal) => 0,
            Some(std::cmp::Ordering::Greater) => 1,
            None => nan,
        };
        let nan = if matches!(op, CmpOp::FCmpG | CmpOp::DCmpG) {
            1
        } else {
            -1
        };
        let r = match (a.conc, b.conc) {
            (Conc::Long(x), Conc::Long(y)) => ordering(Some(x.cmp(&y)), 0),
            (Conc::Float(x), Conc::Float(y)) => ordering(x.partial_cmp(&y), nan),
            (Conc::Double(x), Conc::Double(y)) => ordering(x.partial_cmp(&y), nan),
            _ => return Err(Stop::unsupported(format!("{op:?} on mismatched operands"))),
        };
        let sym = match (op, a.sym.or(b.sym)) {
            (CmpOp::LCmp, Some(_)) => {
                let (x, y) = (self.term(a), self.term(b));
                let lt = self.exprs.cmp(BvCmp::Slt, x, y);
                let eq = self.exprs.eq(x, y);
                let (m1, z, p1) = (
                    self.exprs.constant(-1, 32),
                    self.exprs.constant(0, 32),
                    self.exprs.constant(1, 32),
                );
                let ge = self.exprs.ite(eq, z, p1);
                Some(self.exprs.ite(lt, m1, ge))
            }
            _ => None,
        };
        self.dropped |= sym.is_none() && (a.sym.is_some() || b.sym.is_some());
        Ok(Val {
            conc: Conc::Int(r),
            sym,
        })
    }
}

/// Float or double arithmetic (JLS §15.17: IEEE 754, round to nearest;
/// `%` truncates as C's `fmod`, which Rust's `%` is).
pub(super) fn ieee<T>(op: BinOp, x: T, y: T) -> Result<T, Stop>
where
    T: std::ops::Add<Output = T>
        + std::ops::Sub<Output = T>
        + std::ops::Mul<Output = T>
        + std::ops::Div<Output = T>
        + std::ops::Rem<Output = T>,
{
    Ok(match op {
        BinOp::Add => x + y,
        BinOp::Sub => x - y,
        BinOp::Mul => x * y,
        BinOp::Div => x / y,
        BinOp::Rem => x % y,
        _ => return Err(Stop::unsupported("a bitwise operation on floating point")),
    })
}
