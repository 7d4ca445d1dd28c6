//! The path's key conditions, for the comment above a generated test: each
//! conditional branch and switch the path takes in the method under test,
//! with its operands written back as Java-like expressions
//! (`chrono.time > 0`, `ytemp > 65536`) by replaying the branch's basic
//! block on a stack of expression texts. An operand computed in another
//! block (a value crossing a join) is written `?`; the text is for people,
//! never read back.

use std::collections::HashMap;

use crate::analysis::MethodKey;
use crate::cfg::{Cfg, Edge, Operands, SwitchKey};
use crate::classfile::bytecode::{BinOp, Constant, Conversion, Op, StackOp};
use crate::classfile::{Class, Code, JType, Method};
use crate::program::Program;
use crate::search::PathStep;

/// An expression on the simulated stack.
#[derive(Debug, Clone)]
struct Ex {
    text: String,
    /// Needs no parentheses as an operand.
    atom: bool,
    /// A `boolean` (compared with 0 by `ifeq`/`ifne`).
    boolean: bool,
    /// The two operands of `lcmp`, `fcmpl`, ...: `ifXX` then compares them.
    cmp: Option<Box<(Ex, Ex)>>,
}

impl Ex {
    fn atom(text: impl Into<String>) -> Ex {
        Ex {
            text: text.into(),
            atom: true,
            boolean: false,
            cmp: None,
        }
    }

    fn compound(text: String) -> Ex {
        Ex {
            text,
            atom: false,
            boolean: false,
            cmp: None,
        }
    }

    fn boolean(mut self, b: bool) -> Ex {
        self.boolean = b;
        self
    }

    fn operand(&self) -> String {
        if self.atom {
            self.text.clone()
        } else {
            format!("({})", self.text)
        }
    }
}

/// The conditions the path takes in `method`, in the order first taken,
/// a repeated one (a loop test) once with its count: `line 19: i > 0
/// (42 times)`. Empty when the CFG cannot be built.
pub fn key_conditions(
    cp: &Program,
    class: &Class,
    method: &Method,
    path: &[PathStep],
) -> Vec<String> {
    let Some(code) = &method.code else {
        return Vec::new();
    };
    let Ok(cfg) = cp.analyses().cfg(cp, class, method) else {
        return Vec::new();
    };
    let key = MethodKey::of(class, method).to_string();
    let root = path.first().map_or(key.as_str(), |s| s.method.as_str());
    let blocks: Vec<_> = path
        .iter()
        .filter(|s| s.method == root)
        .filter_map(|s| cfg.block_of(s.pc))
        .collect();
    let mut order: Vec<String> = Vec::new();
    let mut counts: HashMap<String, usize> = HashMap::new();
    for pair in blocks.windows(2) {
        let Some((_, edge)) = cfg
            .succs(pair[0])
            .into_iter()
            .find(|(to, _)| *to == pair[1])
        else {
            continue;
        };
        let Some(text) = describe(code, method, &cfg, pair[0], edge) else {
            continue;
        };
        let n = counts.entry(text.clone()).or_insert(0);
        if *n == 0 {
            order.push(text);
        }
        *n += 1;
    }
    order
        .into_iter()
        .map(|c| match counts[&c] {
            1 => c,
            n => format!("{c} ({n} times)"),
        })
        .collect()
}

fn describe(
    code: &Code,
    method: &Method,
    cfg: &Cfg,
    from: crate::cfg::BlockId,
    edge: &Edge,
) -> Option<String> {
    let block = cfg.block(from)?;
    let (pc, test) = match edge {
        Edge::Branch {
            pc, cond, operands, ..
        } => {
            let stack = simulate(code, method, block.first, code.index_of(*pc)?);
            let top = |i: usize| {
                stack
                    .get(stack.len().wrapping_sub(i + 1))
                    .cloned()
                    .unwrap_or_else(|| Ex::atom("?"))
            };
            let sym = cond.symbol();
            let text = match operands {
                Operands::IntZero => {
                    let x = top(0);
                    match (&x.cmp, x.boolean) {
                        (Some(ab), _) => format!("{} {sym} {}", ab.0.operand(), ab.1.operand()),
                        (None, true) if sym == "==" => format!("!{}", x.operand()),
                        (None, true) => x.text.clone(),
                        (None, false) => format!("{} {sym} 0", x.text),
                    }
                }
                Operands::IntInt | Operands::RefRef => {
                    format!("{} {sym} {}", top(1).text, top(0).text)
                }
                Operands::RefNull => format!("{} {sym} null", top(0).text),
            };
            (*pc, text)
        }
        Edge::Switch { pc, key } => {
            let stack = simulate(code, method, block.first, code.index_of(*pc)?);
            let k = stack.last().cloned().unwrap_or_else(|| Ex::atom("?"));
            let text = match key {
                SwitchKey::Case(v) => format!("{} == {v}", k.text),
                SwitchKey::Default => format!("{} matches no case", k.text),
            };
            (*pc, text)
        }
        _ => return None,
    };
    Some(match code.line_of(pc) {
        Some(l) => format!("line {l}: {test}"),
        None => format!("pc {pc}: {test}"),
    })
}

