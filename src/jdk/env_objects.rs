//! Objects the environment makes: `Instant.now()`, `LocalDate.now()`
//! (the clock) and `UUID.randomUUID()` (a secure random generator). Each
//! call's result is a new object whose fields are inputs, one environment
//! value per field ("part"), within what the class allows; the replay
//! makes the call return an object built from them
//! (`Instant.ofEpochSecond`, `LocalDate.of`, `new UUID`: the harness's
//! `Probe.environmentInstant`, …). The model is
//! `src/search/env_objects.rs`.

/// A JDK method whose result is an object the environment makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EnvObject {
    /// `Instant.now()`: `seconds` from the epoch and `nanos` in
    /// `[0, 10^9)`, between `Instant.MIN` and `Instant.MAX`.
    InstantNow,
    /// `LocalDate.now()`: a valid `year`, `month`, `day` (ISO calendar,
    /// `LocalDate.MIN` to `MAX`).
    LocalDateNow,
    /// `UUID.randomUUID()`: a version 4, IETF variant UUID, its other 122
    /// bits any (RFC 4122 §4.4).
    RandomUuid,
}

/// One field of an environment object: its name in the class, its type's
/// descriptor, and the name the state gives its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Part {
    pub field: &'static str,
    pub descriptor: &'static str,
    pub label: &'static str,
}

const fn part(field: &'static str, descriptor: &'static str, label: &'static str) -> Part {
    Part {
        field,
        descriptor,
        label,
    }
}

impl EnvObject {
    /// Every method modelled, by its class and name (all static, no
    /// parameters).
    pub const ALL: [(EnvObject, &'static str, &'static str); 3] = [
        (EnvObject::InstantNow, "java/time/Instant", "now"),
        (EnvObject::LocalDateNow, "java/time/LocalDate", "now"),
        (EnvObject::RandomUuid, "java/util/UUID", "randomUUID"),
    ];

    /// The class of the object made (and of the method).
    pub fn class(self) -> &'static str {
        self.listed().1
    }

    /// The method's name.
    pub fn method(self) -> &'static str {
        self.listed().2
    }

    fn listed(self) -> (EnvObject, &'static str, &'static str) {
        *Self::ALL
            .iter()
            .find(|(e, _, _)| *e == self)
            .expect("listed")
    }

    /// The fields that make the object, in the order the harness reads
    /// their values.
    pub fn parts(self) -> &'static [Part] {
        const INSTANT: [Part; 2] = [
            part("seconds", "J", "epochSecond"),
            part("nanos", "I", "nano"),
        ];
        const DATE: [Part; 3] = [
            part("year", "I", "year"),
            part("month", "S", "month"),
            part("day", "S", "day"),
        ];
        const UUID: [Part; 2] = [
            part("mostSigBits", "J", "mostSigBits"),
            part("leastSigBits", "J", "leastSigBits"),
        ];
        match self {
            EnvObject::InstantNow => &INSTANT,
            EnvObject::LocalDateNow => &DATE,
            EnvObject::RandomUuid => &UUID,
        }
    }

    /// The object a static call to `class.name` makes, if it is one.
    pub fn of_call(class: &str, name: &str) -> Option<EnvObject> {
        Self::ALL
            .iter()
            .find(|(_, c, n)| *c == class && *n == name)
            .map(|(e, _, _)| *e)
    }
}

/// `Instant.MIN`'s and `Instant.MAX`'s epoch seconds.
pub const INSTANT_SECONDS: (i64, i64) = (-31_557_014_167_219_200, 31_556_889_864_403_199);

/// `Year.MIN_VALUE`, `Year.MAX_VALUE`.
pub const YEARS: (i32, i32) = (-999_999_999, 999_999_999);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_object_names_its_class_and_parts() {
        assert_eq!(EnvObject::InstantNow.class(), "java/time/Instant");
        assert_eq!(
            EnvObject::of_call("java/util/UUID", "randomUUID"),
            Some(EnvObject::RandomUuid)
        );
        assert_eq!(
            EnvObject::of_call("java/util/UUID", "nameUUIDFromBytes"),
            None
        );
        assert_eq!(EnvObject::LocalDateNow.parts().len(), 3);
    }
}
