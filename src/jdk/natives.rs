//! Native methods of the JDK that raise no exception, whatever their
//! arguments (besides the virtual-machine errors jaut never aims at,
//! `OutOfMemoryError` and `StackOverflowError`): the ones the JVM uses to
//! build an exception object — so following an exception backward through
//! `new E(…)` does not stop at `Throwable.fillInStackTrace` — and the clock,
//! identity and bit-conversion natives that code calls on the way — and
//! the constructors of the JDK's common exception classes, which only store
//! a message and a cause and fill in the stack trace, and those of
//! `AssertionError` (JLS §14.10), which javac compiles every failing
//! `assert` to.
//!
//! A native with no bytecode that is not listed here may raise anything;
//! the search assumes it raises nothing and records the assumption, so a
//! proof never rests on it (`src/search/throws.rs`).

/// `(class, name)` of natives that raise no exception, whatever their
/// descriptor.
const NEVER_RAISE: &[(&str, &str)] = &[
    ("java/lang/Throwable", "fillInStackTrace"),
    ("java/lang/Throwable", "getStackTraceDepth"),
    ("java/lang/NullPointerException", "getExtendedNPEMessage"),
    ("java/lang/StackTraceElement", "initStackTraceElements"),
    ("java/lang/Object", "getClass"),
    ("java/lang/Object", "hashCode"),
    ("java/lang/System", "identityHashCode"),
    ("java/lang/System", "nanoTime"),
    ("java/lang/System", "currentTimeMillis"),
    ("java/lang/Thread", "currentThread"),
    ("java/lang/Float", "floatToRawIntBits"),
    ("java/lang/Float", "intBitsToFloat"),
    ("java/lang/Double", "doubleToRawLongBits"),
    ("java/lang/Double", "longBitsToDouble"),
    ("java/lang/Class", "isArray"),
    ("java/lang/Class", "isPrimitive"),
    ("java/lang/Class", "isInterface"),
    ("java/lang/Class", "isInstance"),
    ("java/lang/Class", "getModifiers"),
    ("java/lang/Class", "getSuperclass"),
    ("java/lang/Class", "desiredAssertionStatus0"),
    ("java/lang/Runtime", "availableProcessors"),
    ("jdk/internal/reflect/Reflection", "getCallerClass"),
];

/// JDK exception classes whose constructors raise nothing: each stores its
/// message and cause and fills in the stack trace, and nothing more.
pub(crate) const QUIET_CONSTRUCTORS: &[&str] = &[
    "java/lang/Throwable",
    "java/lang/Exception",
    "java/lang/RuntimeException",
    "java/lang/Error",
    "java/lang/IllegalStateException",
    "java/lang/IllegalArgumentException",
    "java/lang/NullPointerException",
    "java/lang/ArithmeticException",
    "java/lang/ClassCastException",
    "java/lang/IndexOutOfBoundsException",
    "java/lang/ArrayIndexOutOfBoundsException",
    "java/lang/StringIndexOutOfBoundsException",
    "java/lang/NegativeArraySizeException",
    "java/lang/ArrayStoreException",
    "java/lang/UnsupportedOperationException",
    "java/lang/NumberFormatException",
    "java/lang/CloneNotSupportedException",
    "java/lang/InterruptedException",
    "java/lang/SecurityException",
    "java/util/NoSuchElementException",
    "java/util/ConcurrentModificationException",
    "java/io/IOException",
];

/// The constructors of the quiet exception classes and of
/// `AssertionError` that store their argument (or no message) as it is, by
/// descriptor; `AssertionError`'s private `(String)` is the one its others
/// call.
pub(crate) const STORING: [&str; 3] = [
    "()V",
    "(Ljava/lang/String;)V",
    "(Ljava/lang/String;Ljava/lang/Throwable;)V",
];

pub(crate) const ASSERTION_ERROR: &str = "java/lang/AssertionError";

/// The `AssertionError` constructor taking any object as the message: it
/// stores `String.valueOf(message)`, which runs the message's `toString`.
pub(crate) const OF_OBJECT: &str = "(Ljava/lang/Object;)V";

/// True when a constructor of `class` raises nothing — a JDK exception
/// constructor (above) — provided no class of the program overrides
/// `fillInStackTrace`, which every one of them calls
/// (`program_overrides_fill_in`).
pub(crate) fn quiet_constructor(class: &str, name: &str, program_overrides_fill_in: bool) -> bool {
    name == "<init>" && !program_overrides_fill_in && QUIET_CONSTRUCTORS.contains(&class)
}

/// True when the native `class.name` raises no exception.
pub(crate) fn never_raises(class: &str, name: &str) -> bool {
    NEVER_RAISE.iter().any(|&(c, n)| c == class && n == name)
}
