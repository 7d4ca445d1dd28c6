//! The JDK methods jaut models in Rust rather than by a contract or by
//! their bytecode, named by family: [`Intrinsic`] is what the registry
//! ([`super::registry`]) maps a method to, and each family's enum says which
//! method of the family a call runs. The models themselves (what a call
//! does to the search's state) are the `Explorer` methods of `src/search/`
//! each variant names.

use super::characters::CharacterMethod;
use crate::model::term::FpFn;

/// Calls modelled in Rust, because they need the memory model.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Intrinsic {
    /// `String.length()`: the string's length.
    StringLength,
    /// `String.charAt(int)`: a character, on the normal path in bounds.
    StringCharAt,
    /// `String.isEmpty()`.
    StringIsEmpty,
    /// `String.equals(Object)`: same length and characters.
    StringEquals,
    /// `Integer.valueOf(int)`, `Long.valueOf(long)`, ...: an object whose
    /// `value` field is the argument, the JDK's cached one for small values.
    Box,
    /// `Object.getClass()`: one `Class` object per class.
    GetClass,
    /// `Class.isArray()`, `isInstance`, `isAssignableFrom`, `isInterface`,
    /// `getName` (src/search/class_objects.rs).
    Class(ClassMethod),
    /// `System.arraycopy`: elements copied between arrays of one type.
    ArrayCopy,
    /// The constructor of a JDK exception class that stores its message
    /// and cause and fills in the stack trace, nothing more
    /// ([`super::natives`] lists them): `detailMessage` and `cause`
    /// are written, the stack-trace fields get unknown values, and nothing
    /// is raised. The registry picks it by class.
    ExceptionInit,
    /// `new AssertionError(message)` with a message the verifier types as
    /// a `String` (`src/search/assertion_errors.rs`): like
    /// [`Intrinsic::ExceptionInit`], with `"null"` stored for a null
    /// message. The registry picks it where the call's argument is typed as a
    /// string.
    AssertionErrorOfText,
    /// `Object.hashCode()`, `System.identityHashCode(Object)`: the
    /// object's identity hash, any int the JVM picks but one per object, the
    /// same at every call (0 for `identityHashCode(null)`).
    IdentityHash,
    /// `clone()` of an array (JLS §10.7): a new array of the same type and
    /// length with the original's elements. No class file declares it, so
    /// the search steps over it where it stands (`src/jdk/arrays/clone.rs`).
    ArrayClone,
    /// javac's string concatenation, an `invokedynamic` of
    /// `StringConcatFactory` (JLS §15.18.1, JDK 9+): a new string of the
    /// pieces (`src/jdk/strings/concat.rs`). Not a method: the registry names it
    /// by the call site's name ([`super::registry::Registry::dynamic`]).
    StringConcat,
    /// `java.lang.reflect.Array.getLength(Object)`: the length of the
    /// array, on the normal path (a non-null array; else
    /// NullPointerException or IllegalArgumentException).
    ArrayGetLength,
    /// `java.lang.reflect.Array.newInstance(Class, int)` and the native
    /// `newArray` it calls: a new array of the given length, its elements
    /// null (`src/search/calls/intrinsics.rs`). JDK behaviour, not the
    /// environment's.
    NewArray,
    /// `new String(String)`: the new string has the argument's characters.
    StringCopy,
    /// `new String()`: the empty string.
    EmptyString,
    /// `new String(char[])`, `String.valueOf(char[])`, `copyValueOf`: a
    /// string of the array's elements as they are at the call.
    StringOfChars,
    /// `String.toCharArray()`: a new `char[]` of the string's characters.
    StringToChars,
    /// `String.getChars(srcBegin, srcEnd, dst, dstBegin)`: the string's
    /// characters in the range copied into `dst` from `dstBegin`.
    StringGetChars,
    /// `String.toString()`: the string itself.
    StringSelf,
    /// `String.intern()`: a string with the same characters (the canonical
    /// one, which may or may not be the receiver).
    StringIntern,
    /// `substring`, `indexOf(int)`, `lastIndexOf(int)`, `startsWith`,
    /// `endsWith`, `hashCode` of `String` (src/jdk/strings/methods.rs).
    StringMethod(StringMethod),
    /// `Character.isDigit`, `isLetter`, `toUpperCase`, `getType`, ...
    /// (`characters.rs`): exact on every code point, from the JVM's tables.
    Character(CharacterMethod),
    /// `Character.digit(char, int)`, `digit(int, int)`: exact, from the
    /// JVM's tables.
    CharacterDigit,
    /// `PrintStream.print`, `println`, `printf`, ... (`printing.rs`): no
    /// effect the program can read back; `printf`, `format` and `append`
    /// return the stream.
    Print,
    /// `Logger.info`, `warning`, `log`, `logp`, ... ([`super::logging`]):
    /// no effect the program can read back, nothing raised but a
    /// `NullPointerException` for a null `Level`.
    Log,
    /// `String.format`: a new string whose contents are not modelled (an
    /// assumption, so no proof rests on them).
    Format,
    /// A method of `StringBuilder`, `StringBuffer` or
    /// `AbstractStringBuilder` (src/search/builders.rs). The registry picks it by
    /// [`BuilderMethod::of`].
    Builder(BuilderMethod),
    /// A method of `java.util.ArrayList` or of its iterator
    /// (src/search/lists.rs). The registry picks it by
    /// [`crate::jdk::collections::lists::ListMethod::of`].
    List(crate::jdk::collections::lists::ListMethod),
    /// A method of `java.util.HashMap` or `java.util.HashSet`
    /// (src/search/keyed.rs), picked by
    /// [`crate::jdk::collections::keyed::KeyedMethod::of`].
    Keyed(crate::jdk::collections::keyed::KeyedMethod),
    /// A method of a map's view, of its iterator or of an entry
    /// ([`crate::jdk::collections::views::ViewMethod::of`]).
    MapView(crate::jdk::collections::views::ViewMethod),
    /// A method of `java.util.ArrayDeque`, `java.util.LinkedList` or of
    /// their iterators (src/search/deques.rs), picked by
    /// [`crate::jdk::collections::deques::DequeMethod::of`].
    Deque(crate::jdk::collections::deques::DequeMethod),
    /// `new String(int[] codePoints, int offset, int count)`: exact for
    /// code points of the Basic Multilingual Plane.
    StringOfCodePoints,
    /// `new String(StringBuilder)`, `new String(StringBuffer)`: the
    /// builder's contents.
    StringOfBuilder,
    /// `concat`, `trim`, `replace(char, char)`, `toLowerCase()`,
    /// `toUpperCase()`, `equalsIgnoreCase` (src/jdk/strings/edits.rs).
    StringEdit(StringEdit),
    /// `Integer.parseInt`, `Integer.toString`, `String.valueOf(int)`, ...
    /// (src/jdk/strings/numbers.rs).
    Number(NumberMethod),
    /// `Math.floor`, `Double.longBitsToDouble`, ... (src/search/float_rules.rs).
    Float(FloatMethod),
    /// `Math.sqrt`, `cbrt`, `pow`, `hypot` (and `StrictMath`'s), read
    /// backward through their preimages ([`super::math`],
    /// src/search/math_rules.rs).
    Math(super::math::MathFn),
    /// `new Random()`, `new Random(seed)`, `nextInt`, …, `Math.random()`
    /// ([`super::random`], src/search/random.rs): a seeded generator's
    /// draws computed exactly, the others' taken from the environment.
    Random(super::random::RandomMethod),
    /// `Instant.now()`, `LocalDate.now()`, `UUID.randomUUID()`
    /// ([`super::env_objects`], src/search/env_objects.rs): a new object
    /// whose fields the environment gives.
    EnvObject(super::env_objects::EnvObject),
    /// `Arrays.copyOf`, `copyOfRange`, `fill`, `equals`
    /// (src/jdk/arrays/methods.rs).
    Arrays(ArraysMethod),
    /// `Pattern.compile(String)`, `Pattern.matcher`, `Matcher.find()`,
    /// `start()`, `end()`: exact for literal regexes, with an assumption
    /// (src/jdk/strings/regex.rs).
    Regex(RegexMethod),
}

