//! Subsonic's errors: a code and a message inside the envelope, always with HTTP 200, as
//! clients expect.

use backbeat_core::errors::Failure;

/// The error codes of the Subsonic API, with OpenSubsonic's meanings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Code {
    /// A generic error (an unsupported feature, a budget spent, a failure of ours).
    Generic = 0,
    /// A required parameter is missing.
    MissingParameter = 10,
    /// Wrong username or password.
    WrongCredentials = 40,
    /// Several authentication mechanisms that conflict.
    ConflictingAuth = 43,
    /// No such API key.
    InvalidApiKey = 44,
    /// The user may not do this.
    NotAuthorized = 50,
    /// The requested data was not found.
    NotFound = 70,
}

/// An error answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubsonicError {
    pub code: Code,
    pub message: String,
}

impl SubsonicError {
    pub fn new(code: Code, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
        }
    }

    pub fn missing(parameter: &str) -> Self {
        Self::new(
            Code::MissingParameter,
            format!("Required parameter is missing: {parameter}"),
        )
    }

    pub fn not_found(what: &str) -> Self {
        Self::new(Code::NotFound, format!("{what} not found"))
    }

    pub fn invalid(parameter: &str) -> Self {
        Self::new(
            Code::Generic,
            format!("Parameter {parameter} has an invalid value"),
        )
    }

    pub fn unsupported(endpoint: &str) -> Self {
        Self::new(
            Code::Generic,
            format!("Not supported by Backbeat: {endpoint}"),
        )
    }
}

impl From<Failure> for SubsonicError {
    /// A catalogue entry keeps its message (a 404 is Subsonic's "not found", a 403 "not
    /// authorised"); a failure of ours is logged and answered as a generic error.
    fn from(failure: Failure) -> Self {
        match failure.problem() {
            Some(problem) => {
                let code = match problem.status {
                    404 => Code::NotFound,
                    401 | 403 => Code::NotAuthorized,
                    _ => Code::Generic,
                };
                Self::new(code, failure.to_string())
            }
            None => {
                tracing::error!(error = %failure, "a Subsonic request failed");
                Self::new(
                    Code::Generic,
                    "Something went wrong on our side. Please try again.",
                )
            }
        }
    }
}

impl From<sqlx::Error> for SubsonicError {
    fn from(err: sqlx::Error) -> Self {
        Failure::from(err).into()
    }
}

pub type SubsonicResult<T> = Result<T, SubsonicError>;
