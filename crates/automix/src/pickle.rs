//! A restricted pickle reader for the Spleeter checkpoints.
//!
//! The checkpoints are `torch.save` archives whose `data.pkl` is a protocol-2 pickle of a dict
//! {parameter name: numpy array}. Unpickling them with a general unpickler would let a tampered
//! file run any Python callable; this reader is a small pickle VM that implements only the opcodes
//! those files use and only the four globals that rebuild a numpy array
//! (`numpy.core.multiarray._reconstruct`, `numpy.ndarray`, `numpy.dtype`, `_codecs.encode`). It
//! never executes anything: those globals are interpreted here, and any other global, callable or
//! object state is refused with an error naming it.

use std::collections::HashMap;
use std::rc::Rc;

use anyhow::{Context, Result, anyhow, bail};

/// An array read from a pickle: its shape and its elements (float32 arrays only; int64 arrays,
/// such as batch norm's `num_batches_tracked`, are read and converted too).
#[derive(Debug, Clone, PartialEq)]
pub struct Array {
    pub shape: Vec<usize>,
    pub data: Vec<f32>,
}

/// The callables the reader knows. Each is interpreted by the VM, never looked up or run.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Global {
    Reconstruct,
    Ndarray,
    Dtype,
    CodecsEncode,
}

#[derive(Debug, Clone, PartialEq)]
enum Value {
    None,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    Bytes(Vec<u8>),
    Tuple(Vec<Rc<Value>>),
    List(Vec<Rc<Value>>),
    Dict(Vec<(Rc<Value>, Rc<Value>)>),
    Global(Global),
    /// A numpy dtype: its type code (`f4`, `i8`) and byte order.
    Dtype {
        code: String,
        order: char,
    },
    /// An array made by `_reconstruct` and not yet filled by BUILD.
    EmptyArray,
    Array(Rc<Array>),
}

fn global(module: &str, name: &str) -> Result<Global> {
    Ok(match (module, name) {
        ("numpy.core.multiarray" | "numpy._core.multiarray", "_reconstruct") => Global::Reconstruct,
        ("numpy", "ndarray") => Global::Ndarray,
        ("numpy", "dtype") => Global::Dtype,
        ("_codecs", "encode") => Global::CodecsEncode,
        _ => {
            bail!("refused global {module}.{name}: only numpy arrays may be read from a checkpoint")
        }
    })
}

struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8]> {
        let end = self.pos.checked_add(n).filter(|&e| e <= self.data.len());
        let end = end.ok_or_else(|| anyhow!("truncated pickle at byte {}", self.pos))?;
        let s = &self.data[self.pos..end];
        self.pos = end;
        Ok(s)
    }
    fn u8(&mut self) -> Result<u8> {
        Ok(self.take(1)?[0])
    }
    fn u16(&mut self) -> Result<u16> {
        Ok(u16::from_le_bytes(self.take(2)?.try_into()?))
    }
    fn u32(&mut self) -> Result<u32> {
        Ok(u32::from_le_bytes(self.take(4)?.try_into()?))
    }
    fn line(&mut self) -> Result<&'a str> {
        let rest = &self.data[self.pos..];
        let n = rest
            .iter()
            .position(|&b| b == b'\n')
            .ok_or_else(|| anyhow!("truncated pickle: unterminated line"))?;
        let s = std::str::from_utf8(&rest[..n])?;
        self.pos += n + 1;
        Ok(s)
    }
}

/// Reads a pickle holding a dict of arrays; returns the arrays by name, in file order.
pub fn read_arrays(data: &[u8]) -> Result<Vec<(String, Array)>> {
    let value = run(data)?;
    let Value::Dict(items) = &*value else {
        bail!("the checkpoint does not hold a dict of arrays");
    };
    let mut out = Vec::with_capacity(items.len());
    for (k, v) in items {
        let Value::Str(name) = &**k else {
            bail!("a checkpoint key is not a string");
        };
        let Value::Array(a) = &**v else {
            bail!("checkpoint entry {name} is not an array");
        };
        out.push((name.clone(), (**a).clone()));
    }
    Ok(out)
}