/// Which method an intrinsic models.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StringMethod {
    /// `substring(int)`, `substring(int, int)`, `subSequence(int, int)`.
    Substring,
    /// `indexOf(int)`, `indexOf(int, int)`: a `char` (code points above
    /// 0xFFFF are outside the model).
    IndexOf,
    /// `lastIndexOf(int)`.
    LastIndexOf,
    /// `startsWith(String)`.
    StartsWith,
    /// `endsWith(String)`.
    EndsWith,
    /// `hashCode()`: `s[0]*31^(n-1) + … + s[n-1]`, wrapping (JLS §15.17.2).
    HashCode,
    /// `indexOf(String)`, `indexOf(String, int)`: the first position at or
    /// after the start (clamped to 0) where the other string occurs.
    IndexOfString,
    /// `contains(CharSequence)`: exact when the argument is a `String`.
    Contains,
    /// `compareTo(String)`: the difference of the first differing
    /// characters, else of the lengths.
    CompareTo,
    /// `codePointAt(int)`: the character there, or the code point of the
    /// surrogate pair starting there.
    CodePointAt,
    /// `lastIndexOf(String)`: the last position where the other string
    /// occurs (the length for the empty string).
    LastIndexOfString,
    /// `regionMatches([boolean ignoreCase,] int toffset, String other, int
    /// ooffset, int len)`; ignoring case exact for ASCII.
    RegionMatches,
}

/// Which method an intrinsic models.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StringEdit {
    /// `concat(String)`.
    Concat,
    /// `trim()`: without leading and trailing characters `<= ' '`.
    Trim,
    /// `replace(char, char)`.
    ReplaceChar,
    /// `toLowerCase()`.
    Lower,
    /// `toUpperCase()`.
    Upper,
    /// `equalsIgnoreCase(String)`.
    EqualsIgnoreCase,
}

/// The classes whose methods are builder intrinsics.
pub const BUILDER_CLASSES: [&str; 3] = [
    "java/lang/AbstractStringBuilder",
    "java/lang/StringBuilder",
    "java/lang/StringBuffer",
];

