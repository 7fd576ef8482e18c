//! Reading a text file a designer edits: UTF-8 with an optional byte-order mark, with an error
//! naming the line and byte of the first invalid sequence.

use std::path::Path;

use crate::LoadError;

/// Read `path` as UTF-8 text (see [`decode_text`]); `what` names the file's role in messages
/// ("card file", "deck file").
pub fn read_text(path: &Path, what: &str) -> Result<String, LoadError> {
    let bytes = std::fs::read(path)
        .map_err(|e| LoadError::file(path, format!("cannot read {what}: {e}")))?;
    decode_text(path, bytes)
}

/// Decode file contents as UTF-8, dropping a leading byte-order mark. Invalid UTF-8 is an
/// error naming the line and the byte (1-based, within the line) where it starts.
pub fn decode_text(path: &Path, bytes: Vec<u8>) -> Result<String, LoadError> {
    match String::from_utf8(bytes) {
        Ok(mut s) => {
            if s.starts_with('\u{feff}') {
                s.drain(..'\u{feff}'.len_utf8());
            }
            Ok(s)
        }
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let bytes = e.as_bytes();
            let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() as u64 + 1;
            let line_start = bytes[..at]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |p| p + 1);
            Err(LoadError::at(
                path,
                line,
                format!(
                    "not UTF-8 text: invalid byte 0x{:02x} at byte {} of the line (save the file as UTF-8)",
                    bytes[at],
                    at - line_start + 1
                ),
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bom_is_dropped_and_bad_bytes_are_located() {
        let p = Path::new("x.csv");
        assert_eq!(
            decode_text(p, b"\xef\xbb\xbfa,b\n".to_vec()).unwrap(),
            "a,b\n"
        );
        let e = decode_text(p, b"ok\nab\xffc\n".to_vec()).unwrap_err();
        assert_eq!(e.line, Some(2));
        assert_eq!(
            e.to_string(),
            "x.csv:2: not UTF-8 text: invalid byte 0xff at byte 3 of the line (save the file as UTF-8)"
        );
    }
}
