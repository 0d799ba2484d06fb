//! The sandbox's hosted checkout page, rendered on the server (not the web app): the plan, its
//! price, the promo discount and the total, and a card form posted back to the same address.
//! It works under the app's Content-Security-Policy: one inline `<style>` (styles may be
//! inline), no script at all, a form that posts to this origin.

use super::objects::discounted;
use super::store::SessionRow;
use backbeat_platform::plans::Plan;

const STYLE: &str = "
:root { color-scheme: dark; font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; }
body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center;
  background: #0f0f14; color: #f4f4f5; }
main { width: min(26rem, 92vw); background: #18181f; border: 1px solid #2a2a35;
  border-radius: 16px; padding: 2rem; box-shadow: 0 20px 40px rgb(0 0 0 / 0.4); }
.badge { display: inline-block; font-size: .75rem; letter-spacing: .05em; text-transform: uppercase;
  color: #fbbf24; border: 1px solid #fbbf24; border-radius: 999px; padding: .1rem .6rem; }
h1 { font-size: 1.4rem; margin: .8rem 0 1.2rem; }
dl { display: grid; grid-template-columns: 1fr auto; gap: .45rem 1rem; margin: 0 0 1.5rem; }
dt { color: #a1a1aa; } dd { margin: 0; text-align: right; }
.total { font-weight: 700; font-size: 1.1rem; color: #f4f4f5; }
form { display: grid; gap: .9rem; }
label { display: grid; gap: .35rem; font-size: .9rem; color: #d4d4d8; }
input { font: inherit; padding: .65rem .75rem; border-radius: 8px; border: 1px solid #3f3f46;
  background: #0f0f14; color: inherit; }
input:focus { outline: 2px solid #8b5cf6; outline-offset: 1px; }
.row { display: grid; grid-template-columns: 1fr 1fr; gap: .75rem; }
button { font: inherit; font-weight: 600; padding: .8rem; border: 0; border-radius: 999px;
  background: #8b5cf6; color: white; cursor: pointer; }
button:hover { background: #7c3aed; }
.error { color: #fca5a5; background: rgb(239 68 68 / .12); border: 1px solid rgb(239 68 68 / .4);
  border-radius: 8px; padding: .6rem .75rem; margin: 0; }
.hint { color: #a1a1aa; font-size: .8rem; margin: 0; }
a { color: #c4b5fd; }
";

/// Escapes text for HTML content and attribute values.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

fn dollars(cents: u32) -> String {
    format!("${}.{:02}", cents / 100, cents % 100)
}

fn document(title: &str, body: &str) -> String {
    format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <meta name=\"robots\" content=\"noindex\">\
         <title>{} · Backbeat checkout</title><style>{STYLE}</style></head>\
         <body><main>{body}</main></body></html>",
        escape(title)
    )
}

/// The checkout page of an open session; `error` is shown above the form, and the expiry the
/// user typed is kept (never the card number or the CVC).
pub fn checkout(session: &SessionRow, error: Option<&str>, expiry: &str) -> String {
    let plan = Plan::from_stored(Some(&session.plan));
    let percent_off = u8::try_from(session.percent_off).unwrap_or(0);
    let price = plan.price_cents();
    let total = discounted(price, percent_off);
    let discount = match (&session.promo_code, percent_off) {
        (Some(code), 1..) => format!(
            "<dt>Promo code {} ({percent_off}% off)</dt><dd>−{}</dd>",
            escape(code),
            dollars(price - total)
        ),
        _ => String::new(),
    };
    let error = error.map_or(String::new(), |message| {
        format!("<p class=\"error\" role=\"alert\">{}</p>", escape(message))
    });
    let body = format!(
        "<span class=\"badge\">Sandbox · test mode</span>\
         <h1>Subscribe to Backbeat {name}</h1>\
         <dl><dt>{name} plan, monthly</dt><dd>{price}</dd>{discount}\
         <dt class=\"total\">Total due today</dt><dd class=\"total\">{total}</dd></dl>\
         <form method=\"post\" action=\"/checkout/sandbox/{id}\" autocomplete=\"off\" novalidate>\
         {error}\
         <label for=\"card_number\">Card number\
         <input id=\"card_number\" name=\"card_number\" inputmode=\"numeric\" \
         autocomplete=\"cc-number\" placeholder=\"4242 4242 4242 4242\" required></label>\
         <div class=\"row\">\
         <label for=\"expiry\">Expiry\
         <input id=\"expiry\" name=\"expiry\" inputmode=\"numeric\" autocomplete=\"cc-exp\" \
         placeholder=\"MM / YY\" value=\"{expiry}\" required></label>\
         <label for=\"cvc\">CVC\
         <input id=\"cvc\" name=\"cvc\" inputmode=\"numeric\" autocomplete=\"cc-csc\" \
         placeholder=\"123\" required></label></div>\
         <button type=\"submit\">Pay</button>\
         <p class=\"hint\">Test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is \
         declined. Any future expiry and any CVC.</p>\
         <p class=\"hint\">Paying as {email}. <a href=\"/subscription\">Cancel and go back</a></p>\
         </form>",
        name = plan.name(),
        price = dollars(price),
        total = dollars(total),
        id = escape(&session.id),
        expiry = escape(expiry),
        email = escape(&session.email),
    );
    document(&format!("{} plan", plan.name()), &body)
}

/// A page that says where the session stands, with a way on.
pub fn notice(title: &str, message: &str, link: (&str, &str)) -> String {
    let body = format!(
        "<span class=\"badge\">Sandbox · test mode</span><h1>{}</h1><p>{}</p>\
         <p><a href=\"{}\">{}</a></p>",
        escape(title),
        escape(message),
        escape(link.0),
        escape(link.1)
    );
    document(title, &body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::payments::sandbox::store::SessionStatus;
    use backbeat_core::db::Timestamp;

    fn session(promo: Option<&str>, percent_off: i64) -> SessionRow {
        SessionRow {
            id: "cs_sandbox_1".into(),
            user_id: "u1".into(),
            email: "ana@example.com".into(),
            plan: "premium".into(),
            promo_code: promo.map(str::to_owned),
            percent_off,
            status: SessionStatus::Open,
            customer_id: None,
            subscription_id: None,
            created_at: Timestamp::now(),
            expires_at: Timestamp::now(),
        }
    }

    #[test]
    fn the_page_shows_the_price_the_discount_and_the_total() {
        let page = checkout(&session(Some("LAUNCH20"), 20), None, "");

        assert!(
            page.contains("Premium plan, monthly</dt><dd>$9.99"),
            "{page}"
        );
        assert!(page.contains("LAUNCH20 (20% off)</dt><dd>−$2.00"), "{page}");
        assert!(page.contains("<dd class=\"total\">$7.99</dd>"), "{page}");
        assert!(page.contains("<label for=\"card_number\">Card number"));
        assert!(page.contains("<button type=\"submit\">Pay</button>"));
        assert!(!page.contains("<script"));
    }

    #[test]
    fn what_the_user_typed_is_escaped() {
        let page = checkout(&session(None, 0), Some("<b>"), "\"><script>");

        assert!(!page.contains("<b>"));
        assert!(!page.contains("<script>"));
        assert!(!page.contains("% off"));
    }
}
