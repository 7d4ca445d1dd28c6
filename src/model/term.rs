//! Terms: the constraint language of the memory model, independent of any
//! solver.
//!
//! Terms live in an arena ([`Terms`]) and are named by [`TermId`]. The
//! search marks the arena before each choice and truncates it back when it
//! backtracks, so abandoned paths leave no terms behind (solver back ends
//! key their caches by id and truncate with it).
//!
//! Sorts: booleans, bit-vectors of a fixed width (JVM `int` is 32 bits,
//! `long` 64; `float`/`double` are carried as their IEEE bit patterns, and
//! the floating-point nodes read and give such patterns, see [`FpOp`]),
//! references ([`Sort::Ref`]: 32-bit values to jaut, integers to the
//! solver), arrays from references to values (the heap: one array per
//! field), cells of arrays by reference and index, and unary predicates
//! (subtype tests). Constants are bit-vectors, `null` is `0`: where a
//! reference meets one, the solver takes both as integers.

/// A term in the arena.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TermId(pub u32);

/// A unary predicate symbol over 32-bit values (`is a subtype of C`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PredId(pub u32);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Sort {
    Bool,
    Bv(u32),
    /// A reference: a 32-bit JVM value like `Bv(32)` wherever jaut
    /// computes with it, that the solver holds as an integer (references
    /// are only compared, so Z3 need not make their 32 bits, see
    /// `solver::refs`).
    Ref,
    /// An array from references to `Bv(width)` (a field of a primitive
    /// type, the classes of objects, the lengths of arrays); a [`Node::Row`]
    /// has this sort too, indexed by an `int`.
    Array(u32),
    /// An array from references to references (a field of a reference
    /// type).
    RefArray,
    /// An array from `Bv(64)` — an array reference (high half) and an index
    /// (low half), see [`Terms::cell`] — to `Bv(width)`: the elements of
    /// every Java array of one element kind.
    Cells(u32),
    /// `Cells` of references: the elements of every array of a reference
    /// type.
    RefCells,
}

