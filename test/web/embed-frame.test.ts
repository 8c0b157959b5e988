// EmbedFrame's message checks (web/embed-frame/messages.ts): events only from the builder's
// origin and this iframe's window; commands only to that origin, never '*'.
import { describe, expect, it } from 'vitest';
import { acceptMessage, commandMessage, commandTargetOrigin, frameOrigin, normalizeOrigin } from '../../web/embed-frame/messages.js';

const FRAME = { name: 'the iframe window' };
const OTHER = { name: 'another window' };
const ORIGIN = 'https://quire.example.com';
const EVENT = { action: 'etchPacketSent', etchPacketEid: 'p1', organizationSlug: 'acme' };

describe('frameOrigin', () => {
  it('defaults to the embed URL\'s origin', () => {
    expect(frameOrigin('https://quire.example.com:8443/embed/edit-etch-packet?token=abc')).toBe('https://quire.example.com:8443');
    expect(frameOrigin('/mount/embed/edit-workflow?token=abc', undefined, 'http://localhost:3000/app')).toBe('http://localhost:3000');
  });
  it('takes the origin prop, reduced to an origin', () => {
    expect(frameOrigin('https://a.example/embed', 'https://quire.example.com/')).toBe(ORIGIN);
    expect(frameOrigin('https://a.example/embed', 'HTTPS://Quire.Example.com:443/some/path')).toBe(ORIGIN);
  });
  it('is null when there is no origin to trust', () => {
    expect(frameOrigin('/relative')).toBeNull();
    expect(frameOrigin('https://a.example/embed', '*')).toBeNull();
    expect(frameOrigin('about:blank')).toBeNull();
    expect(normalizeOrigin('not a url')).toBeNull();
  });
});

describe('acceptMessage', () => {
  const message = (changes: Partial<{ origin: string; source: unknown; data: unknown }>) => ({ origin: ORIGIN, source: FRAME, data: EVENT, ...changes });
  it('delivers an event from the builder\'s origin and this iframe', () => {
    expect(acceptMessage(message({}), ORIGIN, FRAME)).toBe(EVENT);
  });
  it('ignores other origins, including ones that only look alike', () => {
    for (const origin of ['https://evil.example', 'https://quire.example.com.evil.example', 'http://quire.example.com', 'null', '']) {
      expect(acceptMessage(message({ origin }), ORIGIN, FRAME)).toBeNull();
    }
  });
  it('ignores other windows of the same origin, and a missing iframe', () => {
    expect(acceptMessage(message({ source: OTHER }), ORIGIN, FRAME)).toBeNull();
    expect(acceptMessage(message({ source: null }), ORIGIN, null)).toBeNull();
    expect(acceptMessage(message({}), ORIGIN, undefined)).toBeNull();
  });
  it('ignores data that is not an event object', () => {
    for (const data of ['etchPacketSent', null, 42, [EVENT], {}, { action: 7 }]) {
      expect(acceptMessage(message({ data }), ORIGIN, FRAME)).toBeNull();
    }
  });
  it('accepts nothing without an origin', () => {
    expect(acceptMessage(message({}), null, FRAME)).toBeNull();
  });
});

describe('commands', () => {
  it('are plain { action } objects', () => {
    expect(commandMessage('castEditSubmit')).toEqual({ action: 'castEditSubmit' });
    expect(commandMessage({ action: 'castEditGetFields' })).toEqual({ action: 'castEditGetFields' });
  });
  it('go to the builder\'s origin, never "*"', () => {
    expect(commandTargetOrigin('https://quire.example.com/embed/x')).toBe(ORIGIN);
    expect(() => commandTargetOrigin('*')).toThrow(TypeError);
    expect(() => commandTargetOrigin('')).toThrow(TypeError);
  });
});
