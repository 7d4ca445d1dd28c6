use std::time::Instant;
fn main() {
    let cp = jaut::classpath::ClassPath::new().unwrap();
    let t = Instant::now();
    let names = cp.jdk().unwrap().module_class_names("java.base");
    let mut fails = 0;
    let mut methods = 0;
    let mut checked = 0;
    for n in &names {
        match cp.load(n) {
            Ok(c) => {
                for m in &c.methods {
                    if m.code.is_none() {
                        continue;
                    }
                    methods += 1;
                    match jaut::frames::compute(&cp, &c, m) {
                        Ok(f) => match jaut::frames::check_stack_map(&cp, &c, m, &f) {
                            Ok(k) => checked += k,
                            Err(e) => {
                                fails += 1;
                                if fails < 15 {
                                    eprintln!("{}.{}: check {e}", c.name, m);
                                }
                            }
                        },
                        Err(e) => {
                            fails += 1;
                            if fails < 15 {
                                eprintln!("{}.{}: {e}", c.name, m);
                            }
                        }
                    }
                }
            }
            Err(e) => {
                eprintln!("{e}");
            }
        }
    }
    println!(
        "{} classes {} methods {} fails {} checked in {:?}",
        names.len(),
        methods,
        fails,
        checked,
        t.elapsed()
    );
}
