//! Names the JDK looks up by a string: a charset (`Charset.forName`,
//! `String.getBytes(String)`), a message digest
//! (`MessageDigest.getInstance`), a MAC (`Mac.getInstance`). A method that
//! hands a string parameter to such a lookup throws on every text but a
//! name the JDK knows (`new Hex(String charsetName)`, `DigestUtils(String)`,
//! `QCodec.encode(String, String charset)`), so neither its own constants
//! nor the plain seeds make a run JaCoCo credits, and the backward search
//! does not model the lookup. The names seeded are ones every Java
//! platform must support (the Javadoc of `Charset`, `MessageDigest` and
//! `Mac`, Java SE 17), so a test using them runs on any JVM (issue 33).
//!
//! The lookup may sit in a helper the method calls (`BCodec.encode` →
//! `RFC1522Codec.encodeText` → `Charset.forName`): the program methods it
//! calls are scanned too, a few levels down.

use std::collections::BTreeSet;
use std::sync::Arc;

use crate::classfile::{Class, Method, Op};
use crate::classpath::{is_jdk_class, ClassPath};

/// Charsets every Java platform supports (`java.nio.charset.Charset`).
const CHARSETS: [&str; 2] = ["UTF-8", "ISO-8859-1"];

/// Digests every Java platform supports (`java.security.MessageDigest`).
const DIGESTS: [&str; 2] = ["MD5", "SHA-256"];

/// MACs every Java platform supports (`javax.crypto.Mac`).
const MACS: [&str; 2] = ["HmacSHA256", "HmacSHA1"];

/// The JDK calls that take a name, by class, method name and a piece of
/// the descriptor (a `String` parameter where the call has overloads
/// without one), with the names they accept.
const LOOKUPS: [(&str, &str, &str, &[&str]); 9] = [
    ("java/nio/charset/Charset", "forName", "", &CHARSETS),
    ("java/nio/charset/Charset", "isSupported", "", &CHARSETS),
    (
        "java/lang/String",
        "getBytes",
        "(Ljava/lang/String;)",
        &CHARSETS,
    ),
    (
        "java/lang/String",
        "<init>",
        "Ljava/lang/String;)V",
        &CHARSETS,
    ),
    (
        "java/net/URLEncoder",
        "encode",
        "Ljava/lang/String;)",
        &CHARSETS,
    ),
    (
        "java/net/URLDecoder",
        "decode",
        "Ljava/lang/String;)",
        &CHARSETS,
    ),
    ("java/security/MessageDigest", "getInstance", "", &DIGESTS),
    ("javax/crypto/Mac", "getInstance", "", &MACS),
    (
        "javax/crypto/spec/SecretKeySpec",
        "<init>",
        "Ljava/lang/String;)V",
        &MACS,
    ),
];

/// Program methods scanned per method, at most (it and its callees).
const MAX_METHODS: usize = 24;

/// Levels of program calls followed below the method.
const DEPTH: usize = 3;

/// The names the lookups `method` (and the program methods it calls, a
/// few levels down) makes accept, in the order met, each once.
pub(super) fn looked_up(cp: &ClassPath, method: &Method) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    let mut seen: BTreeSet<(String, String, String)> = BTreeSet::new();
    let mut level = scan(cp, method, &mut out, &mut seen);
    for _ in 0..DEPTH {
        let mut next = Vec::new();
        for (class, i) in &level {
            next.extend(scan(cp, &class.methods[*i], &mut out, &mut seen));
        }
        level = next;
    }
    out
}

/// Adds to `out` the names the lookups `m` calls accept; the program
/// methods it calls, not `seen` before (each its class and index).
fn scan(
    cp: &ClassPath,
    m: &Method,
    out: &mut Vec<&'static str>,
    seen: &mut BTreeSet<(String, String, String)>,
) -> Vec<(Arc<Class>, usize)> {
    let mut callees = Vec::new();
    for insn in m.code.iter().flat_map(|c| &c.instructions) {
        let Op::Invoke(_, r) = &insn.op else {
            continue;
        };
        for (class, name, piece, names) in LOOKUPS {
            if r.class == class && r.name == name && r.descriptor.contains(piece) {
                for n in names {
                    if !out.contains(n) {
                        out.push(n);
                    }
                }
            }
        }
        let key = (r.class.clone(), r.name.clone(), r.descriptor.clone());
        if is_jdk_class(&r.class) || seen.len() >= MAX_METHODS || !seen.insert(key) {
            continue;
        }
        callees.extend(resolve(cp, &r.class, &r.name, &r.descriptor));
    }
    callees
}

/// The program method `name` `descriptor` a call on `class` runs, found in
/// it or a program superclass: its class and index, no copy made.
fn resolve(
    cp: &ClassPath,
    class: &str,
    name: &str,
    descriptor: &str,
) -> Option<(Arc<Class>, usize)> {
    let mut at = cp.load(class).ok()?;
    loop {
        if let Some(i) = at
            .methods
            .iter()
            .position(|m| m.name == name && m.descriptor == descriptor)
        {
            return Some((at, i));
        }
        let up = at.super_class.clone()?;
        if is_jdk_class(&up) {
            return None;
        }
        at = cp.load(&up).ok()?;
    }
}