fn run(data: &[u8]) -> Result<Rc<Value>> {
    let mut r = Reader { data, pos: 0 };
    let mut stack: Vec<Rc<Value>> = Vec::new();
    let mut marks: Vec<usize> = Vec::new();
    let mut memo: HashMap<u32, Rc<Value>> = HashMap::new();
    let pop =
        |stack: &mut Vec<Rc<Value>>| stack.pop().ok_or_else(|| anyhow!("pickle stack underflow"));
    loop {
        let at = r.pos;
        let op = r.u8()?;
        match op {
            0x80 => {
                let proto = r.u8()?;
                if proto > 4 {
                    bail!("unsupported pickle protocol {proto}");
                }
            }
            b'.' => return pop(&mut stack),
            b'}' => stack.push(Rc::new(Value::Dict(Vec::new()))),
            b']' => stack.push(Rc::new(Value::List(Vec::new()))),
            b')' => stack.push(Rc::new(Value::Tuple(Vec::new()))),
            b'(' => marks.push(stack.len()),
            b'N' => stack.push(Rc::new(Value::None)),
            0x88 => stack.push(Rc::new(Value::Bool(true))),
            0x89 => stack.push(Rc::new(Value::Bool(false))),
            b'K' => stack.push(Rc::new(Value::Int(r.u8()? as i64))),
            b'M' => stack.push(Rc::new(Value::Int(r.u16()? as i64))),
            b'J' => stack.push(Rc::new(Value::Int(r.u32()? as i32 as i64))),
            b'G' => {
                let b: [u8; 8] = r.take(8)?.try_into()?;
                stack.push(Rc::new(Value::Float(f64::from_be_bytes(b))));
            }
            b'X' => {
                let n = r.u32()? as usize;
                let s = std::str::from_utf8(r.take(n)?).context("invalid UTF-8 in pickle")?;
                stack.push(Rc::new(Value::Str(s.to_owned())));
            }
            b'U' => {
                let n = r.u8()? as usize;
                stack.push(Rc::new(Value::Bytes(r.take(n)?.to_vec())));
            }
            b'T' => {
                let n = r.u32()? as usize;
                stack.push(Rc::new(Value::Bytes(r.take(n)?.to_vec())));
            }
            b'q' => {
                let i = r.u8()? as u32;
                memo.insert(
                    i,
                    stack
                        .last()
                        .cloned()
                        .ok_or_else(|| anyhow!("empty stack"))?,
                );
            }
            b'r' => {
                let i = r.u32()?;
                memo.insert(
                    i,
                    stack
                        .last()
                        .cloned()
                        .ok_or_else(|| anyhow!("empty stack"))?,
                );
            }
            b'h' | b'j' => {
                let i = if op == b'h' { r.u8()? as u32 } else { r.u32()? };
                let v = memo
                    .get(&i)
                    .ok_or_else(|| anyhow!("pickle memo {i} missing"))?;
                stack.push(v.clone());
            }
            b'c' => {
                let module = r.line()?;
                let name = r.line()?;
                stack.push(Rc::new(Value::Global(global(module, name)?)));
            }
            0x85..=0x87 => {
                let n = (op - 0x84) as usize;
                if stack.len() < n {
                    bail!("pickle stack underflow");
                }
                let items = stack.split_off(stack.len() - n);
                stack.push(Rc::new(Value::Tuple(items)));
            }
            b't' | b'u' | b'e' => {
                let m = marks.pop().ok_or_else(|| anyhow!("pickle MARK missing"))?;
                if m > stack.len() {
                    bail!("pickle stack underflow");
                }
                let items = stack.split_off(m);
                match op {
                    b't' => stack.push(Rc::new(Value::Tuple(items))),
                    b'u' => {
                        if !items.len().is_multiple_of(2) {
                            bail!("odd SETITEMS");
                        }
                        let target = pop(&mut stack)?;
                        let Value::Dict(mut d) = (*target).clone() else {
                            bail!("SETITEMS on a non-dict");
                        };
                        let mut it = items.into_iter();
                        while let (Some(k), Some(v)) = (it.next(), it.next()) {
                            d.push((k, v));
                        }
                        stack.push(Rc::new(Value::Dict(d)));
                    }
                    _ => {
                        let target = pop(&mut stack)?;
                        let Value::List(mut l) = (*target).clone() else {
                            bail!("APPENDS on a non-list");
                        };
                        l.extend(items);
                        stack.push(Rc::new(Value::List(l)));
                    }
                }
            }
            b's' => {
                let v = pop(&mut stack)?;
                let k = pop(&mut stack)?;
                let target = pop(&mut stack)?;
                let Value::Dict(mut d) = (*target).clone() else {
                    bail!("SETITEM on a non-dict");
                };
                d.push((k, v));
                stack.push(Rc::new(Value::Dict(d)));
            }
            b'a' => {
                let v = pop(&mut stack)?;
                let target = pop(&mut stack)?;
                let Value::List(mut l) = (*target).clone() else {
                    bail!("APPEND on a non-list");
                };
                l.push(v);
                stack.push(Rc::new(Value::List(l)));
            }
            b'R' => {
                let args = pop(&mut stack)?;
                let callable = pop(&mut stack)?;
                let Value::Global(g) = &*callable else {
                    bail!("refused REDUCE of a non-global callable");
                };
                let Value::Tuple(args) = &*args else {
                    bail!("REDUCE arguments are not a tuple");
                };
                stack.push(Rc::new(reduce(*g, args)?));
            }
            b'b' => {
                let state = pop(&mut stack)?;
                let target = pop(&mut stack)?;
                let built = Rc::new(build(&target, &state)?);
                // The memo shares objects with the stack, as Python's does: a later GET of the
                // same object sees the built value.
                for v in memo.values_mut() {
                    if Rc::ptr_eq(v, &target) {
                        *v = built.clone();
                    }
                }
                stack.push(built);
            }
            _ => bail!("refused pickle opcode 0x{op:02x} at byte {at}"),
        }
    }
}

