//! A small markdown renderer for `render_html` answers: headings, paragraphs, lists, fenced
//! code, inline code, emphasis and links. GitLab's own renderer adds anchors, source
//! positions and sanitising classes; this keeps to the plain elements.

/// `text` as HTML, everything escaped but the markup the renderer makes.
pub(crate) fn to_html(text: &str) -> String {
    let mut html = String::new();
    let mut paragraph: Vec<&str> = Vec::new();
    let mut list: Option<&'static str> = None;
    let mut code: Option<Vec<&str>> = None;
    let flush = |html: &mut String, paragraph: &mut Vec<&str>| {
        if !paragraph.is_empty() {
            html.push_str(&format!("<p>{}</p>\n", inline(&paragraph.join("\n"))));
            paragraph.clear();
        }
    };
    for line in text.lines() {
        if let Some(block) = &mut code {
            if line.trim_start().starts_with("```") {
                html.push_str(&format!(
                    "<pre><code>{}</code></pre>\n",
                    escape(&block.join("\n"))
                ));
                code = None;
            } else {
                block.push(line);
            }
            continue;
        }
        let trimmed = line.trim();
        let item = trimmed
            .strip_prefix("- ")
            .or_else(|| trimmed.strip_prefix("* "))
            .map(|rest| ("ul", rest))
            .or_else(|| {
                let (number, rest) = trimmed.split_once(". ")?;
                number
                    .bytes()
                    .all(|b| b.is_ascii_digit())
                    .then_some(("ol", rest))
            });
        if item.is_none()
            && let Some(kind) = list.take()
        {
            html.push_str(&format!("</{kind}>\n"));
        }
        if trimmed.starts_with("```") {
            flush(&mut html, &mut paragraph);
            code = Some(Vec::new());
        } else if trimmed.is_empty() {
            flush(&mut html, &mut paragraph);
        } else if let Some(level) = heading(trimmed) {
            flush(&mut html, &mut paragraph);
            let title = trimmed[level..].trim();
            html.push_str(&format!("<h{level}>{}</h{level}>\n", inline(title)));
        } else if let Some((kind, rest)) = item {
            flush(&mut html, &mut paragraph);
            if list != Some(kind) {
                if let Some(open) = list {
                    html.push_str(&format!("</{open}>\n"));
                }
                html.push_str(&format!("<{kind}>\n"));
                list = Some(kind);
            }
            html.push_str(&format!("<li>{}</li>\n", inline(rest)));
        } else {
            paragraph.push(trimmed);
        }
    }
    if let Some(block) = code {
        html.push_str(&format!(
            "<pre><code>{}</code></pre>\n",
            escape(&block.join("\n"))
        ));
    }
    if let Some(kind) = list {
        html.push_str(&format!("</{kind}>\n"));
    }
    flush(&mut html, &mut paragraph);
    html.trim_end().to_owned()
}

/// `# Title` → 1 … `###### Title` → 6.
fn heading(line: &str) -> Option<usize> {
    let level = line.bytes().take_while(|&b| b == b'#').count();
    ((1..=6).contains(&level) && line[level..].starts_with(' ')).then_some(level)
}

/// Inline code, links, bold and italics, in that order of precedence.
fn inline(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find(['`', '[', '*']) {
        out.push_str(&escape(&rest[..start]));
        let tail = &rest[start..];
        if let Some(after) = tail.strip_prefix('`')
            && let Some(end) = after.find('`')
        {
            out.push_str(&format!("<code>{}</code>", escape(&after[..end])));
            rest = &after[end + 1..];
        } else if let Some(after) = tail.strip_prefix('[')
            && let Some((label, more)) = after.split_once("](")
            && let Some(end) = more.find(')')
        {
            let href = &more[..end];
            out.push_str(&format!(
                "<a href=\"{}\">{}</a>",
                escape(href),
                inline(label)
            ));
            rest = &more[end + 1..];
        } else if let Some(after) = tail.strip_prefix("**")
            && let Some(end) = after.find("**")
        {
            out.push_str(&format!("<strong>{}</strong>", inline(&after[..end])));
            rest = &after[end + 2..];
        } else if let Some(after) = tail.strip_prefix('*')
            && let Some(end) = after.find('*')
            && end > 0
        {
            out.push_str(&format!("<em>{}</em>", inline(&after[..end])));
            rest = &after[end + 1..];
        } else {
            out.push_str(&escape(&tail[..1]));
            rest = &tail[1..];
        }
    }
    out.push_str(&escape(rest));
    out
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::to_html;

    #[test]
    fn the_plain_elements_render() {
        let html = to_html(
            "# Sandbox wiki\n\nWelcome to `sandbox` & **more**.\n\n- [Release process](Release-process)\n- two\n\n1. one\n\n```\nlet x = 1 < 2;\n```\n",
        );
        assert_eq!(
            html,
            "<h1>Sandbox wiki</h1>\n<p>Welcome to <code>sandbox</code> &amp; <strong>more</strong>.</p>\n\
             <ul>\n<li><a href=\"Release-process\">Release process</a></li>\n<li>two</li>\n</ul>\n\
             <ol>\n<li>one</li>\n</ol>\n<pre><code>let x = 1 &lt; 2;</code></pre>"
        );
    }
}
