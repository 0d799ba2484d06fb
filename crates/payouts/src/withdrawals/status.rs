//! Where a withdrawal is, as stored and said.

backbeat_core::text_enum! {
    /// Where a withdrawal is: `pending`, then `completed` or `rejected` by an operator, one way.
    #[derive(serde::Serialize, utoipa::ToSchema)]
    #[serde(rename_all = "lowercase")]
    pub enum Status {
        Pending = "pending",
        Completed = "completed",
        Rejected = "rejected",
    }
    // Anything stored but completed or rejected is pending.
    unknown_reads_as Pending;
}

#[cfg(test)]
mod tests {
    use super::Status;
    use backbeat_core::text_enum::testing::{assert_stored_as, read_from_sqlite};

    #[test]
    fn a_status_is_stored_and_said_as_its_word_and_anything_else_is_pending() {
        assert_stored_as(&[
            (Status::Pending, "pending"),
            (Status::Completed, "completed"),
            (Status::Rejected, "rejected"),
        ]);
        for unknown in ["", "Completed", "paid"] {
            assert_eq!(
                read_from_sqlite::<Status>(unknown).unwrap(),
                Status::Pending
            );
        }
    }
}
