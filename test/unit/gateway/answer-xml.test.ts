import { describe, expect, it } from 'vitest';
import { attrOf, parseXml, resolveQName, XmlError } from '../../../main/gateway/answer-xml';

describe('parseXml', () => {
  it('resolves element and attribute namespaces whatever the prefixes, with default namespaces and undeclarations', () => {
    const root = parseXml('<a:r xmlns:a="urn:a" xmlns="urn:d"><c b:x="1" xmlns:b="urn:b" y="2"/><e xmlns=""><f/></e></a:r>');
    expect([root.ns, root.local]).toEqual(['urn:a', 'r']);
    const [c, e] = root.children;
    expect([c?.ns, c?.local]).toEqual(['urn:d', 'c']);
    expect(c?.attrs).toEqual([{ ns: 'urn:b', local: 'x', value: '1' }, { ns: '', local: 'y', value: '2' }]);
    expect([e?.ns, e?.children[0]?.ns]).toEqual(['', '']);
    expect(c && resolveQName(c, 'b:T')).toEqual({ ns: 'urn:b', local: 'T' });
    expect(c && resolveQName(c, 'zz:T')).toBeUndefined();
  });

  it('decodes the predefined entities and character references in text and attributes', () => {
    const root = parseXml(`<r a="&lt;&amp;&quot;&apos;&gt;&#65;&#x42;">&lt;&amp;&gt;&quot;&apos;&#65;&#x1F600;</r>`);
    expect(root.text).toBe(`<&>"'A\u{1F600}`);
    expect(attrOf(root, '', 'a')).toBe(`<&"'>AB`);
  });

  it('normalises line ends in text but keeps a carriage return written as a reference', () => {
    expect(parseXml('<r>a\r\nb\rc&#13;\nd&#xD;</r>').text).toBe('a\nb\nc\r\nd\r');
  });

  it('turns literal white space in an attribute into spaces, but not white space written as references', () => {
    expect(attrOf(parseXml('<r a="x\ty\r\nz&#10;"/>'), '', 'a')).toBe('x y z\n');
  });

  it('keeps CDATA content as is, markup and ampersands included', () => {
    expect(parseXml('<r>a<![CDATA[<b>&amp;</b>]]>c</r>').text).toBe('a<b>&amp;</b>c');
  });

  it('accepts a byte order mark, an XML declaration, comments and processing instructions', () => {
    const root = parseXml('\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<!-- c --><r><?pi x?><!-- inner -->t</r>\n<!-- after -->\n');
    expect([root.local, root.text]).toEqual(['r', 't']);
  });

  it.each([
    ['a DTD', '<!DOCTYPE r [<!ENTITY x "y">]><r>&x;</r>', /DTD/],
    ['an undeclared entity', '<r>&nbsp;</r>', /entity/],
    ['a bare ampersand', '<r>a & b</r>', /entity/],
    ['a reference to a character XML cannot carry', '<r>&#0;</r>', /cannot carry/],
    ['a control character', '<r>\u0001</r>', /cannot carry/],
    ['an undeclared element prefix', '<p:r/>', /undeclared prefix/],
    ['an undeclared attribute prefix', '<r p:a="1"/>', /undeclared prefix/],
    ['a mismatched end tag', '<r><a></b></r>', /does not match/],
    ['a repeated attribute', '<r a="1" a="2"/>', /repeated attribute/],
    ['one attribute under two prefixes', '<r xmlns:p="urn:x" xmlns:q="urn:x" p:a="1" q:a="2"/>', /repeated attribute/],
    ['attributes run together', '<r a="1"b="2"/>', /white space/],
    ['an unquoted attribute', '<r a=1/>', /start tag/],
    ['a "<" in an attribute', '<r a="<"/>', /attribute value/],
    ['text outside the root', '<r/>x', /outside the root/],
    ['two roots', '<r/><s/>', /second root/],
    ['no root', '  ', /no root/],
    ['a document cut off', '<r><a>text</a><b>', /cut off/],
    ['a start tag cut off', '<r><a x="1', /start tag/],
    ['a declared encoding other than UTF-8', '<?xml version="1.0" encoding="ISO-8859-1"?><r/>', /encoding/],
    ['an XML declaration not at the start', '<r/><?xml version="1.0"?>', /declaration/],
    ['"]]>" in text', '<r>a]]>b</r>', /]]>/],
    ['a prefix bound to no namespace', '<r xmlns:p=""/>', /namespace declaration/],
    ['a malformed name', '<1r/>', /malformed name/],
  ])('refuses %s', (_name, xml, message) => {
    expect(() => parseXml(xml)).toThrow(XmlError);
    expect(() => parseXml(xml)).toThrow(message);
  });

  it('refuses elements nested deeper than 64 levels', () => {
    expect(() => parseXml('<a>'.repeat(65) + '</a>'.repeat(65))).toThrow(/deeper/);
    expect(parseXml('<a>'.repeat(64) + '</a>'.repeat(64)).local).toBe('a');
  });

  it('never quotes the document in its messages', () => {
    for (const xml of ['<r>&card4111111111111111;</r>', '<r>4111111111111111', '<r a="4111111111111111" a="4111111111111111"/>']) {
      expect(() => parseXml(xml)).toThrow(XmlError);
      try {
        parseXml(xml);
      } catch (e) {
        expect((e as Error).message).not.toContain('4111');
      }
    }
  });
});
