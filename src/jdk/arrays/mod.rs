//! The models of arrays' JDK methods: `java.util.Arrays`' copies, fills
//! and comparison ([`methods`]) and an array's `clone()` ([`clone`]), each
//! a trait of provided methods implemented for every
//! [`Engine`](crate::jdk::engine::Engine).

pub mod clone;
pub mod methods;
