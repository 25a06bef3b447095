import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MarkdownLite } from './markdown-lite';

afterEach(cleanup);

function html(text: string) {
  const { container } = render(<MarkdownLite text={text} />);
  return (container.firstElementChild as HTMLElement).innerHTML;
}

describe('MarkdownLite', () => {
  it('reads headings, paragraphs joined across lines, lists and bold', () => {
    const text = [
      '# Spring AC tune-ups',
      'Austin heat arrives early.',
      'Book **before May 1** and save.',
      '',
      '## What we check',
      '- Refrigerant **levels**',
      '- Condenser coils',
      'Call (512) 555-0134 today.',
    ].join('\n');
    expect(html(text)).toBe(
      '<h3 class="h5">Spring AC tune-ups</h3>' +
        '<p>Austin heat arrives early. Book <strong>before May 1</strong> and save.</p>' +
        '<h4 class="h6">What we check</h4>' +
        '<ul><li>Refrigerant <strong>levels</strong></li><li>Condenser coils</li></ul>' +
        '<p>Call (512) 555-0134 today.</p>',
    );
  });

  it('ends a paragraph where a list starts', () => {
    expect(html('Our crews:\n- Ana\n- Luis')).toBe(
      '<p>Our crews:</p><ul><li>Ana</li><li>Luis</li></ul>',
    );
  });

  it('shows HTML in a post as text, never as markup', () => {
    const { container } = render(
      <MarkdownLite text={'<script>alert("x")</script>\n<img src=x onerror=alert(1)>'} />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('<script>alert("x")</script> <img src=x onerror=alert(1)>');
  });

  it('leaves stray or empty bold markers as they are', () => {
    expect(html('A lone ** marker')).toBe('<p>A lone ** marker</p>');
    expect(html('Empty **** bold')).toBe('<p>Empty **** bold</p>');
  });
});
