//! Unit tests of the replayer's errors and of the worker's answers.

use super::*;

#[test]
fn start_errors_read_as_before() {
    assert_eq!(
        ReplayError::StartTimeout(START_TIMEOUT).to_string(),
        "the replay JVM did not start: no answer within 60 s"
    );
    assert_eq!(
        ReplayError::WorkerEnded {
            status: None,
            detail: ": boom".into()
        }
        .to_string(),
        "the replay JVM did not start: the worker ended (unknown status): boom"
    );
    assert_eq!(
            ReplayError::NoWorker(PathBuf::from("/x/jaut-bench")).to_string(),
            "no jaut executable to run the replay worker (none beside /x/jaut-bench); set JAUT_REPLAY_WORKER"
        );
    assert_eq!(
        ReplayError::StartPanicked.to_string(),
        "the replay JVM did not start: the starting thread panicked"
    );
}

#[test]
fn answers_that_are_not_answers() {
    let line = r#"{"id":3,"what":1}"#;
    let Some(Err(e)) = protocol::answer(line, 3) else {
        panic!("an error")
    };
    assert_eq!(
        e.to_string(),
        format!("an answer without observation: {line}")
    );
    let Some(Err(e)) = protocol::answer(r#"{"id":3,"observation":7}"#, 3) else {
        panic!("an error")
    };
    assert!(
        e.to_string()
            .starts_with("an observation that does not parse ("),
        "{e}"
    );
    assert!(protocol::answer(line, 4).is_none());
}
