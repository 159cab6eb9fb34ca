import { describe, expect, it } from 'vitest';
import { plainText } from '../../worker/lib/plain-text';

describe('plainText', () => {
  it('removes tags, and scripts, styles and comments with their content', () => {
    expect(plainText('<p>One<br>two</p><script>alert(1)</script><style>p{}</style><!-- hidden -->three', 100)).toBe('One two three');
    expect(plainText('<img src=x onerror=alert(1)>Hi <a href="javascript:alert(1)">there</a>', 100)).toBe('Hi there');
    expect(plainText('<SCRIPT type="text/javascript">x()</SCRIPT >after', 100)).toBe('after');
    // A tag cut off at the end of the text is still removed.
    expect(plainText('Words <a href="https://example.com', 100)).toBe('Words');
  });

  it('decodes named, decimal and hexadecimal entities after removing tags', () => {
    expect(plainText('Tom &amp; Jerry&#39;s &quot;show&quot; &mdash; &#x1F600; &hellip;', 100)).toBe('Tom & Jerry\'s "show" — 😀 …');
    // Escaped markup is text the author wrote, and stays visible as such.
    expect(plainText('&lt;b&gt;bold&lt;/b&gt;', 100)).toBe('<b>bold</b>');
    // Unknown names stay as written; numbers that are not characters are dropped.
    expect(plainText('&madeup; &#0; &#xD800; &#x110000;x', 100)).toBe('&madeup; x');
  });

  it('drops control characters and collapses white space', () => {
    expect(plainText('a\u0000b\u0007\n\n  c\t\u0085d&#10;e', 100)).toBe('a b c d e');
  });

  it('cuts to the limit with an ellipsis, never inside a surrogate pair', () => {
    expect(plainText('abcdefghij', 10)).toBe('abcdefghij');
    expect(plainText('abcdefghijk', 10)).toBe('abcdefghi…');
    expect(plainText('abc def ghijk', 5)).toBe('abc…');
    const cut = plainText('abcd😀😀😀', 6);
    expect(cut).toBe('abcd…');
    expect(cut.length).toBeLessThanOrEqual(6);
  });
});
