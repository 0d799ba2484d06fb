//! Settings that run but leave a door open: the server starts, and says so in its log.

use super::{Config, ProviderKind};

impl Config {
    /// What the operator should hear at start about this configuration, one warning a line.
    pub fn start_warnings(&self) -> Vec<String> {
        let mut warnings = Vec::new();
        if self.trust_forwarded_for && self.trusted_proxies.0.is_empty() {
            warnings.push(
                "BACKBEAT_TRUST_FORWARDED_FOR is on without BACKBEAT_TRUSTED_PROXIES: the client \
                 address (which the sign-in limits count) is read from X-Forwarded-For whoever \
                 sends it, so a client that reaches the server without passing your reverse proxy \
                 chooses its own; list the proxies in BACKBEAT_TRUSTED_PROXIES"
                    .to_owned(),
            );
        }
        let public_url = self.public_url();
        if self.payments.provider == ProviderKind::Sandbox && !is_loopback_url(&public_url) {
            warnings.push(format!(
                "the sandbox payment provider runs on {public_url}, which is not a loopback \
                 address: anyone who reaches it can take a paid plan without paying; set \
                 BACKBEAT_PAYMENTS_PROVIDER=stripe (or keep the sandbox on 127.0.0.1 or \
                 localhost)"
            ));
        }
        warnings
    }
}

/// Whether `url` names this machine only: `localhost` (or a name under it), `127.0.0.0/8`, `::1`.
fn is_loopback_url(url: &str) -> bool {
    match url::Url::parse(url)
        .ok()
        .and_then(|url| url.host().map(|h| h.to_owned()))
    {
        Some(url::Host::Domain(name)) => {
            let name = name.trim_end_matches('.').to_ascii_lowercase();
            name == "localhost" || name.ends_with(".localhost")
        }
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use backbeat_core::net::TrustedProxies;

    fn warnings(customize: impl FnOnce(&mut Config)) -> Vec<String> {
        let mut config = Config::default();
        customize(&mut config);
        config.start_warnings()
    }

    #[test]
    fn the_defaults_warn_of_nothing() {
        assert_eq!(warnings(|_| {}), Vec::<String>::new());
    }

    #[test]
    fn trusting_forwarded_for_without_proxies_is_a_warning() {
        let open = warnings(|c| c.trust_forwarded_for = true);
        let listed = warnings(|c| {
            c.trust_forwarded_for = true;
            c.trusted_proxies = "10.0.0.0/8".parse::<TrustedProxies>().unwrap();
        });
        let proxies_only = warnings(|c| {
            c.trusted_proxies = "10.0.0.0/8".parse::<TrustedProxies>().unwrap();
        });

        assert_eq!(open.len(), 1, "{open:?}");
        assert!(open[0].contains("BACKBEAT_TRUSTED_PROXIES"), "{open:?}");
        assert!(listed.is_empty() && proxies_only.is_empty());
    }

    #[test]
    fn the_sandbox_on_a_public_url_is_a_warning() {
        let at = |url: &'static str| warnings(move |c| c.public_url = Some(url.to_owned()));
        let on_stripe = warnings(|c| {
            c.public_url = Some("https://music.example".into());
            c.payments.provider = ProviderKind::Stripe;
        });
        let bound_to_all = warnings(|c| c.addr = "0.0.0.0:8080".parse().unwrap());

        for loopback in [
            "http://127.0.0.1:8080",
            "http://127.8.9.10",
            "http://[::1]:8080/",
            "http://localhost:3000",
            "http://LOCALHOST.:3000",
            "http://app.localhost",
        ] {
            assert_eq!(at(loopback), Vec::<String>::new(), "{loopback}");
        }
        for public in [
            "https://music.example",
            "http://192.168.1.20:8080",
            "http://[2001:db8::1]",
            "http://localhost.example.com",
            "not a url",
        ] {
            let said = at(public);
            assert_eq!(said.len(), 1, "{public}: {said:?}");
            assert!(said[0].contains("sandbox payment provider"), "{said:?}");
        }
        assert!(on_stripe.is_empty(), "{on_stripe:?}");
        assert_eq!(bound_to_all.len(), 1, "{bound_to_all:?}");
    }
}
