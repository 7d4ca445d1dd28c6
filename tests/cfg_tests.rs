//! CFGs and frames of the samples: snapshots of the text form `jaut cfg`
//! prints, and assertions on the edges the backward search will rely on.

mod support;

use jaut::cfg::{Cfg, CfgText, Edge, Operands, SwitchKey, Thrown};
use jaut::classfile::bytecode::Cond;
use jaut::classfile::Class;
use jaut::frames::{self, Frames, VType};
use jaut::program::Program;
use std::sync::Arc;

struct Analysed {
    cp: Program,
    class: Arc<Class>,
    method: usize,
    cfg: Cfg,
    frames: Frames,
}

impl Analysed {
    fn new(class: &str, method: &str) -> Analysed {
        let cp = support::sample_classpath();
        let class = cp.load(class).expect("sample class");
        let method = class
            .methods
            .iter()
            .position(|m| m.name == method)
            .expect("sample method");
        let m = &class.methods[method];
        let code = m.code.as_ref().expect("code");
        let cfg = Cfg::build(&cp, code).expect("cfg");
        let frames = frames::compute(&cp, &class, m).expect("frames");
        Analysed {
            cp,
            class,
            method,
            cfg,
            frames,
        }
    }

    fn code(&self) -> &jaut::classfile::Code {
        self.class.methods[self.method].code.as_ref().expect("code")
    }

    fn text(&self) -> String {
        CfgText {
            cfg: &self.cfg,
            code: self.code(),
            frames: Some(&self.frames),
        }
        .to_string()
    }

    /// The edges into the block holding `pc`.
    fn edges_into(&self, pc: u32) -> Vec<Edge> {
        let b = self.cfg.block_of(pc).expect("pc in a block");
        self.cfg
            .preds(b)
            .into_iter()
            .map(|(_, e)| e.clone())
            .collect()
    }

    /// The edges leaving the block holding `pc`, with their target block's start pc.
    fn edges_from(&self, pc: u32) -> Vec<(Option<u32>, Edge)> {
        let b = self.cfg.block_of(pc).expect("pc in a block");
        self.cfg
            .succs(b)
            .into_iter()
            .map(|(to, e)| (self.cfg.block(to).map(|blk| blk.start), e.clone()))
            .collect()
    }
}

#[test]
fn snapshot_move_y() {
    insta::assert_snapshot!(Analysed::new("coord/Coord", "moveY").text());
}

#[test]
fn snapshot_trityp() {
    insta::assert_snapshot!(Analysed::new("trityp/Trityp", "trityp").text());
}

#[test]
fn snapshot_foo() {
    insta::assert_snapshot!(Analysed::new("foo/Foo", "foo").text());
}

#[test]
fn snapshot_try_catch_finally() {
    insta::assert_snapshot!(Analysed::new("cfgcases/TryCatch", "tryCatchFinally").text());
}

#[test]
fn snapshot_rotate_left() {
    insta::assert_snapshot!(Analysed::new("rbtree/RedBlackTree", "rotateLeft").text());
}

#[test]
fn move_y_target_is_reached_by_the_untaken_branch() {
    let a = Analysed::new("coord/Coord", "moveY");
    assert_eq!(
        a.edges_into(51),
        vec![Edge::Branch {
            pc: 33,
            taken: false,
            cond: Cond::Gt,
            operands: Operands::IntInt
        }]
    );
    // The frame at the target: the new Coord on the stack, ytemp in local 3.
    let f = a.frames.at(51).expect("frame");
    assert_eq!(f.stack, vec![VType::Ref("coord/Coord".into())]);
    assert_eq!(f.locals[3], VType::Int);
    assert_eq!(
        a.frames.at(42).expect("frame").stack,
        vec![VType::Uninit(39)]
    );
    // chrono.time dereferences: an NPE edge leaves the method from pc 1.
    assert!(a.edges_from(0).iter().any(|(to, e)| to.is_none()
        && *e
            == Edge::Uncaught {
                pc: 1,
                thrown: Thrown::Implicit("java/lang/NullPointerException")
            }));
}

#[test]
fn foo_loop_has_one_header_and_back_edge() {
    let a = Analysed::new("foo/Foo", "foo");
    let headers: Vec<_> = a.cfg.loop_headers().collect();
    assert_eq!(headers.len(), 1);
    let back = a.cfg.back_edges();
    assert_eq!(back.len(), 1);
    let (from, to, edge) = back[0];
    assert_eq!(to, headers[0]);
    assert!(matches!(edge, Edge::Goto { .. }), "{edge}");
    assert!(a.cfg.dominates(to, from));
    // The loop header dominates the target (`return 1`, pc 25): every path
    // to it goes through the loop test.
    let target = a.cfg.block_of(25).expect("target block");
    assert!(a.cfg.dominates(headers[0], target));
    assert!(!a.cfg.dominates(target, headers[0]));
}