fn reduce(g: Global, args: &[Rc<Value>]) -> Result<Value> {
    match (g, args) {
        (Global::CodecsEncode, [s, enc]) => {
            let (Value::Str(s), Value::Str(enc)) = (&**s, &**enc) else {
                bail!("refused _codecs.encode with non-string arguments");
            };
            if enc != "latin1" && enc != "latin-1" {
                bail!("refused _codecs.encode with encoding {enc}");
            }
            let bytes = s
                .chars()
                .map(|c| u8::try_from(c as u32).map_err(|_| anyhow!("non-latin1 character")))
                .collect::<Result<Vec<u8>>>()?;
            Ok(Value::Bytes(bytes))
        }
        (Global::Reconstruct, [cls, _shape, _tag]) if **cls == Value::Global(Global::Ndarray) => {
            Ok(Value::EmptyArray)
        }
        (Global::Dtype, [code, ..]) => {
            let Value::Str(code) = &**code else {
                bail!("refused numpy.dtype of a non-string");
            };
            let code = code.trim_start_matches(['<', '|', '=']).to_owned();
            if code != "f4" && code != "i8" {
                bail!("refused numpy dtype {code}: only f4 and i8 arrays are read");
            }
            Ok(Value::Dtype { code, order: '<' })
        }
        (g, _) => bail!("refused call of {g:?} with these arguments"),
    }
}

