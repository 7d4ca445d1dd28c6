//! Contract expressions lowered to terms ([`crate::jdk::contracts`]): the
//! names of a behaviour (`this`, the arguments, the result, `old(…)`,
//! fields) stand for the call's terms in an [`Env`]; Java's binary numeric
//! promotion (JLS §5.6.2) widens mixed operands.

use super::Env;
use crate::classfile::JType;
use crate::jdk::contracts::{BinOp, Expr, UnOp};
use crate::model::term::{BvCmp, BvOp, Sort, TermId};
use crate::model::FieldKey;
use crate::search::cmv::St;
use crate::search::explore::Explorer;
use crate::search::unsupported::Unsupported;

/// A lowered contract expression: a boolean, or a bit-vector of its width.
#[derive(Clone, Copy)]
pub(super) enum Val {
    Bool(TermId),
    Bv(TermId),
}

impl Explorer<'_> {
    /// The heap key and array sort of field `name` of `obj` (an object
    /// of its static type).
    pub(super) fn field_of(
        &mut self,
        env: &Env,
        obj: &Expr,
        name: &str,
    ) -> Result<(FieldKey, Sort), Unsupported> {
        let class = match static_type(env, obj) {
            Some(JType::Object(c)) => c,
            _ => {
                return Err(Unsupported::FieldOfNonObject {
                    name: name.to_string(),
                })
            }
        };
        let found = self
            .cp
            .resolve_field(&class, name)
            .ok()
            .flatten()
            .ok_or_else(|| Unsupported::NoSuchField {
                class: class.clone(),
                name: name.to_string(),
            })?;
        let key = FieldKey {
            class: found.class.name.clone(),
            name: name.to_string(),
        };
        Ok((key, crate::model::field_sort(&found.member.ty)))
    }

    pub(super) fn as_bool(&mut self, v: Val) -> TermId {
        match v {
            Val::Bool(b) => b,
            Val::Bv(x) => {
                let w = self.terms.width(x);
                let z = self.terms.bv(0, w);
                self.terms.ne(x, z)
            }
        }
    }

    pub(super) fn as_bv(&mut self, v: Val) -> TermId {
        match v {
            Val::Bv(x) => x,
            Val::Bool(b) => {
                let (one, zero) = (self.terms.int(1), self.terms.int(0));
                self.terms.ite(b, one, zero)
            }
        }
    }

    /// Two bit-vectors at a common width (Java's binary numeric promotion:
    /// the narrower is sign-extended).
    fn promote(&mut self, a: TermId, b: TermId) -> (TermId, TermId) {
        let (wa, wb) = (self.terms.width(a), self.terms.width(b));
        if wa < wb {
            (self.terms.sign_ext(wb - wa, a), b)
        } else if wb < wa {
            (a, self.terms.sign_ext(wa - wb, b))
        } else {
            (a, b)
        }
    }

    pub(super) fn lower_expr(
        &mut self,
        st: &mut St,
        env: &Env,
        e: &Expr,
    ) -> Result<Val, Unsupported> {
        Ok(match e {
            Expr::Int(v) => Val::Bv(if i32::try_from(*v).is_ok() {
                self.terms.int(*v as i32)
            } else {
                self.terms.bv(*v, 64)
            }),
            Expr::Null => Val::Bv(self.terms.int(0)),
            Expr::This => {
                if env.is_static {
                    return Err(Unsupported::ThisInStatic);
                }
                Val::Bv(env.params[0].0)
            }
            Expr::Arg(k) => {
                let k = k + usize::from(!env.is_static);
                Val::Bv(env.params.get(k).ok_or(Unsupported::NoSuchParameter)?.0)
            }
            Expr::Result => Val::Bv(env.result.as_ref().ok_or(Unsupported::NoResult)?.0),
            Expr::Field(obj, name) => {
                let (key, sort) = self.field_of(env, obj, name)?;
                let o = self.lower_expr(st, env, obj)?;
                let o = self.as_bv(o);
                let array = match env.after.iter().find(|(k, _)| *k == key) {
                    Some(&(_, after)) => after,
                    None => self.heap_array(st, key, sort),
                };
                Val::Bv(self.terms.select(array, o))
            }
            Expr::Old(inner) => {
                let before = Env {
                    after: Vec::new(),
                    ..env.clone()
                };
                self.lower_expr(st, &before, inner)?
            }
            Expr::Unary(op, a) => {
                let a = self.lower_expr(st, env, a)?;
                match op {
                    UnOp::Not => {
                        let b = self.as_bool(a);
                        Val::Bool(self.terms.not(b))
                    }
                    UnOp::Neg => {
                        let x = self.as_bv(a);
                        Val::Bv(self.terms.neg(x))
                    }
                    UnOp::BitNot => {
                        let x = self.as_bv(a);
                        let w = self.terms.width(x);
                        let m1 = self.terms.bv(-1, w);
                        Val::Bv(self.terms.bin(BvOp::Xor, x, m1))
                    }
                }
            }
            Expr::Cond(c, a, b) => {
                let c = self.lower_expr(st, env, c)?;
                let c = self.as_bool(c);
                let a = self.lower_expr(st, env, a)?;
                let b = self.lower_expr(st, env, b)?;
                let (a, b) = (self.as_bv(a), self.as_bv(b));
                let (a, b) = self.promote(a, b);
                Val::Bv(self.terms.ite(c, a, b))
            }
            Expr::Binary(op, a, b) => {
                let a = self.lower_expr(st, env, a)?;
                let b = self.lower_expr(st, env, b)?;
                if matches!(op, BinOp::And | BinOp::Or) {
                    let (a, b) = (self.as_bool(a), self.as_bool(b));
                    return Ok(Val::Bool(if *op == BinOp::And {
                        self.terms.and(vec![a, b])
                    } else {
                        self.terms.or(vec![a, b])
                    }));
                }
                let (a, b) = (self.as_bv(a), self.as_bv(b));
                let (a, b) = self.promote(a, b);
                let t = &mut self.terms;
                match op {
                    BinOp::Eq => Val::Bool(t.eq(a, b)),
                    BinOp::Ne => Val::Bool(t.ne(a, b)),
                    BinOp::Lt => Val::Bool(t.cmp(BvCmp::Slt, a, b)),
                    BinOp::Le => Val::Bool(t.cmp(BvCmp::Sle, a, b)),
                    BinOp::Gt => Val::Bool(t.cmp(BvCmp::Sgt, a, b)),
                    BinOp::Ge => Val::Bool(t.cmp(BvCmp::Sge, a, b)),
                    BinOp::Add => Val::Bv(t.bin(BvOp::Add, a, b)),
                    BinOp::Sub => Val::Bv(t.bin(BvOp::Sub, a, b)),
                    BinOp::Mul => Val::Bv(t.bin(BvOp::Mul, a, b)),
                    BinOp::Div => Val::Bv(t.bin(BvOp::SDiv, a, b)),
                    BinOp::Rem => Val::Bv(t.bin(BvOp::SRem, a, b)),
                    BinOp::BitAnd => Val::Bv(t.bin(BvOp::And, a, b)),
                    BinOp::BitOr => Val::Bv(t.bin(BvOp::Or, a, b)),
                    BinOp::BitXor => Val::Bv(t.bin(BvOp::Xor, a, b)),
                    BinOp::Shl => Val::Bv(t.bin(BvOp::Shl, a, b)),
                    BinOp::Shr => Val::Bv(t.bin(BvOp::AShr, a, b)),
                    BinOp::Ushr => Val::Bv(t.bin(BvOp::LShr, a, b)),
                    BinOp::And | BinOp::Or => unreachable!("handled above"),
                }
            }
        })
    }
}

/// The static type of a contract expression, when it is a reference.
fn static_type(env: &Env, e: &Expr) -> Option<JType> {
    match e {
        Expr::This => env.params.first().map(|p| p.1.clone()),
        Expr::Arg(k) => env
            .params
            .get(k + usize::from(!env.is_static))
            .map(|p| p.1.clone()),
        Expr::Result => env.result.as_ref().map(|r| r.1.clone()),
        Expr::Old(inner) => static_type(env, inner),
        _ => None,
    }
}
