//! Client addresses: address blocks, trusted reverse proxies, and who the client of a request
//! is; and what counts as a web link ([`web_url`]).
//!
//! Behind a reverse proxy every request comes from the proxy, and the client's address is in
//! `X-Forwarded-For`. That header is a list each proxy appends to, so only its right end was
//! written by proxies we run: the left-most entry is whatever the client sent. The client is
//! therefore the right-most entry that is not one of our proxies.

use std::fmt;
use std::net::IpAddr;
use std::str::FromStr;

use axum::http::HeaderMap;
use serde::Deserialize;

/// An address block such as `10.0.0.0/8` or `2001:db8::/32`; a bare address is a block of one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cidr {
    network: IpAddr,
    prefix: u8,
}

impl Cidr {
    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = match ip {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
            v4 => v4,
        };
        match (self.network, ip) {
            (IpAddr::V4(net), IpAddr::V4(ip)) => {
                prefix_bits_equal(u32::from(net).into(), u32::from(ip).into(), 32, self.prefix)
            }
            (IpAddr::V6(net), IpAddr::V6(ip)) => {
                prefix_bits_equal(u128::from(net), u128::from(ip), 128, self.prefix)
            }
            _ => false,
        }
    }
}

fn prefix_bits_equal(a: u128, b: u128, width: u8, prefix: u8) -> bool {
    if prefix == 0 {
        return true;
    }
    let shift = u32::from(width - prefix);
    (a >> shift) == (b >> shift)
}

impl FromStr for Cidr {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let text = text.trim();
        let (address, prefix) = match text.split_once('/') {
            Some((address, prefix)) => (address, Some(prefix)),
            None => (text, None),
        };
        let network: IpAddr = address
            .parse()
            .map_err(|_| format!("{text:?} is not an IP address or CIDR block"))?;
        let width = if network.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            None => width,
            Some(prefix) => prefix
                .parse::<u8>()
                .ok()
                .filter(|p| *p <= width)
                .ok_or_else(|| format!("{text:?} has an invalid prefix length"))?,
        };
        Ok(Self { network, prefix })
    }
}

impl fmt::Display for Cidr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.network, self.prefix)
    }
}

/// How a request's client address is read: the peer's, or with `trust_forwarded_for` the one
/// `X-Forwarded-For` names when the peer is one of `proxies` (any peer when the list is empty).
/// The server's state hands it to the [`crate::http::client_ip::ClientIp`] extractor.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ClientAddressRule {
    pub trust_forwarded_for: bool,
    pub proxies: TrustedProxies,
}

/// The proxies whose `X-Forwarded-For` entries are trusted: a comma-separated list in the
/// environment, a list of strings in the config file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(try_from = "Vec<String>")]
pub struct TrustedProxies(pub Vec<Cidr>);

impl TrustedProxies {
    fn contains(&self, ip: IpAddr) -> bool {
        self.0.iter().any(|block| block.contains(ip))
    }
}

impl TryFrom<Vec<String>> for TrustedProxies {
    type Error = String;

    fn try_from(blocks: Vec<String>) -> Result<Self, String> {
        blocks
            .iter()
            .map(|block| block.parse())
            .collect::<Result<_, _>>()
            .map(Self)
    }
}

impl FromStr for TrustedProxies {
    type Err = String;

    fn from_str(list: &str) -> Result<Self, String> {
        list.split(',')
            .filter(|block| !block.trim().is_empty())
            .map(str::parse)
            .collect::<Result<_, _>>()
            .map(Self)
    }
}

/// The client address of a request that reached us from `peer`.
///
/// Without `trust_forwarded_for` it is the peer. With it, `X-Forwarded-For` (every such header,
/// in order) is read from the right: entries of trusted proxies are skipped, and the first
/// other entry is the client. When proxies are configured, a request whose peer is not one of
/// them did not come through them, and its header is ignored.
pub fn client_address(
    peer: IpAddr,
    headers: &HeaderMap,
    trust_forwarded_for: bool,
    proxies: &TrustedProxies,
) -> IpAddr {
    if !trust_forwarded_for || (!proxies.0.is_empty() && !proxies.contains(peer)) {
        return peer;
    }
    let entries: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(str::trim)
        .collect();
    let mut client = peer;
    for entry in entries.iter().rev() {
        let Ok(ip) = entry.parse::<IpAddr>() else {
            // Our proxies write addresses: a malformed entry came from further left.
            return client;
        };
        client = ip;
        if !proxies.contains(ip) {
            break;
        }
    }
    // Every entry a proxy of ours: the left-most is an internal client.
    client
}

