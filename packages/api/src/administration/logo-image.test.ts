import { LOGO_MAX_BYTES } from '@ballast/contract';
import { describe, expect, it } from 'vitest';
import { checkLogo, isPlainSvg } from './logo-image.ts';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
const PDF = new TextEncoder().encode('%PDF-1.7\n');
const text = (svg: string) => new TextEncoder().encode(svg);

const svg = (inner: string, attributes = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"${attributes}>${inner}</svg>`;

describe('checkLogo', () => {
  it('tells PNG, JPEG and SVG apart by their content', () => {
    expect(checkLogo(PNG)).toEqual({ ok: true, contentType: 'image/png' });
    expect(checkLogo(JPEG)).toEqual({ ok: true, contentType: 'image/jpeg' });
    expect(checkLogo(text(svg('<rect width="4" height="4"/>')))).toEqual({
      ok: true,
      contentType: 'image/svg+xml',
    });
  });

  it('refuses other files, whatever they are called', () => {
    expect(checkLogo(PDF)).toEqual({ ok: false, reason: 'not_an_image' });
    expect(checkLogo(new Uint8Array())).toEqual({ ok: false, reason: 'not_an_image' });
    expect(checkLogo(text('<html><body>hello</body></html>'))).toEqual({
      ok: false,
      reason: 'not_an_image',
    });
    // Not UTF-8 and no known signature: not read as an SVG.
    expect(checkLogo(Uint8Array.from([0x3c, 0x73, 0x76, 0x67, 0xff, 0xfe]))).toEqual({
      ok: false,
      reason: 'not_an_image',
    });
  });

  it('refuses a file over the limit, however good its content', () => {
    const large = new Uint8Array(LOGO_MAX_BYTES + 1);
    large.set(PNG);
    expect(checkLogo(large)).toEqual({ ok: false, reason: 'too_large' });
    const atLimit = new Uint8Array(LOGO_MAX_BYTES);
    atLimit.set(PNG);
    expect(checkLogo(atLimit)).toEqual({ ok: true, contentType: 'image/png' });
  });
});

describe('isPlainSvg', () => {
  it('takes an ordinary drawing, with a prologue, comments, styles, gradients and an embedded image', () => {
    const drawing = `<?xml version="1.0" encoding="UTF-8"?>
<!-- Generator: a drawing program -->
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
${svg(`<style>.a { fill: url(#g); font-family: "Helvetica"; }</style>
<defs><linearGradient id="g"><stop offset="0" stop-color="#123"/></linearGradient></defs>
<use xlink:href="#shape"/><path id="shape" class="a" d="M0 0h10v10z"/>
<image href="data:image/png;base64,iVBORw0KGgo=" width="2" height="2"/>
<text x="1" y="9">Harbor &amp; Co &#169;</text>`)}
`;
    expect(isPlainSvg(drawing)).toBe(true);
    expect(isPlainSvg('<svg xmlns="http://www.w3.org/2000/svg"/>')).toBe(true);
  });

  it('refuses what is not an SVG document', () => {
    expect(isPlainSvg('')).toBe(false);
    expect(isPlainSvg('<html><svg></svg></html>')).toBe(false);
    expect(isPlainSvg('<svg>')).toBe(false);
    expect(isPlainSvg('<svgx></svgx>')).toBe(false);
    expect(isPlainSvg(`${svg('')}<script>alert(1)</script>`)).toBe(false);
  });

  it.each([
    ['a script element', svg('<script>alert(1)</script>')],
    ['a prefixed script element', svg('<svg:script>alert(1)</svg:script>')],
    ['an upper-case script element', svg('<SCRIPT>alert(1)</SCRIPT>')],
    ['an event attribute on the root', svg('', ' onload="alert(1)"')],
    ['an event attribute on a shape', svg('<rect width="1" height="1" onclick="x()"/>')],
    ['an event attribute after a quote', svg(`<rect width='1'onmouseover='x()'/>`)],
    ['a javascript: link', svg('<a href="javascript:alert(1)"><rect/></a>')],
    [
      'a javascript: link in character references',
      svg('<a href="&#106;avascript:x()"><rect/></a>'),
    ],
    ['a javascript: link split by a tab', svg('<a xlink:href="java&#9;script:x()"><rect/></a>')],
    ['an http link', svg('<a href="https://evil.example/"><rect/></a>')],
    ['a protocol-relative reference', svg('<use href="//evil.example/sprite.svg#a"/>')],
    ['a remote image', svg('<image xlink:href="http://evil.example/track.png"/>')],
    ['a relative file reference', svg('<use href="other.svg#a"/>')],
    ['a remote CSS url', svg('<style>rect { fill: url(https://evil.example/x) }</style>')],
    ['a CSS import', svg('<style>@import "https://evil.example/x.css";</style>')],
    ['a foreignObject', svg('<foreignObject><div>hi</div></foreignObject>')],
    ['an embedded iframe', svg('<iframe src="x"></iframe>')],
    ['an entity declaration', `<!DOCTYPE svg [<!ENTITY x "y">]>${svg('&x;')}`],
    ['an animation that sets a link', svg('<a><set attributeName="href" to="#x"/></a>')],
    ['an embedded SVG document', svg('<image href="data:image/svg+xml;base64,PHN2Zz4="/>')],
  ])('refuses %s', (_name, drawing) => {
    expect(isPlainSvg(drawing)).toBe(false);
  });
});