/// The stack of expressions just before instruction index `upto`, running
/// the block from instruction index `first` with an unknown stack.
fn simulate(code: &Code, method: &Method, first: usize, upto: usize) -> Vec<Ex> {
    let mut st: Vec<Ex> = Vec::new();
    let pop = |st: &mut Vec<Ex>| st.pop().unwrap_or_else(|| Ex::atom("?"));
    for insn in code.instructions.get(first..upto).unwrap_or_default() {
        match &insn.op {
            Op::Const(c) => st.push(Ex::atom(match &**c {
                Constant::Null => "null".to_string(),
                Constant::Int(i) => i.to_string(),
                Constant::Long(l) => format!("{l}L"),
                Constant::Float(f) => format!("{f:?}f"),
                Constant::Double(d) => format!("{d:?}"),
                Constant::String(s) => format!("{s:?}"),
                Constant::Class(t) => format!("{}.class", simple(&t.to_string())),
                other => format!("{other}"),
            })),
            Op::Load(_, index) => {
                let name = if *index == 0 && !method.is_static() {
                    "this".to_string()
                } else {
                    code.local_name(*index, insn.pc)
                        .map_or_else(|| format!("local{index}"), str::to_string)
                };
                st.push(Ex::atom(name));
            }
            Op::Store(..) => {
                pop(&mut st);
            }
            Op::GetField(f) => {
                let obj = pop(&mut st);
                let text = if obj.text == "this" {
                    f.name.clone()
                } else {
                    format!("{}.{}", obj.operand(), f.name)
                };
                st.push(Ex::atom(text).boolean(f.ty == JType::Boolean));
            }
            Op::GetStatic(f) => st.push(
                Ex::atom(format!("{}.{}", simple(&f.class.replace('/', ".")), f.name))
                    .boolean(f.ty == JType::Boolean),
            ),
            Op::PutField(_) => {
                pop(&mut st);
                pop(&mut st);
            }
            Op::PutStatic(_) => {
                pop(&mut st);
            }
            Op::Binary(_, op) => {
                let b = pop(&mut st);
                let a = pop(&mut st);
                st.push(Ex::compound(format!(
                    "{} {} {}",
                    a.operand(),
                    symbol(*op),
                    b.operand()
                )));
            }
            Op::Neg(_) => {
                let a = pop(&mut st);
                st.push(Ex::atom(format!("-{}", a.operand())));
            }
            Op::Convert(c) => {
                let a = pop(&mut st);
                let to = match c {
                    Conversion::I2B => "byte",
                    Conversion::I2C => "char",
                    Conversion::I2S => "short",
                    Conversion::L2I | Conversion::F2I | Conversion::D2I => "int",
                    Conversion::I2L | Conversion::F2L | Conversion::D2L => "long",
                    Conversion::I2F | Conversion::L2F | Conversion::D2F => "float",
                    Conversion::I2D | Conversion::L2D | Conversion::F2D => "double",
                };
                st.push(Ex::compound(format!("({to}) {}", a.operand())));
            }
            Op::Compare(_) => {
                let b = pop(&mut st);
                let a = pop(&mut st);
                let mut e = Ex::compound(format!("compare({}, {})", a.text, b.text));
                e.cmp = Some(Box::new((a, b)));
                st.push(e);
            }
            Op::ArrayLength => {
                let a = pop(&mut st);
                st.push(Ex::atom(format!("{}.length", a.operand())));
            }
            Op::ArrayLoad(_) => {
                let i = pop(&mut st);
                let a = pop(&mut st);
                st.push(Ex::atom(format!("{}[{}]", a.operand(), i.text)));
            }
            Op::ArrayStore(_) => {
                for _ in 0..3 {
                    pop(&mut st);
                }
            }
            Op::InstanceOf(t) => {
                let a = pop(&mut st);
                st.push(
                    Ex::compound(format!(
                        "{} instanceof {}",
                        a.operand(),
                        simple(&t.to_string())
                    ))
                    .boolean(true),
                );
            }
            Op::CheckCast(_) | Op::Nop | Op::Iinc { .. } => {}
            Op::New(c) => st.push(Ex::atom(format!("new {}", simple(&c.replace('/', "."))))),
            Op::Invoke(kind, m) => {
                let mut args: Vec<String> = (0..m.desc.params.len())
                    .map(|_| pop(&mut st).text)
                    .collect();
                args.reverse();
                let on = if matches!(kind, crate::classfile::bytecode::InvokeKind::Static) {
                    simple(&m.class.replace('/', "."))
                } else {
                    pop(&mut st).operand()
                };
                if m.desc.ret != JType::Void {
                    let call = if on == "this" {
                        format!("{}({})", m.name, args.join(", "))
                    } else {
                        format!("{on}.{}({})", m.name, args.join(", "))
                    };
                    st.push(Ex::atom(call).boolean(m.desc.ret == JType::Boolean));
                }
            }
            Op::Stack(StackOp::Pop) => {
                pop(&mut st);
            }
            Op::Stack(StackOp::Dup) => {
                let a = pop(&mut st);
                st.push(a.clone());
                st.push(a);
            }
            Op::Stack(StackOp::Swap) => {
                let b = pop(&mut st);
                let a = pop(&mut st);
                st.push(b);
                st.push(a);
            }
            // Word-level shuffles and anything else: forget what is known.
            _ => st.clear(),
        }
    }
    st
}

fn simple(java: &str) -> String {
    java.rsplit('.').next().unwrap_or(java).replace('$', ".")
}

fn symbol(op: BinOp) -> &'static str {
    match op {
        BinOp::Add => "+",
        BinOp::Sub => "-",
        BinOp::Mul => "*",
        BinOp::Div => "/",
        BinOp::Rem => "%",
        BinOp::Shl => "<<",
        BinOp::Shr => ">>",
        BinOp::Ushr => ">>>",
        BinOp::And => "&",
        BinOp::Or => "|",
        BinOp::Xor => "^",
    }
}