/// Which builder method an intrinsic models.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BuilderMethod {
    /// `<init>()`, `<init>(int)`, `<init>(String)`, `<init>(CharSequence)`.
    Init,
    /// `append(x)` of a `String`, `CharSequence`, `char`, `int`, `long` or
    /// `boolean`.
    Append,
    /// `insert(offset, x)`, of the same types.
    Insert,
    Length,
    CharAt,
    SetCharAt,
    SetLength,
    DeleteCharAt,
    /// `delete(start, end)`.
    Delete,
    Reverse,
    /// `substring(start[, end])`, `subSequence(start, end)`.
    Substring,
    ToString,
    /// Any other instance method of the builder classes.
    Other,
}

impl BuilderMethod {
    /// The intrinsic for method `name` with `descriptor` of one of
    /// [`BUILDER_CLASSES`]; `None` for a method whose bytecode the search
    /// explores (or a static one).
    pub fn of(name: &str, descriptor: &str, is_static: bool) -> Option<BuilderMethod> {
        if is_static {
            return None;
        }
        let params = &descriptor[..descriptor.find(')').map_or(0, |i| i + 1)];
        const TEXT: [&str; 6] = [
            "Ljava/lang/String;",
            "Ljava/lang/CharSequence;",
            "C",
            "I",
            "J",
            "Z",
        ];
        let one_of_text = |prefix: &str| {
            TEXT.iter()
                .any(|t| params == format!("({prefix}{t})").as_str())
        };
        Some(match name {
            "<init>" => match params {
                "()" | "(I)" | "(Ljava/lang/String;)" | "(Ljava/lang/CharSequence;)" => {
                    BuilderMethod::Init
                }
                _ => BuilderMethod::Other,
            },
            "append" | "insert" if params.contains("Ljava/lang/Object;") => return None,
            "append" if one_of_text("") => BuilderMethod::Append,
            "insert" if one_of_text("I") => BuilderMethod::Insert,
            "length" if params == "()" => BuilderMethod::Length,
            "charAt" if params == "(I)" => BuilderMethod::CharAt,
            "setCharAt" if params == "(IC)" => BuilderMethod::SetCharAt,
            "setLength" if params == "(I)" => BuilderMethod::SetLength,
            "deleteCharAt" if params == "(I)" => BuilderMethod::DeleteCharAt,
            "delete" if params == "(II)" => BuilderMethod::Delete,
            "reverse" if params == "()" => BuilderMethod::Reverse,
            "substring" if params == "(I)" || params == "(II)" => BuilderMethod::Substring,
            // A builder's subSequence is its substring(start, end).
            "subSequence" if params == "(II)" => BuilderMethod::Substring,
            "toString" if params == "()" => BuilderMethod::ToString,
            _ => BuilderMethod::Other,
        })
    }
}

/// Which number method an intrinsic models.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NumberMethod {
    /// A new string of the argument's string conversion.
    ToText,
    /// `Integer.parseInt(String[, int])`.
    ParseInt,
    /// `Long.parseLong(String[, int])`.
    ParseLong,
    /// `Integer.toHexString(int)`, `Long.toHexString(long)`.
    ToHex,
}

/// A JDK method on floats the search models as one step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FloatMethod {
    /// `Double.longBitsToDouble`, `Float.intBitsToFloat`: the same bits.
    FromBits,
    /// `Double.doubleToRawLongBits`, `Float.floatToRawIntBits`: the same
    /// bits, except that a NaN's are any NaN pattern (the model keeps NaNs
    /// canonical; the JVM may not).
    RawBits,
    /// `Math.floor`, `ceil`, `rint` (and `StrictMath`'s).
    Fn(FpFn),
    /// `Double.isNaN`, `Float.isNaN`.
    IsNaN,
}

/// Which `Arrays` method an intrinsic models.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArraysMethod {
    /// `copyOf(a, newLength)`.
    CopyOf,
    /// `copyOfRange(a, from, to)`.
    CopyOfRange,
    /// `fill(a, v)`.
    Fill,
    /// `fill(a, from, to, v)`.
    FillRange,
    /// `equals(a, b)` of two arrays of an integral type or `boolean`.
    Equals,
}

/// Which regex method an intrinsic models.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RegexMethod {
    /// `Pattern.compile(String)`.
    Compile,
    /// `Pattern.matcher(CharSequence)`.
    Matcher,
    /// `Matcher.find()`.
    Find,
    /// `Matcher.start()`.
    Start,
    /// `Matcher.end()`.
    End,
}

/// A method of `java.lang.Class` with an intrinsic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClassMethod {
    /// `isArray()`: whether the class is an array class.
    IsArray,
    /// `isInstance(Object)`: the argument is not null and its class is a
    /// subtype of this one.
    IsInstance,
    /// `isAssignableFrom(Class)`: the argument's class is a subtype of
    /// this one (NullPointerException for null, on the exceptional path).
    IsAssignableFrom,
    /// `isInterface()`.
    IsInterface,
    /// `getName()`: a non-null string (its text is not modelled).
    GetName,
}