/// `raw` as an absolute `http://` or `https://` URL written out in full (browsers repair
/// `http:x.com` and `http:///x.com`), with a host and without credentials
/// (`https://twitter.com@evil.example` reads as Twitter but leads elsewhere).
pub fn web_url(raw: &str) -> Option<url::Url> {
    let lower = raw.to_ascii_lowercase();
    let rest = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"))?;
    if rest.starts_with(['/', '\\']) {
        return None;
    }
    let url = url::Url::parse(raw).ok()?;
    let web = matches!(url.scheme(), "http" | "https");
    let has_host = url.host_str().is_some_and(|h| !h.is_empty());
    let has_credentials = !url.username().is_empty() || url.password().is_some();
    (web && has_host && !has_credentials).then_some(url)
}

/// Makes rustls with ring the process's TLS provider, which every `reqwest` client uses (reqwest
/// is built without its default provider, aws-lc-rs, which needs cmake): call it before building
/// a client. Installing it again is harmless.
pub fn use_ring_for_tls() {
    let _ = rustls::crypto::ring::default_provider().install_default();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    fn forwarded(values: &[&str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for value in values {
            headers.append("x-forwarded-for", value.parse().unwrap());
        }
        headers
    }

    #[test]
    fn blocks_contain_their_addresses() {
        let block: Cidr = "10.1.0.0/16".parse().unwrap();
        assert!(block.contains(ip("10.1.255.3")));
        assert!(!block.contains(ip("10.2.0.1")));
        assert!(block.contains(ip("::ffff:10.1.0.9")));
        let v6: Cidr = "2001:db8::/32".parse().unwrap();
        assert!(v6.contains(ip("2001:db8:ffff::1")));
        assert!(!v6.contains(ip("2001:db9::1")));
        let single: Cidr = "192.0.2.7".parse().unwrap();
        assert!(single.contains(ip("192.0.2.7")) && !single.contains(ip("192.0.2.8")));
        assert!("0.0.0.0/0".parse::<Cidr>().unwrap().contains(ip("8.8.8.8")));
        assert!("10.0.0.0/33".parse::<Cidr>().is_err());
        assert!("proxy".parse::<Cidr>().is_err());
    }

    #[test]
    fn without_trust_the_peer_is_the_client() {
        let headers = forwarded(&["203.0.113.9"]);
        let proxies = TrustedProxies::default();
        assert_eq!(
            client_address(ip("10.0.0.2"), &headers, false, &proxies),
            ip("10.0.0.2")
        );
    }

    #[test]
    fn the_client_is_the_rightmost_entry_that_is_not_a_trusted_proxy() {
        let proxies: TrustedProxies = "10.0.0.0/8, 192.0.2.10".parse().unwrap();
        // The client wrote "1.2.3.4" itself; our two proxies appended the real address.
        let headers = forwarded(&["1.2.3.4, 198.51.100.7", "10.0.0.5"]);

        let client = client_address(ip("192.0.2.10"), &headers, true, &proxies);

        assert_eq!(client, ip("198.51.100.7"));
    }

    #[test]
    fn with_no_proxies_listed_the_rightmost_entry_is_the_client() {
        let headers = forwarded(&["1.2.3.4, 198.51.100.7"]);
        let client = client_address(ip("10.0.0.2"), &headers, true, &TrustedProxies::default());
        assert_eq!(client, ip("198.51.100.7"));
    }

    #[test]
    fn a_request_that_bypassed_the_proxies_is_its_peer() {
        let proxies: TrustedProxies = "10.0.0.0/8".parse().unwrap();
        let headers = forwarded(&["198.51.100.7"]);
        assert_eq!(
            client_address(ip("203.0.113.50"), &headers, true, &proxies),
            ip("203.0.113.50")
        );
    }

    #[test]
    fn garbage_stops_the_walk_and_an_all_proxy_chain_is_an_internal_client() {
        let proxies: TrustedProxies = "10.0.0.0/8".parse().unwrap();
        assert_eq!(
            client_address(
                ip("10.0.0.1"),
                &forwarded(&["1.2.3.4, junk"]),
                true,
                &proxies
            ),
            ip("10.0.0.1")
        );
        assert_eq!(
            client_address(
                ip("10.0.0.1"),
                &forwarded(&["1.2.3.4, junk, 10.0.0.3"]),
                true,
                &proxies
            ),
            ip("10.0.0.3")
        );
        assert_eq!(
            client_address(
                ip("10.0.0.1"),
                &forwarded(&["10.0.0.9, 10.0.0.3"]),
                true,
                &proxies
            ),
            ip("10.0.0.9")
        );
    }
}
