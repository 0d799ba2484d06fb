//! One model of an answer for both of Subsonic's formats, as OpenSubsonic's reference servers
//! render it: an element's attributes are an object's fields in JSON; its lists are repeated
//! elements in XML and arrays in JSON (even of one item); a single child is a nested object;
//! text (lyrics) is the element's text in XML and its `value` in JSON.

use serde_json::{Map, Value as Json};

/// An attribute's value, typed so JSON says numbers and booleans as such.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Text(String),
    Int(i64),
    Bool(bool),
}

impl From<&str> for Value {
    fn from(text: &str) -> Self {
        Self::Text(text.to_owned())
    }
}

impl From<String> for Value {
    fn from(text: String) -> Self {
        Self::Text(text)
    }
}

impl From<i64> for Value {
    fn from(n: i64) -> Self {
        Self::Int(n)
    }
}

impl From<bool> for Value {
    fn from(b: bool) -> Self {
        Self::Bool(b)
    }
}

impl Value {
    fn to_json(&self) -> Json {
        match self {
            Self::Text(text) => Json::String(text.clone()),
            Self::Int(n) => Json::from(*n),
            Self::Bool(b) => Json::Bool(*b),
        }
    }

    fn write_xml(&self, out: &mut String) {
        match self {
            Self::Text(text) => escape_into(text, out),
            Self::Int(n) => out.push_str(&n.to_string()),
            Self::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        }
    }
}

/// An element of an answer.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Node {
    pub name: &'static str,
    attrs: Vec<(&'static str, Value)>,
    children: Vec<Child>,
    text: Option<String>,
}

