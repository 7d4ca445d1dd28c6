//! The replay workers of a cover run: one [`Replayer`] (a worker process
//! hosting a JVM) per thread, over the program's class path.

use std::path::PathBuf;

use super::{Replay, Replayers, Unit};
use crate::classfile::Pc;
use crate::labeling::InputState;
use crate::replay::{Observation, ReplayRequest, Replayer};

/// Starts a JVM worker per thread over `class_path` (the directories and
/// jars of the program; the JDK comes with the JVM).
#[derive(Debug, Clone)]
pub struct JvmReplayers {
    pub class_path: Vec<PathBuf>,
}

struct JvmReplay(Replayer);

impl Replay for JvmReplay {
    fn replay(
        &mut self,
        unit: &Unit,
        target: Pc,
        state: &InputState,
    ) -> Result<Observation, String> {
        let request = ReplayRequest::new(&unit.class, unit.method(), Some(target), state);
        self.0.replay(&request).map_err(|e| e.to_string())
    }
}

impl Replayers for JvmReplayers {
    fn start(&self) -> Result<Box<dyn Replay>, String> {
        Replayer::start(&self.class_path)
            .map(|r| Box::new(JvmReplay(r)) as Box<dyn Replay>)
            .map_err(|e| e.to_string())
    }
}
