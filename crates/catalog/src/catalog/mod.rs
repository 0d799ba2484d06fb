//! The catalog: tracks from their upload (checked by their bytes, limited per plan, processed
//! in the background) to the pages that find them again (the listing and search, a track's
//! page, an artist's page). [`track`] is the track every other concern reads; [`stems`] are the
//! parts AutoMix separates a track into, read by streaming like the track's renditions.

pub mod artist;
pub mod browse;
pub mod renditions;
pub mod search;
pub mod stems;
pub mod track;
pub mod track_page;
pub mod upload;
