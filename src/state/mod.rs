//! What flows between the stages: the concrete input state a search finds
//! (labeling makes it; replay, the JUnit writer and `cover` read it) and the
//! path it takes. These types depend on no stage — only on the class-file
//! types — so that the search, labeling and the stages after them can share
//! them without depending on one another.

mod held;
mod input;
mod input_text;
mod path;

pub use held::held_by_constructions;
pub use input::{
    Arg, Builder, BuilderStart, BuiltBy, CollectionFactory, Construction, EnvValue, FieldValue,
    InitialStatic, InputState, MockMethod, NoConstructor, Object, Objects, SetterCall, StaticRef,
    StaticValue, Value,
};
pub use path::PathStep;
