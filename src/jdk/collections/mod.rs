//! The JDK's collections as the search models them (issue 36): not their
//! bytecode (`ArrayList`'s `elementData` and `modCount`), but what their
//! specifications say (`java.util.List`, `java.util.Iterator`, JDK 17
//! API), over an abstract object whose size, elements and iteration agree.
//!
//! - [`lists`]: `java.util.ArrayList` — the class an input typed `List`,
//!   `Collection`, `Iterable` or `ArrayList` has, and the one the
//!   program's own `new ArrayList<>()` makes — and its iterator
//!   (`ArrayList$Itr`): which of their methods are modelled.
//!
//! The constraints of each method are the engine's
//! (`src/search/lists.rs`); nothing here imports the engine.

pub mod lists;
