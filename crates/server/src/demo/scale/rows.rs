//! Rows written many at a time: multi-row `INSERT`s of up to about 30,000 values each (under
//! SQLite's and PostgreSQL's limits on bound parameters), inside the caller's transaction.

use crate::db::{Timestamp, Tx};
use crate::on_tx;

/// One value of a row.
#[derive(Clone, Debug)]
pub enum Value {
    Text(String),
    MaybeText(Option<String>),
    Int(i64),
    Real(f64),
    Bool(bool),
    Time(Timestamp),
}

/// The most values one statement binds.
const VALUES_PER_STATEMENT: usize = 30_000;

/// Rows of one table, inserted when enough are gathered.
pub struct Batch {
    head: String,
    columns: usize,
    rows: Vec<Vec<Value>>,
    /// Rows written so far.
    pub written: u64,
}

impl Batch {
    /// Rows of `table` with these comma-separated `columns`.
    pub fn new(table: &str, columns: &str) -> Self {
        Self {
            head: format!("INSERT INTO {table} ({columns}) "),
            columns: columns.split(',').count(),
            rows: Vec::new(),
            written: 0,
        }
    }

    fn rows_per_statement(&self) -> usize {
        (VALUES_PER_STATEMENT / self.columns).max(1)
    }

    /// Adds a row, written by the next [`Batch::flush`]. Rows that refer to rows of another
    /// batch are flushed after it, so the caller flushes (when any batch is [`Batch::full`]).
    pub fn push(&mut self, row: Vec<Value>) {
        debug_assert_eq!(row.len(), self.columns);
        self.rows.push(row);
    }

    /// Whether a statement's worth of rows is gathered.
    pub fn full(&self) -> bool {
        self.rows.len() >= self.rows_per_statement()
    }

    /// Writes every row gathered.
    pub async fn flush(&mut self, tx: &mut Tx) -> sqlx::Result<()> {
        if self.rows.is_empty() {
            return Ok(());
        }
        let rows = std::mem::take(&mut self.rows);
        for chunk in rows.chunks(self.rows_per_statement()) {
            self.insert(tx, chunk).await?;
        }
        self.written += rows.len() as u64;
        Ok(())
    }

    async fn insert(&self, tx: &mut Tx, rows: &[Vec<Value>]) -> sqlx::Result<()> {
        on_tx!(tx, conn => {
            let mut query = sqlx::QueryBuilder::new(self.head.as_str());
            query.push_values(rows, |mut values, row| {
                for value in row {
                    match value {
                        Value::Text(text) => values.push_bind(text.as_str()),
                        Value::MaybeText(text) => values.push_bind(text.as_deref()),
                        Value::Int(number) => values.push_bind(*number),
                        Value::Real(number) => values.push_bind(*number),
                        Value::Bool(flag) => values.push_bind(*flag),
                        Value::Time(at) => values.push_bind(*at),
                    };
                }
            });
            query.build().execute(&mut *conn).await?;
        });
        Ok(())
    }
}
