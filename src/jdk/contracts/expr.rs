//! The expression language of contracts: Java-like expressions over the
//! receiver (`this`), the parameters (`arg0`, `arg1`, ...), the result
//! (`result`), `null`, integer literals and field reads (`this.value`),
//! with Java's operators and precedence (`?:`, `||`, `&&`, `|`, `^`, `&`,
//! `==`, `!=`, `<`, `<=`, `>`, `>=`, `<<`, `>>`, `>>>`, `+`, `-`, `*`, `/`,
//! `%`, unary `-`, `!`, `~`).

#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    Int(i64),
    Null,
    This,
    Arg(usize),
    Result,
    /// A field of an object, by simple name (resolved in the object's
    /// static type).
    Field(Box<Expr>, String),
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `old(e)`: `e` read in the state before the call (in a `post` of a
    /// behaviour that modifies fields).
    Old(Box<Expr>),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnOp {
    Neg,
    Not,
    BitNot,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
    Or,
    And,
    BitOr,
    BitXor,
    BitAnd,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Shl,
    Shr,
    Ushr,
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

impl BinOp {
    /// Binding strength: higher binds tighter (Java's table).
    fn precedence(self) -> u8 {
        use BinOp::*;
        match self {
            Or => 1,
            And => 2,
            BitOr => 3,
            BitXor => 4,
            BitAnd => 5,
            Eq | Ne => 6,
            Lt | Le | Gt | Ge => 7,
            Shl | Shr | Ushr => 8,
            Add | Sub => 9,
            Mul | Div | Rem => 10,
        }
    }

    /// Whether the operator yields a boolean.
    pub fn is_test(self) -> bool {
        use BinOp::*;
        matches!(self, Or | And | Eq | Ne | Lt | Le | Gt | Ge)
    }
}

/// A token of the expression language, as a parse error shows it (in its
/// `Debug` form: `Ident("x")`, `Op(")")`).
#[derive(Debug, Clone, PartialEq)]
pub enum Tok {
    Int(i64),
    Ident(String),
    Op(&'static str),
}

/// An expression that does not parse.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ExprError {
    /// A number that does not fit a `long` (or has letters in it).
    #[error("bad number `{0}`")]
    BadNumber(String),
    #[error("unexpected `{0}`")]
    UnexpectedChar(char),
    #[error("unexpected {0:?}")]
    UnexpectedToken(Tok),
    #[error("unexpected {0:?} after the expression")]
    TrailingToken(Tok),
    #[error("unexpected end of the expression")]
    UnexpectedEnd,
    #[error("expected `{0}`")]
    Expected(&'static str),
    #[error("expected a field name after `.`")]
    FieldName,
    #[error("unknown name `{0}` (use this, arg0, arg1, ..., result, null)")]
    UnknownName(String),
}

const OPS: [&str; 27] = [
    ">>>", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "<", ">", "+", "-", "*", "/", "%", "&",
    "|", "^", "!", "~", "?", ":", "(", ")", ".", ",",
];

fn lex(s: &str) -> Result<Vec<Tok>, ExprError> {
    let mut out = Vec::new();
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i] as char;
        if c.is_whitespace() {
            i += 1;
        } else if c.is_ascii_digit() {
            let start = i;
            while i < b.len() && (b[i] as char).is_ascii_alphanumeric() {
                i += 1;
            }
            let text = &s[start..i];
            let digits = text.trim_end_matches(['L', 'l']);
            let v = digits
                .parse::<i64>()
                .map_err(|_| ExprError::BadNumber(text.to_string()))?;
            out.push(Tok::Int(v));
        } else if c.is_ascii_alphabetic() || c == '_' {
            let start = i;
            while i < b.len() && ((b[i] as char).is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push(Tok::Ident(s[start..i].to_string()));
        } else {
            let op = OPS
                .iter()
                .find(|op| s[i..].starts_with(**op))
                .ok_or(ExprError::UnexpectedChar(c))?;
            out.push(Tok::Op(op));
            i += op.len();
        }
    }
    Ok(out)
}

struct Parser {
    toks: Vec<Tok>,
    at: usize,
}

/// Parses one expression.
pub fn parse(s: &str) -> Result<Expr, ExprError> {
    let mut p = Parser {
        toks: lex(s)?,
        at: 0,
    };
    let e = p.cond()?;
    match p.toks.get(p.at) {
        None => Ok(e),
        Some(t) => Err(ExprError::TrailingToken(t.clone())),
    }
}

impl Parser {
    fn peek_op(&self) -> Option<&'static str> {
        match self.toks.get(self.at) {
            Some(Tok::Op(o)) => Some(o),
            _ => None,
        }
    }

    fn expect(&mut self, op: &'static str) -> Result<(), ExprError> {
        if self.peek_op() == Some(op) {
            self.at += 1;
            Ok(())
        } else {
            Err(ExprError::Expected(op))
        }
    }

    fn cond(&mut self) -> Result<Expr, ExprError> {
        let c = self.binary(1)?;
        if self.peek_op() == Some("?") {
            self.at += 1;
            let a = self.cond()?;
            self.expect(":")?;
            let b = self.cond()?;
            return Ok(Expr::Cond(Box::new(c), Box::new(a), Box::new(b)));
        }
        Ok(c)
    }

    fn binary(&mut self, min: u8) -> Result<Expr, ExprError> {
        let mut lhs = self.unary()?;
        while let Some(op) = self.peek_op().and_then(bin_op) {
            if op.precedence() < min {
                break;
            }
            self.at += 1;
            let rhs = self.binary(op.precedence() + 1)?;
            lhs = Expr::Binary(op, Box::new(lhs), Box::new(rhs));
        }
        Ok(lhs)
    }

    fn unary(&mut self) -> Result<Expr, ExprError> {
        let op = match self.peek_op() {
            Some("-") => Some(UnOp::Neg),
            Some("!") => Some(UnOp::Not),
            Some("~") => Some(UnOp::BitNot),
            _ => None,
        };
        if let Some(op) = op {
            self.at += 1;
            let a = self.unary()?;
            return Ok(match (op, a) {
                (UnOp::Neg, Expr::Int(v)) => Expr::Int(-v),
                (op, a) => Expr::Unary(op, Box::new(a)),
            });
        }
        let mut e = self.atom()?;
        while self.peek_op() == Some(".") {
            self.at += 1;
            match self.toks.get(self.at) {
                Some(Tok::Ident(f)) => {
                    e = Expr::Field(Box::new(e), f.clone());
                    self.at += 1;
                }
                _ => return Err(ExprError::FieldName),
            }
        }
        Ok(e)
    }

    fn atom(&mut self) -> Result<Expr, ExprError> {
        let t = self.toks.get(self.at).cloned();
        self.at += 1;
        match t {
            Some(Tok::Int(v)) => Ok(Expr::Int(v)),
            Some(Tok::Ident(name)) => match name.as_str() {
                "old" if self.peek_op() == Some("(") => {
                    self.at += 1;
                    let e = self.cond()?;
                    self.expect(")")?;
                    Ok(Expr::Old(Box::new(e)))
                }
                "this" => Ok(Expr::This),
                "result" => Ok(Expr::Result),
                "null" => Ok(Expr::Null),
                "true" => Ok(Expr::Int(1)),
                "false" => Ok(Expr::Int(0)),
                n => match n.strip_prefix("arg").and_then(|k| k.parse().ok()) {
                    Some(k) => Ok(Expr::Arg(k)),
                    None => Err(ExprError::UnknownName(n.to_string())),
                },
            },
            Some(Tok::Op("(")) => {
                let e = self.cond()?;
                self.expect(")")?;
                Ok(e)
            }
            Some(t) => Err(ExprError::UnexpectedToken(t)),
            None => Err(ExprError::UnexpectedEnd),
        }
    }
}

fn bin_op(op: &str) -> Option<BinOp> {
    use BinOp::*;
    Some(match op {
        "||" => Or,
        "&&" => And,
        "|" => BitOr,
        "^" => BitXor,
        "&" => BitAnd,
        "==" => Eq,
        "!=" => Ne,
        "<" => Lt,
        "<=" => Le,
        ">" => Gt,
        ">=" => Ge,
        "<<" => Shl,
        ">>" => Shr,
        ">>>" => Ushr,
        "+" => Add,
        "-" => Sub,
        "*" => Mul,
        "/" => Div,
        "%" => Rem,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn precedence_follows_java() {
        let e = parse("result == (arg0 >= arg1 ? arg0 : arg1) && this.value + 1 * 2 > 3").unwrap();
        let Expr::Binary(BinOp::And, l, r) = e else {
            panic!("&& binds loosest: {e:?}")
        };
        assert!(matches!(*l, Expr::Binary(BinOp::Eq, _, _)));
        let Expr::Binary(BinOp::Gt, sum, _) = *r else {
            panic!()
        };
        let Expr::Binary(BinOp::Add, f, _) = *sum else {
            panic!()
        };
        assert_eq!(*f, Expr::Field(Box::new(Expr::This), "value".into()));
        assert_eq!(parse("-5").unwrap(), Expr::Int(-5));
        assert!(parse("arg0 +").is_err());
        assert!(parse("foo == 1").is_err());
    }

    #[test]
    fn errors_name_what_is_wrong() {
        let text = |s: &str| parse(s).unwrap_err().to_string();
        assert_eq!(text("arg0 +"), "unexpected end of the expression");
        assert_eq!(
            text("foo == 1"),
            "unknown name `foo` (use this, arg0, arg1, ..., result, null)"
        );
        assert_eq!(text("arg0 )"), r#"unexpected Op(")") after the expression"#);
        assert_eq!(text("(arg0"), "expected `)`");
        assert_eq!(text("arg0 ? 1"), "expected `:`");
        assert_eq!(text("1 $ 2"), "unexpected `$`");
        assert_eq!(text("this."), "expected a field name after `.`");
        assert_eq!(text("1 + )"), r#"unexpected Op(")")"#);
        assert_eq!(
            text("99999999999999999999"),
            "bad number `99999999999999999999`"
        );
    }
}
