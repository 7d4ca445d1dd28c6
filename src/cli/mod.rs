//! The jaut command line.
