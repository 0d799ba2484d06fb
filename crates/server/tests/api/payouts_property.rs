//! A property of money, over random interleavings of plays, credits, withdrawals (some retried
//! with their idempotency key), completions and rejections, each run from a seed so a failure
//! replays: after every step each balance equals the sum of its ledger, is never negative, and
//! equals what a model of the rules (21 units per counted play, the whole balance in cents per
//! withdrawal of 5 EUR or more, at most 3 new withdrawals per user and day, the amount back on
//! rejection) says.

use std::collections::HashMap;

use backbeat::auth::Mailer;
use backbeat::config::Config;
use backbeat::errors;
use backbeat::money::Units;
use backbeat::payouts::details::{GivenDetails, Method};
use backbeat::payouts::operator;
use backbeat::payouts::withdrawals::{self, WithdrawalRequest};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::helpers::app::spawn_app_with;
use crate::helpers::payouts::{assert_balances_match_ledger, credit};
use crate::helpers::seed::{Seed, insert_track, play};
use backbeat_core::ids::UserId;

const SEEDS: [u64; 3] = [7, 1_013, 90_210];
const STEPS: usize = 120;
/// New withdrawals a user may request per 24 hours (every step runs within them).
const PER_DAY: u32 = 3;

struct Person {
    id: String,
    token: String,
    track: String,
}

#[tokio::test]
async fn every_balance_equals_its_ledger_and_the_rules_under_random_interleavings() {
    for seed in SEEDS {
        run(seed).await;
    }
}

async fn run(seed: u64) {
    // Every play of another's track counts: no window.
    let app = spawn_app_with(|config| config.play_count_window_secs = 0).await;
    let mailer = Mailer::new(&Config::default().mail, &app.data_dir).unwrap();
    let mut rng = StdRng::seed_from_u64(seed);
    let mut people = Vec::new();
    for name in ["Ana", "Bo", "Cy"] {
        let (id, token) = app.user(name).await;
        let track = insert_track(&app, Seed::ready(&id, name, name)).await;
        people.push(Person { id, token, track });
    }
    let mut model: HashMap<String, i64> = HashMap::new();
    let mut pending: Vec<(String, String, i64)> = Vec::new();
    let mut keys: Vec<(String, String)> = Vec::new();
    let mut created: HashMap<String, u32> = HashMap::new();
    let email = GivenDetails::Email("ada@example.com".into());

    for step in 0..STEPS {
        let context = format!("seed {seed}, step {step}");
        match rng.gen_range(0..10) {
            0..=2 => {
                let listener = &people[rng.gen_range(0..3)];
                let owner = &people[rng.gen_range(0..3)];
                play(&app, &listener.token, &owner.track).await;
                if listener.id != owner.id {
                    *model.entry(owner.id.clone()).or_default() += 21;
                }
            }
            3..=4 => {
                let person = &people[rng.gen_range(0..3)];
                let units = rng.gen_range(1..40_000);
                credit(&app, &person.id, units).await;
                *model.entry(person.id.clone()).or_default() += units;
            }
            5..=6 => {
                // A new key, or one used before (a retry: nothing changes).
                let (user, key) = match keys.len() {
                    n if n > 0 && rng.gen_bool(0.3) => keys[rng.gen_range(0..n)].clone(),
                    _ => (
                        people[rng.gen_range(0..3)].id.clone(),
                        format!("key-{step}"),
                    ),
                };
                let request = WithdrawalRequest {
                    method: Method::Paypal,
                    details: Some(&email),
                    idempotency_key: Some(&key),
                };
                let retry = keys.contains(&(user.clone(), key.clone()));
                let result = withdrawals::request_withdrawal(
                    &app.db,
                    &UserId::from(user.as_str()),
                    request,
                    PER_DAY,
                )
                .await;
                let balance = model.entry(user.clone()).or_default();
                let made = created.entry(user.clone()).or_default();
                match result {
                    Ok(row) if !retry => {
                        assert!(*balance >= 50_000, "{context}: withdrew below the minimum");
                        assert!(*made < PER_DAY, "{context}: withdrew over the daily limit");
                        assert_eq!(
                            row.amount_units,
                            Units::new(*balance).whole_cents(),
                            "{context}"
                        );
                        *balance -= row.amount_units.get();
                        *made += 1;
                        pending.push((row.id.to_string(), user.clone(), row.amount_units.get()));
                        keys.push((user, key));
                    }
                    Ok(_) => {}
                    Err(err) => {
                        assert!(!retry, "{context}: a retry failed: {err}");
                        let expected = if *balance < 50_000 {
                            errors::MINIMUM_WITHDRAWAL
                        } else {
                            assert_eq!(*made, PER_DAY, "{context}: refused with {err}");
                            errors::WITHDRAWAL_LIMIT_REACHED
                        };
                        assert!(err.is(expected), "{context}: refused with {err}");
                    }
                }
            }
            7..=8 if !pending.is_empty() => {
                let (id, ..) = pending.swap_remove(rng.gen_range(0..pending.len()));
                operator::complete(&app.db, &mailer, &id).await.unwrap();
                assert!(
                    operator::reject(&app.db, &mailer, &id, "late")
                        .await
                        .is_err()
                );
            }
            _ if !pending.is_empty() => {
                let (id, user, amount) = pending.swap_remove(rng.gen_range(0..pending.len()));
                operator::reject(&app.db, &mailer, &id, "wrong account")
                    .await
                    .unwrap();
                *model.entry(user).or_default() += amount;
                assert!(operator::complete(&app.db, &mailer, &id).await.is_err());
            }
            _ => {}
        }
        assert_balances_match_ledger(&app).await;
        for person in &people {
            let stored =
                backbeat::payouts::store::balance(&app.db, &UserId::from(person.id.as_str()))
                    .await
                    .unwrap();
            let expected = model.get(&person.id).copied().unwrap_or(0);
            assert_eq!(
                stored.get(),
                expected,
                "{context}: balance of {}",
                person.id
            );
            assert!(!stored.is_negative(), "{context}");
        }
    }
}
