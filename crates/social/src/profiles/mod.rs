//! Profiles: the public side of a user (name, avatar, bio, social links, featured playlist,
//! public playlists and tracks), their own profile's changes, and follows.

pub mod avatar;
pub mod follows;
pub mod profile;
pub mod showcase;
