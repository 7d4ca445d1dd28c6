//! The path a search found, block by block in execution order: what the
//! verdict prints, the JUnit writer turns into key conditions and `cover`
//! maps back to basic blocks.

/// One block of the path found, in execution order.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct PathStep {
    /// `class.method(descriptor)`.
    pub method: String,
    /// Pc of the block's first instruction.
    pub pc: u32,
    pub line: Option<u16>,
}
