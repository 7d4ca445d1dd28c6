//! The text form of terms ([`Terms::show`]): infix, Java-like operators
//! (`.` marks a floating-point one), for debugging, explanations and the
//! reasons a path was cut. Deep terms are elided with `…`.

use std::fmt;

use super::term::{signed, BvCmp, BvOp, FpCmp, FpOp, Node, TermId, Terms};

impl Terms {
    /// A human-readable form, for debugging and explanations.
    pub fn show(&self, t: TermId) -> String {
        let mut s = String::new();
        self.write(&mut s, t, 0);
        s
    }

    fn write(&self, out: &mut String, t: TermId, depth: usize) {
        use fmt::Write as _;
        if depth > 12 {
            out.push('…');
            return;
        }
        let bin = |out: &mut String, op: &str, a: TermId, b: TermId| {
            out.push('(');
            self.write(out, a, depth + 1);
            let _ = write!(out, " {op} ");
            self.write(out, b, depth + 1);
            out.push(')');
        };
        match self.node(t) {
            Node::Var(name, _) => out.push_str(name),
            Node::Bool(b) => {
                let _ = write!(out, "{b}");
            }
            Node::Bv(v, w) => {
                let _ = write!(out, "{}", signed(*v, *w));
            }
            Node::Not(a) => {
                out.push('!');
                self.write(out, *a, depth + 1);
            }
            Node::And(parts) | Node::Or(parts) => {
                let op = if matches!(self.node(t), Node::And(_)) {
                    " && "
                } else {
                    " || "
                };
                out.push('(');
                for (i, p) in parts.iter().enumerate() {
                    if i > 0 {
                        out.push_str(op);
                    }
                    self.write(out, *p, depth + 1);
                }
                out.push(')');
            }
            Node::Eq(a, b) => bin(out, "==", *a, *b),
            Node::Ite(c, a, b) => {
                out.push('(');
                self.write(out, *c, depth + 1);
                out.push_str(" ? ");
                self.write(out, *a, depth + 1);
                out.push_str(" : ");
                self.write(out, *b, depth + 1);
                out.push(')');
            }
            Node::Bin(op, a, b) => bin(out, bv_op_symbol(op), *a, *b),
            Node::Neg(a) => {
                out.push('-');
                self.write(out, *a, depth + 1);
            }
            Node::Cmp(op, a, b) => bin(out, bv_cmp_symbol(op), *a, *b),
            Node::Extract(hi, lo, a) => {
                self.write(out, *a, depth + 1);
                let _ = write!(out, "[{hi}:{lo}]");
            }
            Node::SignExt(_, a) | Node::ZeroExt(_, a) => self.write(out, *a, depth + 1),
            Node::Select(a, i) => {
                self.write(out, *a, depth + 1);
                out.push('[');
                self.write(out, *i, depth + 1);
                out.push(']');
            }
            Node::Store(a, i, v) => {
                self.write(out, *a, depth + 1);
                out.push('{');
                self.write(out, *i, depth + 1);
                out.push_str(" := ");
                self.write(out, *v, depth + 1);
                out.push('}');
            }
            Node::Concat(a, i) => {
                out.push('<');
                self.write(out, *a, depth + 1);
                out.push_str(", ");
                self.write(out, *i, depth + 1);
                out.push('>');
            }
            Node::Row(c, a, _) => {
                out.push_str("row(");
                self.write(out, *c, depth + 1);
                out.push_str(", ");
                self.write(out, *a, depth + 1);
                out.push(')');
            }
            Node::Pred(p, a) => {
                let _ = write!(out, "{}(", self.pred_name(*p));
                self.write(out, *a, depth + 1);
                out.push(')');
            }
            Node::Fp(op, a, b) => bin(out, fp_op_symbol(op), *a, *b),
            Node::FpCmp(op, a, b) => bin(out, fp_cmp_symbol(op), *a, *b),
            Node::FpFn(f, a) => {
                let _ = write!(out, "{f:?}(");
                self.write(out, *a, depth + 1);
                out.push(')');
            }
            Node::FpIsNaN(a) => {
                out.push_str("isNaN(");
                self.write(out, *a, depth + 1);
                out.push(')');
            }
            Node::FpFromInt(w, a) | Node::FpToInt(w, a) | Node::FpConvert(w, a) => {
                let to = match (self.node(t), w) {
                    (Node::FpToInt(..), 32) => "int",
                    (Node::FpToInt(..), _) => "long",
                    (_, 32) => "float",
                    _ => "double",
                };
                let _ = write!(out, "({to}) ");
                self.write(out, *a, depth + 1);
            }
        }
    }
}

/// The symbol of a bit-vector operation in the text form.
fn bv_op_symbol(op: &BvOp) -> &'static str {
    match op {
        BvOp::Add => "+",
        BvOp::Sub => "-",
        BvOp::Mul => "*",
        BvOp::SDiv => "/",
        BvOp::SRem => "%",
        BvOp::Shl => "<<",
        BvOp::AShr => ">>",
        BvOp::LShr => ">>>",
        BvOp::And => "&",
        BvOp::Or => "|",
        BvOp::Xor => "^",
    }
}

/// The symbol of a bit-vector comparison in the text form.
fn bv_cmp_symbol(op: &BvCmp) -> &'static str {
    match op {
        BvCmp::Slt => "<",
        BvCmp::Sle => "<=",
        BvCmp::Sgt => ">",
        BvCmp::Sge => ">=",
        BvCmp::Ult => "<u",
    }
}

/// The symbol of a floating-point operation in the text form.
fn fp_op_symbol(op: &FpOp) -> &'static str {
    match op {
        FpOp::Add => "+.",
        FpOp::Sub => "-.",
        FpOp::Mul => "*.",
        FpOp::Div => "/.",
        FpOp::Rem => "%.",
    }
}

/// The symbol of a floating-point comparison in the text form.
fn fp_cmp_symbol(op: &FpCmp) -> &'static str {
    match op {
        FpCmp::Lt => "<.",
        FpCmp::Le => "<=.",
        FpCmp::Eq => "==.",
    }
}
