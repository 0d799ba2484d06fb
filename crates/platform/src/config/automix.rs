//! `[automix]`: where the separation model lives, or the external command that replaces it,
//! and how much separating a server does.

use std::path::PathBuf;

use serde::Deserialize;

use super::ConfigError;

/// The placeholders an external separator command must use.
pub const PLACEHOLDERS: [&str; 3] = ["{input}", "{vocals}", "{accompaniment}"];

/// `[automix]` in the TOML file.
#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AutomixConfig {
    /// Where the built-in separator's model is (`BACKBEAT_MODELS_DIR`); by default the user's
    /// cache folder, shared by every server and test on the machine.
    pub models_dir: Option<PathBuf>,
    /// An external separator replacing the built-in one (`BACKBEAT_AUTOMIX_COMMAND`), split
    /// into words by shell rules, with `{input}`, `{vocals}` and `{accompaniment}` replaced by
    /// the files' paths; never run through a shell.
    pub command: Option<String>,
    /// Separations this process runs at once (`BACKBEAT_AUTOMIX_CONCURRENCY`); 0 leaves them to
    /// other instances.
    pub concurrency: usize,
    /// Separations one user may start per 24 hours (`BACKBEAT_AUTOMIX_USER_LIMIT`).
    pub user_limit: u32,
    /// Threads one built-in separation uses (`BACKBEAT_AUTOMIX_THREADS`); 0, the default, is half
    /// the cores (at least one), so a separation never takes every core from the requests.
    pub threads: usize,
}

impl Default for AutomixConfig {
    fn default() -> Self {
        Self {
            models_dir: None,
            command: None,
            concurrency: 1,
            user_limit: 10,
            threads: 0,
        }
    }
}

impl AutomixConfig {
    /// The models folder: the configured one, else the separator's default
    /// ([`automix::default_models_dir`]: `$XDG_CACHE_HOME/backbeat/models`, else
    /// `~/.cache/backbeat/models`).
    pub fn models_dir(&self) -> PathBuf {
        self.models_dir
            .clone()
            .unwrap_or_else(automix::default_models_dir)
    }

    /// The threads of one built-in separation: the configured number, else half the cores.
    pub fn separation_threads(&self) -> usize {
        if self.threads > 0 {
            return self.threads;
        }
        std::thread::available_parallelism().map_or(1, |cores| (cores.get() / 2).max(1))
    }

    /// The external command's words, when one is configured (checked by [`Self::validate`]).
    pub fn command_argv(&self) -> Option<Vec<String>> {
        let command = self.command.as_deref()?;
        shell_words::split(command).ok()
    }

    pub(super) fn validate(&self) -> Result<(), ConfigError> {
        if self.user_limit == 0 {
            return Err(ConfigError::Invalid {
                name: "BACKBEAT_AUTOMIX_USER_LIMIT",
                reason: "must be at least 1".into(),
            });
        }
        let Some(command) = self.command.as_deref() else {
            return Ok(());
        };
        let invalid = |reason: String| ConfigError::Invalid {
            name: "BACKBEAT_AUTOMIX_COMMAND",
            reason,
        };
        let words = shell_words::split(command).map_err(|err| invalid(err.to_string()))?;
        if words.is_empty() {
            return Err(invalid("names no program".into()));
        }
        if let Some(missing) = PLACEHOLDERS
            .iter()
            .find(|placeholder| !words.iter().any(|word| word.contains(*placeholder)))
        {
            return Err(invalid(format!(
                "must use {missing} (with {})",
                PLACEHOLDERS.join(", ")
            )));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_command(command: &str) -> AutomixConfig {
        AutomixConfig {
            command: Some(command.into()),
            ..AutomixConfig::default()
        }
    }

    #[test]
    fn a_command_is_split_by_shell_rules_without_a_shell() {
        let config =
            with_command("sep 'my model' -i={input} \"{vocals}\" {accompaniment}; rm -rf /");

        assert!(config.validate().is_ok());
        assert_eq!(
            config.command_argv().unwrap(),
            [
                "sep",
                "my model",
                "-i={input}",
                "{vocals}",
                "{accompaniment};",
                "rm",
                "-rf",
                "/"
            ]
        );
    }

    #[test]
    fn a_command_must_use_every_placeholder_and_parse() {
        for bad in [
            "sep {input} {vocals}",
            "sep 'unclosed {input} {vocals} {accompaniment}",
            "",
        ] {
            let err = with_command(bad).validate().unwrap_err().to_string();
            assert!(err.contains("BACKBEAT_AUTOMIX_COMMAND"), "{bad}: {err}");
        }
    }

    #[test]
    fn the_models_dir_is_configured_or_a_cache_folder() {
        let configured = AutomixConfig {
            models_dir: Some("/srv/models".into()),
            ..AutomixConfig::default()
        };
        assert_eq!(configured.models_dir(), PathBuf::from("/srv/models"));
        assert!(
            AutomixConfig::default()
                .models_dir()
                .ends_with("backbeat/models")
        );
    }
}
