//! Writes a [`Node`] tree back as compact JSON text: members in their order, numbers as the
//! text they were read with, strings escaped (control characters as `\uXXXX`). What
//! [`super::parse`] reads, this writes back to an equal tree.

use super::{Node, Value};

/// A JSON string literal.
pub fn quote(out: &mut String, s: &str) {
    crate::literal::push_quoted(out, s, |c| (c as u32) < 0x20);
}

/// The node as compact JSON text.
pub fn to_text(node: &Node) -> String {
    let mut out = String::new();
    write(&mut out, node);
    out
}

fn write(out: &mut String, node: &Node) {
    match &node.value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => out.push_str(n),
        Value::Text(t) => quote(out, t),
        Value::List(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write(out, item);
            }
            out.push(']');
        }
        Value::Object(members) => {
            out.push('{');
            for (i, (key, value)) in members.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                quote(out, key);
                out.push(':');
                write(out, value);
            }
            out.push('}');
        }
    }
}

impl Node {
    /// A node built in code (offset 0).
    pub fn new(value: Value) -> Node {
        Node { at: 0, value }
    }

    /// A text node.
    pub fn text(text: impl Into<String>) -> Node {
        Node::new(Value::Text(text.into()))
    }

    /// An object of the given members, in order.
    pub fn object(members: Vec<(&str, Node)>) -> Node {
        Node::new(Value::Object(members.into_iter().map(|(k, v)| (k.to_string(), v)).collect()))
    }

    /// Sets member `key` of an object (replacing every member of that name, or appending);
    /// a node that is not an object becomes one.
    pub fn set(&mut self, key: &str, value: Node) {
        if !matches!(self.value, Value::Object(_)) {
            self.value = Value::Object(Vec::new());
        }
        if let Value::Object(members) = &mut self.value {
            members.retain(|(k, _)| k != key);
            members.push((key.to_string(), value));
        }
    }

    /// Member `key` of an object, made (as an empty object) if absent.
    pub fn member_mut(&mut self, key: &str) -> &mut Node {
        if self.get(key).is_none() {
            self.set(key, Node::object(Vec::new()));
        }
        match &mut self.value {
            Value::Object(members) => &mut members.iter_mut().rev().find(|(k, _)| k == key).expect("just set").1,
            _ => unreachable!("set made an object"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::parse;
    use super::*;

    fn same(a: &Node, b: &Node) -> bool {
        to_text(a) == to_text(b)
    }

    #[test]
    fn what_is_read_is_written_back() {
        for text in [
            r#"{"a":[1,2.50,-3e4],"b":{"c":null,"d":true,"e":"x\"y\n"}}"#,
            r#"[]"#,
            r#""ü\u0001""#,
            r#"{"extensions":{"https://w3id.org/xapi/cmi5/context/extensions/sessionid":"s-1"}}"#,
        ] {
            let node = parse(text).unwrap();
            let again = parse(&to_text(&node)).unwrap();
            assert!(same(&node, &again), "{text}");
        }
        assert_eq!(to_text(&parse(r#" { "a" : [ 1 , 2 ] } "#).unwrap()), r#"{"a":[1,2]}"#);
        assert_eq!(to_text(&Node::text("\u{1}")), r#""\u0001""#);
    }

    #[test]
    fn set_replaces_or_appends() {
        let mut node = parse(r#"{"a":1,"b":2}"#).unwrap();
        node.set("a", Node::text("x"));
        node.set("c", Node::new(Value::Bool(true)));
        assert_eq!(to_text(&node), r#"{"b":2,"a":"x","c":true}"#);
        node.member_mut("d").set("e", Node::text("f"));
        assert_eq!(to_text(&node), r#"{"b":2,"a":"x","c":true,"d":{"e":"f"}}"#);
        let mut list = parse("[1]").unwrap();
        list.set("k", Node::text("v"));
        assert_eq!(to_text(&list), r#"{"k":"v"}"#);
    }
}
