import type { ReactNode } from 'react';

/** `**bold**` spans inside a line, as React text and <strong>: never parsed as HTML. */
function inline(text: string, key: string): ReactNode[] {
  return text.split(/(\*\*[^*]+\*\*)/).map((part, i) =>
    part.startsWith('**') && part.endsWith('**') && part.length > 4 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed line
      <strong key={`${key}-${i}`}>{part.slice(2, -2)}</strong>
    ) : (
      part
    ),
  );
}

/**
 * A blog post's body as markdown-lite: `#` and `##` headings, `- ` list items, blank lines
 * between paragraphs, `**bold**`. Everything else is text: a `<script>` in a post shows as
 * the characters it is, because nothing here ever sets HTML.
 */
export function MarkdownLite({ text }: { text: string }) {
  const blocks: ReactNode[] = [];
  let list: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    const key = `b${blocks.length}`;
    if (list.length) {
      blocks.push(
        <ul key={key}>
          {list.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: items of a static text
            <li key={i}>{inline(item, `${key}-${i}`)}</li>
          ))}
        </ul>,
      );
      list = [];
    }
    if (paragraph.length) {
      blocks.push(<p key={`${key}p`}>{inline(paragraph.join(' '), key)}</p>);
      paragraph = [];
    }
  };
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (trimmed.startsWith('## ')) {
      flush();
      blocks.push(
        <h4 key={`h${blocks.length}`} className="h6">
          {trimmed.slice(3)}
        </h4>,
      );
    } else if (trimmed.startsWith('# ')) {
      flush();
      blocks.push(
        <h3 key={`h${blocks.length}`} className="h5">
          {trimmed.slice(2)}
        </h3>,
      );
    } else if (trimmed.startsWith('- ')) {
      if (paragraph.length) flush();
      list.push(trimmed.slice(2));
    } else if (trimmed === '') {
      flush();
    } else {
      if (list.length) flush();
      paragraph.push(trimmed);
    }
  }
  flush();
  return <div className="blog-body">{blocks}</div>;
}
