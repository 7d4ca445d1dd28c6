//! Calls in the concolic interpreter (JVMS §6.5 `invoke*`, §5.4.3.3–4
//! resolution, §5.4.6 selection): a call runs its callee's bytecode in a
//! new frame, except `Object`'s and JDK exceptions' constructors (skipped),
//! the text builders (opaque strings) and `Class.desiredAssertionStatus`.

use std::sync::Arc;

use super::{
    not_executed, Activation, Conc, Flow, Obj, Raise, RunState, Step, Stop, Val, MAX_DEPTH,
};
use crate::classfile::bytecode::{Instruction, InvokeKind};
use crate::classfile::{Class, JType, Op};

impl super::Machine<'_> {
    /// Runs an `invoke*`: into the callee's bytecode, or not at all.
    pub(super) fn exec_call(
        &mut self,
        st: &mut RunState,
        act: &mut Activation,
        insn: &Instruction,
    ) -> Result<Step, Stop> {
        let depth = act.depth;
        let mut raise: Option<Raise> = None;
        match &insn.op {
            Op::Invoke(kind, mref) => {
                let mut args = Vec::new();
                for _ in &mref.desc.params {
                    args.push(act.pop()?);
                }
                if *kind != InvokeKind::Static {
                    args.push(act.pop()?);
                }
                args.reverse();
                let receiver = if *kind == InvokeKind::Static {
                    None
                } else {
                    match args[0].reference()? {
                        Some(o) => Some(o),
                        None => {
                            raise = Some(Raise::New("java/lang/NullPointerException"));
                            None
                        }
                    }
                };
                if raise.is_none() {
                    let runtime = receiver.map(|o| st.heap[o].class().to_string());
                    if let Some(o) = receiver.filter(|o| st.class_objects.contains_key(o)) {
                        act.stack
                            .push(self.class_object_call(&st.class_objects[&o], mref)?);
                    } else if let Some(text) = opaque_text(st, mref, &args) {
                        if let Some(v) = text? {
                            act.stack.push(v);
                        }
                    } else if mref.name == "<init>" && self.trivial_constructor(&mref.class)? {
                        if mref.class != "java/lang/Object" {
                            st.unfaithful("skipped a JDK exception's constructor");
                        }
                        // Object's constructor, or a JDK exception's: what
                        // they set is not read by the method's decisions.
                    } else {
                        if depth >= MAX_DEPTH {
                            return Err(Stop::unsupported(format!(
                                "calls nest deeper than {MAX_DEPTH}"
                            )));
                        }
                        let (callee_class, index) =
                            self.resolve(*kind, mref, runtime.as_deref())?;
                        if *kind == InvokeKind::Static {
                            self.initialize(st, &callee_class.name.clone(), depth)?;
                        }
                        let callee = &callee_class.methods[index];
                        match self.frame(st, &callee_class, callee, args, depth + 1)? {
                            Flow::Return(Some(v)) => act.stack.push(v),
                            Flow::Return(None) => {}
                            Flow::Throw(o) => raise = Some(Raise::Object(o)),
                        }
                    }
                }
            }
            // Java 9's string concatenation (JLS §15.18.1): an opaque
            // string, see `opaque_text`.
            Op::InvokeDynamic { name, desc, .. } if name == "makeConcatWithConstants" => {
                for _ in &desc.params {
                    act.pop()?;
                }
                act.stack.push(new_text(st));
            }
            _ => return Err(not_executed(insn)),
        }
        Ok(Step::of(None, raise))
    }

    /// A call on the `Class` object of `ty` (from `ldc`): only
    /// `desiredAssertionStatus()` of a class of the program, which its
    /// `<clinit>` calls to set its `$assertionsDisabled` and which answers
    /// the run's assertion setting ([`crate::assertions`]). Any other call
    /// stops the run: `Class` is beyond this interpreter.
    pub(super) fn class_object_call(
        &self,
        ty: &JType,
        mref: &crate::classfile::bytecode::MethodRef,
    ) -> Result<Val, Stop> {
        let program = match ty {
            JType::Object(name) => self.cp.user_class_names().binary_search(name).is_ok(),
            _ => false,
        };
        if program && mref.name == "desiredAssertionStatus" && mref.descriptor == "()Z" {
            let enabled = !self.assertions.disabled();
            return Ok(Val::concrete(Conc::Int(i32::from(enabled))));
        }
        Err(Stop::unsupported(format!(
            "calls {}.{} on the Class object of {ty}",
            mref.class, mref.name
        )))
    }

    /// The method a call runs (JVMS §5.4.3.3, §5.4.3.4 and, for virtual
    /// and interface calls, selection by the receiver's class, §5.4.6).
    pub(super) fn resolve(
        &mut self,
        kind: InvokeKind,
        mref: &crate::classfile::bytecode::MethodRef,
        runtime: Option<&str>,
    ) -> Result<(Arc<Class>, usize), Stop> {
        let dispatch = matches!(kind, InvokeKind::Virtual | InvokeKind::Interface);
        let key = (
            mref.class.clone(),
            mref.name.clone(),
            mref.descriptor.clone(),
            kind,
            if dispatch {
                runtime.unwrap_or("").to_string()
            } else {
                String::new()
            },
        );
        if let Some(found) = self.calls.get(&key) {
            return Ok(found.clone());
        }
        let err = |e: crate::classpath::ClassPathError| Stop::unsupported(e.to_string());
        let resolved = match self
            .cp
            .resolve_method(&mref.class, &mref.name, &mref.descriptor)
            .map_err(err)?
        {
            Some(m) => Some(m),
            None => self
                .cp
                .resolve_interface_method(&mref.class, &mref.name, &mref.descriptor)
                .map_err(err)?,
        };
        let Some(resolved) = resolved else {
            return Err(Stop::unsupported(format!("no method {mref}")));
        };
        let chosen = match (dispatch, runtime) {
            (true, Some(runtime)) => self
                .cp
                .select_method(runtime, &resolved)
                .map_err(err)?
                .ok_or_else(|| Stop::unsupported(format!("{runtime} has no body for {mref}")))?,
            _ => resolved,
        };
        let index = chosen
            .class
            .methods
            .iter()
            .position(|m| m.name == chosen.member.name && m.descriptor == chosen.member.descriptor)
            .ok_or_else(|| Stop::unsupported(format!("no method {mref}")))?;
        let found = (chosen.class.clone(), index);
        self.calls.insert(key, found.clone());
        Ok(found)
    }
}

