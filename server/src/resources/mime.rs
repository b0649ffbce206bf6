//! A file's MIME type from its name, for `resources/read`: what a client needs to show or
//! attach it. Text of an unknown kind is `text/plain`, bytes `application/octet-stream`.

/// Extensions (lowercase) and file names, with their types.
const TYPES: &[(&str, &str)] = &[
    // Text a model reads.
    ("md", "text/markdown"),
    ("markdown", "text/markdown"),
    ("txt", "text/plain"),
    ("rs", "text/x-rust"),
    ("py", "text/x-python"),
    ("rb", "text/x-ruby"),
    ("go", "text/x-go"),
    ("java", "text/x-java"),
    ("kt", "text/x-kotlin"),
    ("c", "text/x-c"),
    ("h", "text/x-c"),
    ("cc", "text/x-c++"),
    ("cpp", "text/x-c++"),
    ("hpp", "text/x-c++"),
    ("cs", "text/x-csharp"),
    ("swift", "text/x-swift"),
    ("php", "text/x-php"),
    ("js", "text/javascript"),
    ("mjs", "text/javascript"),
    ("ts", "text/x-typescript"),
    ("tsx", "text/x-typescript"),
    ("jsx", "text/javascript"),
    ("sh", "text/x-shellscript"),
    ("bash", "text/x-shellscript"),
    ("sql", "text/x-sql"),
    ("html", "text/html"),
    ("htm", "text/html"),
    ("css", "text/css"),
    ("csv", "text/csv"),
    ("xml", "application/xml"),
    ("json", "application/json"),
    ("toml", "application/toml"),
    ("yml", "application/yaml"),
    ("yaml", "application/yaml"),
    ("lock", "text/plain"),
    ("diff", "text/x-diff"),
    ("patch", "text/x-diff"),
    ("svg", "image/svg+xml"),
    // Bytes.
    ("png", "image/png"),
    ("jpg", "image/jpeg"),
    ("jpeg", "image/jpeg"),
    ("gif", "image/gif"),
    ("webp", "image/webp"),
    ("ico", "image/x-icon"),
    ("bmp", "image/bmp"),
    ("pdf", "application/pdf"),
    ("zip", "application/zip"),
    ("gz", "application/gzip"),
    ("tar", "application/x-tar"),
    ("wasm", "application/wasm"),
    ("woff", "font/woff"),
    ("woff2", "font/woff2"),
    ("ttf", "font/ttf"),
    ("mp3", "audio/mpeg"),
    ("wav", "audio/wav"),
    ("mp4", "video/mp4"),
];

/// The type of the file at `path`; `binary` says which default applies when the name
/// tells nothing.
pub fn of(path: &str, binary: bool) -> &'static str {
    let name = path.rsplit('/').next().unwrap_or(path);
    let extension = name
        .rsplit_once('.')
        .map(|(_, extension)| extension.to_ascii_lowercase());
    let known = extension.and_then(|extension| {
        TYPES
            .iter()
            .find(|(known, _)| *known == extension)
            .map(|(_, mime)| *mime)
    });
    match known {
        // A name that says text cannot make bytes text, nor the other way round.
        Some(mime) if binary == is_binary_type(mime) => mime,
        _ if binary => "application/octet-stream",
        _ => "text/plain",
    }
}

fn is_binary_type(mime: &str) -> bool {
    !(mime.starts_with("text/")
        || mime == "image/svg+xml"
        || matches!(
            mime,
            "application/json" | "application/xml" | "application/toml" | "application/yaml"
        ))
}

#[cfg(test)]
mod tests {
    use super::of;

    #[test]
    fn types_follow_the_extension_and_the_content() {
        assert_eq!(of("src/lib.rs", false), "text/x-rust");
        assert_eq!(of("README.MD", false), "text/markdown");
        assert_eq!(of("assets/logo.png", true), "image/png");
        assert_eq!(of(".gitlab-ci.yml", false), "application/yaml");
        assert_eq!(of("Makefile", false), "text/plain");
        assert_eq!(of("data.bin", true), "application/octet-stream");
        // A `.png` that decodes as text is text, a `.rs` that does not is bytes.
        assert_eq!(of("fake.png", false), "text/plain");
        assert_eq!(of("weird.rs", true), "application/octet-stream");
    }
}
