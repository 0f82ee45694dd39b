//! Embeds the browser UI (the repository's `web/` folder) into the binary:
//! writes `$OUT_DIR/web_assets.rs`, a table of every file's path, bytes and
//! content type. Nothing is loaded from the internet or the disk at run time.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "txt" | "md" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// Files served to browsers: not the UI's docs, CI scripts or dot files.
fn served(rel: &str) -> bool {
    !(rel.starts_with("ci/") || rel.ends_with(".md") || rel.split('/').any(|p| p.starts_with('.')))
}

fn walk(dir: &Path, root: &Path, out: &mut Vec<(String, PathBuf)>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<_> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            walk(&path, root, out);
        } else if let Ok(rel) = path.strip_prefix(root) {
            let rel = rel.to_string_lossy().replace('\\', "/");
            if served(&rel) {
                out.push((rel, path));
            }
        }
    }
}

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let web = manifest.join("../../web");
    println!("cargo:rerun-if-changed={}", web.display());
    let mut files = Vec::new();
    if let Ok(root) = web.canonicalize() {
        walk(&root, &root, &mut files);
    }
    let mut code = String::from("/// Every embedded UI file: (path below web/, bytes, content type).\npub static FILES: &[(&str, &[u8], &str)] = &[\n");
    for (rel, path) in &files {
        let _ = writeln!(
            code,
            "    ({rel:?}, include_bytes!({:?}), {:?}),",
            path.display().to_string(),
            content_type(path)
        );
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR")).join("web_assets.rs");
    std::fs::write(out, code).expect("write web_assets.rs");
}
