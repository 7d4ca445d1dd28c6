//! The JVM a target's states are replayed in ([`crate::replay`]): off, or
//! one worker started on first use or in the background, reused for every
//! replay of the thread that owns it.

use std::path::PathBuf;
use std::time::Duration;

use crate::assertions::Assertions;
use crate::classfile::{Class, Method};
use crate::labeling::InputState;
use crate::replay::{Observation, ReplayFailure, ReplayRequest, Replayer, Starting};
use crate::search::Goal;

/// The JVM a run replays its states in: off, or one worker started on
/// first use (or in the background from the start, so it is ready when the
/// search ends) and reused for every replay of the thread that owns it.
pub struct Jvm {
    slot: Slot,
}

pub(super) enum Slot {
    Off,
    Idle(Vec<PathBuf>, Assertions),
    Starting(Starting),
    Ready(Replayer),
    Failed(String),
}

impl Jvm {
    /// No replay: states are the search's claim.
    pub fn off() -> Jvm {
        Jvm { slot: Slot::Off }
    }

    /// A JVM over `class_path` (the program's directories and jars), with
    /// the program's assertions enabled or not (as the search that finds
    /// its states has them, [`search::Config::assertions`]), started at the
    /// first replay.
    pub fn lazy(class_path: Vec<PathBuf>, assertions: Assertions) -> Jvm {
        Jvm {
            slot: Slot::Idle(class_path, assertions),
        }
    }

    /// A JVM over `class_path`, starting now on another thread.
    pub fn starting(class_path: Vec<PathBuf>, assertions: Assertions) -> Jvm {
        Jvm {
            slot: Slot::Starting(Starting::begin(class_path, assertions)),
        }
    }

    pub fn is_on(&self) -> bool {
        !matches!(self.slot, Slot::Off)
    }

    /// Starts the JVM now if it is not running yet (a replay starts it
    /// otherwise); a JVM that fails to start fails each replay with why.
    pub fn start(&mut self) {
        let slot = std::mem::replace(&mut self.slot, Slot::Off);
        self.slot = match slot {
            Slot::Idle(cp, assertions) => match Replayer::start(&cp, assertions) {
                Ok(r) => Slot::Ready(r),
                Err(e) => Slot::Failed(e.to_string()),
            },
            Slot::Starting(s) => match s.finish() {
                Ok(r) => Slot::Ready(r),
                Err(e) => Slot::Failed(e.to_string()),
            },
            other => other,
        };
    }

    /// Runs `method` on `state` once, aiming at no pc, for at most
    /// `timeout` (the worker is killed past it): what `jaut cover`'s first
    /// pass observes.
    pub fn run_once(
        &mut self,
        class: &Class,
        method: &Method,
        state: &InputState,
        timeout: Duration,
    ) -> Result<Observation, ReplayFailure> {
        let mut request = ReplayRequest::new(class, method, None, state);
        request.timeout = timeout;
        self.replayer()?.replay(&request)
    }

    /// Replays `state` for `goal` of `method`, for at most `timeout`.
    pub fn replay(
        &mut self,
        class: &Class,
        method: &Method,
        goal: &Goal,
        state: &InputState,
        timeout: Duration,
    ) -> Result<Observation, ReplayFailure> {
        let mut request = ReplayRequest::new(class, method, goal.pc(), state);
        request.timeout = timeout;
        self.replayer()?.replay(&request)
    }

    /// The started replayer, or why there is none.
    fn replayer(&mut self) -> Result<&mut Replayer, ReplayFailure> {
        self.start();
        match &mut self.slot {
            Slot::Ready(r) => Ok(r),
            Slot::Failed(why) => Err(ReplayFailure::NoJvm(why.clone())),
            Slot::Off => Err(ReplayFailure::NoJvm("replay is off".into())),
            Slot::Idle(..) | Slot::Starting(_) => unreachable!("started above"),
        }
    }
}
