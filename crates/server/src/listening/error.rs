//! The one error of listening, and how the API answers it.

use crate::http::error::ApiError;
use crate::profiles::service::ProfileError;

#[derive(Debug, thiserror::Error)]
pub enum ListeningError {
    #[error("Track Not Found")]
    TrackNotFound,
    #[error("This track is still processing.")]
    TrackProcessing,
    #[error("This track could not be processed.")]
    TrackFailed,
    #[error("Playlist not found")]
    PlaylistNotFound,
    #[error("Please enter a playlist name.")]
    EmptyPlaylistName,
    #[error("Playlist name must be at most 100 characters.")]
    PlaylistNameTooLong,
    #[error("Playlist name cannot contain control characters.")]
    PlaylistNameHasControlCharacters,
    #[error("Description must be at most 500 characters.")]
    DescriptionTooLong,
    #[error("Description cannot contain control characters.")]
    DescriptionHasControlCharacters,
    #[error("The new order must list every track of the playlist exactly once.")]
    InvalidOrder,
    #[error("database failure: {0}")]
    Database(#[from] sqlx::Error),
    #[error("{0:#}")]
    Internal(anyhow::Error),
}

impl From<ProfileError> for ListeningError {
    fn from(err: ProfileError) -> Self {
        match err {
            ProfileError::Database(err) => Self::Database(err),
            other => Self::Internal(other.into()),
        }
    }
}

impl From<ListeningError> for ApiError {
    fn from(err: ListeningError) -> Self {
        let message = err.to_string();
        match err {
            ListeningError::TrackNotFound | ListeningError::PlaylistNotFound => {
                ApiError::not_found(message)
            }
            ListeningError::TrackProcessing => ApiError::conflict("not_ready", message),
            ListeningError::TrackFailed => ApiError::conflict("processing_failed", message),
            ListeningError::EmptyPlaylistName
            | ListeningError::PlaylistNameTooLong
            | ListeningError::PlaylistNameHasControlCharacters => {
                ApiError::unprocessable("invalid_name", message)
            }
            ListeningError::DescriptionTooLong
            | ListeningError::DescriptionHasControlCharacters => {
                ApiError::unprocessable("invalid_description", message)
            }
            ListeningError::InvalidOrder => ApiError::unprocessable("invalid_order", message),
            ListeningError::Database(err) => ApiError::internal(err),
            ListeningError::Internal(err) => ApiError::internal(err),
        }
    }
}