#[test]
fn implicit_exceptions_go_to_the_first_matching_handler() {
    let a = Analysed::new("cfgcases/TryCatch", "tryCatchFinally");
    let code = a.code();
    // `b.value` in the try block: getfield can only throw an NPE, which the
    // catch (NullPointerException) handler takes; the finally's catch-all
    // handler is not reached from it.
    let getfield = code
        .instructions
        .iter()
        .find(|i| matches!(i.op, jaut::classfile::Op::GetField(_)))
        .expect("a getfield")
        .pc;
    let npe_handler = code
        .handlers
        .iter()
        .find(|h| h.catch_type.as_deref() == Some("java/lang/NullPointerException"))
        .expect("an NPE handler");
    let from_getfield: Vec<_> = a
        .edges_from(getfield)
        .into_iter()
        .filter(|(_, e)| e.source_pc() == Some(getfield))
        .collect();
    assert_eq!(
        from_getfield,
        vec![(
            Some(npe_handler.handler),
            Edge::Exception {
                pc: getfield,
                thrown: Thrown::Implicit("java/lang/NullPointerException"),
                catch_type: Some("java/lang/NullPointerException".into())
            }
        )]
    );
    // The handler's frame holds the caught exception.
    assert_eq!(
        a.frames.at(npe_handler.handler).expect("frame").stack,
        vec![VType::Ref("java/lang/NullPointerException".into())]
    );
    // The catch-all (finally) handler rethrows: its athrow leaves the method.
    let any = code
        .handlers
        .iter()
        .find(|h| h.catch_type.is_none())
        .expect("finally");
    let rethrow = a.cfg.edges().any(
        |(_, _, e)| matches!(e, Edge::Uncaught { thrown: Thrown::Any, pc } if *pc > any.handler),
    );
    assert!(rethrow);
}

#[test]
fn calls_may_throw_to_every_covering_handler() {
    let a = Analysed::new("cfgcases/TryCatch", "nestedTry");
    let code = a.code();
    // The inner handler's `throw e` (athrow) is covered by the outer
    // catch (RuntimeException): it may go there, or leave the method.
    let athrow = code
        .instructions
        .iter()
        .find(|i| matches!(i.op, jaut::classfile::Op::AThrow))
        .expect("athrow")
        .pc;
    let edges: Vec<_> = a
        .edges_from(athrow)
        .into_iter()
        .filter(|(_, e)| e.source_pc() == Some(athrow))
        .map(|(_, e)| e)
        .collect();
    assert!(edges.contains(&Edge::Exception {
        pc: athrow,
        thrown: Thrown::Any,
        catch_type: Some("java/lang/RuntimeException".into())
    }));
    assert!(edges.contains(&Edge::Uncaught {
        pc: athrow,
        thrown: Thrown::Any
    }));
}

#[test]
fn switches_label_every_case() {
    let cp = support::sample_classpath();
    let class = cp.load("core/Targets").expect("sample");
    for (method, keys) in [
        ("switches", vec![1, 2, 3, 4, 5]),
        ("sparse", vec![10, 1000, 100000]),
    ] {
        let m = class
            .methods
            .iter()
            .find(|m| m.name == method)
            .expect("method");
        let code = m.code.as_ref().expect("code");
        let cfg = Cfg::build(&cp, code).expect("cfg");
        let mut cases: Vec<i32> = Vec::new();
        let mut defaults = 0;
        for (_, _, e) in cfg.edges() {
            match e {
                Edge::Switch {
                    key: SwitchKey::Case(k),
                    ..
                } => cases.push(*k),
                Edge::Switch {
                    key: SwitchKey::Default,
                    ..
                } => defaults += 1,
                _ => {}
            }
        }
        cases.sort();
        assert_eq!(cases, keys, "{method}");
        assert_eq!(defaults, 1, "{method}");
    }
}

#[test]
fn frames_merge_references_to_their_common_superclass() {
    let a = Analysed::new("cfgcases/Wide", "ternaryRef");
    // `flag ? (Object) "s" : (Object) Integer.valueOf(1)`: at the join the
    // stack holds their common superclass.
    let joined = a
        .code()
        .instructions
        .iter()
        .filter_map(|i| a.frames.at(i.pc))
        .any(|f| f.stack.last() == Some(&VType::Ref("java/lang/Object".into())));
    assert!(joined, "{}", a.text());
    assert_eq!(
        a.cp.common_superclass("java/util/ArrayList", "java/util/LinkedList")
            .expect("jdk"),
        "java/util/AbstractList"
    );
    assert_eq!(
        a.cp.common_superclass("[Ljava/lang/Integer;", "[Ljava/lang/Long;")
            .expect("jdk"),
        "[Ljava/lang/Number;"
    );
}

/// The backward search leaves out a loop head's check only when each
/// iteration meets another join (src/cfg/joins.rs).
#[test]
fn iterations_meet_another_join_only_past_a_branch_in_the_body() {
    let head = |class: &str, method: &str| {
        let a = Analysed::new(class, method);
        let heads: Vec<_> = a.cfg.loop_headers().collect();
        let meets: Vec<bool> = heads
            .iter()
            .map(|&h| a.cfg.iterations_meet_another_join(h))
            .collect();
        meets
    };
    // A straight body: the head's check is the only one per iteration.
    assert_eq!(head("foo/Foo", "foo"), vec![false]);
    // `if (n >= 0) c++;` at the end of the body: javac jumps back to the
    // head straight from the test, so one way round meets no other join.
    assert_eq!(head("loops/Deep", "never"), vec![false]);
    // Heap code: each branch of the rebalancing loop joins again before
    // its back edge.
    assert_eq!(head("rbtree/RedBlackTree", "fixAfterDeletion"), vec![true]);
    assert_eq!(head("rbtree/RedBlackTree", "fixAfterInsertion"), vec![true]);
    // Nested loops: the outer iteration's only join is the inner head,
    // whose check may itself be left out; the inner body is straight.
    assert_eq!(head("loops/Counters", "nested"), vec![false, false]);
    // Not a loop head at all.
    let a = Analysed::new("foo/Foo", "foo");
    assert!(!a.cfg.iterations_meet_another_join(a.cfg.entry()));
}
