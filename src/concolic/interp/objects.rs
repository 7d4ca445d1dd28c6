//! Objects in the concolic interpreter (JVMS §6.5 `getfield`, `putfield`,
//! `getstatic`, `putstatic`, `new`, `checkcast`, `instanceof`, `monitor*`,
//! `athrow`), and class initialization (JVMS §5.5) with the static fields
//! it sets.

use super::{
    not_executed, Activation, Conc, Flow, Obj, Raise, RunState, Step, Stop, Val, MAX_DEPTH,
};
use crate::classfile::bytecode::{Constant, Instruction};
use crate::classfile::{JType, Op};
use crate::classpath::is_jdk_class;

impl super::Machine<'_> {
    /// Runs a field, object or `athrow` instruction.
    pub(super) fn exec_object(
        &mut self,
        st: &mut RunState,
        act: &mut Activation,
        insn: &Instruction,
    ) -> Result<Step, Stop> {
        let depth = act.depth;
        let mut raise: Option<Raise> = None;
        match &insn.op {
            Op::GetField(f) => {
                let obj = act.pop()?.reference()?;
                match obj {
                    None => raise = Some(Raise::New("java/lang/NullPointerException")),
                    Some(o) => {
                        let (id, _) = self.field(&f.class, &f.name)?;
                        let v = match &st.heap[o] {
                            Obj::Instance { fields, .. } => fields
                                .get(&id)
                                .copied()
                                .unwrap_or_else(|| default_of(&f.ty)),
                            Obj::Array { .. } => {
                                return Err(Stop::unsupported("reads a field of an array"))
                            }
                        };
                        act.stack.push(v);
                    }
                }
            }
            Op::PutField(f) => {
                let v = act.pop()?;
                let obj = act.pop()?.reference()?;
                match obj {
                    None => raise = Some(Raise::New("java/lang/NullPointerException")),
                    Some(o) => {
                        let (id, _) = self.field(&f.class, &f.name)?;
                        match &mut st.heap[o] {
                            Obj::Instance { fields, .. } => {
                                fields.insert(id, v);
                            }
                            Obj::Array { .. } => {
                                return Err(Stop::unsupported("writes a field of an array"))
                            }
                        }
                    }
                }
            }
            Op::GetStatic(f) => {
                st.unfaithful("read a static field (the search's input, maybe)");
                let (id, declaring) = self.static_field(f)?;
                self.initialize(st, &declaring, depth)?;
                initialized(st, &declaring, f)?;
                let v = st.statics.get(&id).copied();
                act.stack.push(v.unwrap_or_else(|| default_of(&f.ty)));
            }
            Op::PutStatic(f) => {
                let v = act.pop()?;
                let (id, declaring) = self.static_field(f)?;
                self.initialize(st, &declaring, depth)?;
                initialized(st, &declaring, f)?;
                st.statics.insert(id, v);
            }
            Op::New(name) => {
                self.initialize(st, name, depth)?;
                act.stack.push(st.alloc(Obj::instance(name)));
            }
            Op::CheckCast(ty) | Op::InstanceOf(ty) => {
                let v = act.pop()?;
                let fits = match v.reference()? {
                    None => None,
                    Some(o) => Some(
                        self.cp
                            .is_assignable(st.heap[o].class(), &type_name(ty))
                            .map_err(|e| Stop::unsupported(e.to_string()))?,
                    ),
                };
                if matches!(insn.op, Op::InstanceOf(_)) {
                    act.stack
                        .push(Val::concrete(Conc::Int(i32::from(fits == Some(true)))));
                } else if fits == Some(false) {
                    raise = Some(Raise::New("java/lang/ClassCastException"));
                } else {
                    act.stack.push(v);
                }
            }
            Op::MonitorEnter | Op::MonitorExit => {
                if act.pop()?.reference()?.is_none() {
                    raise = Some(Raise::New("java/lang/NullPointerException"));
                }
            }
            Op::AThrow => match act.pop()?.reference()? {
                None => raise = Some(Raise::New("java/lang/NullPointerException")),
                Some(o) => raise = Some(Raise::Object(o)),
            },
            _ => return Err(not_executed(insn)),
        }
        Ok(Step::of(None, raise))
    }

    /// A static field's id and declaring class (JVMS §5.4.3.2). The JDK's
    /// static fields are not modelled: their classes' initializers are
    /// far beyond this interpreter.
    pub(super) fn static_field(
        &mut self,
        f: &crate::classfile::bytecode::FieldRef,
    ) -> Result<(u32, String), Stop> {
        let (id, declaring) = self.field(&f.class, &f.name)?;
        if is_jdk_class(&declaring) {
            return Err(Stop::unsupported(format!(
                "uses the JDK's static field {f}"
            )));
        }
        Ok((id, declaring))
    }

    /// Initializes `class` on first use, as the JVM does (JVMS §5.5): its
    /// superclass first, then its static fields' constant values, then its
    /// `<clinit>`. A JDK class is taken as initialized (its statics are not
    /// read, see [`Self::static_field`]).
    pub(super) fn initialize(
        &mut self,
        st: &mut RunState,
        class: &str,
        depth: u32,
    ) -> Result<(), Stop> {
        if is_jdk_class(class) || !st.initialized.insert(class.to_string()) {
            return Ok(());
        }
        let c = self
            .cp
            .load(class)
            .map_err(|e| Stop::unsupported(e.to_string()))?;
        if let Some(sup) = &c.super_class {
            self.initialize(st, sup, depth)?;
        }
        for f in c.fields.iter().filter(|f| f.is_static()) {
            let value = match &f.constant {
                Some(crate::classfile::FieldConstant::Value(k)) => match k {
                    Constant::Int(v) => Conc::Int(*v),
                    Constant::Long(v) => Conc::Long(*v),
                    Constant::Float(v) => Conc::Float(*v),
                    Constant::Double(v) => Conc::Double(*v),
                    _ => continue,
                },
                _ => continue,
            };
            let (id, _) = self.field(&c.name, &f.name)?;
            st.statics.insert(id, Val::concrete(value));
        }
        if let Some(clinit) = c.method("<clinit>", "()V") {
            if depth >= MAX_DEPTH {
                return Err(Stop::unsupported(format!(
                    "calls nest deeper than {MAX_DEPTH}"
                )));
            }
            // An initializer that stops on something not modelled leaves
            // the class's statics unread; the run goes on (what it calls
            // may not need them).
            let why = match self.frame(st, &c, clinit, Vec::new(), depth + 1) {
                Ok(Flow::Return(_)) => None,
                Ok(Flow::Throw(_)) => Some("it throws (ExceptionInInitializerError)".to_string()),
                Err(Stop::Unsupported(why)) => Some(why),
                Err(other) => return Err(other),
            };
            if let Some(why) = why {
                st.uninitialized.insert(class.to_string(), why);
            }
        }
        Ok(())
    }

    /// Whether a constructor is one the run can skip: `Object`'s, or that
    /// of a JDK exception (whose message and stack trace no decision of the
    /// method under test reads back through this interpreter).
    pub(super) fn trivial_constructor(&self, class: &str) -> Result<bool, Stop> {
        if class == "java/lang/Object" {
            return Ok(true);
        }
        if !is_jdk_class(class) {
            return Ok(false);
        }
        self.cp
            .is_assignable(class, "java/lang/Throwable")
            .map_err(|e| Stop::unsupported(e.to_string()))
    }
}

/// Stops the run at a static field of a class whose initializer could not
/// be run.
pub(super) fn initialized(
    st: &RunState,
    class: &str,
    f: &crate::classfile::bytecode::FieldRef,
) -> Result<(), Stop> {
    match st.uninitialized.get(class) {
        Some(why) => Err(Stop::unsupported(format!(
            "uses the static field {f}, but the initializer of {class} could not be run: {why}"
        ))),
        None => Ok(()),
    }
}

/// A field's value before any store (JVMS §2.3, §2.4).
pub(super) fn default_of(ty: &JType) -> Val {
    Val::concrete(match ty {
        JType::Long => Conc::Long(0),
        JType::Float => Conc::Float(0.0),
        JType::Double => Conc::Double(0.0),
        JType::Object(_) | JType::Array(_) => Conc::Ref(None),
        _ => Conc::Int(0),
    })
}

/// The class name `checkcast` and `instanceof` compare with: an internal
/// name, or an array's descriptor.
pub(super) fn type_name(ty: &JType) -> String {
    match ty {
        JType::Object(name) => name.clone(),
        other => other.descriptor(),
    }
}
