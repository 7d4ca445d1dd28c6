//! Input `StringBuilder`s and `StringBuffer`s (issue 33): the backward
//! search keeps a builder's contents as a length and characters per
//! builder ([`FieldKey::builder_length`], [`FieldKey::builder_chars`],
//! `search::builders`), for the builders a method is given as for those it
//! makes. An input builder is labelled by its contents at the entry, as an
//! input string is (JAUT ISSRE 2010 §V), and made the way a person's test
//! makes one: `new StringBuilder("…")`. Its JDK fields (`value`, `count`,
//! `coder`) are never labelled: no explored bytecode reads them.

use super::values::Labeler;
use super::{EntryState, LabelingError, Object};
use crate::model::term::TermId;
use crate::model::FieldKey;
use crate::state::{BuiltBy, Construction, Value};

impl Labeler<'_, '_> {
    /// Input builder `i` (id `id`, of builder class `class`): made by its
    /// constructor taking a `String`, the contents the path needs.
    pub(super) fn builder(
        &mut self,
        i: usize,
        id: TermId,
        class: &str,
        entry: &EntryState,
    ) -> Result<Object, LabelingError> {
        let keys = (FieldKey::builder_length(), FieldKey::builder_chars());
        let text = self.text(id, entry, &keys, "builder")?;
        Ok(Object {
            id: i,
            class: class.replace('/', "."),
            built_by: Some(BuiltBy::Constructor {
                constructor: Box::new(from_text(text)),
            }),
            ..Object::default()
        })
    }
}

/// `new StringBuilder(text)` (or `StringBuffer`): the constructor taking
/// a `String`.
fn from_text(text: Value) -> Construction {
    Construction {
        descriptor: "(Ljava/lang/String;)V".into(),
        params: vec!["java.lang.String".into()],
        args: vec![text],
        constant: None,
        factory: None,
        setters: Vec::new(),
        builder: None,
        free: Vec::new(),
    }
}
