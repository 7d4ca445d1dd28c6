//! CFG.