#[derive(Clone, Debug, PartialEq)]
enum Child {
    One(Node),
    /// Items of one name; said as an array in JSON even when empty.
    List(&'static str, Vec<Node>),
    /// Plain values of one name: elements with the value as text in XML, an array in JSON.
    Values(&'static str, Vec<Value>),
    /// One plain value: an element with the value as text in XML, a field in JSON.
    Field(&'static str, Value),
}

impl Node {
    pub fn new(name: &'static str) -> Self {
        Self {
            name,
            ..Self::default()
        }
    }

    /// Adds an attribute.
    pub fn attr(mut self, name: &'static str, value: impl Into<Value>) -> Self {
        self.attrs.push((name, value.into()));
        self
    }

    /// Adds an attribute when there is a value.
    pub fn attr_opt<V: Into<Value>>(self, name: &'static str, value: Option<V>) -> Self {
        match value {
            Some(value) => self.attr(name, value),
            None => self,
        }
    }

    /// Adds a single child element.
    pub fn child(mut self, child: Node) -> Self {
        self.children.push(Child::One(child));
        self
    }

    /// Adds a list of elements named `name` (each item's own name is replaced by it).
    pub fn list(mut self, name: &'static str, items: Vec<Node>) -> Self {
        self.children.push(Child::List(name, items));
        self
    }

    /// Adds a list of plain values named `name`.
    pub fn values(mut self, name: &'static str, values: Vec<Value>) -> Self {
        self.children.push(Child::Values(name, values));
        self
    }

    /// Adds a child element holding only `value` (`<biography>...</biography>`, a string field
    /// in JSON).
    pub fn field(mut self, name: &'static str, value: impl Into<Value>) -> Self {
        self.children.push(Child::Field(name, value.into()));
        self
    }

    /// [`Self::field`] when there is a value.
    pub fn field_opt<V: Into<Value>>(self, name: &'static str, value: Option<V>) -> Self {
        match value {
            Some(value) => self.field(name, value),
            None => self,
        }
    }

    /// Adds the children of `fragment` to this element (an answer that is a list itself, as
    /// `getOpenSubsonicExtensions`' is, goes into the envelope so).
    pub fn merge(mut self, fragment: Node) -> Self {
        self.children.extend(fragment.children);
        self
    }

    /// Sets the element's text.
    pub fn text(mut self, text: impl Into<String>) -> Self {
        self.text = Some(text.into());
        self
    }

    /// The element as XML, `xmlns` given to the root only.
    pub fn to_xml(&self, xmlns: Option<&str>) -> String {
        let mut out = String::with_capacity(1024);
        self.write_xml(self.name, xmlns, &mut out);
        out
    }

    fn write_xml(&self, name: &str, xmlns: Option<&str>, out: &mut String) {
        out.push('<');
        out.push_str(name);
        if let Some(xmlns) = xmlns {
            out.push_str(" xmlns=\"");
            escape_into(xmlns, out);
            out.push('"');
        }
        for (attr, value) in &self.attrs {
            out.push(' ');
            out.push_str(attr);
            out.push_str("=\"");
            value.write_xml(out);
            out.push('"');
        }
        let empty = self.children.iter().all(|child| match child {
            Child::List(_, items) => items.is_empty(),
            Child::Values(_, values) => values.is_empty(),
            Child::One(_) | Child::Field(..) => false,
        });
        if empty && self.text.is_none() {
            out.push_str("/>");
            return;
        }
        out.push('>');
        if let Some(text) = &self.text {
            escape_into(text, out);
        }
        for child in &self.children {
            match child {
                Child::One(node) => node.write_xml(node.name, None, out),
                Child::List(item_name, items) => {
                    for item in items {
                        item.write_xml(item_name, None, out);
                    }
                }
                Child::Values(item_name, values) => {
                    for value in values {
                        write_text_element(item_name, value, out);
                    }
                }
                Child::Field(name, value) => write_text_element(name, value, out),
            }
        }
        out.push_str("</");
        out.push_str(name);
        out.push('>');
    }

    /// The element as a JSON object (its name is its key in the parent).
    pub fn to_json(&self) -> Json {
        let mut object = Map::new();
        for (attr, value) in &self.attrs {
            object.insert((*attr).to_owned(), value.to_json());
        }
        if let Some(text) = &self.text {
            object.insert("value".to_owned(), Json::String(text.clone()));
        }
        for child in &self.children {
            match child {
                Child::One(node) => {
                    object.insert(node.name.to_owned(), node.to_json());
                }
                Child::List(name, items) => {
                    object.insert(
                        (*name).to_owned(),
                        Json::Array(items.iter().map(Node::to_json).collect()),
                    );
                }
                Child::Values(name, values) => {
                    object.insert(
                        (*name).to_owned(),
                        Json::Array(values.iter().map(Value::to_json).collect()),
                    );
                }
                Child::Field(name, value) => {
                    object.insert((*name).to_owned(), value.to_json());
                }
            }
        }
        Json::Object(object)
    }
}

fn write_text_element(name: &str, value: &Value, out: &mut String) {
    out.push('<');
    out.push_str(name);
    out.push('>');
    value.write_xml(out);
    out.push_str("</");
    out.push_str(name);
    out.push('>');
}

/// XML's five escapes, and control characters XML 1.0 cannot hold dropped.
fn escape_into(text: &str, out: &mut String) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push_str(&format!("&#{};", u32::from(c))),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Node {
        Node::new("artists").attr("ignoredArticles", "").list(
            "index",
            vec![Node::new("index").attr("name", "A").list(
                "artist",
                vec![
                        Node::new("artist")
                            .attr("id", "ar-1")
                            .attr("name", "Ana & <Bo>")
                            .attr("albumCount", 2)
                            .attr("starred", true),
                    ],
            )],
        )
    }

    #[test]
    fn xml_has_attributes_and_repeated_elements_escaped() {
        assert_eq!(
            sample().to_xml(None),
            "<artists ignoredArticles=\"\"><index name=\"A\"><artist id=\"ar-1\" \
             name=\"Ana &amp; &lt;Bo&gt;\" albumCount=\"2\" starred=\"true\"/></index></artists>"
        );
    }

    #[test]
    fn json_has_typed_fields_and_arrays_even_of_one() {
        assert_eq!(
            sample().to_json(),
            serde_json::json!({"ignoredArticles": "", "index": [{"name": "A", "artist": [
                {"id": "ar-1", "name": "Ana & <Bo>", "albumCount": 2, "starred": true}]}]})
        );
    }

    #[test]
    fn text_is_the_element_text_in_xml_and_value_in_json() {
        let lyrics = Node::new("lyrics").attr("artist", "A").text("la\nla");
        assert_eq!(
            lyrics.to_xml(None),
            "<lyrics artist=\"A\">la&#10;la</lyrics>"
        );
        assert_eq!(
            lyrics.to_json(),
            serde_json::json!({"artist": "A", "value": "la\nla"})
        );
    }

    #[test]
    fn a_field_is_an_element_of_text_in_xml_and_a_plain_field_in_json() {
        let info = Node::new("artistInfo2").field("biography", "Bio & more");
        assert_eq!(
            info.to_xml(None),
            "<artistInfo2><biography>Bio &amp; more</biography></artistInfo2>"
        );
        assert_eq!(
            info.to_json(),
            serde_json::json!({"biography": "Bio & more"})
        );
    }

    #[test]
    fn an_empty_list_is_an_empty_array_in_json_and_nothing_in_xml() {
        let node = Node::new("playlists").list("playlist", Vec::new());
        assert_eq!(node.to_xml(None), "<playlists/>");
        assert_eq!(node.to_json(), serde_json::json!({"playlist": []}));
    }
}
