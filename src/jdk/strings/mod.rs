//! The models of strings, text and what turns values into text (JDK 17
//! `java.lang.String`, `Integer`/`Long` conversions, `Character`,
//! `java.util.regex`, string concatenation, printing), over one memory
//! model of strings ([`memory`]: an immutable length and characters per
//! string). Each family is a trait with its constraints as provided
//! methods, implemented for every [`Engine`](crate::jdk::engine::Engine): the models call the engine
//! only through that narrow trait ([`crate::jdk::engine`]) and one
//! another through these traits.
//!
//! Defined once here: the character-copy kernel
//! ([`text::Text::copy_chars`]), the most characters of one string the
//! models follow ([`text::Text::followed_chars`]) and the fewer a model
//! reading a string as one token follows ([`text::TOKEN_CHARS`]).
//! `StringBuilder` is the builders' (`search/builders.rs`), not yet moved.

pub mod characters;
pub mod concat;
pub mod copies;
pub mod edits;
pub mod memory;
pub mod methods;
pub mod numbers;
pub mod occurrences;
pub mod printed_values;
pub mod printing;
pub mod regex;
pub mod text;

/// The traits of the string models and of the engine, for one `use` in
/// each model and in the engine's code that calls them.
pub mod prelude {
    pub use super::characters::Characters;
    pub use super::concat::Concat;
    pub use super::copies::StringCopies;
    pub use super::edits::StringEdits;
    pub use super::memory::StringMemory;
    pub use super::methods::StringMethods;
    pub use super::numbers::Numbers;
    pub use super::occurrences::StringOccurrences;
    pub use super::printing::Printing;
    pub use super::regex::Regexes;
    pub use super::text::Text;
    pub use crate::jdk::engine::{Engine, PathState};
}