/// Builds a string with no content: what exception messages are made of.
pub(super) fn new_text(st: &mut RunState) -> Val {
    st.unfaithful("built text without its content");
    st.alloc(Obj::instance("java/lang/String"))
}

/// A call that builds text, run without its content: `StringBuilder`'s and
/// `StringBuffer`'s constructors, `append` and `toString`, and
/// `String.valueOf`. Strings here are opaque objects (a message handed to
/// an exception's constructor is never read by the method's decisions);
/// any other call on them stops the run, since the JDK's `String` is
/// beyond this interpreter. `None` for another call; `Some(Ok(value
/// returned))` for one of these.
pub(super) fn opaque_text(
    st: &mut RunState,
    mref: &crate::classfile::bytecode::MethodRef,
    args: &[Val],
) -> Option<Result<Option<Val>, Stop>> {
    let builder = matches!(
        mref.class.as_str(),
        "java/lang/StringBuilder" | "java/lang/StringBuffer"
    );
    if builder {
        st.unfaithful("built text without its content");
    }
    let result = match (builder, mref.class.as_str(), mref.name.as_str()) {
        (true, _, "<init>") => None,
        (true, _, "append") => Some(args[0]),
        (true, _, "toString") | (false, "java/lang/String", "valueOf") => Some(new_text(st)),
        (true, _, other) => {
            return Some(Err(Stop::unsupported(format!(
                "calls {}.{other}, which reads the text built",
                mref.class
            ))))
        }
        _ => return None,
    };
    Some(Ok(result))
}