impl Sort {
    /// The sort of an `ite` whose branches have sorts `self` and `other`,
    /// when values of the two may be its branches: the same sort, or a
    /// reference and a 32-bit constant such as `null`, which make a
    /// reference (`solver::refs`).
    pub fn join(self, other: Sort) -> Option<Sort> {
        match (self, other) {
            (a, b) if a == b => Some(a),
            (Sort::Ref, Sort::Bv(32)) | (Sort::Bv(32), Sort::Ref) => Some(Sort::Ref),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BvOp {
    Add,
    Sub,
    Mul,
    /// Signed division, rounding toward zero (JVM `idiv`, `ldiv`).
    SDiv,
    /// Signed remainder with the sign of the dividend (JVM `irem`, `lrem`).
    SRem,
    Shl,
    AShr,
    LShr,
    And,
    Or,
    Xor,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BvCmp {
    Slt,
    Sle,
    Sgt,
    Sge,
    Ult,
}

/// Java's floating-point arithmetic (JVMS 2.8, JLS 15.17): operands and
/// result are IEEE bit patterns of one width (32: `float`, 64: `double`),
/// rounded to nearest even; `Rem` is Java's truncating remainder (`fmod`),
/// not IEEE's. A NaN result is the canonical NaN (`0x7fc00000`,
/// `0x7ff8000000000000`): Java leaves a NaN's bits unspecified, so the model
/// picks one and only raw-bit reads (`doubleToRawLongBits`) could tell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FpOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

/// IEEE comparisons of two floating-point bit patterns of one width: false
/// when either is NaN; `-0.0` equals `0.0`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FpCmp {
    Lt,
    Le,
    Eq,
}

/// One-operand floating-point functions on bit patterns (results canonical
/// when NaN, as for [`FpOp`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FpFn {
    /// Square root, rounded to nearest even (`Math.sqrt`).
    Sqrt,
    /// Rounding toward negative infinity (`Math.floor`).
    Floor,
    /// Rounding toward positive infinity (`Math.ceil`).
    Ceil,
    /// Rounding to the nearest integer, ties to even (`Math.rint`).
    Rint,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Node {
    /// A free variable; the name is for humans and solver dumps.
    Var(String, Sort),
    Bool(bool),
    /// A constant: the low `width` bits of the value.
    Bv(u64, u32),
    Not(TermId),
    And(Vec<TermId>),
    Or(Vec<TermId>),
    Eq(TermId, TermId),
    Ite(TermId, TermId, TermId),
    Bin(BvOp, TermId, TermId),
    Neg(TermId),
    Cmp(BvCmp, TermId, TermId),
    /// Bits `hi..=lo`.
    Extract(u32, u32, TermId),
    SignExt(u32, TermId),
    ZeroExt(u32, TermId),
    Select(TermId, TermId),
    Store(TermId, TermId, TermId),
    Pred(PredId, TermId),
    /// `a ++ b`: `a` in the high bits.
    Concat(TermId, TermId),
    /// The elements of one Java array (or string) as an `Array`: cells,
    /// array reference, length; 0 past the length (so that two sequences
    /// are equal exactly when their lengths and elements are).
    Row(TermId, TermId, TermId),
    /// Floating-point arithmetic on bit patterns, see [`FpOp`].
    Fp(FpOp, TermId, TermId),
    /// A one-operand floating-point function, see [`FpFn`].
    FpFn(FpFn, TermId),
    /// An IEEE comparison (boolean), see [`FpCmp`].
    FpCmp(FpCmp, TermId, TermId),
    /// Whether a bit pattern is a NaN (boolean).
    FpIsNaN(TermId),
    /// A signed integer (`Bv(32)`/`Bv(64)`) to the nearest float of the
    /// given width (`i2f`, `i2d`, `l2f`, `l2d`; JLS 5.1.2).
    FpFromInt(u32, TermId),
    /// A float to a signed integer of the given width as Java casts it
    /// (JLS 5.1.3): toward zero, NaN to 0, saturating at the bounds.
    FpToInt(u32, TermId),
    /// A float to the other width, rounded to nearest even (`f2d`, `d2f`).
    FpConvert(u32, TermId),
}

/// The term arena.
#[derive(Debug, Default, Clone)]
pub struct Terms {
    nodes: Vec<(Node, Sort)>,
    preds: Vec<String>,
}

/// A point to truncate the arena back to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mark(usize);

impl Terms {
    pub fn node(&self, t: TermId) -> &Node {
        &self.nodes[t.0 as usize].0
    }

    pub fn sort(&self, t: TermId) -> Sort {
        self.nodes[t.0 as usize].1
    }

    pub fn width(&self, t: TermId) -> u32 {
        match self.sort(t) {
            Sort::Bv(w) | Sort::Array(w) | Sort::Cells(w) => w,
            Sort::Ref | Sort::RefArray | Sort::RefCells => 32,
            Sort::Bool => 1,
        }
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    pub fn mark(&self) -> Mark {
        Mark(self.nodes.len())
    }

    /// The id the next term made will have: every term made later has a
    /// greater one.
    pub fn next_id(&self) -> TermId {
        TermId(self.nodes.len() as u32)
    }

    /// Forgets every term made since `mark`.
    pub fn truncate(&mut self, mark: Mark) {
        self.nodes.truncate(mark.0);
    }

    pub fn pred_name(&self, p: PredId) -> &str {
        &self.preds[p.0 as usize]
    }

    pub fn pred_count(&self) -> usize {
        self.preds.len()
    }

    /// The applications of predicates whose name starts with `prefix`, in
    /// the order they were made.
    pub fn pred_applications(&self, prefix: &str) -> Vec<TermId> {
        self.nodes
            .iter()
            .enumerate()
            .filter(|(_, (n, _))| {
                matches!(n, Node::Pred(p, _) if self.preds[p.0 as usize].starts_with(prefix))
            })
            .map(|(i, _)| TermId(i as u32))
            .collect()
    }

    /// Declares a predicate symbol (predicates are never truncated).
    pub fn new_pred(&mut self, name: impl Into<String>) -> PredId {
        self.preds.push(name.into());
        PredId(self.preds.len() as u32 - 1)
    }

    fn add(&mut self, node: Node, sort: Sort) -> TermId {
        self.nodes.push((node, sort));
        TermId(self.nodes.len() as u32 - 1)
    }

    pub fn var(&mut self, name: impl Into<String>, sort: Sort) -> TermId {
        self.add(Node::Var(name.into(), sort), sort)
    }

    pub fn bool(&mut self, b: bool) -> TermId {
        self.add(Node::Bool(b), Sort::Bool)
    }

    pub fn bv(&mut self, value: i64, width: u32) -> TermId {
        self.add(
            Node::Bv(truncate(value as u64, width), width),
            Sort::Bv(width),
        )
    }

    pub fn int(&mut self, value: i32) -> TermId {
        self.bv(value.into(), 32)
    }

    /// The constant value of a term, if it is a literal.
    pub fn as_const(&self, t: TermId) -> Option<u64> {
        match self.node(t) {
            Node::Bv(v, _) => Some(*v),
            Node::Bool(b) => Some(u64::from(*b)),
            _ => None,
        }
    }

    pub fn not(&mut self, a: TermId) -> TermId {
        match self.node(a) {
            Node::Bool(b) => {
                let b = !*b;
                self.bool(b)
            }
            Node::Not(inner) => *inner,
            _ => self.add(Node::Not(a), Sort::Bool),
        }
    }

    pub fn and(&mut self, parts: Vec<TermId>) -> TermId {
        let parts: Vec<TermId> = parts
            .into_iter()
            .filter(|p| !matches!(self.node(*p), Node::Bool(true)))
            .collect();
        match parts.len() {
            0 => self.bool(true),
            1 => parts[0],
            _ => self.add(Node::And(parts), Sort::Bool),
        }
    }

    pub fn or(&mut self, parts: Vec<TermId>) -> TermId {
        let parts: Vec<TermId> = parts
            .into_iter()
            .filter(|p| !matches!(self.node(*p), Node::Bool(false)))
            .collect();
        match parts.len() {
            0 => self.bool(false),
            1 => parts[0],
            _ => self.add(Node::Or(parts), Sort::Bool),
        }
    }

    pub fn implies(&mut self, a: TermId, b: TermId) -> TermId {
        let na = self.not(a);
        self.or(vec![na, b])
    }

    pub fn eq(&mut self, a: TermId, b: TermId) -> TermId {
        if a == b {
            return self.bool(true);
        }
        if let (Some(x), Some(y)) = (self.as_const(a), self.as_const(b)) {
            if self.sort(a) == self.sort(b) {
                return self.bool(x == y);
            }
        }
        self.add(Node::Eq(a, b), Sort::Bool)
    }

    pub fn ne(&mut self, a: TermId, b: TermId) -> TermId {
        let e = self.eq(a, b);
        self.not(e)
    }

    pub fn ite(&mut self, c: TermId, a: TermId, b: TermId) -> TermId {
        match self.node(c) {
            Node::Bool(true) => a,
            Node::Bool(false) => b,
            _ => {
                // `c ? null : r` is a reference.
                let sort = self.sort(a).join(self.sort(b)).unwrap_or(self.sort(a));
                self.add(Node::Ite(c, a, b), sort)
            }
        }
    }

    pub fn bin(&mut self, op: BvOp, a: TermId, b: TermId) -> TermId {
        let sort = self.sort(a);
        self.add(Node::Bin(op, a, b), sort)
    }

    pub fn neg(&mut self, a: TermId) -> TermId {
        let sort = self.sort(a);
        self.add(Node::Neg(a), sort)
    }

    pub fn cmp(&mut self, op: BvCmp, a: TermId, b: TermId) -> TermId {
        self.add(Node::Cmp(op, a, b), Sort::Bool)
    }

    pub fn extract(&mut self, hi: u32, lo: u32, a: TermId) -> TermId {
        // The halves of a cell key (`cell`) are its reference and index.
        if let Node::Concat(x, y) = *self.node(a) {
            let low = self.width(y);
            if (hi, lo) == (low - 1, 0) {
                return y;
            }
            if (hi, lo) == (low + self.width(x) - 1, low) {
                return x;
            }
        }
        self.add(Node::Extract(hi, lo, a), Sort::Bv(hi - lo + 1))
    }

    pub fn sign_ext(&mut self, by: u32, a: TermId) -> TermId {
        let w = self.width(a);
        self.add(Node::SignExt(by, a), Sort::Bv(w + by))
    }

    pub fn zero_ext(&mut self, by: u32, a: TermId) -> TermId {
        let w = self.width(a);
        self.add(Node::ZeroExt(by, a), Sort::Bv(w + by))
    }

    pub fn select(&mut self, array: TermId, index: TermId) -> TermId {
        let sort = match self.sort(array) {
            Sort::RefArray | Sort::RefCells => Sort::Ref,
            _ => Sort::Bv(self.width(array)),
        };
        self.add(Node::Select(array, index), sort)
    }

    pub fn store(&mut self, array: TermId, index: TermId, value: TermId) -> TermId {
        let sort = self.sort(array);
        self.add(Node::Store(array, index, value), sort)
    }

    /// The key of element `index` of the Java array `array` in a `Cells` array.
    pub fn cell(&mut self, array: TermId, index: TermId) -> TermId {
        self.add(Node::Concat(array, index), Sort::Bv(64))
    }

    /// The first `len` elements of `array` in `cells`, as an `Array`.
    pub fn row(&mut self, cells: TermId, array: TermId, len: TermId) -> TermId {
        let w = self.width(cells);
        self.add(Node::Row(cells, array, len), Sort::Array(w))
    }

    pub fn pred(&mut self, p: PredId, a: TermId) -> TermId {
        self.add(Node::Pred(p, a), Sort::Bool)
    }

    pub fn fp(&mut self, op: FpOp, a: TermId, b: TermId) -> TermId {
        let sort = self.sort(a);
        self.add(Node::Fp(op, a, b), sort)
    }

    pub fn fp_fn(&mut self, f: FpFn, a: TermId) -> TermId {
        let sort = self.sort(a);
        self.add(Node::FpFn(f, a), sort)
    }

    pub fn fp_cmp(&mut self, op: FpCmp, a: TermId, b: TermId) -> TermId {
        self.add(Node::FpCmp(op, a, b), Sort::Bool)
    }

    pub fn fp_is_nan(&mut self, a: TermId) -> TermId {
        self.add(Node::FpIsNaN(a), Sort::Bool)
    }

    pub fn fp_from_int(&mut self, width: u32, a: TermId) -> TermId {
        self.add(Node::FpFromInt(width, a), Sort::Bv(width))
    }

    pub fn fp_to_int(&mut self, width: u32, a: TermId) -> TermId {
        self.add(Node::FpToInt(width, a), Sort::Bv(width))
    }

    pub fn fp_convert(&mut self, width: u32, a: TermId) -> TermId {
        self.add(Node::FpConvert(width, a), Sort::Bv(width))
    }
}

/// The low `width` bits of a value.
pub fn truncate(v: u64, width: u32) -> u64 {
    if width >= 64 {
        v
    } else {
        v & ((1u64 << width) - 1)
    }
}

/// A `width`-bit pattern read as a signed number.
pub fn signed(v: u64, width: u32) -> i64 {
    if width >= 64 {
        v as i64
    } else {
        let shift = 64 - width;
        ((v << shift) as i64) >> shift
    }
}
