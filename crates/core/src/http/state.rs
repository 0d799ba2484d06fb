//! The state a crate serves its routes with: one shared pointer, so the clone axum makes for
//! every request costs one count, however many services the crate's handlers take.

#[doc(hidden)]
pub use axum as __axum;

/// Declares `$state`, a shared pointer to `$services` (a struct of the listed fields), and lets
/// handlers take each field as `State<T>`. `$state::new($services { .. })` makes one.
///
/// ```
/// backbeat_core::shared_state! {
///     /// What the routes take.
///     pub struct DemoState(DemoServices) {
///         pub name: String,
///         pub count: u32,
///     }
/// }
/// use axum::extract::FromRef;
/// let state = DemoState::new(DemoServices { name: "a".into(), count: 2 });
/// assert_eq!(u32::from_ref(&state.clone()), 2);
/// ```
#[macro_export]
macro_rules! shared_state {
    (
        $(#[$meta:meta])*
        $vis:vis struct $state:ident($services:ident) {
            $($(#[$field_meta:meta])* pub $field:ident: $ty:ty),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone)]
        $vis struct $state(::std::sync::Arc<$services>);

        /// The services behind the state, each a handler's `State<T>`.
        $vis struct $services {
            $($(#[$field_meta])* pub $field: $ty),+
        }

        impl $state {
            $vis fn new(services: $services) -> Self {
                Self(::std::sync::Arc::new(services))
            }
        }

        $(impl $crate::http::state::__axum::extract::FromRef<$state> for $ty {
            fn from_ref(state: &$state) -> Self {
                state.0.$field.clone()
            }
        })+
    };
}