fn build(target: &Value, state: &Value) -> Result<Value> {
    let Value::Tuple(state) = state else {
        bail!("refused BUILD with a non-tuple state");
    };
    match target {
        Value::Dtype { code, .. } => {
            let order = match state.get(1).map(|v| &**v) {
                Some(Value::Str(s)) if s == "<" || s == "|" || s == "=" => '<',
                Some(Value::Str(s)) if s == ">" => '>',
                _ => bail!("refused dtype state"),
            };
            Ok(Value::Dtype {
                code: code.clone(),
                order,
            })
        }
        Value::EmptyArray => {
            let [_version, shape, dtype, fortran, raw] = state.as_slice() else {
                bail!("refused ndarray state of {} items", state.len());
            };
            let Value::Tuple(dims) = &**shape else {
                bail!("array shape is not a tuple");
            };
            let shape = dims
                .iter()
                .map(|d| match **d {
                    Value::Int(n) if n >= 0 => Ok(n as usize),
                    _ => Err(anyhow!("array dimension is not a natural number")),
                })
                .collect::<Result<Vec<usize>>>()?;
            if **fortran != Value::Bool(false) {
                bail!("refused a Fortran-ordered array");
            }
            let Value::Dtype { code, order } = &**dtype else {
                bail!("array dtype is not a numpy dtype");
            };
            let Value::Bytes(raw) = &**raw else {
                bail!("array data is not bytes");
            };
            let count: usize = shape.iter().product();
            let width = if code == "f4" { 4 } else { 8 };
            if raw.len() != count * width {
                bail!(
                    "array data holds {} bytes, its shape needs {}",
                    raw.len(),
                    count * width
                );
            }
            let data = raw
                .chunks_exact(width)
                .map(|c| match (width, *order) {
                    (4, '<') => f32::from_le_bytes(c.try_into().unwrap_or_default()),
                    (4, _) => f32::from_be_bytes(c.try_into().unwrap_or_default()),
                    (_, '<') => i64::from_le_bytes(c.try_into().unwrap_or_default()) as f32,
                    _ => i64::from_be_bytes(c.try_into().unwrap_or_default()) as f32,
                })
                .collect();
            Ok(Value::Array(Rc::new(Array { shape, data })))
        }
        other => bail!("refused BUILD on {}", kind(other)),
    }
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::None => "None",
        Value::Bool(_) => "a bool",
        Value::Int(_) => "an int",
        Value::Float(_) => "a float",
        Value::Str(_) => "a string",
        Value::Bytes(_) => "bytes",
        Value::Tuple(_) => "a tuple",
        Value::List(_) => "a list",
        Value::Dict(_) => "a dict",
        Value::Global(_) => "a global",
        Value::Dtype { .. } => "a dtype",
        Value::EmptyArray | Value::Array(_) => "an array",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `cos.system\n(S'echo hi'\ntR.` — the classic protocol-0 attack.
    #[test]
    fn refuses_os_system() {
        let p = b"cos\nsystem\n(X\x07\x00\x00\x00echo hitR.";
        let err = read_arrays(p).unwrap_err().to_string();
        assert!(err.contains("refused global os.system"), "{err}");
    }

    #[test]
    fn refuses_builtins_eval() {
        let p = b"\x80\x02cbuiltins\neval\nX\x04\x00\x00\x001+1\x85R.";
        let err = read_arrays(p).unwrap_err().to_string();
        assert!(err.contains("refused global builtins.eval"), "{err}");
    }

    #[test]
    fn refuses_unknown_opcode() {
        // STACK_GLOBAL (0x93), protocol 4's way of naming a callable.
        let p = b"\x80\x02X\x02\x00\x00\x00osX\x06\x00\x00\x00system\x93.";
        let err = read_arrays(p).unwrap_err().to_string();
        assert!(err.contains("refused pickle opcode 0x93"), "{err}");
    }

    /// A hand-made pickle of `{'w': numpy.array([[1.5, -2.0]], dtype='<f4')}` in the layout numpy
    /// writes with protocol 2.
    #[test]
    fn reads_a_hand_made_array() {
        let mut p: Vec<u8> = b"\x80\x02}q\x00(X\x01\x00\x00\x00w".to_vec();
        p.extend(b"cnumpy.core.multiarray\n_reconstruct\nq\x01cnumpy\nndarray\nq\x02K\x00\x85");
        p.extend(b"c_codecs\nencode\nq\x03X\x01\x00\x00\x00bX\x06\x00\x00\x00latin1\x86R\x87R");
        p.extend(b"(K\x01K\x01K\x02\x86cnumpy\ndtype\nX\x02\x00\x00\x00f4\x89\x88\x87R");
        p.extend(b"(K\x03X\x01\x00\x00\x00<NNNJ\xff\xff\xff\xffJ\xff\xff\xff\xffK\x00tb\x89");
        // The 8 data bytes as a latin-1 string, UTF-8 encoded the way BINUNICODE stores it.
        let data: Vec<u8> = [1.5f32, -2.0]
            .iter()
            .flat_map(|f| f.to_le_bytes())
            .collect();
        let text: String = data.iter().map(|&b| b as char).collect();
        p.extend(b"h\x03X");
        p.extend((text.len() as u32).to_le_bytes());
        p.extend(text.as_bytes());
        p.extend(b"X\x06\x00\x00\x00latin1\x86Rtbu.");
        let arrays = read_arrays(&p).unwrap();
        assert_eq!(arrays.len(), 1);
        assert_eq!(arrays[0].0, "w");
        assert_eq!(
            arrays[0].1,
            Array {
                shape: vec![1, 2],
                data: vec![1.5, -2.0]
            }
        );
    }

    #[test]
    fn refuses_wrong_data_length() {
        let p = b"\x80\x02}(X\x01\x00\x00\x00wcnumpy.core.multiarray\n_reconstruct\ncnumpy\nndarray\nK\x00\x85U\x01b\x87R(K\x01K\x02\x85cnumpy\ndtype\nX\x02\x00\x00\x00f4\x89\x88\x87R\x89U\x04\x00\x00\x00\x00tbu.";
        let err = read_arrays(p).unwrap_err().to_string();
        assert!(
            err.contains("array data holds 4 bytes, its shape needs 8"),
            "{err}"
        );
    }
}
